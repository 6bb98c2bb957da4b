"""The page's small live picture of the table, with what the camera booked drawn on it.

It stands in the pipeline's annotator seat: each frame it only keeps a reference to the frame and what
was seen in it (and passes them on to the annotated video, if one is written). A picture is drawn,
shrunk and JPEG-encoded only when a page asks, and at most once per ``max_age_s`` however many ask, so
the live chain pays nothing for pictures nobody looks at.
"""

from __future__ import annotations

import threading
import time

import cv2

from calibration.table import TableCalibration
from vision.annotate import VideoAnnotator


class TablePicture(VideoAnnotator):
    """The latest frame, drawn as the annotated video draws it (VideoAnnotator.draw), on request."""

    def __init__(self, calibration: TableCalibration, language: str = "fi", video: VideoAnnotator | None = None,
                 width: int = 640, max_age_s: float = 0.2, quality: int = 70):
        # no video file of its own: only what draw() needs
        self.calibration, self.language, self._latest = calibration, language, ""
        self.video, self.width, self.max_age_s, self.quality = video, width, max_age_s, quality
        self._seen = None            # (frame, seen, rulings, notices) of the latest frame
        self._jpeg: tuple[float, object, bytes] | None = None   # (when, frame, bytes) of the last picture made
        self._lock = threading.Lock()

    def write(self, frame, seen, rulings, notices=()) -> None:
        self._seen = (frame, list(seen), list(rulings), list(notices))
        if self.video is not None:
            self.video.write(frame, seen, rulings, notices)

    def close(self) -> None:
        if self.video is not None:
            self.video.close()

    @property
    def t(self) -> float | None:
        """The latest frame's time on the source's clock (None before the first frame)."""
        latest = self._seen
        return None if latest is None else latest[0].t

    def jpeg(self) -> bytes | None:
        """The latest frame as a JPEG (None before the first frame); a picture younger than max_age_s, or of
        the same frame, is handed out again instead of made anew."""
        with self._lock:
            latest = self._seen
            if latest is None:
                return None
            now = time.monotonic()
            if self._jpeg is not None and (self._jpeg[1] is latest[0] or now - self._jpeg[0] < self.max_age_s):
                return self._jpeg[2]
            image = self.draw(*latest)
            h, w = image.shape[:2]
            if w > self.width:
                image = cv2.resize(image, (self.width, round(h * self.width / w)), interpolation=cv2.INTER_AREA)
            ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
            self._jpeg = (now, latest[0], data.tobytes())
            return self._jpeg[2]
