"""Gin rummy as the camera sees it (referee.gin.camera): held hands it cannot see, so no deal and no stock
draw, moves to and from ``hand`` whose seat the turn says, and each player's cards laid in one meld zone."""

import referee.gin  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import ButtonPressed
from tests.referee.strategies_gin import Table
from tests.referee.test_gin_rules import (AINO, AINO_DEADWOOD, AINO_LAY_OFFS, AINO_MELDS, EERO, EERO_DEADWOOD,
                                          EERO_MELDS, shown_standard, to_the_knock)


def seen(tb: Table, src: str, dst: str, card=None, face_up=True):
    return tb.move(src, dst, card=card, face_up=face_up)


def as_the_camera_sees_the_standard_hand(pass_by_button=False) -> Table:
    """Aino deals unseen and turns the 2c; both pass (unsaid, or Eero's by the button); Eero throws the Kd,
    Aino the Qs; Eero knocks face down and says 6; each lays all their cards in their meld zone, Aino her
    lay-offs beside Eero's melds."""
    tb = Table(settings={"first_dealer": AINO})
    seen(tb, "hand", "pile", "2c")
    if pass_by_button:
        tb._add(ButtonPressed, 2.0, seat=None)
    seen(tb, "hand", "pile", "Kd")
    seen(tb, "hand", "pile", "Qs")
    seen(tb, "hand", "pile", face_up=False)
    tb.say(EERO, "knock", "6")
    tb.reveal("melds1", (*EERO_MELDS, *EERO_DEADWOOD))
    tb.reveal("melds0", (*AINO_MELDS, *AINO_DEADWOOD))
    return tb.reveal("melds1", (*EERO_MELDS, *EERO_DEADWOOD, *AINO_LAY_OFFS))


def scored(tb: Table):
    ref = Referee.replay(tb.events, language="en")
    return [(r.kind, r.seats, r.data) for r in ref.rulings if r.kind not in ("hand_dealt",)], ref


def test_the_hand_the_camera_sees_scores_as_the_hand_written_in_full():
    camera, _ = scored(as_the_camera_sees_the_standard_hand())
    full, _ = scored(shown_standard(to_the_knock(6)))
    assert camera == full
    assert [kind for kind, _, _ in camera] == ["knocked", "knock_shown", "hand_scored"]


def test_whose_hand_the_turn_says():
    _, ref = scored(as_the_camera_sees_the_standard_hand(pass_by_button=True))
    hand = ref.engine.summary()["hands"][0]
    actions = [(step["seat"], step["action"]) for step in hand["actions"]][:10]
    assert actions == [(AINO, "deal_unseen"), (None, "upcard"), (EERO, "pass"), (AINO, "pass"), (EERO, "draw"),
                       (EERO, "discard"), (AINO, "draw"), (AINO, "discard"), (EERO, "draw"), (EERO, "knock_discard")]


def test_the_upcard_taken_goes_to_whom_it_is_offered_then_a_pass_moves_it_on():
    tb = Table(settings={"first_dealer": AINO})
    seen(tb, "hand", "pile", "2c")
    seen(tb, "pile", "hand", "2c")
    ref = Referee.replay(tb.events)
    assert "2c" in ref.engine.hand.holdings[EERO].known
    tb = Table(settings={"first_dealer": AINO})
    seen(tb, "hand", "pile", "2c")
    tb.say(EERO, "pass")
    seen(tb, "pile", "hand", "2c")
    ref = Referee.replay(tb.events)
    assert "2c" in ref.engine.hand.holdings[AINO].known and "2c" not in ref.engine.hand.holdings[EERO].known


def test_a_move_the_camera_cannot_make_is_refused_by_reason():
    tb = Table(settings={"first_dealer": AINO})
    seen(tb, "hand", "stock", "2c")
    (r,) = Referee.replay(tb.events).rulings
    assert (r.kind, r.reason) == ("impossible", "move_not_in_gin")
