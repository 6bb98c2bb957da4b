"""The embedded sample game: it is exactly the generator's output, and its score sheet agrees with a
hand calculation from RULINGS section 1 (card points: A=1, 2-10, J=11, Q=12, red K=0, black K=15)."""

import json
from collections import Counter
from importlib import resources

import referee.kiketti  # noqa: F401  (registers the engine)
from pelituomari.cli import main
from referee.core import Referee
from referee.events import read_jsonl
from tests.referee.make_kiketti_sample import sample_text

# Seats: Aino 0, Eero 1, Sanni 2, Ville 3.  Per round: own points of each player from the revealed
# cards, worked out by hand, then the round's scores by the RULINGS case.
HAND_CALCULATION = [
    # 1: Eero calls with 1+2+0+3 = 6, the fewest.  Aino 9+10+5+6+15 = 45 (5 cards: 1 penalty card),
    #    Sanni 6+7+8+2+11+4 = 38 (6 cards: 2 penalty cards), Ville 10+9+5+3 = 27.
    {"own": [45, 6, 38, 27], "caller": 1, "case": "caller_fewest", "scores": [45, 0, 38, 27]},
    # 2: Ville calls with 5+4+3 = 12, tied with Aino 2+3+0+7 = 12.  Eero 9+10+12+7+5 = 43,
    #    Sanni 1+8+11+12+2 = 34.  Ville 0, Aino keeps her own 12.
    {"own": [12, 43, 34, 12], "caller": 3, "case": "caller_tied", "scores": [12, 43, 34, 0]},
    # 3: Ville calls with 4+5+11+0 = 20; Aino has 9+1+2+2 = 14 < 20 -> 0.  Eero (11 cards)
    #    0+3+11+12+12+11+10+9+15+7+5 = 95 is the highest; Sanni 2+12+8+6+4 = 32.  Ville 20+95 = 115.
    {"own": [14, 95, 32, 20], "caller": 3, "case": "caller_not_fewest", "scores": [0, 95, 32, 115]},
    # 4: no call; Aino emptied her table (0).  Eero 1+2+4 = 7, Sanni 3+12+7 = 22, Ville 10+0+6+2 = 18.
    {"own": [0, 7, 22, 18], "caller": None, "case": "no_call", "scores": [0, 7, 22, 18]},
    # 5: Aino calls with 12+12+15+11 = 50, the highest -> 2 x 50 = 100; everyone below her scores 0
    #    (Eero 1+2+3+4 = 10, Sanni 5+6+7+8 = 26, Ville 9+10+0+1 = 20).
    {"own": [50, 10, 26, 20], "caller": 0, "case": "caller_highest", "scores": [100, 0, 0, 0]},
    # 6: Sanni calls and empties her table, but Eero holds Kh Kd = 0 points: the call fails.
    #    Aino 12+11+5+8 = 36 (highest), Ville 3+4+10+11 = 28.  Sanni 0 + 36.
    {"own": [36, 0, 0, 28], "caller": 2, "case": "caller_empty_tied", "scores": [36, 0, 36, 28]},
    # 7: Eero calls with 6+7+8+9 = 30, then Ville empties his table: the call fails, all own,
    #    Eero 30 + the highest, Sanni 11+12+15+10 = 48 -> 78.  Aino 1+1+2+3 = 7.
    {"own": [7, 30, 48, 0], "caller": 1, "case": "other_emptied", "scores": [7, 78, 48, 0]},
    # 8: Sanni calls with 1+2+3+0 = 6, the fewest.  Aino 12+12+2+1 = 27, Eero 4+5+6+7 = 22,
    #    Ville 8+9+10+11 = 38.
    {"own": [27, 22, 6, 38], "caller": 2, "case": "caller_fewest", "scores": [27, 22, 0, 38]},
    # 9: Ville calls with 1+1+2+0 = 4, the fewest.  Aino 6+7+8+9 = 30, Eero 3+4+5+6 = 18,
    #    Sanni 10+11+12+15 = 48.
    {"own": [30, 18, 48, 4], "caller": 3, "case": "caller_fewest", "scores": [30, 18, 48, 0]},
    # 10: Eero calls with 1+2+2+3 = 8, the fewest.  Aino 9+9+4+5 = 27, Sanni 11+12+6+8 = 37,
    #     Ville 0+0+10+6 = 16.
    {"own": [27, 8, 37, 16], "caller": 1, "case": "caller_fewest", "scores": [27, 0, 37, 16]},
]
# Running totals, added up by hand from the scores above.
TOTALS = [
    [45, 0, 38, 27], [57, 43, 72, 27], [57, 138, 104, 142], [57, 145, 126, 160], [157, 145, 126, 160],
    [193, 145, 162, 188], [200, 223, 210, 188], [227, 245, 210, 226], [257, 263, 258, 226],
    [284, 263, 295, 242],
]
# Calls: Aino 1 (round 5), Eero 3 (1, 7, 10), Sanni 2 (6, 8), Ville 3 (2, 3, 9): Aino +100.
FINAL = [384, 263, 295, 242]


def sample_referee() -> Referee:
    text = resources.files("pelituomari.samples").joinpath("kiketti.jsonl").read_text(encoding="utf-8")
    return Referee.replay(read_jsonl(text.splitlines()), language="en")


