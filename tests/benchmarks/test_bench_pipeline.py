"""benchmarks/bench_pipeline.py's own parts: events matched to the ground truth."""

from benchmarks.bench_pipeline import matches
from referee.events import CardMoved, DieSettled


def test_each_truth_event_is_matched_once_to_the_same_event_seen_within_0_3_s():
    """Two deals look alike: each emitted deal answers one truth deal; one seen 0.5 s late answers none."""
    deal = lambda t: CardMoved(t=t, card=None, from_zone="stock", to_zone="seat0")  # noqa: E731
    truth = [deal(1.0), deal(1.2), DieSettled(t=3.0, value=5), DieSettled(t=5.0, value=2)]
    emitted = [deal(1.1), DieSettled(t=3.1, value=4), deal(1.25), DieSettled(t=5.5, value=2), DieSettled(t=3.2, value=5)]
    assert matches(emitted, truth) == [0, 2, 4, None]


def test_a_move_seen_late_matches_where_its_uncertainty_reaches_back_to_the_truth():
    """A card first seen 0.8 s after it landed (glare hid its place) matches when its t_uncertainty says it
    may have landed 0.5 s before it was seen, and not when it says a frame's 0.033 s."""
    truth = [CardMoved(t=2.0, card="Kh", from_zone="seat1", to_zone="pile", face_up=True, by=1)]
    late = lambda tu: CardMoved(t=2.8, card="Kh", from_zone="seat1", to_zone="pile", face_up=True, by=1,  # noqa: E731
                                t_uncertainty=tu)
    assert matches([late(0.5)], truth) == [0]
    assert matches([late(0.033)], truth) == [None]
