"""What the evening's page shows, made from the hub a few times a second: each table's card (its current
game's sheet as the table's own page renders it, pelituomari.web.views, and its latest rulings) and the
evening's standings (pelituomari.club.standings). Only the tables changed since the last look are made
again, each under its game's lock, and each change is told to every open page (pelituomari.web.feed).
"""

from __future__ import annotations

import threading
from typing import Any

from referee.core import LANGUAGES

from pelituomari.club.hub import Hub, ReceivedGame
from pelituomari.club.standings import standings, standings_html
from pelituomari.web.feed import Feed, sse
from pelituomari.web.record import record_html
from pelituomari.web.views import page_state, ruling_json

LATEST_RULINGS = 6   # rulings a table's card shows


class EveningBook:
    def __init__(self, hub: Hub, feed: Feed):
        self.hub, self.feed = hub, feed
        self._lock = threading.Lock()
        self._tables: dict[str, dict[str, Any]] = {}
        self._summaries: dict[tuple[str, int], tuple[str, dict[str, Any], list[str]]] = {}
        self._standings: dict[str, Any] = self._standings_view()

    def refresh(self) -> set[str]:
        """Make again the cards of the tables changed, and the standings; tell the open pages. Returns the
        tables made again."""
        changed = self.hub.take_changed()
        for name in sorted(changed):
            card = self._card(name)
            with self._lock:
                self._tables[name] = card
            self.feed.publish(sse("table", card))
        if changed:
            view = self._standings_view()
            with self._lock:
                self._standings = view
            self.feed.publish(sse("standings", view))
        return changed

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return {"tables": [self._tables[n] for n in sorted(self._tables)], "standings": self._standings}

    def record(self, table: str, language: str) -> str | None:
        """The table's current game as one page (pelituomari.web.record); None when it has none to show."""
        state = self.hub.tables.get(table)
        game = state.current if state is not None else None
        if game is None:
            return None
        with game.lock:
            if game.referee is None:
                return None
            return record_html(game.referee, language, f"{table} game{game.game_id}")

    def _card(self, name: str) -> dict[str, Any]:
        state = self.hub.tables[name]
        for game in list(state.games.values()):
            self._summarize(game)
        current = state.current
        card: dict[str, Any] = {"table": name, "online": None if state.status is None else state.status.online,
                                "games": len(state.games), "game_id": None, "state": None, "rulings": [],
                                "missing": 0, "disagreements": 0, "error": None}
        if current is None:
            return card
        with current.lock:
            card["game_id"] = current.game_id
            gap = current.gap()
            card["missing"] = 0 if gap is None else gap[1] - gap[0] + 1
            card["disagreements"], card["error"] = len(current.disagreements), current.error
            if current.referee is not None:
                card["state"] = page_state(current.referee)
                card["rulings"] = [ruling_json(r) for r in current.referee.rulings[-LATEST_RULINGS:]]
        return card

    def _summarize(self, game: ReceivedGame) -> None:
        with game.lock:
            if game.referee is None:
                return
            kept = (game.referee.game, game.referee.engine.summary(), list(game.referee.engine.players))
        with self._lock:
            self._summaries[(game.table, game.game_id)] = kept

    def _standings_view(self) -> dict[str, Any]:
        with self._lock:
            games = list(self._summaries.values())
        sections = standings(games)
        return {"sections": sections, "html": {language: standings_html(sections, language) for language in LANGUAGES}}
