"""The book's three-player and team variants of gin rummy ("Kolmen hengen gini-rommi", "Neljän hengen
gini-rommi"), rule by rule, with the numbers worked by hand; whole games replayed; bad starts refused."""

import pytest

import referee.gin  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import GameStarted
from referee.gin.scoring import (GIN, KNOCK, UNDERCUT, HandScore, TableResult, score_team_hand, score_three,
                                 three_game_winner, three_ledger)
from referee.gin.sheet import ScoreSheet, TableRow, TeamScoreSheet
from tests.referee.strategies_gin import Table, bot_game_teams, bot_game_three

AINO, EERO, VEERA, OLLI = 0, 1, 2, 3
THREE = ("Aino", "Eero", "Veera")
FOUR = ("Aino", "Eero", "Veera", "Olli")
# Eero knocks with a run, a set and 6 of deadwood; the others' cards are below each test
EERO_MELDS = ("3h", "4h", "5h", "6h", "9s", "9d", "9c")
EERO_DEADWOOD = ("As", "2d", "3s")


def referee(tb: Table) -> Referee:
    return Referee.replay(tb.events, language="en")


def rulings(tb: Table, skip=("hand_dealt",)):
    return [r for r in referee(tb).rulings if r.kind not in skip]


def found(tb: Table) -> dict:
    return {r.kind: r for r in rulings(tb)}


def state(tb: Table) -> dict:
    return referee(tb).engine.summary()


def impossible(tb: Table):
    (r,) = [r for r in referee(tb).rulings if r.kind == "impossible"]
    return r.reason, r.seats


# ---------------------------------------------------------------- three players: the deal and the turns

def three(**settings) -> Table:
    """Aino deals ten to each of three; the upcard is the 2c."""
    return Table(THREE, settings={"first_dealer": AINO, **settings}).deal(AINO).upcard("2c")


def to_the_knock(**settings) -> Table:
    """All three pass the upcard; Eero (the forehand) throws the Kd, Veera the Qs, Aino the Jc; Eero knocks."""
    tb = three(**settings).pass_(EERO).pass_(VEERA).pass_(AINO)
    tb.turn(EERO, "Kd").turn(VEERA, "Qs").turn(AINO, "Jc")
    return tb.draw(EERO).knock(EERO, 6)


def test_three_are_dealt_ten_each_and_the_upcard_goes_round_from_the_forehand_to_the_dealer():
    ref = referee(three())
    (r,) = ref.rulings
    assert (r.kind, r.seats, r.en) == ("hand_dealt", (AINO, EERO),
                                       "Hand 1: Aino dealt, upcard 2c; Eero may take it first. Knock limit 10.")
    s = ref.engine.summary()
    assert (s["held"], s["stock"], s["offer_to"], s["variant"], s["game_to"]) == ([10, 10, 10], 52 - 30 - 1, EERO,
                                                                                   "three", 100)
    tb = three().pass_(EERO)
    assert state(tb)["offer_to"] == VEERA
    assert impossible(three().pass_(EERO).pass_(AINO)) == ("upcard_not_offered", (AINO,))
    tb.pass_(VEERA)
    assert state(tb)["offer_to"] == AINO
    tb.pass_(AINO)
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["offer_to"]) == (EERO, "draw", None)


def test_three_the_upcard_offered_to_the_forehand_and_the_dealer_only_when_so_agreed():
    tb = three(upcard_offer="forehand_and_dealer").pass_(EERO)
    assert state(tb)["offer_to"] == AINO
    tb.pass_(AINO)
    assert (state(tb)["turn"], state(tb)["stage"]) == (EERO, "draw")


def test_three_play_goes_clockwise_and_the_taker_of_the_upcard_discards():
    tb = three().pass_(EERO).take(VEERA, "2c")
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["held"]) == (VEERA, "discard", [10, 10, 11])
    tb.discard(VEERA, "Kd")
    assert state(tb)["turn"] == AINO
    tb.turn(AINO, "Qs")
    assert state(tb)["turn"] == EERO
    tb.turn(EERO, "Jc")
    assert state(tb)["turn"] == VEERA


def _dead_hand(**settings) -> Table:
    tb = three(**settings).pass_(EERO).pass_(VEERA).pass_(AINO)
    seats, cards = [EERO, VEERA, AINO], iter([r + s for r in "3456789TJQK" for s in "shdc"])
    for k in range(19):   # 21 in the stock after the deal and the upcard: 19 draws leave 2
        tb.turn(seats[k % 3], next(cards))
    return tb


def test_three_a_hand_with_two_cards_left_in_the_stock_is_dead():
    r = rulings(_dead_hand())[-1]
    assert (r.kind, r.seats, r.data) == ("dead_hand", (AINO, EERO, VEERA), {"stock": 2, "next_dealer": AINO})
    assert rulings(_dead_hand(dead_hand_dealer="other"))[-1].data["next_dealer"] == EERO


