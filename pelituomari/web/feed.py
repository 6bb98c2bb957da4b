"""The Server-Sent Events broadcast: every open page gets each change as it is made.

A change is encoded once, in the thread that made it, and handed to the server's event loop in one
call; the loop copies the same bytes into each page's queue. A page that falls far behind (a phone
gone to sleep) is dropped rather than let grow: its browser reconnects and fetches the state anew.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator

KEEPALIVE_S = 15.0    # a comment line this often keeps proxies and phones from closing an idle stream
BACKLOG = 64          # changes a page may fall behind before it is dropped


def sse(kind: str, data: Any, event_id: int | None = None) -> bytes:
    """One Server-Sent Events message."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {kind}\ndata: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


class _Page:
    def __init__(self) -> None:
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(BACKLOG)


class Feed:
    """Fans messages out to the open streams. ``bind`` it to the server's loop before publishing."""

    def __init__(self, keepalive_s: float = KEEPALIVE_S):
        self.keepalive_s = keepalive_s
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pages: set[_Page] = set()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    @property
    def pages(self) -> int:
        """How many streams are open."""
        return len(self._pages)

    def publish(self, message: bytes) -> None:
        """Send a message to every open stream; safe from any thread. Before the server runs it goes nowhere
        (a page that opens later fetches the state)."""
        self._in_loop(self._fan_out, message)

    def close(self) -> None:
        """End every stream (the server is stopping); safe from any thread."""
        self._in_loop(lambda: [self._end(page) for page in list(self._pages)])

    def _in_loop(self, call, *args) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(call, *args)
        except RuntimeError:   # the loop closed meanwhile: the server is stopping
            pass

    def _fan_out(self, message: bytes) -> None:
        for page in list(self._pages):
            try:
                page.queue.put_nowait(message)
            except asyncio.QueueFull:
                self._end(page)

    def _end(self, page: _Page) -> None:
        """End a stream after what it was sent already; a stream too far behind for that loses it."""
        self._pages.discard(page)
        if page.queue.full():
            while not page.queue.empty():
                page.queue.get_nowait()
        page.queue.put_nowait(None)

    async def stream(self, first: bytes) -> AsyncIterator[bytes]:
        """One page's stream: ``first`` (what it needs to catch up), then every change as it comes."""
        page = _Page()
        self._pages.add(page)
        try:
            yield first
            while True:
                try:
                    message = await asyncio.wait_for(page.queue.get(), self.keepalive_s)
                except asyncio.TimeoutError:
                    yield b": keepalive\n\n"
                    continue
                if message is None:
                    return
                yield message
        finally:
            self._pages.discard(page)
