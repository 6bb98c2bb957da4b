"""Gin rummy cards and melds: values, what is a meld, and the least deadwood against brute force."""

from functools import lru_cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.gin.cards import card_value, cards_value
from referee.gin.melds import (best_arrangement, best_arrangements, best_with_lay_offs, deadwood, is_meld, is_run,
                               is_set)
from tests.referee.strategies_gin import dense_hands, hands

CHECK = settings(max_examples=150, deadline=None)


@pytest.mark.parametrize("card,value", [("As", 1), ("2h", 2), ("9c", 9), ("Td", 10), ("Js", 10), ("Qh", 10),
                                        ("Kc", 10)])
def test_card_values(card, value):
    assert card_value(card) == value


def test_sets_and_runs():
    assert is_set(["7h", "7s", "7c"]) and is_set(["7h", "7s", "7c", "7d"])
    assert not is_set(["7h", "7s"]) and not is_set(["7h", "7s", "8c"])
    assert is_run(["As", "2s", "3s"]) and is_run(["9d", "Jd", "Td", "Qd", "Kd"])
    assert not is_run(["Qs", "Ks", "As"])          # the ace does not follow the king
    assert not is_run(["2s", "3s", "5s"]) and not is_run(["2s", "3s", "4h"])
    assert is_meld(["Kh", "Kd", "Ks"]) and not is_meld(["Kh", "Ah", "2h"])


def test_a_card_serves_one_meld_the_best_use_wins():
    # 7h fits the set and the run; the run 4-7h leaves 7s 7c out (14), the set leaves nothing out
    arr = best_arrangement(["7h", "7s", "7c", "4h", "5h", "6h", "Kd", "Qd", "Jd", "2c"])
    assert arr.melds == (("7s", "7h", "7c"), ("4h", "5h", "6h"), ("Jd", "Qd", "Kd"))
    assert (arr.deadwood, arr.value, arr.gin) == (("2c",), 2, False)


def test_eleven_cards_throw_the_card_that_leaves_least():
    arr = best_arrangement(["As", "2s", "3s", "4s", "7h", "7d", "7c", "Jc", "Qc", "Kc", "5d"])
    assert (arr.discard, arr.deadwood, arr.gin) == ("5d", (), True)
    # a set of four and runs: the fourth of a set (or a run's end) can be thrown and still go gin
    arr = best_arrangement(["9s", "9h", "9d", "9c", "2s", "3s", "4s", "5s", "Jh", "Qh", "Kh"])
    assert arr.gin and arr.discard in ("9s", "9h", "9d", "9c", "2s", "5s", "Jh", "Kh")
    no_melds = ["Ks", "Qd", "Jh", "9c", "8s", "7d", "5h", "4c", "3s", "2d", "Ac"]
    assert deadwood(no_melds) == 1 + 2 + 3 + 4 + 5 + 7 + 8 + 9 + 10 + 10   # a picture card thrown


def test_every_best_grouping_is_listed():
    groupings = {arr.melds for arr in best_arrangements(["7h", "7s", "7c", "7d", "4h", "5h", "6h", "2c", "3d", "Kd"])}
    assert groupings == {(("7s", "7d", "7c"), ("4h", "5h", "6h", "7h")),
                         (("7s", "7h", "7d", "7c"), ("4h", "5h", "6h"))}


def test_lay_offs_extend_sets_of_three_and_runs_at_either_end():
    knocker = [(("7s", "7h", "7d"), ("4c", "5c", "6c"), ("Jh", "Qh", "Kh"))]
    arr = best_with_lay_offs(["7c", "3c", "2c", "8c", "Th", "9h", "Ac", "Ks", "Kd", "5d"], knocker)
    assert arr.lay_offs == ("9h", "Th", "7c", "8c")   # the 8c needs the 7c on the run, not the set
    assert (arr.melds, arr.deadwood) == ((("Ac", "2c", "3c"),), ("Ks", "5d", "Kd"))
    only = best_with_lay_offs(["7c", "3c", "2c", "8c", "Th", "9h", "Ac", "Ks", "Kd", "5d"], knocker,
                              may_lay_off=["7c", "9h"])   # the 9h needs the Th laid first
    assert only.lay_offs == ("7c",) and only.value == 8 + 10 + 9 + 10 + 10 + 5


