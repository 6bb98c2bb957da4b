"""Labelled photographs: `detect --json` output corrected by hand is a labels file, `bench_detect --photos`
scores the detector on it, and a labels file with anything wrong in it is refused naming where."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks import bench_detect
from benchmarks.photo_labels import LabelError, read_labels
from pelituomari.cli import main
from vision.detector import Detection


def card(box, code="Td", **extra):
    return {"kind": "card", "box": box, "confidence": 0.9, "card": code, "die": None, **extra}


@pytest.fixture
def photos(tmp_path):
    """Two grey 200 x 100 photos in tmp_path/photos."""
    folder = tmp_path / "photos"
    folder.mkdir()
    for name in ("a.jpg", "b.png"):
        cv2.imwrite(str(folder / name), np.full((100, 200, 3), 90, np.uint8))
    return folder


def write(path: Path, *entries) -> Path:
    path.write_text("".join((e if isinstance(e, str) else json.dumps(e)) + "\n" for e in entries))
    return path


def test_a_labels_file_gives_each_photo_its_objects_and_its_hidden_ones(photos):
    labels = write(photos / "labels.jsonl",
                   {"image": "a.jpg", "width": 200, "height": 100, "detections": [
                       card([10, 10, 50, 70]),
                       {"kind": "card_back", "box": [60, 10, 100, 70], "card": None, "die": None},
                       {"kind": "die", "box": [120, 20, 140, 40], "die": 6},
                       card([150, 10, 190, 70], None, hidden=True)]},
                   "",
                   {"image": str(photos / "b.png"), "detections": []})
    a, b = read_labels(labels)
    assert (a.path, b.path) == (photos / "a.jpg", photos / "b.png")
    assert a.truth == [{"kind": "card", "box": (10.0, 10.0, 50.0, 70.0), "card": "Td", "die": None},
                       {"kind": "card_back", "box": (60.0, 10.0, 100.0, 70.0), "card": None, "die": None},
                       {"kind": "die", "box": (120.0, 20.0, 140.0, 40.0), "card": None, "die": 6}]
    assert a.hidden == [(150.0, 10.0, 190.0, 70.0)]
    assert (b.truth, b.hidden) == ([], [])


def test_labels_laid_out_over_many_lines_for_editing_are_read_and_errors_name_where_the_photo_starts(photos):
    """`jq . labels.jsonl` (or an editor) spreads each photo's object over many lines for correcting by hand."""
    a = {"image": "a.jpg", "detections": [card([10, 10, 50, 70])]}
    labels = photos / "labels.json"
    labels.write_text(json.dumps(a, indent=2) + "\n" + json.dumps({"image": "b.png", "detections": []}, indent=2) + "\n")
    assert [(p.path.name, len(p.truth)) for p in read_labels(labels)] == [("a.jpg", 1), ("b.png", 0)]
    lines = json.dumps(a, indent=2).count("\n") + 1
    labels.write_text(json.dumps(a, indent=2) + "\n" + json.dumps({"image": "b.png", "detections": [card([1, 1, 9, 9], "1x")]}, indent=2))
    with pytest.raises(LabelError, match=f"line {lines + 1}, detection 0: card must be a rank"):
        read_labels(labels)
    labels.write_text(json.dumps(a, indent=2)[:-1])   # the closing brace forgotten
    with pytest.raises(LabelError, match=f"line {lines}: not JSON \\(Expecting ',' delimiter at column 1\\)"):
        read_labels(labels)


