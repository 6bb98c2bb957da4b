"""The table's hardware in a live run: the kiketti button (or the keyboard), the buzzer and LEDs,
and the serial slap pads, all stamped on the pipeline's clock (``time.monotonic``, as the live
camera frames are)."""

from __future__ import annotations

import time
from typing import Callable, Iterable, Mapping

from referee.core import Ruling


HEADER_PINS = range(28)  # the BCM GPIO numbers on a Raspberry Pi's 40-pin header


def parse_button_pins(text: str, players: int | None = None) -> dict[int | None, int]:
    """``17`` (one shared button on BCM 17) or ``0:5,1:6`` (a button per seat); ``off`` = none.
    A ValueError names a part that is not a pin of the header, a seat beyond the players, a seat or
    pin given twice, or a pin the buzzer or an LED of docs/wiring.md already has."""
    from hardware.feedback import FeedbackPins

    if text == "off":
        return {}
    fitted = FeedbackPins()
    taken = {fitted.buzzer: "the buzzer's", fitted.heard: "the green LED's", fitted.fault: "the red LED's",
             fitted.pause: "the yellow LED's"}
    pins: dict[int | None, int] = {}
    for part in text.split(","):
        seat_text, _, pin_text = part.strip().rpartition(":")
        try:
            seat, pin = (int(seat_text) if seat_text else None), int(pin_text)
        except ValueError:
            raise ValueError(f"--buttons: '{part}' is not PIN or SEAT:PIN (e.g. 17 or 0:5,1:6)") from None
        if pin not in HEADER_PINS:
            raise ValueError(f"--buttons: '{part}': {pin} is not a GPIO pin of the Raspberry Pi's header (BCM 0-27)")
        if seat is not None and not 0 <= seat < (players or 16):
            seats = f"the {players} players' seats are 0-{players - 1}" if players else "seats are 0-15"
            raise ValueError(f"--buttons: '{part}': no seat {seat}; {seats}")
        if seat in pins:
            raise ValueError(f"--buttons: '{part}': seat {seat} already has a button (pin {pins[seat]})")
        if pin in pins.values() or pin in taken:
            raise ValueError(f"--buttons: '{part}': pin {pin} is already {taken.get(pin, 'used by another button')}")
        pins[seat] = pin
    if None in pins and len(pins) > 1:
        raise ValueError("--buttons: give one shared button or one per seat, not both")
    return pins


class TableHardware:
    """What is fitted, connected to a pipeline: inputs become events, rulings become signals."""

    def __init__(self, submit: Callable, button_pins: dict[int | None, int], pads: str | None,
                 say: Callable[[str], object] = print, clock: Callable[[], float] = time.monotonic,
                 answers: Mapping[str, str] = {}):
        """answers: the buzzer's patterns for the game's own ruling kinds (hardware.feedback.pattern_for).
        A ValueError names a pin gpiozero cannot have (not on this board, or held by another
        program); then nothing is left open."""
        from gpiozero.exc import GPIOZeroError

        from hardware.feedback import Feedback, FeedbackPins
        from hardware.gpio import find_pin_factory

        self._closers: list[Callable[[], object]] = []
        self._closed = False
        factory, _ = find_pin_factory()
        self.feedback = Feedback(None)   # nothing fitted yet: close() may run before the pins are had
        try:
            self.feedback = Feedback(FeedbackPins() if factory is not None else None, answers=answers,
                                     pin_factory=factory)
            if button_pins:
                from hardware.keyboard import button_input

                self._closers.append(button_input(button_pins, submit, clock=clock, say=say).close)
        except GPIOZeroError as e:
            self.close()
            raise ValueError(f"GPIO: {e} (the pins are in docs/wiring.md)") from None
        if pads:
            from hardware.slap_pads import SlapPadReader, serial_port

            reader = SlapPadReader(serial_port(pads), submit, clock=clock, name=pads,
                                   on_status=lambda state, message: say(f"{pads}: {message}"))
            self._closers.append(reader.start().stop)

    def react(self, rulings: Iterable[Ruling]) -> None:
        self.feedback.react(rulings)

    def close(self) -> None:
        """Stop the button and the pads, then the feedback; a second close does nothing."""
        if self._closed:
            return
        self._closed = True
        for close in self._closers:
            close()
        self.feedback.close()
