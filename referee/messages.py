"""Messages apart from rules: each game keeps a book of what its rulings say, by key.

A rule says what happened (a ruling's kind, seats, penalty and data) and names its message by a
key; the book words it in Finnish and English.  Rules then read as rules, rule tests assert kinds
and data rather than sentences, and the wording changes without touching a rule.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from .core import Impossible, Ruling


class Phrase(NamedTuple):
    """A word or phrase that differs by language, passed into a message (``Phrase("pöytä", "table")``)."""

    fi: str
    en: str


class MessageBook:
    """One game's messages: key -> (Finnish, English) templates in ``str.format`` style.

    A template's fields are filled from the keyword arguments; a ``Phrase`` argument gives each
    language its own word.  A key the book lacks, or a field a template names but no argument
    gives, is a bug in the rules, reported by key and game.
    """

    def __init__(self, game: str, texts: Mapping[str, tuple[str, str]]):
        self.game = game
        self.texts = dict(texts)

    def __contains__(self, key: str) -> bool:
        return key in self.texts

    def words(self, key: str, **fields: Any) -> tuple[str, str]:
        """The message ``key`` with its fields filled: (Finnish, English)."""
        try:
            fi, en = self.texts[key]
        except KeyError:
            raise KeyError(f"{self.game} has no message {key!r}") from None
        try:
            return (fi.format(**_in(fields, 0)), en.format(**_in(fields, 1)))
        except KeyError as e:
            raise KeyError(f"{self.game} message {key!r} needs field {e.args[0]!r}") from None

    def ruling(self, kind: str, seats: tuple[int, ...] = (), *, key: str | None = None, penalty: int = 0,
               unit: str = "", data: dict[str, Any] | None = None, **fields: Any) -> Ruling:
        """A ruling of ``kind`` worded by message ``key`` (default: the kind itself)."""
        fi, en = self.words(key or kind, **fields)
        return Ruling(kind, fi, en, seats=seats, penalty=penalty, unit=unit, data=data or {})

    def impossible(self, reason: str, seats: tuple[int, ...] = (), **fields: Any) -> Impossible:
        """The exception for an event that cannot happen now; ``reason`` is its message key."""
        fi, en = self.words(reason, **fields)
        return Impossible(fi, en, seats, reason=reason)


def _in(fields: Mapping[str, Any], language: int) -> dict[str, Any]:
    return {name: value[language] if isinstance(value, Phrase) else value for name, value in fields.items()}
