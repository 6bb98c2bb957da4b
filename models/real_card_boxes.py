"""Whole-card boxes for the real phone photos of cards (real-cards-corners, its README), so that the detector
can learn from real scenes: the labels box a card's corner index, the detector is to box the whole card.

    python3 -m models.real_card_boxes ../shared/datasets/real-cards-corners \
        [--out models/real_card_whole_boxes.json] [--sheet DIR]

How a card's box is found: GrabCut on the photo at half size, told that the card's labelled index boxes and
the line between two of them are card (an index sits in a card's corner, so the line between two crosses the
card), and that every other card's index boxes are not; the card is the part it then finds around the first
index, and its box the smallest rotated rectangle around that part. A back is labelled by its outline, a
polygon, and boxed by that. A box is kept only where it looks like a card (`checked`); the file keeps None
and the reason for the others. Some photos show a card whose index no label boxes (at the frame's edge, mostly):
the shipped detector looks for them (`unlabelled`), and the file keeps each as a card named None. A photo goes
into the detector's training (`make_dataset --real-cards`) only where every card, back and joker in it has a
box and a name: a card left out would teach the detector that cards are table. `--sheet` draws the boxes over
the photos, 12 to a page, to check them by eye.

The file holds boxes and reasons, keyed by photo name: no photos, no labels.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import real_cards  # noqa: E402
from vision.detector import KINDS, Detector  # noqa: E402

WHOLE_CARDS = Path(__file__).resolve().parent / "real_card_whole_boxes.json"
SCALE = 0.5            # GrabCut runs at this share of the photo's size
ITERATIONS = 4
SIDES = (1.0, 2.2)     # a card's long side over its short: 1.4, and a stretch of 4:3 either way by the export
MIN_FILL = 0.7         # the card found, its holes filled, fills this share of its box (a card is a rectangle)
NEAR_CORNER = 0.85     # each index's centre lies within this many times its own box's diagonal of a box corner
ONE_INDEX_AREA = 6.0   # a card seen by one index is at least this many times its index's box
MAX_SKEW = 6.0         # two indices: the line between them turned at most this many degrees from the box's diagonal
EVEN = 1.6             # ... and one at most this many times as far from its corner as the other (a card is symmetric)
UNLABELLED_CONF = 0.5  # a shipped detector's card or back this sure, outside every labelled box, is a card left out


def _group(corners: list[real_cards.Corner]) -> dict[str, list[real_cards.Corner]]:
    """The photo's labelled corners by class: one card, back or joker each (a photo holds one deck)."""
    out: dict[str, list[real_cards.Corner]] = {}
    for c in corners:
        out.setdefault(c.name, []).append(c)
    return out


def _fill(mask: np.ndarray, box, value: int) -> None:
    x1, y1, x2, y2 = (int(round(v * SCALE)) for v in box)
    mask[max(y1, 0):max(y2, 0), max(x1, 0):max(x2, 0)] = value


