"""The Kiketti referee, rule by rule, with exact counts and penalty cards."""

import pytest

import referee.kiketti  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import CardMoved, Declared, DieSettled, GameStarted, PadSlapped
from referee.kiketti.messages import MESSAGES, phrase
from tests.referee.strategies_kiketti import Table

A, E, S, V = range(4)


def dealt(players=("Aino", "Eero", "Sanni", "Ville"), dealer=0, **settings) -> Table:
    tb = Table(players=players, settings=settings)
    tb.deal(dealer)
    return tb


def referee(tb: Table) -> Referee:
    return Referee.replay(tb.events, language="en")


def worded(ruling, key: str, **fields) -> bool:
    """Whether the ruling says message ``key`` of the book, for a kind with several wordings."""
    return (ruling.fi, ruling.en) == MESSAGES.words(key, **fields)


def said(tb: Table) -> list[tuple[str, tuple[int, ...], int]]:
    """(kind, seats, penalty) of every ruling after the deal."""
    return [(r.kind, r.seats, r.penalty) for r in referee(tb).rulings if r.kind != "round_started"]


def state(tb: Table) -> dict:
    return referee(tb).engine.summary()


# ---------------------------------------------------------------- deal and peeks

def test_deal_announces_dealer_and_opener():
    ref = referee(dealt(dealer=2, first_dealer=2))
    (start,) = ref.rulings
    assert (start.kind, start.seats, start.data) == ("round_started", (3,), {"round": 1, "dealer": 2, "opener": 3})
    assert ref.engine.summary()["table_cards"] == [4, 4, 4, 4]
    assert ref.engine.summary()["stock"] == 52 - 16


def test_a_fifth_card_to_a_seat_is_impossible():
    tb = Table()
    for _ in range(5):
        tb._move(0.4, None, "stock", "seat1", by=0)
    ref = referee(tb)
    assert [(r.kind, r.reason, r.seats) for r in ref.rulings] == [("impossible", "fully_dealt", (1,))]
    assert ref.engine.summary()["table_cards"] == [0, 4, 0, 0]


def test_a_face_up_card_in_the_deal_restarts_it():
    tb = Table().deal(0, face_up_at=6).gather({1: 2, 2: 2, 3: 1, 0: 1}).deal(0)
    ref = referee(tb)
    assert [r.kind for r in ref.rulings] == ["redeal", "round_started"]
    assert ref.engine.summary()["table_cards"] == [4, 4, 4, 4]
    assert ref.engine.summary()["stock"] == 36


def test_drawing_before_the_deal_is_done_is_impossible():
    tb = Table()
    tb._move(0.4, None, "stock", "seat1", by=0)
    tb.draw(1)
    assert said(tb) == [("impossible", (1,), 0)]


def short_deal(missed: set[int], dealer: int = 0) -> Table:
    """A deal the camera saw without the k-th cards in ``missed``."""
    tb = Table().deal(dealer)
    deal = tb.events[1:]
    tb.events[1:] = [e for k, e in enumerate(deal) if k not in missed]
    return tb


def test_the_opener_drawing_after_a_deal_seen_a_card_short_at_some_seats_finishes_the_deal():
    tb = short_deal({1, 7}).turn(E, "5h")   # Sanni's first card and Aino's second went unseen
    ref = referee(tb)
    assert [(r.kind, r.seats) for r in ref.rulings] == [("deal_unseen", (A,)), ("deal_unseen", (S,)),
                                                        ("round_started", (E,))]
    s = ref.engine.summary()
    assert (s["table_cards"], s["stock"], s["turn"], s["pile_top"]) == ([4, 4, 4, 4], 52 - 16 - 1, E, "5h")
    tb.turn(S, "6h")
    assert said(tb) == [("deal_unseen", (A,), 0), ("deal_unseen", (S,), 0)]


def test_a_draw_by_another_than_the_opener_or_with_a_seat_two_cards_short_leaves_the_deal_unfinished():
    # Ville seen a card short, and Sanni (not the opener) draws; Ville seen two cards short, and Eero draws
    for tb, drawer, dealt_seen in ((short_deal({2}), S, [4, 4, 4, 3]), (short_deal({2, 6}), E, [4, 4, 4, 2])):
        tb.draw(drawer)
        assert said(tb) == [("impossible", (drawer,), 0)]
        assert referee(tb).rulings[-1].reason == "draw_in_deal"
        assert (state(tb)["table_cards"], state(tb)["stock"]) == (dealt_seen, 52 - sum(dealt_seen))


def test_peeks_are_free_until_the_opener_draws_then_a_late_first_peek_is_allowed():
    tb = dealt().peek(A, times=5).peek(E).turn(E, "5h")
    tb.peek(S, times=2)      # Sanni had not looked yet: the book lets her take her 2 looks
    tb.peek(S, times=1)      # a third look is no longer a peek: the card is replaced
    assert said(tb) == [("card_seen", (S,), 0)]
    assert state(tb)["table_cards"][S] == 4


