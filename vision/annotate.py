"""What the camera recognised, drawn: the live pipeline's annotated video (zones, objects, the latest
ruling and what the camera's exposure keeps from being read, frame by frame), and a photo's detections
as `pelituomari detect --draw` shows them."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from calibration.overlay import draw_zones
from calibration.table import TableCalibration
from vision.tracking import Seen

COLOURS = {"card": (0, 255, 255), "card_back": (255, 160, 0), "die": (255, 0, 255)}  # BGR, by kind
NOTICE_BANNER = (0, 0, 150)   # BGR: dark red behind the camera's notices
NOTICE_LINE_PX = 24


def label_of(kind: str, card: str | None, die: int | None) -> str:
    """What a recognised object is called on a picture: its card or die face, '#' for a back, '?' unread."""
    return card or (str(die) if die is not None else ("#" if kind == "card_back" else "?"))


def draw_detections(image: np.ndarray, detections) -> np.ndarray:
    """A copy of the image with each detection's oriented box and its number in the list (as in `detect
    --json`) with what it was read as: "3:Td", "4:#" (a back), "5:?" (not read), in a card's middle and
    above a die. Sized to the image, so a phone photo's labels are as legible as a webcam's."""
    out = image.copy()
    unit = max(out.shape[:2]) / 800
    scale, thick = 0.6 * unit, max(1, round(1.5 * unit))
    for i, d in enumerate(detections):
        colour = COLOURS[d.kind]
        x1, y1, x2, y2 = d.box
        pts = np.float32(d.corners if d.corners is not None else [(x1, y1), (x2, y1), (x2, y2), (x1, y2)])
        cv2.polylines(out, [np.int32(np.round(pts))], True, colour, thick, cv2.LINE_AA)
        text = f"{i}:{label_of(d.kind, d.card, d.die)}"
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
        x = int(pts[:, 0].mean() - tw / 2)   # a card's label in its middle, a die's above it (not over its face)
        y = int(pts[:, 1].mean() + th / 2) if d.kind != "die" else max(th + thick, int(pts[:, 1].min()) - base - thick)
        cv2.rectangle(out, (x - thick, y - th - thick), (x + tw + thick, y + base), (0, 0, 0), -1)
        cv2.putText(out, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)
    return out


class VideoAnnotator:
    """Writes each processed frame with its overlays to an mp4 file (``write`` then ``close``).

    The file is opened at once, at the calibration's frame size (the pipeline takes no other), so that
    a path it cannot be written at is an OSError before a game starts, not after."""

    def __init__(self, path: str | Path, calibration: TableCalibration, fps: float, language: str = "fi"):
        self.path, self.calibration, self.fps, self.language = Path(path), calibration, fps, language
        self._latest = ""
        if self.path.is_dir():
            raise OSError(f"{self.path}: a folder; give a file name in it, e.g. {self.path / 'game.mp4'}")
        if not self.path.parent.is_dir():
            raise OSError(f"{self.path}: no such folder {self.path.parent}")
        if self.path.exists() or self.path.is_symlink():
            raise OSError(f"{self.path}: already there; name a new file (a video is never overwritten)")
        self._writer = cv2.VideoWriter(str(self.path), cv2.VideoWriter_fourcc(*"mp4v"), fps,
                                       tuple(int(v) for v in calibration.image_size))
        if not self._writer.isOpened():
            raise OSError(f"{self.path}: cannot write an mp4 video there")

    def draw(self, frame, seen: list[Seen], rulings, notices=()) -> np.ndarray:
        """The frame with the zones, each object seen and its reading, the latest ruling in a banner at
        the bottom, and each camera notice still standing (vision.colour.CameraExposure.standing) in a
        red banner at the top: a video of missed rolls says why they were missed."""
        image = draw_zones(frame.image, self.calibration, thickness=1)
        for s in seen:
            x, y = self.calibration.to_pixels([[s.x, s.y]])[0]
            label, colour = label_of(s.kind, s.card, s.die), COLOURS[s.kind]
            cv2.circle(image, (int(x), int(y)), 5, colour, -1, cv2.LINE_AA)
            cv2.putText(image, label, (int(x) + 7, int(y) - 7), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2, cv2.LINE_AA)
        if rulings:
            self._latest = rulings[-1].message(self.language)
        h, w = image.shape[:2]
        cv2.rectangle(image, (0, h - 34), (w, h), (0, 0, 0), -1)
        cv2.putText(image, f"{frame.t:7.2f}s  {_ascii(self._latest)}", (8, h - 11), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                    (255, 255, 255), 1, cv2.LINE_AA)
        lines = [line for n in notices for line in _wrapped(_ascii(n.message(self.language)), w - 16)]
        if lines:
            cv2.rectangle(image, (0, 0), (w, NOTICE_LINE_PX * len(lines) + 10), NOTICE_BANNER, -1)
            for i, line in enumerate(lines):
                cv2.putText(image, line, (8, NOTICE_LINE_PX * (i + 1)), cv2.FONT_HERSHEY_SIMPLEX, 0.6,
                            (255, 255, 255), 1, cv2.LINE_AA)
        return image

    def write(self, frame, seen: list[Seen], rulings, notices=()) -> None:
        self._writer.write(self.draw(frame, seen, rulings, notices))

    def close(self) -> None:
        self._writer.release()


def _ascii(text: str) -> str:
    """OpenCV's fonts draw ASCII only: ä -> a, ö -> o, else '?'."""
    return text.translate(str.maketrans("äöåÄÖÅ–", "aoaAOA-")).encode("ascii", "replace").decode()


def _wrapped(text: str, width_px: int, scale: float = 0.6) -> list[str]:
    """The text broken at spaces into lines no wider than width_px in the annotation's font (a word
    longer than a line stands alone)."""
    lines: list[str] = []
    for word in text.split():
        line = f"{lines[-1]} {word}" if lines else word
        if lines and cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)[0][0] <= width_px:
            lines[-1] = line
        else:
            lines.append(word)
    return lines
