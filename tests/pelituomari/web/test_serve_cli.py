"""`pelituomari serve` and `pelituomari run --web` from the command line, as real processes on loopback."""

import http.cookiejar
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

pytest.importorskip("uvicorn")

from pelituomari.cli import main  # noqa: E402
from tests.pelituomari.web.tables import append, sample_events, stored_events, stored_game  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def started(argv: list[str]) -> tuple[subprocess.Popen, str]:
    """The command running, and its join code once it has printed it (the page is served by then)."""
    process = subprocess.Popen([sys.executable, "-m", "pelituomari", *argv], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        found = re.search(r"join with the code: (\w{6})", line)
        if found:
            return process, found.group(1)
    raise AssertionError(f"no join code printed; exit {process.wait()}: {process.stdout.read()}")


def joined_opener(base: str, code: str):
    """A urllib opener holding the cookie that joining the table hands out."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(f"{base}/join?code={code}", timeout=10).read()
    return opener


def post(opener, url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=20) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_serve_refuses_a_missing_store_and_a_bad_address(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path / "none.db")]) == 2
    assert "no event store there" in capsys.readouterr().err
    db = stored_game(tmp_path, "kiketti", 3)
    assert main(["serve", "--db", db, "--listen", "127.0.0.1:http"]) == 2
    assert "give HOST:PORT with a port 1-65535" in capsys.readouterr().err
    assert main(["serve", "--db", db, "--game-id", "7"]) == 2
    assert "no game 7" in capsys.readouterr().err


def test_serve_follows_a_game_another_process_adds_to_and_takes_a_joined_phone_s_declaration(tmp_path):
    db, port = stored_game(tmp_path, "kiketti", 57), free_port()
    process, code = started(["serve", "--db", db, "--listen", f"127.0.0.1:{port}", "--language", "en"])
    base = f"http://127.0.0.1:{port}"
    try:
        state = json.loads(urllib.request.urlopen(f"{base}/api/state", timeout=10).read())
        assert state["state"]["version"] == 57 and not state["joined"]
        append(db, sample_events("kiketti")[57])   # the game goes on in another process
        deadline = time.monotonic() + 10
        while json.loads(urllib.request.urlopen(f"{base}/api/state").read())["state"]["version"] != 58:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert post(urllib.request.build_opener(), f"{base}/api/events",
                    {"type": "declared", "by": 1, "what": "kiketti"})[0] == 403
        status, answer = post(joined_opener(base, code), f"{base}/api/events",
                              {"type": "declared", "by": 1, "what": "kiketti"})
        assert status == 200 and [r["kind"] for r in answer["rulings"]] == ["kiketti_called"]
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=15) == 0
    assert [e.type for e in stored_events(db)[57:]] == ["card_moved", "declared"]


@pytest.mark.slow
def test_run_web_serves_the_live_game_and_referees_a_joined_phone_s_pause_with_the_camera_s_events(tmp_path):
    db, port = str(tmp_path / "games.db"), free_port()
    process, code = started(["run", "--game", "kiketti", "--db", db, "--language", "en", "--web", f"127.0.0.1:{port}"])
    base = f"http://127.0.0.1:{port}"
    opener = joined_opener(base, code)
    status, answer = post(opener, f"{base}/api/events", {"type": "paused", "on": True})
    assert status == 200 and [r["kind"] for r in answer["rulings"]] == ["paused"]
    status, answer = post(opener, f"{base}/api/events", {"type": "paused", "on": False})
    assert status == 200 and answer["rulings"][0]["kind"] == "resumed"
    picture = urllib.request.urlopen(f"{base}/snapshot.jpg", timeout=10)
    assert picture.headers["Content-Type"] == "image/jpeg" and picture.read(2) == b"\xff\xd8"
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    stored = stored_events(db)
    paused = [e for e in stored if e.type == "paused"]
    assert [(e.on, e.source) for e in paused] == [(True, "manual"), (False, "manual")]
    printed = [line.split("] ", 1)[1] for line in out.splitlines() if line.startswith("[")]
    assert "paused: Paused: the referee waits. Table events are judged after the pause." in printed
    assert re.search(r"\d+ events stored \(game 1", out.splitlines()[-1])
