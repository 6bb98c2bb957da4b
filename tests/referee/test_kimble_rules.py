"""Every AS-Kimble rule pinned with concrete positions and fine counts (see test_kimble_helpers
for the seating: A red track0, B blue track7, C yellow track14, D green track21)."""

import pytest

from referee.core import Referee
from referee.events import ButtonPressed, Declared, DieSettled, EventError, FineDrunk, Paused, loads
from referee.kimble.messages import MESSAGES, phrase
from tests.referee.test_kimble_helpers import (A, B, C, D, count_pieces, fines, kinds, move, opening_events, place, pop,
                                       started, turn)


def refusals(rulings) -> list[tuple[str, tuple[int, ...]]]:
    """(reason, seats) of every ruling, each of which must be an ``impossible`` one."""
    assert kinds(rulings) == ["impossible"] * len(rulings)
    return [(r.reason, r.seats) for r in rulings]


def worded(ruling, key: str, **fields) -> bool:
    """Whether the ruling says message ``key`` of the book, for a kind or refusal with several wordings."""
    return (ruling.fi, ruling.en) == MESSAGES.words(key, **fields)


# ---------------------------------------------------------------- opening


def test_opening_ties_repop_lowest_chooses_colour_highest_starts():
    ref = started(players=("A", "B", "C", "D"))
    assert ref.engine.turn == D and ref.engine.chooser == A
    assert [s.colour for s in ref.engine.board.sides] == [0, 1, 2, 3]

    events = opening_events()[:1]
    ref = Referee.replay(events, "en")
    rulings = []
    for team, value in [(A, 3), (B, 5), (C, 5), (D, 1), (B, 4), (C, 2)]:
        rulings += ref.push(DieSettled(t=1, value=value, by=team))
    assert kinds(rulings) == ["repop", "opening"]
    assert rulings[0].seats == (B, C)
    assert (ref.engine.chooser, ref.engine.turn) == (D, B)
    ref.push(Declared(t=2, by=D, what="yellow"))  # the rest follow clockwise from D
    assert [s.colour for s in ref.engine.board.sides] == [3, 0, 1, 2]
    assert ref.engine.board.place(B, 0) == "track0"


def test_only_the_lowest_popper_chooses_and_only_after_the_opening():
    ref = Referee.replay(opening_events()[:5], "en")
    assert refusals(ref.push(Declared(t=9, by=B, what="red"))) == [("not_the_chooser", (B,))]
    assert refusals(ref.push(DieSettled(t=9, value=3, by=None))) == [("colour_not_chosen", ())]  # nobody pops first


# ---------------------------------------------------------------- leaving home, tries, sixes


def test_three_tries_for_a_six_when_nothing_can_move_then_the_turn_passes():
    ref = started()
    assert ref.engine.turn == D and ref.engine.tries == 3
    assert kinds(pop(ref, 2) + pop(ref, 5)) == ["no_move", "no_move"]
    assert ref.engine.turn == D
    pop(ref, 1)
    assert ref.engine.turn == A and ref.engine.tries == 3


def test_a_six_leaves_home_as_the_only_move_and_pops_again():
    ref = started()
    pop(ref, 3)
    rulings = pop(ref, 6)
    assert kinds(rulings) == ["move"] and rulings[0].data == {"move": "home→track21", "value": 6, "how": "auto"}
    assert ref.engine.board.sides[D].stacks == {0: 1}
    assert ref.engine.turn == D and ref.engine.tries == 1  # a 6 pops again, once
    pop(ref, 4)
    assert ref.engine.board.sides[D].stacks == {4: 1} and ref.engine.turn == A


def test_a_six_that_moves_nothing_still_pops_again():
    ref = started()
    place(ref, A, stacks={26: 1}, goal=(1, 2, 3))  # 26+6 = 32: beyond the goal, and nobody home
    turn(ref, A)
    assert kinds(pop(ref, 6)) == ["no_move"]
    assert ref.engine.turn == A and ref.engine.tries == 1


def test_the_camera_sighting_of_an_applied_move_confirms_it():
    ref = started()
    pop(ref, 6, t=10)
    assert move(ref, D, "home", "track21") == []
    assert refusals(move(ref, D, "home", "track21")) == [("move_not_due", (D,))]  # seen once, not twice


# ---------------------------------------------------------------- moving


