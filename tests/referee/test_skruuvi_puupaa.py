"""Three-player Skruuvi, the puupää (the handbook's "Kolmen pelaajan skruuvi"): the puupää's hand is
dealt opposite the dealer, always passes, moves opposite the highest bidder, lets the declarer choose
who takes the centre (in kotka: who gives first), is skipped in the doubling, and its points are
nobody's.  Players in seats 0-2, the puupää seat 3; bookkeeper Aino in seat 0, so Eero deals first."""

import pytest

from referee.core import Referee
from referee.events import GameStarted
from referee.skruuvi.cards import Ring
from tests.referee.make_skruuvi_log import Live, play_out

PLAYERS = ("Aino", "Eero", "Sanni")
CENTRE = ("Kc", "Qc", "5c", "3c")


def live(**settings) -> Live:
    return Live(PLAYERS, settings)


def impossible(table: Live) -> str:
    (ruling,) = table.last
    assert ruling.kind == "impossible"
    return ruling.reason


def scored(table: Live):
    return [r for r in table.rulings if r.kind == "deal_scored"][-1]


def alkupeli_to_sanni(table: Live) -> Live:
    """Eero deals; Sanni bids 1♥ and everyone passes twice (the puupää's passes said by the referee)."""
    table.deal(1, ring=Ring.puupaa(1))
    table.pass_(1).bid(2, "1h")
    for seat in (0, 1, 2, 0, 1, 2):
        table.pass_(seat)
    return table


def test_the_puupaa_is_dealt_opposite_the_dealer_and_each_player_looks_at_four_of_its_cards():
    table = live()
    table.deal(1, ring=Ring.puupaa(1))
    (look,) = table.last
    assert look.kind == "puupaa_look" and look.data == {"looks": {0: 4, 1: 4, 2: 4}}
    summary = table.engine.summary()
    assert summary["seats"] == ["Aino", "Eero", "Sanni", "Puupää"]
    assert summary["hands"] == [12, 12, 12, 12] and summary["centre"] == 4
    assert summary["puupaa"] == {"seat": 3, "partner": 1, "table": [1, 2, 3, 0]}
    assert (summary["dealer"], summary["shuffler"], summary["cutter"]) == (1, 2, 0)


def test_the_deal_goes_clockwise_from_the_dealers_left_the_puupaa_second():
    table = live()
    table.move("deck", "hand2", by=1).move("deck", "hand3", by=1).move("deck", "hand0", by=1)
    assert table.rulings == []
    table.move("deck", "hand2", by=1)
    (fault,) = table.last
    assert fault.kind == "misdeal" and fault.data == {"fault": "order", "card": 4}


def test_in_kotka_the_dealer_looks_at_five():
    table = live(alkupeli_per_sitsi=0, kotka_per_sitsi=1, sitsit=1)
    table.deal(1, centre=False, ring=Ring.puupaa(1))
    assert table.last[0].data == {"looks": {0: 4, 1: 5, 2: 4}}
    assert table.engine.summary()["hands"] == [13, 13, 13, 13]


def test_the_puupaa_always_passes_and_its_cards_move_opposite_the_highest_bidder():
    table = alkupeli_to_sanni(live())
    summary = table.engine.summary()
    assert summary["bidding"] == [[1, "pass"], [2, "1h"], [3, "pass"], [0, "pass"], [1, "pass"], [2, "pass"],
                                  [3, "pass"], [0, "pass"], [1, "pass"], [2, "pass"]]
    (over,) = table.last
    assert over.kind == "bidding_over" and over.seats == (2,) and over.data == {"bid": "1h", "taker": 2}
    assert over.en == ("The highest bid is 1♥: the puupää's cards move opposite Sanni, who chooses whether to "
                       "take the centre cards or have the puupää take them.")
    assert over.fi == ("Korkein maalaus 1♥: puupään kortit siirretään pelaajaa Sanni vastapäätä; Sanni valitsee, "
                       "nostaako hän vai puupää keskikortit.")
    assert summary["puupaa"] == {"seat": 3, "partner": 2, "table": [2, 0, 3, 1]}


def test_the_puupaa_never_speaks():
    table = live()
    table.deal(1, ring=Ring.puupaa(1)).pass_(1).pass_(2)
    table.bid(3, "1h")
    assert impossible(table) == "puupaa_silent"
    assert table.last[0].en == "The puupää neither bids nor speaks ('bid'): its partner handles its cards."


