"""What people said at the table, merged into the live stream as the camera's clock reaches it
(`pelituomari run --said FILE`).

Some of a game is spoken, never shown: Skruuvi's bids, passes and doubles reach neither the camera nor the
button. A recording of a table comes with them written down beside it, as JSON lines of ``declared`` events
dated on the recording's clock (seconds from its first frame), in the order they were said
(``pelituomari/samples/skruuvi_table.said.jsonl``). Each is handed to the pipeline (``Pipeline.submit``) with
the first frame at or after its time, exactly as a phone's word on the table's page would be, so the referee
checks every bid as it comes, between the cards the camera sees; what is left when the recording ends is
handed in then. A bad line is refused, naming the line and the field, before a game is stored.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from referee.events import Declared, Event, EventError, read_jsonl

if TYPE_CHECKING:
    from vision.capture import Frame

SAID = ("declared",)   # what a said file may hold: what people say, not what the camera or the button reports


class SaidError(ValueError):
    """A said file that cannot be read: the message names the file, the line and the field."""


def read_said(path: str | Path, players: int) -> list[Declared]:
    """The declarations of a said file, checked: each line a ``declared`` event by one of the game's
    ``players`` seats, none dated before the line above it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SaidError(f"{path}: {getattr(e, 'strerror', None) or e}") from None
    said: list[Declared] = []
    above = 0   # the line of the last event read
    for n, line in enumerate(text.splitlines(), start=1):
        try:
            events = read_jsonl([line])
            if events:
                _check(events[0], players, said[-1] if said else None, above)
        except EventError as e:
            raise SaidError(f"{path}: {e.at_line(n)}") from None
        if events:
            said.append(events[0])
            above = n
    return said


def _check(event: Event, players: int, before: Declared | None, above: int) -> None:
    if event.type not in SAID:
        raise EventError("type", f"a said file holds what people say ({', '.join(SAID)} events), "
                                 f"not {event.type!r}")
    if event.by >= players:
        raise EventError("by", f"seat {event.by}, but the game has {players} players (seats 0-{players - 1})")
    if before is not None and event.t < before.t:
        raise EventError("t", f"{event.t} s is before line {above}'s {before.t} s: write what was said in the "
                              f"order it was said")


class SaidFeed:
    """A frame source that hands the said events in as its frames reach their times.

    ``t_offset`` is the pipeline's (a resumed game's clock goes on past its log): a said event's time is
    counted from the source's first frame, and dated on the game's clock as that frame's events are."""

    def __init__(self, source, said: list[Declared], submit, t_offset: float = 0.0):
        self.source, self.submit, self.t_offset = source, submit, t_offset
        self._waiting = list(said)   # in the order said, which is time order
        self._origin: float | None = None   # the first frame's time

    def read(self) -> Frame | None:
        frame = self.source.read()
        if frame is None:
            self._hand_in(float("inf"))   # said after the last frame: still said
            return None
        if self._origin is None:
            self._origin = frame.t
        self._hand_in(frame.t - self._origin)
        return frame

    def _hand_in(self, upto: float) -> None:
        origin = self._origin or 0.0
        while self._waiting and self._waiting[0].t <= upto:
            event = self._waiting.pop(0)
            self.submit(dataclasses.replace(event, t=origin + event.t + self.t_offset))
