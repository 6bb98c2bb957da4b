"""`pelituomari sheet --format html`: any game kept as one self-contained page."""

from pelituomari.cli import main
from tests.pelituomari.web.tables import stored_game


def test_the_kiketti_sample_kept_as_a_page_has_its_sheet_rulings_pile_and_events(capsys):
    assert main(["sheet", "--format", "html", "--language", "en"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!doctype html><html lang=en>") and page.endswith("</html>\n")
    assert "<script" not in page and "<link" not in page and "<style>" in page   # opens offline, alone
    assert "<title>Kiketti – Score sheet – sample:kiketti</title>" in page and "The game is over." in page
    assert "Results: 1. Ville 242, 2. Eero 263, 3. Sanni 295, 4. Aino 384" in page
    # the sample's 5 penalties, 5 wrong slaps, a late slap, a turn forfeited and the missing calls' penalty
    assert page.count('<tr class="bad">') == 13
    assert "<h2>Cards onto the pile</h2>" in page and "<h2>Booked events</h2>" in page
    assert "<h2>Die pops</h2>" not in page


def test_a_kimble_game_from_a_store_keeps_its_die_log_though_it_has_no_score_sheet(tmp_path, capsys):
    db = stored_game(tmp_path, "kimble", 481)
    assert main(["sheet", db, "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert f"<title>AS-Kimble – Pöytäkirja – {db}#1</title>" in page and "Peli on päättynyt" in page
    assert "<h2>Nopan naksut</h2>" in page and "<h3>Sakkokirjanpito (0.33 l)</h3>" in page
    assert main(["sheet", db]) == 2   # the table format stays Kiketti's