def segment(image: np.ndarray, mine: list[real_cards.Corner],
            others: list[real_cards.Corner]) -> tuple[np.ndarray, float] | None:
    """The rotated rectangle (4 x 2 corners, image pixels) around the card whose indices are `mine`, and the
    share of it that the card found's convex hull fills; None where GrabCut finds nothing around its first index."""
    h, w = image.shape[:2]
    small = cv2.resize(image, (round(w * SCALE), round(h * SCALE)), interpolation=cv2.INTER_AREA)
    mask = np.full(small.shape[:2], cv2.GC_PR_BGD, np.uint8)
    for c in others:
        _fill(mask, c.box, cv2.GC_BGD)
    for c in mine:
        _fill(mask, c.box, cv2.GC_FGD)
    if len(mine) >= 2:
        p, q = (tuple(int(round(v * SCALE)) for v in c.centre) for c in mine[:2])
        cv2.line(mask, p, q, cv2.GC_FGD, 3)
    models = np.zeros((1, 65)), np.zeros((1, 65))
    cv2.setRNGSeed(0)  # GrabCut's colour models start from k-means: the same boxes whatever ran before
    cv2.grabCut(small, mask, None, *models, ITERATIONS, cv2.GC_INIT_WITH_MASK)
    card = np.isin(mask, (cv2.GC_FGD, cv2.GC_PR_FGD)).astype(np.uint8)
    card = cv2.morphologyEx(card, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    _, parts = cv2.connectedComponents(card)
    x, y = (min(int(v * SCALE), n - 1) for v, n in zip(mine[0].centre, (small.shape[1], small.shape[0])))
    if parts[y, x] == 0:
        return None
    points = np.argwhere(parts == parts[y, x])[:, ::-1].astype(np.float32)
    hull = cv2.convexHull(points)
    (_, (bw, bh), _) = rect = cv2.minAreaRect(hull)
    return cv2.boxPoints(rect) / SCALE, cv2.contourArea(hull) / max(bw * bh, 1.0)


def _inside(quad: np.ndarray, point) -> bool:
    return cv2.pointPolygonTest(np.float32(quad), (float(point[0]), float(point[1])), False) >= 0


def _angle(a, b) -> float:
    """The angle between two vectors, in degrees."""
    cos = float(np.dot(a, b) / max(np.linalg.norm(a) * np.linalg.norm(b), 1e-9))
    return float(np.degrees(np.arccos(np.clip(cos, -1.0, 1.0))))


def checked(quad: np.ndarray, fill: float, mine: list[real_cards.Corner],
            others: list[real_cards.Corner]) -> str | None:
    """Why quad (filled this much by the card found) is not this card's box, or None where it looks like one."""
    sides = sorted(float(np.linalg.norm(quad[i] - quad[i - 1])) for i in (1, 2))
    if sides[0] < 1 or not SIDES[0] <= sides[1] / sides[0] <= SIDES[1]:
        return "not a card's shape"
    if fill < MIN_FILL:
        return "not a rectangle"
    if not all(_inside(quad, c.centre) for c in mine):
        return "leaves out its own index"
    if any(_inside(quad, c.centre) for c in others):
        return "holds another card's index"
    nearest = [int(np.argmin(np.linalg.norm(quad - np.float32(c.centre), axis=1))) for c in mine[:2]]
    reach = [NEAR_CORNER * float(np.hypot(c.box[2] - c.box[0], c.box[3] - c.box[1])) for c in mine[:2]]
    if any(np.linalg.norm(quad[k] - np.float32(c.centre)) > r for k, c, r in zip(nearest, mine, reach)):
        return "an index far from the box's corners"
    if len(nearest) == 2:
        if (nearest[0] - nearest[1]) % 4 != 2:
            return "its indices not in opposite corners"
        if _angle(np.subtract(mine[1].centre, mine[0].centre), quad[nearest[1]] - quad[nearest[0]]) > MAX_SKEW:
            return "turned from its indices"
        far = sorted(float(np.linalg.norm(quad[k] - np.float32(c.centre))) for k, c in zip(nearest, mine))
        if far[1] > EVEN * max(far[0], 0.05 * sides[0]):
            return "not even around its indices"
    x1, y1, x2, y2 = mine[0].box
    if len(mine) == 1 and sides[0] * sides[1] < ONE_INDEX_AREA * (x2 - x1) * (y2 - y1):
        return "hardly larger than its index"
    return None


def back_box(corner: real_cards.Corner, polygon: list[tuple[float, float]] | None) -> np.ndarray:
    """A labelled back's box: the rotated rectangle around its outline where the label is a polygon, else its box."""
    if polygon:
        return cv2.boxPoints(cv2.minAreaRect(np.float32(polygon)))
    x1, y1, x2, y2 = corner.box
    return np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])


def read_polygons(label: Path, w: int, h: int) -> list[list[tuple[float, float]] | None]:
    """Each label line's polygon in pixels, None for a line that is a box (real_cards.read_corners checks them)."""
    out = []
    for line in Path(label).read_text().splitlines():
        values = [float(v) for v in line.split()[1:]]
        out.append([(x * w, y * h) for x, y in zip(values[0::2], values[1::2])] if len(values) > 4 else None)
    return out


def photo_boxes(image: np.ndarray, label: Path, classes: list[str]) -> list[dict]:
    """Each labelled card, back and joker of one photo: {"name", "quad" (4 x 2, or None), "why" (None, or
    why it has no box)}."""
    h, w = image.shape[:2]
    corners = real_cards.read_corners(label, classes, w, h)
    polygons = dict(zip(corners, read_polygons(label, w, h)))
    out = []
    for name, mine in _group(corners).items():
        others = [c for c in corners if c.name != name]
        if name == real_cards.BACK:
            for c in mine:
                out.append({"name": name, "quad": back_box(c, polygons[c]), "why": None})
            continue
        found = segment(image, mine, others)
        why = "no card found around its index" if found is None else checked(*found, mine, others)
        out.append({"name": name, "quad": None if why else found[0], "why": why})
    return out


def unlabelled(detector: Detector, image: np.ndarray, boxes: list[dict]) -> list[dict]:
    """The cards and backs the detector finds in a photo with its centre outside every box in boxes: cards whose
    index no label boxes, each {"name": None, "quad": the detector's box, "why": "in no label"}."""
    rects, scores, kinds = detector.oriented_boxes(image)
    quads = [np.float32(b["quad"]) for b in boxes if b["quad"] is not None]
    return [{"name": None, "quad": cv2.boxPoints(r), "why": "in no label"}
            for r, s, k in zip(rects, scores, kinds)
            if k != "die" and s >= UNLABELLED_CONF and not any(_inside(q, r[0]) for q in quads)]


def load(path: Path = WHOLE_CARDS) -> dict[str, list[dict]]:
    """The whole-card boxes file: {photo name: [{"name", "quad", "why"}, ...]}."""
    try:
        return json.loads(Path(path).read_text())["photos"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a whole-card boxes file ({type(e).__name__}: {e}); "
                         f"expected JSON like {WHOLE_CARDS.name}, with a \"photos\" object") from None