def test_a_relative_image_path_is_looked_for_beside_the_labels_then_where_detect_ran_then_by_name(photos, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes").mkdir()
    labels = write(tmp_path / "notes" / "labels.jsonl", {"image": "photos/a.jpg", "detections": []})
    assert read_labels(labels)[0].path == Path("photos/a.jpg")        # not beside it: as `detect` was given it
    cv2.imwrite(str(tmp_path / "a.jpg"), np.zeros((100, 200, 3), np.uint8))   # an a.jpg where detect ran too
    labels = write(photos / "labels.jsonl", {"image": "a.jpg", "detections": []})
    assert read_labels(labels)[0].path == photos / "a.jpg"                # the one beside the labels
    monkeypatch.chdir(tmp_path / "notes")        # scored elsewhere: photos/a.jpg is not there, but beside the labels
    labels = write(photos / "labels.jsonl", {"image": "photos/a.jpg", "detections": []})
    assert read_labels(labels)[0].path == photos / "a.jpg"


@pytest.mark.parametrize("line, message", [
    ('{"image": "a.jpg", "detections": [}', ": not JSON (Expecting value at column 35)"),
    ('["a.jpg"]', ': expected {"image": path, "detections": [...]} as `pelituomari detect --json` writes'),
    ('{"image": "a.jpg"}', ': expected {"image": path, "detections": [...]} as `pelituomari detect --json` writes'),
    ('{"image": "c.jpg", "detections": []}',
     ": image c.jpg: no such file beside the labels ({photos}/c.jpg) nor in the working directory (c.jpg)"),
    ('{"image": "photos/c.jpg", "detections": []}',
     ": image photos/c.jpg: no such file beside the labels ({photos}/photos/c.jpg or {photos}/c.jpg) nor in the "
     "working directory (photos/c.jpg)"),
    ('{"image": "b.png", "detections": []}', ": {photos}/b.png is labelled already, on line 1"),
    ('{"image": "empty.jpg", "detections": []}', ": image empty.jpg: empty file"),
    ('{"image": "a.jpg", "width": 640, "height": 480, "detections": []}',
     ": labelled as 640x480, but {photos}/a.jpg is 200x100: a label of another photo?"),
    ('{"image": "a.jpg", "detections": [{"kind": "joker", "box": [0, 0, 9, 9]}]}',
     ", detection 0: kind must be one of card, card_back, die, got 'joker'"),
    ('{"image": "a.jpg", "detections": [{"kind": "die", "box": [0, 0, 9, 9], "die": 3}, {"kind": "die", "box": [0, 0, 9], "die": 3}]}',
     ", detection 1: box must be [x1, y1, x2, y2] in pixels, got [0, 0, 9]"),
    ('{"image": "a.jpg", "detections": [{"kind": "card_back", "box": [150, 10, 210, 70]}]}',
     ", detection 0: box [150, 10, 210, 70] must have x1 < x2 and y1 < y2 within the 200x100 image"),
    ('{"image": "a.jpg", "detections": [{"kind": "card", "box": [10, 10, 50, 70], "card": null}]}',
     ', detection 0: a face-up card needs its "card" (e.g. "Td"), or "hidden": true if it cannot be named'),
    ('{"image": "a.jpg", "detections": [{"kind": "card", "box": [10, 10, 50, 70], "card": "10d"}]}',
     ', detection 0: card must be a rank from A23456789TJQK and a suit from shdc, e.g. "Td", got \'10d\''),
    ('{"image": "a.jpg", "detections": [{"kind": "card_back", "box": [10, 10, 50, 70], "card": "Td"}]}',
     ", detection 0: card must be null on a card_back"),
    ('{"image": "a.jpg", "detections": [{"kind": "die", "box": [10, 10, 30, 30], "die": 7}]}',
     ", detection 0: die must be 1-6, got 7"),
    ('{"image": "a.jpg", "detections": [{"kind": "die", "box": [10, 10, 30, 30]}]}',
     ', detection 0: a die needs its top face in "die" (1-6), or "hidden": true if it cannot be read'),
    ('{"image": "a.jpg", "detections": [{"kind": "die", "box": [10, 10, 30, 30], "hidden": "yes"}]}',
     ", detection 0: hidden must be true or false, got 'yes'"),
])
def test_a_labels_file_with_anything_wrong_is_refused_naming_the_line_and_detection(photos, line, message):
    (photos / "empty.jpg").write_bytes(b"")
    labels = write(photos / "labels.jsonl", {"image": "b.png", "detections": []}, line)
    with pytest.raises(LabelError) as e:
        read_labels(labels)
    assert str(e.value) == f"{labels} line 2" + message.replace("{photos}", str(photos))


def test_an_empty_or_missing_labels_file_is_refused(photos):
    with pytest.raises(LabelError, match=f"^{photos / 'none.jsonl'}: cannot read the labels file: "):
        read_labels(photos / "none.jsonl")
    with pytest.raises(LabelError, match=f"^{photos / 'empty.jsonl'}: no labelled photos in it$"):
        read_labels(write(photos / "empty.jsonl", ""))


def test_labelled_photos_are_scored_found_read_false_and_hidden(photos, tmp_path, monkeypatch):
    labels = write(photos / "labels.jsonl",
                   {"image": "a.jpg", "detections": [card([10, 10, 50, 70]), card([60, 10, 100, 70], "Qs"),
                                                     card([150, 10, 190, 70], None, hidden=True)]},
                   {"image": "b.png", "detections": [{"kind": "die", "box": [120, 20, 140, 40], "die": 6}]})
    said = {"a.jpg": [Detection("card", (11, 10, 50, 71), 0.9, card="Td"),     # found, read
                      Detection("card", (60, 10, 100, 70), 0.8, card="Qc"),    # found, misread
                      Detection("card", (150, 12, 190, 70), 0.5),              # the hidden card: neither
                      Detection("die", (0, 80, 15, 95), 0.4, die=2)],          # nothing there: false
            "b.png": [Detection("die", (121, 20, 140, 41), 0.9, die=5)]}       # found, misread

    class Reader:
        imgsz, detector_file = 480, Path("detector.onnx")

        def __init__(self, weights, conf, views, int8):
            self.photos = iter(said.values())

        def detect(self, image):
            assert image.shape == (100, 200, 3)
            return next(self.photos)
    monkeypatch.setattr(bench_detect, "Detector", Reader)
    out = tmp_path / "photos.json"
    bench_detect.main(["--synthetic", "0", "--photos", str(labels), "--out", str(out)])
    result = json.loads(out.read_text())["photo_validation"]
    assert result == {"labels": str(labels), "photos": 2, "cards": 2, "cards_found": 1.0, "face_up_found": 1.0,
                      "face_down_found": None, "card_identity_accuracy": 0.5, "dice": 1, "dice_found": 1.0,
                      "die_face_accuracy": 0.0, "detections": 5, "detections_on_hidden_objects": 1,
                      "false_detections": 0.25,
                      "counts": {"face_up": 2, "face_down": 0, "face_up_found": 2, "face_down_found": 0,
                                 "cards_read": 1, "dice_found": 1, "dice_read": 0, "false": 1,
                                 "unfound": {"other_side": 0, "shared_box": 0, "loose_box": 0, "no_box": 0},
                                 "misread": {"unread": 0, "rank": 0, "suit": 1, "both": 0}}}


def test_a_bad_labels_file_stops_the_benchmark_before_any_model_loads(photos, capsys, monkeypatch):
    def no_models(*args, **kwargs):
        raise AssertionError("the models were loaded")
    monkeypatch.setattr(bench_detect, "Detector", no_models)
    labels = write(photos / "labels.jsonl", {"image": "a.jpg", "detections": [{"kind": "die", "box": [1, 1, 9, 9]}]})
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "0", "--photos", str(labels)])
    assert f'{labels} line 1, detection 0: a die needs its top face' in capsys.readouterr().err


