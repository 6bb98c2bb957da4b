"""The real dice photos join the training data: as detector boxes and die crops, or as crops only."""

import cv2
import numpy as np
import pytest

from models import make_dataset
from models.make_dataset import WHOLE_DICE, add_real_dice, load_whole_dice, read_yolo_boxes
from vision.crops import DIE_CROP_WH


def _photo(folder, name, label):
    image = np.full((48, 64, 3), 90, np.uint8)
    cv2.imwrite(str(folder / f"{name}.jpg"), image)
    (folder / f"{name}.txt").write_text(label)
    return folder / f"{name}.jpg"


def _det_folder(root):
    for sub in ("images", "labels"):
        (root / sub / "train").mkdir(parents=True)
    return root


def test_read_yolo_boxes_gives_pip_count_and_pixel_corners(tmp_path):
    photo = _photo(tmp_path, "dice_1", "5 0.5 0.25 0.25 0.5\n")
    assert read_yolo_boxes(photo.with_suffix(".txt"), 64, 48) == [(6, 24.0, 0.0, 40.0, 24.0)]


def test_real_dice_give_the_detector_their_boxes_and_the_die_classifier_crops(tmp_path):
    photo = _photo(tmp_path, "dice_1", "0 0.5 0.5 0.25 0.25\n3 0.25 0.5 0.25 0.25\n")
    det = _det_folder(tmp_path / "det")
    crops, faces = [], []
    add_real_dice([photo], "train", det, (crops, faces), np.random.default_rng(0), copies=2)
    assert faces == [0, 0, 3, 3]
    assert [c.shape for c in crops] == [(DIE_CROP_WH[1], DIE_CROP_WH[0], 3)] * 4
    assert (det / "images" / "train" / "real_dice_1.jpg").is_file()
    lines = (det / "labels" / "train" / "real_dice_1.txt").read_text().split()
    assert lines[:9] == ["2", "0.37500", "0.37500", "0.62500", "0.37500", "0.62500", "0.62500", "0.37500", "0.62500"]


def test_real_dice_crops_only_keeps_their_crops_and_leaves_the_detector_data_alone(tmp_path):
    photos = tmp_path / "real"
    photos.mkdir()
    for n in (1, 2):  # dice_1 is the validation photo (every 5th), dice_2 trains
        _photo(photos, f"dice_{n}", "0 0.5 0.5 0.25 0.25\n")
    made = {}
    for flag in ([], ["--real-dice-crops-only"]):
        out = tmp_path / ("crops_only" if flag else "both")
        make_dataset.main(["--out", str(out), "--train", "1", "--val", "0", "--card-crops", "0", "--no-svg",
                           "--workers", "1", "--real-dice", str(photos), *flag])
        made[bool(flag)] = (sorted(p.name for p in (out / "det" / "images" / "train").iterdir()),
                            np.load(out / "die_train.npz")["y"].tolist())
    assert made[False][0] == ["real_dice_2.jpg", "s000000.jpg"] and made[True][0] == ["s000000.jpg"]
    assert made[True][1] == made[False][1] and made[True][1][-4:] == [0, 0, 0, 0]


def test_whole_die_boxes_replace_the_pip_boxes_and_a_photo_with_an_unboxed_die_is_left_out(tmp_path):
    boxed = _photo(tmp_path, "dice_1", "0 0.5 0.5 0.125 0.125\n")         # a 1: its label boxes the pip
    unboxed = _photo(tmp_path, "dice_2", "0 0.5 0.5 0.125 0.125\n5 0.25 0.25 0.25 0.25\n")
    det = _det_folder(tmp_path / "det")
    whole = {"dice_1.jpg": [[[24, 16], [40, 16], [40, 32], [24, 32]]], "dice_2.jpg": [[[24, 16], [40, 16], [40, 32], [24, 32]], None]}
    crops, faces = [], []
    add_real_dice([boxed, unboxed], "train", det, (crops, faces), np.random.default_rng(0), copies=3, whole=whole)
    assert faces == [0, 0, 0] and len(crops) == 3
    assert sorted(p.name for p in (det / "images" / "train").iterdir()) == ["real_dice_1.jpg"]
    assert (det / "labels" / "train" / "real_dice_1.txt").read_text() == \
        "2 0.37500 0.33333 0.62500 0.33333 0.62500 0.66667 0.37500 0.66667\n"


def test_whole_die_boxes_must_match_the_labels_one_to_one(tmp_path):
    photo = _photo(tmp_path, "dice_3", "0 0.5 0.5 0.125 0.125\n2 0.25 0.25 0.2 0.2\n")
    with pytest.raises(ValueError, match="dice_3.jpg: 2 labelled dice but 1 whole-die boxes"):
        add_real_dice([photo], "train", None, ([], []), np.random.default_rng(0),
                      whole={"dice_3.jpg": [[[24, 16], [40, 16], [40, 32], [24, 32]]]})


def test_the_shipped_whole_die_boxes_cover_every_label_of_the_data_set():
    """The file the model card describes: 951 dice in 310 photos, 7 of them without a whole box."""
    whole = load_whole_dice(WHOLE_DICE)
    assert len(whole) == 310 and sum(len(v) for v in whole.values()) == 951
    assert sum(q is None for v in whole.values() for q in v) == 7
    assert all(np.asarray(q).shape == (4, 2) for v in whole.values() for q in v if q is not None)


def test_make_dataset_real_dice_whole_reads_the_boxes_file_it_is_given(tmp_path):
    import json
    photos = tmp_path / "real"
    photos.mkdir()
    for n in (1, 2):  # dice_1 is the validation photo (every 5th), dice_2 trains
        _photo(photos, f"dice_{n}", "0 0.5 0.5 0.125 0.125\n")
    boxes = tmp_path / "whole.json"
    boxes.write_text(json.dumps({"about": "test", "photos": {"dice_2.jpg": [[[16, 12], [48, 12], [48, 36], [16, 36]]]}}))
    out = tmp_path / "data"
    make_dataset.main(["--out", str(out), "--train", "1", "--val", "0", "--card-crops", "0", "--no-svg",
                       "--workers", "1", "--real-dice", str(photos), "--real-dice-whole", str(boxes)])
    assert (out / "det" / "labels" / "train" / "real_dice_2.txt").read_text() == \
        "2 0.25000 0.25000 0.75000 0.25000 0.75000 0.75000 0.25000 0.75000\n"


@pytest.mark.parametrize("flags, named", [
    (["--real-dice-whole"], "--real-dice-whole needs --real-dice"),
    (["--real-dice-crops-only"], "--real-dice-crops-only needs --real-dice"),
    (["--only-patches"], "--only-patches needs --loose-card-crops N, --corner-patches N or --cut-card-patches N"),
])
def test_make_dataset_refuses_a_flag_that_would_be_ignored(tmp_path, capsys, flags, named):
    with pytest.raises(SystemExit) as stop:
        make_dataset.main(["--out", str(tmp_path / "data"), "--no-svg", *flags])
    assert stop.value.code == 2 and named in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def test_make_dataset_names_a_broken_whole_die_boxes_file_before_making_anything(tmp_path, capsys):
    photos = tmp_path / "real"
    photos.mkdir()
    boxes = tmp_path / "whole.json"
    boxes.write_text('{"photos": [')
    with pytest.raises(SystemExit) as stop:
        make_dataset.main(["--out", str(tmp_path / "data"), "--no-svg", "--real-dice", str(photos),
                           "--real-dice-whole", str(boxes)])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and f"{boxes}: not a whole-die boxes file (JSONDecodeError" in err
    assert not (tmp_path / "data").exists()
