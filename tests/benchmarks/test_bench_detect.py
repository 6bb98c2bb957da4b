"""The detection benchmark's scoring: what counts as found, read, false, or ignored."""

from pathlib import Path

from benchmarks import bench_detect
from models import make_dataset
from vision.detector import Detection


def test_found_read_false_and_detections_of_hidden_objects_are_told_apart():
    truth = [{"kind": "card", "box": (0, 0, 60, 90), "card": "Td", "die": None},
             {"kind": "card_back", "box": (100, 0, 160, 90), "card": None, "die": None},
             {"kind": "die", "box": (200, 0, 230, 30), "card": None, "die": 4}]
    hidden = [(300, 0, 360, 90)]  # a card under others, 20 % visible: not labelled
    dets = [Detection("card", (2, 1, 61, 92), 0.9, card="Ts"),      # found, misread
            Detection("card", (100, 0, 160, 90), 0.8, card="Td"),   # a back taken for a face: false
            Detection("die", (201, 0, 231, 30), 0.7, die=4),        # found, read
            Detection("card", (302, 2, 360, 88), 0.6, card="2c"),   # the hidden card: ignored
            Detection("die", (500, 500, 530, 530), 0.5, die=1)]     # nothing there: false
    tally = bench_detect.Tally()
    tally.add(truth, dets, hidden)
    assert tally.summary() == {
        "cards": 2, "cards_found": 0.5, "face_up_found": 1.0, "face_down_found": 0.0,
        "card_identity_accuracy": 0.0, "dice": 1, "dice_found": 1.0, "die_face_accuracy": 1.0,
        "detections": 5, "detections_on_hidden_objects": 1, "false_detections": 0.5,
        "counts": {"face_up": 1, "face_down": 1, "face_up_found": 1, "face_down_found": 0, "cards_read": 0,
                   "dice_found": 1, "dice_read": 1, "false": 2,
                   "unfound": {"other_side": 1, "shared_box": 0, "loose_box": 0, "no_box": 0},
                   "misread": {"unread": 0, "rank": 0, "suit": 1, "both": 0}}}


def test_objects_not_found_are_told_apart_by_why():
    """A face boxed as a back, a card whose box went to the card lying over it, a card boxed loosely, a
    card not boxed at all, and a die boxed as nothing: each counted once, under its cause."""
    truth = [{"kind": "card", "box": (0, 0, 60, 90), "card": "Td", "die": None},
             {"kind": "card", "box": (100, 0, 160, 90), "card": "5s", "die": None},   # lies over the next
             {"kind": "card", "box": (104, 0, 164, 90), "card": "6s", "die": None},
             {"kind": "card", "box": (200, 0, 260, 90), "card": "7s", "die": None},
             {"kind": "card", "box": (300, 0, 360, 90), "card": "8s", "die": None},
             {"kind": "die", "box": (400, 0, 430, 30), "card": None, "die": 3}]
    dets = [Detection("card_back", (0, 0, 60, 90), 0.9),                 # the Td as a back
            Detection("card", (100, 0, 160, 90), 0.8, card="5s"),        # the 5s, meeting the 6s at IoU 0.88
            Detection("card", (200, 0, 260, 50), 0.7, card="7s"),        # the 7s, IoU 0.56: found
            Detection("card", (300, 0, 360, 40), 0.6, card=None),        # the 8s, IoU 0.44: loose
            Detection("card", (400, 0, 430, 30), 0.5, card=None)]        # the die taken for a card
    tally = bench_detect.Tally()
    tally.add(truth, dets)
    assert tally.unfound == {"other_side": 1, "shared_box": 1, "loose_box": 1, "no_box": 1}
    assert (tally.found["card"], tally.false) == (2, 3)


def test_misread_cards_are_told_apart_by_what_was_wrong():
    assert [bench_detect.misread_kind("Td", r) for r in (None, "9d", "Th", "9h")] == ["unread", "rank", "suit", "both"]


