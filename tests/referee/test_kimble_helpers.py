"""Shared set-up for the Kimble tests: a game past its opening, and pieces placed by hand.

Teams A, B, C, D pop 1, 2, 3, 4 in the opening, so A (lowest) chooses red and D (highest)
starts; colours then follow the seating: A red (start track0), B blue (track7), C yellow
(track14), D green (track21).
"""

import referee.kimble  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import Declared, DieSettled, GameStarted, PieceMoved
from referee.kimble.board import PIECES

A, B, C, D = range(4)


def opening_events(settings=None, players=("A", "B", "C", "D")):
    events = [GameStarted(t=0, game="kimble", players=players, settings=settings or {})]
    events += [DieSettled(t=1 + i, value=i + 1, by=i) for i in range(len(players))]
    events.append(Declared(t=9, by=0, what="red"))
    return events


def started(settings=None, players=("A", "B", "C", "D")) -> Referee:
    return Referee.replay(opening_events(settings, players), language="en")


def place(ref: Referee, team: int, stacks=None, goal=(), queue=0) -> None:
    """Put a team's pieces by hand (relative positions; goal holes 1-4); the rest stay home."""
    side = ref.engine.board.sides[team]
    side.stacks = dict(stacks or {})
    side.goal = [hole + 1 in goal for hole in range(4)]
    side.queue = queue
    side.home = PIECES - sum(side.stacks.values()) - len(goal) - queue
    assert side.home >= 0


def turn(ref: Referee, team: int) -> None:
    """Give the turn to ``team`` with its normal number of tries."""
    engine = ref.engine
    engine.turn = team
    engine.tries = 3 if engine.board.stuck(team) else 1


def pop(ref: Referee, value: int, by: int | None = None, t: float = 20):
    return ref.push(DieSettled(t=t, value=value, by=ref.engine.turn if by is None else by))


def move(ref: Referee, team: int, frm: str, to: str, t: float = 21):
    return ref.push(PieceMoved(t=t, team=team, from_place=frm, to_place=to))


def kinds(rulings):
    return [r.kind for r in rulings]


def fines(rulings):
    """(team, fines, reason) of every fine ruling."""
    return [(r.seats[0], r.penalty, r.data["reason"]) for r in rulings if r.kind == "fine"]


def count_pieces(ref: Referee) -> list[int]:
    return [side.count for side in ref.engine.board.sides]


