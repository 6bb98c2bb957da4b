"""The referee core: one engine per game, one ``Referee`` that owns the log.

An engine is a game's state plus the rules that move it: ``apply(event)`` returns the rulings
that event causes.  The ``Referee`` keeps the log (append-only, as stored), derives the
*effective* events from it (undo and corrections are events too, never edits), and re-derives
state by replay, so that the same log always gives the same state and the same rulings.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Iterable

from .events import Correction, Event, GameStarted, Undo

LANGUAGES = ("fi", "en")


@dataclass(frozen=True)
class Ruling:
    """What the referee says about an event.

    ``kind`` is a stable machine name (``wrong_slap``, ``fine``, ``round_scored``, ...), ``seats``
    the seats (or teams) concerned, ``penalty`` a count in ``unit`` (``card`` for penalty cards,
    ``fine``, ``point``), ``fi``/``en`` the human message, ``cause`` the log position of the event
    that caused it, and ``data`` any structured detail (scores, the value a die must be reset to).
    ``reason`` names why an ``impossible`` event was refused (its message key); it is for rule
    tests and callers, not part of the stored JSON. ``withdrawn``: a later ruling judged the same events
    again (its ``data["replaces"]`` names their log positions), so this one no longer stands.
    """

    kind: str
    fi: str
    en: str
    seats: tuple[int, ...] = ()
    penalty: int = 0
    unit: str = ""
    cause: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    reason: str = ""
    withdrawn: bool = False   # replaced by a later ruling on the same events (a slap order corrected, a KPS)

    def message(self, language: str = "fi") -> str:
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, got {language!r}")
        return self.fi if language == "fi" else self.en

    def to_json(self, language: str = "fi") -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "message": self.message(language), "seats": list(self.seats)}
        if self.penalty:
            out["penalty"] = self.penalty
            out["unit"] = self.unit
        if self.cause is not None:
            out["cause"] = self.cause
        if self.data:
            out["data"] = self.data
        if self.withdrawn:
            out["withdrawn"] = True
        return out


class Impossible(Exception):
    """Raised by an engine for an event that cannot happen in the current state.

    The referee turns it into an ``impossible`` ruling and leaves the state as it was before the
    event, so nothing is half-applied.  ``reason`` is a stable name for why (a message key).
    """

    def __init__(self, fi: str, en: str, seats: tuple[int, ...] = (), reason: str = ""):
        super().__init__(en)
        self.fi, self.en, self.seats, self.reason = fi, en, seats, reason

    def ruling(self, cause: int | None = None) -> "Ruling":
        """The ``impossible`` ruling that says so."""
        return Ruling("impossible", self.fi, self.en, seats=self.seats, cause=cause, reason=self.reason)


class Engine(ABC):
    """A game's state and rules.  Subclasses register themselves under ``game``."""

    game: ClassVar[str]
    settings_defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, start: GameStarted):
        unknown = sorted(set(start.settings) - set(self.settings_defaults))
        if unknown:
            known = ", ".join(sorted(self.settings_defaults))
            raise ValueError(f"unknown setting '{unknown[0]}' for {self.game}; known: {known}")
        self.players = start.players
        self.settings = {**self.settings_defaults, **start.settings}

    @abstractmethod
    def apply(self, event: Event, seq: int) -> list[Ruling]:
        """Apply one effective event (log position ``seq``); return the rulings it causes."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The state as a JSON-ready object (score sheet, ledger, board, ...)."""

    @abstractmethod
    def render(self, language: str) -> str:
        """The state for a terminal: the score sheet, the board, the ledger."""

    @property
    def finished(self) -> bool:
        return False


ENGINES: dict[str, type[Engine]] = {}


def register(cls: type[Engine]) -> type[Engine]:
    """Class decorator: make an engine available by its ``game`` name."""
    ENGINES[cls.game] = cls
    return cls


def effective_events(log: Iterable[Event]) -> list[tuple[int, Event]]:
    """The events in force, as (log position, event): undo and corrections applied.

    ``Undo`` takes back the latest event still in force (never the game start); a ``Correction``
    replaces or deletes the event at its target position.  Both are resolved in log order.
    """
    log = list(log)
    live: list[int] = []  # positions in force, in order
    replaced: dict[int, Event | None] = {}
    for seq, event in enumerate(log):
        if isinstance(event, Undo):
            if len(live) > 1:
                live.pop()
        elif isinstance(event, Correction):
            if event.target < len(log) and event.target in live and event.target != 0:
                replaced[event.target] = event.replacement
        else:
            live.append(seq)
    out = []
    for seq in live:
        event = replaced.get(seq, log[seq])
        if event is not None:
            out.append((seq, event))
    return out


class Referee:
    """One game's referee: push events, read rulings and state; undo and correct by replay.

    >>> ref = Referee.replay(events)        # doctest: +SKIP
    >>> ref.push(event)                      # doctest: +SKIP
    [Ruling(kind='wrong_slap', ...)]
    """

    def __init__(self, start: GameStarted, language: str = "fi"):
        if start.game not in ENGINES:
            raise ValueError(f"no referee for game {start.game!r}; known: {', '.join(sorted(ENGINES))}")
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, got {language!r}")
        self.language = language
        self.log: list[Event] = [start]
        self._rebuild()

    @classmethod
    def replay(cls, events: Iterable[Event], language: str = "fi") -> "Referee":
        events = list(events)
        if not events or not isinstance(events[0], GameStarted):
            raise ValueError("a game log must begin with a 'game_started' event")
        ref = cls(events[0], language)
        for event in events[1:]:
            ref.push(event)
        return ref

    def push(self, event: Event) -> list[Ruling]:
        """Append an event to the log and return the rulings it causes."""
        if isinstance(event, GameStarted):
            raise ValueError("a game has one 'game_started' event, at its start")
        seq = len(self.log)
        self.log.append(event)
        if isinstance(event, (Undo, Correction)):
            self._rebuild()  # state and `rulings` re-derived from the effective log
            return []
        return self._apply(seq, event)

    def pop(self) -> Event:
        """Undo the latest event in force (by appending an ``Undo``); return the event undone."""
        effective = effective_events(self.log)
        if len(effective) < 2:
            raise IndexError("nothing to undo: only the game start is in force")
        undone = effective[-1][1]
        self.push(Undo(t=self.log[-1].t, source=undone.source))
        return undone

    @property
    def game(self) -> str:
        return self.engine.game

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.engine.players),
            "settings": self.engine.settings,
            "events": len(self.log),
            "finished": self.engine.finished,
            **self.engine.summary(),
            "rulings": [r.to_json(self.language) for r in self.rulings],
        }

    def _rebuild(self) -> None:
        start = self.log[0]
        assert isinstance(start, GameStarted)
        self.engine: Engine = ENGINES[start.game](start)
        self.rulings: list[Ruling] = []
        for seq, event in effective_events(self.log)[1:]:
            self._apply(seq, event)

    def _apply(self, seq: int, event: Event) -> list[Ruling]:
        snapshot = copy.deepcopy(self.engine)
        try:
            rulings = self.engine.apply(event, seq)
        except Impossible as e:
            self.engine = snapshot
            rulings = [e.ruling(cause=seq)]
        rulings = [r if r.cause is not None else replace(r, cause=seq) for r in rulings]
        replaced = {cause for r in rulings for cause in r.data.get("replaces", ())}
        if replaced:  # the events judged again: what was ruled on them before is withdrawn
            self.rulings = [replace(r, withdrawn=True) if r.cause in replaced else r for r in self.rulings]
        self.rulings.extend(rulings)
        return rulings

