"""What each game lets a player declare (`declared` events' `what` words), as the page offers them.

A word that carries a value (a knock's announced deadwood, a Skruuvi bid, a suit) names what the value
is, so the page asks for it. The words are the engines' own (referee/<game>/engine.py); a game not
listed here gets only the page's free declaration.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Word:
    """One thing a player may say: its `what`, its label in each language, and the value it asks for
    (None: it carries none)."""

    what: str
    fi: str
    en: str
    value: str | None = None   # "deadwood", "bid" or "suit": what the page asks to be typed with it

    def to_json(self) -> dict:
        return {"what": self.what, "fi": self.fi, "en": self.en, "value": self.value}


DECLARATIONS: dict[str, tuple[Word, ...]] = {
    "kiketti": (Word("kiketti", "Kiketti!", "Kiketti!"),
                Word("kps_won", "Voitti KPS:n", "Won rock-paper-scissors")),
    "kimble": (Word("hembo", "Vi bor i hembo", "Vi bor i hembo"),
               Word("double", "Tuplaus", "Double"), Word("raise", "Nosto", "Raise"),
               Word("consent", "Suostuu", "Consents"), Word("refuse", "Kieltäytyy", "Refuses"),
               Word("red", "Punainen", "Red"), Word("blue", "Sininen", "Blue"),
               Word("yellow", "Keltainen", "Yellow"), Word("green", "Vihreä", "Green")),
    "gin": (Word("knock", "Koputus", "Knock", "deadwood"), Word("gin", "Gin", "Gin"),
            Word("pass", "Passi", "Pass"), Word("done", "Valmis", "Done"),
            Word("cards_missing", "Kortteja puuttuu", "Cards missing")),
    "skruuvi": (Word("bid", "Tarjous", "Bid", "bid"), Word("pass", "Passi", "Pass"),
                Word("double", "Koputus", "Double"), Word("redouble", "Vastakoputus", "Redouble"),
                Word("bolsevikki", "Bolsevikki", "Bolsevikki"),
                Word("demand", "Vaadi maa", "Demand a suit", "suit"),
                Word("forbid", "Kiellä maa", "Forbid a suit", "suit")),
}


def words_for(game: str) -> list[dict]:
    """The declarations of a game as the page's JSON (none for a game not listed)."""
    return [word.to_json() for word in DECLARATIONS.get(game, ())]
