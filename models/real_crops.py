"""Reader crops cut from the real phone photos of cards (real-cards-corners, its README), as the live chain
cuts them: the shipped detector boxes each photo as `pelituomari detect` does, and the crops the readers are
handed for each face-up box (vision.crops.upright_crop for the card reader, vision.crops.index_corners for
the index corner reader, at each of the Detector's card_crop_scales) are labelled from the photo's corner
labels.

    python3 -m models.real_crops ../shared/datasets/real-cards-corners --out runs/real [--split train]
                                 [--weights models/weights] [--limit N]

It writes OUT/corner_{split}_real.npz and OUT/card_{split}_real.npz (x: uint8 crops, y: the readers'
classes; models.train --extra-data OUT trains on the training split's). The split is benchmarks/real_cards.py's,
by shot: train on the training split only, and keep the held-out split for judging.

How a crop is labelled (the labels box a corner's index, rank over suit, not the card):
* a face-up box is used when the labelled card corners inside it are all of one card (a box holding the
  corners of two cards, of a joker or of a back is left out);
* card crop: that card;
* index corner crop: that card where a labelled index of it lies in the crop (its centre inside, and at
  least MIN_INSIDE of its box); NO_INDEX ("no index in sight") only where the card shows exactly two
  labelled corners, both in the box, in opposite corners (top left and bottom right, or top right and
  bottom left), for the other two corners of a card printing two indices; any other crop is left out,
  as it may show an index the labels leave out (cut by the frame, covered).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import real_cards  # noqa: E402
from vision.crops import CARD_CROP_WH, CORNER_SHARE, CORNER_WH, index_corners, upright_crop, upright_quad  # noqa: E402
from vision.detector import CARD_CODES, NO_INDEX  # noqa: E402

MIN_INSIDE = 0.6  # the share of a labelled index's box that must lie within an index corner crop to label it
OPPOSITE = ({0, 1}, {2, 3})  # index_corners' crops that are a card's opposite corners (top left, bottom right; ...)
FULL_WH = (round(CORNER_WH[0] / CORNER_SHARE[0]), round(CORNER_WH[1] / CORNER_SHARE[1]))  # index_corners' warp


def _to_warp(rect, expand: float) -> np.ndarray:
    """The perspective transform from image pixels to index_corners' upright warp of rect (FULL_WH)."""
    W, H = FULL_WH
    return cv2.getPerspectiveTransform(upright_quad(rect, expand), np.float32([[0, 0], [W, 0], [W, H], [0, H]]))


def corner_regions() -> list[tuple[float, float, float, float]]:
    """Each of index_corners' four crops as x1, y1, x2, y2 in the upright warp's pixels (FULL_WH): the top left,
    the bottom right, the top right, the bottom left."""
    (W, H), (w, h) = FULL_WH, CORNER_WH
    return [(0, 0, w, h), (W - w, H - h, W, H), (W - w, 0, W, h), (0, H - h, w, H)]


def _inside(box, region) -> float:
    """The share of box (x1, y1, x2, y2) within region."""
    ix = max(0.0, min(box[2], region[2]) - max(box[0], region[0]))
    iy = max(0.0, min(box[3], region[3]) - max(box[1], region[1]))
    area = (box[2] - box[0]) * (box[3] - box[1])
    return ix * iy / area if area > 0 else 0.0


def crop_corner_of(rect, corner: real_cards.Corner, expand: float) -> int | None:
    """Which of index_corners(image, rect, expand)'s four crops shows the labelled index corner: its
    centre within the crop and at least MIN_INSIDE of its box; None when none does."""
    x1, y1, x2, y2 = corner.box
    quad = np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])[None]
    pts = cv2.perspectiveTransform(quad, _to_warp(rect, expand))[0]
    box = (*pts.min(0), *pts.max(0))
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for k, region in enumerate(corner_regions()):
        if region[0] <= cx < region[2] and region[1] <= cy < region[3] and _inside(box, region) >= MIN_INSIDE:
            return k
    return None


def _holds(rect, point) -> bool:
    return cv2.pointPolygonTest(cv2.boxPoints(rect).astype(np.float32), (float(point[0]), float(point[1])), False) >= 0


def box_card(rect, corners: list[real_cards.Corner]) -> tuple[str | None, list[real_cards.Corner]]:
    """(the card a face-up box holds, its labelled corners within the box) when the labelled corners within
    it are all of one card; (None, []) when it holds none, a back's or a joker's, or two cards'."""
    inside = [c for c in corners if _holds(rect, c.centre)]
    codes = {c.card for c in inside}
    if len(codes) != 1 or None in codes:
        return None, []
    return codes.pop(), inside


