"""The annotated video: zones, what the camera recognised, and the latest ruling, frame by frame."""

from __future__ import annotations

from pathlib import Path

import cv2

from calibration.overlay import draw_zones
from calibration.table import TableCalibration
from vision.tracking import Seen


class VideoAnnotator:
    """Writes each processed frame with its overlays to an mp4 file (``write`` then ``close``)."""

    def __init__(self, path: str | Path, calibration: TableCalibration, fps: float, language: str = "fi"):
        self.path, self.calibration, self.fps, self.language = Path(path), calibration, fps, language
        self._writer: cv2.VideoWriter | None = None
        self._latest = ""

    def write(self, frame, seen: list[Seen], rulings) -> None:
        image = draw_zones(frame.image, self.calibration, thickness=1)
        for s in seen:
            x, y = self.calibration.to_pixels([[s.x, s.y]])[0]
            label = s.card or (str(s.die) if s.die is not None else ("?" if s.kind != "card_back" else "#"))
            colour = (0, 255, 255) if s.kind == "card" else (255, 160, 0) if s.kind == "card_back" else (255, 0, 255)
            cv2.circle(image, (int(x), int(y)), 5, colour, -1, cv2.LINE_AA)
            cv2.putText(image, label, (int(x) + 7, int(y) - 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2, cv2.LINE_AA)
        if rulings:
            self._latest = rulings[-1].message(self.language)
        h = image.shape[0]
        cv2.rectangle(image, (0, h - 34), (image.shape[1], h), (0, 0, 0), -1)
        cv2.putText(image, f"{frame.t:7.2f}s  {_ascii(self._latest)}", (8, h - 11), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (255, 255, 255), 1, cv2.LINE_AA)
        if self._writer is None:
            self._writer = cv2.VideoWriter(str(self.path), cv2.VideoWriter_fourcc(*"mp4v"), self.fps,
                                           (image.shape[1], image.shape[0]))
            if not self._writer.isOpened():
                raise OSError(f"{self.path}: cannot write an mp4 video there")
        self._writer.write(image)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.release()


def _ascii(text: str) -> str:
    """OpenCV's fonts draw ASCII only: ä -> a, ö -> o, else '?'."""
    return text.translate(str.maketrans("äöåÄÖÅ–", "aoaAOA-")).encode("ascii", "replace").decode()

