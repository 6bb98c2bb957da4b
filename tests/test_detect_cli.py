"""`pelituomari detect IMAGE... --json`: the output contract and per-file errors."""

import json

import cv2
import numpy as np
import pytest

from models.synth import render_scene
from pelituomari.cli import main


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
    rc = main(["detect", scene_png, str(empty), str(text), str(missing), scene_png, "--json"])
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
