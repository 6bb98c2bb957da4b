"""The hub's picture of the evening: every table's games rebuilt by replay from the positions received.

Positions are applied in log order, each exactly once: one that comes again is dropped by its position,
one that comes early waits for those before it, and a gap (seen from a later position, or from the
table's status saying its log goes further) is asked for again on the table's request topic, and asked
again while it stays open. The hub's own rulings are checked against those the table published; a
position where they differ is kept (the table and the hub run different rules).

No MQTT here (pelituomari.club.listener carries the messages): the hub is told each message and asks
through ``ask``, so it is tested without a broker.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from referee.core import Referee, Ruling
from referee.events import GameStarted

from pelituomari.club import topics
from pelituomari.club.wire import Position, Request, Status, WireError, read_position, read_status, ruling_payload
from pelituomari.web.views import load_engine

ASK_AGAIN_S = 2.0   # a gap still open this long after it was asked for is asked for again


class ReceivedGame:
    """One table's game as received: its referee, the positions waiting for a gap before them."""

    def __init__(self, table: str, game_id: int, language: str = "fi"):
        self.table, self.game_id, self.language = table, game_id, language
        self.referee: Referee | None = None
        self.waiting: dict[int, Position] = {}
        self.duplicates = 0
        self.disagreements: list[int] = []   # positions where the hub ruled otherwise than the table
        self.error: str | None = None         # why the game cannot be refereed here (an unknown game)
        self.known_last = -1                  # the last position the table says it has published
        self.asked: tuple[float, int, int] | None = None   # when, and which positions, were last asked for
        self.lock = threading.Lock()          # held while the game changes and while its page is made

    @property
    def next(self) -> int:
        """The position the game waits for."""
        return 0 if self.referee is None else len(self.referee.log)

    def receive(self, position: Position) -> list[tuple[int, list[Ruling]]]:
        """Apply the position and any waiting after it; returns what was applied, with the hub's rulings."""
        if position.seq < self.next or position.seq in self.waiting:
            self.duplicates += 1
            return []
        self.waiting[position.seq] = position
        self.known_last = max(self.known_last, position.seq)
        applied = []
        while self.error is None and self.next in self.waiting:
            here = self.waiting.pop(self.next)
            applied.append((here.seq, self._apply(here)))
        return applied

    def _apply(self, position: Position) -> list[Ruling]:
        event = position.event
        if self.referee is None:
            if not isinstance(event, GameStarted):
                self.error = f"position 0 is a '{event.type}' event, not the game's start"
                return []
            load_engine(event.game)
            try:
                self.referee = Referee(event, self.language)
            except ValueError as e:
                self.error = str(e)
                return []
            rulings = []
        else:
            try:
                rulings = self.referee.push(event)
            except ValueError as e:   # a second game start
                self.error = f"position {position.seq}: {e}"
                return []
        if [ruling_payload(r) for r in rulings] != list(position.rulings):
            self.disagreements.append(position.seq)
        return rulings

    def gap(self) -> tuple[int, int] | None:
        """The first run of positions missing before one received or one the table says it has."""
        if self.error is not None or self.next > self.known_last:
            return None
        above = [seq for seq in self.waiting if seq > self.next]
        return self.next, (min(above) - 1 if above else self.known_last)


@dataclass
class TableState:
    name: str
    status: Status | None = None
    games: dict[int, ReceivedGame] = field(default_factory=dict)

    @property
    def current(self) -> ReceivedGame | None:
        """The game the table plays now: the one its status names, else the latest received."""
        if self.status is not None and self.status.game_id in self.games:
            return self.games[self.status.game_id]
        return self.games[max(self.games)] if self.games else None


class Hub:
    """Told every message of the tables' trees (``message``), and ``tick``-ed now and then to ask again for
    gaps still open. ``on_ruled(table, game_id, seq, rulings)`` is told each position applied."""

    def __init__(self, ask: Callable[[str, Request], None], language: str = "fi",
                 on_ruled: Callable[[str, int, int, list[Ruling]], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, ask_again_s: float = ASK_AGAIN_S):
        self.ask, self.language, self.on_ruled = ask, language, on_ruled
        self.clock, self.ask_again_s = clock, ask_again_s
        self.tables: dict[str, TableState] = {}
        self.rejected: list[str] = []   # messages that could not be read, each with why
        self._lock = threading.Lock()   # guards the tables' dicts and the changed set, never a game's replay
        self._changed: set[str] = set()

    def message(self, topic: str, payload: bytes) -> None:
        where = topics.parse(topic)
        if where is None:
            return
        try:
            if where.kind == "status":
                self.status(where.table, read_status(payload))
            else:
                self.position(where.table, where.game_id, read_position(payload))
        except WireError as e:
            with self._lock:
                self.rejected.append(f"{topic}: {e}")

    def position(self, table: str, game_id: int, position: Position) -> None:
        game = self._game(table, game_id)
        with game.lock:
            applied = game.receive(position)
            self._ask_for_gap(game)
        if applied:
            with self._lock:
                self._changed.add(table)
            if self.on_ruled is not None:
                for seq, rulings in applied:
                    self.on_ruled(table, game_id, seq, rulings)

    def status(self, table: str, status: Status) -> None:
        with self._lock:
            state = self.tables.setdefault(table, TableState(table))
            if status.game_id is None and state.status is not None:   # the will: gone, the rest as it was
                status = Status(status.online, state.status.game_id, state.status.game, state.status.last)
            state.status = status
            self._changed.add(table)
        if status.game_id is not None and status.last is not None:
            game = self._game(table, status.game_id)
            with game.lock:
                game.known_last = max(game.known_last, status.last)
                self._ask_for_gap(game)

    def tick(self) -> None:
        """Ask again for every gap asked for long enough ago, of the tables not known to be offline."""
        with self._lock:
            games = [(t, g) for t in self.tables.values() for g in t.games.values()
                     if t.status is None or t.status.online]
        for _, game in games:
            with game.lock:
                self._ask_for_gap(game)

    def take_changed(self) -> set[str]:
        """The tables changed since the last call."""
        with self._lock:
            changed, self._changed = self._changed, set()
        return changed

    def _game(self, table: str, game_id: int) -> ReceivedGame:
        with self._lock:
            state = self.tables.setdefault(table, TableState(table))
            if game_id not in state.games:
                state.games[game_id] = ReceivedGame(table, game_id, self.language)
                self._changed.add(table)
            return state.games[game_id]

    def _ask_for_gap(self, game: ReceivedGame) -> None:
        """Ask for the game's gap, unless a request a moment ago covered it: its answer is on its way (game's
        lock held)."""
        gap = game.gap()
        if gap is None:
            game.asked = None
            return
        now = self.clock()
        if (game.asked is not None and game.asked[1] <= gap[0] and gap[1] <= game.asked[2]
                and now - game.asked[0] < self.ask_again_s):
            return
        game.asked = (now, *gap)
        self.ask(game.table, Request(game.game_id, *gap))