def test_three_every_hand_miscounted_is_a_redeal_one_is_put_right():
    tb = Table(THREE).deal(AINO, counts=(9, 11, 11)).upcard("5d")
    (r,) = rulings(tb)
    assert (r.kind, r.data) == ("redeal", {"reason": "all_hands_wrong", "dealer": AINO, "counts": [9, 11, 11]})
    assert r.en == "Redeal (every player holds the wrong number of cards): Aino deals."
    tb = Table(THREE).deal(AINO, counts=(10, 10, 9)).upcard("5d")
    assert [(r.kind, r.seats) for r in rulings(tb)] == [("hand_size_wrong", (VEERA,))]


def test_three_a_stock_card_seen_gives_the_choice_to_the_next_player():
    tb = three().pass_(EERO).pass_(VEERA).pass_(AINO).draw(EERO).look(EERO)
    r = rulings(tb)[-1]
    assert (r.kind, r.seats) == ("stock_seen", (EERO,))
    tb.reveal("stock", ("8c",))
    assert rulings(tb)[-1].seats == (VEERA,)


# ---------------------------------------------------------------- three players: the showing and the score

VEERA_MELDS = ("Jh", "Js", "Jd", "4c", "5c", "6c")
AINO_DEADWOOD = ("8s", "4d", "5d", "6s")


def shown_standard() -> Table:
    """Veera lays a set and a run, lays the 7h off onto Eero's run, keeps 19; then Aino lays a set, the 8h
    (onto Eero's run, now to the 7h) and 9h, the 7c onto Veera's run, and keeps 23."""
    tb = to_the_knock().show(EERO, EERO_MELDS, EERO_DEADWOOD)
    tb.reveal("melds2", VEERA_MELDS).reveal("melds1", (*EERO_MELDS, "7h")).reveal("hand2", ("8d", "Ac", "Qh"))
    tb.reveal("melds0", ("Ks", "Kh", "Kc")).reveal("melds1", (*EERO_MELDS, "7h", "8h", "9h"))
    return tb.reveal("melds2", (*VEERA_MELDS, "7c")).reveal("hand0", AINO_DEADWOOD)


def test_three_the_lowest_wins_the_others_deadwood_less_its_own_with_lay_offs_onto_everyones_melds():
    tb = shown_standard()
    assert [r.kind for r in rulings(tb)] == ["knocked", "knock_shown", "hand_scored"]
    assert rulings(tb)[1].en == "Eero: deadwood 6. Veera and Aino lay down and lay off, in turn."
    r = rulings(tb)[-1]
    assert (r.seats, r.en) == ((AINO, EERO, VEERA), "Hand 1: Eero wins, 6 against Veera 19 and Aino 23: 36 points "
                                                    "and 20 for the win. Game: Aino 0, Eero 36, Veera 0.")
    assert r.data == {"game": 1, "hand": 1, "case": "knock", "knocker": EERO, "winner": EERO, "deadwood": [23, 6, 19],
                      "points": [0, 23 + 19 - 6, 0], "win_points": [0, 20, 0], "totals": [0, 36, 0],
                      "win_totals": [0, 20, 0], "unjudged": False, "others": 42, "undercut_bonus": 0, "gin_bonus": 0,
                      "short_cards": 0, "short_points": 0, "tenfold": False}
    result = state(tb)["hands"][0]["result"]
    assert result["defenders"] == [
        {"seat": VEERA, "melds": [["Js", "Jh", "Jd"], ["4c", "5c", "6c"]], "lay_offs": ["7h"],
         "deadwood": ["Qh", "8d", "Ac"], "short": 0},
        {"seat": AINO, "melds": [["Ks", "Kh", "Kc"]], "lay_offs": ["8h", "9h", "7c"],
         "deadwood": ["6s", "8s", "4d", "5d"], "short": 0}]
    s = state(tb)
    assert (s["phase"], s["hand"], s["dealer"]) == ("deal", 2, EERO)   # the hand's winner deals next


def test_three_the_hand_the_camera_sees_scores_as_the_hand_written_in_full():
    """Held hands out of sight: the deal, the stock draws and the passes unseen; each lays all their cards
    in their own meld zone, lay-offs in the knocker's and (Aino's 7c) in Veera's."""
    tb = Table(THREE, settings={"first_dealer": AINO})
    for card in ("2c", "Kd", "Qs", "Jc"):
        tb.move("hand", "pile", card=card, face_up=True)
    tb.move("hand", "pile").say(EERO, "knock", "6")
    tb.reveal("melds1", (*EERO_MELDS, *EERO_DEADWOOD))
    tb.reveal("melds2", (*VEERA_MELDS, "8d", "Ac", "Qh")).reveal("melds1", (*EERO_MELDS, *EERO_DEADWOOD, "7h"))
    tb.reveal("melds0", ("Ks", "Kh", "Kc", *AINO_DEADWOOD))
    tb.reveal("melds1", (*EERO_MELDS, *EERO_DEADWOOD, "7h", "8h", "9h")).reveal("melds2", (*VEERA_MELDS, "8d", "Ac",
                                                                                          "Qh", "7c"))
    camera = [(r.kind, r.seats, r.data) for r in rulings(tb)]
    assert camera == [(r.kind, r.seats, r.data) for r in rulings(shown_standard())]


