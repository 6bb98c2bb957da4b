"""Skruuvi after the camera was blind (camera_blind): said, nothing done in the dark ruled on, no one
accused on the camera's word for the rest of the play, and a play that no longer adds up left unscored
instead of scored on a guess."""

from referee.core import Referee
from referee.events import CameraBlind, CardsRevealed, Declared, Source
from tests.referee.make_skruuvi_log import Live
from tests.referee.test_skruuvi_camera import a_deal, as_the_camera_sees_it

UNJUDGED = ("unseen", (), {"deal": 1})


def seen_deal():
    """The camera's form of test_skruuvi_camera's deal (seat 3 revokes, found in trick 11), and where its
    cards played lie in it."""
    seen = as_the_camera_sees_it(a_deal(Live()).events)
    return seen, [i for i, e in enumerate(seen) if isinstance(e, CardsRevealed)]


def blind(since, until):
    return CameraBlind(t=since, source=Source.CAMERA, until=until)


def said(rulings):
    return [(r.kind, r.seats, r.data) for r in rulings]


def test_a_blind_spell_before_the_bidding_leaves_the_deal_judged_as_before():
    seen, _ = seen_deal()
    first_call = next(i for i, e in enumerate(seen) if isinstance(e, Declared))
    spell = blind(seen[first_call].t - 0.6, seen[first_call].t - 0.5)
    told = Referee.replay(seen[:first_call] + [spell] + seen[first_call:], "en")
    plain = Referee.replay(seen, "en")
    assert said(told.rulings)[0] == ("unseen", (), {"since": spell.t, "until": spell.until})
    assert said(told.rulings)[1:] == said(plain.rulings)
    assert [r.data["scores"] for r in told.rulings if r.kind == "deal_scored"] == [[30, -30, 30, -30]]


def test_after_a_blink_in_the_play_a_revoke_is_not_ruled_and_the_deal_is_left_unscored():
    seen, plays = seen_deal()
    fourth = plays[12]   # the blink between tricks 3 and 4: nothing lost, but nothing certain
    told = Referee.replay(seen[:fourth] + [blind(seen[fourth].t - 0.5, seen[fourth].t - 0.1)] + seen[fourth:], "en")
    after = said(told.rulings)[-3:]
    assert after == [("trick_won", (3,), {"trick": 9, "leader": 0, "seats": [0, 1, 2, 3],
                                          "cards": ["9d", "Td", "Jd", "Qd"], "winner": 3}),
                     ("trick_won", (3,), {"trick": 10, "leader": 3, "seats": [3, 0, 1, 2],
                                          "cards": ["5c", "2c", "3c", "4c"], "winner": 3}),
                     UNJUDGED]   # trick 11's revoke: the deal is not judged on
    assert not [r for r in told.rulings if r.kind in ("revoke", "deal_scored")]
    assert told.rulings[-1].en == ("Deal 1 is not scored: the camera did not see all of its play, so its tricks "
                                   "cannot be counted. Score the deal by hand.")


def test_a_trick_turned_in_the_dark_leaves_the_deal_unscored_and_the_next_deal_goes_on():
    seen, plays = seen_deal()
    fifth = plays[16]    # trick 5's four cards played and turned while the camera saw nothing
    lost = seen[:fifth] + [blind(seen[fifth].t - 0.1, seen[plays[19]].t + 0.1)] + seen[plays[19] + 1:]
    lost.append(Declared(t=lost[-1].t + 5, source=Source.MANUAL, by=2, what="pass"))  # deal 2's first call
    told = Referee.replay(lost, "en")
    assert said(told.rulings)[-3:] == [
        ("trick_won", (3,), {"trick": 9, "leader": 3, "seats": [3, 0, 1, 2], "cards": ["5c", "2c", "3c", "4c"],
                             "winner": 3}),
        UNJUDGED,
        ("deal_unseen", (), {"missing": {"hand0": 12, "hand1": 12, "hand2": 12, "hand3": 12, "centre": 4}})]
    assert told.engine.deal.number == 2 and told.engine.sheet.to_json()["sitsit"][0]["alkupeli"] == []
