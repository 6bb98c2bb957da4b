"""Stored games and served pages for the web tests: a store holding the first events of a sample game,
the page served from it through Starlette's TestClient with a known join code and token."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

from pelituomari.commands.replay import sample_log
from pelituomari.store import EventStore
from pelituomari.web.access import TableKey
from pelituomari.web.app import make_app
from pelituomari.web.feed import Feed
from pelituomari.web.stored import StoredTable
from referee.events import read_jsonl

CODE, TOKEN = "ABC234", "the-table-token"
WRITER = {"X-Table-Token": TOKEN}


def sample_events(game: str):
    return read_jsonl(sample_log(game).splitlines())


def stored_game(tmp_path, game: str, upto: int) -> str:
    """A store holding the sample game's first ``upto`` events, as game 1."""
    db = str(tmp_path / "games.db")
    events = sample_events(game)[:upto]
    with EventStore(db) as store:
        game_id = store.new_game(events[0])
        for event in events[1:]:
            store.append(game_id, event)
    return db


def append(db: str, *events) -> None:
    """Store events as another process playing the game does."""
    with EventStore(db) as store:
        for event in events:
            store.append(1, event)


def stored_events(db: str):
    with EventStore(db, create=False) as store:
        return store.events(1)


@contextmanager
def served(db: str, language: str = "fi", poll_s: float = 0.02):
    """(client, table, feed) of the page of the store's game 1, served while the block runs."""
    from starlette.testclient import TestClient

    feed = Feed()
    table = StoredTable(db, 1, feed, language, poll_s=poll_s)
    try:
        with TestClient(make_app(table, TableKey(CODE, TOKEN), feed)) as client:
            yield client, table, feed
    finally:
        table.close()


def wait_until(condition, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.005)


def sse_messages(body: str) -> list[tuple[str, dict]]:
    """(event, data) of each message of a Server-Sent Events body, comments left out."""
    out = []
    for block in body.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":"))
        if "event" in fields:
            out.append((fields["event"], json.loads(fields["data"])))
    return out
