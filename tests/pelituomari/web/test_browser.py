"""The page in a real browser: headless Chromium from the OS's packages (/usr/bin/chromium), driven by
playwright, against a server on loopback following a stored sample game.

Where Chromium is missing these tests are skipped, saying so, except under CI (.ci/run installs it),
where a missing browser fails them. Screenshots of a phone-sized and a large screen are kept in the
test's folder.
"""

import os
import shutil
from contextlib import contextmanager

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from pelituomari.web.access import TableKey  # noqa: E402
from pelituomari.web.app import make_app  # noqa: E402
from pelituomari.web.feed import Feed  # noqa: E402
from pelituomari.web.server import Server, bind  # noqa: E402
from pelituomari.web.stored import StoredTable  # noqa: E402
from tests.pelituomari.web.tables import CODE, TOKEN, append, sample_events, stored_events, stored_game  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
PHONE, LARGE = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        message = f"{CHROMIUM} is missing: sudo apt-get install -y chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@contextmanager
def serving(db: str, language: str = "fi"):
    """The base address of the page of the store's game 1, served by uvicorn in a thread."""
    feed = Feed()
    table = StoredTable(db, 1, feed, language, poll_s=0.05)
    sock = bind("127.0.0.1", 0)
    server = Server(make_app(table, TableKey(CODE, TOKEN), feed), sock)
    server.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.stop()
        table.close()


def page_at(browser, base: str, viewport=PHONE, joined=False):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{base}/join?code={CODE}" if joined else base)
    page.wait_for_selector("#sheet table")
    return page


def answered(page) -> str:
    """The answer to what was sent, once it has come: the list of rulings may show it first, as the page
    hears the feed and its own request's answer separately."""
    page.wait_for_function("document.getElementById('answer').textContent !== '…'")
    return page.locator("#answer").inner_text()


def shoot(page, tmp_path, name: str) -> None:
    page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=False)
    if os.environ.get("PELITUOMARI_SCREENSHOTS"):
        shutil.copy(tmp_path / f"{name}.png", os.environ["PELITUOMARI_SCREENSHOTS"])


def test_the_kiketti_sheet_updates_as_the_game_goes_on(browser, tmp_path):
    events = sample_events("kiketti")
    db = stored_game(tmp_path, "kiketti", 68)   # round 1 about to be scored
    with serving(db) as base:
        page = page_at(browser, base)
        assert page.locator("#sheet tbody tr").count() == 1   # only the calls row
        assert page.locator("#title").inner_text() == "Kiketti: Aino, Eero, Sanni, Ville"
        assert "Liity pöytään" in page.locator("#join-box").inner_text() and page.locator("#controls").is_hidden()
        shoot(page, tmp_path, "kiketti_phone_before")
        append(db, *events[68:69])   # the last seat revealed: the round is scored
        page.wait_for_selector("#sheet tbody tr:nth-child(2)")
        assert page.locator("#sheet tbody tr").first.inner_text().split() == ["1", "45", "0X", "38", "27"]
        newest = page.locator("#rulings li").first
        assert newest.get_attribute("data-kind") == "round_scored" and "Kierros 1" in newest.inner_text()
        wrong = page.locator("#rulings li[data-kind=wrong_slap]")
        assert wrong.count() == 1 and "bad" in wrong.get_attribute("class")
        large = page_at(browser, base, LARGE)
        shoot(large, tmp_path, "kiketti_large")


