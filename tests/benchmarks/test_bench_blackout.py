"""benchmarks/bench_blackout.py: a blackout cut into a video, and a run counted against its truth."""

import json

import numpy as np
import pytest

from benchmarks import bench_blackout
from vision.capture import Frame, FrameSource


class Grey(FrameSource):
    name, fps, size = "grey", 10.0, (4, 2)

    def __init__(self, frames):
        self.n, self.frames = 0, frames

    def read(self):
        if self.n == self.frames:
            return None
        self.n += 1
        return Frame(np.full((2, 4, 3), 150, np.uint8), (self.n - 1) / 10, self.n - 1)


def test_the_blackout_is_near_black_then_the_light_comes_back_in_two_steps():
    dark = bench_blackout.Blackout(Grey(8), start_s=0.2, seconds=0.3)
    levels = [int(f.image.max()) for f in iter(dark.read, None)]
    assert levels[:2] == [150, 150] and levels[5:] == [50, 100, 150]
    assert all(level <= 8 for level in levels[2:5])   # near black: the sensor's noise alone


@pytest.mark.slow
def test_a_short_blackout_in_the_kimble_sample_rules_nothing_false(tmp_path):
    out = tmp_path / "blackout.json"
    assert bench_blackout.main(["--games", "kimble", "--seconds", "1", "--starts", "0.5", "--out", str(out)]) == 0
    result = json.loads(out.read_text())
    (run,) = result["games"]["kimble"]
    assert (run["seconds"], run["truth_events"], run["false"], result["false"]) == (1.0, 5, 0, 0)
    assert "Blind" in run["notices"] and run["unseen"] == 1


@pytest.mark.slow
def test_a_swap_in_made_in_a_kiketti_blackout_rules_no_slap_on_its_swap(tmp_path):
    """Dark from 16.2 s for 1 s, while Ville puts his drawn card among his table cards: the Kh he then puts
    out of them is his swap, and the round goes on as seen, with what the camera could not see said."""
    out = tmp_path / "blackout.json"
    assert bench_blackout.main(["--games", "kiketti", "--seconds", "1", "--starts", "0.5", "--out", str(out)]) == 0
    (run,) = json.loads(out.read_text())["games"]["kiketti"]
    assert (run["start_s"], run["truth_events"], run["false"], run["missed"], run["unseen"]) == (16.2, 27, 0, 0, 1)