def test_obligation_to_move_two_pops_without_a_move_is_impossible():
    ref = started()
    place(ref, A, stacks={2: 1, 9: 1})
    turn(ref, A)
    assert kinds(pop(ref, 3)) == ["choose"]
    rulings = pop(ref, 4)
    assert refusals(rulings) == [("popped_without_moving", (A,))]
    assert ref.engine.summary()["waiting_for"]["moves"] == ["track2→track5", "track9→track12"]
    assert ref.engine.value == 3 and len(ref.engine.dice.pops) == 5  # the second pop changed nothing


def test_a_move_of_the_wrong_count_names_the_die_and_the_choices():
    ref = started()
    place(ref, A, stacks={2: 1, 9: 1})
    turn(ref, A)
    pop(ref, 3)
    rulings = move(ref, A, "track2", "track6")
    assert refusals(rulings) == [("wrong_count", (A,))]
    assert worded(rulings[0], "wrong_count", team="A", frm="track2", to="track6", steps=4, value=3,
                  expected="track2→track5, track9→track12")
    assert refusals(move(ref, A, "track4", "track7")) == [("no_piece_there", (A,))]
    assert kinds(move(ref, A, "track9", "track12")) == ["move"]
    assert ref.engine.board.sides[A].stacks == {2: 1, 12: 1} and ref.engine.turn == B


def test_never_onto_an_own_piece():
    ref = started()
    place(ref, A, stacks={2: 1, 5: 1})
    turn(ref, A)
    rulings = pop(ref, 3)  # 2+3 lands on own piece: only 5->8 remains and is applied
    assert rulings[0].data["move"] == "track5→track8"
    place(ref, A, stacks={2: 1, 5: 1, 9: 1})
    turn(ref, A)
    pop(ref, 3)
    rulings = move(ref, A, "track2", "track5")
    assert kinds(rulings) == ["illegal_move"] and rulings[0].data == {"expected": ["track5→track8", "track9→track12"]}
    assert worded(rulings[0], "illegal_move_square_taken", frm="track2", to="track5",
                  expected="track5→track8, track9→track12")
    assert ref.engine.value == 3  # still waiting for a legal move


def test_exact_count_into_the_goal_and_moves_inside_it():
    ref = started()
    place(ref, A, stacks={26: 1}, goal=(1, 2, 3))
    turn(ref, A)
    assert kinds(pop(ref, 6)) == ["no_move"]  # 32: past goal 4
    turn(ref, A)
    assert kinds(pop(ref, 4)) == ["no_move"]  # 30 = goal 3: own piece
    place(ref, A, goal=(1,))
    turn(ref, A)
    assert pop(ref, 3)[0].data["move"] == "goal1→goal4"
    assert ref.engine.board.sides[A].goal == [False, False, False, True]
    place(ref, A, stacks={26: 1}, goal=(1, 2, 3))
    turn(ref, A)
    assert pop(ref, 5)[0].data["move"] == "track26→goal4"


# ---------------------------------------------------------------- eating, mines, multipliers


def test_eating_sends_the_piece_home_and_fines_its_team_one():
    ref = started()
    place(ref, A, stacks={3: 1})
    place(ref, B, stacks={22: 1})  # B 22 = track1
    turn(ref, B)
    rulings = pop(ref, 2)  # B 22 -> 24 = track3
    assert fines(rulings) == [(A, 1, "eaten")]
    assert ref.engine.board.sides[A].home == 4 and ref.engine.board.sides[B].stacks == {24: 1}
    assert ref.engine.ledger.owed(A) == 1


def test_a_doubled_piece_eating_a_tripled_one_costs_six():
    ref = started()
    place(ref, A, stacks={3: 2})
    place(ref, C, stacks={20: 3})  # C 20 = track6
    turn(ref, A)
    rulings = pop(ref, 3)
    assert fines(rulings) == [(C, 6, "eaten")]
    side = ref.engine.board.sides[C]
    assert (side.home, side.stacks, side.aside) == (4, {}, 0)  # the markers go home too
    assert ref.engine.board.sides[A].stacks == {6: 2}
    assert count_pieces(ref) == [4, 4, 4, 4]


def test_a_single_eating_a_doubled_one_costs_two():
    ref = started()
    place(ref, A, stacks={3: 1})
    place(ref, D, stacks={13: 2})  # D 13 = track6
    turn(ref, A)
    assert fines(pop(ref, 3)) == [(D, 2, "eaten")]


