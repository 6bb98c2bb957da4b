"""Benchmark `vision.detector.Detector`: speed on this CPU and accuracy on synthetic and real validation data.

    python3 benchmarks/bench_detect.py [--weights DIR] [--int8] [--synthetic 200]
                                       [--real-dice ../shared/datasets/real-dice-topdown] [--photos LABELS.jsonl]
                                       [--views 2 --conf 0.35]
                                       [--more-sets 201 202 203:cards 204 205:cards 206] [--conditions]
                                       [--gloss 1.0] [--tilt 20] [--clutter 1.0] [--out benchmarks/results/detect.json]

Synthetic validation scenes are regenerated exactly from the data set's seed (models.make_dataset:
scene VAL_OFFSET + i), so their labels include card identities and die faces. Real dice: the fixed
validation split of real-dice-topdown (every 5th photo), never trained on. A ground-truth object is
found when a detection of the same kind overlaps it with IoU >= 0.5 (greedy, best score first). A
detection of an object that is there but too covered to be labelled (a card under 35 % visible, a
die under 60 %) is ignored, neither found nor false, as COCO's evaluation ignores crowd regions;
how many there were is written as detections_on_hidden_objects. in_the_open scores the objects at
least 95 % visible alone (detections of the others ignored): a card lying free on the table.
A card reaching beyond the image's edge is labelled when at least 35 % of the whole card is in sight
(the part beyond the frame counts as covered), its box around its part in the image. cut_by_the_frame
scores alone the cards more than 10 % of whose box lies beyond the edge (`make_dataset --cut-cards
unlabelled` leaves those unlabelled, and a detector trained on such sets alone learns to pass them by).
within_the_frame scores the other objects alone.
face_up_cards_by_deck counts each deck's face-up cards, found and read (a scene's face-up cards are of
one deck): a deck whose index the readers cannot see shows there. index_in_sight scores alone the
face-up cards within the frame with an index corner at least 90 % in sight (both of its corners where
a deck splits rank and suit over two: models.synth.decks.index_in_sight): rank and suit are printed
there, so such a card can be named however much else of it is covered; the card identity of the
others is a harder question (its pips, a sliver of its face).

The real photos' labels box the pattern of pips on the die's top face, not the whole die: a 1's box
is its single pip (median side 26 px against 48 px for a 6; label_side_px_by_face in the results
shows it). IoU >= 0.5 against such a box is a test of that labelling habit more than of finding the
die, so the real dice are also scored by centre: a detection finds a labelled die when the label's
centre lies inside the detection's box (one to one, best score first; of two centres in one box the
nearer to its middle wins), and a detection holding no labelled centre is false. by_whole_die scores
them by IoU >= 0.5 with whole-die boxes (models/real_dice_whole_boxes.json: made by a detector
trained on synthetic scenes only, checked by eye; a photo with a die it has no box for is left out). All three
scorings are written.

--more-sets scores more data sets' validation scenes (fresh seeds, never trained on) pooled, apart
from the main set: 200 scenes hold about 450 cards, so one set's percentages move a point for a few
cards; the results files pool six more sets (1200 scenes, about 3300 cards).

--conditions scores the main set's scenes again under the light of real rooms and the habits of real
cameras that the synthetic scenes never show (CONDITIONS: colour casts up to a bulb's red over blue
2.2, dim, over-exposed; out of focus, sharpened as phones do, grainy, compressed hard); `detect`
evens out the light first (vision.colour).

--gloss renders every synthetic scene (the main set's and the more sets') with that share of its cards
showing a lamp's reflection on their glossy finish (models.synth.scene.glossed), which no training
scene shows; the scenes are the same otherwise. benchmarks/results/detect_gloss.json is --gloss 1.0.

--tilt sees every synthetic scene through a camera turned that many degrees from looking straight down
(models.synth.scene.tilted_view, in a direction drawn per scene), as a phone held "roughly from above"
sees a table: the far cards smaller and squeezed, the near ones larger. The training scenes' camera
looks straight down, its image corners jittered by up to 7 % (a few degrees); the scenes are the same
otherwise, their labels projected with them. benchmarks/results/detect_tilt20.json and
detect_tilt35.json are --tilt 20 and 35.

--clutter lays one to three things beside the cards in that share of the synthetic scenes (a score pad or
a card box with a card's proportions, a phone, a coin, a pen, a game board; models.synth.clutter), on
the table under the cards and unlabelled, so a box on one is a false detection; no training scene has
any. The scenes and their labels are the same otherwise. benchmarks/results/detect_clutter.json is
--clutter 1.0.

--glare-spots renders that share of the synthetic scenes under a lamp's reflection (models.synth.scene.glare_spot,
5-20 % of the width, as models.make_dataset --glare-spots lays it on the training scenes a detector learns
glare from), what its white core hides out of the truth as a covered card is: so the counts are of what a
camera there can see. benchmarks/results/detect_glare_spots.json is --glare-spots 1.0.

Labelled photographs (--photos: a labels file in `pelituomari detect --json` form, benchmarks/photo_labels.py
says how to make one) are scored like the synthetic scenes, by IoU >= 0.5 with the whole visible object,
against the real-photo targets: cards found, cards read and dice found >= 95 %, die faces >= 97 %,
false detections <= 5 %.

Writes benchmarks/results/detect.json (--out).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.photo_labels import LabelError, LabelledPhoto, read_labels  # noqa: E402
from models.make_dataset import (WHOLE_DICE, clutter_share, glare_share, gloss_share, load_whole_dice,  # noqa: E402
                                 read_yolo_boxes, real_dice_split, tilt_degrees, validation_scenes)
from models.synth.decks import index_in_sight  # noqa: E402
from models.synth.scene import CAMERA, SCENE_KINDS, Camera, reaches_beyond, sharpened  # noqa: E402
from pelituomari.commands.detect import read_image  # noqa: E402
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS  # noqa: E402
from vision.crops import box_in_image, iou  # noqa: E402
from vision.detector import Detector, WeightsMissing  # noqa: E402


def centre_score(box, label) -> float:
    """A match score for Tally(match=centre_score): 0 when the label box's centre lies outside box,
    else 0.5 (on its edge) to 1 (at its centre), so of two labelled dice in one box the nearer wins."""
    cx, cy = (label[0] + label[2]) / 2, (label[1] + label[3]) / 2
    half_w, half_h = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    if half_w <= 0 or half_h <= 0:
        return 0.0
    off = max(abs(cx - (box[0] + box[2]) / 2) / half_w, abs(cy - (box[1] + box[3]) / 2) / half_h)
    return 1.0 - off / 2 if off <= 1 else 0.0


LOOSE = 0.3  # a box meeting an unfound object at least this well (and under 0.5) boxed it loosely


def unfound_cause(truth: dict, dets, match) -> str:
    """Why a labelled object no detection was matched to went unfound: "other_side" (a card boxed as the
    other side), "shared_box" (boxed, but the box went to another object: a card lying over it, say),
    "loose_box" (boxed with a match of LOOSE to 0.5) or "no_box". match scores a box against the label's."""
    die = truth["kind"] == "die"
    scored = [(d, match(d.box, truth["box"])) for d in dets if (d.kind == "die") == die]
    near = [d for d, score in scored if score >= 0.5]
    if any(d.kind != truth["kind"] for d in near):
        return "other_side"
    if near:
        return "shared_box"
    return "loose_box" if any(score >= LOOSE for _, score in scored) else "no_box"


