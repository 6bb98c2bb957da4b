"""Zones drawn over the camera view, so a person can check the calibration at a glance."""

from __future__ import annotations

import cv2
import numpy as np

from .table import TableCalibration

_COLOURS = {"stock": (255, 200, 0), "pile": (0, 215, 255), "dome": (255, 0, 255), "board": (200, 200, 200)}
_SEAT = (80, 255, 80)
_HAND = (80, 160, 255)


def zone_colour(name: str) -> tuple[int, int, int]:
    if name.startswith("seat"):
        return _SEAT
    if name.startswith("hand"):
        return _HAND
    return _COLOURS.get(name, (255, 255, 255))


def _outline(cal: TableCalibration, x0, y0, x1, y1, steps: int = 12) -> np.ndarray:
    """A rectangle's outline in pixels, sampled along its edges so a lens's curve shows."""
    t = np.linspace(0, 1, steps, endpoint=False)
    edges = [np.stack([x0 + (x1 - x0) * t, np.full_like(t, y0)], 1), np.stack([np.full_like(t, x1), y0 + (y1 - y0) * t], 1),
             np.stack([x1 - (x1 - x0) * t, np.full_like(t, y1)], 1), np.stack([np.full_like(t, x0), y1 - (y1 - y0) * t], 1)]
    return np.round(cal.to_pixels(np.vstack(edges))).astype(np.int32)


def draw_zones(image: np.ndarray, cal: TableCalibration, thickness: int = 2) -> np.ndarray:
    """A copy of ``image`` with the table's outline and every zone, named."""
    out = image.copy()
    w, h = cal.table_mm
    cv2.polylines(out, [_outline(cal, 0, 0, w, h)], True, (255, 255, 255), thickness, cv2.LINE_AA)
    for name, zone in cal.zones.items():
        colour = zone_colour(name)
        cv2.polylines(out, [_outline(cal, zone.x0, zone.y0, zone.x1, zone.y1)], True, colour, thickness, cv2.LINE_AA)
        x, y = cal.to_pixels([[zone.x0 + 4, zone.y0 + 4]])[0]
        cv2.putText(out, name, (int(x) + 2, int(y) + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv2.LINE_AA)
    return out
