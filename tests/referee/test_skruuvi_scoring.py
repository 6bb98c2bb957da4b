"""Skruuvi's scoring (the handbook's chapter Skruuvin pistelasku): every cell of the table, doubling,
ace points, pass misère, the revoke's penalty tricks, bolsevikki, and the chapter's worked examples."""

import pytest

from referee.skruuvi.bidding import Bid
from referee.skruuvi.bolsevikki import DEFENDERS, PLAYER, book_result, score_bolsevikki
from referee.skruuvi.scoring import (contract_result, score_contract, score_pass_misere, with_penalty_tricks)

PAIRS = (0, 1, 0, 1)  # seat -> side


def bid(text: str) -> Bid:
    return Bid(int(text[0]), text[1:])


# ---------------------------------------------------------------- the table, cell by cell


@pytest.mark.parametrize("contract, tricks, points", [
    # trump and grand: made, overtricks 2 each (none at 7), 1st down, 5 a further down trick
    ("5h", 11, 25), ("5h", 12, 27), ("5h", 13, 29), ("5h", 10, -5), ("5h", 9, -10), ("5h", 7, -20),
    ("6s", 12, 35), ("6s", 13, 37), ("6s", 11, -10), ("6s", 10, -15), ("6s", 8, -25),
    ("7grand", 13, 50), ("7grand", 12, -15), ("7grand", 11, -20), ("7grand", 9, -30),
    ("5grand", 11, 25), ("6grand", 12, 35),
    # misère: at most 7 - level tricks; overtricks are tricks fewer
    ("5misere", 2, 10), ("5misere", 1, 12), ("5misere", 0, 14), ("5misere", 3, -10), ("5misere", 4, -15),
    ("6misere", 1, 20), ("6misere", 0, 22), ("6misere", 2, -15), ("6misere", 3, -20),
    ("7misere", 0, 35), ("7misere", 1, -20), ("7misere", 2, -25), ("7misere", 4, -35),
])
def test_every_cell_of_the_table(contract, tricks, points):
    assert contract_result(bid(contract), tricks).points == points


def test_overtricks_and_down_tricks_are_counted():
    made = contract_result(bid("5d"), 13)
    assert (made.made, made.overtricks, made.down) == (True, 2, 0)
    down = contract_result(bid("6misere"), 4)
    assert (down.made, down.overtricks, down.down) == (False, 0, 3)


@pytest.mark.parametrize("multiplier, made, down", [(1, 35, -15), (2, 70, -30), (3, 105, -45)])
def test_a_double_doubles_and_a_redouble_triples_made_and_down_points(multiplier, made, down):
    assert contract_result(bid("6h"), 12, multiplier).points == made
    assert contract_result(bid("6h"), 10, multiplier).points == down


def test_both_partners_score_and_the_opponents_the_negation():
    score = score_contract(bid("5h"), 1, PAIRS, [2, 11], [])
    assert score.points == (-25, 25, -25, 25)


# ---------------------------------------------------------------- the chapter's worked examples


def test_pelitaktiikkaa_a_made_five_is_25_and_two_doubled_down_tricks_only_20():
    """'vastustajien 5♠ antaa heille 25 pistettä, mutta oma 5♦ kahdellakin koputetulla pietillä vain
    20 pistettä' (p. 22, and the scoring chapter's Pelitaktiikkaa)."""
    assert contract_result(bid("5s"), 11).points == 25
    assert contract_result(bid("5d"), 9, multiplier=2).points == -20


def test_a_revoke_found_later_turns_a_made_five_into_two_down():
    """'pääpelaajien tehdessä kyseisen virheen, heidän viiden tason sitoumuksensa läpimeno muuntuu
    kahdeksi pietiksi' (Sääntörikkomuksista)."""
    tricks = with_penalty_tricks([11, 2], offender=0, misere=False)
    assert tricks == [9, 4]
    assert contract_result(bid("5c"), tricks[0]).points == -10


def test_penalty_tricks_go_to_the_offender_in_a_misere_and_stop_at_what_there_is():
    assert with_penalty_tricks([1, 12], offender=0, misere=True) == [3, 10]   # the declarers revoked
    assert with_penalty_tricks([1, 12], offender=1, misere=True) == [0, 13]   # only one trick to move
    assert with_penalty_tricks([13, 0], offender=1, misere=False) == [13, 0]  # nothing to take


