"""The gin rummy referee, rule by rule: ruling kinds, seats, data and reasons."""

import pytest

import referee.gin  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import CardMoved, DieSettled, GameStarted
from referee.gin.cards import DECK
from tests.referee.strategies_gin import Table

AINO, EERO = 0, 1
# Eero's ten cards in the standard hand below: a run, a set, and 6 points of deadwood
EERO_MELDS = ("3h", "4h", "5h", "6h", "9s", "9d", "9c")
EERO_DEADWOOD = ("As", "2d", "3s")
# Aino's: a set, two cards that lay off (7h on the run, 9h on the set), 37 points of deadwood
AINO_MELDS = ("Js", "Jh", "Jd")
AINO_LAY_OFFS = ("7h", "9h")
AINO_DEADWOOD = ("4c", "5s", "8d", "Tc", "Ks")


def referee(tb: Table) -> Referee:
    return Referee.replay(tb.events, language="en")


def rulings(tb: Table, skip=("hand_dealt",)):
    return [r for r in referee(tb).rulings if r.kind not in skip]


def kinds(tb: Table, skip=("hand_dealt",)):
    return [(r.kind, r.seats) for r in rulings(tb, skip)]


def state(tb: Table) -> dict:
    return referee(tb).engine.summary()


def dealt(upcard: str = "2c", dealer: int = AINO, **settings) -> Table:
    tb = Table(settings={"first_dealer": dealer, **settings})
    return tb.deal(dealer).upcard(upcard)


def to_the_knock(value=6, declare_first=False, **settings) -> Table:
    """Both pass the upcard, Eero draws and throws the Kd, Aino the Qs, Eero draws and knocks."""
    tb = dealt(**settings).pass_(EERO).pass_(AINO)
    tb.turn(EERO, "Kd").turn(AINO, "Qs")
    return tb.draw(EERO).knock(EERO, value, declare_first=declare_first)


def shown_standard(tb: Table, lay_offs=AINO_LAY_OFFS, deadwood=AINO_DEADWOOD) -> Table:
    tb.show(EERO, EERO_MELDS, EERO_DEADWOOD).reveal("melds0", AINO_MELDS)
    if lay_offs:
        tb.reveal("melds1", (*EERO_MELDS, *lay_offs))
    return tb.reveal("hand0", deadwood)


def impossible(tb: Table):
    (r,) = [r for r in referee(tb).rulings if r.kind == "impossible"]
    return r.reason, r.seats


# ---------------------------------------------------------------- the deal

def test_the_upcard_ends_the_deal_and_the_non_dealer_has_the_offer():
    ref = referee(dealt("7h", dealer=EERO))
    (r,) = ref.rulings
    assert (r.kind, r.seats) == ("hand_dealt", (EERO, AINO))
    assert r.data == {"game": 1, "hand": 1, "dealer": EERO, "upcard": "7h", "knock_limit": 10}
    assert r.en == "Hand 1: Eero dealt, upcard 7h; Aino may take it first. Knock limit 10."
    s = ref.engine.summary()
    assert (s["held"], s["stock"], s["pile_top"], s["offer_to"], s["phase"]) == ([10, 10], 31, "7h", AINO, "offer")


def test_a_card_shown_in_the_deal_is_a_redeal_and_the_gathering_counts_for_nothing():
    tb = Table().deal(AINO, face_up_at=5)
    tb.events = tb.events[:7]   # the dealer stops at the card shown
    for _ in range(3):
        tb.move("hand1", "stock").move("hand0", "stock")
    tb.deal(AINO).upcard("5d")
    ref = referee(tb)
    assert [(r.kind, r.data.get("reason")) for r in ref.rulings] == [("redeal", "face_up_in_deal"),
                                                                     ("hand_dealt", None)]
    assert ref.rulings[0].data == {"reason": "face_up_in_deal", "dealer": AINO, "card": "9s"}
    assert ref.engine.summary()["held"] == [10, 10]


