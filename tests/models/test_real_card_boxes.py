"""models.real_card_boxes: a whole card boxed from its index labels on a card drawn in the test, the checks that
refuse a box, a card the labels leave out, the detector's label lines, and the committed boxes file against the
photos where ../shared holds them."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks import real_cards
from benchmarks.real_cards import Corner
from models import make_dataset
from models import real_card_boxes as R

REAL_CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "datasets" / "real-cards-corners"
CLASSES = ["AS", "2H", "BACK"]
CARD = ((200.0, 160.0), (100.0, 140.0), 20.0)  # a white card turned 20 degrees on a grey table


def _corner_box(quad: np.ndarray, k: int) -> tuple[float, float, float, float]:
    """An index's box: a square a fifth of the card's short side, inside the card near its corner k."""
    centre = quad[k] + (quad.mean(0) - quad[k]) * 0.2
    return (*(centre - 9), *(centre + 9))


def drawn_card(tmp_path: Path) -> tuple[Path, np.ndarray]:
    """A photo and its label file: CARD with a dark index in two opposite corners, labelled AS."""
    quad = cv2.boxPoints(CARD)
    image = np.full((320, 400, 3), 90, np.uint8)
    cv2.fillPoly(image, [np.int32(np.round(quad))], (250, 250, 250))
    lines = []
    for k in (0, 2):
        x1, y1, x2, y2 = _corner_box(quad, k)
        cv2.rectangle(image, (round(x1) + 4, round(y1) + 4), (round(x2) - 4, round(y2) - 4), (20, 20, 20), -1)
        lines.append(f"0 {(x1 + x2) / 800:.6f} {(y1 + y2) / 640:.6f} {(x2 - x1) / 400:.6f} {(y2 - y1) / 320:.6f}")
    photo = tmp_path / f"{_shot(False)}_jpg.rf.a.jpg"
    cv2.imwrite(str(photo), image)
    photo.with_suffix(".txt").write_text("\n".join(lines) + "\n")
    return photo, quad


def _same_rectangle(a: np.ndarray, b: np.ndarray) -> float:
    """The largest distance from a corner of a to the nearest corner of b."""
    return float(max(np.linalg.norm(b - p, axis=1).min() for p in a))


def test_a_card_is_boxed_whole_from_its_two_indices(tmp_path):
    photo, quad = drawn_card(tmp_path)
    [box] = R.photo_boxes(cv2.imread(str(photo)), photo.with_suffix(".txt"), CLASSES)
    assert box["name"] == "AS" and box["why"] is None
    assert _same_rectangle(box["quad"], quad) < 3.0


UPRIGHT = np.float32([[100, 100], [200, 100], [200, 240], [100, 240]])  # 100 x 140


def corner_at(name: str, x: float, y: float) -> Corner:
    return Corner(name, (x - 8, y - 10, x + 8, y + 10))


@pytest.mark.parametrize("quad, fill, mine, others, why", [
    (UPRIGHT, 0.95, [corner_at("AS", 112, 115), corner_at("AS", 188, 225)], [], None),
    (np.float32([[100, 100], [300, 100], [300, 120], [100, 120]]), 0.95, [corner_at("AS", 110, 110)], [],
     "not a card's shape"),
    (UPRIGHT, 0.6, [corner_at("AS", 112, 115), corner_at("AS", 188, 225)], [], "not a rectangle"),
    (UPRIGHT, 0.95, [corner_at("AS", 112, 115), corner_at("AS", 230, 225)], [], "leaves out its own index"),
    (UPRIGHT, 0.95, [corner_at("AS", 112, 115), corner_at("AS", 188, 225)], [corner_at("2H", 150, 170)],
     "holds another card's index"),
    (UPRIGHT, 0.95, [corner_at("AS", 150, 170)], [], "an index far from the box's corners"),
    (UPRIGHT, 0.95, [corner_at("AS", 112, 115), corner_at("AS", 188, 115)], [], "its indices not in opposite corners"),
    (UPRIGHT, 0.95, [corner_at("AS", 118, 110), corner_at("AS", 182, 230)], [], "turned from its indices"),
    (UPRIGHT, 0.95, [corner_at("AS", 104, 104), corner_at("AS", 188, 225)], [], "not even around its indices"),
    (UPRIGHT, 0.95, [Corner("AS", (100, 100, 150, 150))], [], "hardly larger than its index"),
    (UPRIGHT, 0.95, [corner_at("AS", 188, 225)], [], None),
])
def test_a_box_is_refused_for_the_reason_named(quad, fill, mine, others, why):
    assert R.checked(quad, fill, mine, others) == why


def test_a_back_is_boxed_by_its_outline_and_written_as_a_card_back():
    back = Corner("BACK", (100, 100, 200, 240))
    quad = R.back_box(back, [(100, 100), (200, 100), (200, 240), (100, 240)])
    assert _same_rectangle(quad, UPRIGHT) == 0.0
    lines = R.detector_lines([{"name": "BACK", "quad": quad.tolist()}, {"name": "AS", "quad": UPRIGHT.tolist()}], 400, 320)
    assert lines[0].split()[0] == "1" and sorted(lines[0].split()[1:]) == sorted(
        "0.25000 0.31250 0.50000 0.31250 0.50000 0.75000 0.25000 0.75000".split())
    assert lines[1] == "0 0.25000 0.31250 0.50000 0.31250 0.50000 0.75000 0.25000 0.75000"


def _shot(held_out: bool) -> str:
    return next(f"IMG_{n}" for n in range(1000) if real_cards.is_held_out(f"IMG_{n}") == held_out)


def test_only_the_training_split_and_photos_with_every_card_boxed_join_the_detector_set(tmp_path):
    (tmp_path / "classes.txt").write_text("\n".join(CLASSES) + "\n")
    names = {"train": f"{_shot(False)}_jpg.rf.a.jpg", "unboxed": f"{_shot(False)}_jpg.rf.b.jpg",
             "unlabelled": f"{_shot(False)}_jpg.rf.c.jpg", "held": f"{_shot(True)}_jpg.rf.a.jpg"}
    for name in names.values():
        cv2.imwrite(str(tmp_path / name), np.zeros((320, 400, 3), np.uint8))
        (tmp_path / name).with_suffix(".txt").write_text("0 0.3 0.3 0.05 0.05\n")
    boxed = [{"name": "AS", "quad": UPRIGHT.tolist(), "why": None}]
    whole = {names["train"]: boxed, names["held"]: boxed,
             names["unboxed"]: [*boxed, {"name": "2H", "quad": None, "why": "not a rectangle"}],
             names["unlabelled"]: [*boxed, {"name": None, "quad": (UPRIGHT + 150).tolist(), "why": "in no label"}]}
    det = tmp_path / "det"
    for sub in ("images/train", "labels/train"):
        (det / sub).mkdir(parents=True)
    assert R.add_to_detector_set(tmp_path, whole, det) == 1
    stem = Path(names["train"]).stem
    assert [p.name for p in (det / "images" / "train").iterdir()] == [f"realcard_{stem}.jpg"]
    assert (det / "labels" / "train" / f"realcard_{stem}.txt").read_text() == (
        "0 0.25000 0.31250 0.50000 0.31250 0.50000 0.75000 0.25000 0.75000\n")


class FoundBoxes:
    """A detector's boxes, given: ((cx, cy), (w, h), angle) rects, scores and kinds."""

    def __init__(self, *found):
        self.found = found

    def oriented_boxes(self, image):
        rects, scores, kinds = zip(*self.found)
        return list(rects), np.float32(scores), list(kinds)


