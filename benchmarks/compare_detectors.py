"""Judge model folders against each other on the same fresh scenes, in the scenes' own camera and others.

    python3 benchmarks/compare_detectors.py models/weights runs/cand_a runs/cand_b
        [--sets 207 208:cards 209 210:cards 211 212] [--scenes 200] [--conditions blurred sharpened]
        [--live] [--gloss SHARE] [--tilt DEGREES] [--clutter SHARE] [--glare RADIUS ...] [--glare-spots SHARE]
        [--decks DECK ...]
        [--out benchmarks/results/compare_detectors.json]

A candidate (a detector continued on new data, a soup of two) is shipped or not on counts of objects, not
on rounded shares: a few dozen cards of 3000 decide it. This scores every folder on each scene as it is
made, so all see the same images, and no scene is kept: 1200 scenes' images would take a gigabyte.
The default sets are the choice sets, made only for choosing (models/MODEL_CARD.md, "Results": never trained
on, apart from the benchmark's --more-sets). Each folder is a whole set of weights as `pelituomari
detect` loads it (a detector and its readers); each is run as `detect` runs it (one view, its
confidence); a weights path may also name a detector file (its folder holds the readers). --int8
judges each folder's int8 copies too (detector and readers, models.quantize), as "FOLDER int8".
--live judges each folder's live pipeline detector instead (vision.detector.live_detector:
detector_live.onnx at 320 px), the light of each whole scene evened out first, as the pipeline evens
it out over its zones. --conditions names bench_detect's CONDITIONS to score the scenes under as
well; the scenes as rendered are always scored ("rendered"). --gloss renders the scenes with that
share of their cards showing a lamp's reflection (models.make_dataset --gloss), the same scenes otherwise.
--tilt sees them through a camera turned that many degrees from looking straight down (bench_detect --tilt).
--clutter lays things beside the cards in that share of the scenes (bench_detect --clutter).
--glare scores the scenes also under a lamp's glare spot of each radius named (a share of the scene's
width; models.synth.scene.glare_spot), as cameras named "glare RADIUS": a spot a scene, centred anywhere
over its middle, drawn from a stream of the camera's own, so that every folder sees the same spot on the
same scene. bench_light moves such a spot over the two sample videos; this asks the same of 1200 scenes,
and of `detect` too. Such a spot is laid on the image alone: a card under its white core, which no camera
sees, still counts as missed. --glare-spots renders that share of the scenes under a spot as the training
scenes have one (models.make_dataset --glare-spots: 5-20 % of the width), what its core hides out of the
truth as a covered card is, so its counts say how well what a camera can see there is found and read.
The results say the gloss and the tilt the scenes were seen with, as bench_detect's do (and the share
under glare spots, where there is one).
--decks draws every scene's cards from the decks named (models.make_dataset --decks): with readers
trained without those decks, how `detect` reads a deck it has never seen, as a real table's deck is.

Printed and written (--out) per folder and camera: cards found, face-up cards read, dice found, dice
read and false boxes, pooled; written also per set and per deck (a scene's face-up cards come from one
deck, so a candidate that reads one deck better and another worse shows it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import (CONDITIONS, Tally, add_camera_flags, camera_said, changed, machine,  # noqa: E402
                                     scene_camera, scene_set, scene_truth, set_name)
from models.make_dataset import validation_scenes  # noqa: E402
from models.synth.decks import chosen_decks, deck_names  # noqa: E402
from models.synth.scene import CAMERA, Camera, glare_spot_somewhere  # noqa: E402
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS  # noqa: E402
from vision.colour import white_balanced  # noqa: E402
from vision.detector import Detector, WeightsMissing, live_detector  # noqa: E402

CHOICE_SETS = ("207", "208:cards", "209", "210:cards", "211", "212")
COUNTS = ("cards_found", "cards_read", "dice_found", "dice_read", "false")
GLARE_SEED = 0   # the stream each --glare camera draws its spots from


def counts(tally: Tally) -> dict:
    """The five counts a candidate is judged by."""
    c = tally.summary()["counts"]
    return {"cards_found": c["face_up_found"] + c["face_down_found"], "cards_read": c["cards_read"],
            "dice_found": c["dice_found"], "dice_read": c["dice_read"], "false": c["false"]}


class Evened:
    """A detector handed each image with its light evened out over the whole image (white_balanced), as
    the live pipeline's RoomLight evens a frame out over all its zones together: the live detector does
    not even it out itself."""

    def __init__(self, detector):
        self.detector = detector

    def detect(self, image: np.ndarray):
        return self.detector.detect(white_balanced(image))


class UnderGlare:
    """A camera that lays a glare spot of one radius (a share of the image's width) on each scene it is
    handed, somewhere over its middle, the n-th scene's spot its stream's n-th draw."""

    def __init__(self, radius: float):
        self.radius, self._rng = radius, np.random.default_rng(GLARE_SEED)

    def __call__(self, image: np.ndarray) -> np.ndarray:
        return glare_spot_somewhere(image, self._rng, (self.radius, self.radius))


def cameras_for(conditions: list[str], glare: list[float] = ()) -> dict:
    """The scenes as rendered, then under each of bench_detect's CONDITIONS named, then under a glare spot
    of each radius in glare: {name: image -> image}."""
    return {"rendered": lambda image: image,
            **{name: lambda image, change=CONDITIONS[name][1]: changed(change, image) for name in conditions},
            **{f"glare {radius:g}": UnderGlare(radius) for radius in glare}}


def glare_radius(text: str) -> float:
    """--glare's radius: a share of the scene's width, above 0 and at most 0.5."""
    radius = float(text)
    if not 0 < radius <= 0.5:
        raise argparse.ArgumentTypeError(f"a glare spot's radius is a share of the width, above 0 and at most 0.5, "
                                         f"got {text}")
    return radius


def compare(detectors: dict, sets: list[tuple[int, str | None]], scenes: int, cache_root, cameras: dict,
            rendering: Camera = CAMERA, decks: list[str] | None = None) -> dict:
    """{folder: {camera: {"pooled": counts, "by_set": {set: counts}, "by_deck": {deck: counts}}}} over each
    set's first `scenes` validation scenes, rendered through ``rendering`` from ``decks`` (default: every
    usable deck); a scene's deck is the one its face-up cards come from. detectors maps a folder's name
    to its Detector (anything with detect), cameras a camera's name to what it makes of a scene's image
    (cameras_for)."""
    tallies = {(name, cam, s): Tally() for name in detectors for cam in cameras for s in sets}
    deck_tallies = {(name, cam): {} for name in detectors for cam in cameras}  # {deck: Tally} each
    for s in sets:
        for scene, image in validation_scenes(scenes, s[0], cache_root, s[1], rendering, decks):
            truth, hidden = scene_truth(scene, image)
            for cam, camera in cameras.items():
                seen = camera(image)
                for name, detector in detectors.items():
                    found = detector.detect(seen)
                    tallies[name, cam, s].add(truth, found, hidden)
                    deck_tallies[name, cam].setdefault(scene.deck, Tally()).add(truth, found, hidden)
    result = {}
    for name in detectors:
        for cam in cameras:
            by_set = {set_name(s): counts(tallies[name, cam, s]) for s in sets}
            pooled = {k: sum(c[k] for c in by_set.values()) for k in COUNTS}
            by_deck = {deck: counts(t) for deck, t in sorted(deck_tallies[name, cam].items())}
            result.setdefault(name, {})[cam] = {"pooled": pooled, "by_set": by_set, "by_deck": by_deck}
    return result


def table(result: dict) -> str:
    """One line per folder and camera: the pooled counts."""
    rows = [f"{'folder':<28} {'camera':<10} " + " ".join(f"{k:>11}" for k in COUNTS)]
    for name, cams in result.items():
        for cam, r in cams.items():
            rows.append(f"{name:<28} {cam:<10} " + " ".join(f"{r['pooled'][k]:>11}" for k in COUNTS))
    return "\n".join(rows)


def refuse_repeats(ap: argparse.ArgumentParser, what: str, names: list[str]) -> None:
    """Stop with a message where a name is given twice (its tallies would merge and count twice)."""
    if len(set(names)) < len(names):
        ap.error(f"a {what} is named twice: {' '.join(names)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="model folders, each a whole set (detector and readers)")
    ap.add_argument("--sets", type=scene_set, nargs="+", default=[scene_set(s) for s in CHOICE_SETS], metavar="SEED[:KIND]",
                    help="data sets whose validation scenes are scored (default: the choice sets %(default)s)")
    ap.add_argument("--scenes", type=int, default=200, help="validation scenes of each set")
    ap.add_argument("--conditions", nargs="*", default=["blurred", "sharpened"], choices=sorted(CONDITIONS),
                    metavar="CONDITION", help="bench_detect's CONDITIONS to score the scenes under as well "
                                              "(default: blurred sharpened; none: only as rendered)")
    ap.add_argument("--live", action="store_true", help="judge each folder's live pipeline detector (320 px)")
    ap.add_argument("--int8", action="store_true",
                    help="also judge each folder's int8 copies (models.quantize: detector and readers), as 'FOLDER int8'")
    add_camera_flags(ap)
    ap.add_argument("--glare", type=glare_radius, nargs="+", default=[], metavar="RADIUS",
                    help="also score the scenes under a glare spot of each radius, a share of the width (e.g. 0.1)")
    ap.add_argument("--decks", nargs="+", metavar="DECK",
                    help="draw the scenes from these decks only (models.make_dataset --decks): e.g. decks a "
                         "candidate's readers were trained without, to see how they read a deck they never saw")
    ap.add_argument("--cards-cache", default=str(ROOT / "runs" / "cards"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "compare_detectors.json")
    a = ap.parse_args(argv)
    if a.scenes < 1:
        ap.error(f"--scenes must be 1 or more, got {a.scenes}")
    if a.decks:
        try:
            chosen_decks(a.decks, deck_names(a.cards_cache))
        except ValueError as e:
            ap.error(f"--decks: {e}")
    refuse_repeats(ap, "folder", a.folders)
    refuse_repeats(ap, "set", [set_name(s) for s in a.sets])
    refuse_repeats(ap, "glare radius", [f"{radius:g}" for radius in a.glare])
    def made(folder, int8):
        if a.live:
            return Evened(live_detector(folder, int8))
        return Detector(folder, conf=DETECT_CONF, views=DETECT_VIEWS, int8=int8)
    try:
        detectors = {f"{folder} int8" if int8 else folder: made(folder, int8)
                     for folder in a.folders for int8 in ((False, True) if a.int8 else (False,))}
    except WeightsMissing as e:
        ap.error(str(e))
    result = {"machine": machine(), "sets": [set_name(s) for s in a.sets], "scenes_per_set": a.scenes, **camera_said(a),
              **({"decks": a.decks} if a.decks else {}),
              **({"detectors": "live"} if a.live else {"views": DETECT_VIEWS, "conf": DETECT_CONF}),
              "counts": compare(detectors, a.sets, a.scenes, a.cards_cache, cameras_for(a.conditions, a.glare),
                                scene_camera(a), a.decks)}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(table(result["counts"]))


if __name__ == "__main__":
    main()
