"""The int8 benchmark: both detectors' forward passes float and int8, `detect` end to end each way, and its readers."""

import json
import shutil

import pytest

from benchmarks import bench_int8
from vision.detector import DEFAULT_WEIGHTS


pytestmark = pytest.mark.slow


def test_each_detector_is_timed_float_and_int8_on_one_thread_and_every_core(tmp_path):
    out = tmp_path / "int8.json"
    bench_int8.main(["--scenes", "1", "--rounds", "2", "--runs", "1", "--out", str(out)])
    result = json.loads(out.read_text())
    assert result["rounds"] == 2 and result["detect"]["scenes"] == 1
    assert {f: {t: sorted(v) for t, v in by.items()} for f, by in result["forward_ms"].items()} == {
        "detector": {"1_thread": ["float", "int8"], "every_core": ["float", "int8"]},
        "detector_live": {"1_thread": ["float", "int8"], "every_core": ["float", "int8"]}}
    for name in ("float", "int8"):
        d = result["detect"][name]
        assert list(d) == ["ms_per_image", "images_per_s", "ms_per_12mp_photo"]
        assert d["images_per_s"] == round(1000 / d["ms_per_image"], 1)
    assert {reader: sorted(by) for reader, by in result["reader_ms_per_scene"].items()} == {
        reader: ["float", "int8"] for reader in ("card", "die", "side", "corner")}
    assert all(0 < ms < result["detect"][name]["ms_per_image"]
               for reader, by in result["reader_ms_per_scene"].items() if reader != "die" for name, ms in by.items())


def test_detect_times_are_the_medians_of_the_rounds():
    runs = [{"ms_per_image": 40.0, "ms_per_12mp_photo": 190.0}, {"ms_per_image": 50.0, "ms_per_12mp_photo": 210.0},
            {"ms_per_image": 45.0, "ms_per_12mp_photo": 180.0}]
    assert bench_int8.detect_times(runs) == {"ms_per_image": 45.0, "images_per_s": 22.2, "ms_per_12mp_photo": 190.0}
    # 89.65 ms rounds to 89.7, and 1000 / 89.7 to 11.1 (not 11.2 from the 89.65): the file's numbers agree
    assert bench_int8.detect_times([{"ms_per_image": 89.65, "ms_per_12mp_photo": 1.0}])["images_per_s"] == 11.1


def test_a_folder_without_the_int8_copies_says_how_to_make_them(tmp_path, capsys):
    """The refusal is the Detector's own: every int8 copy the folder lacks, and the command that makes them."""
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, tmp_path / f.name)
    with pytest.raises(SystemExit):
        bench_int8.main(["--weights", str(tmp_path)])
    int8 = [tmp_path / f"{name}_int8.onnx" for name in ("detector", "card_classifier", "die_classifier",
                                                          "side_classifier", "corner_classifier")]
    assert (f"int8 copies not found: {', '.join(map(str, int8))}; make them from the float files "
            f"with: python3 -m models.quantize --weights {tmp_path}") in capsys.readouterr().err
