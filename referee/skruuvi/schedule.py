"""The order of a game: sitsi after sitsi, deal after deal, and who sits where.

A game is three sitsi ("sitsi": the deals played with one partner), each of four alkupeli and four
kotka deals (settings ``alkupeli_per_sitsi``, ``kotka_per_sitsi``, ``sitsit``: the handbook allows
fewer, e.g. two and two).  The bookkeeper keeps his seat all game; after each sitsi the three
others move one seat on, so that everyone partners everyone once (or as ``seatings`` says).  Each
sitsi's first deal is dealt by the player on the bookkeeper's left with the blue deck; the deal
then passes to the left and the decks alternate blue and red, the deck's shuffler being the
dealer's left-hand neighbour and its cutter the one on his right.  With three players (the puupää)
nobody moves and the deal passes on round the three all game instead (the engine's ``_new_deal``),
so that each deals as often as the others.

Bolsevikki, where agreed (``bolsevikki_sitsit``), comes in one of two orders:

- ``block`` (the handbook's recommendation, p. 48): the sitsi opens with up to eight bolsevikki
  deals (``bolsevikki_block_deals``), in which each player must play it once; a deal nobody bids
  it in is thrown in.  The block ends once everyone has played (``bolsevikki_block_ends_early``).
- ``traditional`` (p. 54): a sitsi of twelve deals, each beginning with a bolsevikki round while
  someone has not yet played it; with no claim the deal goes on as an alkupeli or kotka (a kotka
  then has centre cards, dealt out unseen).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from .cards import SEATS

@dataclass(frozen=True)
class DealPlan:
    form: str                # what the deal is, if nobody bids a bolsevikki in it
    bolsevikki_round: bool   # it opens with a bolsevikki round
    centre: bool             # four centre cards are dealt
    forced: bool = False     # someone yet to play must play a bolsevikki in it


@dataclass
class SitsiPlan:
    """Which deal comes next in one sitsi, from what has been played."""

    alkupeli: int
    kotka: int
    bolsevikki: str | None  # None, "block" or "traditional"
    block_deals: int = 8
    ends_early: bool = True
    played_alkupeli: int = 0
    played_kotka: int = 0
    bolsevikki_deals: int = 0   # block deals dealt, thrown in or played
    deals: int = 0
    bolsevikki_played: set[int] = field(default_factory=set)  # seats that have played it

    def __deepcopy__(self, memo: dict) -> "SitsiPlan":
        clone = copy.copy(self)
        clone.bolsevikki_played = set(self.bolsevikki_played)
        return clone

    @property
    def yet_to_play(self) -> list[int]:
        return [s for s in range(SEATS) if s not in self.bolsevikki_played]

    def _in_block(self) -> bool:
        if self.bolsevikki != "block" or self.bolsevikki_deals >= self.block_deals:
            return False
        return bool(self.yet_to_play) or not self.ends_early

    def _ordinary(self) -> str | None:
        if self.played_alkupeli < self.alkupeli:
            return "alkupeli"
        if self.played_kotka < self.kotka:
            return "kotka"
        return None

    def next(self) -> DealPlan | None:
        """The next deal's plan, or None when the sitsi is over."""
        if self._in_block():
            left = self.block_deals - self.bolsevikki_deals
            return DealPlan("bolsevikki", True, True, forced=0 < left <= len(self.yet_to_play))
        ordinary = self._ordinary()
        if self.bolsevikki == "traditional" and self.yet_to_play:
            left = (self.alkupeli - self.played_alkupeli) + (self.kotka - self.played_kotka) + len(self.yet_to_play)
            return DealPlan(ordinary or "kotka", True, True, forced=left <= len(self.yet_to_play))
        if ordinary is None:
            return None
        return DealPlan(ordinary, False, ordinary == "alkupeli")

    def record(self, plan: DealPlan, played: str, bolsevikki_player: int | None = None) -> None:
        """A deal is over: ``played`` is the form it was played as, or ``thrown_in``."""
        self.deals += 1
        if plan.form == "bolsevikki":
            self.bolsevikki_deals += 1
        if played == "bolsevikki":
            self.bolsevikki_played.add(bolsevikki_player)
        elif played == "alkupeli":
            self.played_alkupeli += 1
        elif played == "kotka":
            self.played_kotka += 1


def default_seatings(bookkeeper: int, sitsit: int) -> list[tuple[int, ...]]:
    """Seat -> player (an index into ``game_started.players``) for each sitsi: the bookkeeper stays,
    the other three move one seat clockwise after each sitsi."""
    others = [(bookkeeper + k) % SEATS for k in range(1, SEATS)]
    out = []
    for k in range(sitsit):
        seats = [bookkeeper] * SEATS
        for i in range(SEATS - 1):
            seats[(bookkeeper + 1 + i) % SEATS] = others[(i - k) % (SEATS - 1)]
        out.append(tuple(seats))
    return out


def check_seatings(seatings, bookkeeper: int, sitsit: int) -> list[tuple[int, ...]]:
    """``seatings`` as given in the settings: one permutation of the players per sitsi, the
    bookkeeper always in his seat; ValueError naming the setting otherwise."""
    if not isinstance(seatings, list) or len(seatings) != sitsit:
        raise ValueError(f"setting 'seatings' must list {sitsit} seatings, one per sitsi, got {seatings!r}")
    out = []
    for k, seats in enumerate(seatings):
        if not isinstance(seats, list) or sorted(seats) != list(range(SEATS)):
            raise ValueError(f"setting 'seatings': sitsi {k + 1} must place players 0-3 in seats 0-3, got {seats!r}")
        if seats[bookkeeper] != bookkeeper:
            raise ValueError(f"setting 'seatings': the bookkeeper (player {bookkeeper}) keeps seat {bookkeeper} "
                             f"in every sitsi, sitsi {k + 1} has {seats!r}")
        out.append(tuple(seats))
    return out


def dealer_of(bookkeeper: int, deal_in_sitsi: int) -> int:
    """The dealer of a sitsi's n-th deal (from 0): the bookkeeper's left-hand player first."""
    return (bookkeeper + 1 + deal_in_sitsi) % SEATS


def deck_of(deal_in_sitsi: int) -> str:
    return "blue" if deal_in_sitsi % 2 == 0 else "red"
