"""Properties of the gin rummy referee over whole games played by the bot (tests/referee/strategies_gin.py)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee.gin  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import CardLooked, CardMoved, CardsRevealed, Declared, Paused, Undo, read_jsonl
from referee.gin.cards import DECK
from referee.gin.scoring import LEDGER_SHUTOUT, LEDGER_WIN, WIN_POINTS
from tests.referee.make_gin_log import log_text
from tests.referee.strategies_gin import bot_game

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)
VARIANTS = st.sampled_from([{}, {"eleven_cards": True}, {"knock_limit": "upcard"}, {"lay_offs": "best"},
                            {"extras_toward_game": False, "first_dealer": 1}, {"lay_off_onto_gin": False},
                            {"gin_bonus_two_melds_only": True, "one_run_tenfold": True}])


@FAST
@given(SEEDS, VARIANTS)
def test_a_bot_game_is_refereed_to_its_end_as_the_bot_counted_it(seed, variant):
    game = bot_game(seed, variant)
    ref = Referee.replay(game.events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    scored = [r.data for r in ref.rulings if r.kind == "hand_scored"]
    played = [h for h in game.hands if h.case != "dead"]
    assert [(d["case"], d["winner"], tuple(d["points"]), tuple(d["win_points"])) for d in scored] == [
        (h.case, h.winner, h.points, h.win_points) for h in played]
    assert sum(r.kind == "dead_hand" for r in ref.rulings) == len(game.hands) - len(played)
    assert ref.engine.finished


@FAST
@given(SEEDS)
def test_the_sheet_adds_up_and_the_ledger_holds_the_game(seed):
    ref = Referee.replay(bot_game(seed).events)
    sheet = ref.engine.summary()["score_sheet"]
    (game,) = sheet["games"]
    rows = game["rows"]
    for seat in (0, 1):
        assert game["totals"][seat] == sum(r["points"][seat] for r in rows)
        assert game["win_totals"][seat] == WIN_POINTS * sum(r["winner"] == seat for r in rows)
    winner = game["winner"]
    assert game["totals"][winner] >= 100 and all(max(r["totals"]) < 100 for r in rows[:-1])
    shutout = game["totals"][1 - winner] == 0
    assert sheet["ledger"][winner] == (LEDGER_SHUTOUT if shutout else LEDGER_WIN) and sheet["ledger"][1 - winner] == 0
    assert [r["hand"] for r in rows] == list(range(1, len(rows) + 1))


def test_the_log_generator_is_the_same_for_a_seed_and_keeps_a_tables_time():
    text = log_text(7)
    assert text == log_text(7) != log_text(8)
    events = read_jsonl(text.splitlines())
    times = [e.t for e in events]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert 10 * 60 < times[-1] < 90 * 60   # a game to 100 takes a table some tens of minutes
    assert Referee.replay(events).engine.finished


def _without_positions(summary: dict) -> dict:
    """The summary less the log positions in the hand record: an event pushed again after an undo
    stands later in the log."""
    hands = [{**h, "actions": [{k: v for k, v in a.items() if k != "seq"} for a in h["actions"]]}
             for h in summary["hands"]]
    return {**summary, "hands": hands}


@FAST
@given(SEEDS, st.data())
def test_undo_then_the_same_event_again_gives_the_same_state(seed, data):
    events = bot_game(seed).events
    k = data.draw(st.integers(1, len(events) - 1), label="events before the undo")
    ref = Referee.replay(events[: k + 1])
    before = ref.engine.summary()
    undone = ref.pop()
    assert ref.engine.summary() == Referee.replay(events[:k]).engine.summary()
    ref.push(undone)
    assert _without_positions(ref.engine.summary()) == _without_positions(before)


_ZONES = st.sampled_from(["stock", "pile", "hand0", "hand1", "melds0", "melds1", "hand2", "seat0"])
_CARDS = st.sampled_from(DECK)


def any_event(t: float):
    """Any well-formed event at time ``t``: the referee must answer it, never crash."""
    return st.one_of(
        st.builds(lambda c, a, b, up, by: CardMoved(t=t, card=c, from_zone=a, face_up=up, by=by,
                                                    to_zone=b if b != a else "pile" if a != "pile" else "stock"),
                  st.one_of(st.none(), _CARDS), _ZONES, _ZONES, st.booleans(), st.one_of(st.none(), st.integers(0, 2))),
        st.builds(lambda z, cs: CardsRevealed(t=t, zone=z, cards=tuple(dict.fromkeys(cs))), _ZONES,
                  st.lists(_CARDS, max_size=11)),
        st.builds(lambda by, w, v: Declared(t=t, by=by, what=w, value=v), st.integers(0, 2),
                  st.sampled_from(["pass", "knock", "gin", "done", "cards_missing", "hembo"]),
                  st.sampled_from([None, "0", "7", "12", "x"])),
        st.builds(lambda z, by: CardLooked(t=t, zone=z, by=by), _ZONES, st.one_of(st.none(), st.integers(0, 1))),
        st.builds(lambda on: Paused(t=t, on=on), st.booleans()),
        st.just(Undo(t=t)),
    )


@FAST
@given(SEEDS, st.data())
def test_any_well_formed_events_get_rulings_never_a_crash(seed, data):
    events = list(bot_game(seed).events)
    for _ in range(data.draw(st.integers(1, 12), label="changes")):
        k = data.draw(st.integers(1, len(events) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "insert"]))
        if how == "drop" and len(events) > 2:
            del events[k]
        elif how == "repeat":
            events.insert(k, events[k])
        else:
            events.insert(k, data.draw(any_event(events[k - 1].t)))
    ref = Referee.replay(events)
    summary = ref.engine.summary()
    assert summary["stock"] >= 0 and min(summary["held"]) >= 0
    assert ref.engine.render("fi") and ref.engine.render("en")
    assert all(r.cause is not None and r.fi and r.en for r in ref.rulings)
    sheet = summary["score_sheet"]
    assert sheet["games"][-1]["totals"] == [sum(r["points"][s] for r in sheet["games"][-1]["rows"]) for s in (0, 1)]
