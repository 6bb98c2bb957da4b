"""The evening's page in a real browser (the OS's Chromium, driven by playwright, as the table page's
browser tests): the tables' cards and the standings appear, and a table that begins to publish later shows up
without the page being loaded again."""

import os

import pytest

from pelituomari.cli import main
from pelituomari.club.start import HubService
from tests.pelituomari.club.following import login, stored_sample

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.browser


def test_the_evening_s_page_shows_each_table_as_it_comes_and_the_standings_live(
        broker, password_files, tmp_path):
    if not os.path.exists(CHROMIUM):
        message = f"{CHROMIUM} is missing: sudo apt-get install -y chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    service = HubService(login(broker, "hub"), ("127.0.0.1", 0), language="en", client_id="browser-hub").start()
    assert service.listener.connected.wait(10)

    def publish(table):
        db = tmp_path / f"{table}.db"
        stored_sample(db)
        assert main(["publish", "--db", str(db), "--mqtt", broker.address, "--table", table,
                     "--mqtt-password-file", str(password_files[table])]) == 0

    try:
        publish("table1")
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"http://127.0.0.1:{service.port}/")
            page.wait_for_selector("#table-table1 table.sheet.kiketti")
            assert page.inner_text("#title") == "Club evening"
            assert page.inner_text("#table-table1 h2").startswith("table1 – Kiketti")
            assert "The game is over" in page.inner_text("#table-table1")
            first = page.locator("#standings table.standings tbody tr").first
            assert first.inner_text().split() == ["1.", "Ville", "1", "242"]
            publish("table2")   # a second table, while the page is open
            page.wait_for_selector("#table-table2 table.sheet.kiketti", timeout=10000)
            page.wait_for_function("document.querySelector('#standings tbody tr').innerText.includes('484')")
            assert page.locator("#standings table.standings tbody tr").first.inner_text().split() == \
                ["1.", "Ville", "2", "484"]
            assert [s.get_attribute("id") for s in page.locator("#tables > section").all()] == \
                ["table-table1", "table-table2"]
            page.click("#lang")
            assert page.inner_text("#title") == "Kerhoilta"
            assert "Peli on päättynyt" in page.inner_text("#table-table2")
            page.screenshot(path=str(tmp_path / "evening.png"), full_page=True)
            browser.close()
    finally:
        service.stop()
