"""Remake the results files that new shipped weights leave stale, one after another, in one command.

    python3 -m benchmarks.remake [RESULTS ...] [--dry-run] [--real-dice FOLDER] [--real-cards FOLDER]
                                 [--logs runs/remake] [--lanes 2]

Why: every results file that counts what the models find must be made again when a detector or a reader
is shipped (two dozen files, a few hours of a 2-core CPU), and a file forgotten would go on quoting
weights no longer shipped. Here each file has its command and the weights it reads (RECIPES), and benchmarks/results/made_with.json
records the sha256 of those weights when the file was made, and the minutes it took: a file whose weights
changed since is stale, and tests/benchmarks/test_remake.py fails while any is. It will not measure int8 copies
made from other float weights than those shipped (models.quantize's record): quantize first.

Without names it remakes the stale files; named ones (`detect.json`) are remade whatever they are.
The files of the machine alone, its speed or memory (what the weights say changes neither), are remade
only when named.
Files that time anything run one after another and alone, as timings must; then the files that only
count run --lanes at a time (each keeps about one core busy: side by side on a 2-core Xeon two took
9.2 and 15.4 minutes against 8.4 and 15.9 alone; the two light files side by side 61 and 55 minutes
against 54 and 53; on a 2-core AMD EPYC, through --lanes 2, 33 and 27). Each is logged to LOGS/NAME.log
and recorded in made_with.json as it succeeds; a failure starts nothing more, lets what runs beside it
finish, and stops the run naming its log. --dry-run prints the plan (commands and the minutes each took
last time) and runs nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from models.quantize import SHIPPED_COMMAND, fingerprint, stale_floats  # noqa: E402
from vision.detector import LIVE_DETECTOR_FILE, READERS, WEIGHT_FILES, int8_file, reader_file  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
WEIGHTS = ROOT / "models" / "weights"
MADE_WITH = RESULTS / "made_with.json"
REAL_DICE = "{real_dice}"  # stands in a recipe's command for --real-dice's folder
REAL_CARDS = "{real_cards}"  # and for --real-cards'
DATASETS = ROOT.parent / "shared" / "datasets"  # where the data sets lie beside the repository
MORE_SETS = ("201", "202", "203:cards", "204", "205:cards", "206")  # the model card's "more scenes"
ARM_ROOT = "runs/arm64"  # an ARM64 Python's root, made by benchmarks/make_arm64_root.sh

FLOAT_READERS = tuple(reader_file(Path(), reader).name for reader in READERS)
DETECTOR = WEIGHT_FILES["onnx"]
DETECT = (DETECTOR, *FLOAT_READERS)  # what `pelituomari detect` loads
LIVE = (LIVE_DETECTOR_FILE, *FLOAT_READERS)  # what `pelituomari run` loads
LETTER_READERS = tuple(reader_file(Path(), reader).name for reader in ("card", "corner"))  # what reads a card's index


def int8(files: tuple[str, ...]) -> tuple[str, ...]:
    """The int8 copies models.quantize writes beside these files."""
    return tuple(int8_file(Path(name)).name for name in files)


@dataclass(frozen=True)
class Recipe:
    """One results file: the command that makes it (after `python3`), the weights whose outputs it counts, and
    whether it only counts (times nothing, so it may run beside another)."""
    results: str
    command: tuple[str, ...]
    weights: tuple[str, ...] = ()  # () for a file of the machine's speed or memory alone
    counts_only: bool = False

    def argv(self, real_dice: Path, real_cards: Path = DATASETS / "real-cards-corners") -> list[str]:
        return [sys.executable, *(arg.replace(REAL_DICE, str(real_dice)).replace(REAL_CARDS, str(real_cards))
                                  for arg in self.command), "--out", f"benchmarks/results/{self.results}"]

    @property
    def needs_real_dice(self) -> bool:
        return REAL_DICE in self.command

    @property
    def needs_real_cards(self) -> bool:
        return REAL_CARDS in self.command


def _bench_detect(*flags: str) -> tuple[str, ...]:
    return ("-m", "benchmarks.bench_detect", *flags)


def _compare(*flags: str) -> tuple[str, ...]:
    return ("benchmarks/compare_detectors.py", "models/weights", *flags)


_DETECT_SETS = ("--real-dice", REAL_DICE, "--more-sets", *MORE_SETS)
_LIVE_DETECT = ("--weights", "models/weights/detector_live.onnx", "--conf", "0.3", *_DETECT_SETS)
_LIGHT = ("benchmarks/bench_light.py", "--own-light-sets", *MORE_SETS)
_REAL_CARDS = ("benchmarks/bench_real_cards.py", REAL_CARDS)

# The order they run in, within each of remake's two groups (those that time anything, those that only count).
RECIPES = (
    Recipe("detect.json", _bench_detect(*_DETECT_SETS, "--conditions"), DETECT),
    Recipe("pipeline.json", ("benchmarks/bench_pipeline.py",), LIVE),
    Recipe("pipeline_int8.json", ("benchmarks/bench_pipeline.py", "--int8"), int8(LIVE)),
    Recipe("pipeline_gin.json", ("benchmarks/bench_pipeline.py", "--game", "gin"), LIVE),
    Recipe("pipeline_skruuvi.json", ("benchmarks/bench_pipeline.py", "--game", "skruuvi"), LIVE),
    Recipe("detect_gloss.json", _bench_detect("--gloss", "1.0", "--more-sets", *MORE_SETS), DETECT),
    Recipe("detect_tilt20.json", _bench_detect("--tilt", "20", "--more-sets", *MORE_SETS), DETECT),
    Recipe("detect_tilt35.json", _bench_detect("--tilt", "35", "--more-sets", *MORE_SETS), DETECT),
    Recipe("detect_clutter.json", _bench_detect("--clutter", "1.0", "--more-sets", *MORE_SETS), DETECT),
    Recipe("detect_glare_spots.json", _bench_detect("--glare-spots", "1.0", "--more-sets", *MORE_SETS), DETECT),
    Recipe("detect_int8.json", _bench_detect("--int8", *_DETECT_SETS, "--conditions"), int8(DETECT)),
    Recipe("detect_views1.json", _bench_detect(*_LIVE_DETECT), LIVE),
    Recipe("detect_views1_int8.json", _bench_detect("--int8", *_LIVE_DETECT), int8(LIVE)),
    Recipe("real_cards.json", _REAL_CARDS, DETECT),
    Recipe("real_cards_int8.json", (*_REAL_CARDS, "--int8"), int8(DETECT)),
    Recipe("real_cards_live.json", (*_REAL_CARDS, "--live"), LIVE),
    Recipe("compare_int8.json", _compare("--int8", "--conditions", "blurred", "sharpened"), DETECT + int8(DETECT),
           counts_only=True),
    Recipe("compare_int8_live.json", _compare("--live", "--int8", "--conditions", "blurred", "sharpened"),
           LIVE + int8(LIVE), counts_only=True),
    Recipe("compare_live_gloss.json", _compare("--live", "--gloss", "1.0", "--conditions"), LIVE, counts_only=True),
    Recipe("compare_live_clutter.json", _compare("--live", "--int8", "--clutter", "1.0", "--conditions"),
           LIVE + int8(LIVE), counts_only=True),
    Recipe("compare_glare.json", _compare("--int8", "--conditions", "--glare", "0.1", "0.2"), DETECT + int8(DETECT),
           counts_only=True),
    Recipe("compare_glare_live.json", _compare("--live", "--int8", "--conditions", "--glare", "0.1", "0.2"),
           LIVE + int8(LIVE), counts_only=True),
    Recipe("fonts.json", ("benchmarks/bench_fonts.py",), LETTER_READERS, counts_only=True),
    Recipe("fonts_int8.json", ("benchmarks/bench_fonts.py", "--int8"), int8(LETTER_READERS), counts_only=True),
    Recipe("mount.json", ("benchmarks/bench_mount.py",), LIVE, counts_only=True),
    Recipe("light.json", _LIGHT, (DETECTOR, *LIVE), counts_only=True),
    Recipe("light_int8.json", (*_LIGHT, "--int8"), int8((DETECTOR, *LIVE)), counts_only=True),
    Recipe("int8_cpus.json", ("benchmarks/bench_int8_cpus.py", "--arm-root", ARM_ROOT), LIVE + int8(LIVE),
           counts_only=True),
    Recipe("int8.json", ("benchmarks/bench_int8.py",)),
    Recipe("detector_sizes.json", ("benchmarks/bench_detector_size.py",)),
    Recipe("classifier_step.json", ("benchmarks/bench_classifier_step.py",)),
    Recipe("clock_fit.json", ("benchmarks/bench_clock_fit.py",)),
    Recipe("gin_deadwood.json", ("benchmarks/bench_gin_deadwood.py",)),
    Recipe("skruuvi_replay.json", ("benchmarks/bench_skruuvi_replay.py",)),
    Recipe("web.json", ("benchmarks/bench_web.py",)),
    Recipe("club.json", ("benchmarks/bench_club.py",)),
    Recipe("memory.json", ("benchmarks/bench_memory.py",)),
    Recipe("fuzz_cli.json", ("benchmarks/fuzz_cli.py",)),
    Recipe("blackout.json", ("benchmarks/bench_blackout.py",), LIVE, counts_only=True),
)
BY_NAME = {recipe.results: recipe for recipe in RECIPES}
# Results files that record a measurement no recipe can make again (trained fold readers, another machine):
# kept for the model card's figures, never remade
_UNSEEN = "readers trained without some decks, on scenes of those decks and of others (the model card, \"Why two stages\")"
RECORDS = {**{f"unseen_decks_{run}.json": _UNSEEN
              for run in ("a", "b", "a_foldb", "b_foldb", "index_scale_a", "index_scale_b", "continued_a", "continued_b",
                          "fonts_a", "fonts_b", "fonts_blur_a", "fonts_blur_b", "fonts_blur05_b", "card_blur_b",
                          "card_blur_b_seed1", "corner_soup025_b", "corner_soup03_b", "corner_soup05_b",
                          "corner_soup05_blurfonts_a", "corner_soup05_blurfonts_b")},
           **{f"pipeline{models}_xeon.json": f"bench_pipeline.py{flag} as pipeline{models}.json, on a 2-core Intel Xeon "
                                             "2.7 times slower than the machine of pipeline.json"
              for models, flag in (("", ""), ("_int8", " --int8"))}}


def load_made_with(path: Path = MADE_WITH) -> dict[str, dict]:
    return json.loads(path.read_text()) if path.exists() else {}


def stale(made_with: dict[str, dict], weights: Path = WEIGHTS) -> list[Recipe]:
    """The recipes whose file was made with other weights than those now in `weights` (or never recorded)."""
    now = fingerprint(weights, {name for recipe in RECIPES for name in recipe.weights})  # each file read once
    return [recipe for recipe in RECIPES if recipe.weights and
            made_with.get(recipe.results, {}).get("weights") != {name: now[name] for name in recipe.weights}]


def plan(names: list[str], made_with: dict[str, dict], weights: Path = WEIGHTS) -> list[Recipe]:
    """The named recipes in RECIPES' order, or the stale ones where none are named."""
    for name in names:
        if name in RECORDS:
            raise SystemExit(f"remake: {name} is not remade: it records {RECORDS[name]}")
        if name not in BY_NAME:
            raise SystemExit(f"remake: no recipe makes {name}; the files it makes: {', '.join(BY_NAME)}")
    planned = [recipe for recipe in RECIPES if recipe.results in names] if names else stale(made_with, weights)
    changed = stale_floats(weights)
    if changed and any(name.endswith("_int8.onnx") for recipe in planned for name in recipe.weights):
        raise SystemExit(f"remake: the int8 copies were made from other float weights than {', '.join(changed)}: "
                         f"run {SHIPPED_COMMAND} first")
    return planned