def test_the_declarer_may_have_the_puupaa_take_the_centre_and_give_four_to_him():
    table = alkupeli_to_sanni(live())
    table.reveal(CENTRE)
    table.move("centre", "hand3", by=2)
    assert table.engine.summary()["exchange"]["waiting"] == [["centre", 3]]
    for _ in range(3):
        table.move("centre", "hand3", by=2)
    table.give(3, 2, 4)
    assert table.engine.summary()["exchange"]["waiting"] == [[2, 0], [2, 1], [2, 3]]
    table.give(2, 0).give(2, 1).give(2, 3)
    assert table.engine.deal.phase == "continuation" and table.engine.summary()["hands"] == [13, 13, 13, 13]


def test_or_take_the_centre_himself_and_then_a_move_of_the_other_order_is_out_of_place():
    table = alkupeli_to_sanni(live())
    table.reveal(CENTRE).take_centre(2)
    table.move("centre", "hand3", by=2)
    assert impossible(table) == "nothing_to_give"
    table.give(3, 2)
    assert impossible(table) == "exchange_out_of_order"
    table.give(2, 3, 4).give(3, 0).give(3, 1).give(3, 2)
    assert table.engine.deal.phase == "continuation"


def test_the_declarer_alone_makes_the_final_commitment_in_one_call():
    table = alkupeli_to_sanni(live())
    table.reveal(CENTRE).take_centre(2).give(2, 3, 4).give(3, 0).give(3, 1).give(3, 2)
    table.bid(2, "5h")
    (contract,) = table.last
    assert contract.kind == "contract" and contract.seats == (2,)
    assert contract.data == {"contract": "5h", "by": 2, "declarers": [2], "leader": 0, "opponents_swap": True}


def test_a_pass_as_the_final_call_raises_a_low_bid_to_five():
    table = alkupeli_to_sanni(live())
    table.reveal(CENTRE).take_centre(2).give(2, 3, 4).give(3, 0).give(3, 1).give(3, 2)
    table.pass_(2)
    assert [r.kind for r in table.last] == ["contract_raised", "contract"]
    assert table.last[1].data["contract"] == "5h"


def test_bid_on_lets_the_lone_declarer_bid_until_he_has_passed_twice():
    table = alkupeli_to_sanni(live(puupaa_final_bid="bid_on"))
    table.reveal(CENTRE).take_centre(2).give(2, 3, 4).give(3, 0).give(3, 1).give(3, 2)
    table.bid(2, "5h").pass_(2)
    assert table.last == [] and table.engine.deal.phase == "continuation"
    table.bid(2, "6h").pass_(2).pass_(2)
    assert table.last[0].data["contract"] == "6h"


def test_refuse_stops_a_final_call_below_five():
    table = alkupeli_to_sanni(live(low_final_contract="refuse"))
    table.reveal(CENTRE).take_centre(2).give(2, 3, 4).give(3, 0).give(3, 1).give(3, 2)
    table.bid(2, "4h")
    assert impossible(table) == "final_contract_below_five"
    table.pass_(2)
    assert impossible(table) == "final_contract_below_five"


def test_a_whole_alkupeli_the_puupaa_skipped_in_the_doubling_and_its_points_nobodys():
    """Sanni 5♥ with the puupää; the opponents swap; Aino doubles, the puupää on her left has no voice, so
    Sanni redoubles; the declarers take 12 tricks: (25 + 2) x 3 = 81 to Sanni, -81 to Aino and Eero each."""
    table = alkupeli_to_sanni(live(alkupeli_per_sitsi=1, kotka_per_sitsi=0, sitsit=1))
    table.reveal(CENTRE).move("centre", "hand3", by=2).move("centre", "hand3", by=2)
    table.move("centre", "hand3", by=2).move("centre", "hand3", by=2)
    table.give(3, 2, 4).give(2, 0).give(2, 1).give(2, 3).bid(2, "5h")
    table.give(0, 1).give(1, 0)
    table.double(0)
    assert table.engine.summary()["doubling"]["next"] == 2
    table.redouble(2)
    assert table.last[0].data == {"by": 2, "multiplier": 3}
    first = len(table.rulings)
    play_out(table, 0, [2] * 5 + [3] * 5 + [0, 2], trump="h", ring=Ring.puupaa(2))
    assert [r.kind for r in table.rulings[first:first + 1]] == ["puupaa_face_up"]
    assert table.rulings[first].seats == (2,)
    assert [r.data["seats"] for r in table.rulings if r.kind == "trick_won"][:2] == [[0, 3, 1, 2], [2, 0, 3, 1]]
    deal = scored(table)
    assert (deal.data["taken"], deal.data["multiplier"], deal.data["table_points"]) == ([12, 1], 3, 81)
    assert deal.data["scores"] == [-81, -81, 81, 81]
    assert deal.data["players"] == {"Aino": -81, "Eero": -81, "Sanni": 81}
    assert table.engine.sheet.standings() == [{"place": 1, "name": "Sanni", "points": 81},
                                              {"place": 2, "name": "Aino", "points": -81},
                                              {"place": 2, "name": "Eero", "points": -81}]