def misread_kind(truth: str, read: str | None) -> str:
    """How a found face-up card was read wrong: "unread" (no card named), "rank", "suit" or "both"."""
    if read is None:
        return "unread"
    rank_wrong, suit_wrong = read[0] != truth[0], read[1] != truth[1]
    if rank_wrong and suit_wrong:
        return "both"
    return "rank" if rank_wrong else "suit"


class Tally:
    """Counts for one data set: found objects per kind, identities read and how the others were misread,
    false detections, and why the objects not found were missed. match scores a detection's box against
    a label's; a score >= 0.5 can match (default: IoU)."""

    def __init__(self, match=None):
        self.match = match or iou
        self.n = {"card": 0, "card_back": 0, "die": 0}
        self.found = {"card": 0, "card_back": 0, "die": 0}
        self.read_ok = {"card": 0, "die": 0}
        self.detections = 0
        self.false = 0
        self.on_hidden = 0
        self.unfound = {"other_side": 0, "shared_box": 0, "loose_box": 0, "no_box": 0}
        self.misread = {"unread": 0, "rank": 0, "suit": 0, "both": 0}

    def add(self, truth: list[dict], dets, hidden: tuple = ()) -> None:
        """truth: dicts with kind, box, card, die. hidden: boxes of objects really there but too covered
        to be labelled; an unmatched detection on one of them (IoU >= 0.5) is neither found nor false."""
        self.detections += len(dets)
        used = set()
        for t in truth:
            self.n[t["kind"]] += 1
        for d_i, d in sorted(enumerate(dets), key=lambda x: -x[1].confidence):
            best, best_j = 0.5, None
            for j, t in enumerate(truth):
                if j not in used and t["kind"] == d.kind:
                    v = self.match(d.box, t["box"])
                    if v >= best:
                        best, best_j = v, j
            if best_j is None:
                if any(iou(d.box, h) >= 0.5 for h in hidden):
                    self.on_hidden += 1
                else:
                    self.false += 1
                continue
            used.add(best_j)
            t = truth[best_j]
            self.found[t["kind"]] += 1
            if t["kind"] == "card":
                self.read_ok["card"] += int(d.card == t["card"])
                if d.card != t["card"]:
                    self.misread[misread_kind(t["card"], d.card)] += 1
            elif t["kind"] == "die":
                self.read_ok["die"] += int(d.die == t["die"])
        for j, t in enumerate(truth):
            if j not in used:
                self.unfound[unfound_cause(t, dets, self.match)] += 1

    def summary(self, keys: tuple[str, ...] | None = None) -> dict:
        """The scores, or only those named in keys."""
        def r(a, b):
            return round(a / b, 4) if b else None
        cards_n = self.n["card"] + self.n["card_back"]
        scores = {"cards": cards_n, "cards_found": r(self.found["card"] + self.found["card_back"], cards_n),
                  "face_up_found": r(self.found["card"], self.n["card"]), "face_down_found": r(self.found["card_back"], self.n["card_back"]),
                  "card_identity_accuracy": r(self.read_ok["card"], self.found["card"]),
                  "dice": self.n["die"], "dice_found": r(self.found["die"], self.n["die"]),
                  "die_face_accuracy": r(self.read_ok["die"], self.found["die"]),
                  "detections": self.detections, "detections_on_hidden_objects": self.on_hidden,
                  "false_detections": r(self.false, self.detections - self.on_hidden)}
        if keys is None:  # the counts behind the ratios: two runs compare by objects, not by rounded shares
            scores["counts"] = {"face_up": self.n["card"], "face_down": self.n["card_back"],
                                "face_up_found": self.found["card"], "face_down_found": self.found["card_back"],
                                "cards_read": self.read_ok["card"], "dice_found": self.found["die"],
                                "dice_read": self.read_ok["die"], "false": self.false, "unfound": dict(self.unfound),
                                "misread": dict(self.misread)}
            return scores
        return {k: v for k, v in scores.items() if k in keys}


