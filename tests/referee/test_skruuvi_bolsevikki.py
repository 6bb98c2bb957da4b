"""Bolsevikki: the block of deals, who plays it, the exchange, the dictator, the doubling each
defender does for himself, the personal scoring and the book divided by three; the traditional
12-deal order."""

from tests.referee.make_skruuvi_log import Live, play_out

CENTRE = ("Kc", "Qc", "5c", "3c")
BLOCK = {"bolsevikki_sitsit": [1]}
ACES_1_4_5_10 = ["s", "s", "s", "c", "d", "c", "c", "d", "d", "h", "h", "h"]  # the suits of tricks 1-12


def impossible(live: Live) -> str:
    (ruling,) = live.last
    assert ruling.kind == "impossible"
    return ruling.reason


def round_of(live: Live, dealer: int, claims=()) -> Live:
    """The bolsevikki round: the seats in ``claims`` bid it, the others pass."""
    for k in range(4):
        seat = (dealer + k) % 4
        live.say(seat, "bolsevikki" if seat in claims else "pass")
    return live


def exchanged(live: Live, player: int) -> Live:
    live.reveal(CENTRE).take_centre(player)
    for k in (1, 2, 3):
        live.give(player, (player + k) % 4)
    return live


def bolsevikki_deal(live: Live, dealer: int, player: int) -> Live:
    live.deal(dealer)
    return exchanged(round_of(live, dealer, (player,)), player).pass_(player)


def scored(live: Live):
    return [r for r in live.rulings if r.kind == "deal_scored"][-1]


def test_the_block_opens_the_sitsi_and_one_claim_plays_it_the_niskamies_leading():
    live = Live(settings=BLOCK)
    assert (live.engine.deal.form, live.engine.deal.plan.centre) == ("bolsevikki", True)
    live.deal(1)
    round_of(live, 1, (2,))
    assert [(r.kind, r.seats, r.data) for r in live.last] == [
        ("bolsevikki_player", (2,), {"player": 2, "forced": False, "niskamies": 1})]
    exchanged(live, 2)
    assert live.engine.deal.hands == [13] * 4 and live.engine.deal.phase == "bolsevikki_call"
    live.pass_(2)
    assert [(r.kind, r.data["contract"], r.data["leader"]) for r in live.last] == [("contract", "7misere", 1)]


def test_the_handbooks_check_aces_in_tricks_1_4_5_10_defenders_40_player_120():
    live = bolsevikki_deal(Live(settings=BLOCK), 1, 2)
    play_out(live, 1, [1] * 12, order=ACES_1_4_5_10)
    ruling = scored(live)
    assert ruling.data["scores"] == [-40, -40, 120, -40]
    assert [a[0] for a in ruling.data["aces"]] == [1, 4, 5, 10]


def test_the_handbooks_check_with_one_defender_doubling_60_and_140():
    live = bolsevikki_deal(Live(settings=BLOCK), 1, 2)
    live.double(1)
    assert live.last[0].data == {"by": 1, "multiplier": 2}
    play_out(live, 1, [1] * 12, order=ACES_1_4_5_10)
    assert scored(live).data["scores"] == [-40, -60, 140, -40]


def test_each_doubler_alone_and_the_players_redouble_triples_the_doublers():
    live = bolsevikki_deal(Live(settings=BLOCK), 1, 2)
    live.double(3)
    assert impossible(live) == "not_your_turn_to_double"  # the niskamies first, then round past the player
    live.double(1).pass_(3).double(0).redouble(2)
    assert live.last[0].data == {"by": 2, "multiplier": 3}
    play_out(live, 1, [1] * 12, order=ACES_1_4_5_10)
    assert scored(live).data["scores"] == [-80, -80, 200, -40]
    assert scored(live).data["multipliers"] == {"0": 3, "1": 3, "3": 1}


def test_the_player_redoubles_only_after_all_three_and_only_a_double():
    live = bolsevikki_deal(Live(settings=BLOCK), 1, 2)
    live.redouble(2)
    assert impossible(live) == "nothing_to_redouble"
    live.passes(1, 1).pass_(3).pass_(0).redouble(2)
    assert impossible(live) == "doubling_over"


def test_a_defender_speaking_after_the_exchange_means_the_player_kept_seven_misere():
    live = exchanged(round_of(Live(settings=BLOCK).deal(1), 1, (2,)), 2)
    live.double(1)
    assert [r.kind for r in live.last] == ["contract", "doubled"]
    assert live.engine.deal.contract.text == "7misere"


def test_two_claims_the_first_claimant_chooses_who_plays():
    live = Live(settings=BLOCK).deal(1)
    round_of(live, 1, (1, 3))
    assert [(r.kind, r.seats, r.data) for r in live.last] == [
        ("bolsevikki_claims", (1,), {"claimants": [1, 3], "chooser": 1})]
    live.say(3, "pass")
    assert impossible(live) == "not_your_turn_to_bid"
    live.pass_(1)
    assert live.last[0].data["player"] == 3


def test_three_claims_the_first_then_the_second_choose():
    live = Live(settings=BLOCK).deal(1)
    round_of(live, 1, (1, 2, 3))
    live.pass_(1).say(2, "bolsevikki")
    assert [(r.kind, r.data["player"]) for r in live.last] == [("bolsevikki_player", 2)]


