"""What a table has to publish, and how far the broker has taken it.

The table's event store is the outbox: every position is published from what was stored there, with the
rulings the referee made on it (re-derived by replaying the stored log, as the referee itself does after a
restart). The last position the broker acknowledged, with every one before it, is kept in a small file
beside the store (``<db>.published.json``), so a table restarted, or `pelituomari publish` run after an
evening offline, sends the broker what it never took, and the hub drops by position whatever comes twice.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from referee.core import Referee, Ruling
from referee.events import Event

from pelituomari.club.wire import position_message
from pelituomari.store import EventStore
from pelituomari.web.views import load_engine

NONE_ACKED = -1


class AckFile:
    """Per table and game, the last position the broker acknowledged (with all before it)."""

    def __init__(self, path: Path | None):
        self.path = path
        self._acked: dict[str, dict[str, int]] = {}
        if path is not None and path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                data = {}   # unreadable: everything is sent again, and the hub drops what it has
            if isinstance(data, dict):
                self._acked = {t: {g: n for g, n in games.items() if isinstance(n, int)}
                               for t, games in data.items() if isinstance(games, dict)}

    @classmethod
    def beside(cls, db: str) -> "AckFile":
        return cls(None if db == ":memory:" else Path(f"{db}.published.json"))

    def get(self, table: str, game_id: int) -> int:
        return self._acked.get(table, {}).get(str(game_id), NONE_ACKED)

    def set(self, table: str, game_id: int, seq: int) -> None:
        self._acked.setdefault(table, {})[str(game_id)] = seq

    def save(self) -> None:
        """Written whole to a new file and renamed over the old, so a power cut leaves one or the other."""
        if self.path is None:
            return
        new = self.path.with_name(self.path.name + ".new")
        new.write_text(json.dumps(self._acked, sort_keys=True), encoding="utf-8")
        os.replace(new, self.path)


class Outbox:
    """One game's log positions as published payloads, and how many of them the broker has taken."""

    def __init__(self, game_id: int, game: str, acked: int = NONE_ACKED):
        self.game_id, self.game = game_id, game
        self.payloads: list[bytes] = []
        self.acked = acked           # every position up to this one the broker has acknowledged
        self._acked_above: set[int] = set()

    @classmethod
    def replayed(cls, events: list[Event], game_id: int, acked: int = NONE_ACKED) -> "Outbox":
        """The outbox of a stored game: its events replayed, each with the rulings it caused."""
        load_engine(events[0].game)
        box = cls(game_id, events[0].game, acked)
        referee = Referee(events[0])
        box.add(0, events[0], [])
        for seq, event in enumerate(events[1:], start=1):
            box.add(seq, event, referee.push(event))
        return box

    @classmethod
    def from_store(cls, db: str, game_id: int, acked: int = NONE_ACKED) -> "Outbox":
        """A StoreError or KeyError names what is wrong with the store or the game."""
        with EventStore(db, create=False) as store:
            events = store.events(game_id)
        return cls.replayed(events, game_id, acked)

    @property
    def last(self) -> int:
        return len(self.payloads) - 1

    def add(self, seq: int, event: Event, rulings: list[Ruling]) -> None:
        """The event stored at ``seq`` and the rulings made on it; positions come in log order."""
        if seq != len(self.payloads):
            raise ValueError(f"game {self.game_id}: position {seq} added after {self.last}; they come in log order")
        self.payloads.append(position_message(seq, event, rulings))

    def acknowledge(self, seq: int) -> bool:
        """The broker took ``seq``; True when that moved ``acked`` on."""
        if seq <= self.acked:
            return False
        self._acked_above.add(seq)
        moved = False
        while self.acked + 1 in self._acked_above:
            self._acked_above.discard(self.acked + 1)
            self.acked += 1
            moved = True
        return moved
