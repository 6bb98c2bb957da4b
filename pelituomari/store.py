"""The event store: an append-only SQLite log of every game's events.

One transaction per event, WAL journal, ``synchronous=FULL``: once ``append`` returns, the event
survives a killed process or a power cut; a crash while writing loses at most that one event.
State is never stored, only events: a restarted referee rebuilds it by replay.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from referee.events import Event, EventError, GameStarted, from_json

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


class EventStore:
    """Games and their events in one SQLite file (``:memory:`` for tests)."""

    def __init__(self, path: str | Path, create: bool = True):
        """A file already there is opened only if it is an event store, and anything else is left as it
        was (another program's SQLite file given as the store must not get the store's tables). create=False:
        nor is a missing or empty file made a new store (a mistyped path given to carry on a game must
        not leave a file behind)."""
        self.path = str(path)
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
            db = sqlite3.connect(self.path, isolation_level=None)
            missing = _missing_from_store(db) if existing else None   # before the journal mode, which writes the header
            if missing:
                db.close()
                raise StoreError(f"{self.path}: an SQLite file, but not an event store ({missing}); it is left as it was")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as e:
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
        with self._transaction():
            cur = self._db.execute(
                "INSERT INTO games (game, players, started) VALUES (?, ?, ?)",
                (start.game, json.dumps(list(start.players), ensure_ascii=False), start.t),
            )
            game_id = cur.lastrowid
            self._db.execute("INSERT INTO events VALUES (?, 0, ?)", (game_id, start.dumps()))
        return game_id

    def append(self, game_id: int, event: Event) -> int:
        """Append one event in its own transaction; return its log position."""
        if isinstance(event, GameStarted):
            raise ValueError("a 'game_started' event begins a new game: use new_game()")
        with self._transaction():
            row = self._db.execute("SELECT MAX(seq) FROM events WHERE game_id = ?", (game_id,)).fetchone()
            if row[0] is None:
                raise KeyError(f"no game {game_id} in {self.path}")
            seq = row[0] + 1
            self._db.execute("INSERT INTO events VALUES (?, ?, ?)", (game_id, seq, event.dumps()))
        return seq

    def events(self, game_id: int) -> list[Event]:
        """A game's events in log order."""
        rows = self._db.execute("SELECT seq, body FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        if not rows:
            raise KeyError(f"no game {game_id} in {self.path}")
        out = []
        for seq, body in rows:
            try:
                out.append(from_json(json.loads(body)))
            except (EventError, json.JSONDecodeError) as e:
                raise EventError(None, f"stored event {seq} of game {game_id} is unreadable: {e}") from None
        return out

    def games(self) -> list[StoredGame]:
        rows = self._db.execute(
            "SELECT g.id, g.game, g.players, g.started, COUNT(e.seq) FROM games g "
            "JOIN events e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id"
        ).fetchall()
        return [StoredGame(i, game, tuple(json.loads(p)), started, n) for i, game, p, started, n in rows]

    def latest_game(self) -> StoredGame | None:
        games = self.games()
        return games[-1] if games else None

    def _transaction(self):
        return _Transaction(self._db)


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
        self.db.execute("ROLLBACK" if exc_type else "COMMIT")
