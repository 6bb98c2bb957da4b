"""The evening's standings: each name's totals summed over the games of each kind, ranked."""

from pathlib import Path

from pelituomari.club.standings import standings, standings_html
from pelituomari.samples import __file__ as samples_init
from referee.core import Referee
from referee.events import GameStarted, read_jsonl
from tests.referee.make_skruuvi_log import simulate

SAMPLES = Path(samples_init).parent


def played(events):
    referee = Referee.replay(events)
    return referee.game, referee.engine.summary(), list(referee.engine.players)


def sample(game):
    return read_jsonl((SAMPLES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines())


def rows(section):
    return [(r["name"], r["games"], r["totals"]) for r in section["rows"]]


def test_kiketti_totals_are_summed_over_the_evening_s_games_fewest_first():
    whole, half = sample("kiketti"), sample("kiketti")[:246]
    (section,) = standings([played(whole), played(half)])
    assert (section["game"], section["title"], section["columns"], section["fewest_first"]) == \
        ("kiketti", "Kiketti", ["points"], True)
    # the whole game's 384, 263, 295, 242 and, halfway through the other, 57, 145, 126, 160
    assert rows(section) == [("Ville", 2, [402]), ("Eero", 2, [408]), ("Sanni", 2, [421]), ("Aino", 2, [441])]


def test_kimble_teams_fines_given_drunk_and_owed_are_summed_most_given_first():
    (section,) = standings([played(sample("kimble")), played(sample("kimble")[:240])])
    assert section["columns"] == ["given", "drunk", "owed"]
    assert rows(section) == [("Ville", 2, [18, 11, 7]), ("Karhut", 2, [12, 6, 6]), ("Aino", 2, [7, 5, 2]),
                             ("Sudet", 2, [7, 0, 7])]


def test_gin_s_main_ledger_and_skruuvi_s_points_are_summed_most_first():
    events, _ = simulate(1)
    sections = standings([played(events), played(sample("gin"))])
    assert [s["game"] for s in sections] == ["gin", "skruuvi"]
    assert rows(sections[0]) == [("Aino", 1, [100]), ("Eero", 1, [0])]
    assert sections[1]["title"] == "Skruuvi"
    assert rows(sections[1]) == [("Eero", 1, [226]), ("Ville", 1, [120]), ("Sanni", 1, [-120]), ("Aino", 1, [-226])]


def test_a_name_is_the_same_player_at_whatever_table_and_a_new_game_counts_as_played():
    start = GameStarted(t=0.0, game="kiketti", players=("Aino", "Pekka"))
    (section,) = standings([played(sample("kiketti")), played([start])])
    assert ("Aino", 2, [384]) in rows(section) and ("Pekka", 1, [0]) in rows(section)


def test_the_standings_page_escapes_names_and_says_when_no_game_has_come():
    start = GameStarted(t=0.0, game="kiketti", players=("<b>Aino</b>", "Eero"))
    html = standings_html(standings([played([start])]), "en")
    assert "&lt;b&gt;Aino&lt;/b&gt;" in html and "<b>Aino" not in html
    assert "(points, fewest first)" in html
    assert html.startswith("<h2>The evening's standings</h2><h3>Kiketti")
    assert standings_html([], "fi") == "<h2>Illan tilanne</h2><p class=note>Ei vielä pelejä.</p>"
