"""Counting a knock as it is laid face up: the knocker's cards, the defender's melds, lay-offs and
deadwood, and how what was shown agrees with what the referee saw of the hand.

The camera reports each zone's cards as one flat list (``meldsN``: the melds, ``handN``: the cards
left over), not the melds one by one, so the referee arranges the cards itself: the knocker's cards
count at their least deadwood, as the book defines deadwood (the value of the cards in no meld),
and the defender's lay-offs count onto any grouping of the knocker's melds that reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import HAND_SIZE, cards_value, sorted_cards
from .melds import (Arrangement, best_arrangement, best_arrangements, best_with_lay_offs, fits_in_melds, is_meld,
                    is_run)

AS_LAID, BEST = "as_laid", "best"


@dataclass(frozen=True)
class Discrepancy:
    """Where a player's shown cards disagree with the hand's record."""

    elsewhere: dict[str, str]        # shown cards the referee saw in another place
    missing: tuple[str, ...]         # cards known to be held that were not shown
    seen: int
    counted: int

    @property
    def any(self) -> bool:
        return bool(self.elsewhere or self.missing or self.seen != self.counted)


def check_record(cards, zone: str, where: dict[str, str], known: set[str], counted: int) -> Discrepancy:
    """Compare the cards shown from ``zone`` (``handN``) with what was seen of that hand."""
    cards = set(cards)
    elsewhere = {c: where[c] for c in sorted_cards(cards) if where.get(c, zone) != zone}
    return Discrepancy(elsewhere, sorted_cards(known - cards), len(cards), counted)


@dataclass(frozen=True)
class KnockerCount:
    """The knocker's cards at their least deadwood."""

    cards: tuple[str, ...]
    groupings: tuple[tuple[tuple[str, ...], ...], ...]   # every grouping of melds that reaches it
    arrangement: Arrangement
    shown_deadwood: int                                  # the value of the cards left in hand

    def __deepcopy__(self, memo) -> "KnockerCount":
        return self

    @property
    def deadwood(self) -> int:
        return self.arrangement.value

    @property
    def fewest_melds(self) -> int | None:
        """For gin: the fewest melds that hold every card, 1, 2 or 3 (for three and more)."""
        if self.deadwood:
            return None
        return next((n for n in (1, 2) if fits_in_melds(self.cards, n)), 3)

    @property
    def one_run(self) -> bool:
        return is_run(self.cards)


def count_knocker(melds, deadwood) -> KnockerCount:
    cards = sorted_cards(set(melds) | set(deadwood))
    listed = best_arrangements(cards)
    return KnockerCount(cards, tuple(a.melds for a in listed), listed[0], cards_value(set(deadwood) - set(melds)))


@dataclass(frozen=True)
class DefenderCount:
    """The defender's cards as counted, the best the cards allowed, and the lay-offs that failed."""

    cards: tuple[str, ...]
    counted: Arrangement
    best: Arrangement
    refused: tuple[str, ...]        # laid off but fitting no meld of the knocker's
    shown_deadwood: int

    @property
    def deadwood(self) -> int:
        return self.counted.value

    @property
    def short(self) -> int:
        """Cards the defender lacks of a full hand."""
        return max(0, HAND_SIZE - len(self.cards))


def count_defender(melds, deadwood, lay_offs, groupings, may_lay_off: bool, mode: str = AS_LAID) -> DefenderCount:
    """``groupings``: the knocker's; ``may_lay_off``: lay-offs count at all (not onto gin, unless
    agreed); ``mode``: count the lay-offs as laid, or the best the cards allow."""
    cards = sorted_cards(set(melds) | set(deadwood) | set(lay_offs))
    if not may_lay_off:
        best = counted = best_arrangement(cards, discard=False)
    else:
        best = best_with_lay_offs(cards, groupings)
        counted = best if mode == BEST else best_with_lay_offs(cards, groupings, may_lay_off=lay_offs)
    refused = sorted_cards(c for c in lay_offs if c in counted.deadwood)
    shown = cards_value(set(deadwood) - set(melds) - set(lay_offs)) + cards_value(refused)
    return DefenderCount(cards, counted, best, refused, shown)


def count_defenders(shown: dict[int, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]], groupings,
                    may_lay_off_on_knocker: bool, mode: str = AS_LAID) -> dict[int, DefenderCount]:
    """Three players: each defender's cards counted with lay-offs onto the knocker's melds (any grouping
    of them) and onto the other defender's melds, as the book allows ("sekä lopettajan että toistensa
    yhdistelmiä").  ``shown``: per defender its own melds zone's cards, its hand zone's cards and the cards
    it laid onto others' melds.  The other defender's melds to lay off onto are those it makes of its own
    cards with its lay-offs onto the knocker's (so that neither count waits on the other's)."""
    knocker_onto = list(groupings) if may_lay_off_on_knocker else []
    first = {seat: count_defender(melds, deadwood, laid, knocker_onto, may_lay_off_on_knocker, mode)
             for seat, (melds, deadwood, laid) in shown.items()}
    out = {}
    for seat, (melds, deadwood, laid) in shown.items():
        others = [dc for other, dc in first.items() if other != seat]
        theirs = tuple(m for dc in others for m in dc.counted.melds)
        extra = [c for dc in others for c in dc.counted.lay_offs]   # a run the other lengthened lengthens on
        onto = [tuple(_extended(m, extra) for m in g) + theirs for g in knocker_onto] if knocker_onto else [theirs]
        cards = sorted_cards(set(melds) | set(deadwood) | set(laid))
        best = best_with_lay_offs(cards, onto)
        counted = best if mode == BEST else best_with_lay_offs(cards, onto, may_lay_off=laid)
        refused = sorted_cards(c for c in laid if c in counted.deadwood)
        shown_value = cards_value(set(deadwood) - set(melds) - set(laid)) + cards_value(refused)
        out[seat] = DefenderCount(cards, counted, best, refused, shown_value)
    return out


def _extended(meld: tuple[str, ...], cards) -> tuple[str, ...]:
    """A meld with those of ``cards`` that lengthen it, one after another (a run laid on at either end)."""
    meld, left = tuple(meld), list(cards)
    grown = True
    while grown:
        grown = False
        for card in left:
            if is_meld((*meld, card)):
                meld, grown = sorted_cards((*meld, card)), True
                left.remove(card)
                break
    return meld