def test_without_late_first_peek_a_look_after_the_opener_drew_is_a_seen_card():
    tb = dealt(late_first_peek=False).turn(E, "5h").peek(S, times=1)
    assert said(tb) == [("card_seen", (S,), 0)]
    tb.replace(S)
    assert state(tb)["table_cards"][S] == 4 and state(tb)["stock"] == 36 - 1


def test_accidental_look_penalty_is_a_setting():
    tb = dealt(accidental_look_penalty_cards=1).turn(E, "5h").turn(S, "6h").peek(E, times=1)
    assert said(tb) == [("card_seen", (E,), 0), ("penalty", (E,), 1)]


def test_replacing_a_card_nobody_saw_is_impossible():
    tb = dealt().turn(E, "5h").replace(S)
    assert said(tb)[0] == ("impossible", (S,), 0)


def test_touching_an_opponents_card_outside_a_power_obliges_a_slap():
    tb = dealt().turn(E, "5h").look(A, S)
    (ruling,) = [r for r in referee(tb).rulings if r.kind != "round_started"]
    assert (ruling.kind, ruling.seats, ruling.penalty) == ("must_slap", (A,), 0)


# ---------------------------------------------------------------- turns and powers

def test_out_of_turn_draw_costs_one_card_and_the_card_goes_back():
    tb = dealt().turn(E, "5h").draw(V)
    assert said(tb) == [("penalty", (V,), 1)]
    assert state(tb)["owed_penalty_cards"] == [0, 0, 0, 1]
    tb.hand_back(V).penalty(V, 1)
    s = state(tb)
    assert s["owed_penalty_cards"] == [0, 0, 0, 0] and s["table_cards"] == [4, 4, 4, 5]
    assert s["stock"] == 36 - 1 - 1 + 1 - 1
    tb.turn(S, "6h")  # Sanni's turn was not taken away
    assert said(tb) == [("penalty", (V,), 1)]


def test_an_out_of_turn_card_cannot_be_discarded():
    tb = dealt().turn(E, "5h").draw(V).discard(V, "9h")
    assert said(tb)[-1] == ("impossible", (V,), 0)



def straight_to_pile(tb: Table, card: str, dt: float = 2.0) -> Table:
    """A card the camera saw land on the pile from no seat or hand: booked from the stock."""
    return tb._move(dt, card, "stock", "pile", face_up=True)


def test_a_card_straight_from_the_stock_is_the_due_players_draw_and_discard():
    tb = straight_to_pile(dealt().turn(E, "5h"), "9h")
    ref = referee(tb)
    (told,) = [r for r in ref.rulings if r.kind != "round_started"]
    assert (told.kind, told.seats, told.data) == ("discard_unseen_in_hand", (S,), {"card": "9h"})
    s = ref.engine.summary()
    assert (s["turn"], s["pile_top"], s["stock"]) == (S, "9h", 36 - 2)
    tb.look(S, A).slap(V, V, "9d").turn(V, "4c")  # the 9's power, a slap on it, and Ville's turn after
    assert said(tb) == [("discard_unseen_in_hand", (S,), 0), ("correct_slap", (V,), 0)]


def test_a_card_straight_from_the_stock_while_one_is_held_is_the_held_card():
    tb = straight_to_pile(dealt().turn(E, "5h").draw(S), "6h")
    assert said(tb) == [("discard_unseen_in_hand", (S,), 0)]
    s = state(tb)
    assert (s["turn"], s["pile_top"], s["stock"]) == (S, "6h", 36 - 2)


def test_a_card_straight_from_the_stock_when_nobody_is_due_to_draw_is_impossible():
    tb = Table()
    tb._move(0.4, None, "stock", "seat1", by=0)
    ref = referee(straight_to_pile(tb, "9h"))
    assert [(r.kind, r.reason, r.seats) for r in ref.rulings] == [("impossible", "nobody_to_draw", ())]
    assert ref.engine.summary()["pile_top"] is None

def straight_to_table(tb: Table, seat: int, card_out: str) -> Table:
    """A drawn card the camera saw only as it came among seat's table cards: booked from the stock; then the
    table card swapped out goes to the pile."""
    tb._move(2.0, None, "stock", f"seat{seat}")
    return tb._move(1.0, card_out, f"seat{seat}", "pile", by=seat, face_up=True)


def test_a_card_straight_from_the_stock_to_the_due_players_table_is_their_draw_and_swap():
    tb = straight_to_table(dealt().turn(E, "5h"), S, "9h")
    ref = referee(tb)
    (told,) = [r for r in ref.rulings if r.kind != "round_started"]
    assert (told.kind, told.seats, told.data) == ("swap_unseen_in_hand", (S,), {})
    s = ref.engine.summary()
    assert (s["turn"], s["pile_top"], s["stock"], s["table_cards"]) == (S, "9h", 36 - 2, [4, 4, 4, 4])
    tb.turn(V, "4c")
    assert said(tb) == [("swap_unseen_in_hand", (S,), 0)]


