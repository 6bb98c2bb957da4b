"""Buzzer and LED feedback: which ruling gets which pattern, and what the pins do."""

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.feedback import (CALL_HEARD, FINE_GIVEN, GAME_OVER, PATTERNS, PAUSE_OFF, PAUSE_ON, WRONG_SLAP,
                               Feedback, FeedbackPins, Step, pattern_for)
from pelituomari.game import GAMES
from referee.core import Ruling


def ruling(kind, penalty=0, unit=""):
    return Ruling(kind, "fi", "en", seats=(1,), penalty=penalty, unit=unit)


@pytest.mark.parametrize("kind, penalty, unit, expected", [
    ("kiketti_called", 0, "", CALL_HEARD),
    ("wrong_slap", 0, "", WRONG_SLAP),
    ("fine", 1, "fine", FINE_GIVEN),
    ("penalty", 2, "card", FINE_GIVEN),
    ("fine", 0, "fine", None),
    ("penalty", 0, "card", None),
    ("paused", 0, "", PAUSE_ON),
    ("resumed", 0, "", PAUSE_OFF),
    ("game_over", 0, "", GAME_OVER),
    ("impossible", 0, "", None),
    ("round_scored", 0, "", None),
])
def test_each_ruling_kind_gets_its_pattern(kind, penalty, unit, expected):
    assert pattern_for(ruling(kind, penalty, unit), GAMES["kiketti"].answers) is expected


def test_a_games_own_ruling_kinds_are_answered_only_in_that_game():
    assert pattern_for(ruling("kiketti_called")) is None and pattern_for(ruling("wrong_slap")) is None
    assert pattern_for(ruling("wrong_slap"), GAMES["kimble"].answers) is None
    assert pattern_for(ruling("paused"), GAMES["kimble"].answers) is PAUSE_ON


def test_patterns_are_distinct_and_short():
    timelines = [p.steps for p in PATTERNS.values()]
    assert len(set(timelines)) == len(timelines) == 6
    assert {name: p.length_s for name, p in PATTERNS.items()} == {
        "call_heard": 0.3, "wrong_slap": 0.3, "fine_given": 0.6, "pause_on": 0.4, "pause_off": 0.15,
        "game_over": 1.1}


def test_every_light_and_beep_ends_off_except_the_pause_light():
    for p in PATTERNS.values():
        final = {}
        for step in p.steps:
            final[step.device] = step.on
        assert {d: on for d, on in final.items() if d != "pause"} == {d: False for d in final if d != "pause"}
    assert [s for s in PAUSE_ON.steps if s.device == "pause"] == [Step(0.0, "pause", True)]
    assert [s for s in PAUSE_OFF.steps if s.device == "pause"] == [Step(0.0, "pause", False)]


def test_call_heard_timeline():
    assert CALL_HEARD.steps == (Step(0.0, "buzzer", True), Step(0.0, "heard", True), Step(0.08, "buzzer", False),
                                Step(0.3, "heard", False))


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def states(factory, pin):
    return [s.state for s in factory.pin(pin).states]


def test_wrong_slap_beeps_and_blinks_red_three_times(factory):
    sleeps = []
    feedback = Feedback(FeedbackPins(), pin_factory=factory, sleep=sleeps.append)
    feedback.play(WRONG_SLAP)
    assert states(factory, 18) == [False] + [True, False] * 3
    assert states(factory, 24) == [False] + [True, False] * 3
    assert states(factory, 23) == states(factory, 25) == [False]
    assert sleeps == pytest.approx([0.06] * 5)


def test_pause_light_stays_on_until_the_pause_ends(factory):
    feedback = Feedback(FeedbackPins(), pin_factory=factory, sleep=lambda s: None)
    feedback.play(PAUSE_ON)
    assert factory.pin(25).state is True
    feedback.play(CALL_HEARD)
    assert factory.pin(25).state is True
    feedback.play(PAUSE_OFF)
    assert states(factory, 25) == [False, True, False]


def test_pins_not_fitted_are_skipped(factory):
    feedback = Feedback(FeedbackPins(buzzer=None, heard=None, fault=5, pause=None), pin_factory=factory,
                        sleep=lambda s: None)
    feedback.play(FINE_GIVEN)
    assert states(factory, 5) == [False, True, False]
    assert sorted(feedback.devices) == ["fault"]


def test_not_configured_does_nothing():
    feedback = Feedback(None)
    assert not feedback.configured
    assert feedback.react([ruling("wrong_slap"), ruling("game_over")]) == []
    feedback.close()


def test_react_queues_one_pattern_per_ruling_that_has_one(factory):
    feedback = Feedback(FeedbackPins(), answers=GAMES["kiketti"].answers, pin_factory=factory, sleep=lambda s: None)
    try:
        assert feedback.react([ruling("wrong_slap"), ruling("penalty", 1, "card"), ruling("round_scored"),
                               ruling("game_over")]) == [WRONG_SLAP, FINE_GIVEN, GAME_OVER]
    finally:
        feedback.close()