def test_driving_onto_an_opponents_mine_eats_the_mover():
    ref = started()
    place(ref, A, stacks={5: 1})
    place(ref, B, stacks={0: 2})  # a doubled B piece on its own start, track7
    turn(ref, A)
    rulings = pop(ref, 2)
    assert kinds(rulings)[0] == "move" and rulings[0].data["move"] == "track5→track7 (mine)"
    assert fines(rulings) == [(A, 2, "mine")]  # 1 x 2, to the mover's team
    assert ref.engine.board.sides[A].home == 4 and ref.engine.board.sides[B].stacks == {0: 2}
    assert kinds(move(ref, A, "track5", "track7") + move(ref, A, "track7", "home")) == []  # seen: confirmed


def test_no_mine_while_another_move_exists():
    ref = started()
    place(ref, A, stacks={5: 1, 12: 1})
    place(ref, B, stacks={0: 1})
    turn(ref, A)
    rulings = pop(ref, 2)  # the only non-mine move, 12->14, is applied
    assert rulings[0].data["move"] == "track12→track14"
    place(ref, A, stacks={5: 1, 12: 1, 20: 1})
    turn(ref, A)
    pop(ref, 2)
    rulings = move(ref, A, "track5", "track7")
    assert kinds(rulings) == ["illegal_move"] and rulings[0].data["expected"] == ["track12→track14", "track20→track22"]
    assert worded(rulings[0], "illegal_move_onto_mine", frm="track5", to="track7",
                  expected="track12→track14, track20→track22")


def test_extra_pop_after_driving_onto_a_mine_with_a_six_then_three_tries_next_turn():
    ref = started()
    place(ref, A, stacks={1: 1}, goal=(2, 3, 4))  # nobody home: the mine is A's only move
    place(ref, B, stacks={0: 1})
    turn(ref, A)
    rulings = pop(ref, 6)
    assert fines(rulings) == [(A, 1, "mine")]
    assert ref.engine.turn == A and ref.engine.tries == 1  # one pop, although only a 6 could help
    pop(ref, 2)
    assert ref.engine.turn == B and ref.engine.tries == 1
    pop(ref, 1)  # B 0 -> 1, then C and D have three tries each
    for _ in range(6):
        pop(ref, 1)
    assert ref.engine.turn == A and ref.engine.tries == 3


def test_doubling_tripling_and_quadrupling_on_the_start_square():
    ref = started()
    place(ref, D, stacks={0: 1})
    turn(ref, D)
    rulings = pop(ref, 6)
    assert kinds(rulings) == ["choose"] and rulings[0].data["options"] == ["double"]
    ref.push(Declared(t=21, by=D, what="double"))
    assert ref.engine.board.sides[D].stacks == {0: 2} and ref.engine.board.sides[D].home == 2
    pop(ref, 6)
    assert move(ref, D, "home", "aside")[0].data["move"] == "double"  # the camera's view of a double
    pop(ref, 6)
    ref.push(Declared(t=22, by=D, what="double"))
    side = ref.engine.board.sides[D]
    assert (side.stacks, side.home, side.aside) == ({0: 4}, 0, 3)
    rulings = pop(ref, 6)  # no home piece left: only the move
    assert rulings[0].data["move"] == "track21→track27"


def test_a_multiplied_piece_splits_in_the_goal():
    ref = started()
    place(ref, C, stacks={26: 3})
    turn(ref, C)
    pop(ref, 3)  # 29 = goal 2: one there, one to goal 1, one queues
    side = ref.engine.board.sides[C]
    assert (side.goal, side.queue, side.stacks) == ([True, True, False, False], 1, {})
    place(ref, C, stacks={25: 3})
    turn(ref, C)
    pop(ref, 3)  # 28 = goal 1 itself: the two others queue
    assert (side.goal, side.queue) == ([True, False, False, False], 2)
    turn(ref, C)
    assert pop(ref, 1)[0].data["moves"] == ["goal1→goal2", "queue→goal2"]
    move(ref, C, "queue", "goal2")  # a queued piece moves 1 to goal 2
    assert (side.goal, side.queue) == ([True, True, False, False], 1)


# ---------------------------------------------------------------- raising


def _raise_position(ref):
    place(ref, A, stacks={10: 1, 20: 1}, goal=(3, 4))
    place(ref, B, goal=(4,))
    place(ref, C, goal=(1,))
    place(ref, D, stacks={7: 2}, goal=(1,))  # D 7 = track0, A's start square


