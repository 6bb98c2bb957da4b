"""The light benchmark: lamps, a bulb coming on, flashes of glare, and how steady the followed light is."""

import numpy as np
import pytest

from benchmarks import bench_light
from models import make_dataset
from models.synth.scene import GLARE_CENTRES, GLARE_RADII, Scene, SceneObject
from vision.capture import Frame, FrameSource
from vision.detector import Detection, live_detector

TD = Detection("card", (10, 10, 50, 70), 0.9, card="Td")


@pytest.fixture
def grey_scenes(monkeypatch):
    """Each scene a light grey image (180: white enough to judge the light by) holding one Td."""
    def scene(rng, cache, decks, kind, camera):
        card = SceneObject("card", np.float32([[10, 10], [50, 10], [50, 70], [10, 70]]), card="Td")
        return Scene(np.full((100, 100, 3), 180, np.uint8), [card], [])
    monkeypatch.setattr(make_dataset, "make_scene", scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])


class Eye:
    """A detector that finds the Td only where red and blue are within 20 grey levels: not under a bulb."""

    def __init__(self):
        self.seen = []

    def detect(self, image):
        self.seen.append(image.copy())
        b, _, r = image.reshape(-1, 3).mean(axis=0)
        return [TD] if abs(float(r) - float(b)) < 20 else []


def test_part_way_moves_each_gain_its_share_and_keeps_the_old_ones_when_nothing_white_is_seen():
    before, after = np.float32([1.0, 1.0, 1.2]), np.float32([2.0, 1.4, 1.0])
    assert bench_light.part_way(before, after, 0.5).tolist() == pytest.approx([1.5, 1.2, 1.1])
    assert bench_light.part_way(None, after, 0.25).tolist() == pytest.approx([1.25, 1.1, 1.0])
    assert bench_light.part_way(before, None, 0.5) is before
    assert bench_light.part_way(None, None, 1.0) is None


def test_lamps_are_read_evened_out_and_as_seen_and_the_bulb_part_way(grey_scenes):
    detect_even, detect_raw, live = Eye(), Eye(), Eye()
    result = bench_light.scenes_under_lamps(detect_even, detect_raw, live, 2, 0, "runs/cards", ["tungsten", "dim"])
    found = {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0}
    missed = {"cards_found": 0, "cards_read": 0, "dice_found": 0, "dice_read": 0, "false": 0}
    # the detectors given as `detect`'s are shown the lit scene; the live one the scene evened out, and not
    assert result["lamps"]["detect"]["tungsten"] == {"evened_out": missed, "as_seen": missed}
    assert result["lamps"]["live"]["tungsten"] == {"evened_out": found, "as_seen": missed}
    assert result["lamps"]["live"]["dim"] == {"evened_out": found, "as_seen": found}
    # grey 180 evened out is lifted to white 200; under the bulb (0.45, 0.75, 1) blue needs a gain of 2.47
    assert live.seen[2][0, 0].tolist() == [200, 200, 200]  # the bulb-lit scene evened out
    assert detect_even.seen[1][0, 0].tolist() == [81, 135, 180]
    # on the frame the bulb comes on only the light taken at once reads red and blue alike
    assert result["bulb_coming_on"] == {"1.0": found, "0.5": missed, "0.25": missed, "0.125": missed}
    assert len(live.seen) == 2 * (2 * 3 + 4)  # per scene: three lights twice, four shares


class Grey(FrameSource):
    """Three frames of grey 100 (245 for `white`), 1/15 s apart."""
    name = "grey"

    def __init__(self, level=100):
        self.level, self.index = level, 0

    def read(self):
        if self.index == 3:
            return None
        self.index += 1
        return Frame(np.full((2, 2, 3), self.level, np.uint8), self.index / 15, self.index - 1)


