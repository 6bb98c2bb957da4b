"""The table's hardware in a live run: the kiketti button (or the keyboard), the buzzer and LEDs,
and the serial slap pads, all stamped on the pipeline's clock (``time.monotonic``, as the live
camera frames are)."""

from __future__ import annotations

import time
from typing import Callable, Iterable

from referee.core import Ruling


def parse_button_pins(text: str) -> dict[int | None, int]:
    """``17`` (one shared button on BCM 17) or ``0:5,1:6`` (a button per seat); ``off`` = none."""
    if text == "off":
        return {}
    pins: dict[int | None, int] = {}
    for part in text.split(","):
        seat, _, pin = part.strip().rpartition(":")
        try:
            pins[int(seat) if seat else None] = int(pin)
        except ValueError:
            raise ValueError(f"--buttons: '{part}' is not PIN or SEAT:PIN (e.g. 17 or 0:5,1:6)") from None
    if None in pins and len(pins) > 1:
        raise ValueError("--buttons: give one shared button or one per seat, not both")
    return pins


class TableHardware:
    """What is fitted, connected to a pipeline: inputs become events, rulings become signals."""

    def __init__(self, submit: Callable, button_pins: dict[int | None, int], pads: str | None,
                 say: Callable[[str], object] = print, clock: Callable[[], float] = time.monotonic):
        from hardware.feedback import Feedback, FeedbackPins
        from hardware.gpio import find_pin_factory

        self._closers: list[Callable[[], object]] = []
        factory, _ = find_pin_factory()
        self.feedback = Feedback(FeedbackPins() if factory is not None else None, pin_factory=factory)
        if button_pins:
            from hardware.keyboard import button_input

            self._closers.append(button_input(button_pins, submit, clock=clock, say=say).close)
        if pads:
            from hardware.slap_pads import SlapPadReader, serial_port

            reader = SlapPadReader(serial_port(pads), submit, clock=clock, name=pads,
                                   on_status=lambda state, message: say(f"{pads}: {message}"))
            self._closers.append(reader.start().stop)

    def react(self, rulings: Iterable[Ruling]) -> None:
        self.feedback.react(rulings)

    def close(self) -> None:
        for close in self._closers:
            close()
        self.feedback.close()
