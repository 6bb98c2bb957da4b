"""`pelituomari run` and `pelituomari calibrate` from the command line."""

import json

import cv2
import numpy as np

from calibration.table import TableCalibration
from pelituomari.cli import main
from pelituomari.commands.run import sample_paths
from pelituomari.game import referee_for
from pelituomari.store import EventStore
from referee.events import read_jsonl
from tests.vision.fake_camera import FakeVideoCapture, SizeIgnoringCapture
from vision.colour import OverExposed


def test_run_with_no_source_referees_the_sample_video_and_stores_every_event(tmp_path, capsys):
    db, annotated = tmp_path / "games.db", tmp_path / "annotated.mp4"
    assert main(["run", "--game", "kimble", "--db", str(db), "--language", "en", "--annotate", str(annotated)]) == 0
    out = capsys.readouterr().out.splitlines()
    video, _, truth = sample_paths("kimble")
    start = read_jsonl(truth.read_text(encoding="utf-8").splitlines())[0]
    with EventStore(db) as store:
        stored = store.events(store.latest_game().id)
    # what was printed is what the referee rules on the stored log (the sample's accuracy is
    # test_pipeline_e2e's business)
    assert stored[0] == start and len(stored) > 1 and {e.type for e in stored[1:]} == {"die_settled"}
    printed = [line.split("] ", 1)[1] for line in out if line.startswith("[")]
    assert printed == [f"{r.kind}: {r.en}" for r in referee_for(stored, "en").rulings]
    assert out[-1].startswith(f"190 frames in ") and f"{len(stored) - 1} events stored" in out[-1]
    frames_in = int(cv2.VideoCapture(str(video)).get(cv2.CAP_PROP_FRAME_COUNT))
    assert int(cv2.VideoCapture(str(annotated)).get(cv2.CAP_PROP_FRAME_COUNT)) == frames_in


def test_run_resume_carries_on_with_the_stored_game_and_its_clock(tmp_path, capsys):
    db = str(tmp_path / "games.db")
    assert main(["run", "--game", "kimble", "--db", db, "--language", "en"]) == 0
    with EventStore(db) as store:
        first = store.events(1)
    capsys.readouterr()
    assert main(["run", "--game", "kimble", "--db", db, "--language", "en", "--resume"]) == 0
    out = capsys.readouterr().out
    assert f"game 1 in {db}" in out and f"resumed: {len(first)} stored events" in out
    with EventStore(db) as store:
        assert [g.id for g in store.games()] == [1]
        stored = store.events(1)
    again = stored[len(first):]  # the sample's pops seen a second time, dated after the first ones
    assert stored[:len(first)] == first and len(again) == len(first) - 1
    assert min(e.t for e in again) > first[-1].t + 1.0


def test_run_keeps_camera_frames_for_labelling_named_by_game_and_clock(tmp_path, capsys):
    db, frames = str(tmp_path / "games.db"), tmp_path / "frames"
    for _ in range(2):
        assert main(["run", "--game", "kimble", "--db", db, "--language", "en", "--keep-frames", str(frames)]) == 0
    out = capsys.readouterr().out.splitlines()
    # the sample video is 190 frames at 15 a second: its first frame and the one at 10 s, game by game
    assert sorted(p.name for p in frames.iterdir()) == [
        "game1_00000.00s_sample.jpg", "game1_00010.00s_sample.jpg", "game2_00000.00s_sample.jpg",
        "game2_00010.00s_sample.jpg"]
    assert [line for line in out if line.startswith("kept ")] == 2 * [
        f"kept 2 frames in {frames} (2 an even sample, 0 with a card or die left unread); label them: pelituomari "
        f"detect {frames}/*.jpg --json --draw {frames}/drawn > {frames}/labels.jsonl, then correct the file "
        f"(models/MODEL_CARD.md, \"Real card photographs\")"]
    video = cv2.VideoCapture(str(sample_paths("kimble")[0]))
    video.set(cv2.CAP_PROP_POS_FRAMES, 150)
    at_10s = video.read()[1]
    kept = cv2.imread(str(frames / "game2_00010.00s_sample.jpg"))
    assert kept.shape == (720, 1280, 3) and np.abs(kept.astype(int) - at_10s).mean() < 2


def test_run_refuses_a_file_for_the_kept_frames_folder_before_storing_a_game(tmp_path, capsys):
    (tmp_path / "frames").write_text("not a folder")
    assert main(["run", "--game", "kimble", "--db", str(tmp_path / "g.db"), "--keep-frames", str(tmp_path / "frames")]) == 2
    assert capsys.readouterr().err == f"pelituomari run: --keep-frames {tmp_path / 'frames'}: a file, not a folder\n"
    assert not (tmp_path / "g.db").exists()


