"""The int8 copies across CPUs: the live chain's network inputs, replayed here and under an emulator."""

import json
import sys

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
        "detector_live_int8.onnx": 422, "card_classifier_int8.onnx": 110, "die_classifier_int8.onnx": 78,
        "side_classifier_int8.onnx": 329, "corner_classifier_int8.onnx": 110}
    assert {x.shape[1:] for x in inputs["detector_live_int8.onnx"]} == {(3, 128, 320), (3, 224, 320), (3, 320, 320)}
    assert [inputs[f"{name}_classifier_int8.onnx"][0].shape[1:] for name in ("card", "die", "side", "corner")] == [
        (3, 80, 56), (3, 40, 40), (3, 80, 56), (3, 40, 32)]


def _script(path, text):
    path.write_text(text)
    path.chmod(0o755)
    return path


def test_emulators_running_the_calls_as_here_give_every_one_to_the_bit(tmp_path, monkeypatch):
    """Stand-ins for qemu and unshare that run the calls here: the plumbing, x86-64 and ARM64, end to end."""
    tools = tmp_path / "tools"
    tools.mkdir()
    _script(tools / "qemu-x86_64", FAKE_QEMU)
    _script(tools / "qemu-aarch64", '#!/bin/sh\n# "-L ROOT -cpu CPU PROGRAM ARGS...", run here\nshift 4\nexec "$@"\n')
    _script(tools / "unshare", f'#!/bin/sh\n# "--mount sh -c SCRIPT CPUINFO PROGRAM ARGS...": keeps CPUINFO, runs the rest\n'
                               f'shift 4\ncp "$1" {tools}/\nshift\nexec "$@"\n')
    root = tmp_path / "arm64"
    (root / "usr" / "bin").mkdir(parents=True)
    _script(root / "usr" / "bin" / "python3.11", f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    monkeypatch.setattr(bench_int8_cpus.shutil, "which", lambda name: str(tools / name))
    out = tmp_path / "int8_cpus.json"
    bench_int8_cpus.main(["--cpus", "Haswell", "--arm-root", str(root), "--calls", "2", "--out", str(out)])
    result = json.loads(out.read_text())
    tags = ["Haswell", "arm64 cortex-a72", "arm64 cortex-a76"]
    assert result["emulator"] == "fake qemu 1.0" and result["cpus"] == tags and result["detector_conf"] == 0.3
    # the first and last call of each: the detector's anchors sure of something, the readers' crops read
    reads = {"card_classifier": 12, "corner_classifier": 24, "detector_live": 19, "die_classifier": 8,
             "side_classifier": 6}
    assert sorted(result["networks"]) == sorted(f"{name}{kind}.onnx" for name in reads for kind in ("", "_int8"))
    for name, found in result["networks"].items():
        assert found["calls"] == 2 and ("float_here" in found) == ("_int8" in name)
        if "_int8" in name:
            assert found["float_here"]["identical_calls"] == 0
            for tag in tags:
                assert found[tag] == {"identical_calls": 2, "max_difference": 0.0, "reads_differing": 0,
                                      "reads": reads[name.removesuffix("_int8.onnx")]}
    a72, a76 = ((tools / f"cpuinfo-{core}").read_text() for core in ("cortex-a72", "cortex-a76"))
    assert a72.count("processor\t: ") == 4 and "CPU part\t: 0xd08" in a72 and "asimddp" not in a72
    assert "CPU part\t: 0xd0b" in a76 and " asimddp\n" in a76


def test_an_arm_root_without_python_says_how_to_make_one(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bench_int8_cpus.shutil, "which", lambda name: f"/usr/bin/{name}")
    with pytest.raises(SystemExit) as e:
        bench_int8_cpus.main(["--arm-root", str(tmp_path)])
    assert e.value.code == 2
    assert (f"--arm-root {tmp_path}: no usr/bin/python3.11 in it; make it with: bash benchmarks/make_arm64_root.sh "
            f"{tmp_path}") in capsys.readouterr().err


def test_without_qemu_the_benchmark_says_which_package_brings_it(monkeypatch, capsys):
    monkeypatch.setattr(bench_int8_cpus.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as e:
        bench_int8_cpus.main([])
    assert e.value.code == 2
    assert "qemu-x86_64 not found: it comes with Debian's qemu-user (apt-get install qemu-user)" in capsys.readouterr().err
