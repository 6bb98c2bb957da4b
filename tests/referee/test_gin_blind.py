"""Gin after the camera was blind (referee.events.CameraBlind): a card found face down on the pile is a knock
made unseen, whose knocker is the first to lay cards face up; nothing else is ruled on the dark."""

from dataclasses import replace
from pathlib import Path

from pelituomari.game import referee_for
from referee.events import CameraBlind, read_jsonl

SAMPLE = Path(__file__).parents[2] / "pelituomari" / "samples" / "gin_table.truth.jsonl"


def test_a_knock_made_in_the_dark_is_the_first_to_lay_melds_and_scores_as_seen():
    events = read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())
    seen = referee_for(events, "en").rulings
    # the 4d discarded and the knock laid face down (events 7 and 8) while the camera was blind
    dark = events[:7] + [CameraBlind(t=10.0, source="camera", until=13.0, pile_face_down=True)] + events[9:]
    rulings = referee_for(dark, "en").rulings
    assert [(r.kind, r.seats) for r in rulings] == [("hand_dealt", (0, 1)), ("unseen", ()), ("knocked", (1,)),
                                                     ("knock_unannounced", (1,)), ("knock_shown", (1,)),
                                                     ("hand_scored", (0, 1))]
    assert [r.en for r in rulings[2:]] == [r.en for r in seen[1:]]


def test_a_new_card_on_the_pile_after_the_dark_is_the_turns_draw_and_discard():
    events = read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())
    # the 4d discarded (event 7) while the camera was blind, found on the pile's top after it
    dark = events[:7] + [CameraBlind(t=10.0, source="camera", until=11.0, pile_top="4d")] + events[8:]
    assert [(r.kind, r.seats) for r in referee_for(dark, "en").rulings] == [
        ("hand_dealt", (0, 1)), ("unseen", ()), ("knocked", (1,)), ("knock_unannounced", (1,)),
        ("knock_shown", (1,)), ("hand_scored", (0, 1))]


def _kinds(events):
    return [(r.kind, r.seats) for r in referee_for(events, "en").rulings]


KNOCKED_BY_EERO = [("knocked", (1,)), ("knock_unannounced", (1,)), ("knock_shown", (1,)), ("hand_scored", (0, 1))]


def test_a_knock_seen_after_turns_went_by_unseen_is_the_first_to_lay_melds():
    """Dark while the 2c is discarded, taken back and the 4d discarded (events 5-7): whose turn it is, and
    which cards the hands hold, is no longer known; the knock seen after is Eero's, who lays melds first."""
    events = read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())
    dark = events[:5] + [CameraBlind(t=6.6, source="camera", until=10.9, pile_top="4d")] + events[8:]
    assert _kinds(dark) == [("hand_dealt", (0, 1)), ("unseen", ()), *KNOCKED_BY_EERO]
    assert [r.en for r in referee_for(dark, "en").rulings][2:] == [r.en for r in referee_for(events, "en").rulings][1:]


def test_cards_laid_in_the_dark_are_judged_the_knockers_first():
    """Dark through the showing: both players' melds are seen at once, the defender's told first."""
    events = read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())
    melds1, melds0 = (replace(e, t=27.0) for e in events[9:11])
    dark = events[:9] + [CameraBlind(t=19.9, source="camera", until=27.0, pile_face_down=True), melds0, melds1,
                         events[11]]
    assert _kinds(dark) == [("hand_dealt", (0, 1)), ("knocked", (1,)), ("unseen", ()), *KNOCKED_BY_EERO[1:]]
    assert referee_for(dark, "en").rulings[-1].en == referee_for(events, "en").rulings[-1].en
