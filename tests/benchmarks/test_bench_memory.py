"""benchmarks/bench_memory.py: a command's peak memory read from the kernel, and the commands it measures."""

import sys
from pathlib import Path

import cv2
import pytest

from benchmarks.bench_memory import (CLI, ROOT, MeasurementFailed, commands, looped_run, looped_video, main,
                                     peak_rss_mib, sample_images)

HOLD_200_MIB = "data = bytes(range(256)) * (200 * 4096)"  # 200 MiB written, so every page is in RAM


def test_peak_memory_is_what_the_command_held_at_most():
    bare = peak_rss_mib([sys.executable, "-c", "pass"])
    holding = peak_rss_mib([sys.executable, "-c", HOLD_200_MIB])
    assert bare < 30, bare  # a bare Python, not the test process it was started from
    assert 190 <= holding - bare <= 210, (bare, holding)


def test_a_failing_command_names_itself_and_its_error():
    with pytest.raises(MeasurementFailed) as failed:
        peak_rss_mib([sys.executable, "-c", "import sys; sys.exit('no camera at /dev/video9')"])
    message = str(failed.value)
    assert "exited with 1" in message
    assert message.rstrip().endswith("no camera at /dev/video9")


def test_the_sample_frame_and_its_12_megapixel_photo(tmp_path):
    frame, photo = sample_images(tmp_path)
    assert cv2.imread(str(frame)).shape == (720, 1280, 3)
    assert cv2.imread(str(photo)).shape == (3024, 4032, 3)


def test_each_command_is_run_as_a_user_runs_it_with_float_or_int8_models():
    cli = [sys.executable, "-m", "pelituomari"]
    assert list(CLI) == cli
    frame, photo, db = Path("f.png"), Path("p.jpg"), Path("g.db")
    assert commands(frame, photo, db, int8=False) == {
        "detect_frame_1280x720": [*cli, "detect", "f.png", "--json"],
        "detect_photo_12mp": [*cli, "detect", "p.jpg", "--json"],
        "run_kiketti_sample": [*cli, "run", "--db", "g.db"],
        "run_kimble_sample": [*cli, "run", "--game", "kimble", "--db", "g.db"],
    }
    assert all(argv[-1] == "--int8" for argv in commands(frame, photo, db, int8=True).values())


def test_the_sample_played_over_is_one_video_of_every_frame_again(tmp_path):
    looped = looped_video(tmp_path, 2)
    video = cv2.VideoCapture(str(looped))
    assert int(video.get(cv2.CAP_PROP_FRAME_COUNT)) == 2 * 486
    assert video.get(cv2.CAP_PROP_FPS) == 15.0
    video.release()
    assert looped_run(looped, tmp_path / "g.db") == [
        sys.executable, "-m", "pelituomari", "run", "--source", str(looped),
        "--calibration", str(ROOT / "pelituomari" / "samples" / "kiketti_table.calibration.json"),
        "--db", str(tmp_path / "g.db")]


def test_playing_the_sample_once_is_refused(capsys):
    with pytest.raises(SystemExit) as refused:
        main(["--loops", "1", "--out", "unused.json"])
    assert refused.value.code == 2
    assert "--loops 1: play the sample at least twice over" in capsys.readouterr().err