def test_a_card_straight_from_the_stock_to_a_table_while_the_drawn_card_is_held_is_that_card():
    tb = straight_to_table(dealt().turn(E, "5h").draw(S), S, "9h")
    assert said(tb) == [("swap_unseen_in_hand", (S,), 0)]
    assert (state(tb)["turn"], state(tb)["stock"], state(tb)["table_cards"]) == (S, 36 - 2, [4, 4, 4, 4])


def test_a_card_from_the_stock_to_a_table_owed_a_penalty_card_is_that_card_and_to_anyone_else_impossible():
    tb = dealt().turn(E, "5h").draw(V).hand_back(V).penalty(V, 1)
    assert said(tb) == [("penalty", (V,), 1)] and state(tb)["table_cards"] == [4, 4, 4, 5]
    tb._move(1.0, None, "stock", "seat3")   # Ville is not due to draw (Sanni is), and owed nothing more
    assert said(tb)[-1] == ("impossible", (V,), 0)
    assert referee(tb).rulings[-1].reason == "not_owed_from_stock"


@pytest.mark.parametrize("card,look_at,misused", [
    ("7h", E, False), ("8c", E, False), ("7h", S, True),
    ("9s", S, False), ("Td", A, False), ("9s", E, True),
    ("Jd", E, True), ("Qs", S, True), ("Kc", S, False), ("Kc", E, True), ("5h", E, True),
])
def test_looking_after_a_discard(card, look_at, misused):
    tb = dealt().turn(E, card).look(E, look_at)
    assert said(tb) == ([("penalty", (E,), 1)] if misused else [])


@pytest.mark.parametrize("card,other,looked,misused", [
    ("Jd", S, False, False), ("Qh", A, False, False), ("Jd", S, True, True),
    ("Ks", S, True, False), ("Ks", S, False, True), ("7h", S, False, True), ("Td", S, False, True),
])
def test_swapping_after_a_discard(card, other, looked, misused):
    tb = dealt().turn(E, card).swap(E, E, other, looked=looked)
    assert said(tb) == ([("penalty", (E,), 1)] if misused else [])


def test_king_look_then_swap_with_the_looked_card_is_one_power():
    tb = dealt().turn(E, "Kc").look(E, S).swap(E, E, S)
    assert said(tb) == []
    tb.look(E, A)  # the power is spent
    assert said(tb) == [("penalty", (E,), 1)]


def test_king_swap_with_another_card_than_the_looked_one_is_misuse():
    tb = dealt().turn(E, "Kc").look(E, S).swap(E, E, V)
    assert said(tb) == [("penalty", (E,), 1)]


def test_a_power_after_swapping_in_is_misuse_and_the_swap_is_undone():
    tb = dealt().draw(E).swap_in(E, "Qd").swap(E, E, S)
    ref = referee(tb)
    (misuse,) = [r for r in ref.rulings if r.kind == "penalty"]
    assert (misuse.seats, misuse.penalty, misuse.unit, misuse.data) == ((E,), 1, "card", {"reason": "power_misuse"})
    tb.swap(E, S, E)  # putting the cards back is no new offence
    assert said(tb) == [("penalty", (E,), 1)]
    assert state(tb)["table_cards"] == [4, 4, 4, 4]


def test_swapping_outside_any_power_is_misuse_and_rearranging_own_cards_is_free():
    tb = dealt().turn(E, "5h").swap(S, S, S).swap(A, A, V)
    assert said(tb) == [("penalty", (A,), 1)]


def test_a_drawn_card_can_only_be_swapped_into_the_own_table():
    tb = dealt().draw(E)
    tb._move(1.0, None, "hand1", "seat2", by=E)
    assert said(tb) == [("impossible", (E,), 0)]


# ---------------------------------------------------------------- slaps

def test_right_slap_of_an_own_card_leaves_it_on_the_pile():
    tb = dealt().turn(E, "5h").slap(S, S, "5d")
    s = state(tb)
    assert said(tb) == [("correct_slap", (S,), 0)]
    assert s["table_cards"] == [4, 4, 3, 4] and s["pile_top"] == "5d"


def test_right_slap_of_an_opponents_card_gives_the_opponent_two_cards():
    tb = dealt().turn(E, "5h").slap(S, V, "5d")
    assert said(tb) == [("correct_slap", (S,), 0), ("penalty", (V,), 2)]
    assert state(tb)["owed_penalty_cards"] == [0, 0, 0, 2]
    tb.penalty(V, 2)
    assert state(tb)["table_cards"] == [4, 4, 4, 5] and state(tb)["owed_penalty_cards"] == [0, 0, 0, 0]


def test_any_king_matches_any_king():
    tb = dealt().turn(E, "Kh").slap(S, S, "Ks")
    assert said(tb) == [("correct_slap", (S,), 0)]


