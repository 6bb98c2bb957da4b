"""Card points and every round-scoring case of RULINGS section 1, with hand-computed numbers."""

import pytest

from referee.kiketti.cards import card_points, hand_points
from referee.kiketti.scoring import (CALLER_EMPTY_TIED, CALLER_FEWEST, CALLER_HIGHEST, CALLER_NOT_FEWEST,
                                     CALLER_TIED, NO_CALL, OTHER_EMPTIED, score_round)


@pytest.mark.parametrize("card,points", [
    ("As", 1), ("2h", 2), ("9c", 9), ("Td", 10), ("Js", 11), ("Qh", 12),
    ("Kh", 0), ("Kd", 0), ("Ks", 15), ("Kc", 15),
])
def test_card_points(card, points):
    assert card_points(card) == points


def test_hand_points_adds_the_cards():
    assert hand_points(["Ks", "Kh", "Qd", "As"]) == 15 + 0 + 12 + 1


def test_no_call_everyone_scores_own():
    r = score_round([10, 4, 22, 7], [4, 4, 4, 4], caller=None, emptied_by=None)
    assert (r.scores, r.case) == ((10, 4, 22, 7), NO_CALL)


def test_no_call_with_an_emptied_table_everyone_scores_own():
    r = score_round([10, 0, 22, 7], [4, 0, 4, 4], caller=None, emptied_by=1)
    assert (r.scores, r.case) == ((10, 0, 22, 7), NO_CALL)


def test_caller_with_strictly_fewest_scores_zero_others_own():
    r = score_round([10, 4, 22, 7], [4, 4, 4, 4], caller=1, emptied_by=None)
    assert (r.scores, r.case) == ((10, 0, 22, 7), CALLER_FEWEST)


def test_caller_tied_for_fewest_scores_zero_and_the_tied_player_own():
    r = score_round([7, 12, 7, 30], [4, 4, 4, 4], caller=0, emptied_by=None)
    assert (r.scores, r.case) == ((0, 12, 7, 30), CALLER_TIED)


def test_caller_not_fewest_lower_players_zero_equal_own_caller_own_plus_highest():
    # caller 3 has 20; seat 0 has 14 (< 20: 0), seat 1 has 20 (equal: own), seat 2 has 32 (highest)
    r = score_round([14, 20, 32, 20], [4, 4, 4, 4], caller=3, emptied_by=None)
    assert (r.scores, r.case) == ((0, 20, 32, 20 + 32), CALLER_NOT_FEWEST)


def test_caller_with_the_highest_scores_twice_own():
    r = score_round([50, 10, 26, 20], [4, 4, 4, 4], caller=0, emptied_by=None)
    assert (r.scores, r.case) == ((100, 0, 0, 0), CALLER_HIGHEST)


def test_caller_tied_for_highest_scores_twice_own():
    r = score_round([30, 10, 30, 5], [4, 4, 4, 4], caller=0, emptied_by=None)
    assert (r.scores, r.case) == ((60, 0, 30, 0), CALLER_HIGHEST)


def test_caller_with_no_cards_fails_when_someone_else_has_zero_points():
    r = score_round([36, 0, 0, 28], [4, 2, 0, 4], caller=2, emptied_by=2)
    assert (r.scores, r.case) == ((36, 0, 36, 28), CALLER_EMPTY_TIED)


def test_caller_with_no_cards_and_nobody_else_at_zero_succeeds():
    r = score_round([36, 3, 0, 28], [4, 2, 0, 4], caller=2, emptied_by=2)
    assert (r.scores, r.case) == ((36, 3, 0, 28), CALLER_FEWEST)


def test_caller_with_zero_points_but_cards_ties_normally_with_another_zero():
    r = score_round([0, 0, 9, 28], [2, 3, 4, 4], caller=0, emptied_by=None)
    assert (r.scores, r.case) == ((0, 0, 9, 28), CALLER_TIED)


def test_someone_else_emptied_the_table_call_fails_everyone_own():
    r = score_round([7, 30, 48, 0], [4, 4, 4, 0], caller=1, emptied_by=3)
    assert (r.scores, r.case) == ((7, 30 + 48, 48, 0), OTHER_EMPTIED)


def test_someone_else_emptied_even_when_the_caller_has_zero_points():
    r = score_round([0, 9, 0], [2, 4, 0], caller=0, emptied_by=2)
    assert (r.scores, r.case) == ((9, 9, 0), OTHER_EMPTIED)


def test_someone_else_emptied_and_the_caller_has_the_highest():
    r = score_round([7, 48, 20, 0], [4, 4, 4, 0], caller=1, emptied_by=3)
    assert (r.scores, r.case) == ((7, 96, 20, 0), OTHER_EMPTIED)
