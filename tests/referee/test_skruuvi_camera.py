"""Skruuvi as the camera sees it (referee.skruuvi.camera): the hands held out of sight, so neither the deal
nor the exchanges are seen; each card played lies face up in its player's playN and is told as
CardsRevealed(playN, cards); the trick gathered is told nothing. A deal or a whole game told so is judged
as the same play written in the engine's own events."""

from referee.core import Referee
from referee.events import CardMoved, CardsRevealed, Declared, GameStarted, Source
from tests.referee.make_skruuvi_log import THREE, Live, simulate
from tests.referee.test_skruuvi_rules import CENTRE, impossible, to_contract

UNSEEN = ("deal_unseen", "exchange_unseen")


def as_the_camera_sees_it(events):
    """The events a camera over the Skruuvi table tells, and what people say: each card played as its play
    zone's cards (the one lying there), and no deal, deck, centre card, exchange or gathering."""
    seen = []
    for e in events:
        if isinstance(e, (GameStarted, Declared)):
            seen.append(e)
        elif isinstance(e, CardMoved) and e.to_zone == "trick" and e.from_zone.startswith("hand"):
            seen.append(CardsRevealed(t=e.t, source=Source.CAMERA, zone=f"play{e.from_zone[4:]}", cards=(e.card,)))
    return seen


def judged(rulings, leave_out=UNSEEN + ("reshuffle",)):
    return [(r.kind, r.seats, r.penalty, r.data) for r in rulings if r.kind not in leave_out]


TRICKS = [  # each trick's card by seat; seat 3 trumps the fourth spade, then shows a spade in trick 11
    ("3s", "4s", "2s", "Ks"), ("As", "5s", "6s", "7s"), ("Ah", "2h", "3h", "4h"), ("8s", "9s", "Ts", "5h"),
    ("6h", "7h", "8h", "9h"), ("Th", "Jh", "Qh", "Kh"), ("2d", "3d", "4d", "5d"), ("Ad", "6d", "7d", "8d"),
    ("9d", "Td", "Jd", "Qd"), ("2c", "3c", "4c", "5c"), ("Js", "6c", "7c", "Qs"), ("8c", "9c", "Tc", "Kd"),
    ("Jc", "Qc", "Kc", "Ac")]


def a_deal(live):
    """Seat 1 opens 1h, takes the centre and exchanges, bids 5h, seat 2 doubles; 13 tricks, each led by the
    last one's winner, and a revoke found in trick 11."""
    to_contract(live, "5h").double(2)
    for cards in TRICKS:
        play = live.engine.deal.play
        leader = play.current.leader if play else 2  # the first lead: left of the final bidder
        live.trick(leader, *(cards[(leader + k) % 4] for k in range(4)))
    return live


def test_a_deal_told_by_the_camera_scores_as_the_same_deal_in_the_engines_own_events():
    own = a_deal(Live())
    seen = Referee.replay(as_the_camera_sees_it(own.events), "en")
    assert judged(seen.rulings) == judged(own.rulings)
    (scored,) = [r.data for r in seen.rulings if r.kind == "deal_scored"]
    assert (scored["contract"], scored["by"], scored["multiplier"], scored["taken"], scored["tricks"],
            scored["revokes"], scored["scores"]) == ("5h", 1, 2, [3, 10], [5, 8], 1, [30, -30, 30, -30])
    assert [(r.kind, r.data) for r in seen.rulings if r.kind in UNSEEN] == [
        ("deal_unseen", {"missing": {"hand0": 12, "hand1": 12, "hand2": 12, "hand3": 12, "centre": 4}}),
        ("exchange_unseen", {"exchange": "alkupeli", "moves": 11})]
    assert seen.engine.sheet.to_json() == own.engine.sheet.to_json()


def test_a_whole_game_told_by_the_camera_scores_as_the_engines_own_events():
    """24 deals, a pass misère, a doubled contract, a revoke and a bolsevikki block (the sample game)."""
    events, deals = simulate(1, {"bolsevikki_sitsit": [1]})
    own, seen = Referee.replay(events, "en"), Referee.replay(as_the_camera_sees_it(events), "en")
    assert [r for r in seen.rulings if r.kind == "impossible"] == []
    assert judged(seen.rulings) == judged(own.rulings)
    assert seen.engine.finished and seen.engine.sheet.standings() == own.engine.sheet.standings()
    dealt = len(deals)
    assert sum(1 for r in seen.rulings if r.kind == "deal_unseen") == dealt
    exchanged = [r.data["exchange"] for r in seen.rulings if r.kind == "exchange_unseen"]
    assert len(exchanged) == sum(1 for d in deals if d.form != "thrown_in")
    assert {"alkupeli", "kotka", "pass_misere", "bolsevikki"} <= set(exchanged)


def test_a_whole_three_player_game_told_by_the_camera_scores_as_the_engines_own_events():
    """24 deals with the puupää (its cards in play3, wherever they lie): a pass misère, a doubled contract
    and a revoke."""
    events, deals = simulate(3, players=THREE)
    own, seen = Referee.replay(events, "en"), Referee.replay(as_the_camera_sees_it(events), "en")
    assert [r for r in seen.rulings if r.kind == "impossible"] == []
    assert judged(seen.rulings) == judged(own.rulings)
    assert seen.engine.finished and seen.engine.sheet.to_json() == own.engine.sheet.to_json()
    assert sum(1 for r in seen.rulings if r.kind == "deal_unseen") == len(deals) == 24
    assert {"pass_misere", "doubled", "revoke", "puupaa_look", "puupaa_face_up"} <= {r.kind for r in seen.rulings}


def test_a_card_laid_beside_the_wrong_one_corrects_a_revoke_in_the_trick():
    live = to_contract(Live(), "5h")
    live.trick(2, "2s", "Ks", "3s")
    live.reveal(["4d"], zone="play1")  # seat 1 lays a diamond on a spade lead
    live.reveal(["4d", "4s"], zone="play1")  # and the spade he had beside it
    assert [(r.kind, r.seats, r.penalty, r.data) for r in live.last] == [
        ("revoke_corrected", (1,), 1, {"trick": 1, "card": "4d", "replaced_by": "4s", "winner": 3}),
        ("penalty_choice", (0, 2), 0, {"cards": ["4d"], "leader": 3})]
    assert live.engine.deal.play.exposed[1] == ["4d"]


def test_a_card_told_again_with_nothing_new_plays_nothing():
    live = to_contract(Live(), "5h")
    live.reveal(["2s"], zone="play2")
    live.reveal(["2s"], zone="play2")
    assert live.last == [] and live.engine.deal.play.current.plays == [(2, "2s")]


def test_a_card_played_before_the_contract_is_made_is_refused_and_leaves_the_exchange_as_it_was():
    live = Live().deal(1).bid(1, "1h").passes(2, 8)
    live.reveal(["2s"], zone="play2")
    assert impossible(live) == "not_playing_now"
    assert live.engine.deal.phase == "exchange" and live.engine.deal.exchange.reveal


def test_a_call_while_the_exchange_is_part_seen_is_not_now():
    live = Live().deal(1).bid(1, "1h").passes(2, 8).reveal(CENTRE).take_centre(1)
    live.bid(1, "5h")
    assert impossible(live) == "not_now"
