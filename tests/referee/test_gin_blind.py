"""Gin after the camera was blind (referee.events.CameraBlind): a card found face down on the pile is a knock
made unseen, whose knocker is the first to lay cards face up; nothing else is ruled on the dark."""

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
