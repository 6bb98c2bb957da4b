"""A game's card moves as data (referee.camera.Moves): what the tracker reads of them, and the mistakes refused."""

import pytest

from referee.camera import PILE, STOCK, Moves, Origin
from referee.kiketti.camera import MOVES


def test_zones_are_read_by_kind_and_seat():
    assert [MOVES.kind_of(z) for z in ("seat2", "hand0", "pile", "stock", "dome")] == ["seat", "hand", None, None, None]
    assert [MOVES.seat(z) for z in ("seat2", "hand13", "seat", "seat_far", "pile")] == [2, 13, None, None, None]
    assert MOVES.own_zone("seat1", "hand") == "hand1" and MOVES.own_zone("seat_far", "hand") is None
    assert (MOVES.is_held("hand1"), MOVES.is_held("seat1"), MOVES.is_revealed("seat1"), MOVES.is_revealed("hand1"),
            MOVES.is_discard("hand1"), MOVES.is_discard(PILE)) == (True, False, True, False, True, False)
    assert MOVES.origins("seat3") == (Origin("hand", own=True, by_player=True), Origin(PILE), Origin(STOCK))
    assert MOVES.origins("hand3") == (Origin(STOCK, by_player=True),) and MOVES.origins("dome") == ()


def test_a_game_without_card_moves_counts_nothing():
    none = Moves()
    assert not none.is_counted("seat0") and none.origins("seat0") == () and not none.drawn_and_discarded


@pytest.mark.parametrize("moves, message", [
    (dict(counted=("hand",), held=("seat",)), r"held \['seat'\] are not counted kinds \['hand'\]"),
    (dict(counted=("hand",), revealed=("melds",)), r"revealed \['melds'\] are not counted kinds"),
    (dict(counted=("seat",), discards=("hand",)), r"discards \['hand'\] are not counted kinds"),
    (dict(counted=("hand",), gains={"melds": ()}), r"gains of \['melds'\], which are not counted kinds \['hand'\]"),
    (dict(counted=("hand",), gains={"hand": (Origin("deck"),)}),
     r"a hand gains from 'deck', which is neither counted \['hand'\] nor 'stock' or 'pile'"),
])
def test_moves_naming_a_kind_not_counted_are_refused_naming_it(moves, message):
    with pytest.raises(ValueError, match=message):
        Moves(**moves)