def trainable(boxes: list[dict]) -> bool:
    """Whether a photo can teach the detector: every card, back and joker in it has a box and a name."""
    return bool(boxes) and all(b["why"] is None for b in boxes)


def detector_lines(boxes: list[dict], w: int, h: int) -> list[str]:
    """A photo's label lines for the detector's data set (vision.detector.KINDS: a face up card or joker is
    `card`, a back `card_back`), each an oriented box's four corners, normalised."""
    lines = []
    for b in boxes:
        kind = KINDS.index("card_back" if b["name"] == real_cards.BACK else "card")
        quad = np.clip(np.float32(b["quad"]) / np.float32([w, h]), 0, 1).ravel()
        lines.append(f"{kind} " + " ".join(f"{v:.5f}" for v in quad))
    return lines


def add_to_detector_set(folder: Path, whole: dict[str, list[dict]], det: Path) -> int:
    """Copy the training split's photos that `trainable` passes, with their whole-card boxes, into the detector's
    data set det (images/train, labels/train); the held-out shots never. Returns how many were added."""
    added = 0
    for path in real_cards.split(real_cards.photos(folder))["train"]:
        boxes = whole.get(path.name)
        if boxes is None or not trainable(boxes):
            continue
        image = cv2.imread(str(path))
        h, w = image.shape[:2]
        cv2.imwrite(str(det / "images" / "train" / f"realcard_{path.stem}.jpg"), image)
        (det / "labels" / "train" / f"realcard_{path.stem}.txt").write_text("\n".join(detector_lines(boxes, w, h)) + "\n")
        added += 1
    return added


def _sheet(pages: list[np.ndarray], out: Path, page: int) -> None:
    tiles = pages + [np.zeros_like(pages[0])] * (-len(pages) % 4)
    cv2.imwrite(str(out / f"sheet_{page:03d}.png"), np.vstack([np.hstack(tiles[i:i + 4]) for i in range(0, len(tiles), 4)]))


def _drawn(image: np.ndarray, boxes: list[dict]) -> np.ndarray:
    out = image.copy()
    for row, b in enumerate(boxes):
        colour = (0, 200, 0) if b["why"] is None else (0, 0, 255)
        if b["quad"] is not None:
            cv2.polylines(out, [np.int32(b["quad"])], True, colour, 3)
        text = b["name"] if b["why"] is None else f'{b["name"] or "a card"}: {b["why"]}'
        cv2.putText(out, text, (8, 30 + 30 * row), cv2.FONT_HERSHEY_SIMPLEX, 0.8, colour, 2)
    return cv2.resize(out, (400, 400), interpolation=cv2.INTER_AREA)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m models.real_card_boxes", description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="the real-cards-corners folder")
    ap.add_argument("--out", type=Path, default=WHOLE_CARDS, help="the boxes file to write (default %(default)s)")
    ap.add_argument("--sheet", type=Path, metavar="DIR", help="also draw the boxes on the photos, 12 to a page, into DIR")
    ap.add_argument("--limit", type=int, help="only the first N photos (to try it)")
    a = ap.parse_args(argv)
    try:
        classes = real_cards.read_classes(a.folder)
        paths = real_cards.photos(a.folder)[:a.limit]
    except (FileNotFoundError, real_cards.LabelError) as e:
        ap.error(str(e))
    if a.sheet:
        a.sheet.mkdir(parents=True, exist_ok=True)
    detector = Detector(conf=UNLABELLED_CONF)
    photos, tiles, tally = {}, [], {"photos": 0, "trainable": 0, "boxed": 0, "unboxed": 0, "unlabelled": 0}
    for n, path in enumerate(paths, 1):
        image = cv2.imread(str(path))
        if image is None:
            ap.error(f"{path}: not an image OpenCV can read")
        try:
            boxes = photo_boxes(image, path.with_suffix(".txt"), classes)
        except real_cards.LabelError as e:
            ap.error(str(e))
        if trainable(boxes):
            boxes += unlabelled(detector, image, boxes)
        photos[path.name] = [{**b, "quad": None if b["quad"] is None else np.round(b["quad"], 1).tolist()}
                             for b in boxes]
        tally["photos"] += 1
        tally["trainable"] += trainable(boxes)
        tally["boxed"] += sum(b["why"] is None for b in boxes)
        tally["unboxed"] += sum(b["quad"] is None for b in boxes)
        tally["unlabelled"] += sum(b["name"] is None for b in boxes)
        if a.sheet:
            tiles.append(_drawn(image, boxes))
            if len(tiles) == 12 or n == len(paths):
                _sheet(tiles, a.sheet, (n - 1) // 12)
                tiles = []
        if n % 200 == 0:
            print(f"{n}/{len(paths)} photos", flush=True)
    a.out.write_text(json.dumps({"made_by": "python3 -m models.real_card_boxes", "counts": tally,
                                 "photos": photos}, indent=None, separators=(",", ":")) + "\n")
    print(f"{tally['photos']} photos, {tally['trainable']} with every card boxed; "
          f"{tally['boxed']} boxes, {tally['unboxed']} cards left unboxed, {tally['unlabelled']} cards in no label "
          f"-> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