def test_detect_json_output_with_its_drawings_is_labels_once_its_unread_card_is_marked(photos, tmp_path, capsys,
                                                                                      monkeypatch):
    """The labelling round trip with the shipped models: what `detect --json` says about a photo, taken as
    its labels, is refused where a face-up card is unread (the corner of a card at the frame's edge, too
    little of it in sight to name); marked "hidden" as the labeller is told to, it scores every object found
    and read and nothing false. --draw pictures each photo, numbered as listed, photos of one name in two
    folders apart."""
    from models.synth import render_scene
    scene = render_scene(np.random.default_rng([11, 2]), size=(480, 640), decks=["proc-0"], kind="cards")
    other = tmp_path / "other"
    other.mkdir()
    for folder in (photos, other):
        cv2.imwrite(str(folder / "scene.png"), scene.image)
    monkeypatch.chdir(tmp_path)
    drawn = tmp_path / "drawn"
    assert main(["detect", "photos/scene.png", "other/scene.png", "--json", "--draw", str(drawn)]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in drawn.iterdir()) == ["scene.png", "scene_2.png"]
    picture = cv2.imread(str(drawn / "scene.png"))
    assert picture.shape == scene.image.shape and (picture != scene.image).any()
    assert (cv2.imread(str(drawn / "scene_2.png")) == picture).all()
    found = json.loads(out.splitlines()[0])
    unread = [i for i, d in enumerate(found["detections"]) if d["kind"] == "card" and d["card"] is None]
    assert len(unread) == 1 and max(found["detections"][unread[0]]["box"][::2]) < 25   # at the left edge
    labels = write(tmp_path / "labels.jsonl", found)
    with pytest.raises(SystemExit):
        bench_detect.main(["--synthetic", "0", "--photos", str(labels), "--out", str(tmp_path / "photos.json")])
    assert f'{labels} line 1, detection {unread[0]}: a face-up card needs its "card"' in capsys.readouterr().err
    found["detections"][unread[0]]["hidden"] = True
    write(labels, found)
    result = tmp_path / "photos.json"
    bench_detect.main(["--synthetic", "0", "--photos", str(labels), "--out", str(result)])
    scores = json.loads(result.read_text())["photo_validation"]
    assert scores["counts"] == {"face_up": 3, "face_down": 2, "face_up_found": 3, "face_down_found": 2, "cards_read": 3,
                                "dice_found": 0, "dice_read": 0, "false": 0,
                                "unfound": {"other_side": 0, "shared_box": 0, "loose_box": 0, "no_box": 0},
                                "misread": {"unread": 0, "rank": 0, "suit": 0, "both": 0}}


