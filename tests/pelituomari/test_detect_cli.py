"""`pelituomari detect IMAGE... --json`: the output contract and per-file errors."""

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from models.synth import render_scene
from pelituomari.cli import main
from vision.detector import TRAIN_HINT


@pytest.fixture
def scene_png(tmp_path):
    scene = render_scene(np.random.default_rng([11, 2]), size=(480, 640), decks=["proc-0"], kind="cards")
    path = tmp_path / "scene.png"
    cv2.imwrite(str(path), scene.image)
    return str(path)


def test_json_lines_contract_and_bad_files(tmp_path, scene_png, capsys):
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture\n")
    missing = tmp_path / "missing.png"
    folder = tmp_path / "photos"
    folder.mkdir()
    rc = main(["detect", scene_png, str(empty), str(text), str(missing), str(folder), scene_png, "--json"])
    out, err = capsys.readouterr()
    assert rc == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 2
    for obj in lines:
        assert list(obj) == ["image", "width", "height", "detections"]
        assert (obj["image"], obj["width"], obj["height"]) == (scene_png, 640, 480)
        for d in obj["detections"]:
            assert list(d) == ["kind", "box", "confidence", "card", "die"]
            assert d["kind"] in ("card", "card_back", "die")
            x1, y1, x2, y2 = d["box"]
            assert 0 <= x1 < x2 <= 640 and 0 <= y1 < y2 <= 480
            assert 0 < d["confidence"] <= 1
            assert d["die"] is None or (d["kind"] == "die" and 1 <= d["die"] <= 6)
            assert d["card"] is None or (d["kind"] == "card" and len(d["card"]) == 2)
    assert lines[0] == lines[1]
    assert err.splitlines() == [
        f"pelituomari detect: {empty}: empty file",
        f"pelituomari detect: {text}: not a readable image (14 bytes; expected JPEG, PNG, BMP, TIFF or WebP)",
        f"pelituomari detect: {missing}: no such file",
        f"pelituomari detect: {folder}: a folder, not an image: give its images, e.g. {folder / '*.jpg'}",
    ]


