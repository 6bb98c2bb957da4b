"""The event store: an append-only SQLite log of every game's events.

One transaction per event, WAL journal, ``synchronous=FULL``: once ``append`` returns, the event
survives a killed process or a power cut; a crash while writing loses at most that one event.
State is never stored, only events: a restarted referee rebuilds it by replay.  Another program
holding the file is waited for (the user told), a full disk stops the append with nothing written,
and a damaged store is named, never half read.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from referee.events import Event, EventError, GameStarted, loads

MAX_GAME_ID = 2 ** 63 - 1   # SQLite's largest row id
BUSY_WAIT_S = 30.0          # how long another program holding the store is waited for

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    players: tuple[str, ...]
    started: float
    events: int


class StoreError(ValueError):
    """A file that cannot be opened as an event store: the message names it and what SQLite said."""


class StoreBusy(StoreError):
    """Another program kept the store locked for longer than the store waits."""


class EventStore:
    """Games and their events in one SQLite file (``:memory:`` for tests)."""

    def __init__(self, path: str | Path, create: bool = True, busy_wait_s: float | None = None,
                 on_busy: Callable[[str], None] | None = None):
        """A file already there is opened only if it is an event store, and anything else is left as it
        was (another program's SQLite file given as the store must not get the store's tables). create=False:
        nor is a missing or empty file made a new store (a mistyped path given to carry on a game must
        not leave a file behind). While another program holds the store, a write waits up to busy_wait_s
        (default BUSY_WAIT_S), telling ``on_busy`` once that it waits."""
        self.path = str(path)
        self.busy_wait_s = BUSY_WAIT_S if busy_wait_s is None else busy_wait_s
        self.on_busy = on_busy
        existing = False
        if self.path != ":memory:":
            file = Path(self.path)
            if file.is_dir():
                raise StoreError(f"{self.path}: a folder, not an event store; name a file in it, "
                                 f"e.g. {file / 'games.db'}")
            existing = file.is_file() and file.stat().st_size > 0
            if not create and not existing:
                what = "an empty file, not an event store" if file.exists() else "no event store there"
                raise StoreError(f"{self.path}: {what} (play and run make one)")
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                why = "a file is in the way" if isinstance(e, (FileExistsError, NotADirectoryError)) else e.strerror
                raise StoreError(f"{self.path}: its folder {file.parent} cannot be made: {why}") from None
        db = None
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=min(1.0, self.busy_wait_s))
            db.text_factory = _text
            missing = _missing_from_store(db) if existing else None   # before the journal mode, which writes the header
            if missing:
                db.close()
                raise StoreError(f"{self.path}: an SQLite file, but not an event store ({missing}); it is left as it was")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_SCHEMA)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:  # a damaged schema is not UTF-8
            if db is not None:
                db.close()
            raise StoreError(f"{self.path}: SQLite cannot open it as an event store ({e}); it is left as it was. "
                             f"A damaged store's games can be recovered with: "
                             f"sqlite3 {self.path} .recover | sqlite3 recovered.db") from None
        self._db = db

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "EventStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def new_game(self, start: GameStarted) -> int:
        """Store a game's first event; return the new game's id."""
        def write() -> int:
            with self._transaction():
                cur = self._db.execute(
                    "INSERT INTO games (game, players, started) VALUES (?, ?, ?)",
                    (start.game, json.dumps(list(start.players), ensure_ascii=False), start.t),
                )
                self._db.execute("INSERT INTO events VALUES (?, 0, ?)", (cur.lastrowid, start.dumps()))
                return cur.lastrowid
        return self._write(write, "the game's start")

    def append(self, game_id: int, event: Event) -> int:
        """Append one event in its own transaction; return its log position."""
        if isinstance(event, GameStarted):
            raise ValueError("a 'game_started' event begins a new game: use new_game()")
        _check_id(game_id, self.path)

        def write() -> int:
            with self._transaction():
                row = self._db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
                if row[0] is None:
                    raise KeyError(f"no game {game_id} in {self.path}")
                self._db.execute("INSERT INTO events VALUES (?, ?, ?)", (game_id, row[0] + 1, event.dumps()))
                return row[0] + 1
        return self._write(write, f"a '{event.type}' event")

    def events(self, game_id: int) -> list[Event]:
        """A game's events in log order; a StoreError names an event that is unreadable or missing."""
        _check_id(game_id, self.path)
        rows = self._read(lambda: self._db.execute(
            "SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall())
        if not rows:
            raise KeyError(f"no game {game_id} in {self.path}")
        out = []
        for expected, (seq, body) in enumerate(rows):
            where = f"{self.path}: game {game_id}"
            if seq != expected:
                raise StoreError(f"{where}: stored event {expected} is missing (the next one stored is {seq}); "
                                 f"the store was edited or damaged")
            if not isinstance(body, str):
                raise StoreError(f"{where}: stored event {seq} is unreadable: not text")
            try:
                out.append(loads(body))
            except EventError as e:
                raise StoreError(f"{where}: stored event {seq} is unreadable: {e}") from None
        if not isinstance(out[0], GameStarted):
            raise StoreError(f"{self.path}: game {game_id}: its log does not begin with its 'game_started' "
                             f"event (the first is '{out[0].type}')")
        return out

    def games(self) -> list[StoredGame]:
        rows = self._read(lambda: self._db.execute(
            "SELECT g.id, g.game, g.players, g.started, COUNT(e.seq) FROM games g "
            "JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id"
        ).fetchall())
        out = []
        for i, game, players, started, n in rows:
            try:
                names = json.loads(players)
            except (TypeError, ValueError, RecursionError):
                names = None
            if not isinstance(names, list) or not all(isinstance(p, str) for p in names):
                raise StoreError(f"{self.path}: game {i}: its player list is damaged")
            out.append(StoredGame(i, game, tuple(names), started, n))
        return out

    def latest_game(self) -> StoredGame | None:
        games = self.games()
        return games[-1] if games else None

    def _transaction(self):
        return _Transaction(self._db)

    def _write(self, write: Callable[[], int], what: str) -> int:
        """Run one write transaction: waited for while another program holds the store, stopped with nothing
        written where the disk is full or the file damaged."""
        waited, told = 0.0, False
        while True:
            began = time.monotonic()
            try:
                return write()
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) and "busy" not in str(e):
                    raise StoreError(_write_failed(self.path, what, e)) from None
                if not told and self.on_busy is not None:
                    self.on_busy(f"{self.path}: another program holds the store; waiting up to "
                                 f"{self.busy_wait_s:.0f} s")
                    told = True
                waited += time.monotonic() - began
                if waited >= self.busy_wait_s:
                    raise StoreBusy(f"{self.path}: another program has held the store for {waited:.0f} s; "
                                    f"{what} was not stored") from None
                time.sleep(0.05)
            except sqlite3.DatabaseError as e:
                raise StoreError(_write_failed(self.path, what, e)) from None

    def _read(self, read):
        try:
            return read()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:
            raise StoreError(f"{self.path}: SQLite cannot read it ({e}); a damaged store's games can be "
                             f"recovered with: sqlite3 {self.path} .recover | sqlite3 recovered.db") from None


def _text(data: bytes) -> str | bytes:
    """A stored text as str; a damaged one (not UTF-8) as its bytes, for the reader to name as unreadable."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data


def _write_failed(path: str, what: str, error: Exception) -> str:
    why = "the disk is full" if "full" in str(error) else f"SQLite says: {error}"
    return f"{path}: {what} was not stored: {why}; nothing of it was written"


def _check_id(game_id: int, path: str) -> None:
    if not 0 < game_id <= MAX_GAME_ID:
        raise KeyError(f"no game {game_id} in {path}")


def _missing_from_store(db: sqlite3.Connection) -> str | None:
    """What SQLite finds missing of the store's two tables and their columns ("no such table: games"), or None."""
    try:
        db.execute("SELECT id, game, players, started FROM games LIMIT 0")
        db.execute("SELECT game_id, seq, body FROM events LIMIT 0")
    except sqlite3.OperationalError as e:
        if not str(e).startswith("no such "):   # anything else (locked, damaged) is the caller's to name
            raise
        return str(e)
    return None


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, rolled back on error (sqlite3's own context manager does not begin)."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type, *exc) -> None:
        if exc_type is None:
            self.db.execute("COMMIT")
        elif self.db.in_transaction:  # SQLite rolls back itself on a full disk
            self.db.execute("ROLLBACK")
