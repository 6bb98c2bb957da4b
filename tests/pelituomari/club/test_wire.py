"""The evening's topics and payloads: what the tables write and the hub reads."""

import json

import pytest

from pelituomari.club import topics
from pelituomari.club.wire import (Request, Status, WireError, position_message, read_position, read_request,
                                   read_status, request_message, status_message)
from referee.core import Ruling
from referee.events import CardMoved, GameStarted


def test_a_table_s_topics_and_the_hub_s_request_topic_lie_in_separate_trees():
    assert topics.log_topic("table1", 3) == "pelituomari/tables/table1/games/3/log"
    assert topics.status_topic("table1") == "pelituomari/tables/table1/status"
    assert topics.request_topic("table1") == "pelituomari/requests/table1"


def test_topics_parse_back_to_their_table_and_game_and_anything_else_is_none():
    assert topics.parse("pelituomari/tables/table1/games/3/log") == topics.Topic("log", "table1", 3)
    assert topics.parse("pelituomari/tables/t-2/status") == topics.Topic("status", "t-2")
    for other in ("pelituomari/requests/table1", "pelituomari/tables/table1/games/x/log",
                  "pelituomari/tables/Table1/status", "elsewhere/tables/table1/status", "pelituomari/tables"):
        assert topics.parse(other) is None


@pytest.mark.parametrize("name", ["Table1", "a/b", "+", "#", "", "-x", "a" * 65, "hub"])
def test_a_table_name_that_cannot_be_a_topic_level_and_user_or_is_the_hub_s_is_refused(name):
    with pytest.raises(ValueError, match="table name"):
        topics.check_table_name(name)


def test_a_position_carries_its_event_and_rulings_in_both_languages():
    event = CardMoved(t=1.5, card="Td", from_zone="seat1", to_zone="pile", face_up=True, by=2)
    ruling = Ruling("wrong_slap", "Väärä lätkäisy", "Wrong slap", seats=(2,), penalty=1, unit="card", cause=7)
    payload = position_message(7, event, [ruling])
    data = json.loads(payload)
    assert data["v"] == 1 and data["seq"] == 7
    assert data["rulings"] == [{"kind": "wrong_slap", "seats": [2], "penalty": 1, "unit": "card", "cause": 7,
                                "fi": "Väärä lätkäisy", "en": "Wrong slap"}]
    read = read_position(payload)
    assert (read.seq, read.event, read.rulings) == (7, event, tuple(data["rulings"]))


def test_status_and_request_read_back_as_written():
    status = Status(True, 4, "kimble", 120)
    assert read_status(status_message(status)) == status
    assert read_status(status_message(Status(False))) == Status(False)
    assert read_request(request_message(Request(4, 10, 20))) == Request(4, 10, 20)


@pytest.mark.parametrize("payload, why", [
    (b"not json", "not JSON"),
    (b"[1]", "not a JSON object"),
    (b'{"v": 2, "seq": 1}', "version 2"),
    (b'{"v": 1, "seq": -1, "event": {}, "rulings": []}', "'seq' must be a whole number"),
    (b'{"v": 1, "seq": 1, "event": {"type": "nothing", "t": 0}, "rulings": []}', "log message 1"),
    (b'{"v": 1, "seq": 1, "event": {}, "rulings": {}}', "'rulings' must be a list"),
])
def test_a_log_message_that_is_not_one_is_refused_saying_why(payload, why):
    with pytest.raises(WireError, match=why):
        read_position(payload)


def test_a_request_backwards_is_refused():
    with pytest.raises(WireError, match="'to' 3 is before 'from' 5"):
        read_request(b'{"v": 1, "game_id": 1, "from": 5, "to": 3}')


def test_the_game_start_travels_whole():
    start = GameStarted(t=0.0, game="kiketti", players=("Aino", "Eero"), settings={"rounds": 3})
    assert read_position(position_message(0, start, [])).event == start