def test_flashes_over_expose_only_the_named_frames():
    with bench_light.LampSource(Grey(), None, {1}) as source:
        frames = [source.read() for _ in range(4)]
    assert [f.image[0, 0, 0] for f in frames[:3]] == [100, 170, 100]
    assert [f.index for f in frames[:3]] == [0, 1, 2] and frames[3] is None


def test_a_lamp_scales_each_channel_and_keeps_the_frame_s_time():
    with bench_light.LampSource(Grey(245), "tungsten") as source:
        frame = source.read()
    assert (frame.t, frame.index) == (1 / 15, 0)
    assert tuple(frame.image[0, 0]) == (110, 183, 245)


def test_the_moving_glare_spot_sways_over_the_middle_of_the_frame():
    assert (min(bench_light.SPOTS), max(bench_light.SPOTS)) == GLARE_RADII   # the span training and calibration draw from
    assert bench_light.spot_centre(0.0, 200, 100) == (100.0, 50.0)   # it starts in the middle of the frame
    x, _ = bench_light.spot_centre(9.0 / 4, 200, 100)                 # a quarter of its 9 s sway: furthest right
    _, y = bench_light.spot_centre(5.0 / 4, 200, 100)                 # a quarter of its 5 s bob: furthest down
    assert (round(x, 6), round(y, 6)) == (160.0, 80.0)
    assert (round(x / 200, 6), round(y / 100, 6)) == (GLARE_CENTRES[1], GLARE_CENTRES[1])   # where spots are laid
    # another path: begun a quarter of its 6 s sway on, half of its 3 s bob
    x, y = bench_light.spot_centre(0.0, 200, 100, (1.5, (6.0, 3.0)))
    assert (round(x, 6), round(y, 6)) == (160.0, 50.0)


def test_the_other_spot_paths_play_the_kiketti_sample_minded_on_each_path_and_spot(monkeypatch):
    played = []

    def play(detector, game, lamp, even_light, flashes, frames, spot=0.0, mind_glare=True, still=False, path=None):
        played.append((game, lamp, even_light, flashes, frames, spot, mind_glare, still, path))
        return {"expected": 27, "matched": 27 - len(played), "other_events": len(played) % 2,
                "other_unreadable_rolls": 0, "widest_t_uncertainty_s": 0.1 * len(played),
                "rulings_expected": 10, "rulings_given": 10 - len(played), "other_rulings": len(played),
                "glare_on_zone_notices": []}

    monkeypatch.setattr(bench_light, "play", play)
    out = bench_light.other_spot_paths("detector", 40)
    assert played == [("kiketti", None, True, False, 40, spot, True, False, path)
                      for path in bench_light.OTHER_SPOT_PATHS for spot in bench_light.OTHER_PATH_SPOTS]
    assert out[0] == {"begun_s": 2.0, "periods_s": [9.0, 5.0],
                      "moving 0.1": {"expected": 27, "matched": 26, "other_events": 1, "widest_t_uncertainty_s": 0.1,
                                     "rulings_expected": 10, "rulings_given": 9, "other_rulings": 1,
                                     "glare_on_zone_notices": []},
                      "moving 0.2": {"expected": 27, "matched": 25, "other_events": 0, "widest_t_uncertainty_s": 0.2,
                                     "rulings_expected": 10, "rulings_given": 8, "other_rulings": 2,
                                     "glare_on_zone_notices": []}}
    assert len(out) == len(bench_light.OTHER_SPOT_PATHS) == 4


