"""Bolsevikki: one player against the other three, seven misère (or, as dictator, seven of a
trump or grand); who plays it, and its personal scoring.

The bidding round: from the dealer clockwise each player says ``bolsevikki`` or ``pass``; a
player who has already played his bolsevikki in this block may only pass.  With one claim the
claimant plays.  With two or more, the first claimant chooses whether he plays (``bolsevikki``)
or not (``pass``), then the second, and so on; the last is left to play it.  Nobody claims: the
deal is thrown in, unless the deals left are no more than the players yet to play, when the
first of them in the bidding order must play (the handbook names one such player; with more
the referee takes the first).

Scoring (Bolshevikien pistelasku) is kept for each defender apart: made, 20 to the player (50
for a dictator); down, 15 for the first and 5 for each further down trick to the defender; each
defender's points times his own doubling (the player's redouble triples the doublers'), plus the
aces as in misère, never multiplied.  The player scores the negation of the three together.  At
the end each player's bolsevikki total is divided by three and rounded to the nearest whole number
(a third is never a half), and added to the main book.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bidding import Bid
from .cards import SEATS
from .scoring import DealScore, TableRow, ace_points, contract_result

BOLSEVIKKI_ROW = TableRow(20, 0, 15, 5)
DICTATOR_ROW = TableRow(50, 0, 15, 5)  # made 50 (the handbook); down as the table's level 7
PLAYER, DEFENDERS = 0, 1


class ClaimError(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class BolsevikkiRound:
    """One deal's bolsevikki round and, with several claims, the claimants' choice."""

    dealer: int
    may_claim: frozenset[int]  # seats still to play their bolsevikki
    forced: bool = False
    calls: list[tuple[int, bool]] = field(default_factory=list)
    declined: int = 0  # claimants who chose not to play, in claim order
    player: int | None = None

    def __deepcopy__(self, memo: dict) -> "BolsevikkiRound":
        return BolsevikkiRound(self.dealer, self.may_claim, self.forced, list(self.calls), self.declined, self.player)

    @property
    def claimants(self) -> list[int]:
        return [seat for seat, claim in self.calls if claim]

    @property
    def choosing(self) -> bool:
        return len(self.calls) == SEATS and self.player is None and len(self.claimants) > 1

    @property
    def turn(self) -> int:
        if self.choosing:
            return self.claimants[self.declined]
        return (self.dealer + len(self.calls)) % SEATS

    @property
    def thrown_in(self) -> bool:
        return len(self.calls) == SEATS and not self.claimants and not self.forced

    def call(self, seat: int, claim: bool) -> None:
        if self.player is not None or len(self.calls) == SEATS and not self.choosing:
            raise ClaimError("bolsevikki_round_over")
        if seat != self.turn:
            raise ClaimError("not_your_turn_to_bid")
        if self.choosing:
            self._choose(claim)
            return
        if claim and seat not in self.may_claim:
            raise ClaimError("bolsevikki_already_played")
        self.calls.append((seat, claim))
        if len(self.calls) == SEATS:
            claimants = self.claimants
            if len(claimants) == 1:
                self.player = claimants[0]
            elif not claimants and self.forced:
                self.player = next(s for s, _ in self.calls if s in self.may_claim)

    def _choose(self, plays: bool) -> None:
        claimants = self.claimants
        if plays:
            self.player = claimants[self.declined]
            return
        self.declined += 1
        if self.declined == len(claimants) - 1:
            self.player = claimants[-1]


def score_bolsevikki(player: int, bid: Bid, player_tricks: int, aces: list[tuple[int, str, int]],
                     multipliers: dict[int, int], mode: str = "zero_sum") -> DealScore:
    """Each defender's points apart, and the player's as their negated sum; ``aces`` give the side
    that took each ace as ``PLAYER`` or ``DEFENDERS``."""
    row = BOLSEVIKKI_ROW if bid.misere else DICTATOR_ROW
    result = contract_result(bid, player_tricks, 1, row)
    aces_each = ace_points(aces, DEFENDERS, mode) if bid.misere else 0
    points = [0] * SEATS
    for seat in range(SEATS):
        if seat != player:
            points[seat] = -result.points * multipliers.get(seat, 1) + aces_each
    points[player] = -sum(points)
    detail = {"contract": bid.text, "player": player, "player_tricks": player_tricks, "made": result.made,
              "down": result.down, "per_defender": -result.points, "ace_points": aces_each,
              "multipliers": {str(s): multipliers.get(s, 1) for s in range(SEATS) if s != player},
              "aces": [list(a) for a in aces]}
    return DealScore(tuple(points), detail)


def book_result(total: int) -> int:
    """A player's bolsevikki total as it enters the main book: a third, to the nearest point."""
    return round(total / 3)