def test_wrong_slap_own_card_goes_back_and_costs_two():
    tb = dealt().turn(E, "5h").slap(S, S, "6d")
    ref = referee(tb)
    (wrong,) = [r for r in ref.rulings if r.kind == "wrong_slap"]
    assert (wrong.seats, wrong.penalty, wrong.unit) == ((S,), 2, "card")
    assert wrong.data == {"card": "6d", "owner": S, "wrong_in_attempt": 1}
    assert ref.engine.summary()["table_cards"] == [4, 4, 3, 4]
    tb.back("6d", S).penalty(S, 2)
    assert state(tb)["table_cards"] == [4, 4, 6, 4]
    assert state(tb)["pile_top"] == "5h"


def test_wrong_slap_of_an_opponents_card_costs_the_slapper_two():
    tb = dealt().turn(E, "5h").slap(S, A, "6d").back("6d", A)
    assert said(tb) == [("wrong_slap", (S,), 2)]
    assert state(tb)["table_cards"] == [4, 4, 4, 4] and state(tb)["owed_penalty_cards"] == [0, 0, 2, 0]


def test_only_three_wrong_slaps_count_per_attempt():
    tb = dealt().turn(E, "5h")
    for card in ("6d", "7d", "8d", "9d", "Td"):
        tb.slap(S, V, card).back(card, V)
    ref = referee(tb)
    wrong = [r for r in ref.rulings if r.kind == "wrong_slap"]
    assert [r.penalty for r in wrong] == [2, 2, 2, 0, 0]
    assert [r.data["wrong_in_attempt"] for r in wrong] == [1, 2, 3, 4, 5]
    assert ref.engine.summary()["penalty_cards"]["Sanni"] == 6
    tb.turn(S, "Jh").slap(S, V, "2c").back("2c", V)  # a new top card: a new attempt
    assert state(tb)["penalty_cards"]["Sanni"] == 8


def test_cap_and_card_counts_are_settings():
    tb = dealt(wrong_slap_cap=1, penalty_cards_per_wrong_slap=3).turn(E, "5h")
    tb.slap(S, S, "6d").back("6d", S).slap(S, S, "7d").back("7d", S)
    assert [p for k, _, p in said(tb) if k == "wrong_slap"] == [3, 0]


def test_a_card_owed_back_cannot_be_returned_twice():
    tb = dealt().turn(E, "5h").slap(S, S, "6d").back("6d", S).back("6d", S)
    assert said(tb)[-1] == ("impossible", (S,), 0)


@pytest.mark.parametrize("card", [None, "5h"])
def test_unreadable_or_duplicate_slapped_card_is_impossible(card):
    tb = dealt().turn(E, "5h").slap(S, S, card)
    ref = referee(tb)
    assert ref.rulings[-1].kind == "impossible"
    assert ref.engine.summary()["table_cards"] == [4, 4, 4, 4]


def test_slap_onto_an_empty_pile_is_impossible():
    tb = dealt().slap(S, S, "5d")
    ref = referee(tb)
    assert (ref.rulings[-1].kind, ref.rulings[-1].reason, ref.rulings[-1].seats) == ("impossible", "pile_empty", (S,))


# ---------------------------------------------------------------- emptied table, calls, reveal

def test_emptying_a_table_ends_the_round_and_later_slaps_are_late():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(A, A, card)
    tb.turn(A, "9h").slap(A, A, "9d")
    ref = referee(tb)
    assert ref.rulings[-1].kind == "table_emptied" and ref.rulings[-1].seats == (A,)
    tb.slap(E, E, "9s").back("9s", E)
    assert said(tb)[-1] == ("late_slap", (E,), 0)
    tb.draw(E)  # nobody's turn any more
    assert said(tb)[-1] == ("penalty", (E,), 1)
    tb.hand_back(E).penalty(E, 1).reveal(E, ["As", "2s", "3s", "4s", "6s"])
    ref = referee(tb)
    scored = [r for r in ref.rulings if r.kind == "round_scored"][0]
    assert scored.data["scores"] == [0, 1 + 2 + 3 + 4 + 6] and scored.data["case"] == "no_call"


def test_call_by_button_counts_for_the_player_whose_turn_it_is():
    tb = dealt().turn(E, "5h").button()
    ref = referee(tb)
    assert ref.rulings[-1].kind == "kiketti_called" and ref.rulings[-1].seats == (E,)
    assert ref.engine.summary()["caller"] == E


@pytest.mark.parametrize("setup,caller,why", [
    (lambda tb: tb.turn(E, "5h").call(S), S, "bad_call_not_turn"),
    (lambda tb: tb.draw(E).call(E), E, "bad_call_before_playing"),
    (lambda tb: tb.turn(E, "5h").call(E).turn(S, "6h").call(S), S, "bad_call_already_called"),
    (lambda tb: tb.call(E), E, "bad_call_before_playing"),
])
def test_bad_calls_are_named(setup, caller, why):
    tb = dealt()
    setup(tb)
    ref = referee(tb)
    last = ref.rulings[-1]
    assert (last.kind, last.seats, last.penalty) == ("bad_call", (caller,), 0)
    assert worded(last, why, player=ref.engine.name(caller), turn="Eero", caller="Eero")