def test_a_card_the_labels_leave_out_is_one_the_detector_finds_outside_every_box():
    boxes = [{"name": "AS", "quad": UPRIGHT, "why": None}, {"name": "2H", "quad": None, "why": "not a rectangle"}]
    outside = ((300.0, 100.0), (60.0, 90.0), 0.0)
    detector = FoundBoxes((((150.0, 170.0), (100.0, 140.0), 0.0), 0.95, "card"),  # the labelled AS
                          (outside, 0.9, "card_back"), (((300.0, 250.0), (60.0, 90.0), 0.0), 0.4, "card"),
                          (((40.0, 40.0), (20.0, 20.0), 0.0), 0.9, "die"))
    [left_out] = R.unlabelled(detector, np.zeros((320, 400, 3), np.uint8), boxes)
    assert left_out["name"] is None and left_out["why"] == "in no label"
    assert _same_rectangle(left_out["quad"], np.float32([[270, 55], [330, 55], [330, 145], [270, 145]])) < 1e-4


def test_make_dataset_adds_the_boxed_real_photos_to_the_detectors_scenes(tmp_path, capsys):
    photos = tmp_path / "real"
    photos.mkdir()
    photo, _ = drawn_card(photos)
    (photos / "classes.txt").write_text("\n".join(CLASSES) + "\n")
    R.main([str(photos), "--out", str(tmp_path / "boxes.json")])
    out = tmp_path / "data"
    make_dataset.main(["--out", str(out), "--train", "1", "--val", "0", "--card-crops", "0", "--no-svg", "--workers", "1",
                       "--real-cards", str(photos), "--real-cards-whole", str(tmp_path / "boxes.json")])
    assert sorted(p.name for p in (out / "det" / "images" / "train").iterdir()) == [f"realcard_{photo.stem}.jpg",
                                                                                   "s000000.jpg"]
    assert "real cards: 1 training photos with every card boxed" in capsys.readouterr().out


