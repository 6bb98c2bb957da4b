"""The int8 copies across CPUs: the live chain's network inputs, replayed here and under an emulator."""

import json

import numpy as np
import pytest

from benchmarks import bench_int8_cpus
from vision.detector import live_detector


pytestmark = pytest.mark.slow

FAKE_QEMU = """#!/bin/sh
# stands in for qemu-x86_64: "--version", or "-cpu CPU PROGRAM ARGS..." run here as it is
if [ "$1" = --version ]; then echo "fake qemu 1.0"; exit 0; fi
shift 2
exec "$@"
"""


def test_a_readers_read_is_its_top_class_and_the_detectors_each_anchor_sure_enough():
    assert bench_int8_cpus.reads(np.array([[0.1, 2.0, 0.3], [5.0, 1.0, -1.0]]), 0.3).tolist() == [1, 0]
    detector = np.zeros((1, 8, 4))          # x, y, w, h, card, back, die, angle for four anchors
    detector[0, 4:7] = [[0.9, 0.1, 0.2, 0.1], [0.0, 0.2, 0.25, 0.0], [0.0, 0.0, 0.5, 0.29]]
    assert bench_int8_cpus.reads(detector, 0.3).tolist() == [0, -1, 2, -1]


def test_outputs_are_compared_call_by_call_to_the_bit_and_by_their_reads():
    to = [np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([[2.0, 1.0]])]
    ys = [np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([[0.5, 1.25]])]
    assert bench_int8_cpus.compare(ys, to, 0.3) == {"identical_calls": 1, "max_difference": 1.5,
                                                    "reads_differing": 1, "reads": 3}


def test_the_calls_replayed_are_spread_over_the_run():
    inputs = [np.full(1, i) for i in range(9)]
    assert [int(x[0]) for x in bench_int8_cpus.spread(inputs, 5)] == [0, 2, 4, 6, 8]
    assert bench_int8_cpus.spread(inputs[:3], 5) == inputs[:3]


def test_the_live_chain_gives_each_network_its_inputs_over_both_samples():
    inputs = bench_int8_cpus.live_inputs(live_detector(int8=True))
    assert {name: len(xs) for name, xs in inputs.items()} == {
        "detector_live_int8.onnx": 412, "card_classifier_int8.onnx": 100, "die_classifier_int8.onnx": 78,
        "side_classifier_int8.onnx": 319, "corner_classifier_int8.onnx": 100}
    assert {x.shape[1:] for x in inputs["detector_live_int8.onnx"]} == {(3, 128, 320), (3, 224, 320), (3, 320, 320)}
    assert [inputs[f"{name}_classifier_int8.onnx"][0].shape[1:] for name in ("card", "die", "side", "corner")] == [
        (3, 80, 56), (3, 40, 40), (3, 80, 56), (3, 40, 32)]


def test_an_emulator_running_the_calls_as_here_gives_every_one_to_the_bit(tmp_path, monkeypatch):
    qemu = tmp_path / "qemu-x86_64"
    qemu.write_text(FAKE_QEMU)
    qemu.chmod(0o755)
    monkeypatch.setattr(bench_int8_cpus.shutil, "which", lambda name: str(qemu))
    out = tmp_path / "int8_cpus.json"
    bench_int8_cpus.main(["--cpus", "Haswell", "--calls", "2", "--out", str(out)])
    result = json.loads(out.read_text())
    assert result["emulator"] == "fake qemu 1.0" and result["cpus"] == ["Haswell"] and result["detector_conf"] == 0.3
    assert sorted(result["networks"]) == ["card_classifier_int8.onnx", "corner_classifier_int8.onnx",
                                          "detector_live_int8.onnx", "die_classifier_int8.onnx",
                                          "side_classifier_int8.onnx"]
    # the first and last call of each: the detector's anchors sure of something, the readers' crops read
    reads = {"card_classifier_int8.onnx": 12, "corner_classifier_int8.onnx": 24, "detector_live_int8.onnx": 19,
             "die_classifier_int8.onnx": 8, "side_classifier_int8.onnx": 6}
    for name, found in result["networks"].items():
        assert found["calls"] == 2 and found["float_here"]["identical_calls"] == 0
        assert found["Haswell"] == {"identical_calls": 2, "max_difference": 0.0, "reads_differing": 0,
                                    "reads": reads[name]}


def test_without_qemu_the_benchmark_says_which_package_brings_it(monkeypatch, capsys):
    monkeypatch.setattr(bench_int8_cpus.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as e:
        bench_int8_cpus.main([])
    assert e.value.code == 2
    assert "qemu-x86_64 not found: it comes with Debian's qemu-user (apt-get install qemu-user)" in capsys.readouterr().err