OPEN = 0.95  # an object at least this visible lies "in the open": nothing to speak of covers it


def in_the_open(truth: list[dict], hidden: list) -> tuple[list[dict], list]:
    """(truth, hidden) for scoring the objects in the open alone: the others join the hidden ones,
    so a detection of them is neither found nor false."""
    return [t for t in truth if t["visible"] >= OPEN], hidden + [t["box"] for t in truth if t["visible"] < OPEN]


def lying_on_cards(truth: list[dict], hidden: list, card_quads: list) -> tuple[list[dict], list]:
    """(truth, hidden) for scoring the dice lying on a card alone (centre inside one of card_quads, the
    corners of every card, labelled or hidden): the other objects join the hidden ones."""
    def on_a_card(t):
        x, y = (t["box"][0] + t["box"][2]) / 2, (t["box"][1] + t["box"][3]) / 2
        return any(cv2.pointPolygonTest(np.float32(q), (float(x), float(y)), False) >= 0 for q in card_quads)
    on = [t["kind"] == "die" and on_a_card(t) for t in truth]
    return [t for t, o in zip(truth, on) if o], hidden + [t["box"] for t, o in zip(truth, on) if not o]


def by_the_frame(truth: list[dict], hidden: list, beyond: list[bool], cut: bool) -> tuple[list[dict], list]:
    """(truth, hidden) for scoring alone the labelled objects reaching more than FRAME_MARGIN beyond the
    frame (beyond[i] for truth[i]; cut True) or the others (cut False): the rest join the hidden ones."""
    return ([t for t, b in zip(truth, beyond) if b == cut], hidden + [t["box"] for t, b in zip(truth, beyond) if b != cut])