def test_make_dataset_names_a_boxes_file_that_is_not_one(tmp_path, capsys):
    (tmp_path / "boxes.json").write_text("[]")
    with pytest.raises(SystemExit):
        make_dataset.main(["--out", str(tmp_path / "data"), "--real-cards", str(tmp_path),
                           "--real-cards-whole", str(tmp_path / "boxes.json")])
    assert (f"{tmp_path / 'boxes.json'}: not a whole-card boxes file (TypeError: list indices must be integers or "
            "slices, not str)") in capsys.readouterr().err


def test_the_tool_names_a_folder_that_is_not_the_data_set(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        R.main([str(tmp_path), "--out", str(tmp_path / "boxes.json")])
    assert stop.value.code == 2
    assert f"{tmp_path}: no classes.txt (expected the real-cards-corners data set)" in capsys.readouterr().err
    assert not (tmp_path / "boxes.json").exists()


def test_the_tool_writes_each_photos_boxes(tmp_path, capsys):
    photo, quad = drawn_card(tmp_path)
    with photo.with_suffix(".txt").open("a") as label:
        label.write("2 0.8 0.8 0.95 0.8 0.95 0.95 0.8 0.95\n")  # a back, labelled by its outline
    (tmp_path / "classes.txt").write_text("\n".join(CLASSES) + "\n")
    assert R.main([str(tmp_path), "--out", str(tmp_path / "boxes.json"), "--sheet", str(tmp_path / "sheets")]) == 0
    written = json.loads((tmp_path / "boxes.json").read_text())
    assert written["counts"] == {"photos": 1, "trainable": 1, "boxed": 2, "unboxed": 0, "unlabelled": 0}
    card, back = R.load(tmp_path / "boxes.json")[photo.name]
    assert _same_rectangle(np.float32(card["quad"]), quad) < 3.0
    assert back["name"] == "BACK" and _same_rectangle(np.float32(back["quad"]), np.float32(
        [[320, 256], [380, 256], [380, 304], [320, 304]])) < 0.01
    assert [p.name for p in (tmp_path / "sheets").iterdir()] == ["sheet_000.png"]


@pytest.mark.skipif(not REAL_CARDS.is_dir(), reason="needs ../shared/datasets/real-cards-corners")
def test_the_shipped_boxes_cover_every_labelled_card_of_every_photo():
    whole = R.load()
    classes = real_cards.read_classes(REAL_CARDS)
    paths = real_cards.photos(REAL_CARDS)
    assert sorted(whole) == [p.name for p in paths]
    for path in paths[::50]:
        names = {c.name for c in real_cards.read_corners(path.with_suffix(".txt"), classes, 640, 640)}
        assert {b["name"] for b in whole[path.name]} - {None} == names
