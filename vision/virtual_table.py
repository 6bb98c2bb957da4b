"""A virtual overhead camera over a rendered table: the sample video and calibration tests.

The camera is a pinhole above the table, slightly tilted, so its image of the table plane is a
true perspective homography ``H`` (table mm -> pixels) that the calibration must recover.  The
scene is drawn top-down in table space (``px_per_mm``), with the ArUco corner markers, cards
and dice as sprites, and then warped through ``H`` in one step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from calibration import markers as mk

CARD_MM = (63.0, 88.0)


def camera_homography(table_mm, image_size=(1280, 720), height_mm=900.0, tilt_deg=8.0,
                      focal_px=None, margin=0.94) -> np.ndarray:
    """Table mm -> pixels for a camera ``height_mm`` above the table centre, tilted towards the
    near edge by ``tilt_deg``; the focal length is chosen so the table fills ``margin`` of the view."""
    w, h = table_mm
    cx, cy = image_size[0] / 2, image_size[1] / 2

    def homography(f):
        K = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1.0]])
        a = math.radians(tilt_deg)
        R = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
        centre = np.array([w / 2, h / 2 - height_mm * math.tan(a), -height_mm])  # camera in table frame (z up = -)
        t = -R @ centre
        return K @ np.column_stack([R[:, 0], R[:, 1], t])

    if focal_px is None:
        corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
        focal_px = 1000.0
        for _ in range(30):  # scale the focal length until the table's corners fill the view
            px = _apply(homography(focal_px), corners)
            spread = max(np.abs(px[:, 0] - cx).max() / cx, np.abs(px[:, 1] - cy).max() / cy)
            focal_px *= margin / spread
    H = homography(focal_px)
    return H / H[2, 2]


def _apply(H, pts):
    hom = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return hom[:, :2] / hom[:, 2:3]


@dataclass
class Sprite:
    """A BGRA image laid on the table: centre (mm), size (mm), rotation (degrees)."""

    image: np.ndarray
    x: float
    y: float
    w_mm: float
    h_mm: float
    angle: float = 0.0


class VirtualTable:
    """Renders camera frames of a table scene through the homography ``H``."""

    def __init__(self, table_mm, background: np.ndarray, image_size=(1280, 720), px_per_mm: float = 2.0,
                 margin_mm: float = 120.0, H: np.ndarray | None = None, marker_mm: float = mk.DEFAULT_MARKER_MM,
                 surround: np.ndarray | None = None):
        self.table_mm = tuple(table_mm)
        self.image_size = tuple(image_size)
        self.s = px_per_mm
        self.m = margin_mm
        self.H = camera_homography(table_mm, image_size) if H is None else H
        w, h = table_mm
        cols, rows = round((w + 2 * margin_mm) * px_per_mm), round((h + 2 * margin_mm) * px_per_mm)
        canvas = np.empty((rows, cols, 3), np.uint8)
        canvas[:] = cv2.resize(surround, (cols, rows)) if surround is not None else (40, 45, 50)
        x0, y0 = self._px(0, 0)
        x1, y1 = self._px(w, h)
        canvas[round(y0):round(y1), round(x0):round(x1)] = cv2.resize(background, (round(x1) - round(x0), round(y1) - round(y0)))
        for marker_id, quad in mk.marker_corners_mm(table_mm, marker_mm).items():
            self._draw_marker(canvas, marker_id, quad)
        self.base = canvas
        # texture pixel (u, v) centre is table mm ((u + 0.5)/s - m, (v + 0.5)/s - m)
        S = np.array([[1 / px_per_mm, 0, 0.5 / px_per_mm - margin_mm], [0, 1 / px_per_mm, 0.5 / px_per_mm - margin_mm], [0, 0, 1]])
        self._warp = self.H @ S

    def _px(self, x, y):
        return (x + self.m) * self.s - 0.5, (y + self.m) * self.s - 0.5

    def _draw_marker(self, canvas, marker_id, quad_mm):
        (x0, y0), (x1, y1) = quad_mm[0], quad_mm[2]
        black_px = round((x1 - x0) * self.s)
        size = black_px * 8 // 6
        img = cv2.cvtColor(mk.marker_image(marker_id, size), cv2.COLOR_GRAY2BGR)
        cx, cy = self._px((x0 + x1) / 2, (y0 + y1) / 2)
        # the marker image's centre (size/2 - 0.5 in pixel-centre terms) lands on the marker's centre
        M = np.array([[(x1 - x0) * self.s / black_px, 0, 0], [0, (y1 - y0) * self.s / black_px, 0]], float)
        M[:, 2] = [cx - M[0, 0] * (size / 2 - 0.5), cy - M[1, 1] * (size / 2 - 0.5)]
        cv2.warpAffine(img, M, (canvas.shape[1], canvas.shape[0]), dst=canvas, flags=cv2.INTER_NEAREST,
                       borderMode=cv2.BORDER_TRANSPARENT)

    def render(self, sprites: list[Sprite], noise_rng: np.random.Generator | None = None,
               overlay=None) -> np.ndarray:
        """One camera frame showing ``sprites`` (drawn in list order, later on top); ``overlay``
        draws on the top-down canvas last (a Kimble dome over the die), given ``to_canvas(x, y)``."""
        canvas = self.base.copy()
        for sprite in sprites:
            paste(canvas, sprite, self.s, self.m)
        if overlay is not None:
            overlay(canvas, self._px, self.s)
        frame = cv2.warpPerspective(canvas, self._warp, self.image_size, flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=(35, 35, 35))
        if noise_rng is not None:
            frame = cv2.add(frame, noise_rng.normal(0, 2.0, frame.shape).astype(np.int8), dtype=cv2.CV_8U)
        return frame


def paste(canvas: np.ndarray, sprite: Sprite, s: float, m: float) -> None:
    """Alpha-composite a sprite into the top-down canvas (``s`` px/mm, ``m`` mm margin)."""
    img = sprite.image
    w_px, h_px = max(1, round(sprite.w_mm * s)), max(1, round(sprite.h_mm * s))
    if (w_px, h_px) != (img.shape[1], img.shape[0]):
        img = cv2.resize(img, (w_px, h_px), interpolation=cv2.INTER_AREA)
    ih, iw = img.shape[:2]
    sx, sy = sprite.w_mm * s / iw, sprite.h_mm * s / ih
    a = math.radians(sprite.angle)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = (sprite.x + m) * s - 0.5, (sprite.y + m) * s - 0.5
    A = np.array([[ca * sx, -sa * sy], [sa * sx, ca * sy]])
    offset = np.array([cx, cy]) - A @ np.array([(iw - 1) / 2, (ih - 1) / 2])
    half = 0.5 * math.hypot(sprite.w_mm, sprite.h_mm) * s + 2
    x0, y0 = max(0, int(cx - half)), max(0, int(cy - half))
    x1, y1 = min(canvas.shape[1], int(cx + half) + 1), min(canvas.shape[0], int(cy + half) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    M = np.hstack([A, (offset - [x0, y0])[:, None]])
    patch = cv2.warpAffine(img, M, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = patch[:, :, 3:4].astype(np.float32) / 255.0
    region = canvas[y0:y1, x0:x1]
    region[:] = (patch[:, :, :3] * alpha + region * (1 - alpha)).astype(np.uint8)
