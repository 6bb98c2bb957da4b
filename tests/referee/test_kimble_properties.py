"""Property tests: random legal Kimble games replay to the same state and keep all 16 pieces."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import Referee
from referee.events import ButtonPressed, Declared, DieSettled, FineDrunk, PieceMoved
from tests.referee.test_kimble_helpers import opening_events


def play_random_game(data, steps: int):
    """Drive a game with legal choices drawn by hypothesis; check the pieces after every event."""
    events = opening_events(settings={"members": [2, 1, 1, 3]})
    ref = Referee.replay(events, language="en")
    engine = ref.engine
    t = 10.0
    for _ in range(steps):
        engine = ref.engine
        if engine.phase == "over":
            break
        t += 1
        if engine.reset_to is not None:  # the dome is popped back to the value it showed
            event = DieSettled(t=t, value=engine.reset_to, by=engine.turn)
        elif data.draw(st.integers(0, 30)) == 0:  # now and then: a stray pop, an unreadable die, a pause
            event = data.draw(st.sampled_from([
                DieSettled(t=t, value=3, by=(engine.turn + 1) % 4),
                DieSettled(t=t, value=None, by=engine.turn),
                ButtonPressed(t=t, long=True),
            ]))
        elif engine.consent is not None:
            team = next(x for x in range(4) if x not in engine.consent)
            event = Declared(t=t, by=team, what=data.draw(st.sampled_from(["consent", "refuse"])))
        elif engine.hembo and data.draw(st.booleans()):
            event = Declared(t=t, by=min(engine.hembo), what="hembo")
        elif any(engine.ledger.owed(x) for x in range(4)) and data.draw(st.integers(0, 4)) == 0:
            team = next(x for x in range(4) if engine.ledger.owed(x))
            event = FineDrunk(t=t, team=team, count=engine.ledger.owed(team))
        elif engine.value is None:
            event = DieSettled(t=t, value=data.draw(st.integers(1, 6)), by=engine.turn)
        else:
            choices = [("move", m) for m in engine.moves] + [("say", o) for o in engine.options]
            kind, choice = data.draw(st.sampled_from(choices))
            if kind == "say":
                event = Declared(t=t, by=engine.turn, what=choice)
            else:
                frm, to = engine._places(choice)
                event = PieceMoved(t=t, team=engine.turn, from_place=frm, to_place=to)
        events.append(event)
        rulings = ref.push(event)
        assert "impossible" not in [r.kind for r in rulings], (event, rulings)
        assert [side.count for side in ref.engine.board.sides] == [4, 4, 4, 4]
        for side in ref.engine.board.sides:
            assert all(1 <= m <= 4 for m in side.stacks.values()) and side.home >= 0 and side.queue >= 0
            squares = [ref.engine.board.square(ref.engine.board.sides.index(side), r) for r in side.stacks]
            assert len(set(squares)) == len(squares)
    return ref, events


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_random_legal_games_replay_identically_and_keep_sixteen_pieces(data):
    ref, events = play_random_game(data, steps=300)
    again = Referee.replay(events, language="en")
    assert again.summary() == ref.summary()
    occupied = [sq for t, side in enumerate(ref.engine.board.sides) for sq in
                (ref.engine.board.square(t, r) for r in side.stacks)]
    assert len(occupied) == len(set(occupied))  # never two stacks on one square
    ledger = ref.engine.ledger
    fines = [r for r in ref.rulings if r.kind == "fine"]
    assert sum(r.penalty for r in fines) == sum(ledger.given(t) for t in range(4))
