"""A referee's state as the page shows it: Kiketti's sheet, Kimble's board and ledger, any other game's
summary as it comes, the booked events and rulings."""

from referee.core import ENGINES, Engine, Referee, Ruling
from referee.events import CardMoved, DieSettled, Declared, GameStarted
from pelituomari.game import referee_for
from pelituomari.web.views import describe, page_state, ruling_json, turn_name
from tests.pelituomari.web.tables import sample_events


def test_kiketti_s_sheet_marks_callers_wasted_rounds_and_underlined_names():
    html = page_state(referee_for(sample_events("kiketti")))["html"]["en"]
    assert "<th>Round</th><th class=\"\">Aino</th><th class=\"marked\">Eero</th>" in html
    assert "<tr><th>1</th><td>45</td><td>0<b class=call>X</b></td><td>38</td><td>27</td><td class=dot></td></tr>" in html
    assert "<td>160</td><td class=dot>⚫</td></tr>" in html   # round 4: nobody called
    assert "<tr class=final><th>Final</th><td>384</td><td>263</td><td>295</td><td>242</td>" in html
    assert "Results: 1. Ville 242, 2. Eero 263, 3. Sanni 295, 4. Aino 384" in html


def test_kimble_s_view_draws_the_track_with_each_team_s_pegs_and_the_ledger():
    state = page_state(referee_for(sample_events("kimble")[:60]))
    html = state["html"]["fi"]
    # every square, and a peg on each of the four stacks (Sudet's doubled at square 23)
    assert html.count('r="9"') == 28 and html.count('r="7"') == 4
    assert [html.count(f'r="7" fill="{c}"') for c in ("#c62828", "#1565c0", "#f9a825", "#2e7d32")] == [1, 1, 1, 1]
    assert html.count("</text>") == 1 and 'fill="#fff">2</text>' in html
    assert "<h3>Sakkokirjanpito (0.33 l)</h3>" in html and "<h3>Nopan jakauma</h3>" in html
    assert state["turn"] == "Sudet" and state["drinks"] and state["title"] == "AS-Kimble"


class Tally(Engine):
    """A game the page has no view of: declarations counted per player."""

    game = "tally_test"

    def __init__(self, start):
        super().__init__(start)
        self.counts = [0] * len(self.players)

    def apply(self, event, seq):
        self.counts[event.by] += 1
        return [Ruling("counted", f"{self.players[event.by]} +1", f"{self.players[event.by]} +1", (event.by,))]

    def summary(self):
        return {"turn": 1, "paused": True, "rows": [{"player": p, "count": c} for p, c in zip(self.players, self.counts)],
                "note": "<b>bold</b>"}

    def render(self, language):
        return ""


def test_a_game_without_a_view_of_its_own_shows_its_summary_as_it_comes(monkeypatch):
    monkeypatch.setitem(ENGINES, "tally_test", Tally)
    referee = Referee(GameStarted(t=0, game="tally_test", players=("Aino", "Ville")))
    referee.push(Declared(t=1, by=0, what="yes"))
    state = page_state(referee)
    assert (state["title"], state["turn"], state["paused"], state["declarations"], state["drinks"]) == \
        ("Tally_test", "Ville", True, [], False)
    assert ("<table class=list><thead><tr><th>player</th><th>count</th></tr></thead><tbody>"
            "<tr><td>Aino</td><td>1</td></tr><tr><td>Ville</td><td>0</td></tr></tbody></table>") in state["html"]["en"]
    assert "&lt;b&gt;bold&lt;/b&gt;" in state["html"]["en"]   # what a summary says is shown, never run


def test_whose_turn_is_a_seat_or_a_name_as_the_summary_gives_it():
    players = ["Aino", "Ville"]
    assert [turn_name(t, players) for t in (0, 1, 2, None, True, "Sudet")] == ["Aino", "Ville", None, None, None, "Sudet"]


def test_booked_events_are_told_in_a_line_naming_the_players():
    players = ["Aino", "Ville"]
    assert describe(CardMoved(t=1, card="Td", from_zone="seat1", to_zone="pile", by=0), players) == \
        "Td seat1 → pile (Aino)"
    assert describe(DieSettled(t=1, value=None, by=1), players) == "die ? (Ville)"
    assert describe(Declared(t=1, by=1, what="knock", value="7"), players) == "Ville: knock 7"


def test_a_ruling_with_a_penalty_stands_out_whatever_its_kind():
    plain, fined = Ruling("move", "a", "b"), Ruling("hembo_due", "a", "b", (1,), penalty=1, unit="fine", cause=4)
    assert ruling_json(plain) == {"kind": "move", "fi": "a", "en": "b", "seats": [], "cause": None, "bad": False}
    assert ruling_json(fined)["bad"] and (ruling_json(fined)["penalty"], ruling_json(fined)["unit"]) == (1, "fine")
