"""Melds and the exact minimum deadwood of a hand, with the arrangement that reaches it.

A meld is three or four cards of one rank (a set) or three or more cards of one suit in rank order
(a run; the ace is low and does not follow the king).  A card serves in one meld at most.  The
deadwood of an arrangement is the value of the cards left out of its melds; a hand's deadwood is the
least over every arrangement, and an 11-card hand (a player holding the drawn card) also throws the
card that leaves the least.

The search is exact and fast enough to judge every knock and to check every draw: cards are bits of
a 52-bit mask, and the lowest card still left is either deadwood, or thrown (once, in a hand that
must throw one), or the lowest card of one of the melds the remaining cards still hold.  Memoised on
the cards left, each remainder is solved once.  Lay-offs are searched the same way: each card or
chain of cards that extends a meld of the knocker's is one more "meld" that costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import DECK, HAND_SIZE, RANKS, SUITS, cards_value, rank_number, sorted_cards

INDEX = {card: i for i, card in enumerate(DECK)}  # suit * 13 + rank - 1
_VALUE = tuple(min(i % 13 + 1, 10) for i in range(52))
_NONE = 10 ** 6  # no arrangement: a hand that must throw a card but has none left
ARRANGEMENTS_LISTED = 64  # best_arrangements() stops here: no real hand has as many equal bests


@dataclass(frozen=True)
class Arrangement:
    """Melds (each in laying order), deadwood, the card thrown (11 cards) and the cards laid off."""

    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    discard: str | None = None
    lay_offs: tuple[str, ...] = ()

    @property
    def value(self) -> int:
        """Deadwood points."""
        return cards_value(self.deadwood)

    @property
    def gin(self) -> bool:
        """Every card kept is in a meld."""
        return not self.deadwood

    def to_json(self) -> dict:
        return {"melds": [list(m) for m in self.melds], "deadwood": list(self.deadwood), "value": self.value,
                "discard": self.discard, "lay_offs": list(self.lay_offs)}


def is_set(cards) -> bool:
    cards = tuple(cards)
    return 3 <= len(cards) <= 4 and len({c[0] for c in cards}) == 1 and len(set(cards)) == len(cards)


def is_run(cards) -> bool:
    cards = tuple(cards)
    if len(cards) < 3 or len({c[1] for c in cards}) != 1:
        return False
    ranks = sorted(rank_number(c) for c in cards)
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def is_meld(cards) -> bool:
    return is_set(cards) or is_run(cards)


def to_mask(cards) -> int:
    """The cards as bits; a card twice or a name that is no card is a ValueError."""
    mask = 0
    for card in cards:
        if card not in INDEX:
            raise ValueError(f"not a card: {card!r} (rank {RANKS} + suit {SUITS}, e.g. 'Td')")
        bit = 1 << INDEX[card]
        if mask & bit:
            raise ValueError(f"card {card} appears twice")
        mask |= bit
    return mask


def to_cards(mask: int) -> tuple[str, ...]:
    return sorted_cards(DECK[i] for i in range(52) if mask >> i & 1)


def meld_masks(mask: int) -> list[int]:
    """Every meld the cards hold: sets of 3 (each 3 of a 4) and 4, and every run of 3 or more
    within a suit's consecutive cards."""
    melds = []
    for rank in range(13):
        bits = [1 << (suit * 13 + rank) for suit in range(4) if mask >> (suit * 13 + rank) & 1]
        if len(bits) >= 3:
            melds += [sum(three) for three in combinations(bits, 3)]
            if len(bits) == 4:
                melds.append(sum(bits))
    for suit in range(4):
        rank = 0
        while rank < 13:
            end = rank
            while end < 13 and mask >> (suit * 13 + end) & 1:
                end += 1
            for lo in range(rank, end - 2):
                for hi in range(lo + 3, end + 1):
                    melds.append(((1 << (hi - lo)) - 1) << (suit * 13 + lo))
            rank = end + 1
    return melds


def lay_off_masks(melds, mask: int) -> list[int]:
    """What the cards in ``mask`` can lay off onto these melds: the fourth card of a set of three,
    and each chain of cards that extends a run upward or downward (K and A end a run)."""
    out = []
    for meld in melds:
        if is_set(meld):
            if len(meld) == 3:
                rank = RANKS.index(meld[0][0])
                (suit,) = set(range(4)) - {SUITS.index(c[1]) for c in meld}
                bit = 1 << (suit * 13 + rank)
                if mask & bit:
                    out.append(bit)
            continue
        suit = SUITS.index(meld[0][1])
        ranks = sorted(rank_number(c) - 1 for c in meld)
        for step, start in ((1, ranks[-1] + 1), (-1, ranks[0] - 1)):
            chain, rank = 0, start
            while 0 <= rank < 13 and mask >> (suit * 13 + rank) & 1:
                chain |= 1 << (suit * 13 + rank)
                out.append(chain)
                rank += step
    return out