def test_real_dice_scored_by_centre_match_a_whole_die_box_to_its_pip_label():
    # The real photos label a 1 by its single pip: a whole-die box around it has IoU 0.1 with that
    # label, so it is missed by IoU and found by centre; a second box on the same die stays false.
    truth = [{"kind": "die", "box": (110, 110, 120, 120), "card": None, "die": 1},
             {"kind": "die", "box": (205, 105, 235, 135), "card": None, "die": 6}]
    dets = [Detection("die", (100, 100, 130, 130), 0.9, die=1),     # whole die around the pip
            Detection("die", (200, 100, 240, 140), 0.8, die=5),     # whole die, misread
            Detection("die", (102, 102, 128, 128), 0.7, die=1),     # a duplicate of the first
            Detection("die", (300, 300, 330, 330), 0.6, die=2)]     # nothing there
    by_iou, by_centre = bench_detect.Tally(), bench_detect.Tally(bench_detect.centre_score)
    by_iou.add(truth, dets)
    by_centre.add(truth, dets)
    assert (by_iou.found["die"], by_iou.false) == (1, 3)
    assert (by_centre.found["die"], by_centre.read_ok["die"], by_centre.false) == (2, 1, 2)


def test_in_the_open_scores_free_objects_and_ignores_detections_of_covered_ones():
    truth = [{"kind": "card", "box": (0, 0, 60, 90), "card": "Td", "die": None, "visible": 1.0},
             {"kind": "card", "box": (40, 0, 100, 90), "card": "5s", "die": None, "visible": 0.5}]
    dets = [Detection("card", (0, 0, 60, 90), 0.9, card="Td"),
            Detection("card", (40, 0, 100, 90), 0.8, card="6s")]      # the half-covered card, misread
    open_truth, open_hidden = bench_detect.in_the_open(truth, [(300, 0, 360, 90)])
    assert open_hidden == [(300, 0, 360, 90), (40, 0, 100, 90)]
    tally = bench_detect.Tally()
    tally.add(open_truth, dets, open_hidden)
    assert (tally.n["card"], tally.found["card"], tally.read_ok["card"], tally.false, tally.on_hidden) == (1, 1, 1, 0, 1)


def test_face_up_cards_showing_an_index_corner_are_scored_alone():
    """The Td shows one index corner whole, the 5s none (both covered), the Kh a corner but lies half
    beyond the frame (its corners' share is not measured against the frame), the back has no index: only
    the Td counts, misread here; the detections of the others are ignored."""
    truth = [{"kind": "card", "box": (0, 0, 60, 90), "card": "Td", "die": None, "visible": 0.5},
             {"kind": "card", "box": (40, 0, 100, 90), "card": "5s", "die": None, "visible": 0.6},
             {"kind": "card", "box": (150, 0, 200, 90), "card": "Kh", "die": None, "visible": 0.5},
             {"kind": "card_back", "box": (0, 100, 60, 190), "card": None, "die": None, "visible": 1.0}]
    index_truth, index_hidden = bench_detect.with_an_index_in_sight(truth, [], [1.0, 0.3, 1.0, 1.0],
                                                                    [False, False, True, False])
    assert [t["card"] for t in index_truth] == ["Td"]
    assert index_hidden == [(40, 0, 100, 90), (150, 0, 200, 90), (0, 100, 60, 190)]
    tally = bench_detect.Tally()
    tally.add(index_truth, [Detection("card", (0, 0, 60, 90), 0.9, card="Ts"), Detection("card", (40, 0, 100, 90), 0.8, card="5s"),
                            Detection("card_back", (0, 100, 60, 190), 0.9)], index_hidden)
    assert tally.summary(("cards", "face_up_found", "card_identity_accuracy")) == {
        "cards": 1, "face_up_found": 1.0, "card_identity_accuracy": 0.0}
    assert (tally.false, tally.on_hidden) == (0, 2)


