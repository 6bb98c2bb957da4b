"""Procedural table surfaces: wood, felt, carpet, tiles, cloth, plain laminate and a Kimble board.

table_texture(h, w, rng, kind=None) -> BGR uint8 image; kind is one of KINDS (random when None).
"""

from __future__ import annotations

import cv2
import numpy as np

KINDS = ("wood", "felt", "carpet", "tiles", "cloth", "laminate", "kimble")


def _noise(h, w, rng, scale):
    """Smooth value noise: random field at a coarse grid, upscaled."""
    gh, gw = max(2, int(h / scale)), max(2, int(w / scale))
    return cv2.resize(rng.random((gh, gw)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)


def _color(rng, lo, hi):
    return np.array([rng.uniform(lo[i], hi[i]) for i in range(3)], np.float32)


def table_texture(h: int, w: int, rng: np.random.Generator, kind: str | None = None) -> np.ndarray:
    kind = kind or KINDS[int(rng.integers(len(KINDS)))]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base = _color(rng, (40, 80, 120), (140, 170, 220))
        ang = rng.uniform(0, np.pi)
        u = xx * np.cos(ang) + yy * np.sin(ang)
        grain = np.sin(u / rng.uniform(3, 12) + 6 * _noise(h, w, rng, rng.uniform(40, 150))) * 0.5 + 0.5
        plank = (u // rng.uniform(80, 250)) % 2 * rng.uniform(0, 0.15)
        f = 0.75 + 0.25 * grain - plank
        img = base * f[..., None]
    elif kind == "felt":
        base = _color(rng, (0, 40, 0), (120, 160, 120)) if rng.random() < 0.6 else _color(rng, (20, 20, 20), (200, 200, 200))
        img = base * (0.9 + 0.1 * _noise(h, w, rng, 30))[..., None] + rng.normal(0, 4, (h, w, 1))
    elif kind == "carpet":
        base = _color(rng, (20, 20, 20), (200, 200, 200))
        img = base * (0.75 + 0.25 * rng.random((h, w, 1))) * (0.85 + 0.15 * _noise(h, w, rng, 20))[..., None]
        img = cv2.GaussianBlur(img.astype(np.float32), (3, 3), 0)
    elif kind == "tiles":
        base, grout = _color(rng, (60, 60, 60), (240, 240, 240)), _color(rng, (40, 40, 40), (200, 200, 200))
        step = rng.uniform(40, 160)
        img = np.broadcast_to(base, (h, w, 3)) * (0.9 + 0.1 * _noise(h, w, rng, 50))[..., None]
        line = ((xx % step) < 3) | ((yy % step) < 3)
        img = np.where(line[..., None], grout, img)
    elif kind == "cloth":
        c1, c2 = _color(rng, (0, 0, 0), (255, 255, 255)), _color(rng, (0, 0, 0), (255, 255, 255))
        step = rng.uniform(8, 40)
        check = (((xx // step) + (yy // step)) % 2)[..., None]
        weave = (0.9 + 0.1 * np.sin(xx * 1.7) * np.sin(yy * 1.7))[..., None]
        img = (c1 * check + c2 * (1 - check)) * weave if rng.random() < 0.6 else c1 * weave * np.ones((h, w, 1))
    elif kind == "laminate":
        img = _color(rng, (90, 90, 90), (250, 250, 250)) * (0.95 + 0.05 * _noise(h, w, rng, 80))[..., None]
    else:  # kimble: a plastic board with coloured tracks of peg holes
        img = np.broadcast_to(_color(rng, (180, 180, 180), (250, 250, 250)), (h, w, 3)).copy()
        for _ in range(int(rng.integers(20, 60))):
            c = [(0, 0, 220), (0, 200, 0), (220, 80, 0), (0, 220, 230)][int(rng.integers(4))]
            cv2.circle(img, (int(rng.integers(w)), int(rng.integers(h))), int(rng.integers(4, 12)), c, -1, cv2.LINE_AA)
    return np.clip(img, 0, 255).astype(np.uint8)
