"""Kimble after the camera was blind (referee.events.CameraBlind): said, and nothing else changes."""

from referee.events import CameraBlind
from tests.referee.test_kimble_helpers import D, pop, started


def test_a_blind_spell_is_said_and_the_turn_goes_on():
    ref = started()
    before = ref.engine.summary()
    (told,) = ref.push(CameraBlind(t=12.0, source="camera", until=15.5))
    assert (told.kind, told.seats, told.data) == ("unseen", (), {"since": 12.0, "until": 15.5})
    assert told.en == ("The camera could not see the table from 12.0 to 15.5 s: what was done then may not have "
                       "been seen; check the board and the dome.")
    assert ref.engine.summary() == before and ref.engine.turn == D
    assert [r.kind for r in pop(ref, 6)] == [r.kind for r in pop(started(), 6)]