def test_dice_lying_on_cards_are_scored_alone_and_the_other_objects_ignored():
    truth = [{"kind": "card", "box": (0, 0, 60, 90), "card": "Td", "die": None, "visible": 0.9},
             {"kind": "die", "box": (20, 30, 40, 50), "card": None, "die": 3, "visible": 1.0},   # on the Td
             {"kind": "die", "box": (70, 0, 90, 20), "card": None, "die": 5, "visible": 1.0},    # on a hidden card
             {"kind": "die", "box": (200, 0, 220, 20), "card": None, "die": 1, "visible": 1.0}]  # on the table
    quads = [[(0, 0), (60, 0), (60, 90), (0, 90)], [(65, 0), (125, 0), (125, 90), (65, 90)]]
    on_truth, on_hidden = bench_detect.lying_on_cards(truth, [(65, 0, 125, 90)], quads)
    assert [t["die"] for t in on_truth] == [3, 5]
    assert on_hidden == [(65, 0, 125, 90), (0, 0, 60, 90), (200, 0, 220, 20)]
    dets = [Detection("card", (0, 0, 60, 90), 0.9, card="Td"), Detection("die", (20, 30, 40, 50), 0.9, die=2),
            Detection("die", (200, 0, 220, 20), 0.9, die=1)]
    tally = bench_detect.Tally()
    tally.add(on_truth, dets, on_hidden)
    assert (tally.n["die"], tally.found["die"], tally.read_ok["die"], tally.false, tally.on_hidden) == (2, 1, 0, 0, 2)


def test_by_centre_a_box_holding_two_labelled_centres_takes_the_nearer():
    truth = [{"kind": "die", "box": (125, 125, 135, 135), "card": None, "die": 3},   # centre at the box's centre
             {"kind": "die", "box": (100, 100, 110, 110), "card": None, "die": 2}]   # centre near the box's edge
    tally = bench_detect.Tally(bench_detect.centre_score)
    tally.add(truth, [Detection("die", (100, 100, 160, 160), 0.9, die=3)])
    assert (tally.found["die"], tally.read_ok["die"], tally.false) == (1, 1, 0)
    assert bench_detect.centre_score((100, 100, 160, 160), (128, 128, 132, 132)) == 1.0
    assert bench_detect.centre_score((100, 100, 160, 160), (155, 125, 165, 135)) == 0.5
    assert bench_detect.centre_score((100, 100, 160, 160), (165, 125, 175, 135)) == 0.0


def test_real_dice_scored_by_whole_die_boxes_leave_out_a_photo_with_an_unboxed_die(tmp_path):
    import cv2
    import numpy as np
    for n in range(1, 11):  # dice_1 and dice_6 are the validation photos (every 5th)
        cv2.imwrite(str(tmp_path / f"dice_{n}.jpg"), np.full((100, 200, 3), 90, np.uint8))
        (tmp_path / f"dice_{n}.txt").write_text("0 0.25 0.5 0.05 0.1\n5 0.75 0.5 0.1 0.2\n")  # a 1's pip, a 6's pips

    class Seen:
        def detect(self, image):
            return [Detection("die", (35, 35, 65, 65), 0.9, die=1),     # the 1, boxed whole
                    Detection("die", (135, 35, 165, 65), 0.8, die=5)]   # the 6, boxed whole, misread
    box = [[36, 36], [64, 36], [64, 64], [36, 64]]
    six = [[136, 36], [164, 36], [164, 64], [136, 64]]
    whole = {"dice_1.jpg": [box, six], "dice_6.jpg": [box, None]}
    r = bench_detect.real_dice(Seen(), tmp_path, whole)
    assert r["by_whole_die"] == {"dice": 2, "dice_found": 1.0, "die_face_accuracy": 0.5, "detections": 2,
                                 "false_detections": 0.0}
    assert (r["dice"], r["dice_found"], r["by_centre"]["dice_found"]) == (4, 0.0, 1.0)  # the pip labels: no IoU match


def test_the_synthetic_benchmark_scores_the_scenes_of_the_kind_asked_for(monkeypatch):
    kinds = []
    monkeypatch.setattr(make_dataset, "make_scene", lambda rng, cache, decks, kind, camera: kinds.append(kind) or _no_scene())
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class Blind:
        def detect(self, image):
            return []
    bench_detect.synthetic(Blind(), 2, 6, "runs/cards", "dice_on_cards")
    bench_detect.synthetic(Blind(), 1, 6, "runs/cards")
    assert kinds == ["dice_on_cards", "dice_on_cards", None]


def test_a_card_cut_by_the_image_edge_is_scored_by_its_part_in_the_image(monkeypatch):
    """The contract's box is in the image's pixels: a card lying more than half beyond the right edge,
    boxed up to the edge, is found (IoU 0.44 with its whole box, 1 with its part in the image); the
    slivers of hidden cards there are ignored rather than false, a turned one's too (its box clipped
    to the image would be three times the box of its part there: IoU 0.33)."""
    import numpy as np
    from models.synth.scene import Scene, SceneObject
    half_out = SceneObject("card_back", np.float32([[60, 10], [150, 10], [150, 75], [60, 75]]), visible=0.44)
    mostly_out = SceneObject("card_back", np.float32([[90, 100], [150, 100], [150, 180], [90, 180]]), visible=0.2)
    turned_out = SceneObject("card_back", np.float32([[120, 120], [150, 150], [120, 180], [90, 150]]), visible=1.0)
    scene = Scene(np.zeros((200, 100, 3), np.uint8), [half_out], [mostly_out, turned_out])
    monkeypatch.setattr(make_dataset, "make_scene", lambda rng, cache, decks, kind, camera: scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class EdgeBoxes:
        def detect(self, image):
            return [Detection("card_back", (60, 10, 100, 75), 0.9), Detection("card_back", (90, 100, 100, 180), 0.6),
                    Detection("card_back", (90, 140, 100, 160), 0.5)]
    scores, _ = bench_detect.synthetic(EdgeBoxes(), 1, 0, "runs/cards")
    assert (scores["cards_found"], scores["false_detections"], scores["detections_on_hidden_objects"]) == (1.0, 0.0, 2)


def _no_scene():
    import numpy as np
    from models.synth.scene import Scene
    return Scene(np.zeros((8, 8, 3), np.uint8), [], [])


def test_real_dice_alone_are_scored_without_synthetic_scenes_or_a_speed_run(tmp_path, monkeypatch):
    import json

    import cv2
    import numpy as np
    for n in range(1, 6):  # dice_1 is the validation photo (every 5th)
        cv2.imwrite(str(tmp_path / f"dice_{n}.jpg"), np.full((100, 200, 3), 90, np.uint8))
        (tmp_path / f"dice_{n}.txt").write_text("3 0.5 0.5 0.2 0.4\n")

    class Seen:
        def __init__(self, weights, conf, views, int8):
            self.imgsz, self.detector_file = 320, Path("detector_int8.onnx" if int8 else "detector.onnx")

        def detect(self, image):
            return [Detection("die", (80, 30, 120, 70), 0.9, die=4)]
    monkeypatch.setattr(bench_detect, "Detector", Seen)
    (tmp_path / "whole.json").write_text('{"photos": {}}')
    out = tmp_path / "real.json"
    bench_detect.main(["--synthetic", "0", "--real-dice", str(tmp_path), "--real-dice-whole", str(tmp_path / "whole.json"),
                       "--int8", "--out", str(out)])
    result = json.loads(out.read_text())
    assert "synthetic_validation" not in result and "speed" not in result and result["detector"] == "detector_int8.onnx"
    assert (result["real_dice_validation"]["dice"], result["real_dice_validation"]["dice_found"],
            result["real_dice_validation"]["die_face_accuracy"]) == (1, 1.0, 1.0)


def test_int8_without_the_int8_copies_says_how_to_make_them(tmp_path, capsys):
    import shutil

    import pytest

    from vision.detector import DEFAULT_WEIGHTS
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, tmp_path / f.name)
    with pytest.raises(SystemExit):
        bench_detect.main(["--weights", str(tmp_path), "--int8", "--synthetic", "0"])
    assert f"make them from the float files with: python3 -m models.quantize --weights {tmp_path}" in capsys.readouterr().err


def test_a_negative_scene_count_is_refused_before_any_model_loads(capsys, monkeypatch):
    import pytest

    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(bench_detect, "Detector", no_models)
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "-1"])
    assert "--synthetic must be 0 or more scenes, got -1" in capsys.readouterr().err


def test_a_real_dice_folder_without_the_photos_is_named_before_any_model_loads(tmp_path, capsys, monkeypatch):
    import pytest

    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(bench_detect, "Detector", no_models)
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "0", "--real-dice", str(tmp_path)])
    assert (f"--real-dice {tmp_path}: no labelled .jpg photos (expected the real-dice-topdown data set)"
            in capsys.readouterr().err)


def test_cards_reaching_beyond_the_frame_are_scored_alone_and_within_it_apart(monkeypatch):
    """A card half beyond the right edge (in sight: 1.0 x 40/80 of it) is labelled and scored by its part
    in the image, in the main scores and in cut_by_the_frame, but not as a card in the open;
    within_the_frame scores the card wholly in the image alone, as the main scores did before cut cards
    were labelled. The generator leaves a card a quarter in sight unlabelled, and a detection of it is
    ignored."""
    import numpy as np
    from models.synth.scene import Scene, SceneObject
    half_out = SceneObject("card", np.float32([[60, 10], [140, 10], [140, 70], [60, 70]]), card="Td", visible=1.0,
                           in_frame=0.5)
    inside = SceneObject("card", np.float32([[10, 80], [50, 80], [50, 140], [10, 140]]), card="5s", visible=1.0)
    quarter = SceneObject("card_back", np.float32([[80, 150], [160, 150], [160, 190], [80, 190]]), visible=1.0)
    scene = Scene(np.zeros((200, 100, 3), np.uint8), [half_out, inside], [quarter])
    monkeypatch.setattr(make_dataset, "make_scene", lambda rng, cache, decks, kind, camera: scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class Boxes:
        def detect(self, image):
            return [Detection("card", (60, 10, 100, 70), 0.9, card="Tc"), Detection("card", (11, 80, 50, 139), 0.8, card="5s"),
                    Detection("card_back", (80, 150, 100, 190), 0.6)]
    scores, _ = bench_detect.synthetic(Boxes(), 1, 0, "runs/cards")
    assert scores["cut_by_the_frame"] == {"cards": 1, "cards_found": 1.0, "face_up_found": 1.0, "face_down_found": None,
                                          "card_identity_accuracy": 0.0}
    assert (scores["within_the_frame"]["cards"], scores["within_the_frame"]["cards_found"],
            scores["within_the_frame"]["card_identity_accuracy"]) == (1, 1.0, 1.0)
    assert (scores["cards"], scores["cards_found"], scores["card_identity_accuracy"], scores["false_detections"],
            scores["detections_on_hidden_objects"]) == (2, 1.0, 0.5, 0.0, 1)
    assert scores["in_the_open"]["cards"] == 1  # half of the Td is out of sight: it does not lie in the open
    # the 5s shows its index corners (the generator's default: nothing covers them); the Td is cut by the frame
    assert scores["index_in_sight"] == {"cards": 1, "face_up_found": 1.0, "card_identity_accuracy": 1.0}


def test_more_sets_are_scored_pooled_and_apart_from_the_main_set(tmp_path, monkeypatch):
    """Seed 0's 200 scenes hold about 450 cards: a few cards move its percentages a point. --more-sets
    scores further sets' scenes pooled, each set by its own seed and kind, and leaves the main scores
    as they were. --gloss, --tilt, --clutter and --glare-spots render every set's scenes with glossy cards
    through a tilted camera with things beside the cards under a lamp's reflection, and the results say so."""
    import json

    import numpy as np
    from models.synth.scene import Scene, SceneObject
    asked = []

    def scene(rng, cache, decks, kind, camera):
        seed = int(rng.bit_generator.seed_seq.entropy[0])
        asked.append((seed, kind, camera.gloss, camera.tilt, camera.clutter, camera.glare_spots))
        card = SceneObject("card", np.float32([[10, 10], [50, 10], [50, 70], [10, 70]]), card="Td")
        return Scene(np.zeros((100, 100, 3), np.uint8), [card], [])
    monkeypatch.setattr(make_dataset, "make_scene", scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class SeesOnlyOddScenes:   # finds and reads the card in every other scene it is shown
        def __init__(self, weights, conf, views, int8):
            self.imgsz, self.shown, self.detector_file = 480, 0, Path("detector.onnx")

        def detect(self, image):
            self.shown += 1
            return [Detection("card", (10, 10, 50, 70), 0.9, card="Td")] if self.shown % 2 else []
    monkeypatch.setattr(bench_detect, "Detector", SeesOnlyOddScenes)
    monkeypatch.setattr(bench_detect, "speed", lambda detector, images: {})
    out = tmp_path / "more.json"
    bench_detect.main(["--synthetic", "1", "--more-sets", "201", "203:cards", "205:cards", "--gloss", "0.5", "--tilt", "20",
                       "--clutter", "0.25", "--glare-spots", "0.75", "--out", str(out)])
    result = json.loads(out.read_text())
    assert asked == [(0, None, 0.5, (20.0, 20.0), 0.25, 0.75), (201, None, 0.5, (20.0, 20.0), 0.25, 0.75),
                     (203, "cards", 0.5, (20.0, 20.0), 0.25, 0.75), (205, "cards", 0.5, (20.0, 20.0), 0.25, 0.75)]
    assert (result["gloss"], result["tilt"], result["clutter"], result["glare_spots"]) == (0.5, 20.0, 0.25, 0.75)
    assert (result["synthetic_validation"]["cards"], result["synthetic_validation"]["cards_found"]) == (1, 1.0)
    more = result["more_sets"]
    assert (more["sets"], more["scenes"], more["cards"], more["counts"]["face_up_found"], more["counts"]["cards_read"]) == (
        ["201", "203:cards", "205:cards"], 3, 3, 1, 1)


def test_a_more_sets_entry_that_is_not_seed_or_seed_kind_is_named(capsys):
    import pytest
    with pytest.raises(SystemExit):
        bench_detect.main(["--more-sets", "201", "203:card"])
    assert "'203:card': expected SEED or SEED:KIND, KIND one of cards, dice, dome, mixed, dice_on_cards" in capsys.readouterr().err


def test_more_sets_without_synthetic_scenes_are_refused_before_any_model_loads(capsys, monkeypatch):
    """--synthetic 0 with --more-sets would score nothing and say nothing."""
    import pytest

    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(bench_detect, "Detector", no_models)
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "0", "--more-sets", "201"])
    assert "--more-sets scores --synthetic scenes of each set: it needs --synthetic 1 or more, got 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_detect.main(["--gloss", "1.5"])
    assert "argument --gloss: gloss is a share of the cards (0 to 1), got 1.5" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_detect.main(["--clutter", "many"])
    assert "argument --clutter: could not convert string to float: 'many'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_detect.main(["--glare-spots", "-0.5"])
    assert "argument --glare-spots: glare_spots is a share of the scenes (0 to 1), got -0.5" in capsys.readouterr().err
    for bad, why in (("45", "a camera's tilt is 0 to 40 degrees from looking straight down, got 45"),
                     ("steep", "expected degrees, got 'steep'")):
        with pytest.raises(SystemExit):
            bench_detect.main(["--tilt", bad])
        assert f"argument --tilt: {why}" in capsys.readouterr().err


def test_face_up_cards_are_counted_by_their_scene_deck(monkeypatch):
    """A deck whose index the readers read poorly (the oxygen decks split theirs between the other two
    corners) shows in its own counts: here every oxygen card is found and none read, every standard card read."""
    import numpy as np
    from models.synth.scene import Scene, SceneObject
    decks = iter(["oxygen", "standard", "oxygen"])

    def scene(rng, cache, decks_, kind, camera):
        cards = [SceneObject("card", np.float32([[10, 10], [50, 10], [50, 70], [10, 70]]), card="7h"),
                 SceneObject("card_back", np.float32([[60, 10], [100, 10], [100, 70], [60, 70]]))]
        return Scene(np.zeros((100, 120, 3), np.uint8), cards, [], next(decks))
    monkeypatch.setattr(make_dataset, "make_scene", scene)
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class ReadsOnlyEverySecond:
        shown = 0

        def detect(self, image):
            self.shown += 1
            return [Detection("card", (10, 10, 50, 70), 0.9, card="7h" if self.shown == 2 else None),
                    Detection("card_back", (60, 10, 100, 70), 0.9)]
    scores, _ = bench_detect.synthetic(ReadsOnlyEverySecond(), 3, 0, "runs/cards")
    assert scores["face_up_cards_by_deck"] == {"oxygen": {"face_up": 2, "found": 2, "read": 0},
                                               "standard": {"face_up": 1, "found": 1, "read": 1}}