def test_after_a_call_everyone_else_plays_once_then_reveal_and_next_round():
    tb = dealt().turn(E, "5h").call(E).turn(S, "6h").turn(V, "7h").reveal(V, ["2c", "3c", "4c", "5c"])
    assert said(tb)[-1] == ("early_reveal", (V,), 0)
    tb.turn(A, "8h")
    tb.draw(E)  # the caller does not play again
    assert said(tb)[-1] == ("penalty", (E,), 1)
    tb.hand_back(E).penalty(E, 1)
    tb.reveal(E, ["As", "2s", "3s", "4s", "Kd"]).reveal(S, ["Ks", "2d", "3d", "4d"])
    tb.reveal(V, ["2c", "3c", "4c", "5c"]).reveal(A, ["Ah", "2h", "3h", "Kh"])
    ref = referee(tb)
    scored = [r for r in ref.rulings if r.kind == "round_scored"][0]
    assert scored.data["own"] == [6, 10, 24, 14]
    # caller Eero (10) does not have the fewest: Aino (6) scores 0, Eero 10 + 24
    assert scored.data["scores"] == [0, 34, 24, 14] and scored.data["case"] == "caller_not_fewest"
    s = ref.engine.summary()
    assert (s["round"], s["dealer"], s["opener"], s["phase"]) == (2, 1, 1, "deal")


def test_the_last_player_turning_cards_early_loses_the_turn():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h").call(E).reveal(A, ["Ah", "2h", "3h", "4h"])
    assert said(tb)[-2:] == [("kiketti_called", (E,), 0), ("turn_forfeited", (A,), 0)]
    tb.reveal(E, ["As", "2s", "3s", "4s"])
    assert referee(tb).rulings[-1].data["scores"] == [10, 0]  # tied at 10: Eero 0, Aino own


def test_a_reveal_short_of_cards_is_scored_on_what_was_seen_and_flagged():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h").call(E).turn(A, "6h")
    tb.reveal(E, ["As", "2s", "3s"]).reveal(A, ["Ah", "2h", "3h", "4h"])
    ref = referee(tb)
    unjudged = [r for r in ref.rulings if r.kind == "unjudged"]
    assert [r.seats for r in unjudged] == [(E,)]
    assert worded(unjudged[0], "unjudged", player="Eero", problems=phrase("count_differs", seen=3, table=4))
    assert ref.engine.sheet.to_csv().splitlines()[1] == "1,10,0?X,"


def test_a_revealed_card_already_on_the_pile_is_impossible():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h").call(E).turn(A, "6h").reveal(E, ["5h", "2s", "3s", "4s"])
    ref = referee(tb)
    assert (ref.rulings[-1].kind, ref.rulings[-1].reason, ref.rulings[-1].seats) == ("impossible", "cards_elsewhere",
                                                                                     (E,))


def test_owed_penalty_cards_missing_at_the_reveal_are_reported():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h").slap(A, A, "6s").back("6s", A).call(E).turn(A, "7h")
    tb.reveal(A, ["Ah", "2h", "3h", "6s"]).reveal(E, ["As", "2s", "3s", "4s"])
    ref = referee(tb)
    (unjudged,) = [r for r in ref.rulings if r.kind == "unjudged"]
    assert unjudged.seats == (A,)
    assert worded(unjudged, "unjudged", player="Aino", problems=phrase("owed_not_on_table", missing=2))


def test_game_over_adds_missing_calls_and_announces_last_to_first():
    tb = dealt(players=("Aino", "Eero"), rounds=1).turn(E, "5h").call(E).turn(A, "6h")
    tb.reveal(E, ["As", "2s", "3s", "4s"]).reveal(A, ["Ah", "2h", "3h", "Kc"])
    ref = referee(tb)
    tail = ref.rulings[-4:]
    assert [r.kind for r in tail] == ["round_scored", "missing_calls", "missing_calls", "game_over"]
    assert [(r.seats, r.penalty, r.unit) for r in tail[1:3]] == [((A,), 200, "point"), ((E,), 100, "point")]
    assert tail[-1].seats == (A, E) and tail[-1].data == {"standings": [{"place": 2, "name": "Aino", "points": 221},
                                                                        {"place": 1, "name": "Eero", "points": 100}]}
    assert ref.engine.finished
    assert ref.push(DieSettled(t=9999, value=3))[0].reason == "game_over"


def test_opener_is_the_latest_caller_and_the_dealer_rotates():
    tb = dealt(players=("Aino", "Eero", "Sanni")).turn(E, "5h").turn(S, "6h").call(S)
    tb.turn(A, "7h").turn(E, "8h")
    tb.reveal(A, ["As", "2s", "3s", "4s"]).reveal(E, ["Ah", "2h", "3h", "4h"]).reveal(S, ["Ad", "2d", "3d", "Kd"])
    tb.deal(1)
    ref = referee(tb)
    assert ref.rulings[-1].data == {"round": 2, "dealer": 1, "opener": S}


# ---------------------------------------------------------------- timing: KPS and slap pads

def nearly_empty() -> Table:
    """Aino has one card left (a 3); Eero holds a 3 too; Ville discards a 3."""
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(A, A, card)
    tb.turn(A, "Qh").turn(E, "3c")
    return tb


