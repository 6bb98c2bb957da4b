"""What people said (`run --said`): the file read and checked line by line, and its events handed to the
pipeline as the camera's clock reaches them."""

import json

import cv2
import numpy as np
import pytest

from pelituomari.cli import main
from pelituomari.commands.run import sample_paths, sample_said
from pelituomari.said import SaidError, SaidFeed, read_said
from pelituomari.store import EventStore
from referee.events import Declared, Source
from vision.capture import Frame


def _file(tmp_path, *lines) -> str:
    path = tmp_path / "said.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def _declared(t, by, what, value=None) -> str:
    event = {"v": 1, "type": "declared", "t": t, "source": "manual", "by": by, "what": what}
    return json.dumps(event if value is None else {**event, "value": value})


def test_the_skruuvi_sample_holds_its_fourteen_calls_in_the_order_said():
    said = read_said(sample_said("skruuvi"), 4)
    assert [(e.t, e.by, e.what, e.value) for e in said[:3]] == [(0.6, 1, "bid", "5h"), (1.0, 2, "pass", None),
                                                                (1.4, 3, "pass", None)]
    assert len(said) == 14 and [e.what for e in said].count("pass") == 12 and said[-1].what == "double"
    assert sample_said("gin") is None


def test_blank_lines_and_comments_are_passed_over_and_lines_counted(tmp_path):
    path = _file(tmp_path, "# the first deal", "", _declared(0.5, 1, "bid", "5h"), _declared(0.5, 2, "pass"))
    assert [(e.t, e.by, e.what) for e in read_said(path, 4)] == [(0.5, 1, "bid"), (0.5, 2, "pass")]


@pytest.mark.parametrize("bad, why", [
    ("{\"v\": 1, \"type\": \"declared\", \"t\": 1.0", "line 3: not valid JSON: Expecting ',' delimiter at column 38"),
    (_declared(-1.0, 2, "pass"), "line 3: field 't': must be a finite time >= 0 seconds, got -1.0"),
    (_declared(1.0, 2, "Pass"), "line 3: field 'what': must be a lower-case word, got 'Pass'"),
    (json.dumps({"v": 1, "type": "declared", "t": 1.0, "by": 2}), "line 3: field 'what': missing (required by 'declared')"),
    (json.dumps({"v": 1, "type": "card_moved", "t": 1.0, "source": "camera", "card": "Td", "from_zone": "hand0",
                 "to_zone": "trick"}),
     "line 3: field 'type': a said file holds what people say (declared events), not 'card_moved'"),
    (_declared(1.0, 4, "pass"), "line 3: field 'by': seat 4, but the game has 4 players (seats 0-3)"),
    (_declared(0.4, 2, "pass"), "line 3: field 't': 0.4 s is before line 2's 0.6 s: write what was said in the "
                                "order it was said"),
])
def test_a_bad_line_is_refused_naming_its_line_and_field(tmp_path, bad, why):
    path = _file(tmp_path, "# first deal", _declared(0.6, 1, "bid", "5h"), bad)
    with pytest.raises(SaidError) as refused:
        read_said(path, 4)
    assert str(refused.value).startswith(f"{path}: {why}")


def test_a_file_that_cannot_be_read_is_named(tmp_path):
    with pytest.raises(SaidError, match=r"nowhere.jsonl: No such file or directory$"):
        read_said(tmp_path / "nowhere.jsonl", 4)


class Frames:
    """Frames every 0.5 s from a camera whose clock stood at 100 s when it began."""

    def __init__(self, count):
        self.frames = [Frame(None, 100.0 + 0.5 * i, i) for i in range(count)]

    def read(self):
        return self.frames.pop(0) if self.frames else None


def test_each_said_event_is_handed_in_with_the_first_frame_at_its_time_dated_on_the_games_clock():
    """Times count from the first frame (100 s on the camera's clock); the pipeline's offset (a resumed game's
    clock) is added as to the frames' events."""
    said = [Declared(t=t, source=Source.MANUAL, by=0, what=what) for t, what in
            ((0.0, "bid"), (0.7, "pass"), (1.0, "pass"), (9.0, "double"))]
    handed = []
    feed = SaidFeed(Frames(3), said, lambda e: handed.append((e.t, e.what)), t_offset=20.0)
    with_each = []
    while (frame := feed.read()) is not None:
        with_each.append((frame.t, list(handed)))
        handed.clear()
    assert with_each == [(100.0, [(120.0, "bid")]), (100.5, []), (101.0, [(120.7, "pass"), (121.0, "pass")])]
    assert handed == [(129.0, "double")]   # said after the last frame: handed in as the source ends


def test_run_refuses_a_bad_said_file_before_storing_a_game(tmp_path, capsys):
    db = tmp_path / "g.db"
    path = _file(tmp_path, _declared(0.6, 1, "bid", "5h"), _declared(1.0, 7, "pass"))
    assert main(["run", "--game", "skruuvi", "--db", str(db), "--said", path]) == 2
    assert capsys.readouterr().err == (f"pelituomari run: --said {path}: line 2: field 'by': seat 7, but the game "
                                       f"has 4 players (seats 0-3)\n")
    assert not db.exists()


def test_run_referees_what_was_said_in_turn_with_the_frames(tmp_path, capsys):
    """An empty table for half a second, and a bid and a pass said meanwhile, another pass after the last
    frame: each stored at its time and ruled on as it comes."""
    _, calibration, _ = sample_paths("skruuvi")
    frames, db = tmp_path / "frames", tmp_path / "g.db"
    frames.mkdir()
    for i in range(5):   # 0.0-0.4 s at the folder's 10 frames a second
        cv2.imwrite(str(frames / f"{i:03d}.png"), np.full((720, 1280, 3), 90, np.uint8))
    path = _file(tmp_path, _declared(0.1, 1, "bid", "5h"), _declared(0.25, 2, "pass"), _declared(3.0, 3, "pass"))
    assert main(["run", "--game", "skruuvi", "--source", str(frames), "--calibration", str(calibration),
                 "--players", "Aino,Eero,Sanni,Ville", "--said", path, "--db", str(db), "--language", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    with EventStore(db) as store:
        stored = store.events(1)
    assert [(e.t, e.type, e.by, e.what) for e in stored[1:]] == [(0.1, "declared", 1, "bid"),
                                                                 (0.25, "declared", 2, "pass"),
                                                                 (3.0, "declared", 3, "pass")]
    assert [line for line in out if line.startswith("[")] == [
        "[   0.10s] deal_unseen: 52 cards were dealt unseen: the deal counts as complete."]
    assert out[-1].startswith("5 frames in ") and out[-1].endswith("; 3 events stored (game 1 in "
                                                                    f"{db}); 1 rulings")
