"""The live pipeline's annotated video: what it draws over each frame."""

import cv2
import numpy as np
import pytest

from calibration.table import TableCalibration
from pelituomari.commands.run import sample_paths
from vision.annotate import NOTICE_BANNER, NOTICE_LINE_PX, VideoAnnotator, _ascii, _wrapped
from vision.capture import Frame
from vision.colour import OverExposed, TooDark


def _width(text: str) -> int:
    return cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.6, 1)[0][0]


def test_a_long_message_is_broken_at_spaces_into_lines_as_full_as_the_width_allows():
    text = _ascii(OverExposed("dome", 0.934).message("fi"))
    lines = _wrapped(text, 400)
    assert " ".join(lines) == text and len(lines) == 3
    assert all(_width(line) <= 400 for line in lines)
    assert all(_width(f"{line} {after.split()[0]}") > 400 for line, after in zip(lines, lines[1:]))
    assert _wrapped("ylivalottunut", 10) == ["ylivalottunut"]   # a word wider than the line stands alone


def _annotator(tmp_path):
    _, calibration, _ = sample_paths("kimble")
    return VideoAnnotator(tmp_path / "a.mp4", TableCalibration.load(calibration), 15.0, "en")


def test_the_camera_notices_still_standing_are_shown_in_a_red_banner_at_the_top(tmp_path):
    annotator = _annotator(tmp_path)
    frame = Frame(np.full((720, 1280, 3), 90, np.uint8), 1.0, 15)
    notices = [OverExposed("dome", 0.934), TooDark(74.6)]
    lines = sum(len(_wrapped(_ascii(n.message("en")), 1280 - 16)) for n in notices)
    drawn = annotator.draw(frame, [], [], notices)
    banner = NOTICE_LINE_PX * lines + 10
    assert lines == 2   # each fits one line of a 1280 px frame
    assert (drawn[banner - 1, 1279] == NOTICE_BANNER).all() and (drawn[banner + 1, 1279] == 90).all()
    plain = annotator.draw(frame, [], [])
    assert (plain[:banner, 1279] == 90).all()


def test_an_annotated_video_that_cannot_be_written_is_refused_when_made(tmp_path):
    _, calibration, _ = sample_paths("kimble")
    for path, why in ((tmp_path, f"{tmp_path}: a folder; give a file name in it, e.g. {tmp_path / 'game.mp4'}"),
                      (tmp_path / "no" / "a.mp4", f"{tmp_path / 'no' / 'a.mp4'}: no such folder {tmp_path / 'no'}")):
        with pytest.raises(OSError) as e:
            VideoAnnotator(path, TableCalibration.load(calibration), 15.0)
        assert str(e.value) == why
    assert list(tmp_path.iterdir()) == []


def test_an_annotated_video_never_replaces_a_file(tmp_path):
    _, calibration, _ = sample_paths("kimble")
    old = tmp_path / "game.mp4"
    old.write_bytes(b"last week's game")
    with pytest.raises(OSError) as e:
        VideoAnnotator(old, TableCalibration.load(calibration), 15.0)
    assert str(e.value) == f"{old}: already there; name a new file (a video is never overwritten)"
    assert old.read_bytes() == b"last week's game"