def test_close_slaps_that_empty_a_table_go_to_rock_paper_scissors():
    tb = nearly_empty().slap(A, A, "3s").slap(E, E, "3d", dt=0.01)
    ref = referee(tb)
    assert ref.rulings[-1].kind == "kps" and ref.rulings[-1].seats == (A, E)
    assert ref.engine.summary()["kps_pending"] == [A, E]


def test_kps_won_by_the_first_seen_keeps_the_order():
    tb = nearly_empty().slap(A, A, "3s").slap(E, E, "3d", dt=0.01).kps_won(A)
    ref = referee(tb)
    assert [r.kind for r in ref.rulings[-2:]] == ["kps_settled", "late_slap"]
    assert ref.engine.summary()["table_cards"] == [0, 3]


def test_kps_won_by_the_second_reorders_and_events_held_meanwhile_follow():
    tb = nearly_empty().slap(A, A, "3s").slap(E, E, "3d", dt=0.01).slap(E, E, "9s", dt=1.0).kps_won(E)
    ref = referee(tb)
    assert [r.kind for r in ref.rulings[-5:]] == ["kps_settled", "correct_slap", "correct_slap", "table_emptied",
                                                  "late_slap"]
    assert ref.engine.summary()["table_cards"] == [0, 2]
    aino_first = len(tb.events) - 4
    assert ref.rulings[-5].data == {"replaces": [aino_first]}
    assert [(r.kind, r.withdrawn) for r in ref.rulings if r.cause == aino_first] == [
        ("correct_slap", True), ("table_emptied", True), ("correct_slap", False), ("table_emptied", False)]


def test_kps_won_without_a_kps_is_impossible():
    tb = dealt().turn(E, "5h").kps_won(S)
    assert said(tb)[-1] == ("impossible", (S,), 0) and referee(tb).rulings[-1].reason == "no_kps_pending"


def test_kps_won_by_a_third_player_is_impossible():
    tb = dealt(players=("Aino", "Eero", "Sanni")).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(A, A, card)
    tb.turn(S, "3c").slap(A, A, "3s").slap(E, E, "3d", dt=0.01).kps_won(S)
    ref = referee(tb)
    assert (ref.rulings[-1].kind, ref.rulings[-1].reason, ref.rulings[-1].seats) == ("impossible", "not_in_kps", (S,))
    assert ref.engine.summary()["kps_pending"] == [A, E]


def test_close_slaps_whose_order_changes_nothing_need_no_kps():
    tb = dealt().turn(E, "5h").slap(S, S, "5d").slap(V, V, "5s", dt=0.01)
    assert said(tb) == [("correct_slap", (S,), 0), ("correct_slap", (V,), 0)]


def test_slap_close_to_a_new_discard_that_decides_it_goes_to_kps():
    tb = dealt().turn(E, "5h").draw(S).discard(S, "9h").slap(V, V, "5d", dt=0.01)
    assert said(tb)[-1] == ("kps", (S, V), 0)


def test_slap_pads_order_slaps_the_camera_saw_the_other_way():
    tb = nearly_empty()
    tb.events.append(PadSlapped(t=tb.t + 0.5, seat=E, t_uncertainty=0.002))
    tb.events.append(PadSlapped(t=tb.t + 0.6, seat=A, t_uncertainty=0.002))
    tb.events.append(CardMoved(t=tb.t + 0.65, card="3s", from_zone="seat0", to_zone="pile", face_up=True, by=A,
                               t_uncertainty=0.04))
    tb.events.append(CardMoved(t=tb.t + 0.70, card="3d", from_zone="seat1", to_zone="pile", face_up=True, by=E,
                               t_uncertainty=0.04))
    ref = referee(tb)
    kinds = [r.kind for r in ref.rulings]
    assert kinds[-4:] == ["order_corrected", "correct_slap", "correct_slap", "table_emptied"]
    assert ref.engine.summary()["table_cards"] == [0, 3]
    corrected = ref.rulings[-4]
    assert MESSAGES.words("order_corrected", player="Eero") == (corrected.fi, corrected.en)
    first_seen = len(tb.events) - 2  # Aino's 3s, judged first as the camera saw it, then again
    assert corrected.data == {"replaces": [first_seen]}
    assert [(r.kind, r.withdrawn) for r in ref.rulings if r.cause == first_seen] == [
        ("correct_slap", True), ("table_emptied", True), ("correct_slap", False), ("table_emptied", False)]
    assert "withdrawn" in ref.summary()["rulings"][-6] and "withdrawn" not in ref.summary()["rulings"][-1]


