"""The AS-Kimble referee: turns, moves, eating, doubling, raising, hembo, pauses and the fine ledger.

Observations it reads: ``die_settled`` (each pop; ``by`` = the popping team's seat when known),
``piece_moved`` (a stack seen moving between places), ``declared`` (``red``/``blue``/``yellow``/
``green`` = the colour choice, ``double``, ``raise``, ``consent``, ``refuse``, ``hembo``),
``fine_drunk`` (the bookkeeper), ``paused`` and a long ``button_pressed`` (pause toggle).

When a pop leaves exactly one legal move and no optional choice (double, raise), the referee plays
it at once and takes the camera's sightings of it (before the next pop) as confirmation; otherwise
it waits for the sighting (or the declaration) and flags a move the rules forbid.  A raise takes
back each team's rearmost goal piece unless the camera sees the team give up another one.

Readings of the book: the duty "to take a move that does not get one's own piece eaten" is the
mine rule (only driving onto a mine eats one's own piece); the pop after a 6 is one pop, not
three tries (the book's extra pop after a 6 onto a mine); a pop in a pause counts no more than
an out-of-turn pop (the die is reset), while a move in a pause stands (a released move is
final); queued split pieces count as in the goal.
"""

from __future__ import annotations

import copy
from typing import Any

from ..core import Engine, Impossible, Ruling, register
from ..events import (ButtonPressed, CameraBlind, Declared, DieSettled, Event, FineDrunk, GameStarted, Paused,
                      PieceMoved)
from ..messages import Phrase
from .board import COLOURS, GOAL, HOME, PIECES, QUEUE, TRACK, Board, Move
from .dice import DieLog, Pop
from .ledger import Ledger
from .messages import HOW_MOVED, MESSAGES, phrase
from .render import render


class Opening:
    """The opening pops: the lowest picks a colour, the highest starts; ties re-pop among the tied."""

    def __init__(self, teams: int):
        self.low = set(range(teams))
        self.high = set(range(teams))
        self.queue = list(range(teams))
        self.values: dict[int, int] = {}

    @property
    def done(self) -> bool:
        return not self.queue

    def record(self, team: int, value: int) -> None:
        self.queue.pop(0)
        self.values[team] = value
        if self.queue:
            return
        if len(self.low) > 1:
            least = min(self.values[t] for t in self.low)
            self.low = {t for t in self.low if self.values[t] == least}
        if len(self.high) > 1:
            most = max(self.values[t] for t in self.high)
            self.high = {t for t in self.high if self.values[t] == most}
        tied = (self.low if len(self.low) > 1 else set()) | (self.high if len(self.high) > 1 else set())
        self.queue = sorted(tied)
        self.values = {}


