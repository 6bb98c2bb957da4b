"""models/device/set_aside.sh moves the files a device call need not take out of the tree and back,
so the tree and the carry fit the call's 64 MiB; moved, not deleted, so uncommitted weights survive."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "models" / "device" / "set_aside.sh"


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