def test_three_when_both_others_have_less_the_lowest_undercuts():
    tb = three().pass_(EERO).pass_(VEERA).pass_(AINO).turn(EERO, "Kd").turn(VEERA, "Qs").turn(AINO, "Jc")
    tb.draw(EERO).knock(EERO, 9).show(EERO, EERO_MELDS, ("As", "2d", "6s"))
    tb.reveal("melds2", ("Jh", "Js", "Jd", "4c", "5c", "6c", "7c")).reveal("melds1", (*EERO_MELDS, "7h"))
    tb.reveal("hand2", ("Ac", "Ad"))
    tb.reveal("melds0", ("Ks", "Kh", "Kc")).reveal("melds1", (*EERO_MELDS, "7h", "8h", "9h"))
    tb.reveal("melds2", ("Jh", "Js", "Jd", "4c", "5c", "6c", "7c", "8c")).reveal("hand0", ("4d", "5d", "7s", "Ts"))
    r = rulings(tb)[-1]
    assert (r.data["case"], r.data["winner"], r.data["deadwood"]) == (UNDERCUT, VEERA, [26, 9, 2])
    assert (r.data["points"], r.data["win_points"]) == ([0, 0, 9 + 26 - 2 + 10], [0, 0, 20])
    assert r.en == ("Hand 1: Veera undercuts, 2 against Aino 26 and Eero 9: 43 points (10 extra among them) and 20 "
                    "for the win. Game: Aino 0, Eero 0, Veera 43.")
    assert state(tb)["dealer"] == VEERA


def _chance() -> Table:
    """Veera closes first with the 7c among her deadwood; Aino then lays a run the 7c fits."""
    tb = to_the_knock().show(EERO, EERO_MELDS, EERO_DEADWOOD)
    tb.reveal("melds2", ("Jh", "Js", "Jd")).reveal("melds1", (*EERO_MELDS, "7h"))
    tb.reveal("hand2", ("7c", "Ac", "Ad", "Qh", "Qd", "8d"))
    return tb.reveal("melds0", ("Ks", "Kh", "Kc", "4c", "5c", "6c")).reveal("melds1", (*EERO_MELDS, "7h", "8h", "9h"))


def test_three_the_first_defender_may_still_lay_off_onto_the_seconds_melds():
    tb = _chance().reveal("hand0", ("4d", "5d"))
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("lay_off_chance", (VEERA,), {"deadwood": 37, "could": 30})
    assert r.en == "Veera may still lay off onto Aino's melds: lay the cards, or say done."
    tb.reveal("melds0", ("Ks", "Kh", "Kc", "4c", "5c", "6c", "7c"))
    r = rulings(tb)[-1]
    assert (r.kind, r.data["deadwood"], r.data["points"]) == ("hand_scored", [9, 6, 30], [0, 30 + 9 - 6, 0])
    tb = _chance().reveal("hand0", ("4d", "5d")).say(VEERA, "done")
    assert [(r.kind, r.data.get("cards")) for r in rulings(tb)][-2] == ("lay_off_missed", ["7h", "7c"])
    assert rulings(tb)[-1].data["deadwood"] == [9, 6, 37]


def test_three_no_last_look_when_lay_offs_count_at_their_best():
    tb = _chance().reveal("hand0", ("4d", "5d"))
    tb.events[0] = GameStarted(t=0.0, game="gin", players=THREE, settings={"lay_offs": "best"})
    r = rulings(tb)[-1]
    assert (r.kind, r.data["deadwood"]) == ("hand_scored", [9, 6, 30])


def test_three_a_defender_short_of_cards_gives_the_knocker_10_a_card():
    tb = three().pass_(EERO).pass_(VEERA).pass_(AINO).turn(EERO, "Kd").turn(VEERA, "Qs")
    tb.discard(AINO, "Jc").draw(EERO).knock(EERO, 6).show(EERO, EERO_MELDS, EERO_DEADWOOD)   # Aino never drew
    tb.reveal("melds2", VEERA_MELDS).reveal("melds1", (*EERO_MELDS, "7h")).reveal("hand2", ("8d", "Ac", "Qh"))
    tb.reveal("melds0", ("Ks", "Kh", "Kc")).reveal("melds1", (*EERO_MELDS, "7h", "8h", "9h"))
    tb.reveal("melds2", (*VEERA_MELDS, "7c")).reveal("hand0", ("4d", "5d", "6s"))
    short = found(tb)["defender_short"]
    assert (short.seats, short.penalty, short.data) == ((AINO,), 10, {"missing": 1, "to": EERO})
    assert found(tb)["hand_scored"].data["points"] == [0, 15 + 19 - 6 + 10, 0]


