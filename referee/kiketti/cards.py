"""Card points and powers in Kiketti: what a card is worth on the score sheet and what it lets
the player do when it is discarded straight from the stock."""

from __future__ import annotations

RED_SUITS = frozenset("hd")

# The power a card gives when discarded from the stock (rule book: 7-8, 9-10, J-Q, K).
POWERS = {
    "7": "look_own", "8": "look_own",
    "9": "look_other", "T": "look_other",
    "J": "blind_swap", "Q": "blind_swap",
    "K": "look_swap",
}

_FACE = {"A": 1, "T": 10, "J": 11, "Q": 12}


def rank(card: str) -> str:
    """The rank letter of a card such as 'Td' -> 'T'; slaps compare ranks only."""
    return card[0]


def card_points(card: str) -> int:
    """Points of one table card: A=1, 2-10 face value, J=11, Q=12, red K=0, black K=15."""
    r, suit = card[0], card[1]
    if r == "K":
        return 0 if suit in RED_SUITS else 15
    if r in _FACE:
        return _FACE[r]
    return int(r)


def hand_points(cards) -> int:
    """Sum of the points of a player's revealed table cards."""
    return sum(card_points(c) for c in cards)
