"""The tracker turns per-frame detections (already on the table, in mm) into events."""

import numpy as np

from calibration.zones import kimble_layout
from referee.events import CardMoved, CardsRevealed, DieSettled
from tests.vision.tracking_script import DT, TABLE, ZONES, GlareAt, back, centre, die, face, feed, glare_at
from vision.colour import Glare, clipped_mask
from referee.camera import Moves
from referee.kiketti.camera import MOVES as KIKETTI
from vision.tracking import Seen, Tracker


def test_a_card_counts_on_the_pile_only_after_n_frames_and_is_dated_by_its_first_sighting():
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    hand = [back("hand0")]
    events, t = feed(tracker, [hand] * 4)
    assert events == [CardMoved(t=0.0, source="camera", from_zone="stock", to_zone="hand0", by=0, t_uncertainty=0.0)]
    # the card leaves the hand (1 frame in the air), lands on the pile; two frames are not enough
    events, t = feed(tracker, [[], [face("pile", "7h")], [face("pile", "7h")]], t)
    assert events == []
    events, t = feed(tracker, [[face("pile", "7h")]], t)
    assert events == [CardMoved(t=0.5, source="camera", card="7h", from_zone="hand0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]


def test_a_one_frame_glimpse_makes_no_event():
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    events, _ = feed(tracker, [[], [face("pile", "Ks")], [], [], [back("seat0")], [], []])
    assert events == []


def test_frames_where_the_pile_card_is_unread_do_not_break_its_run_of_readings():
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    hand = [back("hand1")]
    events, t = feed(tracker, [hand] * 3)
    unread = Seen("card", *centre("pile"))
    frames = [[face("pile", "Kh")], [unread], [face("pile", "Kh")], [unread], [unread], [face("pile", "Kh")]]
    events, t = feed(tracker, [[]] + frames, t)
    assert events == [CardMoved(t=0.4, source="camera", card="Kh", from_zone="hand1", to_zone="pile", face_up=True,
                                by=1, t_uncertainty=DT)]


def test_a_frame_without_the_card_breaks_its_run():
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand1")]] * 3)
    events, _ = feed(tracker, [[], [face("pile", "Kh")], [face("pile", "Kh")], [], [face("pile", "Kh")],
                               [face("pile", "Kh")]], t)
    assert events == []


def test_deal_then_slap_of_a_seat_card_comes_from_that_seat():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat1 = [back("seat1", dx) for dx in (-100, -30, 30, 100)]
    events, t = feed(tracker, [seat1] * 3)
    assert [(e.from_zone, e.to_zone) for e in events] == [("stock", "seat1")] * 4
    assert all(e.t == 0.0 for e in events)
    events, t = feed(tracker, [seat1[:3] + [face("pile", "9c")]] * 2, t)
    assert events == [CardMoved(t=0.3, source="camera", card="9c", from_zone="seat1", to_zone="pile", face_up=True,
                                by=1, t_uncertainty=DT)]


def test_two_slaps_in_the_same_frame_carry_the_same_time_and_its_uncertainty():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seats = [back("seat0", -50), back("seat0", 50), back("seat1", -50), back("seat1", 50)]
    events, t = feed(tracker, [seats] * 2)
    # both slappers turn their card over on the way: 4s from seat 1, 4d from seat 0
    in_flight = [seats[0], face("seat0", "4d", 50), seats[2], face("seat1", "4s", 50)]
    events, t = feed(tracker, [in_flight], t)
    pile = [face("pile", "4s", -30), face("pile", "4d", 30)]
    events, t = feed(tracker, [[seats[0], seats[2]] + pile] * 2, t)
    assert sorted((e.card, e.from_zone, e.t, e.t_uncertainty) for e in events) == [
        ("4d", "seat0", 0.3, DT), ("4s", "seat1", 0.3, DT)]


def test_a_card_drawn_and_discarded_in_one_move_is_booked_from_the_stock_once_no_zone_lost_it():
    """The hand held it for one frame, too short to count: after match_window_s without a zone losing
    a card, the pile's card came from the stock, dated by its first sighting."""
    tracker = Tracker(ZONES, confirm_frames=2, match_window_s=0.5, moves=KIKETTI)
    events, t = feed(tracker, [[], [back("hand0")], [face("pile", "2s")], [face("pile", "2s")]])
    assert events == [] and t == 0.4
    events, t = feed(tracker, [[face("pile", "2s")]] * 4, t)
    assert events == []  # up to 0.7 s it may still be a card from a zone found losing one
    events, t = feed(tracker, [[face("pile", "2s")]], t)
    assert events == [
        CardMoved(t=0.2, source="camera", card="2s", from_zone="stock", to_zone="pile", face_up=True,
                  t_uncertainty=DT)]
    assert tracker.unexplained == []


def test_a_card_misread_on_the_pile_after_a_counted_draw_is_not_booked():
    """hand0's card was counted and seen discarded (the 7h); the 7h then reads as 7d: no zone lost it, and
    the hand's card was counted, so no hand held it unseen: noted, not booked as a second discard."""
    tracker = Tracker(ZONES, confirm_frames=2, match_window_s=1.0, moves=KIKETTI)  # the window reaches back to the draw
    events, t = feed(tracker, [[back("hand0")]] * 3 + [[]] + [[face("pile", "7h")]] * 2)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [(None, "stock", "hand0"), ("7h", "hand0", "pile")]
    events, t = feed(tracker, [[face("pile", "7d")]] * 15, t)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == []
    assert [str(note) for note in tracker.unexplained] == ["t=0.60s: 7d appeared on the pile from no zone"]

def test_a_card_slapped_onto_one_still_waiting_for_its_zone_is_told_after_it():
    """The 2s, glimpsed in hand0 for a frame, came from no zone seen losing it; seat1 slaps the 3h onto it
    0.3 s later. The slap waits for the 2s to be booked, so the referee judges the 3h against the 2s, not
    the card under it."""
    tracker = Tracker(ZONES, confirm_frames=2, match_window_s=0.5, moves=KIKETTI)
    seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat1] * 2 + [seat1 + [back("hand0")]])
    events, t = feed(tracker, [seat1 + [face("pile", "2s")]] * 3 + [seat1[:2] + [face("pile", "3h", 10)]] * 2, t)
    assert events == [] and tracker.on_pile == ["2s", "3h"]
    events, t = feed(tracker, [seat1[:2] + [face("pile", "3h", 10)]] * 2, t)
    assert [(e.t, e.card, e.from_zone) for e in events] == [(0.3, "2s", "stock"), (0.6, "3h", "seat1")]