def test_three_gin_scores_the_others_deadwood_and_20_more():
    melds = (*EERO_MELDS, "As", "2s", "3s")
    tb = to_the_knock().show(EERO, melds)
    tb.reveal("melds2", VEERA_MELDS).reveal("hand2", ("7h", "8d", "Ac", "Qh"))
    tb.reveal("melds0", ("Ks", "Kh", "Kc")).reveal("hand0", ("8h", "9h", "7c", *AINO_DEADWOOD))
    r = found(tb)["hand_scored"]   # as laid: the cards kept in hand count there
    assert (r.data["case"], r.data["deadwood"], r.data["points"]) == (GIN, [47, 0, 26], [0, 47 + 26 + 20, 0])
    assert [(r.seats, r.data) for r in rulings(tb) if r.kind == "lay_off_missed"] == [
        ((VEERA,), {"cards": ["7h"], "deadwood": 19}), ((AINO,), {"cards": ["9h", "7c"], "deadwood": 31})]
    assert r.en == ("Hand 1: Eero goes gin, the others have Veera 26 and Aino 47: 93 points and 20 for the win. "
                    "Game: Aino 0, Eero 93, Veera 0.")


def test_three_the_game_ends_over_its_points_and_the_ledger_takes_the_books_differences():
    tb = shown_standard()
    tb.events[0] = GameStarted(t=0.0, game="gin", players=THREE, settings={"first_dealer": AINO, "game_to": 36})
    assert not referee(tb).engine.finished   # 36 is not over 36
    tb.events[0] = GameStarted(t=0.0, game="gin", players=THREE, settings={"first_dealer": AINO, "game_to": 35})
    r = rulings(tb)[-1]
    assert (r.kind, r.seats) == ("game_won", (EERO, AINO))
    assert r.data == {"game": 1, "totals": [0, 36, 0], "win_totals": [0, 20, 0], "ledger_points": 72,
                      "ledger_entries": [0, 72, 0], "ledger": [0, 72, 0]}
    assert r.en == "Eero wins game 1 (Aino 0, Eero 36, Veera 0): 72 to the main ledger, and 0 to Aino, second."


def test_three_scoring_the_books_cases():
    s = score_three(1, (12, 5, 5))   # the knocker equal to a defender still wins
    assert (s.case, s.winner, s.points, s.win_points) == (KNOCK, 1, (0, 12 + 5 - 5, 0), (0, 20, 0))
    s = score_three(0, (9, 4, 7), short_cards=1)   # an undercut: the short card is still the knocker's 10
    assert (s.winner, s.points) == (1, (10, 9 + 7 - 4 + 10, 0))
    assert three_game_winner((101, 101, 3), 100, 1) == 1 and three_game_winner((101, 101, 3)) == 0
    assert three_ledger((120, 120, 30), winner=1) == (120 - 30, (120 - 120) + (120 - 30), 0)


def test_three_the_sheet_shows_the_second_players_ledger_entry():
    sheet = ScoreSheet(THREE)
    sheet.add_hand(KNOCK, (0, 36, 0), (0, 20, 0), knocker=1, winner=1, deadwood=(23, 6, 19))
    sheet.add_hand(UNDERCUT, (43, 0, 0), (20, 0, 0), knocker=1, winner=0, deadwood=(2, 9, 26))
    sheet.add_hand(GIN, (0, 71, 0), (0, 20, 0), knocker=1, winner=1, deadwood=(30, 0, 21))
    sheet.finish_game(1, three_ledger(sheet.totals), False)
    assert sheet.totals == (43, 107, 0) and sheet.ledger == [43 - 0, (107 - 43) + (107 - 0), 0]
    lines = sheet.render("en").splitlines()
    assert lines[0].split() == ["Game", "1:", "Hand", "Aino", "Eero", "Veera"]
    assert lines[3].split() == ["3", "43", "107", "0", "gin:", "Eero"]
    assert lines[5] == "Game won by: Eero +171 (Aino +43, Veera 0)"
    assert lines[-1] == "Main ledger: Aino 43, Eero 171, Veera 0"
    assert sheet.to_csv().splitlines()[-2:] == ["1,won,+43,+171,0,20,40,0,,,Eero", "ledger,,43,171,0,,,,,,"]
    assert sheet.to_json()["games"][0]["ledger_entries"] == [43, 171, 0]