@register
class Kimble(Engine):
    game = "kimble"
    settings_defaults = {"members": None, "fine_unit": "0.33 l", "fine_per_member": False}

    def __init__(self, start: GameStarted):
        super().__init__(start)
        n = len(self.players)
        if not 2 <= n <= 4:
            raise ValueError(f"kimble is played by 2-4 teams, got {n}")
        members = self.settings["members"] or [1] * n
        if (not isinstance(members, list) or len(members) != n
                or not all(isinstance(m, int) and not isinstance(m, bool) and m >= 1 for m in members)):
            raise ValueError(f"setting 'members' must list {n} team sizes >= 1, got {members!r}")
        if not isinstance(self.settings["fine_per_member"], bool):
            raise ValueError("setting 'fine_per_member' must be true or false")
        self.members = members
        self.board: Board | None = None
        self.ledger = Ledger(n)
        self.dice = DieLog()
        self.phase = "opening"  # opening -> colour -> play -> over
        self.opening = Opening(n)
        self.chooser: int | None = None
        self.turn: int | None = None
        self.tries = 0  # pops left in this turn without a move
        self.value: int | None = None  # the die value still waiting for a move or choice
        self.moves: list[Move] = []
        self.options: list[str] = []
        self.last_value: int | None = None
        self.reset_to: int | None = None
        self.paused = False
        self.hembo: dict[int, int] = {}  # team that must say it -> team in turn when it arose
        self.raised: set[int] = set()
        self.raising_closed = False
        self.consent: set[int] | None = None  # teams that agreed to a further raise round
        self.sightings: list[tuple[int, str, str]] = []
        self.winner: int | None = None

    # ------------------------------------------------------------ dispatch

    def apply(self, event: Event, seq: int) -> list[Ruling]:
        if isinstance(event, CameraBlind):  # a pop in the dark is read from the die once seen again: only said
            return [MESSAGES.ruling("unseen", data={"since": event.t, "until": event.until}, since=event.t,
                                    until=event.until)]
        if isinstance(event, FineDrunk):
            return self._in_pause(event.team, "pause_drink", seq, lambda: self._drink(event, seq))
        if isinstance(event, PieceMoved) and (event.team, event.from_place, event.to_place) in self.sightings:
            self.sightings.remove((event.team, event.from_place, event.to_place))
            return []
        if self.phase == "over":
            raise MESSAGES.impossible("game_over")
        if isinstance(event, DieSettled):
            return self._pop(event, seq)
        if isinstance(event, PieceMoved):
            return self._in_pause(event.team, "pause_move", seq, lambda: self._piece_moved(event, seq))
        if isinstance(event, Declared):
            return self._declared(event, seq)
        if isinstance(event, Paused):
            return self._pause(event.on)
        if isinstance(event, ButtonPressed):
            return self._pause(not self.paused) if event.long else []
        raise MESSAGES.impossible("foreign_event", type=event.type)

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    def name(self, team: int) -> str:
        return self.players[team]

    def _check_team(self, team: int, field: str) -> None:
        if team >= len(self.players):
            raise MESSAGES.impossible("no_such_team", team=team, field=field, last=len(self.players) - 1)

    # ------------------------------------------------------------ fines

    def _in_pause(self, team: int, reason: str, seq: int, act) -> list[Ruling]:
        """A move or a drink, which in a pause breaches it and is fined (the act fines it) whatever else it
        was: one refused as impossible keeps that fine, the rest of the state as it was."""
        before = copy.deepcopy(self.__dict__) if self.paused else None
        try:
            return act()
        except Impossible as refused:
            if before is None:
                raise
            self.__dict__.update(before)
            self._check_team(team, "team")
            return [self._fine(team, 1, reason, seq), refused.ruling()]

    def _fine(self, team: int, fines: int, reason: str, seq: int, **why: Any) -> Ruling:
        """Fines for ``reason`` (also the message key of why), worded with fields ``why``."""
        if self.settings["fine_per_member"]:
            fines *= self.members[team]
        self.ledger.give(team, fines, reason, seq)
        return MESSAGES.ruling("fine", (team,), penalty=fines, unit="fine", data={"reason": reason},
                               team=self.name(team), fines=fines, fine_unit=self.settings["fine_unit"],
                               why=phrase(reason, **why))

    # ------------------------------------------------------------ pops

    def _expected_popper(self) -> int | None:
        if self.phase == "opening":
            return self.opening.queue[0]
        return self.turn if self.phase == "play" else None

    def _pop(self, event: DieSettled, seq: int) -> list[Ruling]:
        if event.by is not None:
            self._check_team(event.by, "by")
        team = event.by if event.by is not None else self._expected_popper()
        if event.value is None:
            self.dice.add(Pop(seq, event.t, team, None, "unreadable"))
            return [MESSAGES.ruling("die_unreadable")]
        value = event.value
        if self.reset_to is not None:
            self.dice.add(Pop(seq, event.t, team, value, "reset"))
            if value != self.reset_to:
                return []
            self.reset_to = None
            return [MESSAGES.ruling("die_reset", value=value)]
        if team is None:
            raise MESSAGES.impossible("colour_not_chosen", chooser=self.name(self.chooser))
        if self.paused:
            self.dice.add(Pop(seq, event.t, team, value, "paused"))
            rulings = [self._fine(team, 1, "pause_pop", seq)]
            return rulings + self._stray_pop(team, "reset_die")
        expected = self._expected_popper()
        if team != expected:
            self.dice.add(Pop(seq, event.t, team, value, "out_of_turn"))
            return self._stray_pop(team, "out_of_turn")
        if self.phase == "opening":
            return self._opening_pop(seq, event.t, team, value)
        return self._turn_pop(seq, event.t, team, value)

    def _stray_pop(self, team: int, kind: str) -> list[Ruling]:
        """A pop that does not count (out of turn, or in a pause): the dome must be popped back
        to the value it showed."""
        self.reset_to = self.last_value
        whose = self._expected_popper()
        key = "stray_pop" if self.last_value is None else "stray_pop_reset"
        turn = phrase("turn_is", team=self.name(whose)) if whose is not None else ""
        return [MESSAGES.ruling(kind, (team,), key=key, data={"reset_to": self.last_value}, team=self.name(team),
                                value=self.last_value, turn=turn)]

    def _opening_pop(self, seq: int, t: float, team: int, value: int) -> list[Ruling]:
        self.dice.add(Pop(seq, t, team, value, "opening"))
        self.last_value = value
        self.opening.record(team, value)
        if not self.opening.done:
            if self.opening.values:
                return []
            tied = ", ".join(self.name(t) for t in self.opening.queue)
            return [MESSAGES.ruling("repop", tuple(self.opening.queue), tied=tied)]
        (self.chooser,) = self.opening.low
        (self.turn,) = self.opening.high
        self.phase = "colour"
        return [MESSAGES.ruling("opening", (self.chooser, self.turn), chooser=self.name(self.chooser),
                                starter=self.name(self.turn))]

    def _turn_pop(self, seq: int, t: float, team: int, value: int) -> list[Ruling]:
        rulings = self._hembo_deadline(team, seq)
        if self.value is not None:
            if self.moves:
                expected = self._list(self.moves)
                raise MESSAGES.impossible("popped_without_moving", (team,), team=self.name(team), expected=expected)
            self._clear_choice()  # doubling and raising are optional: popping again declines them
        self.sightings = []  # the camera reports a move before the next pop, or not at all
        self.dice.add(Pop(seq, t, team, value, "turn"))
        self.last_value = value
        moves = self.board.legal_moves(team, value)
        options = []
        if self.board.can_double(team, value):
            options.append("double")
        if value == 6 and self._raise_problem(team) is None:
            options.append("raise")
        if len(moves) == 1 and not options:
            return rulings + self._play(moves[0], value, seq, how="auto")
        if moves or options:
            self.value, self.moves, self.options = value, moves, options
            return rulings + [MESSAGES.ruling("choose", (team,), team=self.name(team), value=value,
                                              choices=self._list(moves, options),
                                              data={"value": value, "moves": self._names(moves), "options": options})]
        if value == 6:
            self.tries = 1
            return rulings + [MESSAGES.ruling("no_move", (team,), key="no_move_six", team=self.name(team))]
        self.tries -= 1
        if self.tries:
            key = "no_move_one_try" if self.tries == 1 else "no_move_tries"
            return rulings + [MESSAGES.ruling("no_move", (team,), key=key, team=self.name(team), value=value,
                                              tries=self.tries)]
        self._next_turn()
        return rulings + [MESSAGES.ruling("no_move", (team,), key="no_move_turn_passes", team=self.name(team),
                                          value=value, next=self.name(self.turn))]

    def _next_turn(self) -> None:
        n = len(self.players)
        for step in range(1, n + 1):
            team = (self.turn + step) % n
            if not self.board.sides[team].finished:
                self.turn = team
                self.tries = 3 if self.board.stuck(team) else 1
                return

    def _clear_choice(self) -> None:
        self.value, self.moves, self.options, self.consent = None, [], [], None

    # ------------------------------------------------------------ moves

    def _piece_moved(self, event: PieceMoved, seq: int) -> list[Ruling]:
        self._check_team(event.team, "team")
        team, key = event.team, (event.team, event.from_place, event.to_place)
        rulings = []
        if self.paused:
            rulings.append(self._fine(team, 1, "pause_move", seq))
        if self.phase == "play" and self.value is None and self._raise_choice(*key):
            return rulings
        if self.phase == "play" and self.value is None and self.sightings:
            seen = ", ".join(f"{self.name(t)} {a}→{b}" for t, a, b in self.sightings)
            raise MESSAGES.impossible("sighting_expected", (team,), frm=event.from_place, to=event.to_place,
                                      seen=seen)
        if self.phase != "play" or self.value is None:
            whose = self._expected_popper()
            if whose is None:
                raise MESSAGES.impossible("move_before_play", (team,), frm=event.from_place, to=event.to_place)
            raise MESSAGES.impossible("move_not_due", (team,), frm=event.from_place, to=event.to_place,
                                      popper=self.name(whose))
        if team != self.turn:
            raise MESSAGES.impossible("moved_out_of_turn", (team,), team=self.name(team), turn=self.name(self.turn))
        if (event.from_place, event.to_place) == ("home", "aside") and "double" in self.options:
            return rulings + self._play(Move(team, "double", 0, 0), self.value, seq, observed=key)
        for move in self.moves:
            if self._places(move) == (event.from_place, event.to_place):
                return rulings + self._play(move, self.value, seq, observed=key)
        return rulings + [self._illegal(team, event.from_place, event.to_place)]

    def _raise_choice(self, team: int, frm: str, to: str) -> bool:
        """Each team picks the goal piece a raise takes back; the referee assumed the rearmost, so
        a sighting of another goal piece going the same way replaces that assumption."""
        for expected in self.sightings:
            other, default, dest = expected
            goal_pieces = ("queue", "goal1", "goal2", "goal3", "goal4")
            if (other, dest) == (team, to) and default != frm and default in goal_pieces and frm in goal_pieces:
                if self.board.rechoose_goal_piece(team, default, frm):
                    self.sightings.remove(expected)
                    return True
        return False

    def _illegal(self, team: int, frm: str, to: str) -> Ruling:
        """Name why a sighting is not a legal move: impossible observations raise, rule breaches rule."""
        board, value, side = self.board, self.value, self.board.sides[team]
        expected = self._list(self.moves, self.options)
        src, dst = board.rel(team, frm), board.rel(team, to)
        present = (src == HOME and side.home > 0) or (src == QUEUE and side.queue > 0) or (
            src is not None and 0 <= src < TRACK and src in side.stacks) or (
            src is not None and GOAL <= src < QUEUE and side.goal[src - GOAL])
        if not present:
            raise MESSAGES.impossible("no_piece_there", (team,), team=self.name(team), frm=frm, expected=expected)
        start = board.place(team, 0)
        if src == HOME:
            if to != start:
                raise MESSAGES.impossible("home_only_to_start", (team,), start=start, expected=expected)
            if value != 6:
                raise MESSAGES.impossible("home_needs_six", (team,), value=value, expected=expected)
            key = "illegal_move_start_taken"
        else:
            base = GOAL if src == QUEUE else src
            count = None if dst is None or dst == HOME or dst == QUEUE else dst - base
            if count != value:
                raise MESSAGES.impossible("wrong_count", (team,), team=self.name(team), frm=frm, to=to,
                                          steps="?" if count is None else count, value=value, expected=expected)
            mine = [m for m in board.piece_moves(team, value) if self._places(m) == (frm, to) and m.mine]
            key = "illegal_move_onto_mine" if mine else "illegal_move_square_taken"
        return MESSAGES.ruling("illegal_move", (team,), key=key, frm=frm, to=to, expected=expected,
                               data={"expected": self._names(self.moves) + self.options})

    def _play(self, move: Move, value: int, seq: int, observed: tuple[int, str, str] | None = None,
              how: str = "seen") -> list[Ruling]:
        """Apply a legal move or choice (``how``: seen, declared or auto = the only move), fine its
        captures, then hand out the next pop."""
        team = move.team
        homes = [s.home for s in self.board.sides]
        outcome = self.board.play(move)
        if move.kind == "raise":
            self.raised.add(team)
        sightings = list(outcome.sightings)
        if observed in sightings:
            sightings.remove(observed)
        self.sightings = sightings
        rulings = [MESSAGES.ruling("move", (team,), team=self.name(team), move=self._name(move), how=HOW_MOVED[how],
                                   data={"move": self._name(move), "value": value, "how": how})]
        for cap in outcome.captures:
            rulings.append(self._fine(cap.team, cap.fines, "mine" if cap.mine else "eaten", seq, square=cap.square,
                                      product=cap.fines))
        for other, side in enumerate(self.board.sides):
            if side.home == PIECES and homes[other] < PIECES:
                self.hembo[other] = team
                key = "hembo_due_alone" if self.members[other] == 1 else "hembo_due_together"
                rulings.append(MESSAGES.ruling("hembo_due", (other,), key=key, team=self.name(other)))
        self._clear_choice()
        rulings += self._check_winner()
        if self.phase == "over":
            return rulings
        if value == 6 and not self.board.sides[team].finished:
            self.tries = 1
        else:
            self._next_turn()
        return rulings

    def _check_winner(self) -> list[Ruling]:
        n = len(self.players)
        first = self.turn if self.turn is not None else 0
        for team in [(first + i) % n for i in range(n)]:
            if self.board.sides[team].finished and self.ledger.owed(team) == 0:
                self.winner, self.phase = team, "over"
                moral = self.ledger.moral_winners()
                moral_names = ", ".join(self.name(t) for t in moral) or "-"
                return [MESSAGES.ruling("game_over", (team,), key="game_won", team=self.name(team), moral=moral_names,
                                        data={"winner": self.name(team), "moral_winners": [self.name(t) for t in moral],
                                              "die_statistics": self.dice.statistics()})]
        return []

    # ------------------------------------------------------------ declarations

    def _declared(self, event: Declared, seq: int) -> list[Ruling]:
        self._check_team(event.by, "by")
        team, what = event.by, event.what
        if what == "hembo":
            return self._hembo_said(team, seq)
        if what in COLOURS:
            return self._colour(team, COLOURS.index(what))
        if what in ("double", "raise"):
            return self._choice(team, what, seq)
        if what in ("consent", "refuse"):
            return self._answer(team, what, seq)
        raise MESSAGES.impossible("unknown_declaration", (team,), what=what, colours=", ".join(COLOURS))

    def _colour(self, team: int, colour: int) -> list[Ruling]:
        if self.phase != "colour" or team != self.chooser:
            chooser = self.name(self.chooser) if self.chooser is not None else phrase("lowest_popper")
            raise MESSAGES.impossible("not_the_chooser", (team,), chooser=chooser)
        n = len(self.players)
        self.board = Board([(colour + (t - team) % n) % len(COLOURS) for t in range(n)])
        self.phase = "play"
        self.tries = 3
        colours = ", ".join(f"{self.name(t)} {COLOURS[s.colour]}" for t, s in enumerate(self.board.sides))
        return [MESSAGES.ruling("colours", tuple(range(n)), colours=colours, starter=self.name(self.turn))]

    def _raise_problem(self, team: int) -> Phrase | None:
        """Why ``team`` may not raise now, or None."""
        if self.raising_closed:
            return phrase("raise_rounds_over")
        if team in self.raised and len(self.raised) < len(self.players):
            return phrase("raised_already")
        if self.board.sides[team].home:
            return phrase("home_not_empty")
        blockers = self.board.raise_blockers(team)
        if blockers:
            return phrase("goal_empty", teams=", ".join(self.name(t) for t in blockers))
        return None

    def _choice(self, team: int, what: str, seq: int) -> list[Ruling]:
        if self.phase != "play" or team != self.turn or self.value is None:
            raise MESSAGES.impossible("choice_not_now", (team,), team=self.name(team), what=what)
        if what not in self.options:
            if what == "raise":
                why = self._raise_problem(team) if self.value == 6 else phrase("raise_needs_six")
            else:
                why = phrase("double_needs")
            raise MESSAGES.impossible("cannot_choose", (team,), team=self.name(team), what=what, why=why)
        if what == "raise" and len(self.raised) == len(self.players):
            self.consent = {team}
            others = ", ".join(self.name(t) for t in range(len(self.players)) if t != team)
            return [MESSAGES.ruling("consent_needed", tuple(t for t in range(len(self.players)) if t != team),
                                    others=others)]
        return self._play(Move(team, what, 0, 0), self.value, seq, how="declared")

    def _answer(self, team: int, what: str, seq: int) -> list[Ruling]:
        if self.consent is None or team in self.consent:
            raise MESSAGES.impossible("no_consent_asked", (team,), team=self.name(team))
        if what == "refuse":
            self.raising_closed = True
            self.consent = None
            self.options.remove("raise")
            rulings = [MESSAGES.ruling("raising_closed", (team,), team=self.name(team))]
            if not self.moves and not self.options:
                self._clear_choice()
                self.tries = 1
            return rulings
        self.consent.add(team)
        if len(self.consent) < len(self.players):
            return []
        self.raised = set()
        rulings = [MESSAGES.ruling("raise_round")]
        return rulings + self._play(Move(self.turn, "raise", 0, 0), self.value, seq, how="declared")

    def _hembo_said(self, team: int, seq: int) -> list[Ruling]:
        if team in self.hembo:
            del self.hembo[team]
            return [MESSAGES.ruling("hembo_heard", (team,), team=self.name(team))]
        return [self._fine(team, 1, "hembo_wrong_time", seq)]

    def _hembo_deadline(self, popper: int, seq: int) -> list[Ruling]:
        """The next team's pop ends every hembo duty that arose in another team's turn."""
        rulings = []
        for team, arose in sorted(self.hembo.items()):
            if popper != arose:
                del self.hembo[team]
                rulings.append(self._fine(team, 1, "hembo_forgotten", seq))
        return rulings

    # ------------------------------------------------------------ pause and drinks

    def _pause(self, on: bool) -> list[Ruling]:
        if on == self.paused:
            raise MESSAGES.impossible("already_paused" if on else "not_paused")
        self.paused = on
        return [MESSAGES.ruling("paused" if on else "resumed")]

    def _drink(self, event: FineDrunk, seq: int) -> list[Ruling]:
        self._check_team(event.team, "team")
        team = event.team
        try:
            self.ledger.drink(team, event.count)
        except ValueError:
            raise MESSAGES.impossible("drinks_more_than_owed", (team,), team=self.name(team),
                                      owed=self.ledger.owed(team), count=event.count) from None
        owed = self.ledger.owed(team)
        rulings = [MESSAGES.ruling("drunk", (team,), team=self.name(team), count=event.count, owed=owed,
                                   data={"count": event.count, "owed": owed})]
        if self.paused:
            rulings.append(self._fine(team, 1, "pause_drink", seq))
        if self.phase == "play":
            rulings += self._check_winner()
        return rulings

    # ------------------------------------------------------------ naming

    def _places(self, move: Move) -> tuple[str, str]:
        return self.board.place(move.team, move.src), self.board.place(move.team, move.dst)

    def _name(self, move: Move) -> str:
        if move.kind in ("double", "raise"):
            return move.kind
        frm, to = self._places(move)
        return f"{frm}→{to}" + (" (mine)" if move.mine else "")

    def _names(self, moves: list[Move]) -> list[str]:
        return [self._name(m) for m in moves]

    def _list(self, moves: list[Move], options: list[str] = ()) -> str:
        return ", ".join(self._names(moves) + list(options)) or "-"

    # ------------------------------------------------------------ output

    def summary(self) -> dict[str, Any]:
        names = self.players
        return {
            "phase": self.phase,
            "turn": None if self.turn is None else names[self.turn],
            "waiting_for": {"value": self.value, "moves": self._names(self.moves), "options": self.options}
            if self.value is not None else None,
            "paused": self.paused,
            "members": self.members,
            "board": None if self.board is None else self.board.to_json(names),
            "raising": {"raised": sorted(names[t] for t in self.raised), "closed": self.raising_closed},
            "hembo_due": sorted(names[t] for t in self.hembo),
            "ledger": self.ledger.to_json(names, self.settings["fine_unit"]),
            "winner": None if self.winner is None else names[self.winner],
            "moral_winners": [names[t] for t in self.ledger.moral_winners()],
            "die_log": self.dice.to_json(names),
            "die_statistics": self.dice.statistics(),
        }

    def render(self, language: str) -> str:
        return render(self, language)