def test_a_drawn_card_put_among_the_table_cards_then_one_to_the_pile():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", dx) for dx in (-100, -30, 30, 100)]
    _, t = feed(tracker, [seat + [back("hand0")]] * 2)
    events, t = feed(tracker, [seat + [back("seat0", 130)]] * 2, t)
    assert events == [CardMoved(t=0.2, source="camera", from_zone="hand0", to_zone="seat0", by=0, t_uncertainty=DT)]
    events, t = feed(tracker, [seat[1:] + [back("seat0", 130), face("pile", "Qd")]] * 2, t)
    assert [(e.card, e.from_zone, e.by) for e in events] == [("Qd", "seat0", 0)]


def test_a_card_lifted_and_put_back_is_no_move():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", dx) for dx in (-100, -30, 30, 100)]
    _, t = feed(tracker, [seat] * 2)
    events, t = feed(tracker, [seat[1:]] * 3 + [seat] * 3, t)
    assert events == []
    assert tracker.unexplained == []


def test_round_end_reveal_lists_the_cards_in_table_order():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat] * 2)
    half = [face("seat1", "2c", -100), back("seat1", 0), face("seat1", "Kh", 100)]
    events, t = feed(tracker, [half] * 3, t)
    assert events == []
    shown = [face("seat1", "2c", -100), face("seat1", "Jd", 0), face("seat1", "Kh", 100)]
    events, t = feed(tracker, [shown] * 2, t)
    assert events == [CardsRevealed(t=0.5, source="camera", zone="seat1", cards=("2c", "Jd", "Kh"))]


def test_a_reveal_with_a_card_under_glare_lists_the_cards_read():
    """Glare lies on seat1's middle card, which reads as a back however it lies: once the others are turned
    and read, the seat is revealed with those two (the referee says a card was not seen). Without glare a
    back there is a card still face down."""
    def reveal(glare):
        tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
        seat = [back("seat1", dx) for dx in (-100, 0, 100)]
        _, t = feed(tracker, [seat] * 3)
        turned = [face("seat1", "2c", -100), back("seat1", 0), face("seat1", "Kh", 100)]
        events, _ = feed(tracker, [turned] * 3, t, glare)
        return events

    assert reveal(glare_at(*centre("seat1"))) == [CardsRevealed(t=0.3, source="camera", zone="seat1",
                                                                cards=("2c", "Kh"))]
    assert reveal(None) == []


def test_a_die_counts_once_still_and_a_flickering_one_is_unreadable():
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.3, moves=Moves())
    events, t = feed(tracker, [die(4)] * 5)
    assert events == []  # the die as found is not a pop
    tumble = [die(1, 20), die(6, -15, 10), die(2, 5, 25)]
    events, t = feed(tracker, tumble + [die(5, 10, -10)] * 5, t)
    assert events == [DieSettled(t=0.8, source="camera", value=5, zone="dome")]
    events, t = feed(tracker, tumble + [die(v, -20, 0) for v in (3, 2, 3, 2, 3)], t)
    assert events == [DieSettled(t=1.6, source="camera", value=None, zone="dome")]


def test_a_die_popped_to_the_same_spot_and_value_is_still_a_pop():
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves())
    _, t = feed(tracker, [die(6)] * 4)
    events, t = feed(tracker, [[], [], die(6), die(6), die(6), die(6)], t)
    assert events == [DieSettled(t=0.6, source="camera", value=6, zone="dome")]


def test_a_wrong_slap_goes_back_to_its_seat_and_penalty_cards_come_from_the_stock():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat1 + [back("hand0")]] * 2 + [seat1 + [face("pile", "2s")]] * 2)  # 2s discarded
    events, t = feed(tracker, [seat1[:2] + [face("pile", "2s"), face("pile", "3h", 10)]] * 2, t)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [("3h", "seat1", "pile")]
    # shown, then back to the table face down; the 2s under it shows again
    events, t = feed(tracker, [seat1[:2] + [face("pile", "2s")]] * 2 + [seat1 + [face("pile", "2s")]] * 2, t)
    assert events == [CardMoved(t=0.8, source="camera", card="3h", from_zone="pile", to_zone="seat1",
                                t_uncertainty=DT)]
    events, t = feed(tracker, [seat1 + [back("seat1", 150), face("pile", "2s")]] * 2, t)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [(None, "stock", "seat1")]
    assert tracker.on_pile == ["2s"] and tracker.unexplained == []


