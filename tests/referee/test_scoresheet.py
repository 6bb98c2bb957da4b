"""The Kiketti score sheet: running totals, X, the dot, underlined names, formats, standings."""

import csv
import io

from referee.kiketti.sheet import ScoreSheet


def three_rounds() -> ScoreSheet:
    sheet = ScoreSheet(("Aino", "Eero", "Sanni"), required_calls=2)
    sheet.calls = [0, 2, 1]
    sheet.add_round((10, 0, 7), caller=1, case="caller_fewest")
    sheet.add_round((5, 12, 3), caller=None, case="no_call")
    sheet.add_round((0, 20, 0), caller=2, case="caller_tied", unjudged=(0,))
    return sheet


def test_rows_keep_running_totals_in_seating_order():
    sheet = three_rounds()
    assert [r.totals for r in sheet.rows] == [(10, 0, 7), (15, 12, 10), (15, 32, 10)]
    assert [r.wasted for r in sheet.rows] == [False, True, False]
    assert sheet.totals == (15, 32, 10)


def test_finish_adds_100_per_missing_call_and_ranks_with_shared_places():
    sheet = three_rounds()
    assert sheet.finish(100) == (200, 0, 100)
    assert sheet.totals == (215, 32, 110)
    assert [(s.place, s.name, s.points) for s in sheet.standings()] == [(1, "Eero", 32), (2, "Sanni", 110),
                                                                         (3, "Aino", 215)]


def test_equal_totals_share_a_place():
    sheet = ScoreSheet(("A", "B", "C", "D"), required_calls=0)
    sheet.add_round((5, 3, 5, 9), caller=None, case="no_call")
    assert [(s.place, s.name) for s in sheet.standings()] == [(1, "B"), (2, "A"), (2, "C"), (4, "D")]


def test_csv_marks_caller_dot_unjudged_and_underlined_names():
    sheet = three_rounds()
    sheet.finish(100)
    rows = list(csv.reader(io.StringIO(sheet.to_csv())))
    assert rows == [
        ["round", "Aino", "Eero", "Sanni", "wasted"],
        ["1", "10", "0X", "7", ""],
        ["2", "15", "12", "10", "⚫"],
        ["3", "15?", "32", "10X", ""],
        ["calls", "0", "2", "1", ""],
        ["underlined", "no", "yes", "no", ""],
        ["missing_calls", "200", "0", "100", ""],
        ["final", "215", "32", "110", ""],
    ]


def test_terminal_table_underlines_only_players_with_two_calls():
    lines = three_rounds().render("en").splitlines()
    assert lines[0].split() == ["Round", "Aino", "Eero", "Sanni"]
    assert lines[1].strip() == "‾‾‾‾"
    assert lines[1].index("‾") == lines[0].index("Eero")
    assert lines[3].split() == ["2", "15", "12", "10", "⚫"]
    assert lines[-1] == "? = not every card was seen"


def test_json_has_rows_marks_and_standings():
    data = three_rounds().to_json()
    assert data["marked"] == [False, True, False]
    assert data["rows"][1] == {"round": 2, "scores": [5, 12, 3], "totals": [15, 12, 10], "caller": None,
                               "wasted": True, "case": "no_call", "unjudged": []}
    assert data["missing_call_points"] is None
    assert data["standings"][0] == {"place": 1, "seat": 2, "name": "Sanni", "points": 10}
