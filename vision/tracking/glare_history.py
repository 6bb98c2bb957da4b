"""The recent frames' glare: how long before it was first seen a card may have come where glare lay."""

from __future__ import annotations

from vision.colour import Glare
from vision.tracking.sightings import CARD_BLINDED, card_hidden


class GlareHistory:
    """The glare of the frames of the last ``keep_s`` seconds, oldest first."""

    def __init__(self, keep_s: float):
        self.keep_s = keep_s
        self._frames: list[tuple[float, Glare | None]] = []

    def update(self, t: float, glare: Glare | None) -> None:
        """One frame's glare, once the frame has been read."""
        self._frames = [(u, g) for u, g in self._frames if t - u < self.keep_s] + [(t, glare)]

    def unseen_for(self, x: float, y: float, t: float, dt: float) -> float:
        """How long before t a card first seen at table point (x, y) may have come there: where glare lay
        over its place in the frames before and at some time blinded it, since the last frame the place
        was clear; else since the frame before."""
        since, blinded = t - dt, False
        for frame_t, glare in reversed(self._frames):
            since = frame_t
            if not card_hidden(glare, (x, y)):
                break
            blinded = blinded or card_hidden(glare, (x, y), CARD_BLINDED)
        return round(t - since, 6) if blinded else dt
