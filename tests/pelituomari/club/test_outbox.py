"""The table's outbox: its stored game as published positions, and how far the broker has taken it."""

import json

from pelituomari.club.outbox import AckFile, Outbox
from pelituomari.club.wire import read_position, ruling_payload
from pelituomari.samples import __file__ as samples_init
from pelituomari.store import EventStore
from referee.core import Referee
from referee.events import read_jsonl
from pathlib import Path

SAMPLE = Path(samples_init).parent / "kiketti.jsonl"


def sample():
    return read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())


def test_a_stored_game_s_positions_carry_the_rulings_its_replay_made_on_each():
    events = sample()
    box = Outbox.replayed(events, 5)
    assert (box.game_id, box.game, box.last, box.acked) == (5, "kiketti", 492, -1)
    published = [read_position(p) for p in box.payloads]
    assert [p.seq for p in published] == list(range(493))
    assert [p.event for p in published] == events
    referee = Referee(events[0])
    assert [list(p.rulings) for p in published[1:]] == [[ruling_payload(r) for r in referee.push(e)] for e in events[1:]]
    assert sum(len(p.rulings) for p in published) == 75
    assert not any("withdrawn" in r for p in published for r in p.rulings)   # as ruled then, before any was judged again


def test_the_broker_s_acknowledgements_move_on_only_over_positions_without_a_gap():
    box = Outbox.replayed(sample()[:6], 1)
    assert box.acknowledge(0) and box.acked == 0
    assert not box.acknowledge(2) and box.acked == 0
    assert not box.acknowledge(3) and box.acked == 0
    assert box.acknowledge(1) and box.acked == 3
    assert not box.acknowledge(1) and box.acked == 3


def test_the_acknowledged_positions_are_kept_beside_the_store_per_table_and_game(tmp_path):
    db = tmp_path / "games.db"
    acks = AckFile.beside(str(db))
    assert acks.path == tmp_path / "games.db.published.json"
    assert acks.get("table1", 1) == -1
    acks.set("table1", 1, 41)
    acks.set("table2", 3, 7)
    acks.save()
    assert json.loads(acks.path.read_text()) == {"table1": {"1": 41}, "table2": {"3": 7}}
    again = AckFile.beside(str(db))
    assert (again.get("table1", 1), again.get("table2", 3), again.get("table1", 3)) == (41, 7, -1)
    assert not (tmp_path / "games.db.published.json.new").exists()


def test_an_unreadable_acknowledgement_file_means_all_is_sent_again(tmp_path):
    (tmp_path / "games.db.published.json").write_text("{half")
    assert AckFile.beside(str(tmp_path / "games.db")).get("table1", 1) == -1
    assert AckFile.beside(":memory:").path is None


def test_a_game_is_read_from_the_store_as_it_was_stored(tmp_path):
    events = sample()[:40]
    with EventStore(tmp_path / "t.db") as store:
        game_id = store.new_game(events[0])
        for event in events[1:]:
            store.append(game_id, event)
    box = Outbox.from_store(str(tmp_path / "t.db"), game_id)
    assert [read_position(p).event for p in box.payloads] == events
