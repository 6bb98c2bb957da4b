"""Crops cut from the shipped detectors' own boxes on fresh synthetic scenes, labelled with the truth:
die crops with the die's face, card crops with the card, index corner crops with the card or "no index",
side crops with the side of the card boxed or "no card".

    python3 -m models.detector_crops --seed 50 --scenes 900 --out runs/data_detdie [--kind dice_on_cards]
        [--stage card|corner|side] [--clutter 0.7] [--weights models/weights --weights models/weights/detector_live.onnx]

Why: the classifiers learnt from crops of the true box, jittered; a detector's box is off in its own
ways (its angle a little out, a side a pixel or two long, a covered card's box a little short), and
the classifiers read some of those crops otherwise, unsure (a die at 0.4-0.6), so every detector
change cost a few readings. Crops of the very boxes they will be given teach them those. Each
detected box meeting a labelled object of its stage with IoU >= 0.5 gives one crop: a die box turned a
random quarter turn (the die classifier reads all four), a card or card-back box (the side classifier
decides which a card is) cut at one of the Detector's card crop scales and turned a random half turn.
With --stage corner a face-up card's box gives its four index corner crops instead, cut at one of
those scales, each labelled as models.make_dataset.cut_corner_samples labels it, from where the card's
own index lies in the crop: the card where its index is in sight there, NO_INDEX where it is not (a
covered card's loose box reaches over the card lying on it, and its corner crop then shows that
card's index, which is not this card's), none in between. A card reaching beyond the frame gives none (the card classifier reads
cards within the frame; a cut card is read as the whole card it may be). With --stage side every card or
card-back box gives a crop as the side classifier is shown it: labelled with the side of the card it
meets (face up or down, as the truth has it, not as the detector boxed it), or NOT_A_CARD where it meets
no object at all (IoU under NOT_A_CARD_IOU with every card, back and die, labelled or too covered to be):
the boxes a detector puts on things beside the cards (--clutter, models.synth.clutter), which the side
classifier learns to name so that `detect` drops them. Scenes are JPEG-encoded at a
random quality 70-95 first, as a camera hands them over; the decks are models.make_dataset's. Writes
OUT/<stage>_train_det<SEED>.npz, which `models.train` reads with the folder's other crops of that
stage (`--extra-data OUT`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np

os.environ.setdefault("YOLO_OFFLINE", "1")

MATCH_IOU = 0.5
NOT_A_CARD_IOU = 0.1  # a box meeting every object less than this holds none: a "no card" crop
STAGES = ("die", "card", "corner", "side")
WANTED = {"die": "die", "card": "face-up card", "corner": "face-up card", "side": "card or back box"}  # what gives a crop
CLASSES = {"die": 6, "card": 52, "corner": 53, "side": 3}  # each stage's labels, counted in the summary line
JPEG_QUALITY = (70, 96)  # numpy's integers: 70-95


def _matches(image: np.ndarray, truth: list[tuple[tuple, object]], detector, kinds: tuple[str, ...]):
    """(rect, label) for each of the detector's boxes of one of kinds that meets one of truth, given as
    (x1, y1, x2, y2 box, label), with IoU >= MATCH_IOU: its boxes after its own NMS, before any classifier.
    With no truth the detector is not run."""
    import cv2

    from vision.crops import box_in_image, iou
    if not truth:
        return
    h, w = image.shape[:2]
    rects, _, found = detector.oriented_boxes(image)
    for rect, kind in zip(rects, found):
        if kind in kinds:
            box = box_in_image(cv2.boxPoints(rect), w, h)
            overlap, label = max(((iou(box, truth_box), label) for truth_box, label in truth), key=lambda t: t[0])
            if overlap >= MATCH_IOU:
                yield rect, label


def die_crops(image: np.ndarray, dice: list[tuple[tuple, int]], detectors, rng) -> tuple[list[np.ndarray], list[int]]:
    """(crops, faces 1-6) of every die box the detectors find in image that meets one of dice, given
    as (x1, y1, x2, y2 box, face)."""
    from models.make_dataset import quarter_turned
    from vision.crops import DIE_CROP_WH, upright_crop
    crops, faces = [], []
    for detector in detectors:
        for rect, face in _matches(image, dice, detector, ("die",)):
            crops.append(quarter_turned(upright_crop(image, rect, DIE_CROP_WH), rng))
            faces.append(face)
    return crops, faces


def card_crops(image: np.ndarray, cards: list[tuple[tuple, str | None]], detectors, rng) -> tuple[list[np.ndarray], list[str]]:
    """(crops, card codes) of every card or card-back box the detectors find in image that meets one of
    cards, given as (x1, y1, x2, y2 box, code); a card given with code None (face down, or cut by the
    frame) claims the boxes it meets best and gives no crop. Each crop is cut at one of the detector's
    card_crop_scales, drawn at random, and turned a half turn at random."""
    from models.make_dataset import half_turned
    from vision.crops import CARD_CROP_WH, upright_crop
    crops, codes = [], []
    for detector in detectors:
        for rect, code in _matches(image, cards, detector, ("card", "card_back")):
            if code is not None:
                crops.append(half_turned(upright_crop(image, rect, CARD_CROP_WH,
                                                      float(rng.choice(detector.card_crop_scales))), rng))
                codes.append(code)
    return crops, codes


def corner_crops(image: np.ndarray, cards: list[tuple[tuple, object]], deck: str, detectors,
                 rng) -> tuple[list[np.ndarray], list[int]]:
    """(index corner crops, labels: card class or NO_INDEX) of every card or card-back box the detectors
    find in image that meets one of cards, given as (x1, y1, x2, y2 box, face-up SceneObject or None);
    None claims the boxes it meets best and gives no crop. deck: the scene's, which says where its faces
    carry an index. Each box is cut at one of the detector's card_crop_scales, drawn at random, as the
    Detector reads its corners."""
    from models.make_dataset import cut_corner_samples
    crops, labels = [], []
    for detector in detectors:
        for rect, obj in _matches(image, cards, detector, ("card", "card_back")):
            if obj is not None:
                c, y = cut_corner_samples(image, obj, rect, deck, float(rng.choice(detector.card_crop_scales)))
                crops += c
                labels += y
    return crops, labels


def side_crops(image: np.ndarray, objects: list[tuple[tuple, str]], detectors, rng) -> tuple[list[np.ndarray], list[int]]:
    """(crops, labels: SIDES' index, or NOT_A_CARD) of every card or card-back box the detectors find in
    image: objects are every object of the scene, labelled or not, as (x1, y1, x2, y2 box, kind). A box
    meeting a card or back with IoU >= MATCH_IOU is that card's side; one meeting every object under
    NOT_A_CARD_IOU holds no card; any other (a die's, a loose box over a covered card) gives none. Each crop
    is cut as the Detector cuts the side classifier's, and turned a half turn at random."""
    import cv2

    from models.make_dataset import half_turned
    from vision.crops import CARD_CROP_WH, box_in_image, iou, upright_crop
    from vision.detector import NOT_A_CARD, SIDES
    h, w = image.shape[:2]
    crops, labels = [], []
    for detector in detectors:
        rects, _, kinds = detector.oriented_boxes(image)
        for rect, kind in zip(rects, kinds):
            if kind == "die":
                continue
            box = box_in_image(cv2.boxPoints(rect), w, h)
            overlap, met = max(((iou(box, b), k) for b, k in objects), default=(0.0, None), key=lambda t: t[0])
            if overlap >= MATCH_IOU and met in SIDES:
                label = SIDES.index(met)
            elif overlap < NOT_A_CARD_IOU:
                label = NOT_A_CARD
            else:
                continue
            crops.append(half_turned(upright_crop(image, rect, CARD_CROP_WH), rng))
            labels.append(label)
    return crops, labels


def parser() -> argparse.ArgumentParser:
    from models.make_dataset import clutter_share, gloss_share, tilt_degrees
    from models.synth.scene import SCENE_KINDS
    ap = argparse.ArgumentParser(prog="python3 -m models.detector_crops", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True, help="scene seed (use one no data set uses)")
    ap.add_argument("--scenes", type=int, required=True)
    ap.add_argument("--kind", choices=SCENE_KINDS, default=None, help="scene kind (default the mix)")
    ap.add_argument("--stage", choices=STAGES, default="die",
                    help="which classifier's crops: die faces, cards, index corners or sides (with no card)")
    ap.add_argument("--weights", type=Path, action="append", default=None,
                    help="a detector (weights folder or .onnx file), repeatable; default models/weights and its "
                         "detector_live.onnx: the boxes of `detect` and of the live pipeline")
    ap.add_argument("--gloss", type=gloss_share, default=0.0, metavar="SHARE",
                    help="this share of the scenes' cards shows a lamp's reflection (as models.make_dataset --gloss)")
    ap.add_argument("--tilt-max", type=tilt_degrees, default=0.0, metavar="DEGREES",
                    help="the camera turned up to this many degrees from looking straight down, drawn per scene "
                         "(as models.make_dataset --tilt-max); default 0")
    ap.add_argument("--clutter", type=clutter_share, default=0.0, metavar="SHARE",
                    help="this share of the scenes has things beside the cards (as models.make_dataset --clutter); "
                         "default 0")
    ap.add_argument("--cards-cache", type=Path, default=Path("runs/cards"), help="where SVG decks are rendered to PNG")
    ap.add_argument("--no-svg", action="store_true", help="procedural decks only (as models.make_dataset --no-svg)")
    ap.add_argument("--out", type=Path, required=True)
    return ap


def main(argv=None):
    import cv2

    from models.make_dataset import make_scene
    from models.synth.decks import deck_names, render_all
    from models.synth.scene import Camera, reaches_beyond
    from vision.crops import box_in_image
    from vision.detector import CARD_CODES, DEFAULT_WEIGHTS, LIVE_DETECTOR_FILE, Detector
    ap = parser()
    a = ap.parse_args(argv)
    if a.scenes < 1:
        ap.error(f"--scenes must be at least 1, got {a.scenes}")
    weights = a.weights or [DEFAULT_WEIGHTS, DEFAULT_WEIGHTS / LIVE_DETECTOR_FILE]
    for p in weights:
        if not p.exists():
            ap.error(f"--weights {p}: no such detector")
    detectors = [Detector(p, conf=0.3) for p in weights]
    if not a.no_svg:
        render_all(a.cards_cache)
    decks = deck_names(None if a.no_svg else a.cards_cache)
    rng, camera = np.random.default_rng([a.seed, 99]), Camera(gloss=a.gloss, tilt=(0.0, a.tilt_max), clutter=a.clutter)
    crops, labels = [], []
    for i in range(a.scenes):
        scene = make_scene(np.random.default_rng([a.seed, i]), a.cards_cache, decks, a.kind, camera=camera)
        quality = int(rng.integers(*JPEG_QUALITY))
        image = cv2.imdecode(cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR)
        h, w = image.shape[:2]
        if a.stage == "die":
            dice = [(box_in_image(o.corners, w, h), o.die) for o in scene.objects if o.kind == "die"]
            c, faces = die_crops(image, dice, detectors, rng)
            y = [face - 1 for face in faces]
        elif a.stage == "side":
            c, y = side_crops(image, [(box_in_image(o.corners, w, h), o.kind) for o in scene.objects + scene.hidden],
                              detectors, rng)
        else:
            cards = [(box_in_image(o.corners, w, h), o if o.kind == "card" and not reaches_beyond(o.box, w, h) else None)
                     for o in scene.objects if o.kind != "die"]
            cards += [(box_in_image(o.corners, w, h), None) for o in scene.hidden if o.kind != "die"]
            if a.stage == "corner":
                c, y = corner_crops(image, cards, scene.deck, detectors, rng)
            else:
                c, codes = card_crops(image, [(box, o and o.card) for box, o in cards], detectors, rng)
                y = [CARD_CODES.index(code) for code in codes]
        crops += c
        labels += y
    if not crops:
        ap.error(f"no {WANTED[a.stage]} found in {a.scenes} scenes of seed {a.seed}: "
                 "nothing to write")
    a.out.mkdir(parents=True, exist_ok=True)
    out = a.out / f"{a.stage}_train_det{a.seed}.npz"
    np.savez_compressed(out, x=np.stack(crops), y=np.array(labels, np.int64))
    print(f"{len(crops)} {a.stage} crops from {a.scenes} scenes -> {out} "
          f"(per class: {np.bincount(labels, minlength=CLASSES[a.stage]).tolist()})")


if __name__ == "__main__":
    main()
