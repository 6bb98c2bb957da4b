"""Die crops cut from the shipped detectors' own boxes on fresh synthetic scenes, labelled with the true face.

    python3 -m models.detector_crops --seed 50 --scenes 900 --out runs/data_detdie [--kind dice_on_cards]
        [--weights models/weights --weights models/weights/detector_live.onnx]

Why: the die classifier learnt from crops of the true box, jittered; a detector's box is off in its own
ways (its angle a little out, a side a pixel or two long), and the classifier read some of those crops
otherwise, unsure (0.4-0.6), so every detector change cost a few die faces. Crops of the very boxes it
will be given teach it those. Each detected die box meeting a labelled die with IoU >= 0.5 gives one
crop (turned a random quarter turn, as the classifier reads all four); scenes are JPEG-encoded at a
random quality 70-95 first, as a camera hands them over; the decks are models.make_dataset's. Writes
OUT/die_train_det<SEED>.npz, which `models.train` reads with the folder's other die crops
(`--extra-data OUT`).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import numpy as np

os.environ.setdefault("YOLO_OFFLINE", "1")

DIE_IOU = 0.5
JPEG_QUALITY = (70, 96)  # numpy's integers: 70-95


def die_crops(image: np.ndarray, dice: list[tuple[tuple, int]], detectors, rng) -> tuple[list[np.ndarray], list[int]]:
    """(crops, faces 1-6) of every die box the detectors find in image that meets one of dice, given
    as (x1, y1, x2, y2 box, face); each detector's boxes after its own NMS, before any classifier."""
    import cv2

    from vision.crops import DIE_CROP_WH, box_in_image, iou, upright_crop
    h, w = image.shape[:2]
    crops, faces = [], []
    if not dice:
        return crops, faces
    for detector in detectors:
        rects, _, kinds = detector.oriented_boxes(image)
        for rect, kind in zip(rects, kinds):
            if kind != "die":
                continue
            box = box_in_image(cv2.boxPoints(rect), w, h)
            overlap, face = max((iou(box, truth_box), face) for truth_box, face in dice)
            if overlap >= DIE_IOU:
                crops.append(np.ascontiguousarray(np.rot90(upright_crop(image, rect, DIE_CROP_WH), int(rng.integers(4)))))
                faces.append(face)
    return crops, faces


def parser() -> argparse.ArgumentParser:
    from models.synth.scene import SCENE_KINDS
    ap = argparse.ArgumentParser(prog="python3 -m models.detector_crops", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, required=True, help="scene seed (use one no data set uses)")
    ap.add_argument("--scenes", type=int, required=True)
    ap.add_argument("--kind", choices=SCENE_KINDS, default=None, help="scene kind (default the mix)")
    ap.add_argument("--weights", type=Path, action="append", default=None,
                    help="a detector (weights folder or .onnx file), repeatable; default models/weights and its "
                         "detector_live.onnx: the boxes of `detect` and of the live pipeline")
    ap.add_argument("--cards-cache", type=Path, default=Path("runs/cards"), help="where SVG decks are rendered to PNG")
    ap.add_argument("--no-svg", action="store_true", help="procedural decks only (as models.make_dataset --no-svg)")
    ap.add_argument("--out", type=Path, required=True)
    return ap


def main(argv=None):
    import cv2

    from models.make_dataset import make_scene
    from models.synth.decks import deck_names, render_all
    from vision.crops import box_in_image
    from vision.detector import DEFAULT_WEIGHTS, LIVE_DETECTOR_FILE, Detector
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
    rng = np.random.default_rng([a.seed, 99])
    crops, faces = [], []
    for i in range(a.scenes):
        scene = make_scene(np.random.default_rng([a.seed, i]), a.cards_cache, decks, a.kind)
        quality = int(rng.integers(*JPEG_QUALITY))
        image = cv2.imdecode(cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR)
        h, w = image.shape[:2]
        dice = [(box_in_image(o.corners, w, h), o.die) for o in scene.objects if o.kind == "die"]
        c, f = die_crops(image, dice, detectors, rng)
        crops += c
        faces += f
    if not crops:
        ap.error(f"no die found in {a.scenes} scenes of seed {a.seed}: nothing to write")
    a.out.mkdir(parents=True, exist_ok=True)
    out = a.out / f"die_train_det{a.seed}.npz"
    np.savez_compressed(out, x=np.stack(crops), y=np.array(faces, np.int64) - 1)
    print(f"{len(crops)} die crops from {a.scenes} scenes -> {out} (per face: {np.bincount(faces, minlength=7)[1:].tolist()})")


if __name__ == "__main__":
    main()