def test_drawing_to_a_folder_that_cannot_be_made_is_refused_before_any_model_loads(photos, capsys):
    blocked = photos / "a.jpg" / "drawn"
    assert main(["detect", str(photos / "a.jpg"), "--draw", str(blocked)]) == 2
    assert f"--draw {blocked}: cannot make the folder: " in capsys.readouterr().err


def test_each_detection_is_drawn_with_its_number_and_reading():
    from vision.annotate import COLOURS, draw_detections
    image = np.zeros((400, 800, 3), np.uint8)
    corners = ((100.0, 100.0), (200.0, 100.0), (200.0, 250.0), (100.0, 250.0))
    drawn = draw_detections(image, [Detection("card", (100, 100, 200, 250), 0.9, card="Td", corners=corners),
                                    Detection("die", (400, 100, 440, 140), 0.9)])
    assert (image == 0).all()                                   # the image itself is left as it was
    assert tuple(drawn[100, 150]) == COLOURS["card"]            # the card's top edge
    assert tuple(drawn[250, 150]) == COLOURS["card"]            # its bottom edge
    assert tuple(drawn[120, 400]) == COLOURS["die"]             # an unread die's box, from its box alone
    middle = drawn[165:185, 125:175]
    assert (middle == COLOURS["card"]).all(axis=2).sum() > 20  # "0:Td" written in its middle
    assert (drawn[104:137, 404:437] == 0).all()                # the die's face left clear ...
    assert (drawn[80:100, 400:440] == COLOURS["die"]).all(axis=2).sum() > 10  # ... "1:?" written above it
    assert (drawn[300:, :] == 0).all()
