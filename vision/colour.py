"""A room's light evened out before anything is read: cards and dice are white, so the brightest pixels
of each channel tell the lamp's colour, and how bright white came out. The synthetic scenes tint a
channel by at most 10 %; a bulb-lit table (red over blue 2.2) cost `detect` 23 of the 263 cards it read
on the benchmark's scenes, a dim one (white at 40 %) 7 (benchmarks/bench_detect.py --conditions)."""

from __future__ import annotations

import cv2
import numpy as np

WHITE_SHARE = 0.01   # the brightest share of the pixels taken for white (card faces, dice, glare)
DIM_WHITE = 200      # white darker than this (in the brightest channel) is lifted to it
MOST_GAIN = 2.5      # a channel is brightened at most this much: a scene with nothing white in it (a red
#                      table, backs only) must not be painted grey
NEUTRAL = 1.02       # gains all below this: the image is left as it is
SAMPLE_PIXELS = 150_000  # about how many pixels are looked at (a 12-megapixel photo is strided)


def white_gains(image: np.ndarray) -> np.ndarray:
    """Per channel (B, G, R), the gain that brings its WHITE_SHARE brightest level up to the brightest
    channel's, or to DIM_WHITE where that is darker; at most MOST_GAIN."""
    h, w = image.shape[:2]
    step = max(1, round(float(np.sqrt(h * w / SAMPLE_PIXELS))))
    sample = np.ascontiguousarray(image[::step, ::step])
    tops = []
    for k in range(3):
        hist = cv2.calcHist([sample], [k], None, [256], [0, 256]).ravel()
        tops.append(float(np.searchsorted(np.cumsum(hist), hist.sum() * (1 - WHITE_SHARE))))
    tops = np.maximum(np.float32(tops), 1.0)
    return np.minimum(max(float(tops.max()), DIM_WHITE) / tops, MOST_GAIN)


def white_balanced(image: np.ndarray) -> np.ndarray:
    """image (BGR, uint8) with white_gains applied; the image itself where it is near neutral."""
    gains = white_gains(image)
    if (gains < NEUTRAL).all():
        return image
    luts = np.clip(np.arange(256, dtype=np.float32)[:, None] * gains, 0, 255).astype(np.uint8)
    return cv2.LUT(image, luts.reshape(1, 256, 3))  # a three-channel table: each channel its own
