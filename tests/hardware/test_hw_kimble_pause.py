"""The hardware path into the Kimble referee: a long press on the (mock) GPIO button declares a
pause, the pause light goes on, and a pop during it is fined, with the "fine given" answer."""

from dataclasses import dataclass

import pytest
from gpiozero.pins.mock import MockFactory

import referee.kimble  # noqa: F401  (registers the engine)
from hardware.button import SeatButtons
from hardware.feedback import FINE_GIVEN, PAUSE_OFF, PAUSE_ON, Feedback, FeedbackPins, pattern_for
from referee.core import Referee
from referee.events import Declared, DieSettled, GameStarted, Source

BUTTON, PAUSE_LED, FAULT_LED = 17, 25, 24


@pytest.fixture
def table():
    """A Kimble game past its opening (D, team 3, pops first), a mock button and the feedback."""
    factory = MockFactory()
    events = [GameStarted(t=0, game="kimble", players=("A", "B", "C", "D"))]
    events += [DieSettled(t=1 + i, value=i + 1, by=i) for i in range(4)] + [Declared(t=9, by=0, what="red")]
    ref = Referee.replay(events, language="en")
    clock = Clock()
    pressed = []
    buttons = SeatButtons({None: BUTTON}, pressed.append, clock=clock, pin_factory=factory)
    feedback = Feedback(FeedbackPins(), pin_factory=factory, sleep=lambda s: None)
    yield Table(factory, ref, clock, pressed, feedback, buttons)
    buttons.close()
    feedback.close()
    factory.reset()


class Clock:
    t = 0.0

    def __call__(self):
        return self.t


@dataclass
class Table:
    factory: MockFactory
    ref: Referee
    clock: Clock
    pressed: list
    feedback: Feedback
    buttons: SeatButtons

    def hold(self, down, up):
        """Press the button from ``down`` to ``up`` (table-clock seconds); return the press event."""
        self.clock.t = down
        self.factory.pin(BUTTON).drive_low()
        self.clock.t = up
        self.factory.pin(BUTTON).drive_high()
        self.clock.t = up + 0.5
        self.buttons.settle(None)  # what the settle timer does once the release is stable
        return self.pressed[-1]


def answer(feedback, rulings):
    """Play the feedback for rulings at once (as the background thread would) and name it."""
    played = []
    for ruling in rulings:
        pattern = pattern_for(ruling)
        if pattern is not None:
            feedback.play(pattern)
            played.append(pattern)
    return played


def test_a_pause_declared_during_a_kimble_turn_then_a_pop_gives_a_fine(table):
    ref, factory = table.ref, table.factory
    assert ref.engine.turn == 3 and not ref.engine.paused

    pause = table.hold(20.0, 21.2)  # held 1.2 s: a long press
    assert (pause.t, pause.long, pause.duration_s, pause.source) == (20.0, True, 1.2, Source.BUTTON)
    rulings = ref.push(pause)
    assert [r.kind for r in rulings] == ["paused"]
    assert answer(table.feedback, rulings) == [PAUSE_ON] and factory.pin(PAUSE_LED).state is True

    short = table.hold(22.0, 22.1)
    assert short.long is False and ref.push(short) == []  # a short press toggles no pause in Kimble

    rulings = ref.push(DieSettled(t=23.0, value=4, by=3))  # D, whose turn it is, pops during the pause
    fines = [r for r in rulings if r.kind == "fine"]
    assert [(r.seats, r.penalty, r.unit, r.data["reason"]) for r in fines] == [((3,), 1, "fine", "pause_pop")]
    assert ref.engine.ledger.owed(3) == 1
    assert answer(table.feedback, fines) == [FINE_GIVEN]
    assert [s.state for s in factory.pin(FAULT_LED).states] == [False, True, False]

    resume = table.hold(30.0, 31.0)  # exactly the hold time: a long press, which ends the pause
    assert (resume.t, resume.long) == (30.0, True)
    rulings = ref.push(resume)
    assert [r.kind for r in rulings] == ["resumed"]
    assert answer(table.feedback, rulings) == [PAUSE_OFF] and factory.pin(PAUSE_LED).state is False
    assert len(table.pressed) == 3
