"""The evening's page (Starlette), served by the hub: every table's sheet and the evening's standings, live.

    GET /                              the page (static/evening.html, evening.js; the table page's style.css)
    GET /api/evening                   every table's card and the standings now
    GET /events                        Server-Sent Events: "hello", then "table" and "standings" as they change
    GET /tables/{table}/record.html    a table's current game as one page (?lang=fi|en)

Watching only: the evening's page adds no events (each table's own page does).
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse, HTMLResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.core import LANGUAGES

from pelituomari.club.evening import EveningBook
from pelituomari.web.app import STATIC as TABLE_STATIC
from pelituomari.web.feed import Feed, sse

STATIC = Path(__file__).resolve().parent / "static"
REFRESH_S = 0.25   # how often the cards of the tables changed are made again


def make_evening_app(book: EveningBook, feed: Feed, language: str = "fi", refresh_s: float = REFRESH_S) -> Starlette:
    async def refreshing() -> None:
        while True:
            await run_in_threadpool(book.refresh)
            await asyncio.sleep(refresh_s)

    @asynccontextmanager
    async def lifespan(app):
        feed.bind(asyncio.get_running_loop())
        task = asyncio.create_task(refreshing())
        try:
            yield
        finally:
            task.cancel()
            feed.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "evening.html", headers={"Cache-Control": "no-cache"})

    async def evening(request: Request) -> Response:
        return JSONResponse({**book.snapshot(), "language": language})

    async def events(request: Request) -> Response:
        return StreamingResponse(feed.stream(sse("hello", {})), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def record(request: Request) -> Response:
        asked = request.query_params.get("lang", language)
        table = request.path_params["table"]
        html = await run_in_threadpool(book.record, table, asked if asked in LANGUAGES else language)
        if html is None:
            return JSONResponse({"error": f"no game of table {table} to show"}, 404)
        return HTMLResponse(html, headers={"Content-Disposition": f'attachment; filename="{table}.html"'})

    return Starlette(routes=[
        Route("/", index), Route("/api/evening", evening), Route("/events", events),
        Route("/tables/{table}/record.html", record),
        Mount("/static", StaticFiles(directory=TABLE_STATIC), name="static"),
        Mount("/evening", StaticFiles(directory=STATIC), name="evening"),
    ], lifespan=lifespan)