def test_still_spots_lie_on_the_middle_of_each_kiketti_zone(monkeypatch):
    played = []

    def play(detector, game, lamp, even_light, flashes, frames, spot=0.0, still=False, at=None):
        played.append((game, lamp, even_light, flashes, frames, spot, still, at))
        return {"expected": 27, "matched": 27, "other_events": 0, "widest_t_uncertainty_s": 0.066667,
                "rulings_expected": 10, "rulings_given": 10, "other_rulings": 0, "glare_on_zone_notices": ["pile"]}

    monkeypatch.setattr(bench_light, "play", play)
    out = bench_light.still_spots_on_zones("detector", 40)
    assert list(out) == ["stock", "pile", "seat0", "hand0", "seat1", "hand1"]
    assert out["pile"]["at_px"] == [704.2, 360.0]   # the pile's middle, in the sample's 1280 x 720 frames
    assert played[2:4] == [("kiketti", None, True, False, 40, spot, True, (pytest.approx(704.24, abs=0.005),
                                                                          pytest.approx(360.03, abs=0.005)))
                           for spot in bench_light.ZONE_SPOTS]
    assert out["pile"]["still 0.1"] == {"expected": 27, "matched": 27, "other_events": 0,
                                        "widest_t_uncertainty_s": 0.066667, "rulings_expected": 10,
                                        "rulings_given": 10, "other_rulings": 0, "glare_on_zone_notices": ["pile"]}


def test_a_still_reflection_on_the_pile_is_named_and_a_spot_swaying_past_names_no_zone():
    """A spot a tenth of the frame's width, still on the Kiketti sample's pile: after 60 frames (2 s) the
    players are told it lies there; moving on its path for the same 90 frames it names nothing."""
    at = (704.2, 360.0)
    still = bench_light.play(live_detector(), "kiketti", None, True, False, 90, spot=0.1, still=True, at=at)
    moving = bench_light.play(live_detector(), "kiketti", None, True, False, 90, spot=0.1)
    assert (still["glare_on_zone_notices"], moving["glare_on_zone_notices"]) == (["pile"], [])


def test_a_glare_spot_is_laid_on_every_frame():
    with bench_light.LampSource(Grey(), None, spot=0.5) as source:
        frames = [source.read() for _ in range(2)]
    assert [int(f.image[1, 1, 0]) for f in frames] == [255, 255]   # a 2 x 2 frame lies in its middle


def test_glare_over_the_die_holds_back_its_roll_unless_minded():
    """A spot a fifth of the frame's width sways over the Kimble sample: ignored, the glare over the die
    after its second roll (frame 60) holds the roll back to frame 76, too late to be that roll, so it is
    booked as another; minded, both rolls come on time. (A detector that boxes the die askew under glare
    needs it sooner: a tenth-wide spot over the dome in the first 20 frames can be taken for a pop.)"""
    minded = bench_light.play(live_detector(), "kimble", None, True, False, 90, spot=0.2)
    ignored = bench_light.play(live_detector(), "kimble", None, True, False, 90, spot=0.2, mind_glare=False)
    assert (minded["expected"], minded["matched"], minded["other_events"]) == (2, 2, 0)
    assert (ignored["matched"], ignored["other_events"]) == (1, 1)


def test_a_still_reflection_on_the_dome_is_named_when_it_lies_on_the_die():
    """A spot of 4 % of the frame's width, still on the Kimble sample's dome: the die beneath it is read as
    unreadable (at frame 27, where the roll comes, once, not as if it settled twice under the glare), never
    as a wrong number, and the players are told why."""
    run = bench_light.play(live_detector(), "kimble", None, True, False, 60, spot=0.04, still=True)
    assert (run["expected"], run["matched"], run["other_events"], run["glare_on_die_notices"]) == (1, 0, 1, 1)
    assert run["other_unreadable_rolls"] == 1


def test_a_die_under_a_smaller_still_reflection_is_booked_unreadable_not_wrong():
    """A spot of 2 % of the frame's width, still on the dome, lies over half of the die after its second
    roll (a 6, frame 60): its face there is not read at all, rather than misread (as a 4). The first roll,
    a 3, with a sixth of the die under the glare, is read."""
    run = bench_light.play(live_detector(), "kimble", None, True, False, 70, spot=0.02, still=True)
    assert (run["expected"], run["matched"], run["other_events"], run["other_unreadable_rolls"]) == (2, 1, 1, 1)