def test_a_tapped_kiketti_declaration_shows_its_ruling_and_is_stored(browser, tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with serving(db) as base:
        page = page_at(browser, base, joined=True)
        assert page.locator("#join-box").is_hidden() and page.locator("#controls").is_visible()
        page.select_option("#by", label="Eero")
        page.click("#words button[data-what=kiketti]")
        page.wait_for_function("document.getElementById('answer').textContent.indexOf('Eero huusi') >= 0")
        assert page.locator("#answer").inner_text() == "Eero huusi kiketin! Muut pelaavat vielä kerran."
        page.wait_for_selector("#rulings li[data-kind=kiketti_called]")
        shoot(page, tmp_path, "kiketti_phone_joined")
        page.click("#lang")
        assert page.locator("#rulings li").first.inner_text().endswith("Eero called kiketti! Everyone else plays once more.")
    assert stored_events(db)[58].to_json()["what"] == "kiketti"


def test_kimble_shows_its_board_ledger_and_die_and_a_hembo_tapped_is_fined(browser, tmp_path):
    db = stored_game(tmp_path, "kimble", 60)
    with serving(db, "en") as base:
        page = page_at(browser, base, joined=True)
        assert page.locator("#sheet svg.board circle").count() == 32   # 28 squares, 4 pegs
        assert page.locator("#turn").inner_text() == "Turn: Sudet"
        assert page.locator("#drink").is_visible()
        page.select_option("#by", label="Karhut")
        page.click("#words button[data-what=hembo]")
        page.wait_for_selector("#answer.bad")
        assert "Karhut: 1 fine(s) (0.33 l)" in page.locator("#answer").inner_text()
        ledger = page.locator("table.ledger tbody tr").first.inner_text().split()
        assert ledger == ["Karhut", "3", "0", "3"]
        page.click("#pause-toggle")
        page.wait_for_selector("body.paused #pause")
        assert page.locator("#pause").inner_text() == "PAUSED"
        shoot(page, tmp_path, "kimble_phone_paused")
        shoot(page_at(browser, base, LARGE, joined=True), tmp_path, "kimble_large")
    assert [e.type for e in stored_events(db)[60:]] == ["declared", "paused"]


def test_a_page_that_has_not_joined_cannot_write(browser, tmp_path):
    db = stored_game(tmp_path, "kiketti", 58)
    with serving(db) as base:
        page = page_at(browser, base)
        status = page.evaluate("""() => fetch('/api/events', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                   body: JSON.stringify({type: 'declared', by: 1, what: 'kiketti'})}).then(r => r.status)""")
        assert status == 403
        assert page.locator("#controls").is_hidden() and page.locator("#booked-box").is_hidden()
        page.fill("#join-box input[name=code]", "WRONG1")
        page.click("#join-box button")
        assert "Väärä koodi" in page.locator("body").inner_text()
    assert len(stored_events(db)) == 58


def test_a_booked_event_is_deleted_from_the_list_and_its_ruling_goes(browser, tmp_path):
    db = stored_game(tmp_path, "kiketti", 55)
    with serving(db, "en") as base:
        page = page_at(browser, base, joined=True)
        assert page.locator("#rulings li[data-kind=wrong_slap]").count() == 1
        page.click("#booked button[data-seq='54']")
        page.wait_for_function("!document.querySelector('#rulings li[data-kind=wrong_slap]')")
        assert answered(page) == "Corrected."
    assert stored_events(db)[55].to_json() == {"v": 1, "type": "correction", "t": stored_events(db)[54].t,
                                               "source": "manual", "target": 54, "replacement": None}


def test_skruuvi_calls_are_said_from_the_page_in_turn_and_one_out_of_turn_is_refused(browser, tmp_path):
    """The bidding of the sample deal from a phone: Eero's bid typed (its value asked for), a pass tapped,
    and Aino's pass before Ville's refused, none of it seen by the camera."""
    from pelituomari.commands.run import sample_paths
    from pelituomari.store import EventStore
    from referee.events import read_jsonl

    _, _, truth = sample_paths("skruuvi")
    db = str(tmp_path / "games.db")
    with EventStore(db) as store:
        store.new_game(read_jsonl(truth.read_text(encoding="utf-8").splitlines())[0])
    with serving(db, "en") as base:
        page = page_at(browser, base, joined=True)
        assert [page.locator("#words button").nth(i).get_attribute("data-what") for i in range(3)] == [
            "bid", "pass", "double"]
        page.select_option("#by", label="Eero")
        page.click("#words button[data-what=bid]")
        assert page.locator("#value-row").is_visible() and page.locator("#value").get_attribute(
            "placeholder") == "a bid, e.g. 5h"
        page.fill("#value", "5h")
        page.click("#value-send")
        page.wait_for_selector("#rulings li[data-kind=deal_unseen]")
        assert answered(page) == "52 cards were dealt unseen: the deal counts as complete."
        assert page.locator("#value-row").is_hidden()
        page.select_option("#by", label="Sanni")
        page.click("#words button[data-what=pass]")
        page.wait_for_function("document.getElementById('answer').textContent === 'Booked; no ruling.'")
        page.select_option("#by", label="Aino")
        page.click("#words button[data-what=pass]")
        page.wait_for_selector("#answer.bad")
        assert page.locator("#answer").inner_text() == "Not Aino's turn: Ville bids now."
        page.wait_for_selector("#rulings li[data-kind=impossible]")   # the list comes by the feed
        assert page.locator("#rulings li").first.get_attribute("data-kind") == "impossible"
        shoot(page, tmp_path, "skruuvi_phone_bidding")
    assert [(e.by, e.what, e.value) for e in stored_events(db)[1:]] == [(1, "bid", "5h"), (2, "pass", None),
                                                                        (0, "pass", None)]
