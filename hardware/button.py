"""The kiketti button: short press = a call, long press = declare or end a pause.

The timing lives in ``PressTimer``, a pure state machine fed with edge timestamps, so debounce and
the short/long boundary are testable without a Pi.  ``SeatButtons`` wraps one timer per gpiozero
``Button`` (one shared button, or one per seat) and turns finished presses into ``ButtonPressed``
events stamped by an injectable clock (the live pipeline passes its table clock).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from functools import partial
from typing import Callable

from referee.events import ButtonPressed, Source

DEFAULT_BUTTON_PIN = 17  # BCM numbering; see docs/wiring.md
DEFAULT_HOLD_S = 1.0
DEFAULT_BOUNCE_S = 0.02


@dataclass(frozen=True)
class Press:
    """A finished press: went down at ``t_down`` and stayed down ``duration_s``."""

    t_down: float
    duration_s: float
    long: bool


class PressTimer:
    """Debounce and press/hold timing on edge timestamps (seconds, any monotonic clock).

    A level counts only once it has stayed unchanged for ``bounce_s``; a press then dates from the
    first edge that left the previous level, so bounce neither invents presses nor delays the
    time of a call.  A press is ``long`` when its duration, rounded to the microsecond, is at
    least ``hold_s`` (so 1.3 - 0.3 counts as exactly 1.0 s).  Times that go backwards are ignored.
    """

    def __init__(self, hold_s: float = DEFAULT_HOLD_S, bounce_s: float = DEFAULT_BOUNCE_S):
        if not hold_s > 0:
            raise ValueError(f"hold_s must be > 0 seconds, got {hold_s!r}")
        if not 0 <= bounce_s < hold_s:
            raise ValueError(f"bounce_s must be >= 0 and below hold_s ({hold_s}), got {bounce_s!r}")
        self.hold_s, self.bounce_s = hold_s, bounce_s
        self.pressed = False  # the debounced level
        self._raw = False
        self._t_last_edge: float | None = None
        self._t_left: float | None = None  # first edge away from the debounced level
        self._t_down: float | None = None
        self._now = float("-inf")

    def edge(self, pressed: bool, t: float) -> Press | None:
        """The contact went down (``pressed``) or up at ``t``; return a press it finished, if any."""
        if t < self._now:
            return None
        press = self.settle(t)
        if pressed != self._raw:
            self._raw, self._t_last_edge = pressed, t
            if pressed != self.pressed and self._t_left is None:
                self._t_left = t
        return press

    def settle(self, t: float) -> Press | None:
        """Let time pass to ``t`` with no edge: commit a level that has been stable long enough."""
        if t < self._now:
            return None
        self._now = t
        if self._t_last_edge is None or t - self._t_last_edge < self.bounce_s:
            return None
        t_left, self._t_left = self._t_left, None
        if self._raw == self.pressed:
            return None  # a glitch shorter than bounce_s: nothing happened
        self.pressed = self._raw
        if self.pressed:
            self._t_down = t_left
            return None
        assert self._t_down is not None and t_left is not None
        duration = round(t_left - self._t_down, 6)
        return Press(self._t_down, duration, duration >= self.hold_s)


class SeatButtons:
    """gpiozero buttons (active low, internal pull-up) that emit ``ButtonPressed`` events.

    ``pins`` maps a seat (None for the one shared button) to a BCM pin.  ``on_event`` is called
    from gpiozero's thread (or a settle timer) with each finished press.  The event's ``t`` is when
    the button went down, ``duration_s`` how long it was held.  ``clock`` must run at real-time
    rate: a release is committed by a timer ``bounce_s`` real seconds after the last edge.
    """

    def __init__(
        self,
        pins: dict[int | None, int],
        on_event: Callable[[ButtonPressed], None],
        *,
        clock: Callable[[], float] = time.monotonic,
        hold_s: float = DEFAULT_HOLD_S,
        bounce_s: float = DEFAULT_BOUNCE_S,
        pin_factory=None,
    ):
        from gpiozero import Button

        if not pins:
            raise ValueError("no button pins configured")
        self.on_event, self.clock = on_event, clock
        self._lock = threading.Lock()
        self._timers: dict[int | None, PressTimer] = {}
        self._settle_at: dict[int | None, threading.Timer] = {}
        self.buttons = {}
        for seat, pin in pins.items():
            # gpiozero's own debounce would drop edges: ours needs every one of them.
            button = Button(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
            button.when_pressed = partial(self._edge, seat, True)
            button.when_released = partial(self._edge, seat, False)
            self.buttons[seat] = button
            self._timers[seat] = PressTimer(hold_s, bounce_s)

    def _edge(self, seat: int | None, pressed: bool) -> None:
        with self._lock:
            timer = self._timers[seat]
            self._emit(seat, timer.edge(pressed, self.clock()))
            pending = self._settle_at.pop(seat, None)
            if pending:
                pending.cancel()
            settle = threading.Timer(timer.bounce_s, self.settle, args=(seat,))
            settle.daemon = True
            self._settle_at[seat] = settle
            settle.start()

    def settle(self, seat: int | None = None) -> None:
        """Commit a level that has been stable for the bounce time (a timer calls this)."""
        with self._lock:
            self._emit(seat, self._timers[seat].settle(self.clock()))

    def _emit(self, seat: int | None, press: Press | None) -> None:
        if press is not None:
            self.on_event(ButtonPressed(t=press.t_down, source=Source.BUTTON, seat=seat,
                                        long=press.long, duration_s=press.duration_s))

    def close(self) -> None:
        with self._lock:
            for pending in self._settle_at.values():
                pending.cancel()
            for button in self.buttons.values():
                button.close()
