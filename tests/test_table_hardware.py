"""The button and slap pads reach the referee through the live pipeline; rulings reach the buzzer."""

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.feedback import pattern_for
from pelituomari.table_hardware import TableHardware, parse_button_pins
from referee.events import ButtonPressed, PadSlapped, Source
from tests.test_pipeline import BLUE, START, ZONES, ColourDetector, _calibration, _frame
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
