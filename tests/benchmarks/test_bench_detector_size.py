"""The detector-size benchmark: untrained candidate networks built offline, timed, and their `detect` speed projected."""

import json

import pytest

from benchmarks import bench_detector_size as bench


pytestmark = pytest.mark.training


def test_each_network_and_size_is_built_timed_and_projected(tmp_path):
    out = tmp_path / "sizes.json"
    bench.main(["--sizes", "64", "96", "--scenes", "2", "--rounds", "1", "--runs", "1", "--out", str(out)])
    result = json.loads(out.read_text())
    rows = result["candidates"]
    assert [(r["network"], r["input"], r["parameters"]) for r in rows] == [
        ("yolo11n-obb", 64, 2_662_092), ("yolo11n-obb", 96, 2_662_092),  # the shipped network's size
        ("yolo11s-obb", 64, 9_715_132), ("yolo11s-obb", 96, 9_715_132)]
    shipped = result["shipped"]
    assert shipped["input"] == 480 and shipped["scenes"] == 2
    for r in rows:  # the shipped Detector's time with the candidate's forward passes in place of its own
        for views, key in ((1, "1_view"), (2, "2_views")):
            expected = 1000 / (shipped["detect_ms_per_image"][key] + views * (r["forward_ms"] - shipped["forward_ms"]))
            assert r[f"detect_images_per_s_{key}"] == round(expected, 1)


def test_a_size_the_network_cannot_take_is_refused_before_any_work(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--sizes", "320", "400"])
    assert "--sizes must be positive multiples of 32 (the detector's largest stride), got [400]" in capsys.readouterr().err
