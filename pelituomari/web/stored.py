"""The table's page of a stored game (`pelituomari serve`), kept up while another process adds to it.

One thread owns the store's connection and the referee: it polls the store's event count a few times a
second and rules on what is new. A phone's write is appended to the same store, in that thread, and ruled
on the same way, so it counts exactly as if the process playing the game had stored it.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable

from referee.core import Referee
from referee.events import Event

from pelituomari.store import EventStore
from pelituomari.web.book import PageBook
from pelituomari.web.feed import Feed
from pelituomari.web.views import load_engine

POLL_S = 0.25


class StoredTable:
    picture = None   # a stored game has no camera

    def __init__(self, db: str, game_id: int | None, feed: Feed, language: str = "fi", poll_s: float = POLL_S):
        """Opens the store (a StoreError names what is wrong) and replays the game (a KeyError: no such game)."""
        self.language, self.poll_s = language, poll_s
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="store")
        try:
            self._in_thread(lambda: self._open(db, game_id, feed)).result()
        except BaseException:
            self._thread.shutdown()
            raise

    def _in_thread(self, call: Callable[[], Any]):
        return self._thread.submit(call)

    def _open(self, db: str, game_id: int | None, feed: Feed) -> None:
        self.store = EventStore(db, create=False)
        try:
            if game_id is None:
                latest = self.store.latest_game()
                if latest is None:
                    raise KeyError(f"{db} holds no game")
                game_id = latest.id
            events = self.store.events(game_id)
            load_engine(events[0].game)
            self.referee = Referee.replay(events, self.language)
        except BaseException:
            self.store.close()
            raise
        self.game_id = game_id
        self.book = PageBook(self.referee, feed)

    @property
    def name(self) -> str:
        return f"game{self.game_id}"

    def _sync(self) -> None:
        """Rule on the events another process stored since the last look (store thread)."""
        count = next((g.events for g in self.store.games() if g.id == self.game_id), 0)
        if count <= len(self.referee.log):
            return
        for event in self.store.events(self.game_id)[len(self.referee.log):]:
            rulings = self.referee.push(event)
            self.book.recorded(self.referee, event, rulings)

    def clock(self) -> float:
        """A stored game's clock stands at its latest event."""
        return self.book.last_t

    def log(self) -> list[Event]:
        return self._in_thread(lambda: list(self.referee.log)).result()

    async def submit(self, event: Event) -> dict[str, Any]:
        def write() -> int:
            self._sync()   # what another process stored first is ruled on first
            seq = self.store.append(self.game_id, event)
            self._sync()
            return seq
        seq = await asyncio.wrap_future(self._in_thread(write))
        return {"seq": seq, "rulings": self.book.caused(seq)}

    async def run(self) -> None:
        """Poll the store until cancelled."""
        while True:
            await asyncio.wrap_future(self._in_thread(self._sync))
            await asyncio.sleep(self.poll_s)

    def close(self) -> None:
        self._in_thread(self.store.close).result()
        self._thread.shutdown()
