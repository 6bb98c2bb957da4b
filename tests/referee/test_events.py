import json

import pytest

from referee.events import (
    EVENT_TYPES, CardMoved, CardsRevealed, Correction, Declared, DieSettled, EventError, GameStarted, Source,
    loads, read_jsonl, write_jsonl, zone_seat,
)


def test_card_move_round_trips_through_json():
    e = CardMoved(t=1.25, source=Source.CAMERA, card="Td", from_zone="seat1", to_zone="pile", face_up=True, by=2)
    assert json.loads(e.dumps()) == {
        "v": 1, "type": "card_moved", "t": 1.25, "source": "camera", "card": "Td", "from_zone": "seat1",
        "to_zone": "pile", "face_up": True, "by": 2, "t_uncertainty": 0.0,
    }
    assert loads(e.dumps()) == e


def test_correction_carries_a_nested_event():
    c = Correction(t=9, target=3, replacement=DieSettled(t=8, value=4))
    back = loads(c.dumps())
    assert back == c and back.replacement == DieSettled(t=8, value=4)


def test_lists_become_tuples_and_ints_become_floats():
    e = loads('{"type":"cards_revealed","t":3,"zone":"seat0","cards":["As","Kh"]}')
    assert e == CardsRevealed(t=3.0, zone="seat0", cards=("As", "Kh"))
    assert isinstance(e.t, float)


@pytest.mark.parametrize("line, message", [
    ('{"type":"card_moved","t":1,"from_zone":"seat1","to_zone":"pile","card":"1x"}',
     "line 7: field 'card': a card is rank A23456789TJQK + suit shdc (e.g. 'Td'), got '1x'"),
    ('{"type":"die_settled","t":1,"value":7}', "line 7: field 'value': a die shows 1-6, got 7"),
    ('{"type":"die_settled","t":1,"value":true}', "line 7: field 'value': must be a whole number, got True"),
    ('{"type":"card_moved","t":1}', "line 7: field 'from_zone': missing (required by 'card_moved')"),
    ('{"type":"card_moved","t":1,"from_zone":"pile","to_zone":"pile"}',
     "line 7: field 'to_zone': a move needs two different zones, got 'pile' twice"),
    ('{"type":"undo","t":-1}', "line 7: field 't': must be a finite time >= 0 seconds, got -1.0"),
    ('{"type":"undo","t":1,"colour":"red"}', "line 7: field 'colour': not a field of 'undo'"),
    ('{"type":"undo","t":1,"source":"radio"}',
     "line 7: field 'source': must be one of ['camera', 'button', 'serial', 'manual'], got 'radio'"),
    ('{"type":"undo","t":1,"v":2}', "line 7: field 'v': unknown schema version 2 (this referee reads 1)"),
    ('{"type":"cards_revealed","t":1,"zone":"seat0","cards":["As","As"]}',
     "line 7: field 'cards': a card appears twice: ['As', 'As']"),
    ('{"type":"game_started","t":0,"game":"kiketti","players":["A","A"]}',
     "line 7: field 'players': names must differ, got ['A', 'A']"),
    ('{"type":"correction","t":1,"target":0,"replacement":{"type":"die_settled","t":1,"value":0}}',
     "line 7: field 'replacement.value': a die shows 1-6, got 0"),
    ('[1, 2]', "line 7: an event is a JSON object, got list"),
    ('{"type": "undo", "t": 1', "line 7: not valid JSON: Expecting ',' delimiter at column 24"),
])
def test_malformed_lines_name_line_field_and_reason(line, message):
    with pytest.raises(EventError) as info:
        loads(line, 7)
    assert str(info.value) == message


def test_unknown_type_lists_the_known_ones():
    with pytest.raises(EventError) as info:
        loads('{"type":"card_flipped","t":0}')
    assert info.value.field == "type"
    assert all(name in str(info.value) for name in EVENT_TYPES)