def test_a_card_glimpsed_faintly_under_the_pile_neither_lands_nor_hides_the_top_being_taken_back():
    """The Kiketti sample with step 16's detector: as the wrongly slapped 3h is taken back, a card
    beneath the 2s shows at the edge of the pile, boxed at confidence 0.33-0.44 and misread as As."""
    def run(ghost_confidence, ghost_card="As"):
        tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
        seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
        _, t = feed(tracker, [seat1 + [back("hand0")]] * 2 + [seat1 + [face("pile", "2s")]] * 2)
        _, t = feed(tracker, [seat1[:2] + [face("pile", "2s"), face("pile", "3h", 10)]] * 2, t)
        ghost = Seen("card", *centre("pile", 30), card=ghost_card, confidence=ghost_confidence)
        events, t = feed(tracker, [seat1[:2] + [face("pile", "2s"), ghost]] * 2 + [seat1 + [face("pile", "2s"), ghost]] * 2, t)
        return events, tracker, t

    for ghost_card in ("As", None):  # misread, or left unread
        events, tracker, _ = run(0.4, ghost_card)
        assert events == [CardMoved(t=0.8, source="camera", card="3h", from_zone="pile", to_zone="seat1",
                                    t_uncertainty=DT)]
        assert tracker.on_pile == ["2s"] and tracker.unexplained == []
    events, tracker, t = run(0.9)  # seen plainly, it landed on the top: the 3h is covered, not taken
    assert events == [] and tracker.on_pile == ["2s", "3h", "As"]
    # no zone lost the As, and no hand held a card uncounted: after match_window_s it is noted, not booked
    # (a misread, as here, is no discard), and seat1's gain, seen after it, is told
    seen = [[back("seat1", dx) for dx in (-100, 0, 100)] + [face("pile", "2s"), face("pile", "As", 30)]]
    events, _ = feed(tracker, seen * 15, t)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [(None, "stock", "seat1")]
    assert [str(note) for note in tracker.unexplained] == ["t=0.60s: As appeared on the pile from no zone"]


def test_an_unread_card_fainter_than_the_one_read_under_the_top_lies_beneath_it():
    """The Kiketti sample with step 26's live detector: as the wrongly slapped 3h is taken back, the
    card beneath the 2s is boxed at 0.43-0.56 (over landing_conf from its third frame) but left unread, beside the 2s read
    at 0.93. Fainter than the 2s, it lies under it, so the 3h still counts as taken back; an unread
    card surer than the 2s may have landed over the top, and then the top is only covered."""
    def run(unread_confidence):
        tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
        seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
        two = Seen("card", *centre("pile"), card="2s", confidence=0.93)
        _, t = feed(tracker, [seat1 + [back("hand0")]] * 2 + [seat1 + [two]] * 2)
        _, t = feed(tracker, [seat1[:2] + [two, face("pile", "3h", 10)]] * 2, t)
        beneath = Seen("card", *centre("pile", 30), confidence=unread_confidence)
        events, t = feed(tracker, [seat1[:2] + [two, beneath]] * 2 + [seat1 + [two, beneath]] * 2, t)
        return events, tracker

    events, tracker = run(0.55)
    assert events == [CardMoved(t=0.8, source="camera", card="3h", from_zone="pile", to_zone="seat1",
                                t_uncertainty=DT)]
    assert tracker.on_pile == ["2s"] and tracker.unexplained == []
    events, tracker = run(0.97)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [(None, "stock", "seat1")]
    assert tracker.on_pile == ["2s", "3h"]


def test_a_card_landing_on_the_pile_covers_the_top_without_taking_it_away():
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand0")]] * 3 + [[face("pile", "7h")]] * 3)
    events, t = feed(tracker, [[face("pile", "7c")]] * 4, t)  # 7c lies right over 7h
    assert tracker.on_pile == ["7h", "7c"]
    assert tracker.unexplained == []


def test_a_top_card_hidden_for_a_moment_never_left():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand0")]] * 2 + [[face("pile", "7h")]] * 2)
    events, t = feed(tracker, [[]] * 3 + [[face("pile", "7h")]] * 3, t)
    assert events == [] and tracker.on_pile == ["7h"]


def test_a_weaker_die_sighting_beside_the_die_is_a_reflection():
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves())
    cx, cy = kimble_layout(TABLE)["dome"].centre
    glint = [Seen("die", cx + dx, cy - 30, die=1, confidence=0.3) for dx in (-20, 5, 20, -10, 15, 0, 25, -5)]
    frames = [die(2)] * 3 + [die(5, 20, 10)] + [die(3, 10, 10)] * 4
    frames = [seen + [g] for seen, g in zip(frames, glint)]
    events, _ = feed(tracker, frames)
    assert events == [DieSettled(t=0.4, source="camera", value=3, zone="dome")]


