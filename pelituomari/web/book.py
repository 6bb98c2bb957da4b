"""What the page shows, kept by the thread that owns the referee and read by the web server's threads.

The owner calls ``recorded`` right after the referee ruled on an event: the page's JSON is made there,
once, while the referee stands still, and every open page is told (pelituomari.web.feed). Requests
read only what was kept, under a lock, never the referee itself.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from typing import Any

from referee.core import Referee, Ruling
from referee.events import Correction, Event, Undo

from pelituomari.web.feed import Feed, sse
from pelituomari.web.views import event_record, event_records, page_state, ruling_json

NOTICES = 8   # the camera's latest notices the page shows


class PageBook:
    def __init__(self, referee: Referee, feed: Feed):
        self.feed = feed
        self._lock = threading.Lock()
        self._notices: deque[dict[str, Any]] = deque(maxlen=NOTICES)
        self._rebuild(referee)

    def _rebuild(self, referee: Referee) -> None:
        state, events = page_state(referee), event_records(referee)
        rulings = [ruling_json(r) for r in referee.rulings]
        with self._lock:
            self._state, self._events, self._rulings = state, events, rulings

    def recorded(self, referee: Referee, event: Event, rulings: list[Ruling]) -> None:
        """The referee has ruled on ``event`` (the latest in its log): keep it and tell every page. An undo
        or a correction re-derives every ruling, so the pages are sent the whole game again."""
        if isinstance(event, (Undo, Correction)):
            self._rebuild(referee)
            with self._lock:
                message = {"state": self._state, "events": self._events, "rulings": self._rulings, "replace": True}
        else:
            seq = len(referee.log) - 1
            record = event_record(seq, event, True, list(referee.engine.players))
            new = [ruling_json(r) for r in rulings]
            state = page_state(referee)
            with self._lock:
                self._state = state
                self._events.append(record)
                self._rulings.extend(new)
            message = {"state": state, "events": [record], "rulings": new, "replace": False}
        self.feed.publish(sse("change", message, message["state"]["version"]))

    def noticed(self, notice) -> None:
        """A camera notice (glare, too dark, a move not booked), in both languages, for every page."""
        said = {"fi": notice.message("fi"), "en": notice.message("en"), "at": time.time()}
        with self._lock:
            self._notices.append(said)
        self.feed.publish(sse("notice", said))

    def caused(self, seq: int) -> list[dict[str, Any]]:
        """The rulings that the event at log position ``seq`` caused, so far."""
        with self._lock:
            return [r for r in self._rulings if r["cause"] == seq]

    @property
    def version(self) -> int:
        with self._lock:
            return self._state["version"]

    @property
    def last_t(self) -> float:
        """The table-clock time of the latest booked event."""
        with self._lock:
            return self._events[-1]["event"]["t"]

    def snapshot(self) -> dict[str, Any]:
        """Everything a page needs to show the game now."""
        with self._lock:
            return {"state": self._state, "events": list(self._events), "rulings": list(self._rulings),
                    "notices": list(self._notices)}
