"""Score the shipped detector and readers on real phone photos of cards labelled by corner index.

    python3 benchmarks/bench_real_cards.py ../shared/datasets/real-cards-corners [--int8] [--live]
                                           [--weights DIR] [--limit N] [--out benchmarks/results/real_cards.json]

The photos are read as `pelituomari detect` reads them (its Detector settings, vision.detect_defaults); --live
as `pelituomari run` does (vision.detector.live_detector, the light evened out over the photo as the pipeline's
RoomLight does over its zones: here the photo is the one zone). Scoring, labels and the split by shot are
benchmarks/real_cards.py's; the counts are written per split (train, held_out) and over all photos.

A card is named where the readers' probability of their best card reaches the Detector's card_min_prob, else
left unread. The photos are read once with every card named, each name's probability kept, and the
threshold applied afterwards, which is what the Detector does (the same names, the same None): so the file
also holds the counts at other thresholds (by_threshold), what card_min_prob was chosen from.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import real_cards  # noqa: E402
from benchmarks.bench_detect import machine  # noqa: E402
from pelituomari.commands.detect import read_image  # noqa: E402
from vision.colour import white_balanced  # noqa: E402
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS  # noqa: E402
from vision.detector import Detector, WeightsMissing, live_detector  # noqa: E402

# by_threshold's card_min_prob values: vision.detector.CARD_MIN_PROB was chosen among them
THRESHOLDS = (*(round(0.3 + 0.05 * i, 2) for i in range(14)), 0.98, 0.99, 0.995, 0.999, 0.9995)
SCORE_QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _key(points) -> tuple:
    return tuple(np.float32(points).ravel().tolist())


class NameScores:
    """The readers' probability of each face-up box's best card, kept as the detector reads (by the box's
    corners, as its Detection carries them); the detector is set to name every card (card_min_prob 0)."""

    def __init__(self, detector: Detector):
        self.threshold = detector.card_min_prob
        self.of: dict[tuple, float] = {}
        card_probs = detector._card_probs

        def kept(image, rects):
            p = card_probs(image, rects)
            self.of.update({_key(cv2.boxPoints(r)): float(q) for r, q in zip(rects, p.max(1))})
            return p

        detector._card_probs = kept
        detector.card_min_prob = 0.0

    def score(self, det) -> float | None:
        return self.of.get(_key(det.corners)) if det.kind == "card" and det.corners else None


def gated(dets, scores: list, threshold: float) -> list:
    """The detections with each card whose score is under threshold left unread, as the Detector leaves it."""
    return [d if s is None or s >= threshold else replace(d, card=None) for d, s in zip(dets, scores)]


def make_detector(weights, int8: bool, live: bool) -> Detector:
    return live_detector(weights, int8) if live else Detector(weights, conf=DETECT_CONF, views=DETECT_VIEWS, int8=int8)


def read_photos(detector: Detector, paths: list[Path], classes: list[str], live: bool):
    """(split, corners, detections with every card named, their name scores) of each photo, and the seconds
    the detector took over them all."""
    names = NameScores(detector)
    out, seconds = [], 0.0
    for path in paths:
        image = read_image(str(path))
        h, w = image.shape[:2]
        corners = real_cards.read_corners(path.with_suffix(".txt"), classes, w, h)
        start = time.perf_counter()
        dets = detector.detect(white_balanced(image) if live else image)
        seconds += time.perf_counter() - start
        out.append((real_cards.split_of(path), corners, dets, [names.score(d) for d in dets]))
    return out, seconds, names.threshold


def score(read, threshold: float) -> tuple[dict[str, real_cards.Tally], dict[str, list]]:
    """Tallies per split and over all photos at a card_min_prob, and each split's (score, verdict) per name."""
    tallies = {name: real_cards.Tally() for name in (*real_cards.SPLITS, "all")}
    verdicts = {name: [] for name in real_cards.SPLITS}
    for split, corners, dets, scores in read:
        kept = gated(dets, scores, threshold)
        score_of = {id(d): s for d, s in zip(kept, scores)}
        tallies["all"].add(corners, kept)
        verdicts[split] += [(score_of[id(d)], v) for d, v in tallies[split].add(corners, kept)]
    return tallies, verdicts


def score_quantiles(verdicts: list) -> dict:
    """The quantiles of the scores of the right and of the wrong names: how well a threshold can part them."""
    out = {}
    for verdict in ("right", "wrong"):
        s = [score for score, v in verdicts if v == verdict]
        out[verdict] = {"names": len(s), **({str(q): round(float(np.quantile(s, q)), 4) for q in SCORE_QUANTILES}
                                            if s else {})}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path, help="the real-cards-corners folder")
    ap.add_argument("--weights", help="model folder (default: models/weights)")
    ap.add_argument("--int8", action="store_true", help="the int8 copies of the detector and readers")
    ap.add_argument("--live", action="store_true", help="the live pipeline's detector and settings, not detect's")
    ap.add_argument("--limit", type=int, metavar="N", help="only the first N photos by name (a quick look)")
    ap.add_argument("--out", type=Path, help="results file (default benchmarks/results/real_cards[_live][_int8].json)")
    a = ap.parse_args(argv)
    try:
        classes = real_cards.read_classes(a.folder)
        paths = real_cards.photos(a.folder)[:a.limit]
        detector = make_detector(a.weights, a.int8, a.live)
    except (FileNotFoundError, real_cards.LabelError) as e:
        ap.error(str(e))
    except WeightsMissing as e:
        ap.error(str(e))
    read, seconds, shipped = read_photos(detector, paths, classes, a.live)
    tallies, _ = score(read, shipped)
    _, verdicts = score(read, 0.0)  # every name the readers lean to, sure or not
    result = {"machine": machine(), "folder": a.folder.name, "detector": detector.detector_file.name,
              "int8": a.int8, "live": a.live, "conf": detector.conf, "card_min_prob": shipped,
              "split_rule": f"held out: sha256 of the shot name, its first 8 hex digits mod "
                            f"{real_cards.HELD_OUT_ONE_IN} == 0 (benchmarks/real_cards.py)",
              "shots": {name: len({real_cards.shot(p) for p in paths if real_cards.split_of(p) == name})
                        for name in real_cards.SPLITS},
              "speed": {"photos": len(paths), "seconds": round(seconds, 1),
                        "ms_per_photo": round(1000 * seconds / len(paths), 1)},
              **{name: t.summary() for name, t in tallies.items()},
              "name_scores": {name: score_quantiles(v) for name, v in verdicts.items()},
              "by_threshold": {name: [] for name in real_cards.SPLITS}}
    for threshold in THRESHOLDS:
        at, _ = score(read, threshold)
        for name in real_cards.SPLITS:
            s = at[name].summary()
            result["by_threshold"][name].append({"card_min_prob": threshold, **{k: s[k] for k in (
                "read", "unread", "misnamed", "names_wrong", "names_not_in_photo")}, "names": s["counts"]["names"]})
    out = a.out or ROOT / "benchmarks" / "results" / f"real_cards{'_live' * a.live}{'_int8' * a.int8}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps({k: result[k] for k in ("speed", *real_cards.SPLITS, "all")}, indent=1))


if __name__ == "__main__":
    main()
