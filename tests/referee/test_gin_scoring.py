"""Every scoring case of the gin rummy rule book, with the numbers worked by hand."""

from referee.gin.melds import fits_in_melds
from referee.gin.scoring import (DEAD, GIN, KNOCK, TIE, UNDERCUT, ScoringRules, game_winner, ledger_points,
                                 score_hand, score_three, three_game_winner, three_ledger)
from referee.gin.sheet import ScoreSheet

K, D = 0, 1  # seat 0 knocks in these hands


def test_knocker_with_less_deadwood_scores_the_difference_and_20_for_the_win():
    s = score_hand(K, (6, 31))
    assert (s.case, s.winner, s.points, s.win_points) == (KNOCK, K, (25, 0), (20, 0))


def test_equal_deadwood_still_gives_the_knocker_20_for_the_win_and_nothing_more():
    s = score_hand(K, (8, 8))
    assert (s.case, s.winner, s.points, s.win_points) == (TIE, K, (0, 0), (20, 0))


def test_a_defender_with_less_undercuts_difference_plus_10_and_20_for_the_win():
    s = score_hand(K, (9, 4))
    assert (s.case, s.winner, s.points, s.win_points) == (UNDERCUT, D, (0, 5 + 10), (0, 20))
    assert s.detail["undercut_bonus"] == 10


def test_gin_scores_the_defenders_deadwood_20_more_and_20_for_the_win():
    s = score_hand(K, (0, 23), knocker_melds=3)
    assert (s.case, s.points, s.win_points, s.detail["gin_bonus"]) == (GIN, (23 + 20, 0), (20, 0), 20)


def test_gin_against_a_defender_who_lays_everything_off_still_wins():
    s = score_hand(K, (0, 0), knocker_melds=2)
    assert (s.case, s.winner, s.points, s.win_points) == (GIN, K, (20, 0), (20, 0))


def test_the_extras_go_to_the_win_line_when_so_agreed():
    rules = ScoringRules(extras_toward_game=False)
    assert score_hand(K, (9, 4), rules=rules).win_points == (0, 30)
    s = score_hand(K, (0, 12), knocker_melds=3, rules=rules)
    assert (s.points, s.win_points) == ((12, 0), (40, 0))


def test_a_short_defender_gives_the_knocker_10_a_missing_card_even_on_an_undercut():
    s = score_hand(K, (7, 15), short_cards=1)
    assert s.points == (8 + 10, 0)
    s = score_hand(K, (7, 2), short_cards=2)
    assert (s.winner, s.points) == (D, (20, 5 + 10))


def test_the_two_meld_variant_gives_the_gin_bonus_only_for_two_melds():
    rules = ScoringRules(gin_bonus_two_melds_only=True)
    assert score_hand(K, (0, 10), knocker_melds=3, rules=rules).points == (10, 0)
    assert score_hand(K, (0, 10), knocker_melds=2, rules=rules).points == (30, 0)
    assert fits_in_melds(["As", "2s", "3s", "4s", "5s", "9h", "9d", "9c", "9s", "Tc"], 2) is False
    assert fits_in_melds(["As", "2s", "3s", "4s", "5s", "6s", "9h", "9d", "9c", "9s"], 2) is True


def test_the_one_run_variant_multiplies_the_knockers_points_tenfold():
    rules = ScoringRules(one_run_tenfold=True)
    s = score_hand(K, (0, 14), knocker_melds=1, one_run=True, rules=rules)
    assert (s.points, s.win_points, s.detail["tenfold"]) == (((14 + 20) * 10, 0), (20, 0), True)
    assert score_hand(K, (0, 14), knocker_melds=1, one_run=True).points == (34, 0)


def test_the_first_to_100_wins_the_most_on_both_and_the_hand_winner_on_equal():
    assert game_winner((96, 40), 100, 0) is None
    assert game_winner((100, 40), 100, 0) == 0
    assert game_winner((104, 110), 100, 0) == 1
    assert game_winner((105, 105), 100, 1) == 1


