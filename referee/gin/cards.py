"""Cards in gin rummy: ranks A (low) to K (high) and what each card counts as deadwood.

The rule book: an ace is worth one point, 2-10 their face value, the picture cards ten each.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"  # A low, K high: a run never goes K-A
SUITS = "shdc"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
HAND_SIZE = 10


def rank_number(card: str) -> int:
    """A=1, 2-10 their number, J=11, Q=12, K=13."""
    return RANKS.index(card[0]) + 1


def card_value(card: str) -> int:
    """Deadwood points of one card: A=1, 2-10 face value, J/Q/K=10."""
    return min(rank_number(card), 10)


def cards_value(cards) -> int:
    return sum(card_value(c) for c in cards)


def card_order(card: str) -> tuple[int, int]:
    """Sort key that keeps a suit's cards together and in rank order, as a run is laid."""
    return SUITS.index(card[1]), rank_number(card)


def sorted_cards(cards) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_order))
