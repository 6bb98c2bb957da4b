"""The button and slap pads reach the referee through the live pipeline; rulings reach the buzzer."""

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.feedback import pattern_for
from pelituomari.table_hardware import TableHardware, parse_button_pins
from referee.events import ButtonPressed, PadSlapped, Source
from tests.pelituomari.test_pipeline import BLUE, START, ZONES, ColourDetector, _calibration, _frame
from pelituomari.game import referee_for
from pelituomari.pipeline import Pipeline
from pelituomari.store import EventStore
from vision.capture import Frame


def test_button_pins_are_shared_or_per_seat():
    assert parse_button_pins("17") == {None: 17}
    assert parse_button_pins("0:5, 1:6") == {0: 5, 1: 6}
    assert parse_button_pins("off") == {}
    with pytest.raises(ValueError, match="'x:5' is not PIN or SEAT:PIN"):
        parse_button_pins("x:5")
    with pytest.raises(ValueError, match="one shared button or one per seat"):
        parse_button_pins("17,0:5")


@pytest.mark.parametrize("text, players, why", [
    ("99", None, "'99': 99 is not a GPIO pin of the Raspberry Pi's header (BCM 0-27)"),
    ("-3", None, "'-3': -3 is not a GPIO pin of the Raspberry Pi's header (BCM 0-27)"),
    ("0:17,0:22", None, "'0:22': seat 0 already has a button (pin 17)"),
    ("0:17,1:17", None, "'1:17': pin 17 is already used by another button"),
    ("0:5,1:18", None, "'1:18': pin 18 is already the buzzer's"),
    ("25", None, "'25': pin 25 is already the yellow LED's"),
    ("2:17", 2, "'2:17': no seat 2; the 2 players' seats are 0-1"),
    ("16:17", None, "'16:17': no seat 16; seats are 0-15"),
])
def test_button_pins_that_cannot_be_had_are_named(text, players, why):
    with pytest.raises(ValueError) as e:
        parse_button_pins(text, players)
    assert str(e.value) == f"--buttons: {why}"


def test_a_button_pin_another_device_holds_is_named_and_nothing_is_left_open(monkeypatch):
    from gpiozero import Button, Buzzer

    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    held = Button(17, pin_factory=factory)
    try:
        with pytest.raises(ValueError, match="^GPIO: pin GPIO17 is already in use by <gpiozero.Button object on pin "
                                             r"GPIO17.*\(the pins are in docs/wiring.md\)$"):
            TableHardware(lambda event: None, {None: 17}, None, say=lambda text: None)
        Buzzer(18, pin_factory=factory).close()   # the feedback's buzzer was let go
    finally:
        held.close()
        factory.reset()


def test_submitted_events_are_stored_and_ruled_before_the_frames_own(tmp_path):
    cal, H = _calibration()
    with EventStore(tmp_path / "g.db") as store:
        game = store.new_game(START)
        pipeline = Pipeline(cal, ColourDetector(), referee_for([START], "en"), "kiketti", store=store, game_id=game)
        image = _frame(H, [(BLUE, *ZONES["seat1"].centre)])
        pipeline.submit(ButtonPressed(t=0.35, source=Source.BUTTON, long=True, duration_s=1.2))
        pipeline.submit(PadSlapped(t=0.05, source=Source.SERIAL, seat=1))
        for n in range(4):
            pipeline.process(Frame(image, n / 10, n))
        stored = store.events(game)
    assert [e.type for e in stored] == ["game_started", "pad_slapped", "button_pressed", "card_moved"]
    assert [r.kind for r in pipeline.result.rulings] == ["paused"]


def test_a_pause_ruling_lights_the_pause_led_of_the_fitted_hardware(monkeypatch):
    factory = MockFactory()
    monkeypatch.setattr(Device, "pin_factory", factory)
    hardware = TableHardware(lambda event: None, {None: 17}, None, say=lambda text: None, clock=lambda: 5.0)
    try:
        assert hardware.feedback.configured
        (paused,) = referee_for([START]).push(ButtonPressed(t=1, long=True, duration_s=1.0))
        hardware.feedback.play(pattern_for(paused))
        assert factory.pin(25).state is True  # the yellow pause LED stays lit
        assert factory.pin(18).state is False  # the buzzer has finished its beep
    finally:
        hardware.close()
        factory.reset()
