"""The table's regions: each group of zones the camera looks at together, as one top-down image rectified
from the frame, and which of its pixels show the zones, for the change test that decides whether to look
again."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from calibration.table import TableCalibration
from vision.tracking import Seen

CARD_MARGIN_MM = 50.0  # a card whose centre is at a zone's edge still lies whole in its region
CHANGE_SCALE = 0.125  # the change test compares each region's image at an eighth of its size


@dataclass
class Region:
    """A rectangle of the table (mm) looked at as one top-down image, and the zones it serves."""

    name: str
    rect: tuple[float, float, float, float]
    zones: tuple[str, ...]
    px_per_mm: float
    maps: tuple[np.ndarray, np.ndarray] | None = None
    watched: np.ndarray | None = None  # which pixels of its small image show the zones (zone_pixels)
    reference: np.ndarray | None = None  # small grey image when last looked at
    age: int = 0  # frames since then
    seen: list[Seen] = field(default_factory=list)


def regions_for(calibration: TableCalibration, groups: list[tuple[str, ...]], px_per_mm: float,
                die_px_per_mm: float) -> list[Region]:
    """One region per group of zones: their bounding box plus a card margin, clipped to the table.
    The dome is looked at closer: a die's pips are small."""
    w, h = calibration.table_mm
    out = []
    for group in groups:
        zs = [calibration.zones[z] for z in group]
        rect = (max(0.0, min(z.x0 for z in zs) - CARD_MARGIN_MM), max(0.0, min(z.y0 for z in zs) - CARD_MARGIN_MM),
                min(w, max(z.x1 for z in zs) + CARD_MARGIN_MM), min(h, max(z.y1 for z in zs) + CARD_MARGIN_MM))
        scale = die_px_per_mm if group == ("dome",) else px_per_mm
        maps = calibration.rectify_maps(scale, rect)
        out.append(Region("+".join(group), rect, tuple(group), scale, maps, zone_pixels(rect, zs, scale, maps[0].shape)))
    return out


def shrunk(image: np.ndarray) -> np.ndarray:
    """A region's image at CHANGE_SCALE of its size, as the change test compares it."""
    return cv2.resize(image, None, fx=CHANGE_SCALE, fy=CHANGE_SCALE, interpolation=cv2.INTER_AREA)


def zone_pixels(rect, zones, px_per_mm: float, shape: tuple[int, int]) -> np.ndarray:
    """Which pixels of the shrunk image of a region (rect, mm; shape: its top-down image's) show any part of
    its zones: a change in the margin alone cannot change what is centred in them, and is not looked at."""
    rows, cols = shrunk(np.zeros(shape, np.uint8)).shape
    dx, dy = shape[1] / cols / px_per_mm, shape[0] / rows / px_per_mm  # mm a shrunk pixel
    xs, ys = rect[0] + np.arange(cols) * dx, rect[1] + np.arange(rows) * dy
    mask = np.zeros((rows, cols), bool)
    for z in zones:
        mask |= ((xs + dx > z.x0) & (xs < z.x1))[None, :] & ((ys + dy > z.y0) & (ys < z.y1))[:, None]
    return mask
