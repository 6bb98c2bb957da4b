"""The table page's routes (Starlette). The table behind them is a LiveTable (`run --web`) or a
StoredTable (`serve`); both keep a PageBook of what the page shows and take events through `submit`.

    GET  /                the page (static/index.html, app.js, style.css)
    GET  /api/state       the game now: the page's state, every booked event and ruling, the camera's notices
    GET  /events          Server-Sent Events: "hello" (the version), then "change" and "notice" as they come
    POST /api/events      a declaration, a fine drunk, a pause, an undo or a correction (the table's token only)
    GET  /join?code=...   join the table: sets the token's cookie
    GET  /snapshot.jpg    the latest frame with what the camera booked drawn on it (`run --web` only)
    GET  /record.html     the game as one self-contained page (?lang=fi|en)
"""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
from html import escape
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from referee.core import LANGUAGES, Referee
from referee.events import EventError, from_json

from pelituomari.store import StoreError
from pelituomari.web.access import COOKIE, TableKey
from pelituomari.web.feed import Feed, sse
from pelituomari.web.record import record_html

STATIC = Path(__file__).resolve().parent / "static"
WRITABLE = ("declared", "fine_drunk", "paused", "undo", "correction")   # what the page may add
JOINED_S = 7 * 24 * 3600   # how long a phone's cookie lasts (the token changes when the server restarts)


def make_app(table, key: TableKey, feed: Feed) -> Starlette:
    @asynccontextmanager
    async def lifespan(app):
        feed.bind(asyncio.get_running_loop())
        polling = asyncio.create_task(table.run())
        try:
            yield
        finally:
            polling.cancel()
            feed.close()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def state(request: Request) -> Response:
        return JSONResponse({**table.book.snapshot(), "joined": key.admits(request.headers, request.cookies),
                             "picture": table.picture is not None, "language": table.language})

    async def events(request: Request) -> Response:
        return StreamingResponse(feed.stream(sse("hello", {"version": table.book.version})),
                                 media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def write(request: Request) -> Response:
        if not key.admits(request.headers, request.cookies):
            return JSONResponse({"error": "join the table first: only a phone that has joined may add events"}, 403)
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "the body is not JSON"}, 400)
        if not isinstance(body, dict) or body.get("type") not in WRITABLE:
            return JSONResponse({"error": f"the page adds only {', '.join(WRITABLE)} events"}, 400)
        try:
            event = from_json({**body, "t": table.clock(), "source": "manual"})
        except EventError as e:
            return JSONResponse({"error": str(e)}, 400)
        try:
            answer = await table.submit(event)
        except StoreError as e:
            return JSONResponse({"error": str(e)}, 503)
        return JSONResponse(answer)

    async def join(request: Request) -> Response:
        code = request.query_params.get("code", "")
        joined = key.join(code) if code else False
        if joined:
            response = RedirectResponse("/", 303)
            response.set_cookie(COOKIE, key.token, max_age=JOINED_S, httponly=True, samesite="strict")
            return response
        why = "Liian monta väärää koodia: odota hetki. / Too many wrong codes: wait a minute." if joined is None \
            else "Väärä koodi. / Wrong code." if code else ""
        return HTMLResponse(_JOIN.format(why=escape(why)), 429 if joined is None else 403)

    def snapshot(request: Request) -> Response:   # sync: drawn and encoded in a worker thread, not the loop
        if table.picture is None:
            return JSONResponse({"error": "a stored game has no camera picture"}, 404)
        data = table.picture.jpeg()
        if data is None:
            return JSONResponse({"error": "no frame yet"}, 503)
        return Response(data, media_type="image/jpeg", headers={"Cache-Control": "no-store"})

    async def record(request: Request) -> Response:
        language = request.query_params.get("lang", table.language)
        if language not in LANGUAGES:
            language = table.language
        log = await run_in_threadpool(table.log)
        html = await run_in_threadpool(lambda: record_html(Referee.replay(log, language), language, table.name))
        return HTMLResponse(html, headers={"Content-Disposition": f'attachment; filename="{table.name}.html"'})

    return Starlette(routes=[
        Route("/", index), Route("/api/state", state), Route("/events", events),
        Route("/api/events", write, methods=["POST"]), Route("/join", join), Route("/snapshot.jpg", snapshot),
        Route("/record.html", record), Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)


_JOIN = """<!doctype html><html><head><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1">
<title>Liity pöytään / Join the table</title><link rel=stylesheet href=/static/style.css></head><body><main>
<h1>Liity pöytään / Join the table</h1><p class=warn>{why}</p>
<form action=/join method=get><input name=code autocomplete=off autocapitalize=characters size=8 placeholder="ABC234">
<button>Liity / Join</button></form><p><a href=/>Takaisin / Back</a></p></main></body></html>"""