def test_slaps_seen_out_of_time_order_are_judged_again_as_the_camera_timed_them():
    tb = nearly_empty()
    tb.events.append(CardMoved(t=tb.t + 1.0, card="3s", from_zone="seat0", to_zone="pile", face_up=True, by=A,
                               t_uncertainty=0.04))
    tb.events.append(CardMoved(t=tb.t + 0.5, card="3d", from_zone="seat1", to_zone="pile", face_up=True, by=E,
                               t_uncertainty=0.04))
    ref = referee(tb)
    corrected = next(r for r in ref.rulings if r.kind == "order_corrected")
    assert MESSAGES.words("order_corrected_seen", player="Eero") == (corrected.fi, corrected.en)
    assert ref.engine.summary()["table_cards"] == [0, 3]


def test_timing_resolution_is_a_setting():
    tb = dealt(players=("Aino", "Eero"), timing_resolution_s=0.0).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(A, A, card)
    tb.turn(A, "Qh").turn(E, "3c")
    tb.slap(A, A, "3s", t_uncertainty=0.0).slap(E, E, "3d", dt=0.01, t_uncertainty=0.0)
    assert said(tb)[-1] == ("late_slap", (E,), 0)


def test_a_card_seen_late_on_the_pile_landed_before_it_was_seen():
    """The camera first saw Aino's 3 on the pile 0.7 s after its place there was last clear (glare hid it):
    it landed in those 0.7 s, so Eero's 3 seen landing 0.4 s after it was seen came second."""
    tb = nearly_empty().slap(A, A, "3s", t_uncertainty=0.7).slap(E, E, "3d", dt=0.4)
    assert said(tb)[-1] == ("late_slap", (E,), 0)


def test_a_slap_seen_within_the_time_a_late_seen_card_may_have_landed_goes_to_kps():
    tb = nearly_empty().slap(E, E, "3d").slap(A, A, "3s", dt=0.4, t_uncertainty=0.7)
    assert said(tb)[-1] == ("kps", (E, A), 0)


# ---------------------------------------------------------------- pause

def test_pause_holds_table_events_and_judges_them_on_resume():
    tb = dealt().turn(E, "5h").button(long=True).slap(S, S, "6d")
    ref = referee(tb)
    assert ref.rulings[-1].kind == "paused" and ref.engine.summary()["paused"]
    assert ref.engine.summary()["table_cards"] == [4, 4, 4, 4]
    tb.button(long=True)
    assert [k for k, _, _ in said(tb)] == ["paused", "resumed", "wrong_slap"]
    assert state(tb)["table_cards"] == [4, 4, 3, 4]


def test_pausing_twice_is_impossible():
    tb = dealt().pause(True).pause(True)
    assert [(r.kind, r.reason) for r in referee(tb).rulings[-2:]] == [("paused", ""), ("impossible", "already_paused")]


# ---------------------------------------------------------------- bad input

def test_stock_runs_out_then_the_pile_becomes_the_stock():
    tb = dealt(players=("Aino", "Eero"))
    cards = [r + s for s in "shdc" for r in "A23456789TJQK"][:44]
    seat = E
    for card in cards:
        tb.turn(seat, card)
        seat = 1 - seat
    tb.draw(seat)
    ref = referee(tb)
    assert (ref.rulings[-1].kind, ref.rulings[-1].reason) == ("impossible", "stock_empty")
    tb._move(2.0, None, "pile", "stock")
    tb.draw(seat)
    assert state(tb)["stock"] == 42 and state(tb)["pile_top"] == cards[-1]


@pytest.mark.parametrize("event,reason,seats", [
    (CardMoved(t=99, card="5d", from_zone="dome", to_zone="pile", by=1), "unknown_zone", ()),
    (CardMoved(t=99, from_zone="stock", to_zone="seat7"), "no_such_seat", ()),
    (CardMoved(t=99, from_zone="pile", to_zone="hand1"), "no_such_move", ()),
    (DieSettled(t=99, value=4), "foreign_event", ()),
    (Declared(t=99, by=1, what="hembo"), "unknown_declaration", (1,)),
])
def test_well_formed_but_impossible_events_are_named_and_change_nothing(event, reason, seats):
    ref = referee(dealt())
    before = ref.engine.summary()
    (ruling,) = ref.push(event)
    assert (ruling.kind, ruling.reason, ruling.seats, ruling.cause) == ("impossible", reason, seats, 17)
    assert ref.engine.summary() == before


