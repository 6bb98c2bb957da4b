"""The keyboard fallback: space and p stand in for the button when there is no GPIO."""

import io
import sys

from gpiozero.pins.mock import MockFactory

from hardware import keyboard
from hardware.button import SeatButtons
from hardware.keyboard import KeyboardButton, button_input, key_event
from referee.events import ButtonPressed, Source


def test_space_is_a_short_press_and_p_a_long_one():
    assert key_event(" ", 3.0) == ButtonPressed(t=3.0, source=Source.BUTTON, long=False, duration_s=0.0)
    assert key_event("p", 4.0, hold_s=1.5) == ButtonPressed(t=4.0, source=Source.BUTTON, long=True, duration_s=1.5)
    assert key_event("P", 4.0).long is True
    assert key_event("x", 5.0) is None
    assert key_event("\n", 5.0) is None


class Ticks:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 1.0
        return self.t


def test_keys_become_events_and_it_says_so_once():
    events, said = [], []
    reader = KeyboardButton(events.append, clock=Ticks(), stream=io.StringIO(" xp \n"), say=said.append,
                            reason="not a Pi")
    reader.start()
    reader.stop(timeout=10)
    assert [(e.t, e.long) for e in events] == [(1.0, False), (2.0, True), (3.0, False)]
    assert said == ["No GPIO found (not a Pi): the keyboard stands in for the button: "
                    "space = kiketti call (short press), p = pause on/off (long press)."]


def test_no_gpio_gives_the_keyboard(monkeypatch):
    monkeypatch.setattr(keyboard, "find_pin_factory", lambda: (None, "Unable to load any default pin factory!"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("p"))
    events, said = [], []
    reader = button_input({None: 17}, events.append, clock=lambda: 9.0, say=said.append)
    reader.stop(timeout=10)
    assert isinstance(reader, KeyboardButton)
    assert events == [ButtonPressed(t=9.0, source=Source.BUTTON, long=True, duration_s=1.0)]
    assert said[0].startswith("No GPIO found (Unable to load any default pin factory!)")


def test_gpio_gives_the_buttons(monkeypatch):
    factory = MockFactory()
    monkeypatch.setattr(keyboard, "find_pin_factory", lambda: (factory, ""))
    said = []
    buttons = button_input({0: 5, 1: 6}, print, say=said.append)
    try:
        assert isinstance(buttons, SeatButtons) and sorted(buttons.buttons) == [0, 1]
        assert said == []
    finally:
        buttons.close()
        factory.reset()
