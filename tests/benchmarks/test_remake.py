"""benchmarks.remake: every results file has its command, none is left made with weights no longer shipped,
and a change of weights makes stale exactly the files that read them."""

import json
import re
import shutil
from pathlib import Path

import pytest

from benchmarks.remake import (BY_NAME, MADE_WITH, RECIPES, RECORDS, RESULTS, WEIGHTS, Recipe, load_made_with,
                               plan, remake, stale)
from models.quantize import MADE_FROM, SHIPPED_COMMAND, fingerprint


def test_every_results_file_has_a_recipe_or_is_a_record():
    files = {path.name for path in RESULTS.glob("*.json")} - {MADE_WITH.name}
    assert files == set(BY_NAME) | set(RECORDS)
    assert not set(BY_NAME) & set(RECORDS)


def test_no_results_file_was_made_with_other_weights_than_those_shipped():
    left = [recipe.results for recipe in stale(load_made_with())]
    assert left == [], f"made with other weights: {left}; run python3 -m benchmarks.remake"


def test_each_recipe_writes_its_own_file_from_shipped_weights():
    for recipe in RECIPES:
        argv = recipe.argv(Path("dice"), Path("cards"))
        assert argv[-2:] == ["--out", f"benchmarks/results/{recipe.results}"]
        assert ("dice" in argv) == recipe.needs_real_dice
        assert ("cards" in argv) == recipe.needs_real_cards == recipe.results.startswith("real_cards")
        assert "--out" not in recipe.command
        assert all((WEIGHTS / name).is_file() for name in recipe.weights), recipe.results


@pytest.fixture
def weights(tmp_path):
    """A copy of the shipped ONNX files, to change one of."""
    folder = tmp_path / "weights"
    folder.mkdir()
    for path in [*WEIGHTS.glob("*.onnx"), WEIGHTS / MADE_FROM]:
        shutil.copyfile(path, folder / path.name)
    return folder


def _stale_after_changing(weights, name):
    with (weights / name).open("ab") as f:
        f.write(b"\0")
    return [recipe.results for recipe in stale(load_made_with(), weights)]


def test_a_new_card_reader_makes_stale_the_float_files_that_read_cards(weights):
    assert _stale_after_changing(weights, "card_classifier.onnx") == [
        "detect.json", "pipeline.json", "pipeline_gin.json", "pipeline_skruuvi.json", "detect_gloss.json",
        "detect_tilt20.json", "detect_tilt35.json",
        "detect_clutter.json", "detect_glare_spots.json", "detect_views1.json", "real_cards.json",
        "real_cards_live.json", "compare_int8.json",
        "compare_int8_live.json", "compare_live_gloss.json", "compare_live_clutter.json", "compare_glare.json",
        "compare_glare_live.json", "fonts.json", "mount.json", "light.json", "int8_cpus.json", "blackout.json"]


def test_its_int8_copy_makes_stale_the_int8_files(weights):
    assert _stale_after_changing(weights, "card_classifier_int8.onnx") == [
        "pipeline_int8.json", "detect_int8.json", "detect_views1_int8.json", "real_cards_int8.json",
        "compare_int8.json", "compare_int8_live.json", "compare_live_clutter.json", "compare_glare.json",
        "compare_glare_live.json", "fonts_int8.json", "light_int8.json", "int8_cpus.json"]


def test_a_new_live_detector_makes_stale_what_the_live_pipeline_reads(weights):
    assert _stale_after_changing(weights, "detector_live.onnx") == [
        "pipeline.json", "pipeline_gin.json", "pipeline_skruuvi.json", "detect_views1.json", "real_cards_live.json",
        "compare_int8_live.json",
        "compare_live_gloss.json", "compare_live_clutter.json", "compare_glare_live.json", "mount.json", "light.json",
        "int8_cpus.json", "blackout.json"]


def test_named_files_run_in_the_recipes_order_whatever_their_weights():
    assert [r.results for r in plan(["light.json", "int8.json", "detect.json"], {})] == [
        "detect.json", "light.json", "int8.json"]
    assert plan([], load_made_with()) == []


def test_a_record_or_an_unknown_name_is_refused_by_name():
    with pytest.raises(SystemExit, match="pipeline_xeon.json is not remade: it records bench_pipeline.py as pipeline.json, "
                                         "on a 2-core Intel Xeon"):
        plan(["pipeline_xeon.json"], {})
    with pytest.raises(SystemExit, match="no recipe makes detect.jsn; the files it makes: detect.json, "):
        plan(["detect.jsn"], {})