def test_a_raise_that_eats_a_piece_on_the_raising_teams_start_square():
    ref = started()
    _raise_position(ref)
    turn(ref, A)
    rulings = pop(ref, 6)
    assert rulings[0].data == {"value": 6, "moves": ["track10→track16", "track20→track26"], "options": ["raise"]}
    rulings = ref.push(Declared(t=21, by=A, what="raise"))
    assert fines(rulings) == [(D, 2, "eaten")]  # the returned single eats D's double: 1 x 2
    sides = ref.engine.board.sides
    assert sides[A].stacks == {10: 1, 20: 1, 0: 1} and sides[A].goal == [False, False, False, True]
    assert sides[B].home == 4 and sides[C].home == 4 and sides[D].home == 4
    assert [r.seats for r in rulings if r.kind == "hembo_due"] == [(B,), (C,), (D,)]
    assert count_pieces(ref) == [4, 4, 4, 4]
    assert ref.engine.turn == A and ref.engine.raised == {A}


def test_a_raise_onto_an_own_start_piece_grows_its_multiplier():
    ref = started()
    place(ref, A, stacks={0: 1}, goal=(1, 2, 3))
    place(ref, B, goal=(1,))
    place(ref, C, goal=(1,))
    place(ref, D, goal=(1,))
    turn(ref, A)
    pop(ref, 6)
    ref.push(Declared(t=21, by=A, what="raise"))
    assert ref.engine.board.sides[A].stacks == {0: 2} and ref.engine.board.sides[A].goal == [False, True, True, False]


def test_raise_needs_an_empty_home_and_a_goal_piece_in_every_team():
    ref = started()
    _raise_position(ref)
    place(ref, C)
    turn(ref, A)
    pop(ref, 6)
    rulings = ref.push(Declared(t=21, by=A, what="raise"))
    assert refusals(rulings) == [("cannot_choose", (A,))]
    assert worded(rulings[0], "cannot_choose", team="A", what="raise", why=phrase("goal_empty", teams="C"))


def test_once_each_round_then_consent_for_a_further_round():
    ref = started()
    _raise_position(ref)
    ref.engine.raised = {A}
    turn(ref, A)
    rulings = pop(ref, 6)
    assert rulings[0].data["options"] == []
    rulings = ref.push(Declared(t=21, by=A, what="raise"))
    assert worded(rulings[0], "cannot_choose", team="A", what="raise", why=phrase("raised_already"))
    move(ref, A, "track10", "track16")

    ref.engine.raised = {A, B, C, D}
    turn(ref, A)
    pop(ref, 6)
    assert kinds(ref.push(Declared(t=22, by=A, what="raise"))) == ["consent_needed"]
    assert ref.push(Declared(t=23, by=B, what="consent")) == []
    ref.push(Declared(t=24, by=C, what="consent"))
    rulings = ref.push(Declared(t=25, by=D, what="consent"))
    assert kinds(rulings)[:2] == ["raise_round", "move"] and ref.engine.raised == {A}


def test_one_refusal_ends_raising_for_the_game():
    ref = started()
    _raise_position(ref)
    ref.engine.raised = {A, B, C, D}
    turn(ref, A)
    pop(ref, 6)
    ref.push(Declared(t=22, by=A, what="raise"))
    ref.push(Declared(t=23, by=B, what="consent"))
    assert kinds(ref.push(Declared(t=24, by=C, what="refuse"))) == ["raising_closed"]
    assert ref.engine.options == [] and ref.engine.moves  # A must still move its 6
    assert worded(ref.push(Declared(t=25, by=A, what="raise"))[0], "cannot_choose", team="A", what="raise",
                  why=phrase("raise_rounds_over"))


# ---------------------------------------------------------------- hembo


def test_hembo_said_in_time_costs_nothing():
    ref = started()
    place(ref, A, stacks={1: 1})
    place(ref, B, stacks={24: 1})  # track3
    turn(ref, A)
    rulings = pop(ref, 2)
    assert fines(rulings) == [(B, 1, "eaten")]
    (due,) = [r for r in rulings if r.kind == "hembo_due"]
    assert due.seats == (B,) and worded(due, "hembo_due_alone", team="B")
    assert kinds(ref.push(Declared(t=22, by=B, what="hembo"))) == ["hembo_heard"]
    assert fines(pop(ref, 1)) == []


def test_hembo_forgotten_before_the_next_teams_pop_is_one_fine():
    ref = started(settings={"members": [2, 3, 1, 1]})
    place(ref, A, stacks={1: 1})
    place(ref, B, stacks={24: 1})
    turn(ref, A)
    rulings = pop(ref, 2)
    (due,) = [r for r in rulings if r.kind == "hembo_due"]
    assert due.seats == (B,) and worded(due, "hembo_due_together", team="B")
    assert ref.engine.turn == B
    rulings = pop(ref, 3)  # B's own pop: the next team's pop
    assert fines(rulings) == [(B, 1, "hembo_forgotten")]


