"""models/device/set_aside.sh moves the files a device call need not take out of the tree and back,
so the tree and the carry fit the call's 64 MiB; moved, not deleted, so uncommitted weights survive."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "models" / "device" / "set_aside.sh"


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_sets_aside_the_onnx_weights_and_videos_and_brings_them_back(tmp_path):
    (tmp_path / "models" / "device").mkdir(parents=True)
    shutil.copy(SCRIPT, tmp_path / "models" / "device" / "set_aside.sh")
    weights, samples = tmp_path / "models" / "weights", tmp_path / "pelituomari" / "samples"
    weights.mkdir()
    samples.mkdir(parents=True)
    for path, data in ((weights / "detector.onnx", b"new, uncommitted"), (weights / "detector.pt", b"pt"),
                       (weights / "int8_made_from.json", b"{}"), (samples / "kiketti_table.mp4", b"video")):
        path.write_bytes(data)
    before = tree(tmp_path)
    script = ["bash", str(tmp_path / "models" / "device" / "set_aside.sh")]
    listed = subprocess.run([*script, "--list"], check=True, capture_output=True, text=True).stdout
    assert listed.splitlines() == ["models/weights/detector.onnx", "pelituomari/samples/kiketti_table.mp4"]

    subprocess.run(script, check=True, capture_output=True)
    assert sorted(p.name for p in weights.iterdir()) == ["detector.pt", "int8_made_from.json"]
    assert list(samples.iterdir()) == []
    assert (tmp_path / "runs" / "set_aside" / "weights" / "detector.onnx").read_bytes() == b"new, uncommitted"

    again = subprocess.run(script, capture_output=True, text=True)   # a second time would mix two sets
    assert again.returncode == 1
    assert "runs/set_aside/ already holds files set aside" in again.stderr

    subprocess.run([*script, "--back"], check=True, capture_output=True)
    assert tree(tmp_path) == before
    assert not (tmp_path / "runs" / "set_aside").exists()


def set_up(root: Path) -> list[str]:
    (root / "models" / "device").mkdir(parents=True)
    shutil.copy(SCRIPT, root / "models" / "device" / "set_aside.sh")
    (root / "models" / "weights").mkdir()
    (root / "pelituomari" / "samples").mkdir(parents=True)
    (root / "models" / "weights" / "detector.onnx").write_bytes(b"old")
    (root / "pelituomari" / "samples" / "kimble_table.mp4").write_bytes(b"video")
    return ["bash", str(root / "models" / "device" / "set_aside.sh")]


def test_back_with_nothing_set_aside_says_so(tmp_path):
    script = set_up(tmp_path)
    before = tree(tmp_path)
    back = subprocess.run([*script, "--back"], capture_output=True, text=True)
    assert back.returncode == 1
    assert back.stderr == "nothing is set aside: runs/set_aside/ does not exist, so the files are where they were\n"
    assert tree(tmp_path) == before


def test_back_overwrites_no_file_made_since(tmp_path):
    script = set_up(tmp_path)
    subprocess.run(script, check=True, capture_output=True)
    (tmp_path / "models" / "weights" / "detector.onnx").write_bytes(b"fetched from the call")
    before = tree(tmp_path)
    back = subprocess.run([*script, "--back"], capture_output=True, text=True)
    assert back.returncode == 1
    assert back.stderr == ("models/weights/detector.onnx exists and so does its copy set aside, "
                           "runs/set_aside/weights/detector.onnx: keep one, then run --back again\n")
    assert tree(tmp_path) == before                 # nothing moved, not even the videos

    (tmp_path / "runs" / "set_aside" / "weights" / "detector.onnx").unlink()   # keep the new one
    subprocess.run([*script, "--back"], check=True, capture_output=True)
    assert (tmp_path / "models" / "weights" / "detector.onnx").read_bytes() == b"fetched from the call"
    assert (tmp_path / "pelituomari" / "samples" / "kimble_table.mp4").read_bytes() == b"video"
    assert not (tmp_path / "runs" / "set_aside").exists()