def remake(recipes: list[Recipe], real_dice: Path, logs: Path, made_with_path: Path = MADE_WITH,
           weights: Path = WEIGHTS, cwd: Path = ROOT, lanes: int = 1,
           real_cards: Path = DATASETS / "real-cards-corners") -> None:
    """Run the recipes that time anything one by one, then those that only count `lanes` at a time, recording
    each in made_with.json as it succeeds; after a failure start nothing more, and stop naming its log."""
    if lanes < 1:
        raise ValueError(f"lanes must be 1 or more, got {lanes}")  # none would ever start
    if any(recipe.needs_real_dice for recipe in recipes) and not real_dice.is_dir():
        raise SystemExit(f"remake: the real dice photos are not at {real_dice}: "
                         "pass --real-dice with the real-dice-topdown folder")
    if any(recipe.needs_real_cards for recipe in recipes) and not real_cards.is_dir():
        raise SystemExit(f"remake: the real card photos are not at {real_cards}: "
                         "pass --real-cards with the real-cards-corners folder")
    logs.mkdir(parents=True, exist_ok=True)
    timing = [recipe for recipe in recipes if not recipe.counts_only]
    counting = [recipe for recipe in recipes if recipe.counts_only]
    failed = []
    for group, width in ((timing, 1), (counting, lanes)):
        waiting, running = list(group), {}
        with ThreadPoolExecutor(width) as pool:
            while running or (waiting and not failed):
                while waiting and not failed and len(running) < width:
                    recipe = waiting.pop(0)
                    running[pool.submit(_run, recipe, recipe.argv(real_dice, real_cards), logs, cwd)] = recipe
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    recipe, (code, minutes) = running.pop(future), future.result()
                    if code != 0:
                        failed.append(f"remake: {recipe.results} failed (exit {code}) after {minutes} min; "
                                      f"see {logs / _log_name(recipe)}")
                    else:
                        _record(recipe, minutes, made_with_path, weights)
        if failed:
            raise SystemExit("\n".join(failed))