def test_a_kotka_the_puupaa_giving_first_and_no_swap():
    """Eero 7♠: the puupää gives its four first; Sanni passes and Aino doubles, Eero does not redouble;
    all 13 tricks: 50 x 2 = 100 to Eero, -100 to Aino and Sanni each."""
    table = live(alkupeli_per_sitsi=0, kotka_per_sitsi=1, sitsit=1)
    table.deal(1, centre=False, ring=Ring.puupaa(1))
    table.bid(1, "7s")
    for seat in (2, 0, 1, 2, 0, 1):
        table.pass_(seat)
    assert table.last[0].data == {"bid": "7s", "taker": 1}
    table.give(3, 1, 4).give(1, 3, 4)
    table.pass_(1)
    assert table.last[0].data == {"contract": "7s", "by": 1, "declarers": [1], "leader": 2,
                                  "opponents_swap": False}
    table.pass_(2).double(0)
    assert table.engine.summary()["doubling"]["next"] == 1
    play_out(table, 2, [1] * 6 + [3] * 6, trump="s", ring=Ring.puupaa(1))
    deal = scored(table)
    assert deal.data["players"] == {"Aino": -100, "Eero": 100, "Sanni": -100}
    assert table.engine.finished


def test_the_handbooks_kotka_with_the_puupaa_a_6s_b_passes_c_6_misere_then_7s_and_7_misere():
    """The handbook's example: A (Eero) 6♠, B (Sanni) passes, C (Aino) 6 misère; A raises to 7♠, C to 7
    misère, which goes through "played right": C and the puupää take no trick.  Eero doubles; the aces
    fall in tricks 1, 4, 7 and 10, all the opponents': 35 x 2 + 22 = 92 to Aino, -92 to Eero and Sanni."""
    table = live(alkupeli_per_sitsi=0, kotka_per_sitsi=1, sitsit=1)
    table.deal(1, centre=False, ring=Ring.puupaa(1))
    table.bid(1, "6s").pass_(2).bid(0, "6misere").bid(1, "7s").pass_(2).bid(0, "7misere")
    for seat in (1, 2, 0, 1, 2, 0):
        table.pass_(seat)
    assert table.engine.summary()["bidding"][:8] == [[1, "6s"], [2, "pass"], [3, "pass"], [0, "6misere"],
                                                     [1, "7s"], [2, "pass"], [3, "pass"], [0, "7misere"]]
    assert table.last[0].data == {"bid": "7misere", "taker": 0}
    assert table.engine.summary()["puupaa"] == {"seat": 3, "partner": 0, "table": [0, 1, 3, 2]}
    table.give(3, 0, 4).give(0, 3, 4).pass_(0).double(1)
    assert table.engine.summary()["doubling"]["next"] == 0  # the puupää, on Eero's left, has no voice
    play_out(table, 1, [1, 2] * 6, ring=Ring.puupaa(0))
    deal = scored(table)
    assert (deal.data["taken"], deal.data["made"], deal.data["table_points"]) == ([0, 13], True, 70)
    assert deal.data["ace_points"] == [22, -22]
    assert deal.data["players"] == {"Aino": 92, "Eero": -92, "Sanni": -92}


def test_a_pass_misere_keeps_the_puupaa_the_dealers_partner():
    """All pass: Eero (dealer) plays with the puupää against Aino and Sanni; the centre goes round from
    Sanni, the puupää's card to Eero and Sanni's to Aino first.  Side Eero takes tricks 1, 3, ..., 11 and
    the aces of tricks 1 and 7; the other side 7 tricks and the aces of 4 and 10:
    Eero (7 - 6) + (14 - 8) = +7, Aino and Sanni -7 each."""
    table = live(alkupeli_per_sitsi=1, kotka_per_sitsi=0, sitsit=1)
    table.deal(1, ring=Ring.puupaa(1)).pass_(1).pass_(2).pass_(0)
    (ruling,) = table.last
    assert ruling.kind == "pass_misere" and ruling.data == {"dealer": 1, "leader": 2, "centre_out": True}
    for seat in (2, 3, 0, 1):
        table.move("centre", f"hand{seat}", by=1)
    assert table.engine.summary()["exchange"]["waiting"] == [[2, 0], [3, 1]]
    table.move("hand3", "hand1", by=1).give(2, 0).give(0, 2).move("hand1", "hand3", by=1)
    table.double(0)
    assert impossible(table) == "not_your_turn_to_double"
    play_out(table, 2, [1, 2, 3, 0] * 3, ring=Ring.puupaa(1))
    deal = scored(table)
    assert deal.data["taken"] == [6, 7] and deal.data["trick_points"] == [1, -1]
    assert deal.data["ace_points"] == [6, -6]
    assert deal.data["players"] == {"Aino": -7, "Eero": 7, "Sanni": -7}
    (misere,) = table.engine.sheet.to_json()["misere"]
    assert misere["aces"] == [[1, "As", 1], [4, "Ac", -4], [7, "Ad", 7], [10, "Ah", -10]]
    assert (misere["tricks"], misere["total"]) == (-1, -7)


