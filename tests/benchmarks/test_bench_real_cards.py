"""The real-card photo benchmark: its label reader, its split by shot and its scoring, on hand-made examples,
and on the real-cards-corners photos where ../shared holds them."""

import hashlib
import json
from pathlib import Path

import pytest

from benchmarks import bench_real_cards, real_cards
from benchmarks.real_cards import Corner, LabelError, Tally
from vision.detector import Detection

REAL_CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "datasets" / "real-cards-corners"
CLASSES = ["10C", "2H", "AS", "BACK", "BLACK JOKER", "QD"]


def test_class_names_become_our_card_codes_and_backs_and_jokers_none():
    assert [real_cards.card_code(n) for n in CLASSES] == ["Tc", "2h", "As", None, None, "Qd"]
    with pytest.raises(LabelError, match="'1C' is not a card"):
        real_cards.card_code("1C")


def test_boxes_and_polygons_are_read_in_pixels_a_polygon_as_its_bounding_box(tmp_path):
    label = tmp_path / "a.txt"
    label.write_text("0 0.5 0.25 0.25 0.5\n\n5 0.125 0.25 0.375 0.125 0.25 0.5 0.0625 0.375\n")
    assert real_cards.read_corners(label, CLASSES, 200, 100) == [
        Corner("10C", (75.0, 0.0, 125.0, 50.0)), Corner("QD", (12.5, 12.5, 75.0, 50.0))]
    assert real_cards.read_corners(label, CLASSES, 200, 100)[1].centre == (43.75, 31.25)


@pytest.mark.parametrize("line, why", [
    ("6 0.5 0.5 0.1 0.1", "class 6 is not among the 6 of classes.txt"),
    ("1 0.5 0.5 0.1", "3 numbers: neither a box"),
    ("1 0.5 0.5 0.1 0.1 0.2", "5 numbers: neither a box"),
    ("x 0.5 0.5 0.1 0.1", "not numbers"),
])
def test_a_bad_label_line_is_named_by_file_and_line(tmp_path, line, why):
    label = tmp_path / "b.txt"
    label.write_text("0 0.5 0.5 0.1 0.1\n" + line + "\n")
    with pytest.raises(LabelError, match=f"b.txt:2: {why}"):
        real_cards.read_corners(label, CLASSES, 640, 640)


def test_a_shot_is_the_name_up_to_the_export_mark():
    assert real_cards.shot("IMG_7702_jpg.rf.0a1b2c.jpg") == "IMG_7702"
    assert real_cards.shot(Path("x/IMG_20220921_193915_jpg.rf.10adff.txt")) == "IMG_20220921_193915"
    assert real_cards.shot("plain.jpg") == "plain"


def test_the_split_is_the_written_rule_and_never_splits_a_shots_copies():
    names = [f"IMG_{n}_jpg.rf.{copy}.jpg" for n in range(7700, 7800) for copy in ("a1", "b2", "c3")]
    held = {real_cards.shot(p) for p in real_cards.split([Path(n) for n in names])["held_out"]}
    assert held == {f"IMG_{n}" for n in range(7700, 7800)
                    if int(hashlib.sha256(f"IMG_{n}".encode()).hexdigest()[:8], 16) % 5 == 0}
    assert len(held) == 23
    splits = real_cards.split([Path(n) for n in names])
    assert len(splits["train"]) + len(splits["held_out"]) == 300
    assert not {real_cards.shot(p) for p in splits["train"]} & held
    assert real_cards.is_held_out("IMG_7706") and not real_cards.is_held_out("IMG_7702")


def _box(kind, x1, y1, x2, y2, card=None):
    return Detection(kind, (x1, y1, x2, y2), 0.9, card=card,
                     corners=((x1, y1), (x2, y1), (x2, y2), (x1, y2)))


