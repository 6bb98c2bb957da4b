"""Frames kept for labelling (`pelituomari run --keep-frames`): which, named how, and never at the game's cost."""

import errno
import shutil
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from pelituomari.frame_keeper import FrameKeeper
from pelituomari.game import referee_for
from pelituomari.pipeline import Pipeline
from vision.capture import Frame
from vision.tracking import Seen
from tests.pelituomari.test_pipeline import RED, START, ColourDetector, ZONES, _calibration, _frame

BACK, READ = Seen("card_back", 10, 10), Seen("card", 80, 10, card="Td")
UNREAD_CARD, UNREAD_DIE = Seen("card", 150, 10), Seen("die", 220, 10)


def _image(t: float) -> np.ndarray:
    """A flat frame whose grey level tells which time it was seen at."""
    return np.full((72, 128, 3), int(t * 10) % 256, np.uint8)


def _shown(keeper: FrameKeeper, seen_at: dict[float, list[Seen]], times) -> list[str]:
    for t in times:
        keeper.look(_image(t), t, seen_at.get(t, [BACK, READ]))
    return [p.name for p in keeper.kept]


def test_keeps_an_even_sample_and_each_unread_card_or_die_at_most_every_gap(tmp_path):
    keeper = FrameKeeper(tmp_path / "frames")
    seen_at = {3.0: [UNREAD_CARD], 4.0: [READ, UNREAD_DIE], 5.0: [UNREAD_DIE], 6.0: [UNREAD_CARD], 10.0: [UNREAD_CARD]}
    assert _shown(keeper, seen_at, [float(t) for t in range(25)]) == [
        "frame_00000.00s_sample.jpg", "frame_00003.00s_unread.jpg", "frame_00005.00s_unread.jpg",
        "frame_00010.00s_sample-unread.jpg", "frame_00020.00s_sample.jpg"]
    assert keeper.counts == {"sample": 3, "unread": 3}
    for path, t in zip(keeper.kept, (0, 3, 5, 10, 20)):
        picture = cv2.imread(str(path))
        assert picture.shape == (72, 128, 3) and abs(picture.mean() - t * 10) < 1
    assert keeper.summary().startswith(f"kept 5 frames in {tmp_path / 'frames'} (3 an even sample, 3 with a card or "
                                       f"die left unread); label them: pelituomari detect {tmp_path / 'frames'}/*.jpg")


def test_an_earlier_frame_is_never_overwritten_and_the_limit_holds(tmp_path):
    (tmp_path / "frame_00000.00s_sample.jpg").write_bytes(b"an earlier run's")
    keeper = FrameKeeper(tmp_path, limit=2)
    assert _shown(keeper, {}, [0.0, 1.0, 5.0, 11.0, 21.0, 31.0]) == [
        "frame_00001.00s_sample.jpg", "frame_00011.00s_sample.jpg"]
    assert (tmp_path / "frame_00000.00s_sample.jpg").read_bytes() == b"an earlier run's"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "frame_00000.00s_sample.jpg", "frame_00001.00s_sample.jpg", "frame_00011.00s_sample.jpg"]
    assert keeper.summary().endswith("; stopped at the limit of 2")


def test_a_frame_that_cannot_be_written_stops_the_keeping(tmp_path):
    folder = tmp_path / "frames"
    keeper = FrameKeeper(folder)
    keeper.look(_image(0), 0.0, [])
    shutil.rmtree(folder)   # a card pulled out, say
    assert keeper.look(_image(10), 10.0, []) is None
    folder.mkdir()
    assert keeper.look(_image(20), 20.0, [UNREAD_CARD]) is None and list(folder.iterdir()) == []
    assert [p.name for p in keeper.kept] == ["frame_00000.00s_sample.jpg"]
    assert keeper.error == f"{folder / 'frame_00010.00s_sample.jpg'}: No such file or directory"
    assert keeper.summary().endswith(f"; stopped: {keeper.error}")


class FullCard:
    """A file on a card that fills up a hundred bytes in."""

    def __init__(self, file):
        self.file = file

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.file.close()

    def write(self, data):
        self.file.write(data[:100])
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_frame_half_written_to_a_full_card_is_taken_away(tmp_path, monkeypatch):
    real_open = Path.open
    monkeypatch.setattr(Path, "open", lambda self, mode="r", *a, **k: FullCard(real_open(self, mode, *a, **k))
                        if self.suffix == ".jpg" else real_open(self, mode, *a, **k))
    keeper = FrameKeeper(tmp_path)
    assert keeper.look(_image(0), 0.0, []) is None and list(tmp_path.iterdir()) == []
    assert keeper.error == f"{tmp_path / 'frame_00000.00s_sample.jpg'}: No space left on device"


def test_a_file_is_not_taken_for_the_folder(tmp_path):
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(NotADirectoryError) as caught:
        FrameKeeper(tmp_path / "notes.txt")
    assert caught.value.strerror == "a file, not a folder" and caught.value.filename == str(tmp_path / "notes.txt")


class UnreadRed(ColourDetector):
    """The test pipeline's colour finder, reading no red card."""

    def detect(self, image, where=None):
        return [replace(box, card=None) for box in super().detect(image, where)]


def test_the_pipeline_keeps_the_whole_camera_frame_on_the_game_clock_and_goes_on_when_keeping_stops(tmp_path):
    cal, H = _calibration()
    seat1 = ZONES["seat1"].centre
    images = [_frame(H, [(RED, *seat1)] if n >= 10 else []) for n in range(31)]
    keeper = FrameKeeper(tmp_path / "frames")
    pipeline = Pipeline(cal, UnreadRed(), referee_for([START]), "kiketti", t_offset=5.0, keeper=keeper)
    for n, image in enumerate(images):
        pipeline.process(Frame(image, n / 10, n))
    assert [p.name for p in keeper.kept] == [
        "frame_00005.00s_sample.jpg", "frame_00006.00s_unread.jpg", "frame_00008.00s_unread.jpg"]
    assert cv2.imread(str(keeper.kept[1])).shape == images[10].shape

    shutil.rmtree(tmp_path / "frames")
    again = Pipeline(cal, UnreadRed(), referee_for([START]), "kiketti", t_offset=5.0,
                     keeper=FrameKeeper(tmp_path / "gone"))
    shutil.rmtree(tmp_path / "gone")
    for n, image in enumerate(images):
        again.process(Frame(image, n / 10, n))
    assert again.keeper.kept == [] and again.keeper.error is not None
    assert again.result.frames == 31 and again.result.events == pipeline.result.events
