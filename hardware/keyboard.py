"""No Pi, no problem: the keyboard stands in for the kiketti button.

Space is a short press (a kiketti call), ``p`` a long press (declare or end a pause).  The
presses are ``ButtonPressed`` events with source ``button``, so the referee treats them exactly
as the real button's.  ``button_input`` picks the GPIO buttons when there is GPIO, else this.
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
from typing import Callable, TextIO

from referee.events import ButtonPressed, Source

from .button import DEFAULT_HOLD_S, SeatButtons
from .gpio import find_pin_factory

HELP = "space = kiketti call (short press), p = pause on/off (long press)"
KEYS = {" ": False, "p": True, "P": True}  # key -> is it a long press


def key_event(key: str, t: float, hold_s: float = DEFAULT_HOLD_S) -> ButtonPressed | None:
    """The press a key stands for, dated ``t``; None for any other key."""
    if key not in KEYS:
        return None
    long = KEYS[key]
    return ButtonPressed(t=t, source=Source.BUTTON, long=long, duration_s=hold_s if long else 0.0)


class KeyboardButton:
    """Reads single keys in a background thread (a terminal is put in cbreak mode meanwhile)."""

    def __init__(self, on_event: Callable[[ButtonPressed], None], *, clock: Callable[[], float] = time.monotonic,
                 hold_s: float = DEFAULT_HOLD_S, stream: TextIO | None = None,
                 say: Callable[[str], object] = print, reason: str = ""):
        self.on_event, self.clock, self.hold_s = on_event, clock, hold_s
        self.stream = stream if stream is not None else sys.stdin
        self.say, self.reason = say, reason
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> "KeyboardButton":
        why = f" ({self.reason})" if self.reason else ""
        self.say(f"No GPIO found{why}: the keyboard stands in for the button: {HELP}.")
        self._thread = threading.Thread(target=self._run, name="keyboard-button", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        if self.stream.isatty():
            self._run_terminal()
        else:
            while key := self.stream.read(1):  # a pipe or file: read to its end
                self._key(key)

    def _run_terminal(self) -> None:
        import termios
        import tty

        fd = self.stream.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            while not self._stop.is_set():
                if select.select([fd], [], [], 0.1)[0]:  # a timeout, so that stop() is heard
                    self._key(os.read(fd, 1).decode("ascii", "ignore"))
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def _key(self, key: str) -> None:
        if key in KEYS:
            self.on_event(key_event(key, self.clock(), self.hold_s))

    def stop(self, timeout: float = 1.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def close(self) -> None:
        self.stop()


def button_input(pins: dict[int | None, int], on_event: Callable[[ButtonPressed], None], *,
                 clock: Callable[[], float] = time.monotonic, hold_s: float = DEFAULT_HOLD_S,
                 say: Callable[[str], object] = print):
    """The GPIO buttons on ``pins`` when this machine has GPIO, else the keyboard (said once)."""
    factory, reason = find_pin_factory()
    if factory is None:
        return KeyboardButton(on_event, clock=clock, hold_s=hold_s, say=say, reason=reason).start()
    return SeatButtons(pins, on_event, clock=clock, hold_s=hold_s, pin_factory=factory)