def test_hembo_at_the_wrong_time_is_one_fine_and_a_second_saying_too():
    ref = started()
    assert fines(ref.push(Declared(t=22, by=C, what="hembo"))) == [(C, 1, "hembo_wrong_time")]
    place(ref, A, stacks={1: 1})
    place(ref, B, stacks={24: 1})
    turn(ref, A)
    pop(ref, 2)
    ref.push(Declared(t=23, by=B, what="hembo"))
    assert fines(ref.push(Declared(t=24, by=B, what="hembo"))) == [(B, 1, "hembo_wrong_time")]


# ---------------------------------------------------------------- out of turn, pause, unreadable


def test_out_of_turn_pop_states_the_reset_value_and_waits_for_it():
    ref = started()  # the last pop was D's opening 4
    rulings = pop(ref, 2, by=B)
    assert kinds(rulings) == ["out_of_turn"] and (rulings[0].seats, rulings[0].data) == ((B,), {"reset_to": 4})
    assert pop(ref, 5, by=B) == []
    assert kinds(pop(ref, 4, by=B)) == ["die_reset"]
    assert [p.kind for p in ref.engine.dice.pops[-3:]] == ["out_of_turn", "reset", "reset"]
    assert ref.engine.turn == D and ref.engine.tries == 3


def test_unreadable_die_asks_for_a_tap():
    ref = started()
    rulings = ref.push(DieSettled(t=30, value=None, by=D))
    assert kinds(rulings) == ["die_unreadable"] and ref.engine.dice.pops[-1].kind == "unreadable"
    assert ref.engine.tries == 3


def test_pause_breaches_each_cost_one_fine():
    ref = started()
    place(ref, D, stacks={0: 1, 5: 1})
    ref.engine.ledger.give(B, 2, "eaten", 0)
    assert kinds(ref.push(ButtonPressed(t=30, long=True))) == ["paused"]
    assert ref.push(ButtonPressed(t=31, long=False)) == []  # a short press means nothing here
    rulings = pop(ref, 3, by=D)
    assert fines(rulings) == [(D, 1, "pause_pop")] and rulings[1].data == {"reset_to": 4}
    pop(ref, 4, by=D)  # the reset
    rulings = ref.push(FineDrunk(t=32, team=B, count=1))
    assert fines(rulings) == [(B, 1, "pause_drink")] and ref.engine.ledger.owed(B) == 2
    assert refusals(ref.push(Paused(t=33, on=True))) == [("already_paused", ())]
    assert kinds(ref.push(Paused(t=34, on=False))) == ["resumed"]
    pop(ref, 3)
    ref.push(ButtonPressed(t=35, long=True))
    rulings = move(ref, D, "track26", "track1")  # the move stands: a released move is final
    assert fines(rulings) == [(D, 1, "pause_move")] and kinds(rulings)[1] == "move"
    assert ref.engine.board.sides[D].stacks == {0: 1, 8: 1}


def test_fine_per_member_multiplies_each_fine_by_the_team_size():
    ref = started(settings={"members": [1, 3, 1, 2], "fine_per_member": True})
    place(ref, A, stacks={1: 1})
    place(ref, B, stacks={24: 1})
    turn(ref, A)
    assert fines(pop(ref, 2)) == [(B, 3, "eaten")]


def test_drinking_more_than_owed_is_impossible():
    ref = started()
    rulings = ref.push(FineDrunk(t=30, team=A, count=1))
    assert refusals(rulings) == [("drinks_more_than_owed", (A,))] and ref.engine.ledger.drunk == [0, 0, 0, 0]


# ---------------------------------------------------------------- winning


def test_winning_needs_all_four_in_the_goal_and_nothing_owed():
    ref = started()
    place(ref, B, stacks={27: 1}, goal=(1, 2, 3))
    ref.engine.ledger.give(B, 1, "eaten", 0)
    ref.engine.ledger.give(C, 2, "eaten", 0)
    ref.push(FineDrunk(t=30, team=C, count=2))
    turn(ref, B)
    pop(ref, 4)
    assert ref.engine.board.sides[B].finished
    assert ref.engine.phase == "play" and ref.engine.turn == C  # B still owes one
    rulings = ref.push(FineDrunk(t=31, team=B, count=1))
    assert kinds(rulings) == ["drunk", "game_over"]
    assert rulings[1].data["winner"] == "B" and rulings[1].data["moral_winners"] == ["C"]
    assert ref.engine.finished
    assert refusals(pop(ref, 3)) == [("game_over", ())]


