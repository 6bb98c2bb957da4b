"""Cards and seats in Skruuvi: the suits' order, the ranks, and who sits where relative to whom.

The handbook ranks the suits pata < risti < ruutu < hertta (s < c < d < h) and, within a suit,
2 lowest and A highest.  Four seats, numbered clockwise: the next player clockwise sits on one's
left, and partners sit opposite.
"""

from __future__ import annotations

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


def left_of(seat: int) -> int:
    """The next player clockwise: the one who bids, plays and deals after ``seat``."""
    return (seat + 1) % SEATS


def right_of(seat: int) -> int:
    return (seat - 1) % SEATS


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS
