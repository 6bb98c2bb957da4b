"""models.detector_crops: die, card and index corner crops cut from a detector's own boxes, labelled by the object they meet."""

import numpy as np
import pytest

from models import detector_crops
from vision.crops import CARD_CROP_WH, CORNER_WH, DIE_CROP_WH, iou
from vision.detector import CARD_CODES, NO_INDEX, NOT_A_CARD


class Boxes:
    """A detector stand-in: the oriented boxes (rect, class id) it 'finds', whatever the image."""

    def __init__(self, *found):
        self.found = found

    def oriented_boxes(self, image):
        return [r for r, _ in self.found], np.ones(len(self.found)), [k for _, k in self.found]


DIE, CARD = "die", "card"
DICE = [((40.0, 40.0, 80.0, 80.0), 5), ((120.0, 40.0, 160.0, 80.0), 2)]


def test_each_die_box_meeting_a_labelled_die_gives_one_crop_with_its_face():
    image = np.zeros((200, 200, 3), np.uint8)
    image[40:80, 40:80] = 255                            # the 5, white
    detector = Boxes((((60, 60), (40, 40), 0.0), DIE),     # on the 5
                     (((142, 62), (40, 40), 0.0), DIE),    # on the 2, 4 px off: IoU 0.74
                     (((60, 150), (40, 40), 0.0), DIE),    # on nothing
                     (((140, 60), (40, 40), 0.0), CARD))   # a card box over the 2: not a die
    crops, faces = detector_crops.die_crops(image, DICE, [detector], np.random.default_rng(0))
    assert faces == [5, 2]
    assert [c.shape for c in crops] == [(DIE_CROP_WH[1], DIE_CROP_WH[0], 3)] * 2
    assert crops[0][20, 20].tolist() == [255, 255, 255] and crops[1][20, 20].tolist() == [0, 0, 0]


def test_every_detector_adds_its_own_crops_and_a_box_too_far_off_adds_none():
    image = np.zeros((200, 200, 3), np.uint8)
    near, far = ((60, 60), (40, 40), 0.0), ((75, 60), (40, 40), 0.0)   # 15 px off: IoU 0.45
    assert iou((55, 40, 95, 80), DICE[0][0]) == pytest.approx(25 / 55)
    crops, faces = detector_crops.die_crops(image, DICE, [Boxes((near, DIE)), Boxes((near, DIE), (far, DIE))],
                                            np.random.default_rng(0))
    assert faces == [5, 5]
    assert detector_crops.die_crops(image, [], [Boxes((near, DIE))], np.random.default_rng(0)) == ([], [])


CARDS = [((20.0, 20.0, 83.0, 108.0), "Td"), ((120.0, 20.0, 183.0, 108.0), None)]  # a face-up card and a back


def test_each_card_or_back_box_on_a_face_up_card_gives_one_crop_with_its_card():
    """A box the detector calls a back is cropped too (the side classifier has the last word); a box on
    a card given without a code (a back, or a card cut by the frame) claims it and gives no crop."""
    image = np.zeros((200, 200, 3), np.uint8)
    image[20:108, 20:83] = 255                                # the Td, white
    on_td, on_back = ((51.5, 64.0), (63.0, 88.0), 0.0), ((151.5, 64.0), (63.0, 88.0), 0.0)
    detector = Boxes((on_td, CARD), (on_back, CARD), (on_td, "card_back"), (on_td, DIE))
    detector.card_crop_scales = (1.04,)
    crops, codes = detector_crops.card_crops(image, CARDS, [detector], np.random.default_rng(0))
    assert codes == ["Td", "Td"]
    assert [c.shape for c in crops] == [(CARD_CROP_WH[1], CARD_CROP_WH[0], 3)] * 2
    assert crops[0][40, 28].tolist() == [255, 255, 255] and crops[0][0, 0].tolist() == [0, 0, 0]
    assert detector_crops.card_crops(image, [], [detector], np.random.default_rng(0)) == ([], [])


def test_each_card_or_back_box_gives_a_side_crop_of_the_side_it_meets_or_of_no_card():
    """The truth names the side, not the detector's kind; a box on nothing is a no-card crop; a box on a die,
    or half on a card, gives none."""
    image = np.zeros((200, 200, 3), np.uint8)
    image[150:190, 150:190] = 200                           # a grey phone beside the cards
    on_td, on_back = ((51.5, 64.0), (63.0, 88.0), 0.0), ((151.5, 64.0), (63.0, 88.0), 0.0)
    on_phone, half_on_td = ((170.0, 170.0), (40.0, 40.0), 0.0), ((51.5, 108.0), (63.0, 88.0), 0.0)
    objects = [(CARDS[0][0], "card"), (CARDS[1][0], "card_back"), (DICE[0][0], "die")]
    detector = Boxes((on_td, "card_back"), (on_back, CARD), (on_phone, "card_back"), (half_on_td, CARD),
                     (((60, 60), (40, 40), 0.0), "card_back"), (on_td, DIE))
    crops, labels = detector_crops.side_crops(image, objects, [detector], np.random.default_rng(0))
    assert labels == [0, 1, NOT_A_CARD]
    assert [c.shape for c in crops] == [(CARD_CROP_WH[1], CARD_CROP_WH[0], 3)] * 3
    assert crops[2][40, 28].tolist() == [200, 200, 200]       # the phone, in its crop's middle
    assert iou((20.0, 64.0, 83.0, 152.0), CARDS[0][0]) == pytest.approx(0.333, abs=0.001)  # half on the Td: none


def test_each_box_on_a_face_up_card_gives_its_index_corners_labelled_by_what_of_its_own_index_they_show():
    """The Td's top-left index is in sight, its bottom-right one covered (say by a card lying on it), and
    its deck prints none at the other two corners: the crop of the first is labelled Td, the others "no
    index", whatever they show. A box on a back, or on a card given as None, gives none; a box too far off
    gives none."""
    from models.synth.scene import SceneObject
    image = np.zeros((200, 200, 3), np.uint8)
    image[20:45, 20:35] = (0, 0, 255)                      # the Td's top-left index, red
    image[83:108, 68:83] = (255, 0, 0)                     # its bottom-right index (under another card), blue
    td = SceneObject("card", np.float32([[20, 20], [83, 20], [83, 108], [20, 108]]), card="Td",
                     index_visible=(1.0, 0.0, 0.0, 0.0))
    on_td, off = ((51.5, 64.0), (63.0, 88.0), 0.0), ((90.0, 64.0), (63.0, 88.0), 0.0)
    detector = Boxes((on_td, CARD), (off, CARD), (on_td, DIE))
    detector.card_crop_scales = (1.04,)
    cards = [((20.0, 20.0, 83.0, 108.0), td), ((120.0, 20.0, 183.0, 108.0), None)]
    crops, labels = detector_crops.corner_crops(image, cards, "proc-0", [detector], np.random.default_rng(0))
    assert [c.shape for c in crops] == [(CORNER_WH[1], CORNER_WH[0], 3)] * 4
    named = [(label, crop[20, 16].tolist()) for crop, label in zip(crops, labels)]
    assert named == [(CARD_CODES.index("Td"), [0, 0, 255]), (NO_INDEX, [255, 0, 0]), (NO_INDEX, [0, 0, 0]),
                     (NO_INDEX, [0, 0, 0])]
    assert detector_crops.corner_crops(image, cards[1:], "proc-0", [detector], np.random.default_rng(0)) == ([], [])


def test_corner_crops_are_cut_at_the_detectors_scale_as_it_reads_them():
    """At each of the Detector's card_crop_scales the crops are what the Detector's corner reader is given
    for that box (vision.crops.index_corners at that scale), not the box at the crops' default growth."""
    from models.synth.scene import SceneObject
    from vision.crops import index_corners
    image = np.random.default_rng(3).integers(0, 256, (200, 200, 3), dtype=np.uint8)
    td = SceneObject("card", np.float32([[20, 20], [83, 20], [83, 108], [20, 108]]), card="Td",
                     index_visible=(1.0, 1.0, 0.0, 0.0))
    rect = ((51.5, 64.0), (63.0, 88.0), 0.0)
    for scale in (0.97, 1.12):
        detector = Boxes((rect, CARD))
        detector.card_crop_scales = (scale,)
        crops, labels = detector_crops.corner_crops(image, [((20.0, 20.0, 83.0, 108.0), td)], "proc-0", [detector],
                                                    np.random.default_rng(0))
        assert labels == [CARD_CODES.index("Td")] * 2 + [NO_INDEX] * 2
        assert all((a == b).all() for a, b in zip(crops, index_corners(image, rect, scale), strict=True))
        assert not (crops[0] == index_corners(image, rect)[0]).all()