def test_a_whole_three_player_game_is_refereed_as_the_bot_counted_it():
    game = bot_game_three(4)
    ref = Referee.replay(game.events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    scored = [r.data for r in ref.rulings if r.kind == "hand_scored"]
    played = [h for h in game.hands if h.case != "dead"]
    assert [(d["case"], d["winner"], tuple(d["points"])) for d in scored] == [
        (h.case, h.winner, tuple(h.points[s] for s in range(3))) for h in played]
    s = ref.engine.summary()
    assert ref.engine.finished and s["totals"] == [136, 72, 35] == game.totals
    assert s["ledger"] == [(136 - 72) + (136 - 35), 72 - 35, 0]
    (won,) = [r for r in ref.rulings if r.kind == "game_won"]
    assert won.data["ledger_entries"] == [165, 37, 0] and won.seats == (AINO, EERO)


# ---------------------------------------------------------------- teams

A_MELDS = ("Js", "Jh", "Jd", "Jc")
A_DEADWOOD = ("Ac", "2s", "3c", "4d", "5c", "6d")          # 21, fitting nothing of Eero's
V_MELDS = ("Js", "Jh", "Jd", "Qs", "Qh", "Qd")
V_DEADWOOD = ("Ac", "2s", "6d", "7c")                      # 16


def teams(**settings) -> Table:
    """Four at one table, teams Aino & Veera against Eero & Olli; two games: Aino deals to Eero at table 0,
    Veera to Olli at table 1, each from its own deck."""
    tb = Table(FOUR, settings=settings)
    return tb.deal(AINO, seats=(AINO, EERO)).upcard("2c", table=0).deal(VEERA, seats=(VEERA, OLLI)).upcard(
        "5d", table=1)


def table0_eero_knocks(tb: Table, deadwood=A_DEADWOOD) -> Table:
    """At table 0 Eero knocks with 6; Aino keeps 21: Eero wins by 15."""
    tb.pass_(EERO).pass_(AINO).turn(EERO, "Kd").turn(AINO, "Qs").draw(EERO).knock(EERO, 6)
    return tb.show(EERO, EERO_MELDS, EERO_DEADWOOD).reveal("melds0", A_MELDS).reveal("hand0", deadwood)


def table1_olli_knocks(tb: Table) -> Table:
    """At table 1 Olli knocks with 6; Veera keeps 16: Olli wins by 10."""
    tb.pass_(OLLI).pass_(VEERA).turn(OLLI, "Kd").turn(VEERA, "Kc").draw(OLLI).knock(OLLI, 6)
    return tb.show(OLLI, EERO_MELDS, EERO_DEADWOOD).reveal("melds2", V_MELDS).reveal("hand2", V_DEADWOOD)


def test_teams_two_games_at_one_table_each_with_its_own_stock_and_pile():
    ref = referee(teams())
    assert [(r.kind, r.seats) for r in ref.rulings] == [("hand_dealt", (AINO, EERO)), ("hand_dealt", (VEERA, OLLI))]
    s = ref.engine.summary()
    assert (s["variant"], s["teams"], s["team_names"], s["game_to"]) == (
        "teams", [[0, 2], [1, 3]], ["Aino & Veera", "Eero & Olli"], 125)
    assert [(t["table"], t["players"], t["dealer"], t["offer_to"], t["stock"], t["pile_top"]) for t in s["tables"]] == [
        (0, [AINO, EERO], AINO, EERO, 31, "2c"), (1, [VEERA, OLLI], VEERA, OLLI, 31, "5d")]
    assert state(teams().pass_(EERO).take(AINO, "2c"))["tables"][0]["held"] == [11, 10]   # the pile is table 0's


def test_teams_the_book_example_won_by_15_lost_by_10_gives_the_team_5_and_20_for_the_win():
    tb = teams()
    # Aino wins by 15 at table 0 (she knocks), Veera loses by 10 at table 1
    tb.pass_(EERO).pass_(AINO).turn(EERO, "Kd").draw(AINO).knock(AINO, 6)
    tb.show(AINO, EERO_MELDS, EERO_DEADWOOD).reveal("melds1", A_MELDS).reveal("hand1", A_DEADWOOD)
    table1_olli_knocks(tb)
    r = rulings(tb)[-1]
    assert (r.kind, r.seats) == ("team_hand_scored", (0, 1, 2, 3))
    assert r.data == {"game": 1, "hand": 1, "winner": 0, "nets": [15 - 10, 10 - 15], "games_won": [1, 1],
                      "points": [5 + 20, 0], "win_points": [0, 0], "totals": [25, 0], "win_totals": [0, 0]}
    assert r.en == ("Hand 1: Aino & Veera win the hand, 5 points and 20 for the win: 25. "
                    "Game: Aino & Veera 25, Eero & Olli 0.")
    tables = [r for r in rulings(tb) if r.kind == "hand_scored"]
    assert [(r.seats, r.data["table"], r.data["winner"], r.data["points"]) for r in tables] == [
        ((AINO, EERO), 0, AINO, [15, 0]), ((VEERA, OLLI), 1, OLLI, [0, 10])]
    assert tables[0].en == "Table 0, hand 1: Aino wins (knock), 6 against 21: 15 points to Aino & Veera."


def test_teams_both_lose_and_the_20_on_the_win_line_when_so_agreed():
    tb = table1_olli_knocks(table0_eero_knocks(teams(team_win_toward_game=False)))
    r = rulings(tb)[-1]
    assert (r.data["winner"], r.data["nets"], r.data["points"], r.data["win_points"]) == (1, [-25, 25], [0, 25],
                                                                                         [0, 20])


def test_teams_a_table_waits_for_the_others_result_and_a_finished_table_waits_to_deal():
    tb = teams().pass_(EERO).pass_(AINO).turn(EERO, "Kd").turn(AINO, "Qs").draw(EERO).knock(EERO, 6)
    assert impossible(teams().say(OLLI, "wait")) == ("nothing_to_wait_for", (OLLI,))
    tb.say(OLLI, "wait")
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("table_waits", (VEERA, OLLI), {"table": 1, "for": [0]})
    assert state(tb)["tables"][1]["waiting"] is True
    tb.show(EERO, EERO_MELDS, EERO_DEADWOOD).reveal("melds0", A_MELDS).reveal("hand0", A_DEADWOOD)
    assert [(r.kind, r.seats) for r in rulings(tb)][-2:] == [("hand_scored", (AINO, EERO)),
                                                             ("wait_over", (VEERA, OLLI))]
    assert state(tb)["tables"][0]["phase"] == "done" and state(tb)["totals"] == [0, 0]
    tb.move("hand0", "stock").move("melds1", "stock")   # the cards gathered: nothing said
    assert rulings(tb)[-1].kind == "wait_over"
    bad = Table(FOUR)
    bad.events = list(tb.events)
    bad.draw(AINO)
    assert impossible(bad) == ("table_done", (AINO, EERO))
    assert "a new hand begins only when every table's has (still playing: 1)" in referee(bad).rulings[-1].en


def test_teams_opponents_change_every_hand_and_the_winner_deals():
    tb = table1_olli_knocks(table0_eero_knocks(teams()))
    s = state(tb)
    assert [(t["players"], t["dealer"], t["hand"]) for t in s["tables"]] == [([AINO, OLLI], OLLI, 2),
                                                                             ([VEERA, EERO], EERO, 2)]
    tb = table1_olli_knocks(table0_eero_knocks(teams(rotate_opponents=False)))
    assert [(t["players"], t["dealer"]) for t in state(tb)["tables"]] == [([AINO, EERO], EERO), ([VEERA, OLLI], OLLI)]


def test_teams_of_three_keep_their_opponents_and_play_to_150():
    tb = Table(("A", "B", "C", "D", "E", "F"))
    s = referee(tb).engine.summary()
    assert [t["players"] for t in s["tables"]] == [[0, 1], [2, 3], [4, 5]] and s["game_to"] == 150
    for n, points in ((8, 175), (10, 200)):
        start = GameStarted(t=0.0, game="gin", players=tuple(f"P{k}" for k in range(n)))
        assert Referee(start).engine.summary()["game_to"] == points
    halves = GameStarted(t=0.0, game="gin", players=FOUR, settings={"teams": "halves"})
    assert [t["players"] for t in Referee(halves).engine.summary()["tables"]] == [[0, 2], [1, 3]]


def test_teams_the_game_is_won_at_its_points_and_the_ledger_credits_each_member():
    tb = table1_olli_knocks(table0_eero_knocks(teams(game_to=40)))
    r = rulings(tb)[-1]
    assert (r.kind, r.seats) == ("game_won", (EERO, OLLI))
    assert r.data == {"game": 1, "team": 1, "totals": [0, 45], "win_totals": [0, 0], "ledger_points": 200,
                      "ledger": [0, 200, 0, 200], "team_ledger": [0, 200]}
    assert r.en == "Eero & Olli win game 1 (Aino & Veera 0, Eero & Olli 45): 200 to the main ledger."
    assert referee(tb).engine.finished and state(tb)["ledger"] == [0, 200, 0, 200]


def test_teams_a_move_must_say_its_table_when_its_seats_do_not():
    tb = Table(FOUR).deal(AINO, seats=(AINO, EERO)).deal(VEERA, seats=(VEERA, OLLI)).upcard("2c")
    assert impossible(tb)[0] == "which_table"
    tb = Table(FOUR).deal(AINO, seats=(AINO, EERO)).upcard("2c")   # only table 0 is dealt
    assert referee(tb).engine.summary()["tables"][0]["pile_top"] == "2c"
    tb = teams().pass_(EERO).pass_(AINO).draw(EERO).move("hand1", "pile1", card="Kd", face_up=True)
    assert impossible(tb)[0] == "tables_mixed"
    assert impossible(teams().move("stock7", "pile7", card="Kd", face_up=True))[0] == "no_such_table"


def test_teams_scoring_the_even_hand():
    knock = HandScore(KNOCK, 0, (15, 0), (20, 0))
    tie = HandScore("tie", 0, (0, 0), (20, 0))
    team_of = {0: 0, 1: 1, 2: 0, 3: 1}
    even = score_team_hand(team_of, [TableResult((0, 1), knock), TableResult((3, 2), knock)])
    assert (even.winner, even.nets, even.points) == (None, (0, 0), (0, 0))
    more = score_team_hand(team_of, [TableResult((0, 1), tie), TableResult((2, 3), None)])
    assert (more.winner, more.points, more.games_won) == (0, (20, 0), (1, 0))
    assert score_team_hand(team_of, [TableResult((0, 1), tie), TableResult((2, 3), None)], even="none").winner is None
    both = score_team_hand(team_of, [TableResult((0, 1), knock), TableResult((2, 3), knock)])
    assert (both.winner, both.points) == (0, (15 + 15 + 20, 0))


def test_teams_the_sheet_has_a_column_per_team_and_each_hands_tables():
    sheet = TeamScoreSheet(FOUR, ((0, 2), (1, 3)))
    rows = [TableRow(0, (0, 1), KNOCK, 0, 0, (6, 21), (15, 0), (20, 0)),
            TableRow(1, (2, 3), KNOCK, 3, 3, (16, 6), (0, 10), (0, 20))]
    sheet.add_hand(rows, score_team_hand(sheet.team_of, [TableResult((0, 1), HandScore(KNOCK, 0, (15, 0), (20, 0))),
                                                         TableResult((2, 3), HandScore(KNOCK, 1, (0, 10), (0, 20)))]))
    sheet.finish_game(0, 100)
    lines = sheet.render("en").splitlines()
    assert lines[0].split() == ["Game", "1:", "Hand", "Aino", "&", "Veera", "Eero", "&", "Olli"]
    assert lines[1].split() == ["1", "25", "0", "Aino–Eero:", "Aino", "15", "(knock);", "Veera–Olli:", "Olli", "10",
                                "(knock)"]
    assert lines[3:] == ["Game won by: Aino & Veera +100", "", "Main ledger: Aino & Veera 100, Eero & Olli 0"]
    assert sheet.render("fi").splitlines()[3] == "Erän voittaja: Aino & Veera +100"
    assert sheet.to_csv().splitlines() == [
        "game,hand,Aino & Veera,Eero & Olli,Aino & Veera win,Eero & Olli win,winner,tables",
        "1,1,25,0,0,0,Aino & Veera,Aino–Eero: Aino 15 (knock); Veera–Olli: Olli 10 (knock)",
        "1,won,+100,0,0,0,Aino & Veera,", "ledger,,100,0,,,,"]
    data = sheet.to_json()
    assert data["ledger"] == [100, 0] and data["player_ledger"] == [100, 0, 100, 0]
    assert data["teams"] == [{"name": "Aino & Veera", "seats": [0, 2]}, {"name": "Eero & Olli", "seats": [1, 3]}]
    assert data["games"][0]["rows"][0]["tables"][1] == {
        "table": 1, "seats": [2, 3], "case": "knock", "knocker": 3, "winner": 3, "deadwood": [16, 6],
        "points": [0, 10], "win_points": [0, 20], "unjudged": False}


def test_a_whole_four_player_team_game_is_refereed_as_the_bot_counted_it():
    events, hands, totals = bot_game_teams(1)
    ref = Referee.replay(events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    scored = [r.data for r in ref.rulings if r.kind == "team_hand_scored"]
    assert [tuple(d["points"]) for d in scored] == [tuple(h.score.points) for h in hands]
    s = ref.engine.summary()
    assert ref.engine.finished and s["totals"] == totals == [168, 95]
    assert s["ledger"] == [100, 0, 100, 0] and s["team_ledger"] == [100, 0]
    pairs = [tuple(tuple(t.seats) for t in h.tables) for h in hands]
    assert pairs[:2] == [((0, 1), (2, 3)), ((0, 3), (2, 1))]   # the opponents change every hand


# ---------------------------------------------------------------- bad starts

@pytest.mark.parametrize("players,settings,message", [
    (5, {}, "gin is played by 2 or 3 players, or by two teams of 4, 6, 8 or 10 players in all (the book), got 5"),
    (12, {}, "gin is played by 2 or 3 players, or by two teams of 4, 6, 8 or 10 players in all (the book), got 12"),
    (4, {"variant": "three"}, "gin's three-player variant needs 3 players, got 4"),
    (3, {"variant": "teams"}, "gin's team game needs an even number of players, 4 to 10"),
    (3, {"variant": "two"}, "gin's two-player game needs 2 players, got 3"),
    (2, {"variant": "pairs"}, "setting 'variant' must be one of two, three, teams (or null: by the number of players)"),
    (2, {"rotate_opponents": True}, "setting 'rotate_opponents' is for the team game (4 to 10 players), not for 2"),
    (3, {"team_win_toward_game": False}, "setting 'team_win_toward_game' is for the team game"),
    (4, {"games": 2}, "partners play one game together (the book): setting 'games' must be 1, got 2"),
    (4, {"teams": "random"}, "setting 'teams' must be one of alternate, halves, got 'random'"),
    (3, {"upcard_offer": "dealer"}, "setting 'upcard_offer' must be one of everyone, forehand_and_dealer"),
    (4, {"team_even_hand": "split"}, "setting 'team_even_hand' must be one of more_games, none, got 'split'"),
    (3, {"first_dealer": 3}, "setting 'first_dealer' must be a seat 0-2, got 3"),
    (4, {"game_to": 0}, "setting 'game_to' must be a whole number >= 1 or null"),
    (3, {"partners": "x"}, "unknown setting 'partners' for gin; known: "),
])
def test_bad_starts_are_refused_by_name(players, settings, message):
    start = GameStarted(t=0.0, game="gin", players=tuple(f"P{k}" for k in range(players)), settings=settings)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Referee(start)


# ---------------------------------------------------------------- the command line

def test_play_replay_and_sheet_take_three_and_four_player_logs(tmp_path, capsys):
    from pelituomari.cli import main
    from referee.events import write_jsonl

    three_log, four_log = tmp_path / "three.jsonl", tmp_path / "four.jsonl"
    three_log.write_text(write_jsonl(shown_standard().events), encoding="utf-8")
    four_log.write_text(write_jsonl(table1_olli_knocks(table0_eero_knocks(teams())).events), encoding="utf-8")
    assert main(["play", str(three_log), "--db", str(tmp_path / "games.db"), "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert "[hand_scored] Hand 1: Eero wins, 6 against Veera 19 and Aino 23" in out
    assert main(["replay", str(four_log), "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert "Table 0 (Aino–Olli), game 1, hand 2: Olli deals; stock 52, pile top -" in out
    assert main(["sheet", str(four_log), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "1,1,0,45,0,0,Eero & Olli,Aino–Eero: Eero 15 (knock); Veera–Olli: Olli 10 (knock)")
    assert main(["sheet", str(three_log), "--format", "table", "--language", "en"]) == 0
    assert "Main ledger: Aino 0, Eero 0, Veera 0" in capsys.readouterr().out


# ---------------------------------------------------------------- properties over whole games

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FEW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**32 - 1)


@FEW
@given(SEEDS, st.sampled_from([{}, {"eleven_cards": True}, {"knock_limit": "upcard"}, {"lay_offs": "best"},
                               {"extras_toward_game": False, "first_dealer": 2}, {"lay_off_onto_gin": False},
                               {"upcard_offer": "forehand_and_dealer", "dead_hand_dealer": "other"}]))
def test_any_three_player_game_is_refereed_to_its_end_as_the_bot_counted_it(seed, variant):
    game = bot_game_three(seed, variant)
    ref = Referee.replay(game.events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    scored = [r.data for r in ref.rulings if r.kind == "hand_scored"]
    played = [h for h in game.hands if h.case != "dead"]
    assert [(d["case"], d["winner"], tuple(d["points"]), tuple(d["win_points"])) for d in scored] == [
        (h.case, h.winner, tuple(h.points[s] for s in range(3)), tuple(h.win_points[s] for s in range(3)))
        for h in played]
    totals = ref.engine.summary()["totals"]
    assert ref.engine.finished and max(totals) > 100 and sorted(ref.engine.summary()["ledger"])[0] == 0


@FEW
@given(SEEDS, st.sampled_from([4, 6]), st.sampled_from([{}, {"teams": "halves"}, {"team_win_toward_game": False},
                                                        {"team_even_hand": "none", "rotate_opponents": False},
                                                        {"eleven_cards": True, "first_dealer": 1}]))
def test_any_team_game_is_refereed_to_its_end_as_the_bot_counted_it(seed, players, variant):
    events, hands, totals = bot_game_teams(seed, variant, tuple(f"P{k}" for k in range(players)))
    ref = Referee.replay(events)
    assert [r for r in ref.rulings if r.kind == "impossible"] == []
    scored = [r.data for r in ref.rulings if r.kind == "team_hand_scored"]
    assert [(tuple(d["points"]), tuple(d["win_points"])) for d in scored] == [
        (tuple(h.score.points), tuple(h.score.win_points)) for h in hands]
    s = ref.engine.summary()
    assert ref.engine.finished and s["totals"] == totals and max(totals) >= {4: 125, 6: 150}[players]
    assert sorted(s["team_ledger"]) in ([0, 100], [0, 200])


def test_the_camera_layout_has_three_seats_and_leaves_the_team_game_to_the_players_word():
    from calibration.zones import ZoneError, gin_layout
    from pelituomari.game import GAMES

    zones = gin_layout(3, (1200.0, 1000.0))
    assert list(zones) == ["stock", "pile", "melds0", "melds1", "melds2"]
    assert zones["melds1"].to_json() == [40.0, 260.0, 240.0, 740.0]   # the left edge, clockwise from seat 0
    assert list(gin_layout(2, (1000.0, 800.0))) == ["stock", "pile", "melds0", "melds1"]
    with pytest.raises(ZoneError, match=r"the team game \(4 players\) is two games at one table"):
        gin_layout(4, (1200.0, 1000.0))
    gin = GAMES["gin"]
    assert gin.calibrated_seats() == 2 and gin.table_mm(3) == "1200x1000"   # two seats by default, as the live sample
