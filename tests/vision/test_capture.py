"""Frame sources: timestamps, newest-frame-only live capture, stalls and deaths reported by name."""

import threading
import time

import cv2
import numpy as np
import pytest

from tests.vision.fake_camera import FakeVideoCapture, SizeIgnoringCapture
from vision.capture import (ImageFolderSource, LiveSource, SourceError, SourceStalled, VideoFileSource,
                            open_source)


def _image(value: int) -> np.ndarray:
    return np.full((48, 64, 3), value, np.uint8)


def test_a_video_file_gives_every_frame_timed_by_its_frame_rate(tmp_path):
    path = tmp_path / "clip.mp4"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), 20, (64, 48))
    for v in (0, 60, 120, 180, 240):
        writer.write(_image(v))
    writer.release()
    with open_source(str(path)) as source:
        assert isinstance(source, VideoFileSource)
        frames = list(source)
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [f.t for f in frames] == [0.0, 0.05, 0.1, 0.15, 0.2]
    assert [round(float(f.image.mean()) / 60) for f in frames] == [0, 1, 2, 3, 4]
    assert source.size == (64, 48)


def test_a_file_that_opens_as_a_video_but_gives_no_frame_is_refused_on_opening(tmp_path):
    path = tmp_path / "notes.jpg"
    path.write_text("not an image")
    with pytest.raises(SourceError) as e:
        open_source(str(path))
    assert str(e.value) == f"{path}: OpenCV opens it but reads no frame from it: not a video, or damaged"


def test_an_image_folder_in_name_order(tmp_path):
    for name, v in (("b.png", 100), ("a.png", 50), ("c.jpg", 200)):
        cv2.imwrite(str(tmp_path / name), _image(v))
    (tmp_path / "notes.txt").write_text("not an image")
    source = open_source(str(tmp_path))
    assert isinstance(source, ImageFolderSource)
    frames = list(source)
    assert [round(float(f.image.mean())) for f in frames] == [50, 100, 200]
    assert [f.t for f in frames] == [0.0, 0.1, 0.2]
    assert source.size == (64, 48) and source.skipped == []


def test_an_unreadable_image_in_a_folder_is_passed_over_as_a_dropped_frame(tmp_path):
    for name, v in (("a.png", 50), ("c.png", 200)):
        cv2.imwrite(str(tmp_path / name), _image(v))
    (tmp_path / "b.jpg").write_text("not an image")
    source = open_source(str(tmp_path))
    frames = list(source)
    assert [(f.index, f.t, round(float(f.image.mean()))) for f in frames] == [(0, 0.0, 50), (2, 0.2, 200)]
    assert source.skipped == [f"{tmp_path / 'b.jpg'}: not a readable image"]
    (tmp_path / "a.png").write_text("not an image either")
    (tmp_path / "c.png").unlink()
    with pytest.raises(SourceError) as e:
        open_source(str(tmp_path))
    assert str(e.value) == f"{tmp_path}: none of its 2 images can be read"


def test_bad_sources_are_named():
    with pytest.raises(SourceError, match="nowhere.mp4: not a camera"):
        open_source("nowhere.mp4")
    with pytest.raises(SourceError, match="holds no images"):
        ImageFolderSource(__import__("pathlib").Path(__file__).parents[2] / "referee")


class _Camera:
    """A fake device: delivers the frames it is given, then blocks (a stall) or raises (a death)."""

    def __init__(self, count: int, then: str):
        self.count, self.then, self.n = count, then, 0
        self.release = threading.Event()

    def grab(self):
        if self.n < self.count:
            self.n += 1
            time.sleep(0.005)
            return _image(self.n)
        if self.then == "die":
            raise OSError("USB device unplugged")
        self.release.wait(5)
        return None


def test_a_live_source_keeps_only_the_newest_frame():
    cam = _Camera(40, "stall")
    source = LiveSource(cam.grab, "fake", stall_s=0.5, clock=lambda: 7.5)
    time.sleep(0.4)  # the grabber runs ahead while nobody reads
    frame = source.read()
    assert frame.index == 39 and frame.t == 7.5 and source.dropped == 39
    with pytest.raises(SourceStalled, match="fake delivered no frame for 0.5 s"):
        source.read()
    cam.release.set()
    source.close()


def test_a_live_source_that_dies_says_why_after_its_last_frame():
    cam = _Camera(1, "die")
    source = LiveSource(cam.grab, "camera:9", stall_s=1.0)
    time.sleep(0.1)
    assert source.read().index == 0
    with pytest.raises(SourceError, match="camera:9 stopped: OSError: USB device unplugged"):
        source.read()
    source.close()


def test_a_camera_is_asked_for_the_size_it_was_calibrated_at(monkeypatch):
    monkeypatch.setattr(cv2, "VideoCapture", FakeVideoCapture)
    monkeypatch.setattr(FakeVideoCapture, "opened", [])
    open_source("camera:2", size=(1920, 1080)).close()
    assert FakeVideoCapture.opened == [(2, 1920, 1080)]


class _BlankCamera(FakeVideoCapture):
    def __init__(self, index: int):
        super().__init__(index, frames=0)


def test_a_camera_s_first_frame_is_awaited_on_opening_and_still_read(monkeypatch):
    """So the size it really gives is known before a game is stored, and one that gives nothing is refused."""
    monkeypatch.setattr(cv2, "VideoCapture", SizeIgnoringCapture)
    source = open_source("camera:1", size=(1280, 720))
    try:
        assert source.size == (640, 480)
        assert source.read().image.shape == (480, 640, 3)
    finally:
        source.close()
    monkeypatch.setattr(cv2, "VideoCapture", _BlankCamera)
    with pytest.raises(SourceError) as e:
        open_source("camera:3")
    assert str(e.value) == "camera:3 stopped: the camera returned no image"
