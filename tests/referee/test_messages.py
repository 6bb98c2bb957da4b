"""The message book: templates by key, words by language, clear errors for a missing key or field."""

import pytest

from referee.messages import MessageBook, Phrase

BOOK = MessageBook("demo", {
    "card_owed": ("{player} saa {n} korttia {where}.", "{player} gets {n} cards {where}."),
    "game_over": ("Peli on jo päättynyt.", "The game is over."),
})


def test_ruling_worded_by_its_kind_and_fields():
    r = BOOK.ruling("card_owed", (1,), penalty=2, unit="card", data={"n": 2},
                    player="Eero", n=2, where=Phrase("pakasta", "from the stock"))
    assert (r.kind, r.seats, r.penalty, r.unit, r.data) == ("card_owed", (1,), 2, "card", {"n": 2})
    assert (r.fi, r.en) == ("Eero saa 2 korttia pakasta.", "Eero gets 2 cards from the stock.")


def test_ruling_worded_by_another_key():
    r = BOOK.ruling("round_over", key="game_over")
    assert (r.kind, r.en) == ("round_over", "The game is over.")


def test_impossible_carries_its_reason_into_the_ruling():
    e = BOOK.impossible("game_over", (0,))
    r = e.ruling(cause=7)
    assert (r.kind, r.reason, r.seats, r.cause, r.fi) == ("impossible", "game_over", (0,), 7, "Peli on jo päättynyt.")
    assert "reason" not in r.to_json("en")


def test_missing_key_and_field_are_named():
    with pytest.raises(KeyError, match="demo has no message 'nope'"):
        BOOK.words("nope")
    with pytest.raises(KeyError, match="demo message 'card_owed' needs field 'where'"):
        BOOK.words("card_owed", player="Eero", n=1)
