"""Comparing model folders: every folder sees the same scenes under each camera, counted per set and pooled."""

import json

import numpy as np
import pytest

from benchmarks import compare_detectors
from models import make_dataset
from models.synth.scene import Scene, SceneObject
from vision.detector import Detection


@pytest.fixture
def one_card_scenes(monkeypatch):
    """Each scene a grey image holding one Td, its brightness telling the seed and scene apart, its deck
    the decks' next in turn."""
    made = []

    def scene(rng, cache, decks, kind, camera):
        seed, index = (int(x) for x in rng.bit_generator.seed_seq.entropy)
        made.append((seed, kind, camera.gloss, camera.tilt, camera.clutter, camera.glare_spots))
        card = SceneObject("card", np.float32([[10, 10], [50, 10], [50, 70], [10, 70]]), card="Td")
        return Scene(np.full((100, 100, 3), 40 + seed % 100 + index % 7, np.uint8), [card], [], decks[index % len(decks)])
    monkeypatch.setattr(make_dataset, "make_scene", scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0", "proc-1"])
    return made


class Recorder:
    """A detector that records the images it is shown; `answer` maps an image to its detections."""

    def __init__(self, answer):
        self.answer, self.seen = answer, []

    def detect(self, image):
        self.seen.append(image.copy())
        return self.answer(image)


def test_each_folder_is_scored_on_the_same_images_per_set_and_pooled(one_card_scenes):
    reads = Recorder(lambda image: [Detection("card", (10, 10, 50, 70), 0.9, card="Td")])
    misreads = Recorder(lambda image: [Detection("card", (10, 10, 50, 70), 0.9, card="Th"),
                                       Detection("die", (80, 80, 95, 95), 0.4, die=2)])
    result = compare_detectors.compare({"a": reads, "b": misreads}, [(207, None), (208, "cards")], 2, "runs/cards",
                                        compare_detectors.cameras_for(["sharpened"]))
    assert one_card_scenes == [(207, None, 0.0, (0.0, 0.0), 0.0, 0.0)] * 2 + [(208, "cards", 0.0, (0.0, 0.0), 0.0, 0.0)] * 2
    assert result["a"]["rendered"] == {
        "pooled": {"cards_found": 4, "cards_read": 4, "dice_found": 0, "dice_read": 0, "false": 0},
        "by_set": {"207": {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0},
                   "208:cards": {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0}},
        "by_deck": {"proc-0": {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0},
                    "proc-1": {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0}}}
    assert result["b"]["sharpened"]["pooled"] == {"cards_found": 4, "cards_read": 0, "dice_found": 0, "dice_read": 0, "false": 4}
    assert len(reads.seen) == len(misreads.seen) == 8   # 4 scenes, as rendered and sharpened
    assert all(np.array_equal(x, y) for x, y in zip(reads.seen, misreads.seen))


def test_a_condition_changes_the_image_each_folder_is_shown(one_card_scenes):
    """Dim light darkens the scene; a detector that finds the card only in a bright image misses it there."""
    bright_eye = Recorder(lambda image: [Detection("card", (10, 10, 50, 70), 0.9, card="Td")] if image.max() >= 40 else [])
    result = compare_detectors.compare({"eye": bright_eye}, [(3, None)], 1, "runs/cards", compare_detectors.cameras_for(["dim"]))
    assert (result["eye"]["rendered"]["pooled"]["cards_found"], result["eye"]["dim"]["pooled"]["cards_found"]) == (1, 0)


def test_a_glare_camera_lays_a_spot_of_its_radius_on_each_scene_the_same_for_every_folder(one_card_scenes):
    """The fixture's scenes are 100 px wide: a spot of radius 0.2 is white out to 0.59 x 20 = 11.8 px from its
    centre, which lies over the scene's middle 60 %, a new one each scene; the card there is lost to an eye
    that sees only unclipped pixels."""
    unclipped_eye = Recorder(lambda image: [] if (image == 255).all(axis=2).any() else
                             [Detection("card", (10, 10, 50, 70), 0.9, card="Td")])
    other = Recorder(lambda image: [])
    result = compare_detectors.compare({"a": unclipped_eye, "b": other}, [(3, None)], 3, "runs/cards",
                                       compare_detectors.cameras_for([], [0.2]))
    assert list(result["a"]) == ["rendered", "glare 0.2"]
    assert (result["a"]["rendered"]["pooled"]["cards_found"], result["a"]["glare 0.2"]["pooled"]["cards_found"]) == (3, 0)
    glared = unclipped_eye.seen[1::2]
    assert all(np.array_equal(x, y) for x, y in zip(unclipped_eye.seen, other.seen))
    centres = [np.argwhere((image == 255).all(axis=2)).mean(axis=0) for image in glared]
    assert all(20 <= y <= 80 and 20 <= x <= 80 for y, x in centres)
    assert len({(round(y), round(x)) for y, x in centres}) == 3
    assert [int((image == 255).all(axis=2).sum()) for image in glared] == pytest.approx([435] * 3, abs=5)  # pi 11.77^2
    again = compare_detectors.cameras_for([], [0.2])["glare 0.2"]
    assert np.array_equal(again(unclipped_eye.seen[0]), glared[0])   # a new camera draws the same first spot


def test_main_writes_the_counts_and_prints_one_line_per_folder_and_camera(one_card_scenes, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(compare_detectors, "Detector",
                        lambda folder, conf, views, int8: Recorder(lambda image: [Detection("card", (10, 10, 50, 70), 0.9, card="Td")]))
    out = tmp_path / "compare.json"
    compare_detectors.main(["models/weights", "runs/cand", "--sets", "5", "--scenes", "3", "--conditions", "--gloss", "0.5",
                            "--tilt", "25", "--clutter", "1", "--glare-spots", "0.3", "--out", str(out)])
    result = json.loads(out.read_text())
    assert (result["sets"], result["scenes_per_set"], result["gloss"], result["tilt"], result["clutter"],
            result["glare_spots"]) == (["5"], 3, 0.5, 25.0, 1.0, 0.3)
    # each scene made once, glossy, turned, cluttered, under glare spots at their share, for both folders
    assert one_card_scenes == [(5, None, 0.5, (25.0, 25.0), 1.0, 0.3)] * 3
    assert result["counts"]["runs/cand"] == {"rendered": {
        "pooled": {"cards_found": 3, "cards_read": 3, "dice_found": 0, "dice_read": 0, "false": 0},
        "by_set": {"5": {"cards_found": 3, "cards_read": 3, "dice_found": 0, "dice_read": 0, "false": 0}},
        "by_deck": {"proc-0": {"cards_found": 2, "cards_read": 2, "dice_found": 0, "dice_read": 0, "false": 0},
                    "proc-1": {"cards_found": 1, "cards_read": 1, "dice_found": 0, "dice_read": 0, "false": 0}}}}
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["models/weights", "rendered", "3", "3", "0", "0", "0"]
    assert len(lines) == 3


def test_decks_are_what_every_scene_draws_from_and_the_results_say_so(one_card_scenes, monkeypatch, tmp_path):
    decks_drawn = []
    made = make_dataset.make_scene
    monkeypatch.setattr(make_dataset, "make_scene",
                        lambda rng, cache, decks, kind, camera: decks_drawn.append(decks) or made(rng, cache, decks, kind, camera))
    monkeypatch.setattr(compare_detectors, "deck_names", lambda cache: ["proc-0", "proc-1", "standard"])
    monkeypatch.setattr(compare_detectors, "Detector", lambda folder, conf, views, int8: Recorder(lambda image: []))
    out = tmp_path / "compare.json"
    compare_detectors.main(["models/weights", "--sets", "5", "6:cards", "--scenes", "2", "--conditions",
                            "--decks", "standard", "proc-1", "--out", str(out)])
    assert decks_drawn == [["standard", "proc-1"]] * 4
    assert json.loads(out.read_text())["decks"] == ["standard", "proc-1"]
    compare_detectors.main(["models/weights", "--sets", "5", "--scenes", "1", "--conditions", "--out", str(out)])
    written = json.loads(out.read_text())
    assert decks_drawn[-1] == ["proc-0", "proc-1"] and "decks" not in written  # the fixture's every deck
    assert "glare_spots" not in written  # no scene under a spot, as before the flag
    assert written["tilt"] == 0.0   # straight down


@pytest.mark.parametrize("argv, message", [
    (["models/weights", "models/weights"], "a folder is named twice: models/weights models/weights"),
    (["models/weights", "--scenes", "0"], "--scenes must be 1 or more, got 0"),
    (["models/weights", "--sets", "207", "208:cards", "207"], "a set is named twice: 207 208:cards 207"),
    (["models/weights", "--conditions", "foggy"], "argument --conditions: invalid choice: 'foggy'"),
    (["models/weights", "--gloss", "-1"], "argument --gloss: gloss is a share of the cards (0 to 1), got -1.0"),
    (["models/weights", "--clutter", "1.1"], "argument --clutter: clutter is a share of the scenes (0 to 1), got 1.1"),
    (["models/weights", "--tilt", "41"], "argument --tilt: a camera's tilt is 0 to 40 degrees from looking straight down, got 41"),
    (["models/weights", "--decks", "proc-0", "nope"], "--decks: no usable deck named nope (usable: "),
    (["models/weights", "--glare", "0"], "argument --glare: a glare spot's radius is a share of the width, above 0 "
                                         "and at most 0.5, got 0"),
    (["models/weights", "--glare", "0.1", "0.10"], "a glare radius is named twice: 0.1 0.1"),
    (["models/weights", "--glare-spots", "2"], "argument --glare-spots: glare_spots is a share of the scenes (0 to 1), "
                                               "got 2.0"),
])
def test_bad_arguments_are_named_before_any_model_loads(argv, message, monkeypatch, capsys):
    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(compare_detectors, "Detector", no_models)
    with pytest.raises(SystemExit):
        compare_detectors.main(argv)
    assert message in capsys.readouterr().err


def test_a_folder_without_weights_is_named_with_what_it_should_hold(tmp_path, capsys):
    with pytest.raises(SystemExit):
        compare_detectors.main([str(tmp_path), "--scenes", "1"])
    assert f"model file not found: {tmp_path / 'detector.onnx'}" in capsys.readouterr().err


def test_live_judges_each_folders_live_detector_on_scenes_with_the_light_evened_out(one_card_scenes, monkeypatch, tmp_path):
    """The live detector does not even the light out (the pipeline does, over its zones): --live does it
    over the whole scene before the detector sees it."""
    made = {}

    def live(folder, int8):
        made[folder, int8] = Recorder(lambda image: [])
        return made[folder, int8]
    monkeypatch.setattr(compare_detectors, "live_detector", live)
    monkeypatch.setattr(compare_detectors, "Detector", lambda *a, **k: pytest.fail("detect's Detector was loaded"))
    monkeypatch.setattr(compare_detectors, "white_balanced", lambda image: 255 - image)
    out = tmp_path / "compare.json"
    compare_detectors.main(["models/weights", "runs/live.onnx", "--live", "--int8", "--sets", "5", "--scenes", "2",
                            "--conditions", "--out", str(out)])
    assert list(made) == [("models/weights", False), ("models/weights", True), ("runs/live.onnx", False), ("runs/live.onnx", True)]
    images = [image for _, image in make_dataset.validation_scenes(2, 5, "runs/cards")]
    for recorder in made.values():
        assert [int(seen[0, 0, 0]) for seen in recorder.seen] == [255 - int(image[0, 0, 0]) for image in images]
    result = json.loads(out.read_text())
    assert result["detectors"] == "live" and "views" not in result
    assert list(result["counts"]) == ["models/weights", "models/weights int8", "runs/live.onnx", "runs/live.onnx int8"]
    assert result["counts"]["runs/live.onnx int8"]["rendered"]["pooled"]["cards_found"] == 0