def test_the_more_sets_keep_no_images(monkeypatch):
    """Only the main set's images are kept (the speed run times them); 1200 more scenes' would take a gigabyte."""
    monkeypatch.setattr(make_dataset, "make_scene", lambda rng, cache, decks, kind, camera: _no_scene())
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class Blind:
        def detect(self, image):
            return []
    assert len(bench_detect.synthetic_sets(Blind(), 2, [(201, None), (203, "cards")], "runs/cards")[1]) == 4
    assert bench_detect.synthetic_sets(Blind(), 2, [(201, None), (203, "cards")], "runs/cards", keep_images=False)[1] == []


def test_the_speed_run_times_the_scenes_and_a_12_megapixel_photo():
    import numpy as np
    sizes = []

    class Sizes:
        def detect(self, image):
            sizes.append(image.shape[:2])
            return []
    result = bench_detect.speed(Sizes(), [np.zeros((480, 640, 3), np.uint8)] * 4)
    assert sorted(result) == ["images", "images_per_s", "ms_per_12mp_photo", "ms_per_image"]
    assert result["images"] == 8
    assert sizes == [(480, 640)] * (3 + 8) + [(3024, 4032)] * 5


def test_each_condition_scores_the_scenes_as_it_changed_them(monkeypatch):
    """A detector that finds the white die only while the image's blue channel is still bright: under the
    bulbs (blue 0.65 and 0.45), the green tube and the dim light it finds nothing; the other conditions
    keep a plain white image's blue bright."""
    import numpy as np
    from models.synth.scene import Scene, SceneObject
    image = np.full((100, 100, 3), 230, np.uint8)
    die = SceneObject("die", np.float32([[40, 40], [60, 40], [60, 60], [40, 60]]), die=3, visible=1.0)
    monkeypatch.setattr(make_dataset, "make_scene", lambda rng, cache, decks, kind, camera: Scene(image, [die], []))
    monkeypatch.setattr(make_dataset.D, "deck_names", lambda cache: ["proc-0"])

    class BlueEye:
        def detect(self, image):
            return [Detection("die", (40, 40, 60, 60), 0.9, die=3)] if image[..., 0].max() >= 200 else []
    scores = bench_detect.under_conditions(BlueEye(), 2, 0, "runs/cards")
    assert {name: r["dice_found"] for name, r in scores.items()} == {
        "warm": 0.0, "tungsten": 0.0, "cool": 1.0, "fluorescent": 0.0, "dim": 0.0, "bright": 1.0,
        "blurred": 1.0, "sharpened": 1.0, "grainy": 1.0, "jpeg30": 1.0}
    assert (scores["tungsten"]["kind"], scores["jpeg30"]["kind"]) == ("light", "camera")
    assert scores["cool"]["counts"]["dice_read"] == 2


def test_conditions_without_synthetic_scenes_are_refused_before_any_model_loads(capsys, monkeypatch):
    import pytest

    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(bench_detect, "Detector", no_models)
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "0", "--conditions"])
    assert "--conditions scores the --synthetic scenes under other conditions" in capsys.readouterr().err


def test_the_cpu_is_named_as_linux_names_it_else_by_its_architecture(tmp_path):
    import platform
    info = tmp_path / "cpuinfo"
    info.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n"
                    "processor\t: 1\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n")
    assert bench_detect.cpu_name(info) == f"Intel(R) Xeon(R) CPU @ 2.20GHz ({platform.machine()})"
    assert bench_detect.cpu_name(tmp_path / "absent") == (platform.processor() or platform.machine())