def test_cards_are_found_read_unread_misnamed_or_boxed_as_backs():
    corners = [Corner("10C", (10, 10, 20, 20)), Corner("10C", (80, 120, 90, 130)),  # Tc, both corners
               Corner("2H", (210, 10, 220, 20)),       # 2h: its box names it 2d
               Corner("AS", (410, 10, 420, 20)),       # As: boxed, unread
               Corner("QD", (610, 10, 620, 20)),       # Qd: boxed as a back
               Corner("QD", (0, 600, 10, 610)),        # the Qd's other corner, in no box
               Corner("BACK", (810, 10, 820, 20)),     # a back, boxed as one
               Corner("BLACK JOKER", (1010, 10, 1020, 20))]  # a joker, named Ks
    dets = [_box("card", 0, 0, 100, 140, "Tc"), _box("card", 70, 110, 150, 250, "2h"),  # holds a Tc corner
            _box("card", 200, 0, 300, 140, "2d"), _box("card", 400, 0, 500, 140),
            _box("card_back", 600, 0, 700, 140), _box("card_back", 800, 0, 900, 140),
            _box("card", 1000, 0, 1100, 140, "Ks"), _box("card", 1200, 0, 1300, 140, "As"),  # nothing there
            _box("card", 1400, 0, 1500, 140, "9h")]
    tally = Tally()
    verdicts = tally.add(corners, dets)
    assert [(d.card, v) for d, v in verdicts] == [("Tc", "right"), ("2h", "wrong"), ("2d", "wrong"),
                                                  ("Ks", "wrong"), ("As", "unjudged"), ("9h", "wrong")]
    assert tally.summary() == {
        "photos": 1, "face_up": 4, "found": 1.0, "read": 0.25, "unread": 0.25, "misnamed": 0.25,
        "no_card": 0.2222, "names_wrong": 0.6667, "names_not_in_photo": 0.5,
        "counts": {"found": 4, "read": 1, "unread": 1, "misnamed": 1, "as_back": 1, "boxes": 9, "no_card": 2,
                   "names": 6, "names_right": 1, "names_wrong": 4, "names_not_in_photo": 3, "names_unjudged": 1,
                   "backs": {"labelled": 1, "in_a_back_box": 1, "in_a_face_box": 0},
                   "jokers": {"labelled": 1, "boxed": 1, "named": 1}}}


def test_a_card_no_box_holds_is_not_found_and_an_oriented_box_holds_only_what_lies_in_it():
    corners = [Corner("2H", (95, 5, 105, 15)), Corner("AS", (295, 295, 305, 305))]
    diamond = Detection("card", (0, 0, 200, 200), 0.9, card="2h",   # a box turned 45 degrees, its box square
                        corners=((100, 0), (200, 100), (100, 200), (0, 100)))
    tally = Tally()
    tally.add(corners, [diamond, _box("card", 400, 400, 500, 500, "As")])
    assert (tally.face_up, tally.found, tally.read, tally.no_card, tally.names) == (
        2, 1, 1, 1, {"right": 1, "wrong": 0, "not_in_photo": 0, "unjudged": 1})
    turned = Detection("card", (0, 0, 200, 200), 0.9, card="2h", corners=((100, 20), (180, 100), (100, 180), (20, 100)))
    tally = Tally()
    tally.add(corners, [turned])   # the 2h's corner centre (100, 10) lies outside the turned box
    assert (tally.found, tally.no_card, tally.names["wrong"], tally.names["not_in_photo"]) == (0, 1, 0, 0)


def test_a_score_under_the_threshold_leaves_the_card_unread():
    dets = [_box("card", 0, 0, 10, 10, "Tc"), _box("card", 0, 0, 10, 10, "2h"), _box("card_back", 0, 0, 10, 10)]
    assert [d.card for d in bench_real_cards.gated(dets, [0.91, 0.5, None], 0.9)] == ["Tc", None, None]


needs_real_cards = pytest.mark.skipif(not REAL_CARDS.is_dir(), reason=f"{REAL_CARDS} is absent (../shared)")


@needs_real_cards
def test_the_real_folder_splits_by_shot_as_written():
    splits = real_cards.split(real_cards.photos(REAL_CARDS))
    shots = {name: {real_cards.shot(p) for p in paths} for name, paths in splits.items()}
    assert (len(splits["train"]), len(splits["held_out"]), len(shots["train"]), len(shots["held_out"])) == (
        1362, 345, 666, 165)
    assert not shots["train"] & shots["held_out"]


@needs_real_cards
def test_reading_with_every_card_named_then_gating_is_what_the_detector_says(tmp_path):
    """The benchmark reads each photo once with every name kept and applies card_min_prob afterwards: the
    detections must be those of `pelituomari detect`'s Detector itself."""
    from pelituomari.commands.detect import read_image
    paths = real_cards.photos(REAL_CARDS)[:12]
    classes = real_cards.read_classes(REAL_CARDS)
    read, _, threshold = bench_real_cards.read_photos(bench_real_cards.make_detector(None, False, False), paths,
                                                      classes, False)
    plain = bench_real_cards.make_detector(None, False, False)
    assert threshold == plain.card_min_prob
    for path, (_, _, dets, scores) in zip(paths, read):
        assert bench_real_cards.gated(dets, scores, threshold) == plain.detect(read_image(str(path)))
    out = tmp_path / "r.json"
    bench_real_cards.main([str(REAL_CARDS), "--limit", "12", "--out", str(out)])
    result = json.loads(out.read_text())
    assert result["all"]["photos"] == 12 and result["train"]["photos"] + result["held_out"]["photos"] == 12
    assert [row["card_min_prob"] for row in result["by_threshold"]["train"]] == list(bench_real_cards.THRESHOLDS)
