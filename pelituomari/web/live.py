"""The table's page while `pelituomari run` referees: the pipeline owns the store and the referee.

A write from a phone is handed to the pipeline (``Pipeline.submit``), so it is stored and refereed in
order with the camera's events, with the next frame; the phone is answered once the referee has ruled.
"""

from __future__ import annotations

import asyncio
from typing import Any

from referee.events import Event

from pelituomari.web.book import PageBook
from pelituomari.web.feed import Feed
from pelituomari.web.picture import TablePicture

ANSWER_WAIT_S = 5.0   # how long a phone waits for its event's ruling before it is told the event is queued


class LiveTable:
    """Hooks a pipeline to the page: its events and the camera's notices are told to every page, its
    latest frame is the page's picture (the pipeline's annotator, passing frames on to a video if one is
    written)."""

    def __init__(self, pipeline, feed: Feed, language: str = "fi"):
        self.pipeline, self.language = pipeline, language
        self.book = PageBook(pipeline.referee, feed)
        self.picture = TablePicture(pipeline.calibration, language, video=pipeline.annotator)
        pipeline.annotator = self.picture
        self._on_event, self._on_notice = pipeline.on_event, pipeline.on_notice
        pipeline.on_event, pipeline.on_notice = self._event, self._notice
        self._waiting: dict[int, tuple[asyncio.AbstractEventLoop, asyncio.Future]] = {}

    @property
    def name(self) -> str:
        return f"game{self.pipeline.game_id}" if self.pipeline.game_id is not None else "game"

    def _event(self, event: Event, rulings) -> None:
        if self._on_event is not None:
            self._on_event(event, rulings)
        self.book.recorded(self.pipeline.referee, event, rulings)
        waiting = self._waiting.pop(id(event), None)
        if waiting is not None:
            loop, future = waiting
            seq = len(self.pipeline.referee.log) - 1
            loop.call_soon_threadsafe(lambda: future.done() or future.set_result(seq))

    def _notice(self, notice) -> None:
        if self._on_notice is not None:
            self._on_notice(notice)
        self.book.noticed(notice)

    def clock(self) -> float:
        """The table's time now: the latest frame's (as the camera's events are dated), never before the
        latest booked event."""
        frame_t = self.picture.t
        frame_t = 0.0 if frame_t is None else frame_t + self.pipeline.t_offset
        return max(frame_t, self.book.last_t)

    def log(self) -> list[Event]:
        return list(self.pipeline.referee.log)

    async def submit(self, event: Event) -> dict[str, Any]:
        """Hand the event to the pipeline and wait for its ruling: {"seq", "rulings"}, or {"queued": true}
        when no frame came to carry it in time (a stalled camera)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._waiting[id(event)] = (loop, future)
        self.pipeline.submit(event)
        try:
            seq = await asyncio.wait_for(future, ANSWER_WAIT_S)
        except asyncio.TimeoutError:
            return {"queued": True, "rulings": []}
        return {"seq": seq, "rulings": self.book.caused(seq)}

    async def run(self) -> None:
        """Nothing to poll: the pipeline tells of every event."""

    def close(self) -> None:
        """Nothing of its own to close: the pipeline closes its annotator (this picture) and its store."""