def play_deal(table: Live, n: int) -> None:
    """Deal ``n`` of a scripted game: the dealer, his left or his right bids 5♥ (kotka 6♠), the others
    pass; the declarer takes the centre (gives first) in even deals, the puupää in odd ones; he keeps the
    bid; the declarers take one trick fewer than bid, just enough, one more, two more, just enough, and
    so on round."""
    deal = table.engine.deal
    dealer, kotka = deal.dealer, deal.form == "kotka"
    bidder = (dealer + n) % 3
    table.deal(dealer, centre=not kotka, ring=Ring.puupaa(dealer))
    for seat in [(dealer + k) % 3 for k in range(3)][:(bidder - dealer) % 3]:
        table.pass_(seat)
    table.bid(bidder, "6s" if kotka else "5h")
    for k in range(1, 7):
        table.pass_((bidder + k) % 3)
    first = bidder if n % 2 == 0 else 3
    mate = 3 if first == bidder else bidder
    if kotka:
        table.give(first, mate, 4).give(mate, first, 4)
    else:
        table.reveal(CENTRE).move("centre", f"hand{first}", by=bidder).move("centre", f"hand{first}", by=bidder)
        table.move("centre", f"hand{first}", by=bidder).move("centre", f"hand{first}", by=bidder)
        table.give(first, mate, 4)
        for seat in (0, 1, 2, 3):
            if seat != mate:
                table.give(mate, seat)
    table.pass_(bidder)
    ring = Ring.puupaa(bidder)
    leader = ring.left_of(bidder)
    taken = min((12 if kotka else 11) + (-1, 0, 1, 2, 0)[n % 5], 13)
    play_out(table, leader, [leader] * (13 - taken) + [bidder] * (taken - 1), trump="s" if kotka else "h",
             ring=ring)


def test_a_whole_three_player_game_of_24_deals_scores_and_replays_the_same():
    table = live()
    dealers = []
    for n in range(24):
        dealers.append(table.engine.deal.dealer)
        play_deal(table, n)
    assert dealers == [1, 2, 0] * 8
    assert not [r for r in table.rulings if r.kind in ("misdeal", "impossible")]
    scores = [r.data["players"] for r in table.rulings if r.kind == "deal_scored"]
    assert [r.data["contract"] for r in table.rulings if r.kind == "deal_scored"] == (["5h"] * 4 + ["6s"] * 4) * 3
    assert scores[:8] == [{"Aino": 5, "Eero": -5, "Sanni": 5}, {"Aino": 25, "Eero": -25, "Sanni": -25},
                          {"Aino": -27, "Eero": -27, "Sanni": 27}, {"Aino": -29, "Eero": 29, "Sanni": -29},
                          {"Aino": 35, "Eero": -35, "Sanni": -35}, {"Aino": 10, "Eero": 10, "Sanni": -10},
                          {"Aino": -35, "Eero": 35, "Sanni": -35}, {"Aino": 37, "Eero": -37, "Sanni": -37}]
    assert [r.kind for r in table.rulings if r.kind in ("sitsi_over", "reseated", "game_over")] == [
        "sitsi_over", "sitsi_over", "sitsi_over", "game_over"]
    sheet = table.engine.sheet.to_json()
    assert [(r["name"], r["sitsi"], r["final"]) for r in sheet["results"]] == SITSI_RESULTS
    assert table.engine.finished
    again = Referee.replay(table.events, "en")
    assert [r.to_json("en") for r in again.rulings] == [r.to_json("en") for r in table.ref.rulings]
    assert again.engine.sheet.to_csv() == table.engine.sheet.to_csv()


SITSI_RESULTS = [("Aino", [21, -109, -31], -119), ("Eero", [-55, -69, -77], -201), ("Sanni", [-139, 5, -97], -231)]