# ---------------------------------------------------------------- bad input


def test_a_die_value_outside_one_to_six_is_rejected_by_the_parser():
    with pytest.raises(EventError, match=r"line 3: field 'value': a die shows 1-6, got 7"):
        loads('{"type": "die_settled", "t": 1, "value": 7}', 3)
    with pytest.raises(EventError, match="field 'value'"):
        DieSettled(t=1, value=0)


def test_bad_places_and_settings_are_named():
    with pytest.raises(EventError, match="field 'to_place': a place is home"):
        loads('{"type": "piece_moved", "t": 1, "team": 0, "from_place": "home", "to_place": "track28"}')
    with pytest.raises(EventError, match="field 'count'"):
        FineDrunk(t=1, team=0, count=0)
    with pytest.raises(ValueError, match="setting 'members' must list 4 team sizes"):
        started(settings={"members": [1, 2]})
    ref = started()
    assert refusals(ref.push(Declared(t=30, by=7, what="hembo"))) == [("no_such_team", ())]


def test_a_sighting_that_contradicts_the_referees_move_names_what_was_expected():
    ref = started()
    pop(ref, 6, t=10)  # the only move, home -> track21, is applied at once
    rulings = move(ref, D, "home", "track22")
    assert refusals(rulings) == [("sighting_expected", (D,))]
    assert worded(rulings[0], "sighting_expected", frm="home", to="track22", seen="D home→track21")
    assert ref.engine.board.sides[D].stacks == {0: 1}


def test_leaving_home_onto_an_opponent_on_the_start_square_eats_it():
    ref = started()
    place(ref, A, goal=(1,))
    place(ref, C, stacks={14: 2})  # C 14 = track0, A's start square
    turn(ref, A)
    rulings = pop(ref, 6)
    assert rulings[0].data["move"] == "home→track0" and fines(rulings) == [(C, 2, "eaten")]


def test_two_teams_take_colours_in_seating_order():
    ref = Referee.replay(opening_events(players=("A", "B")), "en")
    assert [s.colour for s in ref.engine.board.sides] == [0, 1] and ref.engine.turn == B
    with pytest.raises(ValueError, match="kimble is played by 2-4 teams, got 5"):
        started(players=("A", "B", "C", "D", "E"))


def test_each_team_may_pick_the_goal_piece_a_raise_takes_back():
    ref = started()
    _raise_position(ref)
    place(ref, B, goal=(2, 4))
    turn(ref, A)
    pop(ref, 6)
    ref.push(Declared(t=21, by=A, what="raise"))  # the referee assumes the rearmost pieces go
    assert ref.engine.board.sides[B].goal == [False, False, False, True]
    assert move(ref, B, "goal4", "home") == []  # B kept goal 2 and gave up goal 4
    assert ref.engine.board.sides[B].goal == [False, True, False, False]
    assert move(ref, A, "goal4", "track0") == []  # A returned its goal 4 piece, not goal 3
    assert ref.engine.board.sides[A].goal == [False, False, True, False]
    assert refusals(move(ref, C, "goal3", "home")) == [("sighting_expected", (C,))]  # C has no piece in goal 3
    assert count_pieces(ref) == [4, 4, 4, 4]


def test_a_breach_of_the_pause_refused_as_impossible_keeps_its_fine():
    """The book fines every breach of a pause: a move when none was due, and a drink when nothing was owed,
    are refused, and fined still; nothing else of them stands."""
    ref = started()
    place(ref, D, stacks={0: 1})
    ref.push(Paused(t=30, on=True))
    rulings = move(ref, D, "track26", "track1")
    assert fines(rulings) == [(D, 1, "pause_move")] and refusals(rulings[1:]) == [("move_not_due", (D,))]
    assert ref.engine.board.sides[D].stacks == {0: 1}
    rulings = ref.push(FineDrunk(t=31, team=A, count=1))
    assert fines(rulings) == [(A, 1, "pause_drink")] and refusals(rulings[1:]) == [("drinks_more_than_owed", (A,))]
    assert [ref.engine.ledger.owed(team) for team in (A, D)] == [1, 1] and ref.engine.ledger.drunk == [0, 0, 0, 0]
    assert [r.kind for r in ref.rulings[-4:]] == ["fine", "impossible", "fine", "impossible"]
