"""The Kimble board: where every team's pieces are, and which moves a die value allows.

Positions are relative to a team's own start square (its "mine"): ``HOME``, 0-27 on the track,
28-31 = goal holes 1-4, and ``QUEUE`` (split pieces waiting beside goal 1).  A multiplied piece
is one stack on the track whose multiplier counts the marker pieces set aside for it, so every
team always accounts for exactly four pieces: home + stacks' multipliers + goal holes + queue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TRACK = 28
SPACING = 7  # squares between two colours' start squares
GOAL = 28  # relative position of goal hole 1
HOME = -1
QUEUE = 32
PIECES = 4
COLOURS = ("red", "blue", "yellow", "green")  # clockwise; colour 0's start is track0


@dataclass
class Side:
    """One team's four pieces."""

    colour: int
    home: int = PIECES
    stacks: dict[int, int] = field(default_factory=dict)  # track square 0-27 -> multiplier 1-4
    goal: list[bool] = field(default_factory=lambda: [False] * 4)
    queue: int = 0

    @property
    def aside(self) -> int:
        """Marker pieces set beside the goal for multiplied stacks."""
        return sum(m - 1 for m in self.stacks.values())

    @property
    def in_goal(self) -> int:
        return sum(self.goal) + self.queue

    @property
    def count(self) -> int:
        return self.home + sum(self.stacks.values()) + self.in_goal

    @property
    def finished(self) -> bool:
        """All four pieces in the goal (queued ones included: they can only move inside it)."""
        return self.in_goal == PIECES


@dataclass(frozen=True)
class Move:
    """One choice for a die value: ``enter`` (home to start on a 6), ``step`` (a stack or goal
    piece moves ``dst - src``), ``double`` (grow the start stack), ``raise`` (korotus)."""

    team: int
    kind: str
    src: int
    dst: int
    mine: bool = False  # lands on an opponent standing on its own start square


@dataclass(frozen=True)
class Capture:
    """A stack sent home: ``team`` lost ``pieces`` and is fined ``fines`` (before fine_per_member)."""

    team: int
    square: int  # absolute track square
    pieces: int
    fines: int
    mine: bool


@dataclass(frozen=True)
class Outcome:
    """What a move did: the captures, and the piece movements the camera should see next."""

    captures: tuple[Capture, ...] = ()
    sightings: tuple[tuple[int, str, str], ...] = ()


_PLACE = re.compile(r"^(home|aside|queue|track(\d+)|goal([1-4]))$")