def test_a_deal_out_of_turn_is_dealt_again_by_the_right_dealer():
    tb = Table().deal(AINO, by=EERO)
    tb.deal(AINO, by=AINO).upcard("5d")
    ref = referee(tb)
    assert [(r.kind, r.data.get("reason")) for r in ref.rulings] == [("redeal", "wrong_dealer"), ("hand_dealt", None)]
    assert ref.engine.summary()["held"] == [10, 10]


def test_both_hands_miscounted_is_a_redeal():
    tb = Table().deal(AINO, counts=(9, 11)).upcard("5d")
    (r,) = referee(tb).rulings
    assert (r.kind, r.data) == ("redeal", {"reason": "both_hands_wrong", "dealer": AINO, "counts": [9, 11]})
    assert state(tb)["phase"] == "deal"


def test_one_hand_miscounted_is_put_right_from_the_stock_before_play():
    tb = Table().deal(AINO, counts=(10, 9)).upcard("5d")
    ref = referee(tb)
    assert [(r.kind, r.seats, r.data) for r in ref.rulings if r.kind == "hand_size_wrong"] == [
        ("hand_size_wrong", (EERO,), {"have": 9, "want": 10})]
    tb.draw(EERO).pass_(EERO)
    assert state(tb)["held"] == [10, 10] and state(tb)["stock"] == 52 - 19 - 1 - 1
    assert kinds(tb, skip=("hand_dealt", "hand_size_wrong")) == []


def test_one_hand_miscounted_is_redealt_when_so_agreed():
    tb = Table(settings={"one_hand_miscounted": "redeal"}).deal(AINO, counts=(11, 10)).upcard("5d")
    assert [r.data["reason"] for r in rulings(tb)] == ["one_hand_wrong"]


def test_cards_missing_from_the_pack_redeal_the_hand_and_the_sheet_keeps_its_points():
    tb = shown_standard(to_the_knock())
    tb.deal(EERO).upcard("8s").pass_(AINO).say(EERO, "cards_missing")
    ref = referee(tb)
    assert ref.rulings[-1].kind == "redeal" and ref.rulings[-1].data["reason"] == "cards_missing"
    s = ref.engine.summary()
    assert (s["totals"], s["phase"], s["hand"], s["dealer"]) == ([0, 31], "deal", 2, EERO)


# ---------------------------------------------------------------- the upcard offer

def test_the_dealer_may_not_take_the_upcard_before_the_non_dealer_passes():
    assert impossible(dealt().take(AINO, "2c")) == ("upcard_not_offered", (AINO,))
    assert impossible(dealt().pass_(AINO)) == ("upcard_not_offered", (AINO,))


def test_when_both_pass_the_non_dealer_draws_from_the_stock():
    tb = dealt().pass_(EERO).pass_(AINO)
    assert (state(tb)["turn"], state(tb)["stage"]) == (EERO, "draw")
    assert impossible(dealt().pass_(EERO).pass_(AINO).take(EERO, "2c")) == ("must_draw_from_stock", (EERO,))
    tb.turn(EERO, "Kd")
    assert (state(tb)["turn"], state(tb)["held"], state(tb)["pile_top"]) == (AINO, [10, 10], "Kd")


def test_the_taker_of_the_upcard_discards_and_the_other_plays_next():
    tb = dealt().pass_(EERO).take(AINO, "2c")
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["held"]) == (AINO, "discard", [11, 10])
    tb.discard(AINO, "Kd")
    assert (state(tb)["turn"], state(tb)["stage"]) == (EERO, "draw")
    assert impossible(dealt().pass_(EERO).take(AINO, "2c").discard(AINO, "Kd").pass_(EERO)) == ("no_offer", (EERO,))


# ---------------------------------------------------------------- turns

def test_a_stock_card_taken_out_of_turn_is_kept_and_is_the_next_draw():
    tb = dealt().pass_(EERO).pass_(AINO).draw(AINO)
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("out_of_turn_draw", (AINO,), {"card": None, "advance": 1})
    tb.turn(EERO, "Kd")
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["held"]) == (AINO, "discard", [11, 10])
    tb.discard(AINO, "Qs")
    assert (state(tb)["turn"], state(tb)["held"], state(tb)["stock"]) == (EERO, [10, 10], 29)


