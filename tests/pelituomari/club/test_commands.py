"""`run --mqtt`, `publish` and `hub` from the command line: what they refuse before starting anything, and
`run` publishing the game it referees."""

from pathlib import Path

import pytest

from pelituomari.cli import main
from pelituomari.store import EventStore
from tests.pelituomari.club.following import until


@pytest.mark.parametrize("options, said", [
    (["--mqtt", "localhost"], "--mqtt needs --table NAME: the table's name at the club evening"),
    (["--mqtt", "localhost", "--table", "Pöytä 1"], "--table table name 'Pöytä 1': use 1-64 lower-case letters"),
    (["--mqtt", "localhost", "--table", "hub"], "--table table name 'hub' is the hub's MQTT user"),
    (["--mqtt", "localhost:70000", "--table", "table1"], "--mqtt 'localhost:70000': give HOST or HOST:PORT"),
    (["--mqtt", "localhost", "--table", "table1", "--mqtt-password-file", "/nowhere/pw"],
     "--mqtt-password-file /nowhere/pw: No such file or directory"),
    (["--mqtt", "localhost", "--table", "table1", "--mqtt-tls", "/nowhere/ca.crt"],
     "--mqtt-tls /nowhere/ca.crt: no such CA file"),
    (["--table", "table1"], "--table is for the club evening: it needs --mqtt HOST[:PORT] too"),
    (["--mqtt-tls", "ca.crt"], "--mqtt-tls is for the club evening: it needs --mqtt HOST[:PORT] too"),
])
def test_run_refuses_club_options_it_cannot_go_through_with_before_storing_a_game(tmp_path, capsys, options, said):
    db = tmp_path / "games.db"
    assert main(["run", "--game", "kimble", "--db", str(db), *options]) == 2
    assert capsys.readouterr().err.startswith(f"pelituomari run: {said}")
    assert not db.exists()


def test_publish_and_hub_name_what_they_cannot_use(tmp_path, capsys):
    assert main(["publish", "--db", str(tmp_path / "none.db"), "--mqtt", "localhost", "--table", "table1"]) == 2
    assert f"{tmp_path / 'none.db'}: no event store there" in capsys.readouterr().err
    empty = tmp_path / "empty.db"
    EventStore(empty).close()
    assert main(["publish", "--db", str(empty), "--mqtt", "localhost", "--table", "table1"]) == 2
    assert capsys.readouterr().err == f"pelituomari publish: {empty} holds no game to publish\n"
    assert main(["hub", "--mqtt", "localhost", "--listen", "nowhere:port"]) == 2
    assert capsys.readouterr().err.startswith("pelituomari hub: --listen 'nowhere:port': give HOST:PORT")


def test_a_password_file_with_an_empty_first_line_is_refused(tmp_path, capsys):
    empty = tmp_path / "pw"
    empty.write_text("\n")
    assert main(["hub", "--mqtt", "localhost", "--mqtt-password-file", str(empty)]) == 2
    assert capsys.readouterr().err == f"pelituomari hub: --mqtt-password-file {empty}: its first line is empty\n"


def test_run_publishes_the_game_it_referees_and_a_resumed_run_only_what_the_broker_lacks(
        broker, following, password_files, tmp_path, capsys):
    db = str(tmp_path / "games.db")
    club = ["--mqtt", broker.address, "--table", "table1", "--mqtt-password-file", str(password_files["table1"])]
    assert main(["run", "--game", "kimble", "--db", db, "--language", "en", *club]) == 0
    with EventStore(db) as store:
        stored = store.events(1)
    assert until(lambda: following.has(len(stored)))
    assert following.game().referee.log == stored
    assert main(["run", "--game", "kimble", "--db", db, "--language", "en", "--resume", *club]) == 0
    with EventStore(db) as store:
        resumed = store.events(1)
    assert len(resumed) > len(stored)
    assert until(lambda: following.has(len(resumed)))
    game = following.game()
    assert game.referee.log == resumed and (game.duplicates, game.disagreements) == (0, [])
    assert set(following.applied.values()) == {1}
    assert Path(f"{db}.published.json").is_file()
