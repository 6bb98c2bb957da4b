"""Upright crops of oriented boxes: the same warp at training time and at run time, so a classifier
sees cards and dice the way the detector hands them over."""

from __future__ import annotations

import cv2
import numpy as np

CARD_CROP_WH = (56, 80)   # width, height of an upright card crop (63 x 88 mm proportions)
DIE_CROP_WH = (40, 40)


def upright_crop(image: np.ndarray, rect, out_wh, expand: float = 1.04) -> np.ndarray:
    """Warp the rotated rectangle rect = ((cx, cy), (w, h), angle_deg) to an out_wh image.

    The rectangle's long side becomes vertical (a card stands upright; which end is up is
    left open, the classifier is trained on both)."""
    (cx, cy), (w, h), ang = rect
    pts = cv2.boxPoints(((cx, cy), (w * expand, h * expand), ang)).astype(np.float32)
    e0 = np.linalg.norm(pts[1] - pts[0])
    e1 = np.linalg.norm(pts[2] - pts[1])
    if e0 > e1:  # make pts[0]->pts[1] the short (width) side
        pts = np.roll(pts, -1, axis=0)
    W, H = out_wh
    dst = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    M = cv2.getPerspectiveTransform(pts, dst)
    return cv2.warpPerspective(image, M, (W, H), flags=cv2.INTER_AREA if max(e0, e1) > 2 * H else cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
