"""Bidding ("maalaus"): bids, the strains' order in each form, and the two stages of an auction.

A bid is a level 1-7 and a strain: a suit (``s c d h``), ``misere`` or ``grand``.  In alkupeli
and bolsevikki misère is the lowest strain (misère < s < c < d < h < grand), in kotka it ranks
between the suits and grand (s < c < d < h < misère < grand).  Each bid must be higher than the
last, in level or in strain.  A bid too low for where the bidding stands is raised to the lowest
level of its strain that is high enough (the handbook, Sääntörikkomuksista: 4♦ then 4♣ is 5♣;
1♥ in kotka is 6♥).

The opening bidding (alkumaalaukset) starts with the dealer and goes clockwise.  If all four pass
in the first round the deal is a pass misère.  Otherwise it ends when every player has passed
twice in a row: the last bidder's second pass, eight passes after the last bid.  After the
declarers' exchange the two of them bid on alone (jatkomaalaukset), the taker first, until both
have passed twice in a row.

With three players the puupää's turn comes round like anyone's and it always passes (the
handbook: "puupää ei maalaa mitään, vaan passaa"); the referee says those passes itself.  After
the exchange the highest bidder alone makes the final commitment ("etupelaaja maalaa lopullisen
sitoumuksensa"): one call, a bid or a pass (or, ``bid_on``, until he has passed twice in a row).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from .cards import FOUR, SEATS, Ring

STRAINS = ("s", "c", "d", "h", "misere", "grand")
STRAIN_ORDER = {
    "alkupeli": ("misere", "s", "c", "d", "h", "grand"),
    "bolsevikki": ("misere", "s", "c", "d", "h", "grand"),
    "kotka": ("s", "c", "d", "h", "misere", "grand"),
}
LOWEST_LEVEL = {"alkupeli": 1, "kotka": 6, "bolsevikki": 7}
_BID = re.compile(r"^([1-7])(s|c|d|h|misere|grand)$")


@dataclass(frozen=True)
class Bid:
    level: int
    strain: str

    def __deepcopy__(self, memo: dict) -> "Bid":
        return self  # immutable

    @property
    def misere(self) -> bool:
        return self.strain == "misere"

    @property
    def trump(self) -> str | None:
        """The trump suit, or None for misère and grand."""
        return self.strain if self.strain in ("s", "c", "d", "h") else None

    @property
    def text(self) -> str:
        return f"{self.level}{self.strain}"

    def key(self, form: str) -> tuple[int, int]:
        return self.level, STRAIN_ORDER[form].index(self.strain)


def parse_bid(value: str | None) -> Bid:
    """A spoken bid's value, e.g. ``"5h"``, ``"6misere"``, ``"7grand"``; ValueError if it is none."""
    m = _BID.match(value or "")
    if not m:
        raise ValueError(f"not a bid: {value!r}")
    return Bid(int(m.group(1)), m.group(2))


def lowest_legal(bid: Bid, above: Bid | None, form: str, floor: int = 1) -> Bid | None:
    """The bid as said if it is high enough, else the lowest level of its strain that is; None if
    no level up to 7 is."""
    level = max(bid.level, floor)
    while above is not None and (level, STRAIN_ORDER[form].index(bid.strain)) <= above.key(form):
        level += 1
    return Bid(level, bid.strain) if level <= 7 else None


@dataclass(frozen=True)
class Call:
    seat: int
    bid: Bid | None  # None: pass
    said: str | None = None  # the value as spoken, where a bid was raised

    def __deepcopy__(self, memo: dict) -> "Call":
        return self  # immutable


class Auction:
    """The opening bidding of one deal: calls from the dealer clockwise, the highest bid so far."""

    def __init__(self, form: str, dealer: int, ring: Ring = FOUR):
        self.form, self.dealer, self.ring = form, dealer, ring
        self.calls: list[Call] = []
        self.high: Bid | None = None
        self.high_by: int | None = None

    def __deepcopy__(self, memo: dict) -> "Auction":
        clone = copy.copy(self)
        clone.calls = list(self.calls)
        return clone

    @property
    def turn(self) -> int:
        return self.ring.after(self.dealer, len(self.calls))

    @property
    def round(self) -> int:
        """The bidding round the next call belongs to, from 1; a round starts with the dealer."""
        return len(self.calls) // SEATS + 1

    @property
    def pass_misere(self) -> bool:
        return len(self.calls) >= SEATS and all(c.bid is None for c in self.calls[:SEATS])

    @property
    def over(self) -> bool:
        return self.pass_misere or (self.high is not None and _trailing_passes(self.calls) >= 2 * SEATS)

    def lowest(self, bid: Bid) -> Bid | None:
        return lowest_legal(bid, self.high, self.form, LOWEST_LEVEL[self.form])

    def call(self, seat: int, bid: Bid | None) -> Bid | None:
        """Record a call by the seat whose turn it is; a bid comes back as counted (raised if it was
        too low); the caller checks the turn and that a bid can be raised at all."""
        counted = self.lowest(bid) if bid is not None else None
        self.calls.append(Call(seat, counted, bid.text if bid is not None and counted != bid else None))
        if counted is not None:
            self.high, self.high_by = counted, seat
        while self.turn == self.ring.silent and not self.over:
            self.calls.append(Call(self.turn, None))  # the puupää passes
        return counted

    def opening_of(self, pair: tuple[int, ...]) -> tuple[int, Bid] | None:
        """The first bid of a pair (its avasmaalaus) and the round it was made in."""
        for i, c in enumerate(self.calls):
            if c.bid is not None and c.seat in pair:
                return i // SEATS + 1, c.bid
        return None


class Continuation:
    """The declarers' further bidding after their exchange: the taker first, then the two in turn,
    until both have passed twice in a row; a lone declarer (the puupää's partner) alone, in one
    call (``one_call``) or until he has passed twice in a row."""

    def __init__(self, form: str, taker: int, contract: Bid, contract_by: int, ring: Ring = FOUR,
                 one_call: bool = False):
        self.form = form
        self.seats = tuple(ring.voiced((taker, ring.partner_of(taker))))
        self.contract, self.contract_by = contract, contract_by
        self.one_call = one_call
        self.calls: list[Call] = []

    def __deepcopy__(self, memo: dict) -> "Continuation":
        clone = copy.copy(self)
        clone.calls = list(self.calls)
        return clone

    @property
    def turn(self) -> int:
        return self.seats[len(self.calls) % len(self.seats)]

    @property
    def over(self) -> bool:
        return bool(self.calls) if self.one_call else _trailing_passes(self.calls) >= 2 * len(self.seats)

    @property
    def would_end(self) -> bool:
        """The next call, if a pass, ends the bidding."""
        return self.one_call or _trailing_passes(self.calls) == 2 * len(self.seats) - 1

    def lowest(self, bid: Bid) -> Bid | None:
        return lowest_legal(bid, self.contract, self.form, LOWEST_LEVEL[self.form])

    def call(self, seat: int, bid: Bid | None) -> Bid | None:
        counted = self.lowest(bid) if bid is not None else None
        self.calls.append(Call(seat, counted, bid.text if bid is not None and counted != bid else None))
        if counted is not None:
            self.contract, self.contract_by = counted, seat
        return counted


def _trailing_passes(calls: list[Call]) -> int:
    n = 0
    for c in reversed(calls):
        if c.bid is not None:
            break
        n += 1
    return n