def test_nobody_bidding_throws_the_deal_in_and_a_player_plays_it_once_only():
    live = Live(settings=BLOCK).deal(1)
    round_of(live, 1)
    assert [(r.kind, r.data) for r in live.last] == [("thrown_in", {"deal": 1})]
    assert (live.engine.deal.dealer, live.engine.deal.form) == (2, "bolsevikki")
    bolsevikki_deal(live, 2, 2)
    play_out(live, 1, [1] * 12)
    live.deal(3).say(3, "pass").say(0, "pass").say(1, "pass").say(2, "bolsevikki")
    assert impossible(live) == "bolsevikki_already_played"
    book = live.engine.sheet.to_json()["bolsevikki"]["rows"]
    assert [(row["form"], row["number"]) for row in book] == [("thrown_in", 1), ("bolsevikki", 2)]


def test_with_as_many_deals_left_as_players_yet_to_play_the_first_of_them_must_play():
    live = Live(settings={**BLOCK, "bolsevikki_block_deals": 4}).deal(1)
    assert [(r.kind, r.data) for r in live.last] == [("bolsevikki_forced", {"yet_to_play": [0, 1, 2, 3]})]
    round_of(live, 1)
    assert [(r.kind, r.data) for r in live.last] == [
        ("bolsevikki_player", {"player": 1, "forced": True, "niskamies": 0})]


def test_the_dictator_raises_to_seven_of_a_trump_or_grand():
    live = exchanged(round_of(Live(settings=BLOCK).deal(1), 1, (2,)), 2)
    live.bid(2, "6grand")
    assert [(r.kind, r.data.get("bid") or r.data["contract"]) for r in live.last] == [
        ("bid_raised", "7grand"), ("contract", "7grand")]
    live = exchanged(round_of(Live(settings=BLOCK).deal(1), 1, (2,)), 2)
    live.bid(2, "7h")
    play_out(live, 1, [2] * 12, trump="h")
    ruling = scored(live)
    assert ruling.data["contract"] == "7h" and ruling.data["scores"] == [-50, -50, 150, -50]


def test_the_block_ends_once_all_four_have_played_and_the_book_enters_a_third():
    live = Live(settings=BLOCK)
    for dealer, player in ((1, 2), (2, 3), (3, 0), (0, 1)):
        bolsevikki_deal(live, dealer, player)
        play_out(live, (player + 3) % 4, [(player + 3) % 4] * 12, order=ACES_1_4_5_10)
    assert (live.engine.deal.form, live.engine.deal.dealer) == ("alkupeli", 1)
    results = live.engine.sheet.bolsevikki_results()
    assert results == {name: {"total": 0, "result": 0} for name in ("Aino", "Eero", "Sanni", "Ville")}
    book = live.engine.sheet.to_json()["bolsevikki"]["rows"]
    assert [row["points"]["Sanni"] for row in book] == [120, -40, -40, -40]


def test_the_traditional_order_opens_each_deal_with_a_bolsevikki_round():
    live = Live(settings={**BLOCK, "bolsevikki_order": "traditional"}).deal(1)
    assert live.engine.deal.phase == "bolsevikki_round"
    round_of(live, 1)
    assert [(r.kind, r.data) for r in live.last] == [("no_bolsevikki", {"form": "alkupeli"})]
    live.passes(1, 4)  # the next round is the usual first round: all pass, a pass misère
    assert live.last[0].kind == "pass_misere"


def test_the_traditional_kotka_deals_centre_cards_and_sends_them_out_unseen_if_nobody_bids():
    live = Live(settings={**BLOCK, "bolsevikki_order": "traditional", "alkupeli_per_sitsi": 0}).deal(1)
    assert live.engine.deal.centre == 4 and live.engine.deal.hands == [12] * 4
    round_of(live, 1)
    assert [(r.kind, r.data) for r in live.last] == [("no_bolsevikki", {"form": "kotka"})]
    for seat in (2, 3, 0, 1):
        live.move("centre", f"hand{seat}", by=1)
    assert (live.engine.deal.phase, live.engine.deal.hands) == ("bidding", [13] * 4)
    live.bid(1, "1s")
    assert live.last[0].data == {"said": "1s", "bid": "6s"}


def test_a_traditional_claim_makes_the_deal_a_bolsevikki():
    live = Live(settings={**BLOCK, "bolsevikki_order": "traditional"}).deal(1)
    round_of(live, 1, (0,))
    assert live.engine.deal.form == "bolsevikki"
    exchanged(live, 0).pass_(0)
    play_out(live, 3, [3] * 12)
    assert live.engine.plan.bolsevikki_played == {0} and live.engine.plan.played_alkupeli == 0


def test_the_traditional_order_forces_a_bolsevikki_once_the_alkupeli_and_kotka_are_played():
    live = Live(settings={**BLOCK, "bolsevikki_order": "traditional", "alkupeli_per_sitsi": 1, "kotka_per_sitsi": 0})
    round_of(live.deal(1), 1)
    live.passes(1, 4)
    for seat in (2, 3, 0, 1):
        live.move("centre", f"hand{seat}", by=1)
    live.give(2, 0).give(3, 1).give(0, 2).give(1, 3)
    play_out(live, 2, [2] * 12)
    live.deal(2)
    assert [(r.kind, r.data) for r in live.last] == [("bolsevikki_forced", {"yet_to_play": [0, 1, 2, 3]})]
    round_of(live, 2)
    assert live.last[0].data == {"player": 2, "forced": True, "niskamies": 1}