def test_nothing_lays_off_onto_a_set_of_four_or_past_the_king():
    arr = best_with_lay_offs(["Ah", "8s", "2d"], [(("8h", "8d", "8c", "8s"), ("Jh", "Qh", "Kh"))])
    assert arr.lay_offs == () and arr.value == 1 + 8 + 2


# ---------------------------------------------------------------- against brute force

@lru_cache(maxsize=None)
def _splits_into_melds(cards: frozenset) -> bool:
    """The cards can be split into melds: tried by every subset holding the lowest card."""
    if not cards:
        return True
    first = min(cards)
    rest = sorted(cards - {first})
    return any(is_meld((first, *group)) and _splits_into_melds(cards - {first, *group})
               for size in range(2, len(rest) + 1) for group in combinations(rest, size))


def brute_deadwood(hand) -> int:
    hand = tuple(hand)
    if len(hand) == 11:
        return min(brute_deadwood(tuple(c for c in hand if c != out)) for out in hand)
    return min(cards_value(set(hand) - set(melded)) for size in range(len(hand) + 1)
               for melded in combinations(hand, size) if _splits_into_melds(frozenset(melded)))


def assert_arrangement_of(arr, hand):
    laid = [c for meld in arr.melds for c in meld] + list(arr.deadwood) + ([arr.discard] if arr.discard else [])
    assert sorted(laid) == sorted(hand)
    assert all(is_meld(meld) for meld in arr.melds)


@CHECK
@given(st.one_of(hands(10), dense_hands(10), hands(11), dense_hands(11)))
def test_least_deadwood_is_the_brute_force_least(hand):
    arr = best_arrangement(hand)
    assert_arrangement_of(arr, hand)
    assert arr.value == deadwood(hand) == brute_deadwood(hand)
    assert (arr.discard is not None) == (len(hand) == 11)


@CHECK
@given(dense_hands(10))
def test_every_listed_grouping_reaches_the_least(hand):
    listed = best_arrangements(hand)
    assert len(set(listed)) == len(listed) >= 1
    for arr in listed:
        assert_arrangement_of(arr, hand)
        assert arr.value == brute_deadwood(hand)


def brute_with_lay_offs(hand, melds) -> int:
    """Least deadwood when cards that each join one knocker meld (every joined meld staying a
    meld) leave the hand first: every subset of the cards that could join, every way to join them."""
    def targets(card):
        return [k for k, m in enumerate(melds) if card[1 if is_run(m) else 0] == m[0][1 if is_run(m) else 0]]

    near = [c for c in hand if targets(c)]
    best = brute_deadwood(hand)
    for size in range(1, len(near) + 1):
        for laid in combinations(near, size):
            for chosen in product(*(targets(c) for c in laid)):
                joined = [list(m) for m in melds]
                for card, k in zip(laid, chosen):
                    joined[k].append(card)
                if all(is_meld(m) for m in joined):
                    best = min(best, brute_deadwood(tuple(c for c in hand if c not in laid)))
                    break
    return best


@settings(max_examples=60, deadline=None)
@given(st.one_of(hands(20), dense_hands(20, ranks=6)))
def test_lay_offs_reach_the_brute_force_least(both):
    knocker, defender = both[:10], both[10:]
    groupings = [arr.melds for arr in best_arrangements(knocker)]
    arr = best_with_lay_offs(defender, groupings)
    laid = [c for meld in arr.melds for c in meld] + list(arr.deadwood) + list(arr.lay_offs)
    assert sorted(laid) == sorted(defender) and all(is_meld(m) for m in arr.melds)
    assert arr.value == min(brute_with_lay_offs(defender, melds) for melds in groupings)