def test_the_command_writes_crops_of_the_shipped_detectors_boxes(tmp_path):
    detector_crops.main(["--seed", "52", "--scenes", "3", "--kind", "dice_on_cards", "--no-svg", "--out", str(tmp_path)])
    data = np.load(tmp_path / "die_train_det52.npz")
    assert data["x"].shape[1:] == (DIE_CROP_WH[1], DIE_CROP_WH[0], 3)
    assert len(data["x"]) == len(data["y"]) > 0 and set(data["y"].tolist()) <= set(range(6))
    detector_crops.main(["--seed", "52", "--scenes", "2", "--kind", "cards", "--stage", "card", "--no-svg",
                         "--out", str(tmp_path)])
    data = np.load(tmp_path / "card_train_det52.npz")
    assert data["x"].shape[1:] == (CARD_CROP_WH[1], CARD_CROP_WH[0], 3)
    assert len(data["x"]) == len(data["y"]) > 0 and set(data["y"].tolist()) <= set(range(52))
    detector_crops.main(["--seed", "52", "--scenes", "2", "--kind", "cards", "--stage", "corner", "--no-svg",
                         "--out", str(tmp_path)])
    data = np.load(tmp_path / "corner_train_det52.npz")
    assert data["x"].shape[1:] == (CORNER_WH[1], CORNER_WH[0], 3)
    assert len(data["x"]) == len(data["y"]) > 0 and set(data["y"].tolist()) <= set(range(NO_INDEX + 1))


def test_cluttered_scenes_give_no_card_crops_of_the_shipped_detectors_boxes(tmp_path):
    # scenes on which the shipped detectors box things beside the cards (they box few such; seed 464's four hold some)
    detector_crops.main(["--seed", "464", "--scenes", "4", "--stage", "side", "--clutter", "1", "--no-svg",
                         "--out", str(tmp_path)])
    data = np.load(tmp_path / "side_train_det464.npz")
    assert data["x"].shape[1:] == (CARD_CROP_WH[1], CARD_CROP_WH[0], 3)
    assert set(data["y"].tolist()) == {0, 1, NOT_A_CARD}


def test_glossy_scenes_give_crops_of_the_same_cards_shining(tmp_path):
    """--gloss renders the same scenes with reflections on the cards: on these two scenes the detectors
    box the same cards either way (in the same order), and the crops are brighter."""
    for gloss, out in (("0", tmp_path / "plain"), ("1", tmp_path / "glossy")):
        detector_crops.main(["--seed", "52", "--scenes", "2", "--kind", "cards", "--stage", "card", "--no-svg",
                             "--gloss", gloss, "--out", str(out)])
    plain, glossy = np.load(tmp_path / "plain" / "card_train_det52.npz"), np.load(tmp_path / "glossy" / "card_train_det52.npz")
    assert plain["y"].tolist() == glossy["y"].tolist()
    assert glossy["x"].astype(int).sum() > plain["x"].astype(int).sum()


def test_a_turned_camera_gives_crops_of_the_cards_it_sees_from_the_side(tmp_path, monkeypatch):
    """--tilt-max renders the scenes through a camera turned up to that many degrees, the same scenes
    otherwise."""
    import models.make_dataset
    seen, real = [], models.make_dataset.make_scene

    def recording(rng, cache, decks, kind, camera):
        seen.append(camera.tilt)
        return real(rng, cache, decks, kind, camera=camera)
    monkeypatch.setattr(models.make_dataset, "make_scene", recording)
    detector_crops.main(["--seed", "52", "--scenes", "2", "--kind", "cards", "--stage", "card", "--no-svg",
                         "--tilt-max", "30", "--out", str(tmp_path)])
    assert seen == [(0.0, 30.0), (0.0, 30.0)]
    data = np.load(tmp_path / "card_train_det52.npz")
    assert len(data["x"]) == len(data["y"]) > 0


def test_bad_arguments_are_refused_with_the_reason(tmp_path, capsys):
    with pytest.raises(SystemExit):
        detector_crops.main(["--seed", "1", "--scenes", "0", "--out", str(tmp_path)])
    assert "--scenes must be at least 1, got 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        detector_crops.main(["--seed", "1", "--scenes", "2", "--weights", str(tmp_path / "nope"), "--out", str(tmp_path)])
    assert f"--weights {tmp_path / 'nope'}: no such detector" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        detector_crops.main(["--seed", "1", "--scenes", "2", "--gloss", "2", "--out", str(tmp_path)])
    assert "argument --gloss: gloss is a share of the cards (0 to 1), got 2.0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        detector_crops.main(["--seed", "1", "--scenes", "2", "--tilt-max", "50", "--out", str(tmp_path)])
    assert "argument --tilt-max: a camera's tilt is 0 to 40 degrees from looking straight down, got 50" in capsys.readouterr().err
