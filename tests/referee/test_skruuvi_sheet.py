"""The Skruuvi score sheet laid out as the handbook's form: "Me" and "Yht" per sitsi, the misère
columns, the bolsevikki book, the result per player; as JSON, CSV and a terminal view."""

from referee.core import Referee
from tests.referee.make_skruuvi_log import Live, play_out, simulate


def short_game() -> Live:
    """One sitsi of an alkupeli pass misère (the bookkeeper's pair takes every trick and ace) and a
    doubled kotka 6♥ by seat 2, one down."""
    live = Live(settings={"alkupeli_per_sitsi": 1, "kotka_per_sitsi": 1, "sitsit": 1})
    live.deal(1).passes(1, 4)
    for seat in (2, 3, 0, 1):
        live.move("centre", f"hand{seat}", by=1)
    live.give(2, 0).give(3, 1).give(0, 2).give(1, 3)
    play_out(live, 2, [2] * 12)
    live.deal(2, centre=False).bid(2, "6h").passes(3, 8)
    live.give(2, 0, 4).give(0, 2, 4).passes(2, 4, step=2).double(3)
    play_out(live, 3, [2] * 11 + [3], trump="h")
    return live


def test_the_sheet_keeps_me_and_yht_per_sitsi_and_the_misere_columns():
    sheet = short_game().engine.sheet.to_json()
    (sitsi,) = sheet["sitsit"]
    assert sitsi["pairs"] == [["Aino", "Sanni"], ["Eero", "Ville"]]
    assert [(r["contract"], r["multiplier"], r["by"], r["me"], r["total"]) for r in sitsi["alkupeli"]] == [
        ("pass_misere", 1, None, -35, -35)]
    assert [(r["contract"], r["multiplier"], r["by"], r["me"], r["total"]) for r in sitsi["kotka"]] == [
        ("6h", 2, "Sanni", -20, -55)]
    assert sitsi["total"] == -55
    (misere,) = sheet["misere"]
    assert misere["aces"] == [[1, "As", -1], [4, "Ac", -4], [7, "Ad", -7], [10, "Ah", -10]]
    assert (misere["tricks"], misere["total"]) == (-13, -35)


def test_the_result_per_player_and_the_standings():
    sheet = short_game().engine.sheet.to_json()
    assert [(r["name"], r["sitsi"], r["final"]) for r in sheet["results"]] == [
        ("Aino", [-55], -55), ("Eero", [55], 55), ("Sanni", [-55], -55), ("Ville", [55], 55)]
    assert sheet["standings"] == [{"place": 1, "name": "Eero", "points": 55},
                                  {"place": 1, "name": "Ville", "points": 55},
                                  {"place": 3, "name": "Aino", "points": -55},
                                  {"place": 3, "name": "Sanni", "points": -55}]


def test_the_csv_has_a_line_per_deal_and_one_per_player():
    lines = short_game().engine.sheet.to_csv().splitlines()
    assert lines[0] == "sitsi,form,number,contract,multiplier,by,dealer,me,total,Aino,Eero,Sanni,Ville"
    assert lines[1:3] == ["1,alkupeli,1,pass_misere,1,,Eero,-35,-35,-35,35,-35,35",
                          "1,kotka,1,6h,2,Sanni,Sanni,-20,-55,-20,20,-20,20"]
    assert lines[3:6] == ["", "sitsi,form,number,contract,ace1,ace2,ace3,ace4,tricks,total",
                          "1,alkupeli,1,pass_misere,-1,-4,-7,-10,-13,-35"]
    assert lines[-4:] == ["Aino,-55,-55,0,0,-55", "Eero,55,55,0,0,55", "Sanni,-55,-55,0,0,-55",
                          "Ville,55,55,0,0,55"]


def test_the_terminal_view_follows_the_form_in_either_language():
    engine = short_game().engine
    fi = engine.sheet.render("fi").splitlines()
    assert fi[0] == "Skruuvin pöytäkirja (Me = Aino)"
    assert "Sitsi 1: Aino & Sanni – Eero & Ville" in fi
    assert [line.split() for line in fi if line.strip().startswith("Jako")] == [
        ["Jako", "1", "passimisääri", "-35", "-35"], ["Jako", "1", "6♥", "x2", "Sanni", "-20", "-55"]]
    assert any(line.split() == ["1.", "ässä", "♠A", "-1"] for line in fi)
    assert any(line.split()[:2] == ["Pelaaja", "Sitsi"] and line.split()[-1] == "Lopputulos" for line in fi)
    en = engine.render("en").splitlines()
    assert en[0] == "Skruuvi score sheet (Us = Aino)" and en[-1] == "The game is over."
    assert [line.split() for line in en if line.strip().startswith("Tricks")] == [["Tricks", "-13"]]


def test_the_game_over_ruling_gives_the_standings_and_the_bolsevikki_thirds():
    live = short_game()
    over = live.rulings[-1]
    assert over.kind == "game_over" and over.seats == (1, 3, 0, 2)
    assert over.data["standings"][0] == {"place": 1, "name": "Eero", "points": 55}
    assert over.data["bolsevikki"]["Aino"] == {"total": 0, "result": 0}


def test_a_whole_game_is_zero_sum_and_the_result_adds_the_sitsi_and_a_third_of_the_book():
    events, _ = simulate(7, {"bolsevikki_sitsit": [2]})
    ref = Referee.replay(events)
    sheet = ref.engine.sheet
    assert ref.engine.finished and len([r for r in sheet.rows if r.form in ("alkupeli", "kotka")]) == 24
    assert all(sum(row.points) == 0 for row in sheet.rows)
    book = sheet.bolsevikki_results()
    for p, name in enumerate(ref.engine.players):
        assert sheet.totals[p] == sum(sheet.sitsi_totals(k)[p] for k in (1, 2, 3)) + book[name]["result"]
    assert [s["points"] for s in sheet.standings()] == sorted(sheet.totals, reverse=True)
    assert ref.summary()["standings"] == sheet.standings()
