"""Skruuvi's rules, each pinned by kinds, seats, data and reasons: the game's order, the deal, the
bidding, the exchanges, the doubling and the play (bookkeeper in seat 0: the first dealer is seat 1)."""

import pytest

from referee.core import Referee
from referee.events import CardMoved, Declared, GameStarted
from referee.skruuvi.schedule import SitsiPlan, default_seatings
from tests.referee.make_skruuvi_log import Live, play_out

CENTRE = ("Kc", "Qc", "5c", "3c")
OPENING = ["alkupeli"] * 4 + ["kotka"] * 4


def impossible(live: Live) -> str:
    (ruling,) = live.last
    assert ruling.kind == "impossible"
    return ruling.reason


def bid_to_exchange(live: Live, opening: str = "1h", dealer: int = 1) -> Live:
    """The dealer opens, everyone passes twice."""
    live.deal(dealer, centre=live.engine.deal.plan.centre)
    live.bid(dealer, opening).passes(dealer + 1, 8)
    return live


def alkupeli_exchange(live: Live, taker: int = 1) -> Live:
    mate = (taker + 2) % 4
    live.reveal(CENTRE).take_centre(taker).give(taker, mate, 4)
    return live.give(mate, taker).give(mate, (mate + 1) % 4).give(mate, (mate + 3) % 4)


def to_contract(live: Live, contract: str = "5h", opening: str = "1h") -> Live:
    """Seat 1 opens, takes the centre, exchanges and bids the contract; all pass."""
    bid_to_exchange(live, opening)
    alkupeli_exchange(live)
    if contract == opening:
        return live.passes(1, 4, step=2)
    return live.bid(1, contract).passes(3, 4, step=2)


def pass_misere(live: Live, dealer: int = 1) -> Live:
    live.deal(dealer, centre=live.engine.deal.plan.centre).passes(dealer, 4)
    if live.engine.deal.centre:
        for k in range(1, 5):
            live.move("centre", f"hand{(dealer + k) % 4}", by=dealer)
    first = ((dealer + 1) % 4, (dealer + 2) % 4)
    for seat in first:
        live.give(seat, (seat + 2) % 4)
    for seat in first:
        live.give((seat + 2) % 4, seat)
    return live


def scored(live: Live):
    (ruling,) = [r for r in live.rulings if r.kind == "deal_scored"][-1:]
    return ruling


# ---------------------------------------------------------------- the game's order


def test_each_player_partners_every_other_once_and_the_bookkeeper_keeps_his_seat():
    seatings = default_seatings(0, 3)
    assert seatings == [(0, 1, 2, 3), (0, 3, 1, 2), (0, 2, 3, 1)]
    partners = {frozenset((s[0], s[2])) for s in seatings} | {frozenset((s[1], s[3])) for s in seatings}
    assert len(partners) == 6
    assert default_seatings(2, 3)[1] == (3, 0, 2, 1)