def test_run_resume_names_what_it_cannot_carry_on(tmp_path, capsys):
    db = str(tmp_path / "games.db")
    assert main(["run", "--game", "kimble", "--db", db, "--resume"]) == 2
    assert capsys.readouterr().err == f"pelituomari run: --resume: {db}: no event store there (play and run make one)\n"
    assert not (tmp_path / "games.db").exists()
    EventStore(db).close()
    assert main(["run", "--game", "kimble", "--db", db, "--resume"]) == 2
    assert f"--resume: {db} holds no game to carry on" in capsys.readouterr().err
    with EventStore(db) as store:
        store.new_game(read_jsonl(sample_paths("kimble")[2].read_text(encoding="utf-8").splitlines())[0])
    assert main(["run", "--db", db, "--resume"]) == 2
    assert f"--resume: game 1 in {db} is kimble, not kiketti (add --game kimble)" in capsys.readouterr().err
    assert main(["run", "--game", "kimble", "--db", db, "--resume", "7"]) == 2
    assert f"--resume: no game 7 in {db}" in capsys.readouterr().err
    assert main(["run", "--game", "kimble", "--db", db, "--resume", "first"]) == 2
    assert "--resume: a game id is a number, got 'first'" in capsys.readouterr().err
    assert main(["run", "--game", "kimble", "--db", db, "--resume", "--players", "A,B"]) == 2
    assert "--players: a resumed game keeps the players it was started with" in capsys.readouterr().err


def test_run_names_what_is_missing(tmp_path, capsys):
    assert main(["run", "--source", str(tmp_path / "nowhere.mp4"), "--calibration", str(tmp_path / "c.json"),
                 "--db", str(tmp_path / "g.db")]) == 2
    err = capsys.readouterr().err
    assert "c.json: no such calibration file (make one with: pelituomari calibrate --source ...)" in err
    _, calibration, _ = sample_paths("kiketti")
    assert main(["run", "--source", str(tmp_path / "nowhere.mp4"), "--calibration", str(calibration),
                 "--db", str(tmp_path / "g.db")]) == 2
    assert "nowhere.mp4: not a camera (camera:N, picamera), a video file or an image folder" in capsys.readouterr().err


def test_run_names_players_it_cannot_seat(tmp_path, capsys):
    for players, why in ((",,", "no names; give them separated by commas, e.g. Aino,Ville"),
                         ("Aino, Aino", "names must differ, got ['Aino', 'Aino']")):
        assert main(["run", "--players", players, "--db", str(tmp_path / "g.db")]) == 2
        assert capsys.readouterr().err == f"pelituomari run: --players {players!r}: {why}\n"
    assert not (tmp_path / "g.db").exists()


def test_run_refuses_a_start_it_cannot_go_through_with_before_storing_a_game(tmp_path, capsys):
    """Every refusal comes before the game is stored: the store is not even made."""
    db = tmp_path / "g.db"
    _, kiketti_calibration, _ = sample_paths("kiketti")
    for options, why in (
            (["--stall", "0"], "--stall must be seconds above 0, got 0"),
            (["--buttons", "0:17,2:22"], "--buttons: '2:22': no seat 2; the 2 players' seats are 0-1"),
            (["--annotate", str(tmp_path)],
             f"--annotate {tmp_path}: a folder; give a file name in it, e.g. {tmp_path / 'game.mp4'}"),
            (["--game", "kimble", "--calibration", str(kiketti_calibration)],
             f"{kiketti_calibration}: the calibration has no zone(s) ['dome'] that kimble needs; "
             f"zones: stock, pile, seat0, hand0, seat1, hand1")):
        assert main(["run", "--db", str(db), *options]) == 2
        assert capsys.readouterr().err == f"pelituomari run: {why}\n"
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "000.png"), np.full((360, 640, 3), 90, np.uint8))
    assert main(["run", "--db", str(db), "--source", str(frames), "--calibration", str(kiketti_calibration)]) == 2
    assert capsys.readouterr().err == (
        f"pelituomari run: {frames}: its frames are 640x360 pixels, but the calibration was made on 1280x720 ones, so "
        f"its zones would lie elsewhere in them: set the camera to 1280x720, or calibrate again from this source "
        f"(pelituomari calibrate --source ...)\n")
    assert not db.exists()