def _log_name(recipe: Recipe) -> str:
    return recipe.results.replace(".json", ".log")


def _run(recipe: Recipe, argv: list[str], logs: Path, cwd: Path) -> tuple[int, float]:
    """One recipe's command, its output to its log: its exit status and the minutes it took."""
    # one write, line and newline together: two lanes starting at once printed "a ...b ..." then two newlines
    print(f"{time.strftime('%H:%M:%S')} {recipe.results} ...\n", end="", flush=True)
    start = time.monotonic()
    with (logs / _log_name(recipe)).open("w") as out:
        code = subprocess.call(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                               env={**os.environ, "YOLO_OFFLINE": "1"})
    return code, round((time.monotonic() - start) / 60, 1)


def _record(recipe: Recipe, minutes: float, made_with_path: Path, weights: Path) -> None:
    made_with = load_made_with(made_with_path)  # read again: a run may be stopped between files
    made_with[recipe.results] = {"weights": fingerprint(weights, recipe.weights), "minutes": minutes}
    made_with_path.write_text(json.dumps(made_with, indent=1, sort_keys=True) + "\n")
    print(f"{time.strftime('%H:%M:%S')} {recipe.results} made in {minutes} min", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", nargs="*", help="results files to remake (default: the stale ones)")
    ap.add_argument("--real-dice", type=Path, default=DATASETS / "real-dice-topdown",
                    help="the real-dice-topdown folder (bench_detect scores its validation split)")
    ap.add_argument("--real-cards", type=Path, default=DATASETS / "real-cards-corners",
                    help="the real-cards-corners folder (bench_real_cards scores its photos)")
    ap.add_argument("--logs", type=Path, default=ROOT / "runs" / "remake", help="where each command's output goes")
    ap.add_argument("--lanes", type=int, default=2,
                    help="how many files that only count run at a time, after those that time (default 2)")
    ap.add_argument("--dry-run", action="store_true", help="print the plan, run nothing")
    a = ap.parse_args(argv)
    if a.lanes < 1:
        ap.error(f"--lanes must be 1 or more, got {a.lanes}")
    made_with = load_made_with()
    recipes = plan(a.results, made_with)
    if not recipes:
        print("remake: every results file was made with the weights now shipped")
        return
    if a.dry_run:
        timed = [made_with[r.results]["minutes"] for r in recipes if "minutes" in made_with.get(r.results, {})]
        for recipe in recipes:
            last = made_with.get(recipe.results, {}).get("minutes")
            took = f"{last} min last time" if last is not None else "not timed yet"
            print(f"{recipe.results} ({took}): python3 {' '.join(recipe.argv(a.real_dice, a.real_cards)[1:])}")
        print(f"{len(recipes)} files; those timed took {sum(timed):.0f} min last time")
        return
    remake(recipes, a.real_dice, a.logs, lanes=a.lanes, real_cards=a.real_cards)


if __name__ == "__main__":
    main()
