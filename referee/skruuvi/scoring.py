"""Scoring a deal (Skruuvin pistelasku): the handbook's table, misère ace points, pass misère's
trick points, doubling, and the two penalty tricks of a revoke found late.

The table, for the declarers; both partners score it, the opponents its negation:

    ================  =====  ====  ==========  =========  ============
    contract          level  made  overtricks  1st down   further down
    ================  =====  ====  ==========  =========  ============
    trump, grand      5      25    2 each      5          5 each
    trump, grand      6      35    2 each      10         5 each
    trump, grand      7      50    -           15         5 each
    misère            5      10    2 each      10         5 each
    misère            6      20    2 each      15         5 each
    misère            7      35    -           20         5 each
    ================  =====  ====  ==========  =========  ============

A double multiplies these points by two, a redouble by three; ace points are never multiplied.
In a misère each ace scores the number of the trick it fell in (1-13): minus to the side that
took it, plus to the other (the handbook's score form: "ässä meidän tikkiin antaa – pisteitä ja
ässä vastustajan tikkiin + pisteitä").  A pass misère has no contract: every trick a side takes
is one minus point to it (and one plus to the other), doubled and redoubled like table points.
The setting ``misere_points = "own_only"`` scores instead only a side's own tricks and aces, as
minus, the other side's not at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bidding import Bid


@dataclass(frozen=True)
class TableRow:
    made: int
    overtrick: int
    first_down: int
    further_down: int


TABLE = {
    ("trump", 5): TableRow(25, 2, 5, 5),
    ("trump", 6): TableRow(35, 2, 10, 5),
    ("trump", 7): TableRow(50, 0, 15, 5),
    ("misere", 5): TableRow(10, 2, 10, 5),
    ("misere", 6): TableRow(20, 2, 15, 5),
    ("misere", 7): TableRow(35, 0, 20, 5),
}
MISERE_POINTS = ("zero_sum", "own_only")


@dataclass(frozen=True)
class ContractResult:
    made: bool
    overtricks: int
    down: int
    points: int  # for the declarers, doubling included


def promised(bid: Bid) -> int:
    """Tricks a trump or grand contract must take at least, or a misère may take at most."""
    return 7 - bid.level if bid.misere else 6 + bid.level


def contract_result(bid: Bid, tricks: int, multiplier: int = 1, row: TableRow | None = None) -> ContractResult:
    """Made, overtricks and down tricks of a contract and its points by the table (or by ``row``)."""
    row = row or TABLE[("misere" if bid.misere else "trump", bid.level)]
    margin = promised(bid) - tricks if bid.misere else tricks - promised(bid)
    if margin >= 0:
        return ContractResult(True, margin, 0, multiplier * (row.made + margin * row.overtrick))
    down = -margin
    return ContractResult(False, 0, down, -multiplier * (row.first_down + (down - 1) * row.further_down))


def ace_points(aces: list[tuple[int, str, int]], side: int, mode: str = "zero_sum") -> int:
    """A side's points for the aces, from (trick number, ace, side that took it)."""
    return sum(-n if took == side else (n if mode == "zero_sum" else 0) for n, _, took in aces)


def with_penalty_tricks(tricks: list[int], offender: int, misere: bool, count: int = 2) -> list[int]:
    """Trick counts per side after a revoke found late: ``count`` tricks counted against the
    offending side, moved from it (trump, grand) or to it (misère), as far as there are tricks."""
    out = list(tricks)
    giver, taker = (1 - offender, offender) if misere else (offender, 1 - offender)
    moved = min(count, out[giver])
    out[giver] -= moved
    out[taker] += moved
    return out


@dataclass(frozen=True)
class DealScore:
    points: tuple[int, ...]  # per seat
    detail: dict[str, Any]


def score_contract(bid: Bid, declarers: int, sides: tuple[int, ...], tricks: list[int],
                   aces: list[tuple[int, str, int]], multiplier: int = 1, mode: str = "zero_sum") -> DealScore:
    """A bid contract: ``declarers`` is the declaring side, ``tricks`` per side (penalties included)."""
    result = contract_result(bid, tricks[declarers], multiplier)
    aces_for = [ace_points(aces, side, mode) if bid.misere else 0 for side in (0, 1)]
    side_points = [0, 0]
    side_points[declarers] = result.points + aces_for[declarers]
    other = 1 - declarers
    side_points[other] = -result.points + aces_for[other]
    detail = {"contract": bid.text, "declarer_tricks": tricks[declarers], "made": result.made,
              "overtricks": result.overtricks, "down": result.down, "multiplier": multiplier,
              "table_points": result.points, "ace_points": aces_for, "aces": [list(a) for a in aces]}
    return DealScore(tuple(side_points[side] for side in sides), detail)


def score_pass_misere(sides: tuple[int, ...], tricks: list[int], aces: list[tuple[int, str, int]],
                      multiplier: int = 1, mode: str = "zero_sum") -> DealScore:
    """A pass misère: a minus point a trick (times the doubling) and the aces, for each side."""
    trick_points = [multiplier * ((tricks[1 - side] if mode == "zero_sum" else 0) - tricks[side]) for side in (0, 1)]
    aces_for = [ace_points(aces, side, mode) for side in (0, 1)]
    side_points = [trick_points[side] + aces_for[side] for side in (0, 1)]
    detail = {"contract": "pass_misere", "multiplier": multiplier,
              "trick_points": trick_points, "ace_points": aces_for, "aces": [list(a) for a in aces]}
    return DealScore(tuple(side_points[side] for side in sides), detail)
