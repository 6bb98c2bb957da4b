"""Properties of the Skruuvi referee over simulated games (tests/referee/make_skruuvi_log.py), of four
players and of three with the puupää: a legal game is judged without an impossible ruling and as the
simulation counted it; no log, however mangled, makes the referee raise; undo and replay agree."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core import Referee
from referee.events import Correction
from tests.referee.make_skruuvi_log import THREE, simulate

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SHORT = {"sitsit": 1, "alkupeli_per_sitsi": 2, "kotka_per_sitsi": 2}
GAMES = st.sampled_from([
    SHORT,
    {**SHORT, "bolsevikki_sitsit": [1]},
    {**SHORT, "bolsevikki_sitsit": [1], "bolsevikki_block_deals": 4},
    {"sitsit": 2, "alkupeli_per_sitsi": 1, "kotka_per_sitsi": 1, "bolsevikki_sitsit": [2]},
    {**SHORT, "bolsevikki_sitsit": [1], "bolsevikki_order": "traditional"},
])


def judged_as_played(events, deals) -> None:
    ref = Referee.replay(events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    assert ref.engine.finished
    scored = [r.data for r in ref.rulings if r.kind == "deal_scored"]
    played = [d for d in deals if d.form != "thrown_in"]
    assert [(s["contract"], s["by"], s["taken"]) for s in scored] == [
        (d.contract, None if d.contract == "pass_misere" else d.by, d.tricks) for d in played]
    assert [s["revokes"] for s in scored] == [int(d.revoked is not None) for d in played]
    assert sum(1 for r in ref.rulings if r.kind == "thrown_in") == sum(1 for d in deals if d.form == "thrown_in")
    assert Referee.replay(events).summary() == ref.summary()


@FAST
@given(st.integers(0, 10**6), GAMES)
def test_a_simulated_game_is_judged_as_the_table_played_it(seed, game_settings):
    judged_as_played(*simulate(seed, game_settings))


@FAST
@given(st.integers(0, 10**6), st.sampled_from([SHORT, {"sitsit": 2, "alkupeli_per_sitsi": 2, "kotka_per_sitsi": 1}]))
def test_a_simulated_three_player_game_is_judged_as_the_table_played_it(seed, game_settings):
    judged_as_played(*simulate(seed, game_settings, players=THREE))


def mangled_replays(events, data) -> None:
    body = events[1:]
    for _ in range(data.draw(st.integers(1, 12), label="edits")):
        i = data.draw(st.integers(0, len(body) - 1), label="at")
        how = data.draw(st.sampled_from(["drop", "repeat", "swap"]), label="edit")
        if how == "drop":
            del body[i]
        elif how == "repeat":
            body.insert(i, body[i])
        elif i + 1 < len(body):
            body[i], body[i + 1] = body[i + 1], body[i]
    ref = Referee.replay([events[0], *body])
    assert len(ref.log) == len(body) + 1
    assert json.loads(json.dumps(ref.summary()))["game"] == "skruuvi"
    assert ref.engine.render("fi") and ref.engine.sheet.to_csv()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.data())
def test_no_mangled_log_makes_the_referee_raise(seed, data):
    mangled_replays(simulate(seed, {"sitsit": 1, "alkupeli_per_sitsi": 1, "kotka_per_sitsi": 1,
                                    "bolsevikki_sitsit": [1], "bolsevikki_block_deals": 4})[0], data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.data())
def test_no_mangled_three_player_log_makes_the_referee_raise(seed, data):
    mangled_replays(simulate(seed, {"sitsit": 1, "alkupeli_per_sitsi": 1, "kotka_per_sitsi": 1},
                             players=THREE)[0], data)


@FAST
@given(st.integers(0, 10**6), st.data())
def test_undo_then_the_same_event_again_gives_the_same_state(seed, data):
    events, _ = simulate(seed, SHORT, features=False)
    k = data.draw(st.integers(1, len(events) - 1), label="events before the undo")
    ref = Referee.replay(events[: k + 1])
    before = ref.engine.summary()
    undone = ref.pop()
    assert undone is events[k]
    assert ref.engine.summary() == Referee.replay(events[:k]).engine.summary()
    ref.push(undone)
    assert ref.engine.summary() == before


@FAST
@given(st.integers(0, 10**6), st.data())
def test_deleting_an_event_by_correction_is_replaying_without_it(seed, data):
    events, _ = simulate(seed, SHORT)
    k = data.draw(st.integers(1, len(events) - 1), label="deleted")
    ref = Referee.replay(events)
    ref.push(Correction(t=events[-1].t, target=k))
    assert ref.engine.summary() == Referee.replay(events[:k] + events[k + 1:]).engine.summary()


def test_the_generated_game_holds_a_pass_misere_a_doubled_contract_a_revoke_and_a_bolsevikki_block():
    events, deals = simulate(1, {"bolsevikki_sitsit": [1]})
    ref = Referee.replay(events)
    kinds = [r.kind for r in ref.rulings]
    assert sum(1 for d in deals if d.form in ("alkupeli", "kotka")) == 24
    assert {"pass_misere", "doubled", "revoke", "bolsevikki_player"} <= set(kinds)
    assert kinds.count("bolsevikki_player") == 4 and kinds[-1] == "game_over"
    assert all(later.t >= earlier.t for earlier, later in zip(events, events[1:]))
    assert 3 * 3600 < events[-1].t < 5 * 3600  # the handbook: a game takes about four hours


def test_the_generated_three_player_game_holds_a_pass_misere_a_doubled_contract_and_a_revoke():
    events, deals = simulate(1, players=THREE)
    ref = Referee.replay(events)
    kinds = [r.kind for r in ref.rulings]
    assert len(deals) == 24 and kinds.count("deal_scored") == 24 and kinds[-1] == "game_over"
    assert {"pass_misere", "doubled", "revoke", "puupaa_look", "puupaa_face_up"} <= set(kinds)
    assert "impossible" not in kinds and "reseated" not in kinds