def test_run_refuses_a_camera_giving_another_size_than_calibrated_before_storing_a_game(tmp_path, capsys,
                                                                                      monkeypatch):
    monkeypatch.setattr(cv2, "VideoCapture", SizeIgnoringCapture)
    _, calibration, _ = sample_paths("kiketti")
    db = tmp_path / "g.db"
    assert main(["run", "--db", str(db), "--source", "camera:0", "--calibration", str(calibration),
                 "--buttons", "off"]) == 2
    assert capsys.readouterr().err == (
        "pelituomari run: camera:0: its frames are 640x480 pixels, but the calibration was made on 1280x720 ones, so "
        "its zones would lie elsewhere in them: set the camera to 1280x720, or calibrate again from this source "
        "(pelituomari calibrate --source ...)\n")
    assert not db.exists()


def test_run_passes_over_an_unreadable_image_of_a_folder_and_says_so(tmp_path, capsys):
    _, calibration, _ = sample_paths("kiketti")
    frames = tmp_path / "frames"
    frames.mkdir()
    for name in ("000.png", "002.png"):
        cv2.imwrite(str(frames / name), np.full((720, 1280, 3), 90, np.uint8))
    (frames / "001.jpg").write_bytes(b"\xff\xd8\xff cut short")
    assert main(["run", "--db", str(tmp_path / "g.db"), "--source", str(frames), "--calibration", str(calibration)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1].startswith("2 frames in ")
    assert err == f"passed over {frames / '001.jpg'}: not a readable image\n"


def test_calibrate_refuses_what_it_cannot_write_before_writing_anything(tmp_path, capsys):
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), np.full((720, 1280, 3), 90, np.uint8))
    corners = ["--corners", "100,50 1180,50 1180,670 100,670"]
    folder = tmp_path / "out"
    folder.mkdir()
    for options, why in (
            (["--out", str(folder)], f"--out {folder}: a folder; give a file name in it, e.g. {folder / 'calibration.json'}"),
            (["--out", str(tmp_path / "no" / "c.json")], f"--out {tmp_path / 'no' / 'c.json'}: no such folder {tmp_path / 'no'}"),
            (["--overlay", str(tmp_path / "c.json")], f"--overlay {tmp_path / 'c.json'}: not an image file name; end it in .png or .jpg"),
            (["--marker-mm", "-2"], "--marker-mm must be a size in mm above 0, got -2"),
            (["--table-mm", "1.2.3x4"], "--table-mm must look like 900x560, got '1.2.3x4'"),
            (["--chessboard", str(folder), "--pattern", "9.5x6"],
             "--pattern counts inner corners, whole numbers of at least 2, e.g. 9x6, got '9.5x6'"),
            (["--chessboard", str(folder), "--square-mm", "nan"], "--square-mm must be a size in mm above 0, got nan")):
        assert main(["calibrate", "--source", str(image), *corners, "--out", str(tmp_path / "c.json"), *options]) == 2
        assert capsys.readouterr().err == f"pelituomari calibrate: {why}\n"
    assert main(["calibrate", "--marker-sheet", str(folder)]) == 2
    assert capsys.readouterr().err == (f"pelituomari calibrate: --marker-sheet {folder}: a folder; give a file name "
                                       f"in it, e.g. {folder / 'markers.png'}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "table.png"] and not any(folder.iterdir())


def test_calibrate_finds_the_sample_table_and_draws_its_zones(tmp_path, capsys):
    video, shipped, _ = sample_paths("kiketti")
    out = tmp_path / "cal.json"
    assert main(["calibrate", "--source", str(video), "--seats", "2", "--out", str(out)]) == 0
    assert "calibration written to" in capsys.readouterr().out
    made, known = TableCalibration.load(out), TableCalibration.load(shipped)
    assert made.zones == known.zones
    corners = np.array([[0, 0], [900, 0], [900, 560], [0, 560]], float)
    assert np.abs(made.to_pixels(corners) - known.to_pixels(corners)).max() < 0.5
    overlay = cv2.imread(str(tmp_path / "cal.png"))
    assert overlay.shape == (720, 1280, 3)
    assert json.loads(out.read_text())["format"] == "pelituomari-calibration"


def test_calibrate_from_corners_and_the_marker_sheet(tmp_path, capsys):
    image = np.full((720, 1280, 3), 90, np.uint8)
    cv2.imwrite(str(tmp_path / "table.png"), image)
    assert main(["calibrate", "--source", str(tmp_path / "table.png"), "--game", "kimble", "--corners",
                 "100,50 1180,50 1180,670 100,670", "--out", str(tmp_path / "k.json")]) == 0
    cal = TableCalibration.load(tmp_path / "k.json")
    assert cal.method == "corners" and list(cal.zones) == ["dome", "board"]
    assert np.abs(cal.to_pixels([[320, 200]])[0] - [640, 360]).max() < 1e-6
    assert main(["calibrate", "--source", str(tmp_path / "table.png"), "--out", str(tmp_path / "m.json")]) == 2
    assert "corner marker(s) [0, 1, 2, 3] not found in the image (seen: none)" in capsys.readouterr().err
    assert main(["calibrate", "--marker-sheet", str(tmp_path / "sheet.png")]) == 0
    assert cv2.imread(str(tmp_path / "sheet.png")) is not None


def test_calibrate_asks_a_camera_for_the_size_given_and_run_for_the_calibrated_one(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cv2, "VideoCapture", FakeVideoCapture)     # three frames of the size asked for, then none
    monkeypatch.setattr(FakeVideoCapture, "opened", [])
    out = tmp_path / "cal.json"
    assert main(["calibrate", "--source", "camera:0", "--size", "640x360", "--game", "kimble",
                 "--corners", "50,25 590,25 590,335 50,335", "--out", str(out)]) == 0
    assert capsys.readouterr().out == (f"calibration written to {out} (corners, 2 zones, 640x360 frames); "
                                       f"check the zones in {tmp_path / 'cal.png'}\n")
    assert TableCalibration.load(out).image_size == (640, 360)
    assert main(["run", "--game", "kimble", "--source", "camera:0", "--calibration", str(out), "--buttons", "off",
                 "--db", str(tmp_path / "g.db")]) == 1
    assert "the frame source failed: camera:0 stopped: the camera returned no image" in capsys.readouterr().err
    assert FakeVideoCapture.opened == [(0, 640, 360), (0, 640, 360)]
    for size in ("0x720", "12.5x7", "big"):
        assert main(["calibrate", "--source", "camera:0", "--size", size]) == 2
    assert capsys.readouterr().err.splitlines()[-3:] == [
        "pelituomari calibrate: --size must be whole pixels, at least 1, e.g. 1280x720, got '0x720'",
        "pelituomari calibrate: --size must be whole pixels, at least 1, e.g. 1280x720, got '12.5x7'",
        "pelituomari calibrate: --size must look like 1280x720, got 'big'",
    ]


def test_run_says_when_the_camera_shows_the_dome_over_exposed(tmp_path, capsys):
    """The Kimble sample's first 20 frames 1.7 times over-exposed (its white board and die clip to one
    white): the player is told which region and what to do, once."""
    video, calibration, _ = sample_paths("kimble")
    frames = tmp_path / "frames"
    frames.mkdir()
    capture = cv2.VideoCapture(str(video))
    for n in range(20):
        image = capture.read()[1]
        cv2.imwrite(str(frames / f"{n:03d}.png"), np.clip(image * 1.7, 0, 255).astype(np.uint8))
    capture.release()
    for language, prefix in (("fi", "kamera: "), ("en", "camera: ")):
        assert main(["run", "--game", "kimble", "--source", str(frames), "--calibration", str(calibration),
                     "--db", str(tmp_path / f"games_{language}.db"), "--buttons", "off", "--language", language]) == 0
        told = [line for line in capsys.readouterr().err.splitlines() if line.startswith(prefix)]
        assert told == [OverExposed("dome", 0.93).message(language)]


def test_run_int8_without_the_int8_copies_says_how_to_make_them(tmp_path, capsys):
    import shutil

    from vision.detector import DEFAULT_WEIGHTS

    weights = tmp_path / "weights"
    weights.mkdir()
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, weights / f.name)
    assert main(["run", "--int8", "--weights", str(weights), "--db", str(tmp_path / "g.db")]) == 2
    assert (f"int8 copies not found: {weights / 'detector_live_int8.onnx'}, {weights / 'card_classifier_int8.onnx'}, "
            f"{weights / 'die_classifier_int8.onnx'}, {weights / 'side_classifier_int8.onnx'}, "
            f"{weights / 'corner_classifier_int8.onnx'}; make them from the float files "
            f"with: python3 -m models.quantize --weights {weights}") in capsys.readouterr().err


def test_run_with_a_live_detector_of_any_size_that_does_not_record_its_size_says_so(unsized_live_weights, tmp_path,
                                                                                    capsys):
    from vision.detector import LIVE_DETECTOR_FILE

    weights = unsized_live_weights
    assert main(["run", "--weights", str(weights), "--db", str(tmp_path / "g.db")]) == 2
    assert (f"{weights / LIVE_DETECTOR_FILE}: takes inputs of any size but does not record the size and stride "
            f"it was trained at") in capsys.readouterr().err