class Board:
    """Every team's pieces on one board; teams are indexed by seat, colours fix the geometry."""

    def __init__(self, colours: list[int]):
        self.sides = [Side(colour=c) for c in colours]

    # ------------------------------------------------------------ geometry

    def square(self, team: int, rel: int) -> int:
        """The absolute track square of a team's relative track position."""
        return (self.sides[team].colour * SPACING + rel) % TRACK

    def place(self, team: int, rel: int) -> str:
        """A relative position as the camera names it."""
        if rel == HOME:
            return "home"
        if rel == QUEUE:
            return "queue"
        if rel >= GOAL:
            return f"goal{rel - GOAL + 1}"
        return f"track{self.square(team, rel)}"

    def rel(self, team: int, place: str) -> int | None:
        """A camera place as the team's relative position (None for ``aside``)."""
        m = _PLACE.match(place)
        if m is None:
            raise ValueError(f"not a board place: {place!r}")
        if m.group(2) is not None:
            return (int(m.group(2)) - self.sides[team].colour * SPACING) % TRACK
        if m.group(3) is not None:
            return GOAL + int(m.group(3)) - 1
        return {"home": HOME, "queue": QUEUE, "aside": None}[m.group(1)]

    def occupant(self, square: int) -> tuple[int, int] | None:
        """(team, relative position) of the stack on an absolute track square."""
        for team, side in enumerate(self.sides):
            for rel in side.stacks:
                if self.square(team, rel) == square:
                    return team, rel
        return None

    def multiplier(self, team: int, rel: int) -> int:
        return self.sides[team].stacks[rel] if 0 <= rel < TRACK else 1

    # ------------------------------------------------------------ move generation

    def piece_moves(self, team: int, value: int) -> list[Move]:
        """Every move of a piece by ``value`` that the board allows, mine moves included."""
        side = self.sides[team]
        moves = []
        if value == 6 and side.home and 0 not in side.stacks:
            moves.append(Move(team, "enter", HOME, 0))
        for src in sorted(side.stacks):
            dst = src + value
            if dst < TRACK:
                if dst in side.stacks:
                    continue
                hit = self.occupant(self.square(team, dst))
                moves.append(Move(team, "step", src, dst, mine=hit is not None and hit[1] == 0))
            elif dst < GOAL + 4 and not side.goal[dst - GOAL]:
                moves.append(Move(team, "step", src, dst))
        for hole in range(4):
            if side.goal[hole] and hole + value < 4 and not side.goal[hole + value]:
                moves.append(Move(team, "step", GOAL + hole, GOAL + hole + value))
        if side.queue and value < 4 and not side.goal[value]:
            moves.append(Move(team, "step", QUEUE, GOAL + value))
        return moves

    def legal_moves(self, team: int, value: int) -> list[Move]:
        """The piece moves the rules allow: a mine only when nothing else can move."""
        moves = self.piece_moves(team, value)
        safe = [m for m in moves if not m.mine]
        return safe or moves

    def can_double(self, team: int, value: int) -> bool:
        side = self.sides[team]
        return value == 6 and side.home > 0 and 0 in side.stacks and side.stacks[0] < PIECES

    def raise_blockers(self, team: int) -> list[int]:
        """Teams without a goal piece (a raise needs one from every team)."""
        return [t for t, s in enumerate(self.sides) if s.in_goal == 0]

    def stuck(self, team: int) -> bool:
        """No piece can move with 1-5: only a 6 helps, so the team gets three tries."""
        return not any(self.piece_moves(team, v) for v in range(1, 6))

    # ------------------------------------------------------------ applying

    def play(self, move: Move) -> Outcome:
        """Apply a move the caller has checked; return captures and expected sightings."""
        team, side = move.team, self.sides[move.team]
        seen = []
        if move.kind == "double":
            side.home -= 1
            side.stacks[0] += 1
            return Outcome((), ((team, "home", "aside"),))
        if move.kind == "raise":
            return self._raise(team)
        if move.kind == "enter":
            side.home -= 1
            mult = 1
        else:
            mult = self._lift(team, move.src)
        seen.append((team, self.place(team, move.src), self.place(team, move.dst)))
        if move.dst >= GOAL:
            self._into_goal(team, move.dst, mult, from_track=move.src < GOAL, seen=seen)
            return Outcome((), tuple(seen))
        capture = self._land(team, move.dst, mult, seen)
        return Outcome((capture,) if capture else (), tuple(seen))

    def _lift(self, team: int, src: int) -> int:
        side = self.sides[team]
        if src == QUEUE:
            side.queue -= 1
            return 1
        if src >= GOAL:
            side.goal[src - GOAL] = False
            return 1
        return side.stacks.pop(src)

    def _send_home(self, team: int, rel: int, seen: list) -> int:
        side = self.sides[team]
        mult = side.stacks.pop(rel)
        side.home += mult
        seen.append((team, self.place(team, rel), "home"))
        seen.extend([(team, "aside", "home")] * (mult - 1))
        return mult

    def _land(self, team: int, dst: int, mult: int, seen: list) -> Capture | None:
        """Put a stack of ``mult`` on a track square, eating or being eaten (mine)."""
        square = self.square(team, dst)
        hit = self.occupant(square)
        side = self.sides[team]
        if hit is None:
            side.stacks[dst] = side.stacks.get(dst, 0) + mult
            return None
        other, other_rel = hit
        other_mult = self.sides[other].stacks[other_rel]
        if other_rel == 0:  # the opponent stands on its own start square: a mine
            side.stacks[dst] = mult
            self._send_home(team, dst, seen)
            return Capture(team, square, mult, mult * other_mult, mine=True)
        self._send_home(other, other_rel, seen)
        side.stacks[dst] = mult
        return Capture(other, square, other_mult, mult * other_mult, mine=False)

    def _into_goal(self, team: int, dst: int, mult: int, from_track: bool, seen: list) -> None:
        """A stack reaching the goal splits: one piece to the hole, then goal 1, then the queue."""
        side = self.sides[team]
        side.goal[dst - GOAL] = True
        rest = mult - 1
        if rest and not side.goal[0]:
            side.goal[0] = True
            rest -= 1
            seen.append((team, "aside", "goal1"))
        side.queue += rest
        seen.extend([(team, "aside", "queue")] * rest)

    def _rearmost_goal_piece(self, team: int) -> str:
        """The goal piece a raise takes back: the queue first, then the lowest hole."""
        side = self.sides[team]
        if side.queue:
            side.queue -= 1
            return "queue"
        hole = side.goal.index(True)
        side.goal[hole] = False
        return f"goal{hole + 1}"

    def rechoose_goal_piece(self, team: int, default: str, chosen: str) -> bool:
        """A raise took back ``default``; the team took ``chosen`` instead: put ``default`` back
        and take ``chosen``.  False (nothing changed) when ``chosen`` holds no piece."""
        side = self.sides[team]
        if chosen == "queue":
            if not side.queue:
                return False
            side.queue -= 1
        else:
            hole = self.rel(team, chosen) - GOAL
            if not 0 <= hole < 4 or not side.goal[hole]:
                return False
            side.goal[hole] = False
        if default == "queue":
            side.queue += 1
        else:
            side.goal[self.rel(team, default) - GOAL] = True
        return True

    def _raise(self, team: int) -> Outcome:
        seen = []
        for other, side in enumerate(self.sides):
            if other != team:
                seen.append((other, self._rearmost_goal_piece(other), "home"))
                side.home += 1
        seen.append((team, self._rearmost_goal_piece(team), self.place(team, 0)))
        side = self.sides[team]
        if 0 in side.stacks:
            side.stacks[0] += 1
            return Outcome((), tuple(seen))
        capture = self._land(team, 0, 1, seen)
        return Outcome((capture,) if capture else (), tuple(seen))

    # ------------------------------------------------------------ views

    def to_json(self, names: tuple[str, ...]) -> list[dict]:
        out = []
        for team, side in enumerate(self.sides):
            out.append({
                "team": names[team],
                "colour": COLOURS[side.colour],
                "start": f"track{self.square(team, 0)}",
                "home": side.home,
                "track": [{"square": self.square(team, rel), "position": rel, "multiplier": m}
                          for rel, m in sorted(side.stacks.items())],
                "aside": side.aside,
                "goal": [i + 1 for i, full in enumerate(side.goal) if full],
                "queue": side.queue,
            })
        return out
