"""The kiketti button: debounce and short/long timing on fed-in timestamps, and the gpiozero wrapper."""

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.button import Press, PressTimer, SeatButtons
from referee.events import ButtonPressed, Source


def press(timer, edges, settle_at):
    """Feed (pressed, t) edges and a final settle; return the presses finished."""
    out = [timer.edge(pressed, t) for pressed, t in edges] + [timer.settle(settle_at)]
    return [p for p in out if p is not None]


def test_short_press_is_a_call():
    assert press(PressTimer(), [(True, 10.0), (False, 10.5)], 10.6) == [Press(10.0, 0.5, False)]


def test_exactly_the_hold_time_is_long():
    assert press(PressTimer(hold_s=1.0), [(True, 0.3), (False, 1.3)], 2.0) == [Press(0.3, 1.0, True)]


def test_one_microsecond_under_the_hold_time_is_short():
    assert press(PressTimer(hold_s=1.0), [(True, 0.3), (False, 1.299999)], 2.0) == [Press(0.3, 0.999999, False)]


def test_hold_time_is_a_setting():
    assert press(PressTimer(hold_s=2.5), [(True, 1.0), (False, 3.0)], 4.0) == [Press(1.0, 2.0, False)]
    assert press(PressTimer(hold_s=2.5), [(True, 1.0), (False, 3.5)], 4.0) == [Press(1.0, 2.5, True)]


def test_bounce_on_press_and_release_gives_one_press_dated_from_the_first_edge():
    edges = [(True, 5.0), (False, 5.002), (True, 5.004), (False, 5.006), (True, 5.008),
             (False, 6.0), (True, 6.003), (False, 6.005)]
    assert press(PressTimer(bounce_s=0.02), edges, 6.03) == [Press(5.0, 1.0, True)]


def test_a_glitch_shorter_than_the_bounce_time_is_no_press():
    timer = PressTimer(bounce_s=0.02)
    assert press(timer, [(True, 2.0), (False, 2.019)], 3.0) == []
    assert timer.pressed is False


def test_a_press_is_committed_lazily_by_the_release_edge():
    # No settle call while held: the release edge itself first commits the press.
    timer = PressTimer(bounce_s=0.02)
    assert timer.edge(True, 1.0) is None
    assert timer.edge(False, 1.25) is None
    assert timer.pressed is True  # the press is committed, its release not yet
    assert timer.settle(1.26) is None
    assert timer.settle(1.3) == Press(1.0, 0.25, False)


def test_release_not_yet_stable_is_not_a_press():
    timer = PressTimer(bounce_s=0.02)
    assert timer.edge(True, 1.0) is None
    assert timer.edge(False, 1.5) is None
    assert timer.settle(1.519) is None
    assert timer.pressed is True


def test_time_going_backwards_is_ignored():
    timer = PressTimer(bounce_s=0.02)
    timer.edge(True, 1.0)
    timer.settle(1.1)
    assert timer.edge(False, 0.5) is None
    assert timer.pressed is True


def test_two_presses_in_a_row():
    edges = [(True, 1.0), (False, 1.2), (True, 2.0), (False, 3.5)]
    assert press(PressTimer(), edges, 4.0) == [Press(1.0, 0.2, False), Press(2.0, 1.5, True)]


@pytest.mark.parametrize("hold, bounce", [(0, 0.02), (-1, 0.02), (1.0, -0.01), (1.0, 1.0)])
def test_bad_settings_are_named(hold, bounce):
    with pytest.raises(ValueError, match="hold_s|bounce_s"):
        PressTimer(hold_s=hold, bounce_s=bounce)


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def drive(factory, pin, clock, edges):
    """Drive an active-low button pin through (pressed, t) edges."""
    for pressed, t in edges:
        clock.t = t
        if pressed:
            factory.pin(pin).drive_low()
        else:
            factory.pin(pin).drive_high()


def test_gpio_button_emits_button_events_stamped_by_the_injected_clock(factory):
    events, clock = [], FakeClock()
    buttons = SeatButtons({None: 17}, events.append, clock=clock, pin_factory=factory)
    try:
        drive(factory, 17, clock, [(True, 100.0), (False, 100.004), (True, 100.008), (False, 100.4)])
        clock.t = 100.5
        buttons.settle(None)
        drive(factory, 17, clock, [(True, 101.0), (False, 102.0)])
        clock.t = 102.1
        buttons.settle(None)
    finally:
        buttons.close()
    assert events == [
        ButtonPressed(t=100.0, source=Source.BUTTON, seat=None, long=False, duration_s=0.4),
        ButtonPressed(t=101.0, source=Source.BUTTON, seat=None, long=True, duration_s=1.0),
    ]


def test_one_button_per_seat_names_the_seat(factory):
    events, clock = [], FakeClock()
    buttons = SeatButtons({0: 5, 1: 6}, events.append, clock=clock, pin_factory=factory)
    try:
        drive(factory, 6, clock, [(True, 3.0)])
        drive(factory, 5, clock, [(True, 3.1), (False, 3.3)])
        drive(factory, 6, clock, [(False, 4.5)])
        clock.t = 5.0
        buttons.settle(0)
        buttons.settle(1)
    finally:
        buttons.close()
    assert [(e.seat, e.t, e.long, e.duration_s) for e in events] == [(0, 3.1, False, 0.2), (1, 3.0, True, 1.5)]


def test_no_pins_is_an_error(factory):
    with pytest.raises(ValueError, match="no button pins"):
        SeatButtons({}, print, pin_factory=factory)