def test_steadiness_measures_the_gains_against_their_median_from_the_anchor_on():
    g = [None, None, np.float32([1.5, 1.0, 1.0]), np.float32([2.0, 1.0, 1.0]), np.float32([2.2, 1.1, 1.0]),
         np.float32([2.0, 1.0, 1.0])]
    out = bench_light.steadiness(g, 3)
    assert out == {"judged_from_frame": 2, "anchor_frame": 3, "settled_gains": [2.0, 1.0, 1.0],
                   "most_off_from_anchor": 0.1, "most_off_before_anchor": 0.25}
    assert bench_light.steadiness([None, None], 1)["settled_gains"] is None


def test_the_light_judged_on_flashed_frames_is_their_median_where_any_was_judged():
    g = [None, np.float32([1.4, 1.0, 1.0]), np.float32([2.4, 1.3, 1.0]), np.float32([1.6, 1.2, 1.0])]
    assert bench_light.median_gains(g, {0, 1, 3}) == [1.5, 1.1, 1.0]
    assert bench_light.median_gains(g, {0, 9}) is None


def test_a_flash_on_the_frame_a_roll_is_first_seen_does_not_lose_it():
    """The Kimble sample's first roll (frame 27) under a bulb, the chain evening the light out, the frame it
    is first seen flashed: reported, and the light followed from the die on."""
    run = bench_light.play(live_detector(), "kimble", "tungsten", True, True, 40)
    assert (run["expected"], run["matched"], run["other_events"], run["flashed_frames"]) == (1, 1, 0, 1)
    assert (run["over_exposed_notices"], run["too_dark_notices"]) == (0, 0)
    assert (len(run["gains"]), run["named_frame"], run["flash_at"]) == (40, 27, {27})


@pytest.mark.parametrize("argv, message", [
    (["--scenes", "0"], "--scenes must be 1 or more, got 0"),
    (["--frames", "0"], "--frames must be 1 or more, got 0"),
    (["--lamps", "dim", "dim"], "a lamp is named twice: dim dim"),
    (["--lamps", "candle"], "argument --lamps: invalid choice: 'candle'"),
    (["--own-light-sets", "201", "201"], "a set is named twice: 201 201"),
])
def test_bad_arguments_are_named_before_anything_loads(argv, message, capsys, monkeypatch):
    def no_models(*args, **kwargs):
        raise AssertionError("models loaded before the arguments were checked")
    monkeypatch.setattr(bench_light, "Detector", no_models)
    monkeypatch.setattr(bench_light, "live_detector", no_models)
    with pytest.raises(SystemExit):
        bench_light.main(argv)
    assert message in capsys.readouterr().err


def test_a_folder_without_weights_is_named_with_what_it_should_hold(tmp_path, capsys):
    with pytest.raises(SystemExit):
        bench_light.main(["--weights", str(tmp_path), "--scenes", "1"])
    assert f"model file not found: {tmp_path / 'detector.onnx'}" in capsys.readouterr().err


def test_rulings_are_counted_against_those_the_truth_gives():
    """Truth: Eero discards the 5h and Aino slaps her 5d on it; the chain misread the slapped card as the
    6d: the round's start is told alike, the right slap not, and a wrong slap in its stead."""
    from dataclasses import replace

    from pelituomari.game import referee_for
    from tests.referee.strategies_kiketti import Table

    tb = Table(players=("Aino", "Eero"))
    tb.deal(0)
    tb.turn(1, "5h").slap(0, 0, "5d")
    start, truth = tb.events[0], tb.events[1:]
    chain = referee_for([start])
    given = [r for e in truth[:-1] + [replace(truth[-1], card="6d")] for r in chain.push(e)]
    assert bench_light.same_rulings(given, referee_for([start]), truth) == {
        "rulings_expected": 2, "rulings_given": 1, "other_rulings": 1}