def corner_labels(rect, corners: list[real_cards.Corner], expand: float) -> list[int | None]:
    """The reader's class of each of index_corners(image, rect, expand)'s four crops (the module docstring's
    rules): a card's index in CARD_CODES, NO_INDEX, or None (not labelled: left out)."""
    code, inside = box_card(rect, corners)
    labels: list[int | None] = [None] * 4
    if code is None:
        return labels
    at = [crop_corner_of(rect, c, expand) for c in inside]
    for k in at:
        if k is not None:
            labels[k] = CARD_CODES.index(code)
    shown = {k for k in at if k is not None}
    all_of_card = [c for c in corners if c.card == code]
    if len(all_of_card) == 2 and len(inside) == 2 and shown in OPPOSITE:
        for k in range(4):
            if labels[k] is None:
                labels[k] = NO_INDEX
    return labels


def photo_crops(image, rects, corners: list[real_cards.Corner], scales) -> tuple[list, list, list, list]:
    """(card crops, their classes, index corner crops, their classes) of one photo's face-up boxes (rects,
    as the Detector hands them to its readers: image is the one the Detector read, white-balanced)."""
    cards, card_y, corner_x, corner_y = [], [], [], []
    for rect in rects:
        code, _ = box_card(rect, corners)
        if code is None:
            continue
        for e in scales:
            cards.append(upright_crop(image, rect, CARD_CROP_WH, e))
            card_y.append(CARD_CODES.index(code))
            for crop, label in zip(index_corners(image, rect, e), corner_labels(rect, corners, e)):
                if label is not None:
                    corner_x.append(crop)
                    corner_y.append(label)
    return cards, card_y, corner_x, corner_y


class BoxRecorder:
    """Keeps the image and the face-up rects each detect() call hands its card readers (the Detector's own
    _card_probs, wrapped)."""

    def __init__(self, detector):
        self.calls = []
        inner = detector._card_probs

        def recorded(image, rects):
            self.calls.append((image, list(rects)))
            return inner(image, rects)
        detector._card_probs = recorded


def _stack(crops, wh) -> np.ndarray:
    return np.stack(crops) if crops else np.zeros((0, wh[1], wh[0], 3), np.uint8)


def make(folder: Path, out: Path, split: str = "train", weights=None, limit: int | None = None) -> dict:
    """Cut and label the crops of one split's photos; write OUT/corner_{split}_real.npz and
    OUT/card_{split}_real.npz; returns their counts."""
    from pelituomari.commands.detect import read_image
    from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS
    from vision.detector import Detector
    classes = real_cards.read_classes(folder)
    paths = real_cards.split(real_cards.photos(folder))[split][:limit]
    detector = Detector(weights, conf=DETECT_CONF, views=DETECT_VIEWS)
    recorder = BoxRecorder(detector)
    cards, card_y, corner_x, corner_y = [], [], [], []
    for path in paths:
        image = read_image(str(path))
        h, w = image.shape[:2]
        corners = real_cards.read_corners(path.with_suffix(".txt"), classes, w, h)
        recorder.calls.clear()
        detector.detect(image)
        for seen, rects in recorder.calls:
            c, cy, k, ky = photo_crops(seen, rects, corners, detector.card_crop_scales)
            cards += c; card_y += cy; corner_x += k; corner_y += ky
    out.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out / f"card_{split}_real.npz", x=_stack(cards, CARD_CROP_WH), y=np.array(card_y, np.int64))
    np.savez_compressed(out / f"corner_{split}_real.npz", x=_stack(corner_x, CORNER_WH), y=np.array(corner_y, np.int64))
    counts = Counter(corner_y)
    return {"photos": len(paths), "card_crops": len(cards), "corner_crops": len(corner_x),
            "corner_no_index": counts[NO_INDEX], "scales": list(detector.card_crop_scales)}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m models.real_crops", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path, help="the real-cards-corners folder")
    ap.add_argument("--out", type=Path, required=True, help="where the .npz files go (e.g. runs/real)")
    ap.add_argument("--split", choices=real_cards.SPLITS, default="train")
    ap.add_argument("--weights", help="the detector and readers that box the photos (default models/weights)")
    ap.add_argument("--limit", type=int, metavar="N", help="only the split's first N photos by name")
    a = ap.parse_args(argv)
    try:
        print(make(a.folder, a.out, a.split, a.weights, a.limit))
    except (FileNotFoundError, real_cards.LabelError) as e:
        ap.error(str(e))


if __name__ == "__main__":
    main()