def test_a_second_draw_from_the_stock_is_kept_one_from_the_pile_refused():
    tb = dealt().pass_(EERO).pass_(AINO).draw(EERO).draw(EERO)
    assert kinds(tb) == [("out_of_turn_draw", (EERO,))]
    assert impossible(dealt().pass_(EERO).pass_(AINO).draw(EERO).take(EERO, "2c")) == ("already_drew", (EERO,))


def test_a_pile_card_taken_out_of_turn_and_a_discard_out_of_turn_are_refused():
    assert impossible(dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").take(EERO, "Kd")) == ("not_your_turn", (EERO,))
    assert impossible(dealt().pass_(EERO).pass_(AINO).discard(AINO, "Kd")) == ("not_your_turn", (AINO,))


def test_a_discard_of_a_card_not_held_is_refused():
    base = dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").turn(AINO, "Qs", take="Kd")
    tb = base.draw(EERO).discard(EERO, "2c")   # the upcard lies in the pile
    ref = referee(tb)
    (r,) = [r for r in ref.rulings if r.kind == "impossible"]
    assert (r.reason, r.seats, r.en) == ("card_elsewhere", (EERO,), "2c is elsewhere already (pile).")
    tb = dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").take(AINO, "Kd").discard(AINO, "Qs")
    tb.draw(EERO).discard(EERO, "Kd")   # Aino holds it
    assert impossible(tb) == ("card_elsewhere", (EERO,))
    assert state(dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").take(AINO, "Kd"))["known"] == [["Kd"], []]


def test_only_the_top_of_the_pile_can_be_taken():
    tb = dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").take(AINO, "2c")
    ref = referee(tb)
    (r,) = [r for r in ref.rulings if r.kind == "impossible"]
    assert (r.reason, r.en) == ("not_pile_top", "2c is not the pile's top card (Kd).")


def test_a_discard_before_drawing_may_still_be_followed_by_the_draw():
    tb = dealt().pass_(EERO).pass_(AINO).discard(EERO, "Kd")
    assert kinds(tb) == [("discard_before_draw", (EERO,))]
    tb.draw(EERO)
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["held"]) == (AINO, "draw", [10, 10])


def test_a_draw_not_taken_before_the_opponent_draws_is_forgone():
    tb = dealt().pass_(EERO).pass_(AINO).discard(EERO, "Kd").draw(AINO)
    assert kinds(tb) == [("discard_before_draw", (EERO,)), ("draw_forgone", (EERO,))]
    assert rulings(tb)[-1].data == {"count": 9}
    assert (state(tb)["turn"], state(tb)["stage"], state(tb)["held"]) == (AINO, "discard", [11, 9])


def test_two_cards_left_in_the_stock_and_no_knock_is_a_dead_hand_dealt_again_by_the_same_dealer():
    tb = dealt().pass_(EERO).pass_(AINO)
    seat, cards = EERO, iter([r + s for r in "3456789TJQK" for s in "shdc"])
    for _ in range(29):   # 31 in the stock after the deal: 29 draws leave 2
        tb.turn(seat, next(cards))
        seat = 1 - seat
    ref = referee(tb)
    r = ref.rulings[-1]
    assert (r.kind, r.data) == ("dead_hand", {"stock": 2, "next_dealer": AINO})
    s = ref.engine.summary()
    assert (s["phase"], s["hand"], s["dealer"], s["totals"]) == ("deal", 2, AINO, [0, 0])
    assert s["score_sheet"]["games"][0]["rows"][0]["case"] == "dead"


def test_the_last_draw_ends_the_hand_at_once_when_so_agreed():
    tb = dealt(last_draw_may_knock=False).pass_(EERO).pass_(AINO)
    seat, cards = EERO, iter([r + s for r in "3456789TJQK" for s in "shdc"])
    for _ in range(28):
        tb.turn(seat, next(cards))
        seat = 1 - seat
    tb.draw(seat)
    assert rulings(tb)[-1].kind == "dead_hand"


# ---------------------------------------------------------------- knocking and showing

def test_a_knock_shown_and_laid_off_scores_the_difference_and_the_win():
    tb = to_the_knock()
    assert kinds(tb) == [("knocked", (EERO,))]
    tb.show(EERO, EERO_MELDS, EERO_DEADWOOD)
    shown = rulings(tb)[-1]
    assert (shown.kind, shown.data) == ("knock_shown", {"deadwood": 6, "gin": False,
                                                        "deadwood_cards": ["As", "3s", "2d"],
                                                        "melds": [["9s", "9d", "9c"], ["3h", "4h", "5h", "6h"]]})
    tb.reveal("melds0", AINO_MELDS).reveal("melds1", (*EERO_MELDS, *AINO_LAY_OFFS)).reveal("hand0", AINO_DEADWOOD)
    r = rulings(tb)[-1]
    assert (r.kind, r.seats) == ("hand_scored", (AINO, EERO))
    assert r.data == {"game": 1, "hand": 1, "case": "knock", "knocker": EERO, "winner": EERO, "deadwood": [37, 6],
                      "points": [0, 31], "win_points": [0, 20], "totals": [0, 31], "win_totals": [0, 20],
                      "unjudged": False, "difference": 31, "undercut_bonus": 0, "gin_bonus": 0, "short_cards": 0,
                      "short_points": 0, "tenfold": False}
    assert r.en == "Hand 1: Eero wins, 6 against 37: 31 points and 20 for the win. Game: Aino 0, Eero 31."
    assert kinds(tb)[1:] == [("knock_shown", (EERO,)), ("hand_scored", (AINO, EERO))]
    s = state(tb)
    assert (s["phase"], s["hand"], s["dealer"]) == ("deal", 2, EERO)   # the hand's winner deals next
    record = s["hands"][0]
    assert {k: v for k, v in record.items() if k != "actions"} == {
        "game": 1, "hand": 1, "dealer": AINO, "upcard": "2c", "knock_limit": 10,
        "result": {"case": "knock", "knocker": EERO, "winner": EERO, "announced": 6, "deadwood": [37, 6],
                   "points": [0, 31], "win_points": [0, 20],
                   "knocker_melds": [["9s", "9d", "9c"], ["3h", "4h", "5h", "6h"]],
                   "knocker_deadwood": ["As", "3s", "2d"], "defender_melds": [["Js", "Jh", "Jd"]],
                   "lay_offs": ["7h", "9h"], "defender_deadwood": ["5s", "Ks", "8d", "4c", "Tc"], "short": 0,
                   "unjudged": False}}
    assert [a["action"] for a in record["actions"]] == ["upcard", "pass", "pass", "draw", "discard", "draw",
                                                        "discard", "draw", "knock_discard", "knock_declared",
                                                        "show", "show", "show", "lay_off", "show"]
    assert record["actions"][4] == {"seq": 25, "t": record["actions"][4]["t"], "seat": EERO, "action": "discard",
                                    "card": "Kd", "face_up": True}


def test_the_announcement_may_come_before_the_face_down_discard():
    tb = shown_standard(to_the_knock(declare_first=True))
    assert [k for k, _ in kinds(tb)] == ["knocked", "knock_shown", "hand_scored"]
    assert rulings(tb)[0].data == {"announced": 6}


def test_a_wrong_announcement_counts_the_cards_and_no_announcement_is_noted():
    tb = to_the_knock(value=4).show(EERO, EERO_MELDS, EERO_DEADWOOD)
    r = rulings(tb)[-2]
    assert (r.kind, r.seats, r.data) == ("wrong_announcement", (EERO,), {"announced": 4, "deadwood": 6})
    tb = to_the_knock(value=None).show(EERO, EERO_MELDS, EERO_DEADWOOD)
    assert [k for k, _ in kinds(tb)] == ["knocked", "knock_unannounced", "knock_shown"]


def test_a_knocker_splitting_the_cards_badly_is_counted_at_the_best():
    tb = to_the_knock().show(EERO, ("3h", "4h", "5h", "6h"), ("9s", "9d", "9c", *EERO_DEADWOOD))
    r = rulings(tb)[-2]
    assert (r.kind, r.data["shown"], r.data["deadwood"]) == ("rearranged", 33, 6)
    assert rulings(tb)[-1].data["deadwood"] == 6


def test_a_knock_over_the_limit_plays_on_with_open_cards_until_it_must_knock():
    over = ("3h", "4h", "5h", "9s", "9d", "9c", "As", "2d", "3s", "Kc")   # 16 points
    tb = to_the_knock(value=6).show(EERO, over[:6], over[6:])
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("knock_over_limit", (EERO,), {"deadwood": 16, "limit": 10})
    s = state(tb)
    assert (s["phase"], s["turn"], s["stage"], s["open"], s["held"]) == ("play", AINO, "draw", [False, True], [10, 10])
    assert s["known"] == [[], ["As", "3s", "9s", "3h", "4h", "5h", "2d", "9d", "9c", "Kc"]]   # open cards
    tb.draw(AINO).discard(AINO, "6h")
    tb.take(EERO, "6h")   # now 6 points after throwing the Kc
    assert rulings(tb)[-1].kind == "knock_due" and rulings(tb)[-1].data == {"deadwood": 6}
    tb.discard(EERO, "Kc")
    assert (rulings(tb)[-1].kind, rulings(tb)[-1].data) == ("knock_missed", {"deadwood": 6})


def test_gin_scores_20_more_and_lays_off_as_the_book_allows():
    melds = ("3h", "4h", "5h", "6h", "9s", "9d", "9c", "As", "2s", "3s")
    tb = to_the_knock(value=0).show(EERO, melds).reveal("melds0", AINO_MELDS).reveal("melds1", (*melds, "7h"))
    tb.reveal("hand0", ("9h", *AINO_DEADWOOD))
    r = rulings(tb)[-1]
    assert (r.data["case"], r.data["points"], r.data["deadwood"]) == ("gin", [0, 46 + 20], [46, 0])
    tb = to_the_knock(value=0, lay_off_onto_gin=False).show(EERO, melds).reveal("melds0", AINO_MELDS)
    tb.reveal("melds1", (*melds, "7h")).reveal("hand0", ("9h", *AINO_DEADWOOD))
    assert [(r.kind, r.data.get("cards")) for r in rulings(tb)][-2] == ("no_lay_off_on_gin", ["7h"])
    assert rulings(tb)[-1].data["points"] == [0, 53 + 20]


def test_a_defender_with_less_deadwood_undercuts_and_deals_next():
    tb = to_the_knock().show(EERO, EERO_MELDS, EERO_DEADWOOD)
    tb.reveal("melds0", ("Js", "Jh", "Jd", "Tc", "Th", "Td")).reveal("melds1", (*EERO_MELDS, "7h", "9h"))
    tb.reveal("hand0", ("4c", "Ac"))
    r = rulings(tb)[-1]
    assert (r.data["case"], r.data["winner"], r.data["deadwood"]) == ("undercut", AINO, [5, 6])
    assert (r.data["points"], r.data["win_points"], r.data["undercut_bonus"]) == ([6 - 5 + 10, 0], [20, 0], 10)
    assert state(tb)["dealer"] == AINO


def test_a_lay_off_that_fits_nothing_counts_in_hand_and_one_not_made_is_named():
    tb = shown_standard(to_the_knock(), lay_offs=("7h", "Ks"), deadwood=("9h", "4c", "5s", "8d", "Tc"))
    found = {r.kind: r.data for r in rulings(tb)}
    assert found["lay_off_refused"] == {"cards": ["Ks"]}
    assert found["lay_off_missed"] == {"cards": ["7h", "9h"], "deadwood": 37}
    assert found["hand_scored"]["deadwood"][AINO] == 37 + 9
    tb = shown_standard(to_the_knock(lay_offs="best"), lay_offs=("7h",), deadwood=("9h", *AINO_DEADWOOD))
    found = {r.kind: r.data for r in rulings(tb)}
    assert "lay_off_missed" not in found and found["hand_scored"]["deadwood"] == [37, 6]


def test_a_defender_short_of_cards_gives_the_knocker_10_a_card():
    tb = dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").discard(AINO, "Qs").draw(EERO)  # Aino never draws
    tb.knock(EERO, 6).show(EERO, EERO_MELDS, EERO_DEADWOOD).reveal("melds0", AINO_MELDS)
    tb.reveal("melds1", (*EERO_MELDS, *AINO_LAY_OFFS)).reveal("hand0", AINO_DEADWOOD[:-1])
    found = {r.kind: r for r in rulings(tb)}
    short = found["defender_short"]
    assert (short.seats, short.penalty, short.unit, short.data) == ((AINO,), 10, "point", {"missing": 1, "to": EERO})
    assert found["hand_scored"].data["points"] == [0, 27 - 6 + 10]


def test_cards_shown_that_the_record_contradicts_make_the_row_unjudged():
    tb = dealt().pass_(EERO).take(AINO, "2c").discard(AINO, "Qs").draw(EERO).knock(EERO, 6)
    tb.show(EERO, EERO_MELDS, ("As", "2d", "2c"))   # the 2c was taken by Aino
    found = {r.kind: r for r in rulings(tb)}
    assert found["card_conflict"].data == {"elsewhere": {"2c": "hand0"}} and found["card_conflict"].seats == (EERO,)
    tb.reveal("melds0", AINO_MELDS).reveal("hand0", ("3s", "7h", "9h", "4c", "5s", "8d", "Ks"))  # and shows no 2c
    found = [r for r in rulings(tb) if r.kind == "card_conflict"]
    assert found[-1].data == {"missing": ["2c"]} and found[-1].seats == (AINO,)
    assert state(tb)["score_sheet"]["games"][0]["rows"][0]["unjudged"] is True


def test_the_one_known_card_not_shown_by_the_knocker_is_the_face_down_discard():
    tb = dealt().pass_(EERO).pass_(AINO).turn(EERO, "Kd").discard(AINO, "Qs", dt=1).take(EERO, "Qs").knock(EERO, 6)
    tb.show(EERO, EERO_MELDS, EERO_DEADWOOD)
    assert "card_conflict" not in [k for k, _ in kinds(tb)]
    assert state(tb)["pile_top"] == "Qs"


def test_a_showing_closes_with_done_and_counts_what_was_shown():
    tb = to_the_knock().show(EERO, EERO_MELDS[:4], EERO_DEADWOOD).say(EERO, "done")
    found = [(r.kind, r.data) for r in rulings(tb)]
    assert found[-2] == ("count_mismatch", {"seen": 7, "counted": 10})
    assert found[-1][0] == "knock_shown" and found[-1][1]["deadwood"] == 6


# ---------------------------------------------------------------- seen cards

def test_a_stock_card_seen_by_accident_bars_a_knock_this_turn():
    tb = dealt().pass_(EERO).pass_(AINO).draw(EERO).look(EERO)
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("stock_seen", (EERO,), {"may_not_knock_this_turn": True})
    tb.reveal("stock", ("8c",))
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("stock_cards_exposed", (AINO,), {"cards": ["8c"]})
    tb.knock(EERO, 6)
    assert kinds(tb)[-1] == ("knock_refused", (EERO,))
    assert (state(tb)["turn"], state(tb)["phase"]) == (AINO, "play")
    tb.draw(AINO, "8c").discard(AINO, "Qs").draw(EERO).knock(EERO, 6)
    assert kinds(tb)[-1] == ("knocked", (EERO,))


def test_the_cards_under_the_pile_top_may_be_looked_at_only_if_agreed():
    assert kinds(dealt().look(AINO, "pile")) == [("pile_looked", (AINO,))]
    assert kinds(dealt(pile_may_be_inspected=True).look(AINO, "pile")) == []


# ---------------------------------------------------------------- games and the ledger

def test_a_game_won_enters_200_in_the_ledger_when_the_loser_has_nothing():
    tb = shown_standard(to_the_knock(game_to=30))
    r = rulings(tb)[-1]
    assert (r.kind, r.seats, r.data) == ("game_won", (EERO,), {"game": 1, "totals": [0, 31], "win_totals": [0, 20],
                                                               "ledger_points": 200, "ledger": [0, 200]})
    assert referee(tb).engine.finished
    assert impossible(tb.draw(EERO)) == ("game_over", ())


def test_further_games_start_afresh_and_the_ledger_runs_on():
    tb = shown_standard(to_the_knock(game_to=30, games=2))
    s = state(tb)
    assert (s["game"], s["hand"], s["totals"], s["ledger"], s["dealer"]) == (2, 1, [0, 0], [0, 200], EERO)
    assert not referee(tb).engine.finished


# ---------------------------------------------------------------- variants

def test_eleven_cards_the_non_dealer_opens_by_discarding():
    tb = Table(settings={"eleven_cards": True}).deal(AINO, counts=(10, 11))
    assert impossible(Table(settings={"eleven_cards": True}).deal(AINO, counts=(10, 11)).upcard("5d")) == (
        "no_upcard_in_eleven", ())
    tb.discard(EERO, "Kd")
    (r,) = referee(tb).rulings
    assert (r.kind, r.data["upcard"], r.en) == ("hand_dealt", None, "Hand 1: Aino dealt; Eero opens by discarding. "
                                                                     "Knock limit 10.")
    s = state(tb)
    assert (s["turn"], s["stage"], s["held"], s["pile_top"], s["stock"]) == (AINO, "draw", [10, 10], "Kd", 31)
    tb.take(AINO, "Kd").discard(AINO, "Qs")
    assert state(tb)["turn"] == EERO


def test_the_first_upcard_sets_the_knock_limit():
    tb = dealt("4d", knock_limit="upcard")
    assert rulings(tb, skip=())[0].data["knock_limit"] == 4
    tb = to_the_knock(knock_limit="upcard")   # the upcard is the 2c: a limit of 2
    tb.show(EERO, EERO_MELDS, EERO_DEADWOOD)
    assert rulings(tb)[-1].data == {"deadwood": 6, "limit": 2}


def test_the_variants_bonus_for_two_melds_and_tenfold_for_one_run():
    ten = ("As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts")
    tb = dealt("2c", one_run_tenfold=True).pass_(EERO).pass_(AINO).turn(EERO, "Kd").turn(AINO, "Qs")
    tb.draw(EERO).knock(EERO, 0).show(EERO, ten)
    tb.reveal("hand0", ("4c", "5c", "8d", "Tc", "Ks", "Jh", "Jd", "2h", "3h", "Qh"))
    r = [r for r in rulings(tb) if r.kind == "hand_scored"][0]
    assert (r.data["points"], r.data["tenfold"]) == ([0, (72 + 20) * 10], True)
    melds = ("3h", "4h", "5h", "9s", "9d", "9c", "As", "2s", "3s", "4s")   # three melds
    tb = to_the_knock(value=0, gin_bonus_two_melds_only=True).show(EERO, melds)
    tb.reveal("hand0", ("4c", "5c", "8d", "Tc", "Ks", "Jh", "Jd", "2h", "7h", "Qh"))
    assert rulings(tb)[-1].data["points"] == [0, 4 + 5 + 8 + 10 + 10 + 10 + 10 + 2 + 7 + 10]
    assert rulings(tb)[-1].data["gin_bonus"] == 0


# ---------------------------------------------------------------- the referee itself

def test_pauses_are_announced_and_play_is_judged_through_them():
    tb = dealt().pause(True).pass_(EERO).pause(False).pass_(AINO)
    assert kinds(tb) == [("paused", ()), ("resumed", ())]
    assert impossible(dealt().pause(False)) == ("not_paused", ())


@pytest.mark.parametrize("event,reason", [
    (CardMoved(t=99.0, from_zone="stock", to_zone="seat1"), "not_a_gin_zone"),
    (CardMoved(t=99.0, from_zone="stock", to_zone="hand3"), "no_such_seat"),
    (CardMoved(t=99.0, from_zone="pile", to_zone="stock"), "move_not_in_gin"),
    (DieSettled(t=99.0, value=3), "unknown_event"),
])
def test_events_that_have_no_place_are_impossible(event, reason):
    tb = dealt()
    tb.events.append(event)
    assert impossible(tb)[0] == reason


def test_declarations_gin_does_not_know_and_unreadable_announcements_are_impossible():
    assert impossible(dealt().say(AINO, "kiketti"))[0] == "unknown_declaration"
    tb = dealt().pass_(EERO).pass_(AINO).draw(EERO).say(EERO, "knock", "seven")
    assert impossible(tb)[0] == "announcement_unreadable"
    assert impossible(dealt().say(AINO, "knock", "3")) == ("knock_not_now", (AINO,))
    assert impossible(dealt().reveal("melds0", ("As",)))[0] == "nothing_to_show"


@pytest.mark.parametrize("settings,message", [
    ({"knock_limit": -1}, "setting 'knock_limit' must be a whole number >= 0 or 'upcard', got -1"),
    ({"knock_limit": "upcard", "eleven_cards": True}, "an upcard, and the 11-card deal turns none"),
    ({"lay_offs": "some"}, "setting 'lay_offs' must be one of as_laid, best, got 'some'"),
    ({"first_dealer": 2}, "setting 'first_dealer' must be a seat 0-1, got 2"),
    ({"games": 0}, "setting 'games' must be a whole number >= 1 or null, got 0"),
])
def test_settings_are_checked(settings, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Referee(GameStarted(t=0.0, game="gin", players=("Aino", "Eero"), settings=settings))


def test_a_number_of_players_no_variant_takes_is_refused():
    # three players and teams are the book's variants (tests/referee/test_gin_variants.py); five are none
    with pytest.raises(ValueError, match="gin is played by 2 or 3 players, or by two teams of 4, 6, 8 or 10"):
        Referee(GameStarted(t=0.0, game="gin", players=("A", "B", "C", "D", "E")))


def test_messages_are_worded_in_both_languages():
    tb = to_the_knock(value=4).show(EERO, EERO_MELDS, EERO_DEADWOOD)
    ref = Referee.replay(tb.events, language="fi")
    r = [r for r in ref.rulings if r.kind == "wrong_announcement"][0]
    assert r.fi == "Eero ilmoitti 4, kortit antavat 6: lasketaan 6."
    assert r.en == "Eero announced 4, the cards give 6: 6 counts."
    assert ref.engine.render("fi").splitlines()[-1] == "Erä 1, jako 1: Eero lopetti; pakassa 28, avopakan päällä -"


def test_no_player_is_shown_with_more_cards_than_a_hand_holds():
    tb = to_the_knock().reveal("melds1", [r + "h" for r in "A23456789TJQK"])
    assert impossible(tb) == ("too_many_cards", (EERO,))


def test_a_knock_over_the_limit_with_two_cards_left_in_the_stock_ends_in_a_dead_hand():
    over = ("3h", "4h", "5h", "9s", "9d", "9c", "As", "2d", "3s", "Kc")
    tb = dealt().pass_(EERO).pass_(AINO)
    seat, cards = EERO, iter([c for c in DECK if c not in over and c != "2c"])
    for _ in range(28):
        tb.turn(seat, next(cards))
        seat = 1 - seat
    tb.draw(seat).knock(seat, 6).show(seat, over[:6], over[6:])
    assert [k for k, _ in kinds(tb)][-2:] == ["knock_over_limit", "dead_hand"]
    assert "card_conflict" not in [k for k, _ in kinds(tb)]