def test_shipped_sample_is_the_generators_output():
    shipped = resources.files("pelituomari.samples").joinpath("kiketti.jsonl").read_text(encoding="utf-8")
    assert shipped == sample_text()


def test_every_round_matches_the_hand_calculation():
    ref = sample_referee()
    scored = [r.data for r in ref.rulings if r.kind == "round_scored"]
    assert [{k: d[k] for k in ("own", "caller", "case", "scores")} for d in scored] == HAND_CALCULATION
    assert [d["totals"] for d in scored] == TOTALS
    assert all(d["unjudged"] == [] for d in scored)


def test_final_sheet_penalties_calls_and_standings():
    ref = sample_referee()
    summary = ref.summary()
    sheet = summary["score_sheet"]
    assert ref.engine.finished and summary["finished"]
    assert sheet["missing_call_points"] == [100, 0, 0, 0]
    assert sheet["totals"] == FINAL
    assert sheet["marked"] == [False, True, True, True]
    assert [r["wasted"] for r in sheet["rows"]] == [False, False, False, True] + [False] * 6
    assert summary["calls"] == {"Aino": 1, "Eero": 3, "Sanni": 2, "Ville": 3}
    # Aino: out-of-turn draw 1.  Eero: slapped by Aino 2, three counted wrong slaps 6, swap after a 7: 1.
    # Sanni: wrong own slap 2, look after a T 1, look after a swap-in 1.
    assert summary["penalty_cards"] == {"Aino": 1, "Eero": 9, "Sanni": 4, "Ville": 0}
    assert summary["owed_penalty_cards"] == [0, 0, 0, 0]
    assert [(s["place"], s["name"], s["points"]) for s in summary["standings"]] == [
        (1, "Ville", 242), (2, "Eero", 263), (3, "Sanni", 295), (4, "Aino", 384)]
    over = [r for r in ref.rulings if r.kind == "game_over"]
    assert len(over) == 1 and ref.rulings[-1] is over[0]
    assert over[0].en == ("Game over. Results from last place to first: 4. Aino 384 pts, 3. Sanni 295 pts, "
                          "2. Eero 263 pts, 1. Ville 242 pts.")
    assert over[0].fi.startswith("Peli päättyi. Tulokset viimeisestä ensimmäiseen: 4. Aino 384 p")


def test_sample_shows_every_ruling_kind_and_no_impossible_event():
    kinds = Counter(r.kind for r in sample_referee().rulings)
    assert kinds["impossible"] == 0
    # 19 right slaps: 2 + 7 + 6 + 4 in rounds 2, 4, 6, 7 (round 4 rules Aino's 3s again after the KPS)
    assert kinds["wrong_slap"] == 5 and kinds["correct_slap"] == 19 and kinds["late_slap"] == 1
    assert kinds["penalty"] == 5  # out-of-turn draw, slapped by opponent, three power misuses
    for kind in ("redeal", "kiketti_called", "bad_call", "card_seen", "kps", "kps_settled", "paused", "resumed",
                 "table_emptied", "turn_forfeited", "missing_calls", "game_over"):
        assert kinds[kind] >= 1, kind
    reasons = Counter(r.data["reason"] for r in sample_referee().rulings if r.kind == "penalty")
    assert reasons == {"power_misuse": 3, "out_of_turn_draw": 1, "slapped_by_opponent": 1}


def test_sample_timestamps_increase():
    ref = sample_referee()
    times = [e.t for e in ref.log]
    assert times == sorted(times) and times[-1] > 600


def test_cli_sheet_csv_of_the_sample(capsys):
    assert main(["sheet", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "round,Aino,Eero,Sanni,Ville,wasted"
    assert lines[4] == "4,57,145,126,160,⚫"
    assert lines[10] == "10,284,263X,295,242,"
    assert lines[-1] == "final,384,263,295,242,"


def test_cli_sheet_json_and_table(capsys):
    assert main(["sheet", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["log"] == "sample:kiketti" and data["totals"] == FINAL
    assert main(["sheet", "--language", "en"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split() == ["Round", "Aino", "Eero", "Sanni", "Ville"]
    assert table[-2].split() == ["Final", "384", "263", "295", "242"]


def test_cli_sheet_names_a_bad_log(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "card_moved", "t": 1}\n', encoding="utf-8")
    assert main(["sheet", str(bad)]) == 2
    assert "bad.jsonl: line 1: field 'from_zone'" in capsys.readouterr().err


def test_cli_replay_json_includes_sheet_and_rulings(capsys):
    assert main(["replay", "--json", "--language", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["score_sheet"]["totals"] == FINAL
    assert data["rulings"][-1]["kind"] == "game_over"


def test_round_rulings_say_why_they_were_scored_so():
    scored = [r for r in sample_referee().rulings if r.kind == "round_scored"]
    assert scored[5].en == ("Round 6: Aino 36, Eero 0, Sanni 36, Ville 28 "
                            "(Sanni had no cards but someone else had 0 points: the call failed).")
    assert scored[3].fi == "Kierros 4: Aino 0, Eero 7, Sanni 22, Ville 18 (kukaan ei kiketöinyt: kaikille omat pisteet)."