def test_read_jsonl_skips_blank_and_comment_lines_and_stops_at_the_first_bad_one():
    good = GameStarted(t=0, game="tally", players=("A", "B")).dumps()
    assert read_jsonl([good, "", "# a comment", DieSettled(t=1, value=None).dumps()]) == [
        GameStarted(t=0, game="tally", players=("A", "B")), DieSettled(t=1, value=None)]
    with pytest.raises(EventError) as info:
        read_jsonl([good, "", '{"type":"die_settled","t":2,"value":9}'])
    assert info.value.line == 3


def test_write_jsonl_is_one_line_per_event():
    events = [GameStarted(t=0, game="tally", players=("Äijä", "B")), DieSettled(t=1, value=6)]
    text = write_jsonl(events)
    assert text.count("\n") == 2 and "Äijä" in text
    assert read_jsonl(text.splitlines()) == events


def test_zone_seat():
    assert [zone_seat(z) for z in ("seat3", "hand12", "pile", "stock")] == [3, 12, None, None]


def test_declared_value_is_kept_and_left_out_when_none():
    said = Declared(t=1.0, by=0, what="knock", value="7")
    assert loads(said.dumps()) == said
    assert "value" not in Declared(t=1.0, by=0, what="kiketti").to_json()


BIG = "1" * 5000


@pytest.mark.parametrize("line, message", [
    ("[" * 100_000, "line 3: not an event: nested too deeply"),
    ('{"type":"paused","t":1,"on":true,"x":' + BIG + '}', "line 3: not valid JSON: a number of thousands of digits"),
    ('{"type":"button_pressed","t":1,"duration_s":NaN}', "line 3: not valid JSON: NaN is not a number JSON allows"),
    ('{"type":"pad_slapped","t":1,"seat":0,"t_uncertainty":Infinity}',
     "line 3: not valid JSON: Infinity is not a number JSON allows"),
    ('{"type":"pad_slapped","t":1,"seat":0,"t_uncertainty":-1}', "line 3: field 't_uncertainty': must be >= 0"),
    ('{"type":"game_started","t":0,"game":"kimble","players":["a\\ud800","b"]}',
     "line 3: field 'players[0]': must be valid Unicode (a lone surrogate), got 'a\\ud800'"),
    ('{"type":"game_started","t":0,"game":"kimble","players":["a\\u001b[31m","b"]}',
     "line 3: field 'players[0]': must not hold control characters, got 'a\\x1b[31m'"),
    ('{"type":"game_started","t":0,"game":"kiketti","players":["a","b"],"settings":{"rounds":1e400}}',
     "line 3: field 'settings.rounds': must be a finite number, got inf"),
    ('{"type":"game_started","t":0,"game":"kiketti","players":["a","b"],"settings":{"rounds":100000000000000000000}}',
     "line 3: field 'settings.rounds': must lie within ±2^53, got a number of about 20 digits"),
    ('{"type":"game_started","t":0,"game":"kiketti","players":["a","b"],"settings":{"x":' + "[" * 40 + "]" * 40 + '}}',
     "line 3: field 'settings.x[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
     "[0][0][0][0]': nested deeper than 32 levels"),
    ('{"type":"game_started","t":0,"game":"' + "x" * 5_000_000 + '","players":["a","b"]}',
     "line 3: field 'game': must be at most 200 characters, got 5000000"),
    ('{"type":"declared","t":1,"by":0,"what":"' + "x" * 100_000 + '"}',
     "line 3: field 'what': must be at most 200 characters, got 100000"),
])
def test_hostile_lines_are_refused_naming_line_and_field(line, message):
    with pytest.raises(EventError) as e:
        loads(line, 3)
    assert str(e.value) == message


def test_a_huge_value_is_named_not_echoed():
    with pytest.raises(EventError) as e:
        loads('{"type":"paused","t":1,"on":"' + "y" * 150 + '"}')
    assert str(e.value) == "field 'on': must be true or false, got '" + "y" * 59 + "…"
