"""Buzzer and LED answers to the referee's rulings, so players know they were heard.

A pattern is a short timeline of on/off steps for the buzzer and three LEDs (green "heard", red
"fault", yellow "pause").  ``pattern_for`` maps a ruling to its pattern (pure, testable): the answers
every game shares, and those a game adds for its own ruling kinds (pelituomari.game's ``answers``);
``Feedback`` plays patterns on gpiozero devices in a background thread, one after another.  With
no pins configured it does nothing at all.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass, fields
from typing import Callable, Iterable, Mapping

from referee.core import Ruling

DEVICES = ("buzzer", "heard", "fault", "pause")
MAX_PENDING = 4  # a burst of rulings beyond this is not worth a long beeping backlog


@dataclass(frozen=True)
class FeedbackPins:
    """BCM pins of the buzzer and LEDs (None: not fitted).  Defaults as in docs/wiring.md."""

    buzzer: int | None = 18
    heard: int | None = 23
    fault: int | None = 24
    pause: int | None = 25


@dataclass(frozen=True)
class Step:
    at_s: float
    device: str
    on: bool


@dataclass(frozen=True)
class Pattern:
    """A named timeline; every device it turns on it turns off again, except the pause LED."""

    name: str
    steps: tuple[Step, ...]

    @property
    def length_s(self) -> float:
        return max(step.at_s for step in self.steps)


def blinks(device: str, on_s: float, off_s: float = 0.0, n: int = 1, start_s: float = 0.0) -> list[Step]:
    """``n`` on-periods of ``on_s`` separated by ``off_s``, from ``start_s``."""
    steps = []
    for i in range(n):
        t = round(start_s + i * (on_s + off_s), 6)
        steps += [Step(t, device, True), Step(round(t + on_s, 6), device, False)]
    return steps


def pattern(name: str, *parts: list[Step]) -> Pattern:
    return Pattern(name, tuple(sorted((s for part in parts for s in part), key=lambda s: s.at_s)))


CALL_HEARD = pattern("call_heard", blinks("buzzer", 0.08), blinks("heard", 0.3))
WRONG_SLAP = pattern("wrong_slap", blinks("buzzer", 0.06, 0.06, 3), blinks("fault", 0.06, 0.06, 3))
FINE_GIVEN = pattern("fine_given", blinks("buzzer", 0.4), blinks("fault", 0.6))
PAUSE_ON = pattern("pause_on", blinks("buzzer", 0.15, 0.1, 2), [Step(0.0, "pause", True)])
PAUSE_OFF = pattern("pause_off", blinks("buzzer", 0.15), [Step(0.0, "pause", False)], blinks("heard", 0.15))
GAME_OVER = pattern("game_over", [Step(0.0, "pause", False)], blinks("buzzer", 0.1, 0.1, 3),
                    blinks("buzzer", 0.5, start_s=0.6), blinks("heard", 0.1, 0.1, 3),
                    blinks("fault", 0.1, 0.1, 3, start_s=0.1), blinks("heard", 0.5, start_s=0.6),
                    blinks("fault", 0.5, start_s=0.6))
PATTERNS = {p.name: p for p in (CALL_HEARD, WRONG_SLAP, FINE_GIVEN, PAUSE_ON, PAUSE_OFF, GAME_OVER)}

SHARED = {"paused": PAUSE_ON, "resumed": PAUSE_OFF, "game_over": GAME_OVER}   # every game's, by ruling kind


def pattern_for(ruling: Ruling, answers: Mapping[str, str] = {}) -> Pattern | None:
    """The answer to a ruling: a fine or penalty cards given sound alike ("fine given"); answers names the
    pattern of the game's own ruling kinds (a kiketti call heard, a wrong slap)."""
    if ruling.kind in ("fine", "penalty"):
        return FINE_GIVEN if ruling.penalty > 0 else None
    if ruling.kind in answers:
        return PATTERNS[answers[ruling.kind]]
    return SHARED.get(ruling.kind)


class Feedback:
    """Plays patterns on a gpiozero Buzzer and LEDs; ``pins=None`` makes every call a no-op.

    ``answers`` names the patterns of the game's own ruling kinds (pattern_for); ``sleep(seconds)`` waits
    between steps; the default can be cut short by ``close``.
    """

    def __init__(self, pins: FeedbackPins | None = FeedbackPins(), *, answers: Mapping[str, str] = {},
                 pin_factory=None, sleep: Callable[[float], object] | None = None):
        self.answers = dict(answers)
        self.devices = {}
        if pins is not None:
            from gpiozero import LED, Buzzer

            for f in fields(pins):
                pin = getattr(pins, f.name)
                if pin is not None:
                    kind = Buzzer if f.name == "buzzer" else LED
                    self.devices[f.name] = kind(pin, pin_factory=pin_factory)
        self._closed = threading.Event()
        self.sleep = sleep or self._closed.wait
        self._queue: queue.Queue[Pattern | None] = queue.Queue()
        self._worker: threading.Thread | None = None

    @property
    def configured(self) -> bool:
        return bool(self.devices)

    def react(self, rulings: Iterable[Ruling]) -> list[Pattern]:
        """Queue the answers to ``rulings`` (played in the background); return those queued."""
        if not self.configured:
            return []
        queued = []
        for ruling in rulings:
            found = pattern_for(ruling, self.answers)
            if found is not None and self._queue.qsize() < MAX_PENDING and (not queued or queued[-1] != found):
                queued.append(found)
                self._queue.put(found)
        if queued and self._worker is None:
            self._worker = threading.Thread(target=self._work, name="feedback", daemon=True)
            self._worker.start()
        return queued

    def play(self, pattern: Pattern) -> None:
        """Play one pattern now, in this thread; steps for devices not fitted are skipped."""
        now = 0.0
        for step in pattern.steps:
            if self._closed.is_set():
                return
            if step.at_s > now:
                self.sleep(step.at_s - now)
                now = step.at_s
            device = self.devices.get(step.device)
            if device is not None:
                device.on() if step.on else device.off()

    def _work(self) -> None:
        while (pattern := self._queue.get()) is not None:
            self.play(pattern)

    def close(self) -> None:
        self._closed.set()
        if self._worker is not None:
            self._queue.put(None)
            self._worker.join(2.0)
        for device in self.devices.values():
            device.close()
