"""Dice seen from above: a rounded top face with pips, a rim or one or two side faces, and an optional dome.

die_image(value, size_px, rng, color=None, pip_color=None, side_view=0.0) -> (BGRA image, 4x2 corners of the visible die)
dome_overlay(image, center, radius, rng) adds a Kimble pop-o-matic dome's plastic, rim and reflections.
"""

from __future__ import annotations

import cv2
import numpy as np

PIP_LAYOUT = {
    1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}
_DIE_COLORS = [((245, 245, 245), (20, 20, 20)), ((235, 240, 250), (30, 30, 30)), ((40, 40, 200), (250, 250, 250)),
               ((30, 30, 30), (250, 250, 250)), ((60, 160, 60), (255, 255, 255)), ((200, 120, 30), (255, 255, 255)),
               ((40, 200, 230), (20, 20, 20)), ((250, 250, 250), (30, 30, 200))]


def die_image(value: int, size_px: int, rng: np.random.Generator, color=None, pip_color=None, side_view: float = 0.0):
    """A die's top face (value pips) seen from above, size_px wide including its visible sides.

    side_view: up to this fraction of the width shows one or two side faces (with squashed pips), as
    a camera sees a die off its axis or a die leaning in the dome; 0 leaves a thin rim only.
    Returns (BGRA uint8 image of size_px x size_px, 4x2 float corners of the whole visible die TL,TR,BR,BL).
    """
    if value not in PIP_LAYOUT:
        raise ValueError(f"die value must be 1-6, got {value!r}")
    if color is None:
        color, pip_color = (_DIE_COLORS[0] if rng.random() < 0.55 else _DIE_COLORS[int(rng.integers(len(_DIE_COLORS)))])
    s = int(size_px) * 4  # draw 4x oversampled, then shrink: smooth edges
    img = np.zeros((s, s, 4), np.uint8)
    rim = int(s * rng.uniform(0.03, 0.1))
    r = int(s * rng.uniform(0.08, 0.2))
    side = tuple(int(c * rng.uniform(0.55, 0.8)) for c in color)
    if side_view > 0:  # a side face is the top's colour in shadow
        k = rng.uniform(0.6, 0.85)
        side = tuple(int(c * k) for c in color)
    _rounded_rect(img, 0, 0, s - 1, s - 1, r, (*side, 255))
    if side_view > 0:
        bx, by = (s * side_view * rng.uniform(0.2, 1.0, 2)).astype(int)
        left, top = rng.random(2) < 0.5  # which of the side faces the camera sees
        x0, x1 = rim // 2 + (bx if left else 0), s - 1 - rim // 2 - (0 if left else bx)
        y0, y1 = rim // 2 + (by if top else 0), s - 1 - rim // 2 - (0 if top else by)
        pr = int(min(x1 - x0, y1 - y0) * rng.uniform(0.075, 0.105))
        side_pips = tuple(int(c * 0.8) for c in pip_color)
        band_x = (rim // 2, x0) if left else (x1, s - 1 - rim // 2)
        band_y = (rim // 2, y0) if top else (y1, s - 1 - rim // 2)
        # the side face beside the top face, then the one above or below it: pips squashed across the band
        for (u0, u1), (v0, v1), squash, across_x in ((band_x, (y0, y1), bx / s, True), (band_y, (x0, x1), by / s, False)):
            for fx, fy in PIP_LAYOUT[int(rng.integers(1, 7))]:
                fu, fv = (fx, fy) if across_x else (fy, fx)  # u runs across the band, v along it
                u, v, axes = u0 + fu * (u1 - u0), v0 + fv * (v1 - v0), (int(pr * squash) + 1, pr)
                centre, axes = ((int(u), int(v)), axes) if across_x else ((int(v), int(u)), axes[::-1])
                cv2.ellipse(img, centre, axes, 0, 0, 360, (*side_pips, 255), -1, cv2.LINE_AA)
    else:
        off = rng.integers(-rim // 2 - 1, rim // 2 + 1, 2) if rim > 1 else (0, 0)
        x0, y0, x1, y1 = rim + off[0], rim + off[1], s - 1 - rim + off[0], s - 1 - rim + off[1]
        pr = int((s - 2 * rim) * rng.uniform(0.075, 0.105))
    _rounded_rect(img, x0, y0, x1, y1, max(1, r - rim), (*color, 255))
    for fx, fy in PIP_LAYOUT[value]:
        cx, cy = x0 + fx * (x1 - x0 + 1), y0 + fy * (y1 - y0 + 1)
        cv2.circle(img, (int(cx), int(cy)), pr, (*pip_color, 255), -1, cv2.LINE_AA)
    # soft shading: light from one side
    g = np.linspace(rng.uniform(0.85, 1.0), rng.uniform(1.0, 1.1), s, dtype=np.float32)
    shade = g[None, :] if rng.random() < 0.5 else g[:, None]
    img[:, :, :3] = np.clip(img[:, :, :3] * shade[..., None], 0, 255).astype(np.uint8)
    if value in (2, 3, 6) and rng.random() < 0.5:
        img = np.ascontiguousarray(np.rot90(img, 1))
    img = cv2.resize(img, (size_px, size_px), interpolation=cv2.INTER_AREA)
    corners = np.array([[0, 0], [size_px, 0], [size_px, size_px], [0, size_px]], np.float32)
    return img, corners


def _rounded_rect(img, x0, y0, x1, y1, r, color):
    x0, y0, x1, y1, r = int(x0), int(y0), int(x1), int(y1), int(r)
    cv2.rectangle(img, (x0 + r, y0), (x1 - r, y1), color, -1)
    cv2.rectangle(img, (x0, y0 + r), (x1, y1 - r), color, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
        cv2.circle(img, (cx, cy), r, color, -1, cv2.LINE_AA)


def dome_overlay(image: np.ndarray, center, radius: float, rng: np.random.Generator) -> None:
    """Draw a transparent plastic dome in place: tinted, slightly blurred, a rim and specular reflections."""
    h, w = image.shape[:2]
    cx, cy, r = int(center[0]), int(center[1]), int(radius)
    mask = np.zeros((h, w), np.float32)
    cv2.circle(mask, (cx, cy), r, 1.0, -1, cv2.LINE_AA)
    blurred = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.3, 1.2))
    tint = np.array(rng.uniform(200, 255, 3), np.float32)
    a = rng.uniform(0.05, 0.2)
    dome = blurred.astype(np.float32) * (1 - a) + tint * a
    m = mask[..., None]
    out = image.astype(np.float32) * (1 - m) + dome * m
    refl = np.zeros((h, w), np.float32)
    for _ in range(int(rng.integers(1, 4))):  # curved window reflections
        ang = rng.uniform(0, 360)
        axes = (int(r * rng.uniform(0.3, 0.8)), int(r * rng.uniform(0.08, 0.25)))
        off = rng.uniform(-0.5, 0.5, 2) * r
        cv2.ellipse(refl, (int(cx + off[0]), int(cy + off[1])), axes, ang, 0, 360, rng.uniform(0.3, 0.9), -1, cv2.LINE_AA)
    cv2.circle(refl, (cx, cy), r, rng.uniform(0.2, 0.5), max(1, r // 12), cv2.LINE_AA)
    refl = cv2.GaussianBlur(refl, (0, 0), max(1.0, r / 15)) * mask
    out = out + refl[..., None] * (255 - out)
    image[:] = np.clip(out, 0, 255).astype(np.uint8)
