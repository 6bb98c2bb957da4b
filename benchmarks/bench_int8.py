"""Benchmark the int8 models (models.quantize) against the float ones on this CPU.

    python3 benchmarks/bench_int8.py [--scenes 30] [--rounds 5] [--out benchmarks/results/int8.json]

Times, in turns round by round (the machine's speed drifts):

* each detector network's forward pass alone, float and int8, with one thread and with one per core;
* `pelituomari detect` end to end on the benchmark's scenes (seed 0) and on a 12-megapixel photo (the
  first scene enlarged, as bench_detect times it), float and int8 (detector and readers);
* the readers' share of that: milliseconds a scene in each reader (card, die, side, corner), float and int8.

What each finds is judged on the choice scenes by compare_detectors.py (results in
compare_int8.json, and compare_int8_live.json with --live, both --int8); the live chain with the int8 models by
bench_pipeline.py --int8 (pipeline_int8.json), and under lamps by bench_light.py --int8 (light_int8.json).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine, speed  # noqa: E402
from models.make_dataset import validation_scenes  # noqa: E402
from benchmarks.bench_detector_size import forward_ms  # noqa: E402
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS  # noqa: E402
from vision.detector import DEFAULT_WEIGHTS, READERS, Detector, WeightsMissing, _session, live_detector  # noqa: E402

THREADS = {"1_thread": 1, "every_core": 0}


class ReadersTimed(Detector):
    """`detect`'s Detector, adding up the seconds each reader takes."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reader_s = dict.fromkeys(READERS, 0.0)

    def _run(self, reader, batch):
        t0 = time.perf_counter()
        scores = super()._run(reader, batch)
        self.reader_s[reader] += time.perf_counter() - t0
        return scores


def reader_ms(detector: ReadersTimed, images) -> dict:
    """Milliseconds a scene each reader takes while the detector reads images."""
    detector.reader_s = dict.fromkeys(READERS, 0.0)
    for image in images:
        detector.detect(image)
    return {name: 1000 * s / len(images) for name, s in detector.reader_s.items()}


def detect_times(runs: list[dict]) -> dict:
    """The medians over the rounds of bench_detect.speed's times; images a second from the rounded
    milliseconds, so that the file's two numbers agree."""
    ms = round(float(np.median([r["ms_per_image"] for r in runs])), 1)
    return {"ms_per_image": ms, "images_per_s": round(1000 / ms, 1),
            "ms_per_12mp_photo": round(float(np.median([r["ms_per_12mp_photo"] for r in runs])), 1)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", type=Path, default=DEFAULT_WEIGHTS, help="model folder (default: models/weights)")
    ap.add_argument("--scenes", type=int, default=30, help="synthetic scenes `detect` is timed on")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=20, help="forward passes per network and round")
    ap.add_argument("--cards-cache", default=str(ROOT / "runs" / "cards"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "int8.json")
    a = ap.parse_args(argv)
    if min(a.scenes, a.rounds, a.runs) < 1:
        ap.error(f"--scenes, --rounds and --runs must be 1 or more, got {a.scenes}, {a.rounds}, {a.runs}")
    try:   # each Detector names every int8 copy its folder lacks, and how to make them
        detectors = {name: ReadersTimed(a.weights, conf=DETECT_CONF, views=DETECT_VIEWS, int8=int8)
                     for name, int8 in (("float", False), ("int8", True))}
        live = {name: live_detector(a.weights, int8) for name, int8 in (("float", False), ("int8", True))}
    except WeightsMissing as e:
        ap.error(str(e))
    networks = {d["float"].detector_file.stem: {name: d[name].detector_file for name in d} for d in (detectors, live)}
    sessions = {(net, name, threads): _session(path, n)
                for net, files in networks.items() for name, path in files.items() for threads, n in THREADS.items()}
    forward = forward_ms(sessions, a.rounds, a.runs)
    images = [image for _, image in validation_scenes(a.scenes, 0, a.cards_cache)]
    timed = {name: [] for name in detectors}   # speed() of each round: a scene's ms and a 12-megapixel photo's
    readers = {name: [] for name in detectors}  # reader_ms() of each round
    for _ in range(a.rounds):
        for name, detector in detectors.items():
            timed[name].append(speed(detector, images, repeat=1))
            readers[name].append(reader_ms(detector, images))
    result = {"machine": machine(), "rounds": a.rounds,
              "forward_ms": {net: {threads: {name: forward[net, name, threads] for name in files} for threads in THREADS}
                             for net, files in networks.items()},
              "detect": {"scenes": a.scenes, **{name: detect_times(runs) for name, runs in timed.items()}},
              "reader_ms_per_scene": {reader: {name: round(float(np.median([r[reader] for r in readers[name]])), 2)
                                               for name in detectors} for reader in READERS}}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