def test_three_player_settings_that_have_no_place_are_refused_by_name():
    with pytest.raises(ValueError, match="setting 'bookkeeper' must be a whole number 0-2, got 3"):
        live(bookkeeper=3)
    with pytest.raises(ValueError, match="setting 'bolsevikki_sitsit': the bolsevikki is one player against three"):
        live(bolsevikki_sitsit=[1])
    with pytest.raises(ValueError, match="setting 'seatings': with the puupää nobody changes seats"):
        live(seatings=[[0, 1, 2]] * 3)
    with pytest.raises(ValueError, match="setting 'puupaa_final_bid' must be one of one_call, bid_on"):
        Referee(GameStarted(t=0, game="skruuvi", players=PLAYERS, settings={"puupaa_final_bid": "twice"}))


def test_the_sheet_gives_every_players_points_on_each_deal_line_as_terminal_csv_and_json():
    table = live(alkupeli_per_sitsi=2, kotka_per_sitsi=1, sitsit=1)
    for n in range(3):
        play_deal(table, n)
    sheet = table.engine.sheet
    lines = sheet.render("fi").splitlines()
    assert "Sitsi 1: Aino, Eero, Sanni puupään kanssa" in lines
    assert [line.split() for line in lines if line.strip().startswith(("Jako", "Yhteensä", "Sopimus"))] == [
        ["Sopimus", "Me", "Yht", "Aino", "Eero", "Sanni"],
        ["Jako", "1", "5♥", "Eero", "+5", "5", "+5", "-5", "+5"],
        ["Jako", "2", "5♥", "Aino", "+25", "30", "+25", "-25", "-25"],
        ["Jako", "1", "6♠", "Sanni", "-37", "-7", "-37", "-37", "+37"],
        ["Yhteensä", "-7", "-7", "-67", "+17"]]
    assert [line.split() for line in lines if line.startswith(("Aino", "Eero", "Sanni"))] == [
        ["Aino", "-7", "-7"], ["Eero", "-67", "-67"], ["Sanni", "+17", "+17"]]
    assert sheet.to_csv().splitlines()[:4] == [
        "sitsi,form,number,contract,multiplier,by,dealer,me,total,Aino,Eero,Sanni",
        "1,alkupeli,1,5h,1,Eero,Eero,5,5,5,-5,5", "1,alkupeli,2,5h,1,Aino,Sanni,25,30,25,-25,-25",
        "1,kotka,1,6s,1,Sanni,Aino,-37,-7,-37,-37,37"]
    (sitsi,) = sheet.to_json()["sitsit"]
    assert sitsi["pairs"] == [] and sitsi["totals"] == {"Aino": -7, "Eero": -67, "Sanni": 17}
    assert [r["points"] for r in sitsi["kotka"]] == [{"Aino": -37, "Eero": -37, "Sanni": 37}]
    assert sheet.render("en").splitlines()[2] == "Sitsi 1: Aino, Eero, Sanni with the puupää"


def test_the_game_registry_seats_three_and_the_cli_plays_replays_and_sheets_a_three_player_log(tmp_path, capsys):
    from pelituomari.cli import main
    from pelituomari.game import GAMES
    from referee.events import write_jsonl

    skruuvi = GAMES["skruuvi"]
    assert skruuvi.seats == (3, 4) and skruuvi.players(3) == ("Pelaaja1", "Pelaaja2", "Pelaaja3")
    assert skruuvi.players(4) == skruuvi.players(2) == ("Pelaaja1", "Pelaaja2", "Pelaaja3", "Pelaaja4")
    assert sorted(skruuvi.layout((1000.0, 800.0), 3)) == sorted(skruuvi.layout((1000.0, 800.0), 4))  # its place
    table = live(alkupeli_per_sitsi=1, kotka_per_sitsi=1, sitsit=1)
    for n in range(2):
        play_deal(table, n)
    log = tmp_path / "puupaa.jsonl"
    log.write_text(write_jsonl(table.events), encoding="utf-8")
    assert main(["play", str(log), "--db", str(tmp_path / "games.db"), "--language", "en"]) == 0
    out = capsys.readouterr().out
    assert "[puupaa_look] Each player looks at four of the puupää's cards" in out
    assert main(["replay", str(log)]) == 0
    assert "Sitsi 1: Aino, Eero, Sanni puupään kanssa" in capsys.readouterr().out.splitlines()
    assert main(["sheet", str(log), "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == ["Aino,40,40,0,0,40", "Eero,-40,-40,0,0,-40",
                                                         "Sanni,-30,-30,0,0,-30"]
