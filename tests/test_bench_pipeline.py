"""benchmarks/bench_pipeline.py's own parts: events matched to the ground truth."""

from benchmarks.bench_pipeline import matches
from referee.events import CardMoved, DieSettled


def test_each_truth_event_is_matched_once_to_the_same_event_seen_within_0_3_s():
    """Two deals look alike: each emitted deal answers one truth deal; one seen 0.5 s late answers none."""
    deal = lambda t: CardMoved(t=t, card=None, from_zone="stock", to_zone="seat0")  # noqa: E731
    truth = [deal(1.0), deal(1.2), DieSettled(t=3.0, value=5), DieSettled(t=5.0, value=2)]
    emitted = [deal(1.1), DieSettled(t=3.1, value=4), deal(1.25), DieSettled(t=5.5, value=2), DieSettled(t=3.2, value=5)]
    assert matches(emitted, truth) == [0, 2, 4, None]