def test_all_good_files_exit_zero(scene_png, capsys):
    assert main(["detect", scene_png]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{scene_png}: 640x480, ")


def test_missing_weights_say_where_and_how_to_train(tmp_path, scene_png, capsys):
    rc = main(["detect", scene_png, "--json", "--weights", str(tmp_path / "nowhere")])
    err = capsys.readouterr().err
    assert rc == 2
    assert f"model file not found: {tmp_path / 'nowhere' / 'detector.onnx'}" in err
    assert "python3 -m models.train" in err


def test_the_ultralytics_backend_without_ultralytics_says_which_extra(scene_png, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ultralytics", None)   # what importing it does on an install without it
    rc = main(["detect", scene_png, "--backend", "ultralytics"])
    out, err = capsys.readouterr()
    assert (rc, out) == (2, "")
    assert err == ('pelituomari detect: the ultralytics backend needs the Python package ultralytics '
                   '(the [train] extra: python3 -m pip install -e ".[train]")\n')


def test_a_phone_photo_is_read_the_way_up_it_is_shown(tmp_path, scene_png, capsys):
    """A phone stores a portrait photo lying on its side with an EXIF orientation tag; the boxes must be
    in the picture as the user sees it, so the tag is honoured."""
    from PIL import Image
    upright = cv2.imread(scene_png)
    stored = Image.fromarray(np.ascontiguousarray(np.rot90(upright, 1)[:, :, ::-1]))  # turned a quarter left
    exif = stored.getexif()
    exif[0x0112] = 6   # "turn a quarter right to show"
    phone = tmp_path / "phone.jpg"
    stored.save(phone, quality=100, exif=exif.tobytes())
    assert main(["detect", scene_png, str(phone), "--json"]) == 0
    png, jpg = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (jpg["width"], jpg["height"]) == (640, 480)
    # the same objects in the same places (a photo shown the wrong way up would move every box by hundreds of
    # pixels); a box the detector is unsure of (the Ac under the card back, confidence 0.56, and the face-up
    # card's corner at the left edge, 0.50) may take either side up from the JPEG's noise, and its box with it,
    # so kinds and boxes are compared where sure
    assert len(jpg["detections"]) == len(png["detections"]) == 6
    sure = [i for i, d in enumerate(png["detections"]) if d["confidence"] >= 0.6]
    assert len(sure) == 4
    assert [(jpg["detections"][i]["kind"], jpg["detections"][i]["card"]) for i in sure] == [
        (png["detections"][i]["kind"], png["detections"][i]["card"]) for i in sure]
    assert np.abs(np.array([jpg["detections"][i]["box"] for i in sure]) -
                  [png["detections"][i]["box"] for i in sure]).max() < 3


def test_a_heic_photo_is_named_and_the_way_to_jpeg_given(tmp_path, scene_png, capsys):
    heic = tmp_path / "IMG_0042.HEIC"   # an iPhone photo's first bytes: an ISO media file of brand heic
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    video = tmp_path / "clip.jpg"      # an MP4 by mistake: ISO media too, but no HEIF brand
    video.write_bytes(b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2" + bytes(64))
    assert main(["detect", str(heic), str(video), scene_png, "--json"]) == 1
    out, err = capsys.readouterr()
    assert [json.loads(line)["image"] for line in out.splitlines()] == [scene_png]
    assert err.splitlines() == [
        f"pelituomari detect: {heic}: a HEIC photo, which OpenCV cannot read: convert it to JPEG "
        "(`heif-convert IN.heic OUT.jpg`), or have the phone save JPEG (iPhone: Settings > Camera > Formats > "
        "Most Compatible)",
        f"pelituomari detect: {video}: not a readable image (88 bytes; expected JPEG, PNG, BMP, TIFF or WebP)",
    ]


def test_int8_reads_the_photo_as_the_float_detector_does(scene_png, capsys):
    """`--int8` runs detector_int8.onnx (models.quantize): the scene's objects, read the same."""
    def read(*flags):
        assert main(["detect", scene_png, "--json", *flags]) == 0
        found = json.loads(capsys.readouterr().out)["detections"]
        return sorted(((d["kind"], d["card"], d["die"]) for d in found), key=str), [d["box"] for d in found]
    (floats, float_boxes), (int8, int8_boxes) = read(), read("--int8")
    # the scene's three cards and two backs both ways, and both box the corner of a face-up card at the left
    # edge (the float network 0.48 sure), too little of it in sight to name or to be labelled in the scene's truth
    labelled = [("card", "Ac", None), ("card", "Kh", None), ("card", "Td", None)] + [("card_back", None, None)] * 2
    assert int8 == floats == sorted(labelled + [("card", None, None)], key=str)
    assert float_boxes != int8_boxes      # it is another network that boxed them


def test_int8_on_the_ultralytics_backend_is_refused(scene_png, capsys):
    assert main(["detect", scene_png, "--int8", "--backend", "ultralytics"]) == 2
    assert capsys.readouterr().err == ("pelituomari detect: int8 runs on the onnx backend only, not 'ultralytics' "
                                       "(detector.pt is in floats)\n")


def test_a_damaged_photo_is_named_as_one_and_opencv_adds_nothing(tmp_path, scene_png, capfd):
    whole = open(scene_png, "rb").read()
    jpeg = cv2.imencode(".jpg", cv2.imread(scene_png))[1].tobytes()
    cut_png, cut_jpeg = tmp_path / "cut.png", tmp_path / "cut.jpg"
    cut_png.write_bytes(whole[:20])                     # OpenCV logs a warning and an error on this one
    cut_jpeg.write_bytes(jpeg[:len(jpeg) // 2])
    rc = main(["detect", str(cut_png), str(cut_jpeg), "--json"])
    out, err = capfd.readouterr()
    assert (rc, out) == (1, "")
    assert err.splitlines() == [
        f"pelituomari detect: {cut_png}: a PNG file that cannot be decoded: cut short or damaged (20 bytes)",
        f"pelituomari detect: {cut_jpeg}: a JPEG file that cannot be decoded: cut short or damaged ({len(jpeg) // 2} bytes)",
    ]


def test_a_sliver_of_an_image_has_nothing_on_it_and_the_next_is_still_read(tmp_path, scene_png, capsys):
    tall, wide = tmp_path / "tall.png", tmp_path / "wide.png"
    cv2.imwrite(str(tall), np.full((3000, 3, 3), 200, np.uint8))    # scaled to 480 px tall it is 0 px wide
    cv2.imwrite(str(wide), np.full((2, 5000, 3), 200, np.uint8))
    assert main(["detect", str(tall), str(wide), scene_png, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[:2] == [{"image": str(tall), "width": 3, "height": 3000, "detections": []},
                         {"image": str(wide), "width": 5000, "height": 2, "detections": []}]
    assert (lines[2]["image"], len(lines[2]["detections"]) > 0) == (scene_png, True)


def test_a_damaged_model_file_is_named_and_the_way_back_given(tmp_path, scene_png, capsys):
    shipped = Path(__file__).resolve().parents[2] / "models" / "weights"
    weights = tmp_path / "weights"
    weights.mkdir()
    for f in shipped.iterdir():
        (weights / f.name).symlink_to(f)
    (weights / "corner_classifier.onnx").unlink()
    (weights / "corner_classifier.onnx").write_bytes((shipped / "corner_classifier.onnx").read_bytes()[:1000])
    rc = main(["detect", scene_png, "--json", "--weights", str(weights)])
    out, err = capsys.readouterr()
    assert (rc, out) == (2, "")
    assert err == (f"pelituomari detect: {weights / 'corner_classifier.onnx'}: onnxruntime cannot load this model "
                   f"file (Protobuf parsing failed): it is damaged or not a model; restore the shipped weights "
                   f"(git checkout -- models/weights) or {TRAIN_HINT}\n")


def png_claiming(width, height):
    """A small PNG file whose header claims width x height (its data is a sliver)."""
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 100)) + chunk(b"IEND", b"")


def test_an_image_too_large_is_refused_by_its_header_and_the_next_is_read(tmp_path, scene_png, capsys):
    huge, large = tmp_path / "huge.png", tmp_path / "large.png"
    huge.write_bytes(png_claiming(60000, 60000))
    large.write_bytes(png_claiming(16000, 16000))
    assert main(["detect", str(huge), str(large), scene_png]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines() == [
        f"pelituomari detect: {huge}: 60000x60000 pixels is larger than the 40 megapixels read here: scale it down first",
        f"pelituomari detect: {large}: 16000x16000 pixels is larger than the 40 megapixels read here: scale it down first",
    ]
    assert out.startswith(f"{scene_png}: 640x480, ")


def test_drawings_never_replace_a_file_nor_follow_a_link(tmp_path, scene_png, capsys):
    out = tmp_path / "drawn"
    out.mkdir()
    (out / "scene.png").write_bytes(b"mine")
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    (out / "scene_2.png").symlink_to(target)
    assert main(["detect", scene_png, "--draw", str(out)]) == 0
    assert (out / "scene.png").read_bytes() == b"mine"
    assert target.read_text() == "keep"
    assert cv2.imread(str(out / "scene_3.png")).shape == (480, 640, 3)


def test_a_pickled_detector_from_elsewhere_needs_trust(tmp_path, scene_png, capsys):
    assert main(["detect", scene_png, "--backend", "ultralytics", "--weights", str(tmp_path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"pelituomari detect: --weights {tmp_path}: its detector.pt is a Python pickle, which runs code as it loads; "
        f"add --trust-weights if you made it or trust it as a program (the onnx backend runs no code from a "
        f"weights file)")
