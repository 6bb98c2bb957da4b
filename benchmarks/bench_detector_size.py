"""Benchmark detector networks and input sizes on this CPU before training one: how fast would `detect` be?

    python3 benchmarks/bench_detector_size.py [--sizes 320 416 480] [--out benchmarks/results/detector_sizes.json]

A larger network or input may find more, but the detector must keep `pelituomari detect` at >= 10
images per second on this 2-core CPU. Speed does not depend on the weights, so each candidate
(yolo11n-obb, yolo11s-obb; our three classes) is built untrained from its ultralytics YAML (offline),
exported to ONNX as `models.train` ships it, and its forward pass timed with the Detector's own
onnxruntime session options, round by round against the shipped detector (the machine's speed drifts).
The shipped Detector is timed on the benchmark's synthetic scenes with one and two views; a candidate's
`detect` speed is projected by swapping the shipped network's forward time for the candidate's (the
classifiers, crops and NMS are the same; with more boxes found they would cost a little more).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine, speed  # noqa: E402
from models.make_dataset import validation_scenes  # noqa: E402
from vision.detector import DEFAULT_WEIGHTS, KINDS, WEIGHT_FILES, Detector, _session, input_size  # noqa: E402

NETWORKS = ("yolo11n-obb.yaml", "yolo11s-obb.yaml")


def export_untrained(yaml: str, imgsz: int, folder: Path) -> tuple[Path, int]:
    """The network of yaml with our classes, untrained, exported to ONNX at imgsz; and its parameter count."""
    from ultralytics import YOLO
    from ultralytics.nn.tasks import OBBModel
    shell = YOLO(yaml, task="obb")
    net = OBBModel(yaml, nc=len(KINDS), verbose=False)
    net.names, net.args, net.task = dict(enumerate(KINDS)), shell.model.args, "obb"
    shell.model = net
    onnx = Path(shell.export(format="onnx", imgsz=imgsz, simplify=False, dynamic=False, opset=17, verbose=False))
    target = folder / f"{Path(yaml).stem}_{imgsz}.onnx"
    onnx.replace(target)
    return target, sum(p.numel() for p in net.parameters())


def forward_ms(sessions: dict, rounds: int, runs: int) -> dict:
    """Median milliseconds of one forward pass of each session, timed in turn, round by round."""
    times = {name: [] for name in sessions}
    feeds = {}
    for name, s in sessions.items():
        size, _ = input_size(s, name)  # a network of any size (the live detector) at the square it learnt at
        feeds[name] = {s.get_inputs()[0].name: np.random.default_rng(0).random((1, 3, size, size), dtype=np.float32)}
    for _ in range(rounds):
        for name, s in sessions.items():
            feed = feeds[name]
            s.run(None, feed)
            t0 = time.perf_counter()
            for _ in range(runs):
                s.run(None, feed)
            times[name].append(1000 * (time.perf_counter() - t0) / runs)
    return {name: round(float(np.median(t)), 2) for name, t in times.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[320, 416, 480], help="detector input sizes (multiples of 32)")
    ap.add_argument("--scenes", type=int, default=30, help="synthetic scenes the shipped Detector is timed on")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=20, help="forward passes per network and round")
    ap.add_argument("--cards-cache", default=str(ROOT / "runs" / "cards"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "detector_sizes.json")
    a = ap.parse_args(argv)
    bad = [s for s in a.sizes if s <= 0 or s % 32]
    if bad:
        ap.error(f"--sizes must be positive multiples of 32 (the detector's largest stride), got {bad}")
    images = [image for _, image in validation_scenes(a.scenes, 0, a.cards_cache)]
    detectors = {views: Detector(views=views) for views in (1, 2)}
    detect_ms = {views: speed(d, images, repeat=1)["ms_per_image"] for views, d in detectors.items()}
    with tempfile.TemporaryDirectory() as tmp:
        built = {(yaml, s): export_untrained(yaml, s, Path(tmp)) for yaml in NETWORKS for s in a.sizes}
        sessions = {"shipped": _session(DEFAULT_WEIGHTS / WEIGHT_FILES["onnx"])}
        sessions.update({f"{Path(y).stem}@{s}": _session(path) for (y, s), (path, _) in built.items()})
        fwd = forward_ms(sessions, a.rounds, a.runs)
    views_key = {1: "1_view", 2: "2_views"}
    rows = []
    for (yaml, s), (_, params) in built.items():
        ms = fwd[f"{Path(yaml).stem}@{s}"]
        rows.append({"network": Path(yaml).stem, "input": s, "parameters": params, "forward_ms": ms,
                     **{f"detect_images_per_s_{views_key[v]}": round(1000 / (detect_ms[v] + v * (ms - fwd["shipped"])), 1)
                        for v in (1, 2)}})
    result = {"machine": machine(),
              "shipped": {"input": detectors[1].imgsz, "forward_ms": fwd["shipped"],
                          "detect_ms_per_image": {views_key[v]: detect_ms[v] for v in (1, 2)}, "scenes": a.scenes},
              "candidates": rows}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
