import json
from pathlib import Path

import jsonschema
import pytest

from referee.events import EVENT_TYPES, CardMoved, Correction, DieSettled, GameStarted
from referee.schema import event_schema

SHIPPED = Path(__file__).parents[2] / "docs" / "events.schema.json"


def test_shipped_schema_is_the_derived_one():
    assert json.loads(SHIPPED.read_text()) == event_schema(), "regenerate: pelituomari schema > docs/events.schema.json"


def test_schema_covers_every_event_type():
    assert sorted(s["title"] for s in event_schema()["oneOf"]) == sorted(EVENT_TYPES)


@pytest.mark.parametrize("event", [
    GameStarted(t=0, game="kiketti", players=("A", "B"), settings={"rounds": 2}),
    CardMoved(t=1.5, card="Qh", from_zone="hand0", to_zone="pile", face_up=True, by=0, t_uncertainty=0.033),
    DieSettled(t=2, value=None),
    Correction(t=3, target=1, replacement=DieSettled(t=2, value=5)),
])
def test_events_validate_against_the_schema(event):
    jsonschema.validate(event.to_json(), event_schema())


@pytest.mark.parametrize("data", [
    {"type": "card_moved", "t": 1, "from_zone": "seat1", "to_zone": "pile", "card": "10h"},
    {"type": "die_settled", "t": 1},
    {"type": "undo", "t": -2},
    {"type": "undo", "t": 1, "extra": 1},
    {"type": "pad_slapped", "t": 1, "seat": 16},
    {"type": "pad_slapped", "t": 1, "seat": 0, "t_uncertainty": -0.1},
    {"type": "game_started", "t": 0, "game": "kimble", "players": ["a\u001b[2J", "b"]},
    {"type": "declared", "t": 1, "by": 0, "what": "x" * 201},
])
def test_schema_rejects_what_the_parser_rejects(data):
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, event_schema())