def test_the_ledger_gives_100_or_200_when_the_loser_has_nothing():
    assert ledger_points(0, (112, 35)) == 100
    assert ledger_points(1, (0, 101)) == 200


def test_the_sheet_keeps_running_totals_the_win_line_and_the_ledger():
    sheet = ScoreSheet(("Aino", "Eero"))
    sheet.add_hand(KNOCK, (25, 0), (20, 0), knocker=0, winner=0, deadwood=(6, 31))
    sheet.add_dead_hand()
    sheet.add_hand(UNDERCUT, (0, 15), (0, 20), knocker=0, winner=1, deadwood=(9, 4), unjudged=True)
    sheet.add_hand(GIN, (80, 0), (20, 0), knocker=0, winner=0, deadwood=(0, 60))
    assert [r.totals for r in sheet.game.rows] == [(25, 0), (25, 0), (25, 15), (105, 15)]
    assert [r.win_totals for r in sheet.game.rows] == [(20, 0), (20, 0), (20, 20), (40, 20)]
    assert sheet.game.rows[1].case == DEAD
    sheet.finish_game(0, 100)
    sheet.new_game()
    assert sheet.ledger == [100, 0] and sheet.totals == (0, 0)
    rows = sheet.to_csv().splitlines()
    assert rows[0] == "game,hand,Aino,Eero,Aino win,Eero win,case,knocker,winner"
    assert rows[1:] == ["1,1,25,0,20,0,knock,Aino,Aino", "1,2,25,0,20,0,dead,,", "1,3,25?,15?,20,20,undercut,Aino,Eero",
                        "1,4,105,15,40,20,gin,Aino,Aino", "1,won,+100,0,40,20,,,Aino", "ledger,,100,0,,,,,"]
    data = sheet.to_json()
    assert data["ledger"] == [100, 0] and data["games"][0]["winner"] == 0 and data["games"][1]["rows"] == []
    assert data["games"][0]["rows"][2] == {"hand": 3, "case": "undercut", "knocker": 0, "winner": 1,
                                           "deadwood": [9, 4], "points": [0, 15], "win_points": [0, 20],
                                           "totals": [25, 15], "win_totals": [20, 20], "unjudged": True}
    lines = sheet.render("en").splitlines()
    assert lines[0].split() == ["Game", "1:", "Hand", "Aino", "Eero"]
    assert lines[4].split() == ["4", "105", "15", "gin:", "Aino"]
    assert lines[5].split() == ["Win", "points", "40", "20"]
    assert lines[6] == "Game won by: Aino +100"
    assert lines[-2:] == ["Main ledger: Aino 100, Eero 0", "? = not every card could be checked"]
    assert sheet.render("fi").splitlines()[6] == "Erän voittaja: Aino +100"


# ---------------------------------------------------------------- three players (scoring only)

def test_three_the_lowest_wins_the_others_deadwood_less_its_own():
    s = score_three(0, (5, 10, 20))
    assert (s.case, s.winner, s.points, s.win_points) == (KNOCK, 0, (10 + 20 - 5, 0, 0), (20, 0, 0))


def test_three_when_both_others_have_less_the_lowest_wins_with_the_undercut_bonus():
    s = score_three(0, (9, 4, 7))
    assert (s.case, s.winner, s.points, s.win_points) == (UNDERCUT, 1, (0, 9 + 7 - 4 + 10, 0), (0, 20, 0))
    assert score_three(0, (9, 7, 4)).winner == 2
    assert score_three(1, (3, 8, 3)).winner == 2   # defenders equal: the first after the knocker


def test_three_gin_scores_20_more():
    s = score_three(2, (12, 30, 0), knocker_melds=3)
    assert (s.case, s.points) == (GIN, (0, 0, 42 + 20))


def test_three_the_game_ends_over_100_and_the_ledger_takes_differences():
    assert three_game_winner((100, 40, 12)) is None
    assert three_game_winner((104, 40, 12)) == 0
    assert three_ledger((104, 40, 12)) == ((104 - 40) + (104 - 12), 40 - 12, 0)
