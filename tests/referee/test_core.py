import pytest

import tests.referee.tally_engine  # noqa: F401  (registers 'tally')
from referee.core import Referee, Ruling, effective_events
from referee.events import CardMoved, Correction, Declared, DieSettled, GameStarted, Undo

START = GameStarted(t=0, game="tally", players=("A", "B"))


def slap(t, by):
    return CardMoved(t=t, card=None, from_zone=f"seat{by}", to_zone="pile", by=by)


def test_push_returns_rulings_with_their_cause():
    ref = Referee(START, language="en")
    assert ref.push(slap(1, 0)) == [Ruling("counted", "Laskettu", "Counted", seats=(0,), cause=1)]
    assert ref.push(slap(2, 1))[0].cause == 2
    assert ref.engine.counts == [1, 1]


def test_impossible_event_becomes_a_ruling_and_changes_nothing():
    ref = Referee(START)
    for t in range(1, 4):
        ref.push(slap(t, 0))
    rulings = ref.push(slap(4, 0))  # the engine counted it before failing: must be rolled back
    assert [(r.kind, r.message("en"), r.seats, r.cause) for r in rulings] == [("impossible", "too many", (0,), 4)]
    assert ref.engine.counts == [3, 0]
    assert len(ref.log) == 5  # the event is kept in the log: nothing lost


def test_undo_takes_back_the_latest_event_in_force_and_never_the_start():
    ref = Referee(START)
    ref.push(slap(1, 0))
    ref.push(slap(2, 1))
    assert ref.pop() == slap(2, 1)
    assert ref.engine.counts == [1, 0]
    assert ref.pop() == slap(1, 0)
    with pytest.raises(IndexError, match="nothing to undo"):
        ref.pop()
    ref.push(Undo(t=5))  # an undo with nothing to undo is harmless
    assert ref.engine.counts == [0, 0] and len(ref.log) == 6


def test_undo_then_reapply_gives_the_same_state():
    ref = Referee(START)
    for i, e in enumerate([slap(1, 0), slap(2, 1), Declared(t=3, by=1, what="stop"), slap(4, 0)]):
        ref.push(e)
    before = ref.summary()
    undone = ref.pop()
    ref.push(undone)
    after = ref.summary()
    assert after["counts"] == before["counts"] and after["stopped"] == before["stopped"]
    assert [r["kind"] for r in after["rulings"]] == [r["kind"] for r in before["rulings"]]


def test_correction_replaces_or_deletes_by_replay():
    ref = Referee(START)
    ref.push(slap(1, 0))
    ref.push(slap(2, 0))
    ref.push(Correction(t=3, target=2, replacement=slap(2, 1)))
    assert ref.engine.counts == [1, 1]
    ref.push(Correction(t=4, target=1))
    assert ref.engine.counts == [0, 1]
    assert [type(e).__name__ for e in ref.log] == [
        "GameStarted", "CardMoved", "CardMoved", "Correction", "Correction"]


def test_effective_events_resolves_undo_and_corrections_in_log_order():
    log = [START, slap(1, 0), slap(2, 1), Undo(t=3), slap(4, 1), Correction(t=5, target=1, replacement=slap(1, 1)),
           Correction(t=6, target=0), Correction(t=7, target=2)]
    assert effective_events(log) == [(0, START), (1, slap(1, 1)), (4, slap(4, 1))]


def test_replay_is_deterministic_and_needs_a_start():
    events = [START, slap(1, 0), Declared(t=2, by=0, what="stop"), Declared(t=3, by=1, what="stop"), slap(4, 1)]
    a, b = Referee.replay(events), Referee.replay(events)
    assert a.summary() == b.summary()
    assert [r["kind"] for r in a.summary()["rulings"]] == ["counted", "stopped", "impossible", "counted"]
    with pytest.raises(ValueError, match="must begin with a 'game_started'"):
        Referee.replay(events[1:])


def test_unknown_game_setting_and_language_are_named():
    with pytest.raises(ValueError, match="no referee for game 'chess'"):
        Referee(GameStarted(t=0, game="chess", players=("A",)))
    with pytest.raises(ValueError, match="unknown setting 'limt' for tally; known: limit"):
        Referee(GameStarted(t=0, game="tally", players=("A",), settings={"limt": 2}))
    with pytest.raises(ValueError, match="language must be one of"):
        Referee(START, language="sv")


def test_settings_override_defaults():
    ref = Referee(GameStarted(t=0, game="tally", players=("A",), settings={"limit": 1}))
    ref.push(slap(1, 0))
    assert ref.push(slap(2, 0))[0].kind == "impossible"


def test_a_second_game_start_is_refused():
    with pytest.raises(ValueError, match="one 'game_started' event"):
        Referee(START).push(START)


def test_events_the_engine_ignores_give_no_rulings():
    assert Referee(START).push(DieSettled(t=1, value=3)) == []