@pytest.mark.parametrize("players,settings,message", [
    (("A",), {}, "kiketti is for 2-8 players, got 1"),
    (("A", "B"), {"rounds": 0}, "setting 'rounds' must be a whole number >= 1 or null, got 0"),
    (("A", "B"), {"first_dealer": 2}, "setting 'first_dealer' must be a seat 0-1, got 2"),
    (("A", "B"), {"wrong_slap_cap": "3"}, "setting 'wrong_slap_cap' must be a whole number >= 1, got '3'"),
    (("A", "B"), {"timing_resolution_s": -1}, "setting 'timing_resolution_s' must be a number of seconds >= 0, got -1"),
    (("A", "B"), {"late_first_peek": 1}, "setting 'late_first_peek' must be true or false, got 1"),
    (("A", "B"), {"colour": "red"}, "unknown setting 'colour' for kiketti"),
])
def test_bad_settings_are_named(players, settings, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Referee(GameStarted(t=0, game="kiketti", players=players, settings=settings))


def test_rounds_default_to_2n_plus_2():
    for n in (2, 5, 8):
        ref = Referee(GameStarted(t=0, game="kiketti", players=tuple(f"P{i}" for i in range(n))))
        assert ref.engine.summary()["rounds"] == 2 * n + 2


def test_a_card_shown_and_returned_cannot_come_from_the_stock():
    tb = dealt().turn(E, "5h").slap(S, S, "6d").back("6d", S).penalty(S, 2).turn(S, "6d")
    ref = referee(tb)
    assert (ref.rulings[-1].kind, ref.rulings[-1].reason) == ("impossible", "card_on_table")


def test_a_shown_card_missing_from_every_reveal_is_reported():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h").slap(A, A, "6s").back("6s", A).penalty(A, 2)
    tb.call(E).turn(A, "7h")
    tb.reveal(A, ["Ah", "2h", "3h", "4h", "5c", "5d"]).reveal(E, ["As", "2s", "3s", "4s"])
    ref = referee(tb)
    (lost,) = [r for r in ref.rulings if r.kind == "unjudged"]
    assert (lost.seats, lost.data) == ((), {"cards": ["6s"]})


def test_calling_after_ones_own_slap_emptied_the_table_is_too_late():
    tb = dealt(players=("Aino", "Eero")).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(E, E, card)
    tb.turn(A, "9h").turn(E, "9d").slap(E, E, "9s").call(E)
    last = referee(tb).rulings[-1]
    assert (last.kind, last.seats) == ("bad_call", (E,)) and worded(last, "bad_call_round_ended", player="Eero")


def test_a_power_under_way_when_a_table_empties_is_not_judged():
    tb = dealt(players=("Aino", "Eero", "Sanni")).turn(E, "5h")
    for card in ("5d", "5s", "5c"):
        tb.slap(E, E, card)
    tb.turn(S, "Qd").slap(E, E, "Qs").swap(S, S, A).look(S, A)
    assert said(tb)[-1] == ("table_emptied", (E,), 0)


def test_a_second_card_drawn_in_ones_own_turn_is_an_out_of_turn_draw():
    tb = dealt().draw(E).draw(E)
    assert said(tb) == [("penalty", (E,), 1)]
    tb.hand_back(E).discard(E, "5h").turn(S, "6h")
    assert said(tb) == [("penalty", (E,), 1)]
    assert state(tb)["turn"] == S


def test_a_slap_after_the_reveal_began_is_late():
    tb = dealt(players=("Aino", "Eero", "Sanni")).turn(E, "5h").call(E).turn(S, "6h").turn(A, "7h")
    tb.reveal(E, ["As", "2s", "3s", "4s"]).slap(S, S, "7s").back("7s", S)
    assert said(tb)[-1] == ("late_slap", (S,), 0)
    tb.reveal(S, ["Ah", "2h", "3h", "7s"]).reveal(A, ["Ad", "2d", "3d", "Kd"])
    # Eero 10 is not the fewest: Aino (6) scores 0, Eero 10 + Sanni's 13
    assert referee(tb).rulings[-1].data["scores"] == [0, 23, 13]


def test_a_player_rushed_by_the_next_draw_may_still_call():
    tb = dealt().turn(E, "5h").draw(S, dt=0.8).call(E, dt=0.5)
    ref = referee(tb)
    called = ref.rulings[-1]
    assert (called.kind, called.seats, called.data) == ("kiketti_called", (E,), {"calls": 1, "late": True})
    tb.discard(S, "6h").turn(V, "7h").turn(A, "8h").draw(S)  # Sanni's rushed turn was her last
    assert said(tb)[-1] == ("penalty", (S,), 1)


def test_the_shared_button_just_after_the_next_draw_calls_for_the_rushed_player():
    tb = dealt().turn(E, "5h").draw(S, dt=0.8).button(dt=0.5)
    assert referee(tb).rulings[-1].seats == (E,)


def test_a_call_after_the_grace_time_is_out_of_turn():
    tb = dealt(late_call_grace_s=0.5).turn(E, "5h").draw(S, dt=0.8).call(E, dt=1.0)
    last = referee(tb).rulings[-1]
    assert (last.kind, last.seats) == ("bad_call", (E,)) and worded(last, "bad_call_not_turn", player="Eero",
                                                                      turn="Sanni")


def test_pad_hits_used_to_reorder_are_not_used_again():
    tb = nearly_empty()
    tb.events.append(PadSlapped(t=tb.t + 0.5, seat=E, t_uncertainty=0.002))
    tb.events.append(PadSlapped(t=tb.t + 0.6, seat=A, t_uncertainty=0.002))
    tb.events.append(CardMoved(t=tb.t + 0.65, card="3s", from_zone="seat0", to_zone="pile", face_up=True, by=A))
    tb.events.append(CardMoved(t=tb.t + 0.70, card="3d", from_zone="seat1", to_zone="pile", face_up=True, by=E))
    assert referee(tb).engine.pads == {}

