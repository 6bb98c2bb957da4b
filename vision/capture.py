"""Frame sources: a USB/V4L2 camera, the Pi camera, a video file, a folder of images.

Every frame carries its capture time ``t`` (seconds on the table's clock: ``time.monotonic()``
for live cameras, the position in the recording for files), so that events are timed by when
the camera saw something, not by when the pipeline got round to it.  Live sources grab in their
own thread and keep only the newest frame: a slow detector drops frames instead of lagging.

A source that cannot deliver raises ``SourceError``; one that stops delivering for longer than
its ``stall_s`` raises ``SourceStalled`` from ``read()``, so the pipeline can report it and keep
what it has.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


class SourceError(RuntimeError):
    """A frame source that could not be opened or that died: the message names it and why."""


class SourceStalled(SourceError):
    """A live source that delivered no new frame within its stall limit."""


@dataclass(frozen=True)
class Frame:
    """One camera image (BGR, HxWx3 uint8), its capture time ``t`` in seconds and its number."""

    image: np.ndarray
    t: float
    index: int


class FrameSource:
    """Iterate frames until the source ends; ``close()`` releases the device or file."""

    name: str = "source"
    fps: float | None = None  # nominal frames per second, when the source knows it
    size: tuple[int, int] | None = None  # its frames' width, height, where known before reading (recordings)
    skipped: tuple[str, ...] = ()  # frames it could not read and passed over, each "path: why"

    def read(self) -> Frame | None:
        """The next frame, None at the end of a recording; raises SourceError if the source dies."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __iter__(self) -> Iterator[Frame]:
        while (frame := self.read()) is not None:
            yield frame

    def __enter__(self) -> "FrameSource":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class VideoFileSource(FrameSource):
    """A recorded video; frame times come from the file's frame rate, so replays are exact. Its first
    frame is read on opening: a file OpenCV opens but reads nothing from is refused then."""

    def __init__(self, path: str | Path):
        import cv2

        self.name = f"video {path}"
        if not Path(path).is_file():
            raise SourceError(f"{path}: no such video file")
        self._cap = cv2.VideoCapture(str(path))
        if not self._cap.isOpened():
            raise SourceError(f"{path}: OpenCV cannot open it as a video")
        ok, self._first = self._cap.read()
        if not ok:
            self._cap.release()
            raise SourceError(f"{path}: OpenCV opens it but reads no frame from it: not a video, or damaged")
        self.size = (self._first.shape[1], self._first.shape[0])
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = fps if fps and fps > 0 else 30.0
        self._index = 0

    def read(self) -> Frame | None:
        image, self._first = self._first, None   # the frame read on opening, once
        if image is None:
            ok, image = self._cap.read()
            if not ok:
                return None
        frame = Frame(image, self._index / self.fps, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        self._cap.release()


class ImageFolderSource(FrameSource):
    """Images of a folder in name order, ``1/fps`` seconds apart. An image that cannot be read is
    passed over (``skipped``), as a camera drops a frame; its time slot stays empty."""

    def __init__(self, folder: str | Path, fps: float = 10.0):
        folder = Path(folder)
        self.name = f"images {folder}"
        if not folder.is_dir():
            raise SourceError(f"{folder}: no such folder")
        self._paths = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._paths:
            raise SourceError(f"{folder}: holds no images ({', '.join(IMAGE_SUFFIXES)})")
        self.fps = fps
        self.skipped: list[str] = []
        self._index = 0
        self._next = self._readable()
        if self._next is None:
            raise SourceError(f"{folder}: none of its {len(self._paths)} images can be read")
        self.size = (self._next.image.shape[1], self._next.image.shape[0])

    def _readable(self) -> Frame | None:
        """The next image that can be read, as a frame; None past the last."""
        from vision.image_file import decode_image

        while self._index < len(self._paths):
            path, n = self._paths[self._index], self._index
            self._index += 1
            try:
                image = decode_image(path.read_bytes())
            except (OSError, ValueError) as e:
                self.skipped.append(f"{path}: {getattr(e, 'strerror', None) or e}")
                continue
            if image is not None:
                return Frame(image, n / self.fps, n)
            self.skipped.append(f"{path}: not a readable image")
        return None

    def read(self) -> Frame | None:
        frame, self._next = self._next, None
        return frame if frame is not None else self._readable()


class LiveSource(FrameSource):
    """A camera read by a background thread that keeps only the newest frame.

    ``grab`` returns one image or None when the device failed.  ``read()`` waits for a frame
    newer than the last one returned; after ``stall_s`` without one it raises SourceStalled,
    and after the grabber failed it raises SourceError with the cause.
    """

    def __init__(self, grab: Callable[[], np.ndarray | None], name: str, stall_s: float = 2.0,
                 clock: Callable[[], float] = time.monotonic, release: Callable[[], None] | None = None):
        self.name = name
        self.stall_s = stall_s
        self._grab, self._clock, self._release = grab, clock, release
        self._cond = threading.Condition()
        self._latest: Frame | None = None
        self._returned = -1
        self._failure: str | None = None
        self._stop = threading.Event()
        self.dropped = 0
        self._thread = threading.Thread(target=self._run, name=f"grab {name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        index = 0
        while not self._stop.is_set():
            try:
                image = self._grab()
            except Exception as e:  # the device's own error, reported by read()
                image, cause = None, f"{type(e).__name__}: {e}"
            else:
                cause = "the camera returned no image"
            t = self._clock()
            with self._cond:
                if image is None:
                    self._failure = cause
                    self._cond.notify_all()
                    return
                if self._latest is not None and self._latest.index > self._returned:
                    self.dropped += 1
                self._latest = Frame(image, t, index)
                self._cond.notify_all()
            index += 1

    def read(self) -> Frame | None:
        with self._cond:
            self._wait_until(lambda: self._latest is not None and self._latest.index > self._returned)
            self._returned = self._latest.index
            return self._latest

    def await_first_frame(self) -> "LiveSource":
        """Wait (up to stall_s) for the device's first frame, which read() still returns, and take its size:
        a camera that gives another size than asked, or nothing, is found before a game is stored."""
        with self._cond:
            self._wait_until(lambda: self._latest is not None)
            h, w = self._latest.image.shape[:2]
        self.size = (w, h)
        return self

    def _wait_until(self, ready: Callable[[], bool]) -> None:
        """Wait, holding the lock, until ready() holds: SourceError where the grabber failed first,
        SourceStalled after stall_s."""
        deadline = time.monotonic() + self.stall_s
        while not ready():
            if self._failure is not None:
                raise SourceError(f"{self.name} stopped: {self._failure}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise SourceStalled(f"{self.name} delivered no frame for {self.stall_s:g} s")
            self._cond.wait(left)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=self.stall_s + 1)
        if self._release is not None:
            self._release()


def open_camera(index: int, width: int = 1280, height: int = 720, stall_s: float = 2.0) -> LiveSource:
    """A V4L2/USB camera through OpenCV."""
    import cv2

    cap = cv2.VideoCapture(index)
    if not cap.isOpened():
        raise SourceError(f"camera:{index}: OpenCV cannot open it (is it connected, is it busy?)")
    cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
    cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
    cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)

    def grab() -> np.ndarray | None:
        ok, image = cap.read()
        return image if ok else None

    source = LiveSource(grab, f"camera:{index}", stall_s, release=cap.release)
    source.fps = cap.get(cv2.CAP_PROP_FPS) or None
    return _first_frame_awaited(source)


def open_picamera(width: int = 1280, height: int = 720, stall_s: float = 2.0) -> LiveSource:
    """The Raspberry Pi camera through picamera2 (installed from the OS: apt install python3-picamera2)."""
    try:
        from picamera2 import Picamera2
    except ImportError:
        raise SourceError("picamera: the picamera2 module is not installed (apt install python3-picamera2)") from None
    cam = Picamera2()
    cam.configure(cam.create_video_configuration(main={"size": (width, height), "format": "BGR888"}))
    cam.start()

    def release() -> None:
        cam.stop()
        cam.close()

    return _first_frame_awaited(LiveSource(lambda: cam.capture_array("main"), "picamera", stall_s, release=release))


def _first_frame_awaited(source: LiveSource) -> LiveSource:
    """The source once its first frame is in; closed where none comes."""
    try:
        return source.await_first_frame()
    except SourceError:
        source.close()
        raise


def open_source(spec: str, stall_s: float = 2.0, size: tuple[int, int] = (1280, 720)) -> FrameSource:
    """A source from its command-line name: ``camera:N``, ``picamera``, a video file or an image folder.
    A camera is asked for frames of size (width, height): the calibration's, which its zones are in."""
    if m := re.fullmatch(r"camera:(\d+)", spec):
        return open_camera(int(m.group(1)), *size, stall_s=stall_s)
    if spec == "picamera":
        return open_picamera(*size, stall_s=stall_s)
    path = Path(spec)
    if path.is_dir():
        return ImageFolderSource(path)
    if path.is_file():
        return VideoFileSource(path)
    raise SourceError(f"{spec}: not a camera (camera:N, picamera), a video file or an image folder")