def test_seatings_given_in_the_settings_keep_the_bookkeeper_in_his_seat():
    live = Live(settings={"seatings": [[0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]})
    assert live.engine.seatings == [(0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2)]
    with pytest.raises(ValueError, match=r"the bookkeeper \(player 0\) keeps seat 0 in every sitsi, sitsi 2 has"):
        Live(settings={"seatings": [[0, 1, 2, 3], [1, 0, 2, 3], [0, 3, 1, 2]]})
    with pytest.raises(ValueError, match="setting 'seatings' must list 3 seatings, one per sitsi"):
        Live(settings={"seatings": [[0, 1, 2, 3]]})
    with pytest.raises(ValueError, match=r"sitsi 1 must place players 0-3 in seats 0-3, got \[0, 1, 1, 3\]"):
        Live(settings={"seatings": [[0, 1, 1, 3]] * 3})


def test_a_sitsi_is_four_alkupeli_then_four_kotka_and_a_game_three_sitsi():
    plan = SitsiPlan(4, 4, None)
    forms = []
    while (deal := plan.next()) is not None:
        forms.append((deal.form, deal.centre))
        plan.record(deal, deal.form)
    assert forms == [("alkupeli", True)] * 4 + [("kotka", False)] * 4


def test_the_first_dealer_sits_left_of_the_bookkeeper_and_the_deal_and_the_decks_pass_on():
    live = Live()
    assert (live.engine.deal.dealer, live.engine.deal.deck) == (1, "blue")
    pass_misere(live)
    play_out(live, 2, [2] * 12)
    assert (live.engine.deal.dealer, live.engine.deal.deck, live.engine.deal.number) == (2, "red", 2)
    assert Live(settings={"bookkeeper": 2}).engine.deal.dealer == 3


def test_a_shorter_game_is_a_setting_and_unknown_settings_are_refused_by_name():
    live = Live(settings={"alkupeli_per_sitsi": 1, "kotka_per_sitsi": 1, "sitsit": 1})
    pass_misere(live)
    play_out(live, 2, [2] * 12)
    pass_misere(live, dealer=2)
    play_out(live, 3, [3] * 12)
    assert [r.data["form"] for r in live.rulings if r.kind == "deal_scored"] == ["alkupeli", "kotka"]
    assert live.engine.finished and live.kinds()[-2:] == ["sitsi_over", "game_over"]
    with pytest.raises(ValueError, match="unknown setting 'kotkat'"):
        Referee(GameStarted(t=0, game="skruuvi", players=("A", "B", "C", "D"), settings={"kotkat": 4}))
    with pytest.raises(ValueError, match="setting 'low_final_contract' must be one of raise, refuse"):
        Live(settings={"low_final_contract": "ignore"})
    with pytest.raises(ValueError, match="skruuvi is for four players, or three with the puupää, got 2"):
        Referee(GameStarted(t=0, game="skruuvi", players=("A", "B")))


def test_after_a_sitsi_the_players_change_seats():
    live = Live(settings={"alkupeli_per_sitsi": 1, "kotka_per_sitsi": 0, "sitsit": 2})
    pass_misere(live)
    play_out(live, 2, [2] * 12)
    assert live.kinds()[-3:] == ["deal_scored", "sitsi_over", "reseated"]
    assert live.last[-1].data == {"sitsi": 2, "seats": ["Aino", "Ville", "Eero", "Sanni"]}
    assert live.engine.deal.dealer == 1


# ---------------------------------------------------------------- the deal


def test_no_ace_or_two_may_lie_on_top_of_the_shuffled_deck():
    live = Live()
    assert (live.engine.summary()["shuffler"], live.engine.summary()["cutter"]) == (2, 0)
    live.reveal(["2h"], zone="deck")
    assert [(r.kind, r.seats, r.data) for r in live.last] == [("reshuffle", (2,), {"card": "2h", "shuffler": 2})]
    live.reveal(["Kd"], zone="deck")
    assert live.last == []
    live.deal(1).reveal(["5s"], zone="deck")
    assert impossible(live) == "deck_top_not_now"


def test_alkupeli_deals_twelve_each_and_four_to_the_centre_kotka_thirteen():
    live = Live()
    live.deal(1)
    assert (live.engine.deal.hands, live.engine.deal.centre, live.engine.deal.phase) == ([12] * 4, 4, "bidding")
    kotka = Live(settings={"alkupeli_per_sitsi": 0})
    kotka.deal(1, centre=False)
    assert (kotka.engine.deal.hands, kotka.engine.deal.centre) == ([13] * 4, 0)


def test_a_card_too_many_is_impossible():
    live = Live()
    for _ in range(4):
        live.move("deck", "centre", by=1)
    live.move("deck", "centre", by=1)
    assert impossible(live) == "deal_too_many"


def test_centre_cards_are_never_the_first_card_nor_four_in_a_row_and_the_deal_goes_clockwise():
    live = Live()
    live.move("deck", "centre", by=1)
    assert [(r.kind, r.data["fault"]) for r in live.last] == [("misdeal", "end_card")]
    for _ in range(3):
        live.move("deck", "centre", by=1)
    assert [r.data["fault"] for r in live.last] == ["four_in_a_row"]
    live.move("deck", "hand3", by=1)
    assert [(r.data["fault"], r.seats) for r in live.last] == [("order", (1,))]


def test_bidding_before_the_camera_saw_the_whole_deal_takes_the_rest_as_dealt_unseen():
    live = Live()
    for seat in (2, 3, 0):
        live.move("deck", f"hand{seat}", by=1)
    live.pass_(1)
    assert live.last[0].kind == "deal_unseen"
    assert live.last[0].data["missing"] == {"hand0": 11, "hand1": 12, "hand2": 11, "hand3": 11, "centre": 4}
    assert live.engine.deal.hands == [12] * 4


# ---------------------------------------------------------------- bidding


def test_an_insufficient_bid_is_raised_in_its_strain_4d_then_4c_is_5c():
    live = Live()
    live.deal(1).bid(1, "4d").bid(2, "4c")
    assert [(r.kind, r.seats, r.data) for r in live.last] == [("bid_raised", (2,), {"said": "4c", "bid": "5c"})]
    assert live.engine.deal.auction.high.text == "5c"


def test_in_kotka_a_bid_below_six_is_raised_1h_is_6h():
    live = Live(settings={"alkupeli_per_sitsi": 0})
    live.deal(1, centre=False).bid(1, "1h")
    assert live.last[0].data == {"said": "1h", "bid": "6h"}
    live.bid(2, "6misere").bid(3, "6h")  # misère above the suits in kotka
    assert live.last[0].data == {"said": "6h", "bid": "7h"}


def test_misere_is_the_lowest_strain_in_alkupeli():
    live = Live()
    live.deal(1).bid(1, "1s").bid(2, "1misere")
    assert live.last[0].data == {"said": "1misere", "bid": "2misere"}
    live.bid(3, "2s").bid(0, "2grand")
    assert live.last == []


def test_no_bid_above_seven_grand_and_bids_in_turn_only():
    live = Live()
    live.deal(1).bid(1, "7grand").bid(2, "7h")
    assert impossible(live) == "bid_cannot_be_raised"
    live.bid(3, "1h")
    assert impossible(live) == "not_your_turn_to_bid" and live.last[0].seats == (3,)
    live.bid(2, "five hearts")
    assert impossible(live) == "not_a_bid"


def test_all_passing_in_the_first_round_is_a_pass_misere_led_from_the_dealers_left():
    live = Live()
    live.deal(1).passes(1, 4)
    assert [(r.kind, r.data) for r in live.last] == [("pass_misere", {"dealer": 1, "leader": 2, "centre_out": True})]


def test_the_bidding_ends_when_every_player_has_passed_twice_in_a_row():
    live = Live()
    live.deal(1).bid(1, "1s").pass_(2).bid(3, "1d").pass_(0)
    live.passes(1, 4)  # a round of passes: seats 1 and 3 have passed once only
    assert live.engine.deal.phase == "bidding"
    live.bid(1, "1h").passes(2, 7)
    assert live.engine.deal.phase == "bidding"
    live.pass_(1)
    assert [(r.kind, r.seats, r.data) for r in live.last] == [("bidding_over", (1,), {"bid": "1h", "taker": 1})]


# ---------------------------------------------------------------- exchanges and the contract


def test_the_taker_shows_takes_and_gives_four_and_the_partner_gives_one_to_each():
    live = bid_to_exchange(Live())
    live.move("centre", "hand1", by=1)
    assert impossible(live) == "centre_not_shown"
    live.reveal(CENTRE).take_centre(1)
    live.give(3, 1)
    assert impossible(live) == "exchange_out_of_order"
    live.give(1, 0)
    assert impossible(live) == "exchange_not_expected"
    live.give(1, 3, 4).give(3, 1).give(3, 0).give(3, 2)
    assert (live.engine.deal.hands, live.engine.deal.phase) == ([13] * 4, "continuation")
    assert live.engine.summary()["centre_cards"] == list(CENTRE)


def test_kotka_the_taker_gives_four_and_gets_four_back():
    live = Live(settings={"alkupeli_per_sitsi": 0})
    live.deal(1, centre=False).bid(1, "6s").passes(2, 8)
    live.give(3, 1)
    assert impossible(live) == "exchange_out_of_order"
    live.give(1, 3, 4).give(3, 1, 4)
    assert (live.engine.deal.hands, live.engine.deal.phase) == ([13] * 4, "continuation")
    live.passes(1, 4, step=2)  # kotka: the opponents swap nothing, the doubling is next
    assert live.last[0].data == {"contract": "6s", "by": 1, "declarers": [1, 3], "leader": 2, "opponents_swap": False}
    assert live.engine.deal.phase == "doubling"


def test_only_the_declarers_bid_on_the_taker_first():
    live = alkupeli_exchange(bid_to_exchange(Live()))
    live.bid(2, "5h")
    assert impossible(live) == "not_a_declarer"
    live.bid(3, "5h")
    assert impossible(live) == "not_your_turn_to_bid"
    live.pass_(1).bid(3, "5s").passes(1, 4, step=2)
    (contract,) = [r for r in live.last if r.kind == "contract"]
    assert contract.seats == (1, 3)
    assert contract.data == {"contract": "5s", "by": 3, "declarers": [1, 3], "leader": 0, "opponents_swap": True}


def test_a_final_contract_below_five_is_raised_to_five_in_its_strain():
    live = alkupeli_exchange(bid_to_exchange(Live(), opening="2d"))
    live.passes(1, 4, step=2)
    assert [(r.kind, r.data) for r in live.last][0] == ("contract_raised", {"from": "2d", "to": "5d"})
    assert live.engine.deal.contract.text == "5d"


def test_a_final_contract_below_five_may_instead_refuse_the_last_pass():
    live = alkupeli_exchange(bid_to_exchange(Live(settings={"low_final_contract": "refuse"}), opening="2d"))
    live.passes(1, 4, step=2)
    assert impossible(live) == "final_contract_below_five"
    live.bid(3, "5d").passes(1, 4, step=2)
    assert live.engine.deal.contract.text == "5d"


def test_the_opponents_swap_unless_the_declarers_opened_at_six_in_the_first_round():
    live = to_contract(Live(), "6misere", opening="6misere")
    assert live.last[-1].data["opponents_swap"] is False
    assert live.engine.deal.phase == "doubling"

    swapping = to_contract(Live())
    assert swapping.engine.deal.phase == "swap"
    swapping.give(0, 2)
    assert impossible(swapping) == "exchange_out_of_order"  # the opponent on the final bidder's left first
    swapping.give(2, 0).give(0, 2)
    assert swapping.engine.deal.phase == "doubling" and swapping.engine.deal.hands == [13] * 4


def test_a_declarers_first_bid_at_six_in_a_later_round_bars_the_swap_only_by_rulings_wording():
    def later_six(settings):
        live = Live(settings=settings)
        live.deal(1).pass_(1).bid(2, "1h").passes(3, 2).passes(1, 2).bid(3, "6misere").passes(0, 8)  # round 2
        live.reveal(CENTRE).take_centre(3).give(3, 1, 4).give(1, 3).give(1, 0).give(1, 2)
        return live.passes(3, 4, step=2)
    assert later_six({}).engine.deal.swap_allowed is True
    assert later_six({"opponents_swap_rule": "pair_opening"}).engine.deal.swap_allowed is False


def test_the_swap_is_optional_and_may_not_stop_half_way():
    live = to_contract(Live())
    live.give(2, 0).double(2)
    assert impossible(live) == "swap_not_finished"
    skipped = to_contract(Live())
    skipped.double(2)
    assert [(r.kind, r.data) for r in skipped.last] == [("doubled", {"by": 2, "multiplier": 2})]


def test_pass_misere_in_alkupeli_deals_the_centre_out_then_both_pairs_swap_one():
    live = Live()
    live.deal(1).passes(1, 4)
    live.move("centre", "hand3", by=1)
    assert impossible(live) == "exchange_out_of_order"  # one at a time clockwise from the dealer's left
    for seat in (2, 3, 0, 1):
        live.move("centre", f"hand{seat}", by=1)
    live.give(0, 2)
    assert impossible(live) == "exchange_out_of_order"  # the dealer's partner and left opponent give first
    live.give(3, 1).give(2, 0).give(1, 3).give(0, 2)
    assert (live.engine.deal.phase, live.engine.deal.hands) == ("doubling", [13] * 4)


# ---------------------------------------------------------------- doubling


def test_doubling_goes_left_of_the_final_bidder_first_then_his_partner_then_the_redoublers():
    live = to_contract(Live(), "5misere", opening="5misere")
    live.double(0)
    assert impossible(live) == "not_your_turn_to_double"
    live.double(1)
    assert impossible(live) == "may_not_double"
    live.redouble(2)
    assert impossible(live) == "nothing_to_redouble"
    live.pass_(2).double(0)
    live.redouble(3)
    assert impossible(live) == "not_your_turn_to_double"  # the declarer on the doubler's left first
    live.pass_(1).redouble(3)
    assert [(r.kind, r.seats, r.data) for r in live.last] == [("redoubled", (3,), {"by": 3, "multiplier": 3})]


def test_a_redoubled_contract_scores_three_times():
    live = to_contract(Live(), "5h", opening="1h")
    live.double(2).redouble(3)
    play_out(live, 2, [1, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 0], trump="h")  # declarers 11, trick 13 to seat 0
    ruling = scored(live)
    assert ruling.data["multiplier"] == 3
    assert ruling.data["tricks"] == [2, 11] and ruling.data["scores"] == [-75, 75, -75, 75]


def test_pass_misere_doubling_starts_with_the_dealer():
    live = pass_misere(Live())
    live.double(2)
    assert impossible(live) == "not_your_turn_to_double"
    live.pass_(1).double(2).redouble(3)
    assert live.last[0].data == {"by": 3, "multiplier": 3}


# ---------------------------------------------------------------- play


def test_the_opponent_left_of_the_final_bidder_leads_and_trumps_win():
    live = to_contract(Live(), "5h")
    live.play(3, "2s")
    assert [(r.kind, r.data["leader"]) for r in live.last] == [("lead_out_of_turn", 2)]
    live = to_contract(Live(), "5h")
    live.trick(2, "As", "Ks", "3h", "Qs")
    (won,) = live.last
    assert (won.kind, won.seats, won.data["trick"], won.data["winner"]) == ("trick_won", (0,), 1, 0)
    live.trick(0, "Kd", "2h", "Ad", "3d")
    assert live.last[0].data["winner"] == 1


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    live = to_contract(Live(), "5grand")
    live.trick(2, "9s", "Ah", "Ts", "2s")
    assert live.last[0].data["winner"] == 0


def test_thirteen_tricks_end_the_deal_and_score_it():
    live = to_contract(Live(), "5h")
    play_out(live, 2, [0] + [1, 3] * 5 + [1], trump="h")
    ruling = scored(live)
    assert ruling.data["tricks"] == [1, 12]  # trick 13: the jacks, led by the last winner, seat 1
    assert ruling.data["scores"] == [-27, 27, -27, 27] and ruling.data["overtricks"] == 1
    assert live.engine.deal.number == 2 and live.engine.deal.phase == "deal"


def test_a_revoke_found_later_costs_two_penalty_tricks():
    live = to_contract(Live(), "5grand")
    live.trick(2, "2s", "Ks", "3d", "As")  # seat 0 shows out of spades
    live.trick(1, "Kh", "Qh", "Ah", "4s")  # a spade from seat 0 after all
    assert [r.kind for r in live.last] == ["revoke", "trick_won"]
    revoke = live.last[0]
    assert (revoke.seats, revoke.penalty, revoke.unit) == ((0,), 2, "trick")
    assert revoke.data == {"trick": 1, "suit": "s", "card": "4s", "found_in": 2}


# A 5 grand by seat 1 that takes 11 tricks, seat 3 revoking in trick 1 (3d on spades, 6s in trick 2).
REVOKED_GRAND = [
    (2, "2s 3d 4s As"), (1, "Ks 5s 6s 7s"), (1, "Qs 8s 9s Ts"), (1, "Js 3s 2h 3h"), (1, "Ah 4h 5h 6h"),
    (1, "Kh 7h 8h 9h"), (1, "Qh Th Jh 2c"), (1, "Ac 3c 4c 5c"), (1, "Kc 6c 7c 8c"), (1, "Qc 9c Tc Jc"),
    (1, "Ad 2d 4d 5d"), (1, "6d Kd 7d 8d"), (2, "Qd 9d Td Jd"),
]


def test_a_made_five_with_a_revoke_found_later_is_two_down():
    live = to_contract(Live(), "5grand")
    for leader, cards in REVOKED_GRAND:
        live.trick(leader, *cards.split())
    ruling = scored(live)
    assert [r.data["trick"] for r in live.rulings if r.kind == "revoke"] == [1]
    assert ruling.data["taken"] == [2, 11] and ruling.data["tricks"] == [4, 9]
    assert (ruling.data["made"], ruling.data["down"], ruling.data["scores"]) == (False, 2, [10, -10, 10, -10])


def test_a_revoke_noticed_in_the_trick_leaves_a_penalty_card_and_the_right_card_is_played():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(3, "4d").play(3, "4s")
    (fixed,) = live.last
    assert (fixed.kind, fixed.seats, fixed.penalty, fixed.unit) == ("revoke_corrected", (3,), 1, "card")
    assert fixed.data == {"trick": 1, "card": "4d", "replaced_by": "4s"}
    live.play(0, "As").play(1, "3s")
    assert live.last[0].data["cards"] == ["2s", "4s", "As", "3s"]
    assert live.engine.summary()["play"]["penalty_cards"] == {"3": ["4d"]}


def test_the_trick_lies_open_for_a_correction_until_the_next_lead():
    live = to_contract(Live(), "5h")
    live.trick(2, "2s", "Ks", "3s", "4d")  # seat 1 discards last; seat 3 won
    live.play(1, "5s")
    fixed, choice = live.last
    assert fixed.kind == "revoke_corrected" and fixed.data["winner"] == 3
    assert (choice.kind, choice.seats) == ("penalty_choice", (0, 2))  # seat 3 leads for the offenders
    assert live.engine.deal.play.tricks[0].plays[3] == (1, "5s")


def test_a_penalty_card_must_be_played_when_its_suit_is_led():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(3, "4d").play(3, "4s").play(0, "As").play(1, "3s")  # seat 0 wins; 4d is out
    live.play(0, "Kd").play(1, "2d").play(2, "3d").play(3, "9d")
    assert impossible(live) == "must_play_penalty_card"
    live.play(3, "4d", zone="penalty3")
    assert live.last[0].data["cards"] == ["Kd", "2d", "3d", "4d"]
    assert live.engine.summary()["play"]["penalty_cards"] == {}


def test_when_the_offenders_side_leads_the_opponents_may_demand_or_forbid_the_suit():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(3, "4d").play(3, "As").play(0, "3s").play(1, "Ks")  # seat 3 wins and leads
    choice = live.last[-1]
    assert (choice.kind, choice.seats, choice.data) == ("penalty_choice", (0, 2), {"cards": ["4d"], "leader": 3})
    live.say(3, "forbid", "d")
    assert impossible(live) == "not_an_opponent"
    live.say(0, "forbid", "c")
    assert impossible(live) == "not_a_penalty_suit"
    live.say(0, "demand", "d")
    assert [(r.kind, r.seats, r.data) for r in live.last] == [("lead_demanded", (3,), {"suit": "d", "by": 0})]
    live.play(3, "Kc")
    assert impossible(live) == "must_lead_demanded_suit"
    live.play(3, "Ad")
    assert impossible(live) == "must_play_penalty_card"
    live.play(3, "4d", zone="penalty3")
    assert live.last == []


def test_a_forbidden_suit_may_not_be_led():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(3, "4d").play(3, "As").play(0, "3s").play(1, "Ks")
    live.say(2, "forbid", "d").play(3, "Ad")
    assert impossible(live) == "suit_forbidden"
    live.play(3, "Kc")
    assert live.last == []


def test_a_lead_by_the_leaders_partner_gives_the_opponents_the_choice_at_once():
    live = to_contract(Live(), "5h")
    live.play(0, "Qd")
    assert [(r.kind, r.seats, r.penalty) for r in live.last] == [("lead_out_of_turn", (0,), 1),
                                                                 ("penalty_choice", (1, 3), 0)]
    live.say(1, "demand", "d").play(2, "2c")
    assert live.last == []  # seat 2 has no diamonds, it says; one later would be a revoke
    live.play(3, "3c").play(0, "Qd", zone="penalty0").play(1, "Ac")
    assert [r.kind for r in live.last] == ["trick_won"]
    live.play(1, "2h").play(2, "Td")
    assert [r.kind for r in live.last] == ["revoke"] and live.last[0].data["trick"] == 1


def test_a_card_played_stands_and_a_refused_card_goes_back():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(3, "3s")
    live.move("trick", "hand3", card="3s", by=3)
    assert impossible(live) == "played_card_stands"
    live.play(3, "5s")
    assert impossible(live) == "already_played_to_trick"  # a fifth card, as it were
    live.play(0, "2s")
    assert impossible(live) == "card_already_played"
    live.move("trick", "hand0", card="2s")
    assert impossible(live) == "played_card_stands"
    live.move("hand0", "trick", face_up=True, by=0)
    assert impossible(live) == "card_unread"


def test_a_card_out_of_turn_within_a_trick_stands_without_penalty():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").play(0, "As")
    (ruling,) = live.last
    assert (ruling.kind, ruling.seats, ruling.penalty, ruling.data) == ("played_out_of_turn", (0,), 0,
                                                                         {"card": "As", "expected": 3})
    live.play(3, "3s").play(1, "4s")
    assert live.last[0].data["winner"] == 0


def test_the_tricks_turn_towards_the_side_that_won_them():
    live = to_contract(Live(), "5h")
    live.trick(2, "2s", "Ks", "3s", "4s").gather(1, 3)
    assert live.last == []
    live.move("trick", "tricks2")
    assert [(r.kind, r.data) for r in live.last] == [("trick_misplaced", {"trick": 1, "winner": 3})]
    live.move("trick", "tricks3")
    assert impossible(live) == "nothing_to_gather"


def test_demands_and_calls_out_of_place_are_impossible_with_a_reason():
    live = to_contract(Live(), "5h")
    live.play(2, "2s").say(0, "demand", "s")
    assert impossible(live) == "no_choice_now"
    live.say(0, "shout")
    assert impossible(live) == "unknown_declaration"
    live.bid(2, "6h")
    assert impossible(live) == "not_now"
    live.ref.push(Declared(t=live.t, by=7, what="pass"))
    assert live.ref.rulings[-1].reason == "seat_unknown"
    live.ref.push(CardMoved(t=live.t, from_zone="hand2", to_zone="pile", card="As"))
    assert live.ref.rulings[-1].reason == "zone_unknown"
    live.ref.push(CardMoved(t=live.t, from_zone="trick", to_zone="centre"))  # no card read, nowhere it could go
    assert live.ref.rulings[-1].reason == "move_not_understood"


def test_messages_are_worded_in_both_languages():
    live = Live(language="fi")
    live.deal(1).bid(1, "4d").bid(2, "4c")
    (ruling,) = live.last
    assert ruling.fi == "Maalaus 4♣ on liian matala: se nousee 5♣:ksi."
    assert ruling.en == "The bid 4♣ is too low: it becomes 5♣."
    live.bid(0, "1h")
    assert live.ref.rulings[-1].fi == "Aino ei ole vuorossa: nyt maalaa Ville."
    exchange = bid_to_exchange(Live(language="fi"))
    exchange.move("centre", "hand1", by=1)
    assert exchange.last[0].fi == "Keskikortit on näytettävä ennen kuin ne nostetaan."
    exchange.reveal(CENTRE).take_centre(1).give(3, 1)
    assert (exchange.last[0].fi, exchange.last[0].en) == ("Ville → Eero tulee vasta myöhemmin; ensin Eero → Ville.",
                                                          "Ville → Eero comes later; first Eero → Ville.")