def test_the_bolsevikki_check_aces_in_tricks_1_4_5_10():
    """'läpi pelattu bolsevikki, jossa ässät tulivat tikkeihin nro 1, 4, 5 ja 10, antaa tulokseksi 40
    miinuspistettä kullekin sivupelaajalle pääpelaajan saadessa 120 pluspistettä.'"""
    aces = [(1, "As", DEFENDERS), (4, "Ac", DEFENDERS), (5, "Ad", DEFENDERS), (10, "Ah", DEFENDERS)]
    score = score_bolsevikki(2, bid("7misere"), 0, aces, {})
    assert score.points == (-40, -40, 120, -40)


def test_the_bolsevikki_check_with_one_defender_doubling():
    """'Jos yksi sivupelaaja on tuon pelin koputtanut, hän saa 60 miinuspistettä ja pääpelaaja
    vastaavasti 140 pluspistettä.'"""
    aces = [(1, "As", DEFENDERS), (4, "Ac", DEFENDERS), (5, "Ad", DEFENDERS), (10, "Ah", DEFENDERS)]
    score = score_bolsevikki(2, bid("7misere"), 0, aces, {1: 2})
    assert score.points == (-40, -60, 140, -40)


# ---------------------------------------------------------------- misère aces and pass misère


def test_misere_aces_score_their_tricks_number_minus_to_the_taker_plus_to_the_other_side():
    aces = [(3, "Ac", 1), (5, "Ad", 0), (12, "As", 0)]  # side 1 took trick 3, side 0 tricks 5 and 12
    score = score_contract(bid("6misere"), 1, PAIRS, [12, 1], aces)
    # declarers (side 1): made 20, ace in own trick 3: -3, aces in the opponents' 5 and 12: +17
    assert score.points == (-34, 34, -34, 34)
    assert score.detail["ace_points"] == [-14, 14]


def test_doubling_never_touches_the_ace_points():
    aces = [(2, "Ah", 1), (7, "As", 0)]
    single = score_contract(bid("5misere"), 1, PAIRS, [11, 2], aces, multiplier=1)
    redoubled = score_contract(bid("5misere"), 1, PAIRS, [11, 2], aces, multiplier=3)
    assert single.points[1] == 10 - 2 + 7
    assert redoubled.points[1] == 30 - 2 + 7


def test_trump_and_grand_have_no_ace_points():
    score = score_contract(bid("5grand"), 0, PAIRS, [11, 2], [(13, "As", 1)])
    assert score.points == (25, -25, 25, -25)


def test_pass_misere_a_point_a_trick_and_the_aces():
    aces = [(1, "Ad", 0), (6, "As", 1), (9, "Ah", 1), (13, "Ac", 0)]
    score = score_pass_misere(PAIRS, [5, 8], aces)
    # side 0: tricks 8 - 5 = +3; aces -1 -13 +6 +9 = +1
    assert score.points == (4, -4, 4, -4)
    assert score.detail["trick_points"] == [3, -3]


def test_a_doubled_pass_misere_costs_two_points_a_trick():
    """'koputetussa passimisäärissä ... jokainen otettu tikki maksaa kaksi pistettä'."""
    assert score_pass_misere(PAIRS, [5, 8], [], multiplier=2).detail["trick_points"] == [6, -6]


def test_own_only_misere_points_score_a_side_for_its_own_tricks_and_aces_alone():
    aces = [(1, "Ad", 0), (6, "As", 1)]
    score = score_pass_misere(PAIRS, [5, 8], aces, mode="own_only")
    assert score.points == (-6, -14, -6, -14)


# ---------------------------------------------------------------- bolsevikki


def test_a_bolsevikki_down_gives_each_defender_15_and_5_and_the_aces():
    aces = [(2, "Ah", PLAYER), (8, "As", DEFENDERS), (11, "Ac", DEFENDERS), (12, "Ad", PLAYER)]
    score = score_bolsevikki(0, bid("7misere"), 3, aces, {})
    # down 3: 15 + 5 + 5 = 25 each; aces: +2 +12 (the player's tricks) -8 -11 = -5
    assert score.points == (-60, 20, 20, 20)


def test_each_defender_doubles_for_himself_and_the_redouble_triples_the_doublers():
    score = score_bolsevikki(3, bid("7misere"), 1, [], {0: 3, 2: 3})
    assert score.points == (45, 15, 45, -105)


def test_a_made_dictator_is_50_from_each_defender_without_ace_points():
    score = score_bolsevikki(1, bid("7h"), 13, [(4, "As", PLAYER)], {})
    assert score.points == (-50, 150, -50, -50)
    assert score_bolsevikki(1, bid("7grand"), 11, [], {}).points == (20, -60, 20, 20)


@pytest.mark.parametrize("total, result", [(120, 40), (-40, -13), (140, 47), (-60, -20), (-50, -17), (0, 0)])
def test_the_bolsevikki_book_is_divided_by_three_and_rounded(total, result):
    assert book_result(total) == result
