"""Gin rummy test helpers: hands for the meld search, a scripted-table event writer, and a bot
that plays whole games for the replay properties and the sample log."""

from __future__ import annotations

from hypothesis import strategies as st

from referee.gin.cards import DECK, RANKS


def hands(size: int):
    """Any ``size`` different cards."""
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


@st.composite
def dense_hands(draw, size: int, ranks: int = 4):
    """``size`` cards out of ``ranks`` neighbouring ranks in every suit: sets and runs cross."""
    low = draw(st.integers(0, len(RANKS) - ranks))
    window = [card for card in DECK if low <= RANKS.index(card[0]) < low + ranks]
    return draw(st.lists(st.sampled_from(window), min_size=size, max_size=size, unique=True))
