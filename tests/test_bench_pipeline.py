"""benchmarks/bench_pipeline.py's own parts: events matched to the ground truth, a video under a lamp."""

import numpy as np

from benchmarks.bench_detect import CONDITIONS
from benchmarks.bench_pipeline import LitSource, matches
from referee.events import CardMoved, DieSettled
from vision.capture import Frame, FrameSource


def test_each_truth_event_is_matched_once_to_the_same_event_seen_within_0_3_s():
    """Two deals look alike: each emitted deal answers one truth deal; one seen 0.5 s late answers none."""
    deal = lambda t: CardMoved(t=t, card=None, from_zone="stock", to_zone="seat0")  # noqa: E731
    truth = [deal(1.0), deal(1.2), DieSettled(t=3.0, value=5), DieSettled(t=5.0, value=2)]
    emitted = [deal(1.1), DieSettled(t=3.1, value=4), deal(1.25), DieSettled(t=5.5, value=2), DieSettled(t=3.2, value=5)]
    assert matches(emitted, truth) == [0, 2, 4, None]


class OneFrame(FrameSource):
    name = "one frame"

    def __init__(self, image):
        self.frames = [Frame(image, 0.5, 7)]

    def read(self):
        return self.frames.pop() if self.frames else None


def test_a_lit_source_scales_each_channel_as_the_lamp_does_and_keeps_the_frame_s_time():
    white = np.full((2, 3, 3), 245, np.uint8)
    with LitSource(OneFrame(white), CONDITIONS["tungsten"][1]) as source:
        frame = source.read()
        assert (frame.t, frame.index) == (0.5, 7)
        assert tuple(frame.image[0, 0]) == (110, 183, 245)
        assert source.read() is None
