"""benchmarks/bench_classifier_step.py: each reader's step timed in its parts, with the reader's own crops."""

import json

import pytest

from benchmarks.bench_classifier_step import main


pytestmark = pytest.mark.training


def test_each_reader_step_is_timed_with_its_own_crops_and_augmentation(tmp_path):
    out = tmp_path / "step.json"
    main(["--steps", "2", "--out", str(out)])
    result = json.loads(out.read_text())
    assert result["device"] == "cpu" and result["batch"] == 128
    readers = result["readers"]
    assert {stage: (r["crop_wh"], r["occlude"], r["overlap"], r["half_turns"], r["blur"]) for stage, r in readers.items()} == {
        "card": ([56, 80], 0.5, 0.0, True, 0.0), "side": ([56, 80], 0.3, 0.0, True, 0.0),
        "die": ([40, 40], 0.0, 0.0, True, 0.3), "corner": ([32, 40], 0.0, 0.0, False, 0.0)}
    for r in readers.values():  # on the CPU the host and the device are one: timed once
        assert "augment_host_ms" not in r and r["augment_device_ms"] > 0 and r["learn_ms"] > 0
