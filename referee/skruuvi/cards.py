"""Cards and seats in Skruuvi: the suits' order, the ranks, and who sits where relative to whom.

The handbook ranks the suits pata < risti < ruutu < hertta (s < c < d < h) and, within a suit,
2 lowest and A highest.  Four hands, numbered clockwise: the next player clockwise sits on one's
left, and partners sit opposite.

Three players (puupää) keep seats 0-2 in their clockwise order and the puupää, the dummy hand,
is seat 3 wherever its cards lie: dealt opposite the dealer, then moved opposite the highest
bidder.  So who sits left of whom is a ``Ring``, the four hands in clockwise order, rather than
seat arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..messages import Phrase

SUITS = ("s", "c", "d", "h")  # pata < risti < ruutu < hertta
RANKS = "23456789TJQKA"       # low to high
SEATS = 4
CARDS_IN_DECK = 52
TRICKS = 13

SUIT_SYMBOLS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}
SUIT_WORDS = {
    "s": Phrase("pata", "spades"),
    "c": Phrase("risti", "clubs"),
    "d": Phrase("ruutu", "diamonds"),
    "h": Phrase("hertta", "hearts"),
}


def suit_of(card: str) -> str:
    return card[1]


def rank_of(card: str) -> int:
    """0 for a two up to 12 for an ace."""
    return RANKS.index(card[0])


def is_ace(card: str) -> bool:
    return card[0] == "A"


def card_text(card: str) -> str:
    """The handbook's way of writing a card: suit symbol, then the rank (10 for T): '♥Q', '♦10'."""
    rank = "10" if card[0] == "T" else card[0]
    return SUIT_SYMBOLS[card[1]] + rank


PUUPAA = 3  # the dummy hand's seat in a three-player game


@dataclass(frozen=True)
class Ring:
    """The four hands clockwise round the table, and the one among them with no voice (the
    puupää, which neither bids nor doubles: its partner handles its cards)."""

    order: tuple[int, ...] = (0, 1, 2, 3)
    silent: int | None = None

    @classmethod
    def puupaa(cls, opposite: int) -> "Ring":
        """Three players in seats 0-2 clockwise, the puupää's cards opposite ``opposite``."""
        return cls((opposite, (opposite + 1) % 3, PUUPAA, (opposite + 2) % 3), PUUPAA)

    def after(self, seat: int, k: int = 1) -> int:
        """The hand ``k`` places clockwise of ``seat``."""
        return self.order[(self.order.index(seat) + k) % SEATS]

    def left_of(self, seat: int) -> int:
        return self.after(seat, 1)

    def right_of(self, seat: int) -> int:
        return self.after(seat, -1)

    def partner_of(self, seat: int) -> int:
        return self.after(seat, 2)

    def side_of(self, seat: int) -> int:
        """0 or 1: the pair the seat belongs to, as the hands sit now."""
        return self.order.index(seat) % 2

    def voiced(self, seats) -> list[int]:
        """The seats that speak, in the order given."""
        return [s for s in seats if s != self.silent]


FOUR = Ring()
