"""A stand-in for cv2.VideoCapture: a camera that gives a few grey frames of whatever size it is asked
for, then none (monkeypatch it over cv2.VideoCapture)."""

import cv2
import numpy as np


class FakeVideoCapture:
    opened: list[tuple[int, int, int]] = []   # (index, width, height) of every camera opened, in order

    def __init__(self, index: int, frames: int = 3):
        self.index, self.size, self.frames = index, {}, frames

    def isOpened(self):
        return True

    def set(self, prop, value):
        self.size[prop] = int(value)
        if prop == cv2.CAP_PROP_FRAME_HEIGHT:
            FakeVideoCapture.opened.append((self.index, self.size[cv2.CAP_PROP_FRAME_WIDTH], int(value)))

    def get(self, prop):
        return 30.0

    def read(self):
        self.frames -= 1
        if self.frames < 0:
            return False, None
        w, h = self.size[cv2.CAP_PROP_FRAME_WIDTH], self.size[cv2.CAP_PROP_FRAME_HEIGHT]
        return True, np.full((h, w, 3), 90, np.uint8)

    def release(self):
        pass


class SizeIgnoringCapture(FakeVideoCapture):
    """A camera that gives 640x480 frames whatever size it is asked for."""

    def read(self):
        self.size = {cv2.CAP_PROP_FRAME_WIDTH: 640, cv2.CAP_PROP_FRAME_HEIGHT: 480}
        return super().read()