def test_each_success_is_recorded_and_a_failure_stops_the_run_naming_its_log(tmp_path):
    (tmp_path / "w.onnx").write_bytes(b"weights")
    made_with = tmp_path / "made_with.json"
    made_with.write_text(json.dumps({"old.json": {"weights": {}, "minutes": 1.0}}))
    ok = Recipe("a.json", ("-c", "import sys; print('made', sys.argv[1:])"), ("w.onnx",))
    failing = Recipe("b.json", ("-c", "raise SystemExit(3)"), ("w.onnx",))
    never = Recipe("c.json", ("-c", "open('c_ran', 'w')"))
    with pytest.raises(SystemExit, match=r"remake: b.json failed \(exit 3\) after [\d.]+ min; see .*logs/b.log"):
        remake([ok, failing, never], tmp_path, tmp_path / "logs", made_with, weights=tmp_path, cwd=tmp_path)
    recorded = json.loads(made_with.read_text())
    assert recorded["a.json"].pop("minutes") < 1  # a Python that prints a line
    assert recorded == {"old.json": {"weights": {}, "minutes": 1.0},
                        "a.json": {"weights": fingerprint(tmp_path, ("w.onnx",))}}
    assert (tmp_path / "logs" / "a.log").read_text() == "made ['--out', 'benchmarks/results/a.json']\n"
    assert not (tmp_path / "c_ran").exists()


def test_missing_real_dice_photos_are_named_before_anything_runs(tmp_path):
    with pytest.raises(SystemExit, match=f"the real dice photos are not at {tmp_path / 'none'}: pass --real-dice"):
        remake([BY_NAME["pipeline.json"], BY_NAME["detect.json"]], tmp_path / "none", tmp_path / "logs")
    assert not (tmp_path / "logs").exists()


def test_missing_real_card_photos_are_named_before_anything_runs(tmp_path):
    with pytest.raises(SystemExit, match=f"the real card photos are not at {tmp_path / 'none'}: pass --real-cards"):
        remake([BY_NAME["real_cards.json"]], tmp_path, tmp_path / "logs", real_cards=tmp_path / "none")
    assert not (tmp_path / "logs").exists()


def test_int8_files_are_not_remade_from_int8_copies_of_older_floats(weights):
    _stale_after_changing(weights, "die_classifier.onnx")
    with pytest.raises(SystemExit, match="the int8 copies were made from other float weights than "
                                         f"die_classifier.onnx: run {re.escape(SHIPPED_COMMAND)} first"):
        plan(["detect.json", "light_int8.json"], {}, weights)
    assert [r.results for r in plan(["detect.json", "light.json"], {}, weights)] == ["detect.json", "light.json"]


def test_files_that_only_count_run_side_by_side_after_those_that_time(tmp_path):
    (tmp_path / "w.onnx").write_bytes(b"weights")
    made_with = tmp_path / "made_with.json"
    # each counting file marks that it started, then waits up to 10 s for the other's mark: both succeed
    # only if they run together; the timing file fails if either has started before it
    meet = ("-c", "import pathlib, sys, time\n"
                  "mine = pathlib.Path(pathlib.Path(sys.argv[-1]).stem + '.started'); mine.touch()\n"
                  "other = pathlib.Path(('b' if mine.name == 'a.started' else 'a') + '.started')\n"
                  "for _ in range(200):\n"
                  "    if other.exists(): break\n"
                  "    time.sleep(0.05)\n"
                  "sys.exit(0 if other.exists() else 4)")
    timed = Recipe("t.json", ("-c", "import pathlib; assert not list(pathlib.Path().glob('*.started'))"), ("w.onnx",))
    a, b = (Recipe(name, meet, ("w.onnx",), counts_only=True) for name in ("a.json", "b.json"))
    remake([a, timed, b], tmp_path, tmp_path / "logs", made_with, weights=tmp_path, cwd=tmp_path, lanes=2)
    assert sorted(json.loads(made_with.read_text())) == ["a.json", "b.json", "t.json"]


def test_a_failure_beside_another_file_lets_it_finish_and_starts_nothing_more(tmp_path):
    (tmp_path / "w.onnx").write_bytes(b"weights")
    made_with = tmp_path / "made_with.json"
    slow = Recipe("slow.json", ("-c", "import time; time.sleep(1)"), ("w.onnx",), counts_only=True)
    failing = Recipe("bad.json", ("-c", "raise SystemExit(5)"), ("w.onnx",), counts_only=True)
    never = Recipe("never.json", ("-c", "open('never_ran', 'w')"), ("w.onnx",), counts_only=True)
    with pytest.raises(SystemExit, match=r"remake: bad.json failed \(exit 5\) after [\d.]+ min; see .*logs/bad.log"):
        remake([slow, failing, never], tmp_path, tmp_path / "logs", made_with, weights=tmp_path, cwd=tmp_path, lanes=2)
    assert sorted(json.loads(made_with.read_text())) == ["slow.json"]
    assert not (tmp_path / "never_ran").exists()


def test_the_light_and_compare_files_only_count():
    assert [r.results for r in RECIPES if r.counts_only] == [
        "compare_int8.json", "compare_int8_live.json", "compare_live_gloss.json", "compare_live_clutter.json",
        "compare_glare.json", "compare_glare_live.json", "fonts.json", "fonts_int8.json", "mount.json", "light.json", "light_int8.json",
        "int8_cpus.json", "blackout.json"]


def test_no_lanes_is_refused_rather_than_waiting_for_ever(tmp_path):
    with pytest.raises(ValueError, match="lanes must be 1 or more, got 0"):
        remake([], tmp_path, tmp_path / "logs", tmp_path / "made_with.json", weights=tmp_path, cwd=tmp_path, lanes=0)
