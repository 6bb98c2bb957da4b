"""Upright crops of oriented boxes: the same warp at training time and at run time, so a classifier
sees cards and dice the way the detector hands them over."""

from __future__ import annotations

import cv2
import numpy as np

CARD_CROP_WH = (56, 80)   # width, height of an upright card crop (63 x 88 mm proportions)
DIE_CROP_WH = (40, 40)
CORNER_WH = (32, 40)      # width, height of an index corner crop
CROP_EXPAND = 1.04        # how much a crop grows its box by default: a little table around the object
INDEX_REGION = (0.03, 0.02, 0.2, 0.27)  # where a face's top-left index (rank over suit) lies: x1, y1, x2, y2 as shares
CARD_ASPECTS = (1.26, 1.45, 1.62)  # a card's long side over its short side as an image shows it: a poker card's
#                                  88 / 63 = 1.40 seen in perspective (synthetic scenes: 1.30-1.63, 5-95 %), a
#                                  bridge card's 88 / 56 = 1.57
CUT_REACH = 0.1  # a box's side counts as cut by the frame within this share of the box's depth from the edge
CORNER_SHARE = (0.36, 0.34)  # the share of an upright card's width and height an index corner crop covers:
#                              INDEX_REGION with a margin for a loose box


def part_in_image(points: np.ndarray, w: int, h: int) -> np.ndarray:
    """The polygon (N x 2, float32) of a convex quad's part within a w x h image; N is 0 when none is.
    Of a card cut by the image's edge only that part is seen."""
    pts = np.float32(points)
    if pts.min() >= 0 and (pts[:, 0] <= w).all() and (pts[:, 1] <= h).all():
        return pts
    _, poly = cv2.intersectConvexConvex(pts, np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    return np.zeros((0, 2), np.float32) if poly is None else poly.reshape(-1, 2)


def iou(a, b) -> float:
    """Intersection over union of two x1, y1, x2, y2 boxes."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def box_in_image(points: np.ndarray, w: int, h: int) -> tuple[float, float, float, float]:
    """x1, y1, x2, y2 around a convex quad's part within a w x h image: of a card cut by the image's edge
    only that part is visible, and a turned quad's corner beyond the edge would widen the box along it.
    A quad wholly outside gives a box of no area on the edge."""
    part = part_in_image(points, w, h)
    part = np.clip(np.float32(points), 0, (w, h)) if len(part) == 0 else part
    return tuple(float(v) for v in (*part.min(0), *part.max(0)))


def whole_card_rects(rect, w: int, h: int) -> list[tuple]:
    """The rects a card cut by the edge of a w x h image may wholly fill, for a box rect = ((cx, cy), size,
    angle_deg) around its part in sight: the detector boxes that part, and a crop of it stretches a
    strip of card to a card's shape, which the readers cannot read. Each side of the box whose middle
    lies beyond the frame or within CUT_REACH of the box's depth across that side from its edge is a side
    the card may go on beyond: the box grows that way until the side along it is a card's short side
    or its long side, at each of CARD_ASPECTS, wherever that makes it longer. None for a box within the
    frame."""
    (cx, cy), size, angle = rect
    a = np.radians(angle)
    axes = np.float64([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])  # along size[0], along size[1]
    centre = np.float64([cx, cy])
    out = []
    for k in (0, 1):
        depth, along = size[k], size[1 - k]
        for sign in (1, -1):
            x, y = centre + sign * axes[k] * depth / 2
            if min(x, y, w - x, h - y) > CUT_REACH * depth:
                continue
            for full in [along * r for r in CARD_ASPECTS] + [along / r for r in CARD_ASPECTS]:
                if full > depth:
                    c = centre + sign * axes[k] * (full - depth) / 2
                    out.append(((float(c[0]), float(c[1])), (full, along) if k == 0 else (along, full), angle))
    return out


def upright_quad(rect, expand: float = CROP_EXPAND) -> np.ndarray:
    """The image points that become an upright crop's top-left, top-right, bottom-right and bottom-left
    corners: rect = ((cx, cy), (w, h), angle_deg), its long side made vertical."""
    (cx, cy), (w, h), ang = rect
    pts = cv2.boxPoints(((cx, cy), (w * expand, h * expand), ang)).astype(np.float32)
    if np.linalg.norm(pts[1] - pts[0]) > np.linalg.norm(pts[2] - pts[1]):  # make pts[0]->pts[1] the short side
        pts = np.roll(pts, -1, axis=0)
    return pts


def upright_crop(image: np.ndarray, rect, out_wh, expand: float = CROP_EXPAND) -> np.ndarray:
    """Warp the rotated rectangle rect = ((cx, cy), (w, h), angle_deg) to an out_wh image.

    The rectangle's long side becomes vertical (a card stands upright; which end is up is
    left open, the classifier is trained on both)."""
    pts = upright_quad(rect, expand)
    W, H = out_wh
    dst = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    M = cv2.getPerspectiveTransform(pts, dst)
    # A warp samples, it does not average (asked for INTER_AREA it does INTER_LINEAR), so a phone photo's
    # 600-pixel card comes out of an 80-pixel crop sampled. Averaging it down first read no more cards of
    # scenes five times the size with sprites four times finer, and cost `detect` 36 % on a 12-megapixel photo.
    return cv2.warpPerspective(image, M, (W, H), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def index_corners(image: np.ndarray, rect, expand: float = CROP_EXPAND) -> tuple[np.ndarray, ...]:
    """The four corners of an upright card crop where a face may carry its index, in this order: the top
    left, the bottom right turned a half turn, the top right, the bottom left turned a half turn (as
    INDEX_REGIONS). Which end is up is open, so each turned corner is its partner seen the other way
    up. Most decks print rank over suit at the top left and bottom right; some at all four corners, and
    some split them (the oxygen decks: the rank at the top right, the suit at the bottom left). A reader
    that sees one index whole can name a card that is mostly covered."""
    W, H = CORNER_WH
    full = upright_crop(image, rect, (round(W / CORNER_SHARE[0]), round(H / CORNER_SHARE[1])), expand)
    turned = full[::-1, ::-1]
    return tuple(np.ascontiguousarray(c) for c in (full[:H, :W], turned[:H, :W], full[:H, -W:], turned[:H, -W:]))


def half_turned(region) -> tuple[float, float, float, float]:
    """A region of a card (x1, y1, x2, y2 as shares) as it lies on the card turned a half turn."""
    x1, y1, x2, y2 = region
    return 1 - x2, 1 - y2, 1 - x1, 1 - y1


def mirrored(region) -> tuple[float, float, float, float]:
    """A region of a card mirrored left to right: the top-left index's place at the top right."""
    x1, y1, x2, y2 = region
    return 1 - x2, y1, 1 - x1, y2


# where a face may carry an index at each corner, in index_corners' order (top left, bottom right, top right,
# bottom left), as shares of the upright face
INDEX_REGIONS = (INDEX_REGION, half_turned(INDEX_REGION), mirrored(INDEX_REGION), half_turned(mirrored(INDEX_REGION)))
UPSIDE_DOWN = (1, 0, 3, 2)  # the card's index corner each of index_corners' crops shows when the card lies the other way up
