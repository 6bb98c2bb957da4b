"""Kiketti after the camera was blind (referee.events.CameraBlind): nothing done in the dark is ruled on,
and the table found after it sets the referee's count."""

from referee.events import CameraBlind
from tests.referee.test_kiketti import A, E, S, V, dealt, referee, said, state

HANDS_EMPTY = {f"hand{seat}": 0 for seat in range(4)}


def blind(tb, pile_top, dark=5.0, **counts):
    """The camera blind for ``dark`` seconds from 1 s on; then the seats' counts (4 each unless given), the
    hands' (none held unless given) and the pile's top, as it found them."""
    since = tb._at(1.0)
    found = {f"seat{seat}": 4 for seat in range(4)} | HANDS_EMPTY | counts
    tb.events.append(CameraBlind(t=since, source="camera", until=tb._at(dark), counts=found, pile_top=pile_top))
    return tb


def test_a_blind_spell_is_said_and_whoever_draws_after_turns_gone_by_unseen_is_due():
    tb = blind(dealt().turn(E, "5h"), "8c").turn(A, "9d")  # Sanni and Ville played in the dark, it seems
    ref = referee(tb)
    (told,) = [r for r in ref.rulings if r.kind != "round_started"]
    assert (told.kind, told.seats, told.data) == ("unseen", (), {"since": 12.9, "until": 17.9})
    assert told.en == ("The camera could not see the table from 12.9 to 17.9 s: nothing done then is ruled on, "
                       "and the table is taken as the camera then found it.")
    s = ref.engine.summary()
    assert (s["turn"], s["pile_top"], s["owed_penalty_cards"], s["stock"]) == (A, "9d", [0, 0, 0, 0], 36 - 2)
    tb.draw(A)  # the turn is known again: a second draw is out of turn
    assert said(tb)[1:] == [("penalty", (A,), 1)]


def test_a_drawn_card_gone_in_the_dark_was_played_and_a_card_then_held_was_drawn():
    tb = blind(dealt().draw(E), "7s", hand2=1).discard(S, "Qh").slap(V, V, "Qd")
    assert said(tb) == [("unseen", (), 0), ("correct_slap", (V,), 0)]
    s = state(tb)
    assert (s["turn"], s["pile_top"], s["table_cards"], s["stock"]) == (S, "Qd", [4, 4, 4, 3], 36 - 2)


def test_nothing_found_changed_keeps_the_turn():
    tb = blind(dealt().turn(E, "5h"), "5h").draw(V)
    assert said(tb) == [("unseen", (), 0), ("penalty", (V,), 1)]


def test_a_seat_found_a_card_short_empties_its_table_with_its_next_right_slap():
    tb = blind(dealt().turn(E, "5h"), "8c", seat3=1).slap(V, V, "8d")
    assert said(tb) == [("unseen", (), 0), ("correct_slap", (V,), 0), ("table_emptied", (V,), 0)]


def test_owed_cards_a_seat_gained_in_the_dark_are_paid():
    tb = blind(dealt().turn(E, "5h").draw(V), "5h", seat3=5)  # the out-of-turn card back, the penalty card in
    assert said(tb) == [("penalty", (V,), 1), ("unseen", (), 0)]
    s = state(tb)
    assert (s["owed_penalty_cards"], s["table_cards"], s["stock"]) == ([0, 0, 0, 0], [4, 4, 4, 5], 36 - 2)


def test_a_dark_never_seen_again_changes_nothing():
    tb = dealt().turn(E, "5h")
    before = state(tb)
    tb.events.append(CameraBlind(t=tb._at(1.0), source="camera", until=tb._at(5.0)))
    assert said(tb) == [("unseen", (), 0)] and state(tb) == before


def test_a_second_hand_found_holding_a_card_drew_out_of_turn_unseen_and_puts_it_back_unpunished():
    tb = blind(dealt().turn(E, "5h"), "5h", hand0=1, hand2=1).hand_back(A).discard(S, "Qh")
    assert said(tb) == [("unseen", (), 0)]
    s = state(tb)
    assert (s["turn"], s["pile_top"], s["owed_penalty_cards"], s["stock"]) == (S, "Qh", [0, 0, 0, 0], 36 - 2)


def test_a_drawn_card_found_among_the_table_cards_was_swapped_in_and_the_next_card_out_is_its_swap():
    tb = blind(dealt().draw(E), None, seat1=5).slap(E, E, "Kh").draw(S)
    assert said(tb) == [("unseen", (), 0)]
    s = state(tb)
    assert (s["turn"], s["pile_top"], s["table_cards"], s["stock"]) == (S, "Kh", [4, 4, 4, 4], 36 - 2)


def test_a_card_slapped_in_the_dark_and_taken_back_was_wrong_as_judged_unseen_and_its_penalty_is_taken():
    """What the 3h covered may have landed in the dark too: the next slap is not judged, nor its taking
    back; a slap onto a card seen landing is."""
    tb = blind(dealt().turn(E, "5h"), "3h", seat3=3).back("3h", V).penalty(V, 2).slap(A, A, "5d")
    assert said(tb) == [("unseen", (), 0)]
    s = state(tb)
    assert (s["pile_top"], s["table_cards"], s["owed_penalty_cards"], s["stock"]) == (
        "5d", [3, 4, 4, 6], [0, 0, 0, 0], 36 - 1 - 2)
    tb.back("5d", A).penalty(A, 2).turn(S, "8h").slap(V, V, "8c")
    assert said(tb) == [("unseen", (), 0), ("correct_slap", (V,), 0)]
    assert state(tb)["table_cards"] == [6, 4, 4, 5]


def test_after_a_blind_spell_what_seems_impossible_is_not_ruled_and_a_reveal_ends_the_round():
    tb = blind(dealt().turn(E, "5h"), "8c").back("9s", A).reveal(A, ["2c", "3c", "4c", "5c"])
    assert said(tb) == [("unseen", (), 0)]  # no 9s owed back to Aino, no early reveal: only the dark said
    assert state(tb)["phase"] == "reveal"


def test_a_blind_spell_that_changed_nothing_leaves_the_referee_sure():
    tb = blind(dealt().turn(E, "5h"), "5h").discard(V, "9h")
    assert said(tb) == [("unseen", (), 0), ("impossible", (V,), 0)]


def test_in_doubt_a_card_laid_by_the_player_holding_the_drawn_card_is_its_discard():
    tb = blind(dealt().turn(E, "5h"), "8c", hand2=1).slap(S, S, "9h").slap(V, V, "9d")
    assert said(tb) == [("unseen", (), 0), ("correct_slap", (V,), 0)]
    s = state(tb)
    assert (s["turn"], s["pile_top"], s["table_cards"]) == (S, "9d", [4, 4, 4, 3])


def test_in_doubt_a_card_from_the_stock_to_a_seat_owed_none_is_taken_as_owed_and_a_reveal_as_the_seats_cards():
    tb = blind(dealt().turn(E, "5h"), "8c").penalty(A, 1).reveal(A, ["2c", "3c", "4c"])
    assert said(tb) == [("unseen", (), 0)]
    assert state(tb)["table_cards"] == [3, 4, 4, 4]
