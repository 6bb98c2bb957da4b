"""The page's endpoints over a stored game (`pelituomari serve`), through Starlette's TestClient."""

import threading

import pytest

pytest.importorskip("starlette")

from referee.events import Declared, Paused  # noqa: E402
from tests.pelituomari.web.tables import (CODE, TOKEN, WRITER, append, sample_events, served,  # noqa: E402
                                          sse_messages, stored_events, stored_game, wait_until)

KIKETTI = sample_events("kiketti")


def test_the_state_is_the_sheet_turn_rulings_and_events_of_the_game_as_stored(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, _, _):
        data = client.get("/api/state").json()
    state = data["state"]
    assert (state["game"], state["title"], state["version"], state["finished"], state["paused"]) == \
        ("kiketti", "Kiketti", 58, False, False)
    assert state["players"] == ["Aino", "Eero", "Sanni", "Ville"] and state["turn"] == "Eero"
    assert [w["what"] for w in state["declarations"]] == ["kiketti", "kps_won"] and not state["drinks"]
    assert '<table class="sheet kiketti">' in state["html"]["fi"] and "<th>Kierros</th>" in state["html"]["fi"]
    assert "<th>Round</th>" in state["html"]["en"]
    assert [e["seq"] for e in data["events"]] == list(range(58))
    assert data["events"][54]["text"] == "6s seat2 → pile (Sanni)" and data["events"][54]["correctable"]
    assert [(r["cause"], r["kind"], r["bad"]) for r in data["rulings"]] == [
        (6, "redeal", False), (28, "round_started", False), (42, "penalty", True), (54, "wrong_slap", True)]
    assert data["rulings"][3]["penalty"] == 2 and data["rulings"][3]["unit"] == "card"
    assert data["rulings"][3]["en"].startswith("Wrong: Sanni slapped their own 6s onto 8h.")
    assert (data["joined"], data["picture"], data["language"], data["notices"]) == (False, False, "fi", [])


def test_the_stream_says_hello_then_delivers_a_ruling_made_after_it_opened(tmp_path):
    db = stored_game(tmp_path, "kiketti", 54)
    with served(db) as (client, table, feed):
        def another_process_slaps():
            wait_until(lambda: feed.pages == 1)
            append(db, KIKETTI[54])
            wait_until(lambda: table.book.version == 55)
            feed.close()   # ends the stream, so the client's read returns

        threading.Thread(target=another_process_slaps).start()
        response = client.get("/events")
    assert response.headers["content-type"].startswith("text/event-stream")
    (hello, first), (change, message) = sse_messages(response.text)
    assert (hello, first) == ("hello", {"version": 54})
    assert change == "change" and not message["replace"] and message["state"]["version"] == 55
    assert [(e["seq"], e["type"], e["in_force"]) for e in message["events"]] == [(54, "card_moved", True)]
    assert [(r["kind"], r["cause"], r["seats"], r["bad"]) for r in message["rulings"]] == [("wrong_slap", 54, [2], True)]


def test_a_write_without_the_token_is_refused_and_stores_nothing(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    declaration = {"type": "declared", "by": 1, "what": "kiketti"}
    with served(db) as (client, table, _):
        for headers in ({}, {"X-Table-Token": "guessed"}):
            response = client.post("/api/events", json=declaration, headers=headers)
            assert response.status_code == 403 and "join" in response.json()["error"]
        client.cookies.set("pelituomari_token", "guessed")
        assert client.post("/api/events", json=declaration).status_code == 403
        assert table.book.version == 58
    assert len(stored_events(db)) == 58


def test_a_declaration_with_the_token_is_stored_and_refereed_and_answered_with_its_ruling(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, table, _):
        response = client.post("/api/events", json={"type": "declared", "by": 1, "what": "kiketti"}, headers=WRITER)
        assert response.status_code == 200
        answer = response.json()
        assert answer["seq"] == 58
        assert [(r["kind"], r["seats"], r["cause"]) for r in answer["rulings"]] == [("kiketti_called", [1], 58)]
        assert answer["rulings"][0]["en"] == "Eero called kiketti! Everyone else plays once more."
        assert client.get("/api/state").json()["state"]["version"] == 59
    stored = stored_events(db)
    # dated at the table's latest time, marked as entered by a person
    assert stored[58] == Declared(t=KIKETTI[57].t, by=1, what="kiketti")


def test_joining_with_the_code_sets_the_token_cookie_that_writes_carry(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, _, _):
        wrong = client.get("/join?code=ZZZZZZ", follow_redirects=False)
        assert wrong.status_code == 403 and "pelituomari_token" not in wrong.cookies
        joined = client.get(f"/join?code={CODE.lower()}", follow_redirects=False)
        assert joined.status_code == 303 and joined.headers["location"] == "/"
        assert joined.cookies["pelituomari_token"] == TOKEN
        assert "HttpOnly" in joined.headers["set-cookie"] and "SameSite=strict" in joined.headers["set-cookie"]
        assert client.get("/api/state").json()["joined"]
        answer = client.post("/api/events", json={"type": "paused", "on": True}).json()
        assert [r["kind"] for r in answer["rulings"]] == ["paused"]
        assert client.get("/api/state").json()["state"]["paused"]
    assert stored_events(db)[58] == Paused(t=KIKETTI[57].t, on=True)


def test_ten_wrong_codes_a_minute_stop_every_join_for_a_while(tmp_path):
    db = stored_game(tmp_path, "kiketti", 3)
    with served(db) as (client, _, _):
        assert [client.get(f"/join?code=WRONG{n}").status_code for n in range(10)] == [403] * 10
        assert client.get(f"/join?code={CODE}", follow_redirects=False).status_code == 429


def test_a_correction_replaces_a_booked_event_and_the_pages_get_the_game_again(tmp_path):
    """The wrong slap at 54 was Ville's own 6s, not Sanni's: corrected, the ruling is re-derived."""
    db = stored_game(tmp_path, "kiketti", 58)
    slap = KIKETTI[54].to_json()
    with served(db) as (client, table, feed):
        edited = {**slap, "from_zone": "seat3", "by": 3}
        response = client.post("/api/events", json={"type": "correction", "target": 54, "replacement": edited},
                               headers=WRITER)
        assert response.status_code == 200 and response.json() == {"seq": 58, "rulings": []}
        data = client.get("/api/state").json()
    wrong = [r for r in data["rulings"] if r["kind"] == "wrong_slap"]
    assert [(r["cause"], r["seats"]) for r in wrong] == [(54, [3])] and "Ville" in wrong[0]["en"]
    assert data["events"][58]["text"] == "#54 → 6s seat3 → pile (Ville)" and not data["events"][58]["correctable"]
    assert stored_events(db)[58].replacement.by == 3


def test_a_correction_that_deletes_an_event_takes_its_rulings_away(tmp_path):
    """Without the wrong slap its penalty is gone, and the card going back and the penalty cards dealt for it
    are judged anew: none of them is owed now."""
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, _, _):
        client.post("/api/events", json={"type": "correction", "target": 54, "replacement": None}, headers=WRITER)
        data = client.get("/api/state").json()
    assert [(r["cause"], r["kind"]) for r in data["rulings"]] == [
        (6, "redeal"), (28, "round_started"), (42, "penalty"), (55, "impossible"), (56, "swap_unseen_in_hand"),
        (57, "impossible")]
    assert [e["in_force"] for e in data["events"][53:58]] == [True, False, True, True, True]
    assert (data["events"][58]["type"], data["events"][58]["correctable"]) == ("correction", False)