class _Search:
    """The memoised search over one hand's cards (and, for a defender, its possible lay-offs)."""

    def __init__(self, mask: int, lay_offs=()):
        self.by_low: dict[int, list[int]] = {}
        for meld in meld_masks(mask):
            self.by_low.setdefault((meld & -meld).bit_length() - 1, []).append(meld)
        self.lay_offs = set(lay_offs) - set(meld_masks(mask))  # a chain that is a run of its own is a meld
        for meld in self.lay_offs:
            self.by_low.setdefault((meld & -meld).bit_length() - 1, []).append(meld)
        self.memo: dict[int, int] = {}
        self.best = self._solver()

    def _solver(self):
        """best(mask, throw): the least deadwood of the cards in ``mask``, throwing one card first
        if ``throw`` is 1."""
        memo, by_low = self.memo, self.by_low

        def solve(mask: int, throw: int) -> int:
            key = mask << 1 | throw
            found = memo.get(key)
            if found is not None:
                return found
            if not mask:
                value = _NONE if throw else 0
            else:
                low = mask & -mask
                i = low.bit_length() - 1
                rest = mask ^ low
                value = _VALUE[i] + solve(rest, throw)
                if throw:
                    value = min(value, solve(rest, 0))
                for meld in by_low.get(i, ()):
                    if meld & mask == meld:
                        v = solve(mask ^ meld, throw)
                        if v < value:
                            value = v
            memo[key] = value
            return value

        return solve

    def choices(self, mask: int, throw: int):
        """The first steps of the best arrangements of ``mask``: (kind, bits, rest, throw after)."""
        target = self.best(mask, throw)
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask ^ low
        if _VALUE[i] + self.best(rest, throw) == target:
            yield "deadwood", low, rest, throw
        if throw and self.best(rest, 0) == target:
            yield "discard", low, rest, 0
        for meld in self.by_low.get(i, ()):
            if meld & mask == meld and self.best(mask ^ meld, throw) == target:
                yield ("lay_off" if meld in self.lay_offs else "meld"), meld, mask ^ meld, throw

    def arrangements(self, mask: int, throw: int, limit: int):
        """Up to ``limit`` best arrangements, as lists of (kind, bits)."""
        if not mask:
            yield []
            return
        count = 0
        for kind, bits, rest, after in self.choices(mask, throw):
            for tail in self.arrangements(rest, after, limit - count):
                yield [(kind, bits), *tail]
                count += 1
                if count >= limit:
                    return


def _arrangement(steps) -> Arrangement:
    melds, deadwood, discard, lay_offs = [], 0, None, 0
    for kind, bits in steps:
        if kind == "meld":
            melds.append(to_cards(bits))
        elif kind == "deadwood":
            deadwood |= bits
        elif kind == "discard":
            (discard,) = to_cards(bits)
        else:
            lay_offs |= bits
    melds.sort(key=lambda m: (INDEX[m[0]], len(m)))
    return Arrangement(tuple(melds), to_cards(deadwood), discard, to_cards(lay_offs))


def _throw(cards, discard: bool | None) -> int:
    return int(len(cards) > HAND_SIZE if discard is None else discard)


def best_arrangement(cards, discard: bool | None = None) -> Arrangement:
    """The arrangement with the least deadwood; ``discard``: throw one card first (default: when
    the hand holds more than 10 cards, as after a draw)."""
    cards = tuple(cards)
    mask, throw = to_mask(cards), _throw(cards, discard)
    if throw and not cards:
        raise ValueError("an empty hand has no card to throw")
    search = _Search(mask)
    return _arrangement(next(search.arrangements(mask, throw, 1)))


def deadwood(cards, discard: bool | None = None) -> int:
    """The least deadwood of the cards (after the best throw, for an 11-card hand)."""
    cards = tuple(cards)
    value = _Search(to_mask(cards)).best(to_mask(cards), _throw(cards, discard))
    if value >= _NONE:
        raise ValueError("an empty hand has no card to throw")
    return value


def best_arrangements(cards, limit: int = ARRANGEMENTS_LISTED) -> list[Arrangement]:
    """Every arrangement of the cards (no throw) that reaches the least deadwood, up to ``limit``:
    the knocker's melds as the defender may find them, since a set of four beside a run can be
    grouped more than one way."""
    mask = to_mask(cards)
    return [_arrangement(steps) for steps in _Search(mask).arrangements(mask, 0, limit)]


def best_with_lay_offs(cards, onto, may_lay_off=None) -> Arrangement:
    """The defender's least deadwood: own melds, and lay-offs onto any one of the arrangements
    ``onto`` (each a tuple of the knocker's melds).  ``may_lay_off``: only these cards may be laid
    off (those the defender did lay off); None: any card."""
    mask = to_mask(cards)
    allowed = mask if may_lay_off is None else mask & to_mask(may_lay_off)
    best = None
    for melds in onto or [()]:
        search = _Search(mask, lay_off_masks(melds, allowed))
        if best is None or search.best(mask, 0) < best[0]:
            best = search.best(mask, 0), search
    search = best[1]
    return _arrangement(next(search.arrangements(mask, 0, 1)))


def fits_in_melds(cards, count: int) -> bool:
    """The cards split into at most ``count`` melds (the two-meld gin variant; one: a single run or
    set holds them all)."""
    cards = tuple(cards)
    if is_meld(cards):
        return True
    if count <= 1 or len(cards) < 6:
        return False
    mask = to_mask(cards)
    return any(fits_in_melds(to_cards(mask ^ meld), count - 1) for meld in meld_masks(mask))