INDEX_SEEN = 0.9  # an index corner at least this much in sight names the card


def with_an_index_in_sight(truth: list[dict], hidden: list, index_seen: list[float], beyond: list[bool]) -> tuple[list[dict], list]:
    """(truth, hidden) for scoring alone the face-up cards within the frame whose better index corner is
    at least INDEX_SEEN in sight (index_seen[i] and beyond[i] for truth[i]): the rest join the hidden ones."""
    named = [t["kind"] == "card" and seen >= INDEX_SEEN and not b for t, seen, b in zip(truth, index_seen, beyond)]
    return [t for t, n in zip(truth, named) if n], hidden + [t["box"] for t, n in zip(truth, named) if not n]


def cpu_name(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """The CPU's model as Linux names it ("AMD EPYC", "Intel(R) Xeon(R) ..."), else its architecture: the
    machines benchmarks run on differ, and a time means little without the chip it was taken on."""
    try:
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return f"{value.strip()} ({platform.machine()})"
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    """This CPU and its core count, for a results file."""
    return f"{cpu_name()}, {os.cpu_count()} cores"


def label(obj, w: int, h: int) -> dict:
    """A scene object as the Tally scores it, its box around its part within the w x h image; visible
    is its share in sight (a card half beyond the edge is not lying in the open)."""
    return {"kind": obj.kind, "box": box_in_image(obj.corners, w, h), "card": obj.card, "die": obj.die, "visible": obj.in_sight}


def scene_truth(scene, image) -> tuple[list[dict], list]:
    """What a Tally scores a scene's image against: its labelled objects, and the boxes of those too
    covered to be labelled."""
    h, w = image.shape[:2]
    return [label(o, w, h) for o in scene.objects], [box_in_image(o.corners, w, h) for o in scene.hidden]


def synthetic(detector, n, seed, cache_root, kind=None, camera: Camera = CAMERA):
    """Scores over every labelled object, and over each of these alone (the others ignored): the objects
    in the open, the dice lying on cards, the cards cut by the frame, the objects within it, and the
    face-up cards within it showing an index corner."""
    return synthetic_sets(detector, n, [(seed, kind)], cache_root, camera=camera)


def synthetic_sets(detector, n, sets, cache_root, keep_images: bool = True, camera: Camera = CAMERA):
    """synthetic()'s scores pooled over the first n validation scenes of each (seed, kind) set, and the
    scenes' images (none unless keep_images: 1200 scenes' would take a gigabyte)."""
    tally, in_open, on_cards, cut, within, indexed, images = Tally(), Tally(), Tally(), Tally(), Tally(), Tally(), []
    by_deck = {}
    scenes = ((scene, image) for seed, kind in sets for scene, image in validation_scenes(n, seed, cache_root, kind, camera))
    for scene, image in scenes:
        h, w = image.shape[:2]
        truth, hidden = scene_truth(scene, image)
        dets = detector.detect(image)
        tally.add(truth, dets, hidden)
        by_deck.setdefault(scene.deck, Tally()).add(truth, dets, hidden)
        open_truth, open_hidden = in_the_open(truth, hidden)
        in_open.add(open_truth, dets, open_hidden)
        card_quads = [o.corners for o in scene.objects + scene.hidden if o.kind != "die"]
        on_truth, on_hidden = lying_on_cards(truth, hidden, card_quads)
        on_cards.add(on_truth, dets, on_hidden)
        beyond = [reaches_beyond(o.box, w, h) for o in scene.objects]
        for part, cut_off in ((cut, True), (within, False)):
            part_truth, part_hidden = by_the_frame(truth, hidden, beyond, cut_off)
            part.add(part_truth, dets, part_hidden)
        index_seen = [index_in_sight(scene.deck, o.index_visible) for o in scene.objects]
        index_truth, index_hidden = with_an_index_in_sight(truth, hidden, index_seen, beyond)
        indexed.add(index_truth, dets, index_hidden)
        if keep_images:
            images.append(image)
    card_keys = ("cards", "cards_found", "face_up_found", "face_down_found", "card_identity_accuracy")
    dice_keys = ("dice", "dice_found", "die_face_accuracy")
    return {**tally.summary(), "in_the_open": in_open.summary(card_keys + dice_keys),
            "dice_on_cards": on_cards.summary(dice_keys), "cut_by_the_frame": cut.summary(card_keys),
            "within_the_frame": within.summary(),
            "index_in_sight": indexed.summary(("cards", "face_up_found", "card_identity_accuracy")),
            "face_up_cards_by_deck": {deck: {"face_up": t.n["card"], "found": t.found["card"], "read": t.read_ok["card"]}
                                      for deck, t in sorted(by_deck.items()) if t.n["card"]}}, images


def _lit(*bgr):
    return "light", lambda image: image * np.float32(bgr)


def _jpeg(quality):
    def encoded(image):
        buf = cv2.imencode(".jpg", np.clip(image, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
        return cv2.imdecode(buf, cv2.IMREAD_COLOR).astype(np.float32)
    return "camera", encoded


# How real rooms and cameras differ from the synthetic scenes, which tint a channel by at most 10 %, blur
# by a sigma of at most 1.4, compress at quality 35-95 and never sharpen (--conditions): each a kind and
# a function of the float image, B, G, R
CONDITIONS = {
    "warm": _lit(0.65, 0.85, 1.0),        # a warm-white lamp: red over blue 1.5
    "tungsten": _lit(0.45, 0.75, 1.0),    # a bulb, as a webcam that does not correct it sees it: 2.2
    "cool": _lit(1.0, 0.92, 0.72),        # daylight, with the camera set for a lamp
    "fluorescent": _lit(0.85, 1.0, 0.8),  # a green cast
    "dim": _lit(0.4, 0.4, 0.4),
    "bright": _lit(1.7, 1.7, 1.7),        # over-exposed: white clips
    "blurred": ("camera", lambda image: cv2.GaussianBlur(image, (0, 0), 2.0)),  # out of focus
    "sharpened": ("camera", lambda image: sharpened(image, 1.0, 2.0)),  # a phone's unsharp mask, amount 1
    "grainy": ("camera", lambda image: image + np.random.default_rng(0).normal(0, 12, image.shape).astype(np.float32)),
    "jpeg30": _jpeg(30),
}


def changed(change, image: np.ndarray) -> np.ndarray:
    """image (uint8 BGR) as one of CONDITIONS' changes leaves it, back in uint8."""
    return np.clip(change(image.astype(np.float32)), 0, 255).astype(np.uint8)


def under_conditions(detector, n, seed, cache_root, kind=None, camera: Camera = CAMERA) -> dict:
    """The scores of the set's first n validation scenes under each of CONDITIONS."""
    tallies = {name: Tally() for name in CONDITIONS}
    for scene, image in validation_scenes(n, seed, cache_root, kind, camera):
        truth, hidden = scene_truth(scene, image)
        for name, (_, change) in CONDITIONS.items():
            tallies[name].add(truth, detector.detect(changed(change, image)), hidden)
    return {name: {"kind": CONDITIONS[name][0], **t.summary()} for name, t in tallies.items()}


def real_dice(detector, root: Path, whole: dict | None = None):
    by_iou, by_centre, by_whole, sides = Tally(), Tally(centre_score), Tally(), {}
    _, val = real_dice_split(root)
    for p in val:
        image = cv2.imread(str(p))
        h, w = image.shape[:2]
        truth = [{"kind": "die", "box": (x1, y1, x2, y2), "card": None, "die": v}
                 for v, x1, y1, x2, y2 in read_yolo_boxes(p.with_suffix(".txt"), w, h)]
        dets = detector.detect(image)
        by_iou.add(truth, dets)
        by_centre.add(truth, dets)
        quads = (whole or {}).get(p.name, [None])
        if all(q is not None for q in quads):
            by_whole.add([{**t, "box": (*np.min(q, 0), *np.max(q, 0))} for t, q in zip(truth, quads)], dets)
        for t in truth:
            sides.setdefault(t["die"], []).append(np.sqrt((t["box"][2] - t["box"][0]) * (t["box"][3] - t["box"][1])))
    keys = ("dice", "dice_found", "die_face_accuracy", "detections", "false_detections")
    return {"photos": len(val), **by_iou.summary(),
            "by_centre": by_centre.summary(keys),
            **({"by_whole_die": by_whole.summary(keys)} if whole is not None else {}),
            "label_side_px_by_face": {v: round(float(np.median(s)), 1) for v, s in sorted(sides.items())}}


def labelled_photos(detector, photos: list[LabelledPhoto]) -> dict:
    """Scores over labelled photographs (benchmarks/photo_labels.py), each read again from its file."""
    tally = Tally()
    for photo in photos:
        tally.add(photo.truth, detector.detect(read_image(str(photo.path))), photo.hidden)
    return {"photos": len(photos), **tally.summary()}


PHOTO_WH = (4032, 3024)  # a 12-megapixel phone photo, as `detect` is given one


def speed(detector, images, repeat: int = 2) -> dict:
    """Images a second over the scenes, and the median time of one 12-megapixel photo (the first scene
    enlarged): `detect` warps its crops from the photo itself, so a phone photo costs more than a scene."""
    for im in images[:3]:
        detector.detect(im)
    t0 = time.perf_counter()
    for _ in range(repeat):
        for im in images:
            detector.detect(im)
    dt = time.perf_counter() - t0
    photo = cv2.resize(images[0], PHOTO_WH, interpolation=cv2.INTER_LINEAR)
    photo_s = []
    for _ in range(5):
        t = time.perf_counter()
        detector.detect(photo)
        photo_s.append(time.perf_counter() - t)
    return {"images": len(images) * repeat, "images_per_s": round(len(images) * repeat / dt, 2),
            "ms_per_image": round(1000 * dt / (len(images) * repeat), 1),
            "ms_per_12mp_photo": round(1000 * float(np.median(photo_s)), 1)}


def scene_set(text: str) -> tuple[int, str | None]:
    """--more-sets' SEED or SEED:KIND."""
    seed, _, kind = text.partition(":")
    if not seed.isdigit() or (kind and kind not in SCENE_KINDS):
        raise argparse.ArgumentTypeError(f"{text!r}: expected SEED or SEED:KIND, KIND one of {', '.join(SCENE_KINDS)}")
    return int(seed), kind or None


def set_name(s: tuple[int, str | None]) -> str:
    """A (seed, kind) set as scene_set reads it: SEED or SEED:KIND."""
    seed, kind = s
    return f"{seed}:{kind}" if kind else str(seed)


def add_camera_flags(ap: argparse.ArgumentParser) -> None:
    """--gloss, --tilt, --clutter and --glare-spots: the camera the synthetic scenes are rendered through
    (scene_camera), each by default as the training scenes were rendered; bench_detect and
    compare_detectors take the same."""
    ap.add_argument("--gloss", type=gloss_share, default=0.0, metavar="SHARE",
                    help="render the synthetic scenes with this share of their cards showing a lamp's reflection "
                         "(models.make_dataset --gloss; the same scenes otherwise); default 0, as trained")
    ap.add_argument("--tilt", type=tilt_degrees, default=0.0, metavar="DEGREES",
                    help="see the synthetic scenes through a camera turned this many degrees from looking straight "
                         "down (the same scenes otherwise); default 0, as trained")
    ap.add_argument("--clutter", type=clutter_share, default=0.0, metavar="SHARE",
                    help="render this share of the synthetic scenes with things beside the cards (a score pad, a "
                         "phone, a card box, a game board...; the same scenes and labels otherwise); default 0, as trained")
    ap.add_argument("--glare-spots", type=glare_share, default=0.0, metavar="SHARE",
                    help="render this share of the synthetic scenes under a lamp's reflection, what its white core "
                         "hides out of the truth (the same scenes otherwise); default 0")


def scene_camera(a: argparse.Namespace) -> Camera:
    """The camera add_camera_flags' flags ask for."""
    return Camera(gloss=a.gloss, tilt=(a.tilt, a.tilt), clutter=a.clutter, glare_spots=a.glare_spots)


def camera_said(a: argparse.Namespace) -> dict:
    """What a results file says of that camera (the share under glare spots only where there is one, so files
    made without it read as before)."""
    return {"gloss": a.gloss, "tilt": a.tilt, "clutter": a.clutter,
            **({"glare_spots": a.glare_spots} if a.glare_spots else {})}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", help="model folder (default: models/weights)")
    ap.add_argument("--int8", action="store_true", help="the int8 copies of the detector and readers (models.quantize)")
    ap.add_argument("--synthetic", type=int, default=200, help="synthetic validation scenes (0: none, and no speed run: it times them)")
    ap.add_argument("--seed", type=int, default=0, help="the data set's seed (models.make_dataset --seed)")
    ap.add_argument("--kind", choices=SCENE_KINDS, help="the data set's scene kind (models.make_dataset --kind; default the mix)")
    ap.add_argument("--more-sets", type=scene_set, nargs="+", default=[], metavar="SEED[:KIND]",
                    help="also score these data sets' first --synthetic validation scenes, pooled, as more_sets "
                         "(e.g. 201 202 203:cards); seed 0 alone is a small sample")
    ap.add_argument("--cards-cache", default=str(ROOT / "runs" / "cards"))
    add_camera_flags(ap)
    ap.add_argument("--views", type=int, choices=(1, 2, 4), default=DETECT_VIEWS,
                    help="Detector(views=...), default as `pelituomari detect`")
    ap.add_argument("--conf", type=float, default=DETECT_CONF,
                    help="detector confidence threshold, default as `pelituomari detect`")
    ap.add_argument("--conditions", action="store_true",
                    help="also score the --synthetic scenes under each of CONDITIONS (other light, other cameras)")
    ap.add_argument("--real-dice", type=Path, help="real-dice-topdown folder (its validation split is used)")
    ap.add_argument("--real-dice-whole", type=Path, default=WHOLE_DICE, metavar="JSON",
                    help="whole-die boxes of the real photos, for the by_whole_die scoring (default %(default)s)")
    ap.add_argument("--photos", type=Path, metavar="LABELS",
                    help="labelled photographs: a labels file in `pelituomari detect --json` form (benchmarks/photo_labels.py)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "detect.json")
    a = ap.parse_args(argv)
    if a.synthetic < 0:
        ap.error(f"--synthetic must be 0 or more scenes, got {a.synthetic}")
    if a.conditions and not a.synthetic:
        ap.error("--conditions scores the --synthetic scenes under other conditions: it needs --synthetic 1 or more, got 0")
    if a.more_sets and not a.synthetic:
        ap.error("--more-sets scores --synthetic scenes of each set: it needs --synthetic 1 or more, got 0")
    try:
        photos = read_labels(a.photos) if a.photos else None
    except LabelError as e:
        ap.error(str(e))
    if a.real_dice:
        try:
            real_dice_split(a.real_dice)
        except FileNotFoundError as e:
            ap.error(f"--real-dice {e}")
    try:
        detector = Detector(a.weights, conf=a.conf, views=a.views, int8=a.int8)
    except WeightsMissing as e:
        ap.error(str(e))
    result = {"machine": machine(), "input_size": detector.imgsz, "backend": "onnxruntime", "views": a.views,
              "conf": a.conf, "detector": detector.detector_file.name, **camera_said(a)}
    camera = scene_camera(a)
    images = []
    if a.synthetic:
        syn, images = synthetic(detector, a.synthetic, a.seed, a.cards_cache, a.kind, camera)
        result["synthetic_validation"] = {"scenes": a.synthetic, **syn}
    if a.more_sets:
        more, _ = synthetic_sets(detector, a.synthetic, a.more_sets, a.cards_cache, keep_images=False, camera=camera)
        result["more_sets"] = {"sets": [set_name(s) for s in a.more_sets],
                               "scenes": a.synthetic * len(a.more_sets), **more}
    if a.conditions:
        result["under_conditions"] = under_conditions(detector, a.synthetic, a.seed, a.cards_cache, a.kind, camera)
    if a.real_dice:
        result["real_dice_validation"] = real_dice(detector, a.real_dice, load_whole_dice(a.real_dice_whole))
    if photos:
        result["photo_validation"] = {"labels": str(a.photos), **labelled_photos(detector, photos)}
    if images:  # timed on the synthetic scenes; --synthetic 0 scores the real photos alone
        result["speed"] = {"image_size": "640x480 to 800x600 synthetic scenes", **speed(detector, images[:50])}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
