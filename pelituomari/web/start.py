"""Putting the table's page up: bind the address, make the table, the key and the app, say where to join.

`run --web` serves beside the live chain (``serve_live``); `serve` serves a stored game in the foreground
(``serve_stored``). An OSError says why the address (pelituomari.web.server.parse_listen's) cannot be had,
before anything is served.
"""

from __future__ import annotations

import sys
from typing import TextIO

from pelituomari.web.access import TableKey
from pelituomari.web.app import make_app
from pelituomari.web.feed import Feed
from pelituomari.web.server import Server, announce, bind, page_urls


def serve_live(pipeline, listen: tuple[str, int], language: str = "fi", out: TextIO = sys.stderr) -> Server:
    """Serve the page of the game the pipeline referees; returns the running server (``stop`` it after)."""
    from pelituomari.web.live import LiveTable

    sock = bind(*listen)
    feed, key = Feed(), TableKey()
    server = Server(make_app(LiveTable(pipeline, feed, language), key, feed), sock)
    server.start()
    announce(page_urls(sock), key.code, out)
    return server


def serve_stored(db: str, game_id: int | None, listen: tuple[str, int], language: str = "fi",
                 out: TextIO = sys.stderr) -> None:
    """Serve a stored game's page until Ctrl-C, following what another process adds to it."""
    from pelituomari.web.stored import StoredTable

    feed, key = Feed(), TableKey()
    table = StoredTable(db, game_id, feed, language)
    try:
        sock = bind(*listen)
        print(f"{table.referee.game}: game {table.game_id} in {db}, {len(table.referee.log)} events", file=out)
        announce(page_urls(sock), key.code, out)
        Server(make_app(table, key, feed), sock).run()
    finally:
        table.close()
