import io
import json
import sqlite3

import tests.referee.tally_engine  # noqa: F401  (registers 'tally')
from pelituomari.cli import main
from pelituomari.store import EventStore
from referee.events import CardMoved, Declared, GameStarted, write_jsonl

START = GameStarted(t=0, game="tally", players=("A", "B"), settings={"limit": 1})


def slap(t, by):
    return CardMoved(t=t, from_zone=f"seat{by}", to_zone="pile", by=by)


def run_cli(args, stdin="", monkeypatch=None, capsys=None):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_stores_every_event_and_prints_rulings(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    log = write_jsonl([START, slap(1, 0), slap(2, 0), Declared(t=3, by=1, what="stop")])
    code, out, err = run_cli(["play", "--db", str(db), "--language", "en"], log, monkeypatch, capsys)
    assert code == 0
    assert out.splitlines() == ["[counted] Counted", "[impossible] too many", "[stopped] Stop", "1 0"]
    assert "game 1 (tally) stored in" in err
    with EventStore(db) as store:
        assert len(store.events(1)) == 4


def test_resume_rebuilds_the_state_and_carries_on(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    run_cli(["play", "--db", str(db)], write_jsonl([START, slap(1, 0)]), monkeypatch, capsys)
    code, out, err = run_cli(["resume", "--db", str(db), "--language", "en"], write_jsonl([slap(2, 1)]),
                             monkeypatch, capsys)
    assert code == 0
    assert out.splitlines() == ["1 0", "[counted] Counted", "1 1"]
    assert "resumed game 1 (tally): 2 events, 1 rulings so far" in err


def test_a_bad_line_is_reported_by_number_and_the_rest_still_counts(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    lines = write_jsonl([START, slap(1, 0)]) + '{"type":"card_moved","t":2}\n' + write_jsonl([slap(3, 1)])
    code, out, err = run_cli(["play", "--db", str(db), "--language", "en"], lines, monkeypatch, capsys)
    assert code == 1
    assert "rejected: line 3: field 'from_zone': missing (required by 'card_moved')" in err
    assert out.splitlines()[-1] == "1 1"


def test_play_needs_a_game_start(tmp_path, monkeypatch, capsys):
    code, out, err = run_cli(["play", "--db", str(tmp_path / "g.db")], write_jsonl([slap(1, 0)]), monkeypatch, capsys)
    assert code == 2
    assert "line 1: a game begins with a 'game_started' event, got 'card_moved'" in err


def test_play_of_a_file_that_is_not_text_says_so_and_stores_nothing(tmp_path, monkeypatch, capsys):
    log = tmp_path / "game.jsonl"
    log.write_bytes(b"\xff\xfe" + write_jsonl([START]).encode("utf-16-le"))   # saved as UTF-16 by an editor
    code, out, err = run_cli(["play", str(log), "--db", str(tmp_path / "g.db")], "", monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"pelituomari play: {log}: not a UTF-8 text log (invalid start byte at byte 0)\n"
    assert not (tmp_path / "g.db").exists()


def test_resume_with_an_empty_store_says_so(tmp_path, monkeypatch, capsys):
    EventStore(tmp_path / "g.db").close()
    code, out, err = run_cli(["resume", "--db", str(tmp_path / "g.db")], "", monkeypatch, capsys)
    assert code == 2 and err == f"pelituomari resume: {tmp_path / 'g.db'} holds no game to resume\n"


def test_resume_of_a_store_not_there_makes_none(tmp_path, monkeypatch, capsys):
    db = tmp_path / "typo.db"
    code, out, err = run_cli(["resume", "--db", str(db)], "", monkeypatch, capsys)
    assert (code, out) == (2, "")
    assert err == f"pelituomari resume: {db}: no event store there (play and run make one)\n"
    assert not db.exists()


def test_replay_of_a_stored_game_prints_json(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    run_cli(["play", "--db", str(db)], write_jsonl([START, slap(1, 0)]), monkeypatch, capsys)
    code, out, err = run_cli(["replay", str(db), "--json", "--language", "en"], "", monkeypatch, capsys)
    assert code == 0
    result = json.loads(out)
    assert result["counts"] == [1, 0] and result["game"] == "tally"
    assert result["rulings"] == [{"kind": "counted", "message": "Counted", "seats": [0], "cause": 1}]


def test_replay_names_the_bad_line_of_a_log(tmp_path, monkeypatch, capsys):
    log = tmp_path / "bad.jsonl"
    log.write_text(write_jsonl([START]) + '{"type":"die_settled","t":1,"value":9}\n')
    code, out, err = run_cli(["replay", str(log)], "", monkeypatch, capsys)
    assert code == 2
    assert err.strip() == f"pelituomari replay: {log}: line 2: field 'value': a die shows 1-6, got 9"


def test_replay_and_sheet_refuse_what_they_would_pass_over(tmp_path, monkeypatch, capsys):
    log = tmp_path / "game.jsonl"
    log.write_text(write_jsonl([START, slap(1, 0)]))
    fake = tmp_path / "games.db"
    fake.write_text("not a store\n")
    refusals = [
        (["replay", "--game-id", "2"], "--game-id 2: it picks a game of an event store; name the store "
                                       "(the embedded kiketti sample is one game)"),
        (["sheet", str(log), "--game-id", "2"], f"--game-id 2: it picks a game of an event store; {log} is a log of one game"),
        (["replay", str(log), "--sample", "kimble"], f"--sample kimble: give a log or a sample, not both (the log is {log})"),
        (["replay", str(tmp_path)], f"{tmp_path}: a folder, not a log or an event store"),
        (["sheet", str(fake)], f"{fake}: not an SQLite event store (it does not begin as SQLite files do)"),
    ]
    for argv, message in refusals:
        code, out, err = run_cli(argv, "", monkeypatch, capsys)
        assert (code, out, err) == (2, "", f"pelituomari {argv[0]}: {message}\n")
    assert fake.read_text() == "not a store\n"


def test_a_refused_game_start_leaves_no_store(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    start = GameStarted(t=0, game="tally", players=("A", "B"), settings={"speed": 1})
    code, out, err = run_cli(["play", "--db", str(db)], write_jsonl([start]), monkeypatch, capsys)
    assert code == 2
    assert err.strip() == "pelituomari play: -: line 1: unknown setting 'speed' for tally; known: limit"
    assert not db.exists()


def test_play_stops_at_the_line_a_busy_store_cannot_keep(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    run_cli(["play", "--db", str(db)], write_jsonl([START]), monkeypatch, capsys)
    monkeypatch.setattr("pelituomari.store.BUSY_WAIT_S", 0.2)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    code, out, err = run_cli(["resume", "--db", str(db)], write_jsonl([slap(1, 0), slap(2, 1)]), monkeypatch, capsys)
    other.execute("ROLLBACK")
    assert code == 2
    assert err.splitlines()[-2:] == [
        f"{db}: another program holds the store; waiting up to 0 s",
        f"pelituomari resume: line 1: {db}: another program has held the store for 0 s; a 'card_moved' event was not "
        f"stored; it and the lines after it were not read (carry on with `pelituomari resume` once the store is free)",
    ]
    with EventStore(db) as store:
        assert len(store.events(1)) == 1


def test_replay_resume_and_sheet_name_a_damaged_store(tmp_path, monkeypatch, capsys):
    db = tmp_path / "g.db"
    run_cli(["play", "--db", str(db)], write_jsonl([START, slap(1, 0)]), monkeypatch, capsys)
    with EventStore(db) as store:
        store._db.execute("DELETE FROM events WHERE seq = 0")
    for command in (["replay", str(db)], ["resume", "--db", str(db)], ["sheet", str(db)]):
        code, out, err = run_cli(command, "", monkeypatch, capsys)
        assert (code, err.strip()) == (2, f"pelituomari {command[0]}: {db}: game 1: stored event 0 is missing "
                                          f"(the next one stored is 1); the store was edited or damaged")
    code, out, err = run_cli(["replay", str(db), "--game-id", "99999999999999999999"], "", monkeypatch, capsys)
    assert (code, err.strip()) == (2, f"pelituomari replay: {db}: no game 99999999999999999999 in {db}")