def test_a_reveal_waits_for_every_card_of_the_seat_and_comes_once_a_round():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat] * 2)
    # one card is not seen at all for a while: the two seen face up are not the whole seat
    events, t = feed(tracker, [[face("seat1", "2c", -100), face("seat1", "Kh", 100)]] * 3, t)
    assert events == []
    shown = [face("seat1", "2c", -100), face("seat1", "Jd", 0), face("seat1", "Kh", 100)]
    events, t = feed(tracker, [shown] * 3 + [shown[:2]] * 3 + [shown] * 3, t)
    assert [e.cards for e in events] == [("2c", "Jd", "Kh")]
    _, t = feed(tracker, [[]] * 20, t)  # gathered; a new round dealt two seconds later
    events, t = feed(tracker, [[back("seat1")]] * 2 + [[face("seat1", "5s")]] * 2, t)
    assert [e.cards for e in events if isinstance(e, CardsRevealed)] == [("5s",)]


def test_a_pile_card_unseen_for_long_is_not_new_when_it_shows_again():
    tracker = Tracker(ZONES, confirm_frames=2, match_window_s=0.5, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand0"), back("seat0")]] * 2 + [[face("pile", "7h"), back("seat0")]] * 2)
    events, t = feed(tracker, [[back("seat0")]] * 8 + [[back("seat0"), face("pile", "7h")]] * 3, t)
    assert events == [] and tracker.on_pile == ["7h"]
    assert [str(note) for note in tracker.unexplained] == ["t=0.40s: 7h left pile and did not reappear"]


def test_an_unread_top_card_over_a_covered_one_is_not_taken_away():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    hands = [back("hand0"), back("hand1")]
    _, t = feed(tracker, [hands] * 2 + [[hands[1], face("pile", "7h")]] * 2 + [[face("pile", "7h", 8)]] * 2)
    assert tracker.on_pile == ["7h"]
    _, t = feed(tracker, [[face("pile", "7h", 8), back("seat0")]] * 2, t)
    # a card lands on 7h but cannot be read; 7h is covered: neither is gone
    events, t = feed(tracker, [[Seen("card", *centre("pile"))]] * 6, t)
    assert events == [] and tracker.on_pile == ["7h"]


def test_a_table_taken_as_it_stands_gives_events_only_for_what_changes_after():
    """A game carried on after a restart: the cards already dealt and on the pile are no news."""
    tracker = Tracker(ZONES, confirm_frames=3, baseline_frames=3, moves=KIKETTI)
    table = [back("seat0", dx) for dx in (-60, 0, 60)] + [back("seat1", dx) for dx in (-30, 30)] + [face("pile", "4d")]
    events, t = feed(tracker, [table] * 5)
    assert events == []
    slap = [back("seat0", dx) for dx in (-60, 0)] + table[3:] + [face("pile", "4c", dx=5)]
    events, t = feed(tracker, [slap] * 3, t)
    assert events == [CardMoved(t=0.5, source="camera", card="4c", from_zone="seat0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]


def _slap_under_glare(mind: bool) -> list:
    """Two backs in seat0 and one in hand0; glare then hides seat0's middle card while the hand's card is
    discarded face up (7h), and moves off. The events after the deal."""
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat + [back("hand0")]] * 3)
    glare = glare_at(*centre("seat0")) if mind else None
    frames = [[seat[0], back("hand0")]] * 2 + [[seat[0]]] + [[seat[0], face("pile", "7h")]] * 2
    events, t = feed(tracker, frames, t, glare)
    after, _ = feed(tracker, [seat + [face("pile", "7h")]] * 2, t)   # the glare gone: the card is still there
    return events + after


def test_a_card_glare_hides_is_still_there_and_the_discard_came_from_the_hand():
    assert _slap_under_glare(mind=True) == [CardMoved(t=0.6, source="camera", card="7h", from_zone="hand0",
                                                     to_zone="pile", face_up=True, by=0, t_uncertainty=DT)]
    # not minded, the hidden card was taken for gone: the 7h from seat0, then the seat's card from the hand
    assert [(e.card, e.from_zone, e.to_zone) for e in _slap_under_glare(mind=False)] == [
        ("7h", "seat0", "pile"), (None, "hand0", "seat0")]


def test_a_card_that_left_under_glare_is_booked_once_the_glare_moves_off():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    glare = glare_at(*centre("seat0"))
    events, t = feed(tracker, [[seat[0], face("pile", "5c")]] * 3, t, glare)   # slapped while glare hides its place
    assert events == []   # where it came from is not known yet
    events, t = feed(tracker, [[seat[0], face("pile", "5c")]] * 2, t)
    assert events == [CardMoved(t=0.3, source="camera", card="5c", from_zone="seat0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]



def test_a_card_slapped_from_a_seat_glare_hides_for_long_waits_for_the_glare_not_the_stock():
    """Glare hides seat0 for 2 s after its card is slapped (longer than match_window_s): the 5c is not booked
    from the stock while a card glare keeps there may be it; the glare lifts and seat0 is found a card short."""
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    events, t = feed(tracker, [[seat[0], face("pile", "5c")]] * 20, t, glare_at(*centre("seat0")))
    assert events == []
    events, t = feed(tracker, [[seat[0], face("pile", "5c")]] * 2, t)
    assert events == [CardMoved(t=0.3, source="camera", card="5c", from_zone="seat0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]


def test_a_card_on_the_pile_waits_for_glare_at_most_glare_wait_s_then_came_from_the_card_glare_kept():
    """Glare stays on seat0's second card (a lamp's reflection that does not move): the 5c waits glare_wait_s
    for it to lift, then came from seat0, and that card is let go, so the glare lifting on one card there
    books nothing more. Glare over hand0 too changes nothing: seat0's hidden card is what the camera knows
    of. With glare on a card of each seat, which one left is not known: the 5c is noted as unexplained."""
    cases = ((("seat0",), [("5c", "seat0")], 0), (("seat0", "hand0"), [("5c", "seat0")], 0),
             (("seat0", "seat1"), [], 1))
    for zones, booked, unexplained in cases:
        tracker = Tracker(ZONES, confirm_frames=2, glare_wait_s=2.0, moves=KIKETTI)
        seat0, seat1 = [back("seat0", -100), back("seat0")], [back("seat1")]
        _, t = feed(tracker, [seat0 + seat1] * 3)
        glare = GlareAt(*(centre(zone) for zone in zones))
        in_sight = [seat0[0], face("pile", "5c")] + ([] if "seat1" in zones else seat1)
        events, t = feed(tracker, [in_sight] * 21, t, glare)
        assert events == [] and tracker.unexplained == []  # up to 2.3 s: 2 s after the 5c was first seen
        events, t = feed(tracker, [in_sight], t, glare)
        assert [(e.card, e.from_zone) for e in events] == booked
        assert len(tracker.unexplained) == unexplained
        if booked:
            events, t = feed(tracker, [in_sight] * 20, t)   # the glare gone: seat0 shows the card it has left
            assert events == [] and len(tracker.unexplained) == unexplained


def test_a_card_on_the_pile_no_zone_lost_came_from_the_one_seat_whose_place_glare_has_hidden_all_along():
    """Glare lies on a place in seat0 where no card was ever seen (a card dealt there unseen): the 5c, come
    onto the pile from no zone seen losing it, came from there once match_window_s has passed. With glare
    on a place in each seat it is not known which; with glare over hand0 too, a hand may have held it, and
    it came from the stock, as before."""
    cases = ((("seat0",), [("5c", "seat0")], 0), (("seat0", "seat1"), [], 1),
             (("seat0", "hand0"), [("5c", "stock")], 0))
    for zones, booked, unexplained in cases:
        tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
        table = [back("seat0", -100), back("seat1")]
        # a seat's right-hand place, or a hand's middle
        glare = GlareAt(*(centre(zone, 60 if zone.startswith("seat") else 0) for zone in zones))
        _, t = feed(tracker, [table] * 3, 0.0, glare)
        events, t = feed(tracker, [table + [face("pile", "5c")]] * 15, t, glare)
        assert events == [] and tracker.unexplained == []   # up to 1.4 s after the 5c was first seen
        events, t = feed(tracker, [table + [face("pile", "5c")]] * 2, t, glare)
        assert [(e.card, e.from_zone) for e in events] == booked
        assert len(tracker.unexplained) == unexplained


def test_a_card_a_third_under_glare_is_still_there_though_its_middle_is_clear():
    """A detector loses a card partly white; glare over a third of the square a card's width across around
    its centre keeps it, though the 40 mm around its centre are four fifths clear."""
    x, y = centre("seat0")
    image = np.full((100, 80, 3), 120, np.uint8)   # a region 80 x 100 mm at 1 px a mm around the card
    image[:, 52:] = 255                            # clipped from 12 mm right of the card's centre on
    glare = Glare([((x - 40, y - 50, x + 40, y + 50), 1.0, clipped_mask(image))])
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat + [back("hand0")]] * 3)
    frames = [[seat[0], back("hand0")]] * 2 + [[seat[0]]] + [[seat[0], face("pile", "7h")]] * 2
    events, _ = feed(tracker, frames, t, glare)
    assert events == [CardMoved(t=0.6, source="camera", card="7h", from_zone="hand0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]


def test_a_card_on_the_pile_before_a_seat_lost_one_came_from_the_seat_glare_hid():
    """Glare hides seat1's middle card, which is slapped (Kh lands); then seat0's is (Kc), and the glare
    lifts to show seat1's card gone. The Kh landed before seat0 lost its card, so it is seat1's."""
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat0, seat1 = [back("seat0", -100), back("seat0")], [back("seat1", -100), back("seat1")]
    _, t = feed(tracker, [seat0 + seat1] * 3)
    under_glare = [seat0 + [seat1[0], face("pile", "Kh")]] * 2 + [[seat0[0], seat1[0], face("pile", "Kh")]] * 2
    events, t = feed(tracker, under_glare, t, glare_at(*centre("seat1")))
    assert events == []   # the Kh waits: the seat that lost a card did so after it landed
    events, t = feed(tracker, [[seat0[0], seat1[0], face("pile", "Kc")]] * 2, t)
    assert [(e.card, e.from_zone, e.t, e.by) for e in events] == [("Kh", "seat1", 0.3, 1), ("Kc", "seat0", 0.7, 0)]


def test_a_card_seen_leaving_goes_before_one_glare_hid_when_both_are_found_gone_at_once():
    """Glare hides seat0's middle card; as it lifts, seat1's middle card is seen gone in the same frame.
    The Kc then lands: seat1's card left just then, seat0's at any time under the glare, so the Kc is
    seat1's and the Ks after it seat0's."""
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat0, seat1 = [back("seat0", -100), back("seat0")], [back("seat1", -100), back("seat1")]
    _, t = feed(tracker, [seat0 + seat1] * 3)
    _, t = feed(tracker, [[seat0[0]] + seat1] * 2, t, glare_at(*centre("seat0")))
    frames = [[seat0[0], seat1[0]]] * 2 + [[seat0[0], seat1[0], face("pile", "Kc")]] * 2
    frames += [[seat0[0], seat1[0], face("pile", "Ks")]] * 2
    events, t = feed(tracker, frames, t)
    assert [(e.card, e.from_zone, e.t) for e in events] == [("Kc", "seat1", 0.7), ("Ks", "seat0", 0.9)]


def _discard_seen_after_glare(glare_over: str, clipped=(1.0, 1.0, 1.0, 1.0)) -> list:
    """The hand's card goes; for 0.4 s glare clips the given share of the square around glare_over's centre
    (one a frame); then the 7h is seen on the pile."""
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand0")]] * 3)
    x0, y0 = centre(glare_over)
    for most in clipped:
        _, t = feed(tracker, [[]], t, GlareAt((x0, y0), clipped=most))
    events, _ = feed(tracker, [[face("pile", "7h")]] * 2, t)
    return events


def test_a_card_first_seen_on_the_pile_as_glare_lifts_came_at_some_time_under_it():
    """Glare blinded the pile from 0.3 to 0.6 s; the 7h first seen there at 0.7 s landed at some time since
    0.2 s, the last frame its place was clear, as it did where the glare was lifting off in the frame before.
    Glare over a third of its place all along (a card there would have been seen), or elsewhere, leaves it
    the frame interval."""
    assert _discard_seen_after_glare("pile") == [CardMoved(t=0.7, source="camera", card="7h", from_zone="hand0",
                                                           to_zone="pile", face_up=True, by=0, t_uncertainty=0.5)]
    assert [e.t_uncertainty for e in _discard_seen_after_glare("pile", (1.0, 1.0, 0.6, 0.3))] == [0.5]
    assert [e.t_uncertainty for e in _discard_seen_after_glare("pile", (1 / 3,) * 4)] == [DT]
    assert [e.t_uncertainty for e in _discard_seen_after_glare("seat1")] == [DT]


def _pile_under_glare() -> tuple[Tracker, float]:
    """Two backs in each seat and the 9s on the pile, taken as they stand and seen for confirm_frames frames."""
    tracker = Tracker(ZONES, confirm_frames=3, baseline_frames=1, moves=KIKETTI)
    _, t = feed(tracker, [[back("seat0", -50), back("seat0", 50), back("seat1", -50), back("seat1", 50),
                          face("pile", "9s")]] * 4)
    return tracker, t


def test_a_table_taken_as_it_stands_knows_where_its_pile_cards_lie_under_glare():
    """A game carried on after a restart, glare over the pile from the first frame after: the 9s it showed
    lies hidden there, not taken back, so the card seat0 then gains came from the stock."""
    tracker = Tracker(ZONES, confirm_frames=2, baseline_frames=1, moves=KIKETTI)
    seat0 = [back("seat0", -50)]
    _, t = feed(tracker, [seat0 + [face("pile", "9s")]])
    events, _ = feed(tracker, [seat0] * 3 + [seat0 + [back("seat0", 50)]] * 2, t, glare_at(*centre("pile")))
    assert events == [CardMoved(t=0.4, source="camera", from_zone="stock", to_zone="seat0", t_uncertainty=DT)]


def test_a_card_read_clear_of_glare_is_followed_into_it_however_glare_reads_it_there():
    """The Kh is read once as it comes, clear of the glare, then glimpsed faintly over the 9s, then only as an
    unread box or misread where it lies (as Kc); the Kc slapped onto it is read in the glare, further on than
    a card's reach from where it was read clear, then as the Kh beneath. Each is the card read clear, dated by
    that reading, and what glare goes on reading on the pile is no new card."""
    tracker, t = _pile_under_glare()
    glare = glare_at(*centre("pile"))
    seat0, seat1 = [back("seat0", -50), back("seat0", 50)], [back("seat1", -50)]
    faint = Seen("card", *centre("pile", -20), card="Kh", confidence=0.4)  # glimpsed as it slides on
    frames = ([seat0 + seat1 + [face("pile", "Kh", -35), face("pile", "9s")]]
              + [seat0 + seat1 + [faint, face("pile", "9s")]]
              + [seat0 + seat1 + [face("pile", None)]] + [seat0 + seat1 + [face("pile", "Kc")]] * 2
              + [seat0[:1] + seat1 + [face("pile", "Kc", 35), face("pile", None)]]
              + [seat0[:1] + seat1 + [face("pile", "Kc", -5)]] + [seat0[:1] + seat1 + [face("pile", "Kh")]]
              + [seat0[:1] + seat1 + [face("pile", "Kh")]] * 4)
    events, _ = feed(tracker, frames, t, glare)
    assert events == [CardMoved(t=0.4, source="camera", card="Kh", from_zone="seat1", to_zone="pile", face_up=True,
                                by=1, t_uncertainty=DT),
                      CardMoved(t=0.9, source="camera", card="Kc", from_zone="seat0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT)]
    assert tracker.on_pile == ["9s", "Kh", "Kc"] and tracker.unexplained == []


def test_a_card_landing_read_clear_of_glare_lies_over_the_top_card_glare_reads_in_its_place():
    """The Kh, drawn and discarded in one move (hand0 glimpsed it for a frame), is read clear of the glare as
    it comes; where it lies, glare reads the 9s beneath. It is the Kh that lies there, not the 9s."""
    tracker, t = _pile_under_glare()
    table = [back("seat0", -50), back("seat0", 50), back("seat1", -50), back("seat1", 50)]
    frames = ([table + [back("hand0"), face("pile", "9s")]] + [table + [face("pile", "Kh", -35), face("pile", "9s")]]
              + [table + [face("pile", "9s")]] * 20)
    events, _ = feed(tracker, frames, t, glare_at(*centre("pile")))
    assert events == [CardMoved(t=0.5, source="camera", card="Kh", from_zone="stock", to_zone="pile", face_up=True,
                                t_uncertainty=DT)]
    assert tracker.on_pile == ["9s", "Kh"]


def test_a_card_read_only_in_glare_while_a_seat_has_lost_one_is_that_card_not_the_top_misread():
    """seat0 is seen losing a card; the pile box under glare then reads 5c, never read clear of it. With a lost
    card still to be found it is taken as read: the 5c slapped from seat0, not the 9s beneath misread."""
    tracker, t = _pile_under_glare()
    seat1 = [back("seat1", -50), back("seat1", 50)]
    frames = ([seat1 + [back("seat0", -50), face("pile", "9s")]] * 3
              + [seat1 + [back("seat0", -50), face("pile", "5c")]] * 3)
    events, _ = feed(tracker, frames, t, glare_at(*centre("pile")))
    assert events == [CardMoved(t=0.7, source="camera", card="5c", from_zone="seat0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=0.4)]


def test_a_card_glare_has_misread_a_pile_card_as_is_that_card_when_a_seat_has_lost_one():
    """Glare reads the Kh as Kc as it lands; then seat0 is seen losing a card, and the box reads Kc again,
    never read clear: with a lost card still to be found it is the Kc slapped from seat0, not the Kh misread."""
    tracker, t = _pile_under_glare()
    seat1 = [back("seat1", -50)]
    frames = ([[back("seat0", -50), back("seat0", 50)] + seat1 + [face("pile", "Kh", -35)]]
              + [[back("seat0", -50), back("seat0", 50)] + seat1 + [face("pile", "Kc")]] * 2
              + [[back("seat0", -50)] + seat1 + [face("pile", None)]] * 3
              + [[back("seat0", -50)] + seat1 + [face("pile", "Kc")]] * 3)
    events, _ = feed(tracker, frames, t, glare_at(*centre("pile")))
    assert [(e.card, e.from_zone) for e in events] == [("Kh", "seat1"), ("Kc", "seat0")]


def test_the_top_card_seen_lifted_off_under_glare_uncovers_the_card_beneath_however_glare_reads_it():
    """The 2s, discarded under glare, reads there as 2c; the 3h slapped onto it is taken back to its seat,
    seen clear as it is lifted, while the box left in the glare reads 2c again, which is the 2s beneath."""
    tracker = Tracker(ZONES, confirm_frames=3, moves=KIKETTI)
    seat1 = [back("seat1", -50), back("seat1", 50)]
    _, t = feed(tracker, [seat1 + [back("hand0")]] * 3)
    glare = glare_at(*centre("pile"))
    frames = ([seat1 + [face("pile", "2s", -35)]] + [seat1 + [face("pile", "2c")]] * 2
              + [seat1[:1] + [face("pile", "3h", -35), face("pile", "2c")]] + [seat1[:1] + [face("pile", None)]] * 2
              + [seat1[:1] + [face("pile", "2c")]] * 2 + [seat1[:1] + [face("pile", "3h", -60), face("pile", "2c")]]
              + [seat1[:1] + [face("pile", "2c")]] * 2 + [seat1 + [face("pile", "2c")]] * 3)
    events, _ = feed(tracker, frames, t, glare)
    assert events == [CardMoved(t=0.3, source="camera", card="2s", from_zone="hand0", to_zone="pile", face_up=True,
                                by=0, t_uncertainty=DT),
                      CardMoved(t=0.6, source="camera", card="3h", from_zone="seat1", to_zone="pile", face_up=True,
                                by=1, t_uncertainty=DT),
                      CardMoved(t=1.4, source="camera", card="3h", from_zone="pile", to_zone="seat1",
                                t_uncertainty=DT)]
    assert tracker.on_pile == ["2s"] and tracker.unexplained == []


def test_a_card_read_in_glare_as_nothing_glare_has_read_a_pile_card_as_is_read_as_it_is():
    """Glare over the pile and over seat1's card: the Kh is read in the glare, where the 9s was seen the frame
    before. Glare has never read a pile card as Kh, so it is no misread of the 9s: it came from the card glare
    kept in seat1 (a card come unseen), at some time since the pile was last clear."""
    seat0 = [back("seat0", -50), back("seat0", 50)]
    tracker, t = _pile_under_glare()
    glare = GlareAt(centre("pile"), centre("seat1", 50))
    frames = ([seat0 + [back("seat1", -50), face("pile", "9s")]] * 3
              + [seat0 + [back("seat1", -50), face("pile", "Kh")]] * 35)
    events, _ = feed(tracker, frames, t, glare)
    assert events == [CardMoved(t=0.7, source="camera", card="Kh", from_zone="seat1", to_zone="pile", face_up=True,
                                by=1, t_uncertainty=0.4)]


def test_a_card_first_read_inside_glare_is_not_followed():
    """The Qh is read once where glare lies over the 9s, then the box there is unread: a reading in glare may be
    a misread, so unread boxes are not taken for it and it does not count as seen three times."""
    tracker, t = _pile_under_glare()
    table = [back("seat0", -50), back("seat0", 50), back("seat1", -50), back("seat1", 50)]
    frames = [table + [face("pile", "Qh", -20)]] + [table + [face("pile", None)]] * 3
    events, _ = feed(tracker, frames, t, glare_at(*centre("pile")))
    assert events == [] and tracker.on_pile == ["9s"]


def test_a_box_seen_in_one_frame_is_not_kept_as_a_card_where_glare_then_lies():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    glare = glare_at(*centre("seat0", 100))
    # a faint box for one frame where the glare lies (a reflection), then the glare hides that spot
    events, t = feed(tracker, [seat + [back("seat0", 100)]] + [seat] * 4, t, glare)
    assert events == []
    # a card seen there for confirm_frames frames is a card: glare hiding it does not take it away (it came
    # at some time since its place was last clear, 0.2 s)
    events, t = feed(tracker, [seat + [back("seat0", 100)]] * 2 + [seat] * 4, t, glare)
    assert events == [CardMoved(t=0.8, source="camera", from_zone="stock", to_zone="seat0", t_uncertainty=0.6)]


def test_a_card_boxed_askew_by_glare_is_the_card_kept_there_not_a_second_one():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    _, t = feed(tracker, [[back("hand0")]] * 3)
    glare = glare_at(*centre("hand0"), reach=20.0)
    # glare over the card throws its box 28 mm, clear of the glare, and back
    events, t = feed(tracker, [[back("hand0", 28)]] * 3 + [[back("hand0")]] * 2, t, glare)
    assert events == []
    # a card put down beside it, clear of the glare, is a second card
    events, t = feed(tracker, [[back("hand0", 50)]] * 3, t, glare)
    assert events == [CardMoved(t=0.8, source="camera", from_zone="stock", to_zone="hand0", by=0, t_uncertainty=DT)]


def test_a_box_beside_a_card_is_not_that_card_kept_under_glare():
    tracker = Tracker(ZONES, confirm_frames=2, moves=KIKETTI)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    glare = glare_at(*centre("seat0"), reach=40.0)
    # a faint box 30 mm from the middle card for one frame, then glare hides both places
    events, t = feed(tracker, [seat + [back("seat0", 30)]] + [[seat[0]]] * 4, t, glare)
    assert events == []


def test_glare_over_the_die_is_neither_a_pop_nor_a_face():
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves())
    _, t = feed(tracker, [die(6)] * 4)
    glare = glare_at(*kimble_layout(TABLE)["dome"].centre)
    events, t = feed(tracker, [[], die(6, 4, 0), []], t, glare)  # gone, then boxed off its place: the glare's doing
    events += feed(tracker, [die(6)] * 4, t)[0]
    assert events == []   # a hand over it would have been a pop (test_a_die_popped_to_the_same_spot_...)


def _die_settled_under_glare(*clipped: float):
    """A die popped, then landing where glare clips the given share of its square in each frame (boxed all
    the same): the events, and whether glare hid it in the last frame."""
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves())
    _, t = feed(tracker, [die(6)] * 4)
    _, t = feed(tracker, [[], []], t)                    # popped: a hand over the dome (the old place is clear)
    x0, y0 = kimble_layout(TABLE)["dome"].centre
    events = []
    for most in clipped:
        new, t = feed(tracker, [die(2, 40, 20)], t, GlareAt((x0, y0), reach=60.0, clipped=most))
        events += new
    return events, tracker.die_hidden


def test_a_die_that_settles_where_glare_lies_on_a_third_of_it_is_read_and_on_half_of_it_is_not():
    """Under a still reflection over half of the die the Kimble sample's 6 read as 4 (and, through the int8
    models, as 1 in the one frame it lay there less clipped): a face read there counts as unread, and the
    roll is booked unreadable rather than wrong."""
    read = [DieSettled(t=0.6, source="camera", value=2, zone="dome")]
    unread = [DieSettled(t=0.6, source="camera", value=None, zone="dome")]
    assert _die_settled_under_glare(*[1 / 3] * 4) == (read, False)
    assert _die_settled_under_glare(*[0.5] * 4) == (unread, True)
    assert _die_settled_under_glare(1 / 3, 0.5, 0.5, 0.5) == (unread, True)


def test_a_die_glimpsed_through_glare_is_not_taken_for_still_until_it_is_seen_still():
    """Over-exposed, the die is boxed every other frame: never still long enough to count. Seen still once
    the glare goes, the roll is dated from when it came there."""
    tracker = Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves())
    _, t = feed(tracker, [die(6)] * 4 + [[], []])       # as found, then popped under a hand
    glare = glare_at(*kimble_layout(TABLE)["dome"].centre, reach=60.0)
    events, t = feed(tracker, [die(3, 40, 0), []] * 6, t, glare)
    assert events == []
    events, t = feed(tracker, [die(3, 40, 0)] * 4, t)
    assert events == [DieSettled(t=0.6, source="camera", value=3, zone="dome")]