def test_undo_takes_back_the_latest_event_in_force(tmp_path):
    db = stored_game(tmp_path, "kiketti", 55)
    with served(db) as (client, table, _):
        assert client.post("/api/events", json={"type": "undo"}, headers=WRITER).json() == {"seq": 55, "rulings": []}
        data = client.get("/api/state").json()
    assert "wrong_slap" not in [r["kind"] for r in data["rulings"]]
    assert (data["events"][54]["in_force"], data["events"][55]["text"]) == (False, "undo")
    assert stored_events(db)[55].type == "undo"


@pytest.mark.parametrize("body, status, error", [
    ({"type": "card_moved", "from_zone": "seat0", "to_zone": "pile"}, 400, "the page adds only declared"),
    ({"type": "declared", "by": 1, "what": "Kiketti!"}, 400, "field 'what': must be a lower-case word"),
    ({"type": "fine_drunk", "team": 0, "count": 0}, 400, "field 'count'"),
    ([1, 2], 400, "the page adds only"),
])
def test_a_malformed_or_foreign_write_is_refused_naming_why_and_stores_nothing(tmp_path, body, status, error):
    db = stored_game(tmp_path, "kiketti", 10)
    with served(db) as (client, _, _):
        response = client.post("/api/events", json=body, headers=WRITER)
    assert response.status_code == status and error in response.json()["error"]
    assert len(stored_events(db)) == 10


def test_an_impossible_declaration_is_stored_and_answered_with_the_impossible_ruling(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, _, _):
        answer = client.post("/api/events", json={"type": "declared", "by": 1, "what": "hembo"}, headers=WRITER).json()
    assert [(r["kind"], r["bad"]) for r in answer["rulings"]] == [("impossible", True)]
    assert stored_events(db)[58].what == "hembo"


def test_fines_drunk_go_to_the_kimble_ledger(tmp_path):
    db = stored_game(tmp_path, "kimble", 60)
    with served(db, "en") as (client, _, _):
        state = client.get("/api/state").json()["state"]
        assert state["drinks"] and "<h3>Fine ledger (0.33 l)</h3>" in state["html"]["en"]
        answer = client.post("/api/events", json={"type": "fine_drunk", "team": 0, "count": 1}, headers=WRITER).json()
        assert [(r["kind"], r["en"]) for r in answer["rulings"]] == [("drunk", "Karhut drank 1; owes 1.")]
        hembo = client.post("/api/events", json={"type": "declared", "by": 0, "what": "hembo"}, headers=WRITER).json()
        assert [(r["kind"], r["penalty"], r["bad"]) for r in hembo["rulings"]] == [("fine", 1, True)]
        html = client.get("/api/state").json()["state"]["html"]["en"]
    assert "<tr><th>Karhut</th><td>3</td><td>1</td><td class=\"owed\">2</td></tr>" in html


def test_the_record_is_one_page_of_the_game_to_download(tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with served(db) as (client, _, _):
        response = client.get("/record.html?lang=en")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    assert response.headers["content-disposition"] == 'attachment; filename="game1.html"'
    page = response.text
    assert page.startswith("<!doctype html>") and "<script" not in page and "<link" not in page
    assert "<title>Kiketti – Score sheet – game1</title>" in page and "The game is in progress" in page
    assert "Wrong: Sanni slapped their own 6s onto 8h." in page and "<h2>Cards onto the pile</h2>" in page


def test_a_stored_game_has_no_picture_and_the_page_is_served(tmp_path):
    db = stored_game(tmp_path, "kiketti", 3)
    with served(db) as (client, _, _):
        assert client.get("/snapshot.jpg").status_code == 404
        page = client.get("/")
        script = client.get("/static/app.js")
    assert page.status_code == 200 and '<script src="/static/app.js">' in page.text
    assert script.status_code == 200 and "EventSource" in script.text
