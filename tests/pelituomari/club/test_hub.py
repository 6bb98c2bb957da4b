"""The hub's replay of what it receives: each position once, in order, gaps asked for (no broker here)."""

from pathlib import Path

from pelituomari.club import topics
from pelituomari.club.hub import Hub
from pelituomari.club.outbox import Outbox
from pelituomari.club.wire import Request, Status, status_message
from pelituomari.samples import __file__ as samples_init
from referee.core import Referee
from referee.events import CardMoved, read_jsonl

SAMPLES = Path(samples_init).parent
LOG = topics.log_topic("table1", 1)


def sample(game="kiketti"):
    return read_jsonl((SAMPLES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines())


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def make_hub():
    asked, ruled, clock = [], [], Clock()
    hub = Hub(ask=lambda table, request: asked.append((table, request)), clock=clock,
              on_ruled=lambda table, game_id, seq, rulings: ruled.append((table, game_id, seq)))
    return hub, asked, ruled, clock


def test_a_game_received_in_order_replays_to_the_table_s_state_and_rulings():
    events = sample()
    box = Outbox.replayed(events, 1)
    hub, asked, ruled, _ = make_hub()
    for payload in box.payloads:
        hub.message(LOG, payload)
    game = hub.tables["table1"].games[1]
    table = Referee.replay(events)
    assert game.referee.log == table.log
    assert game.referee.rulings == table.rulings
    assert game.referee.engine.summary() == table.engine.summary()
    assert (game.duplicates, game.disagreements, asked) == (0, [], [])
    assert ruled == [("table1", 1, seq) for seq in range(493)]
    assert hub.take_changed() == {"table1"} and hub.take_changed() == set()


def test_a_position_received_twice_is_applied_once():
    box = Outbox.replayed(sample()[:30], 1)
    hub, asked, ruled, _ = make_hub()
    for payload in box.payloads[:20] + box.payloads[10:30] + box.payloads[25:30]:
        hub.message(LOG, payload)
    game = hub.tables["table1"].games[1]
    assert (game.next, game.duplicates) == (30, 15)
    assert [seq for _, _, seq in ruled] == list(range(30))
    assert asked == []


def test_a_gap_is_asked_for_and_what_came_after_it_waits_until_it_is_filled():
    box = Outbox.replayed(sample()[:30], 1)
    hub, asked, ruled, clock = make_hub()
    for payload in box.payloads[:10] + box.payloads[15:20]:
        hub.message(LOG, payload)
    game = hub.tables["table1"].games[1]
    assert (game.next, sorted(game.waiting)) == (10, [15, 16, 17, 18, 19])
    assert asked == [("table1", Request(1, 10, 14))]   # asked once, not again at each later position
    hub.tick()
    assert len(asked) == 1
    clock.now += 2.5
    hub.tick()
    assert asked[-1] == ("table1", Request(1, 10, 14))   # still open: asked again
    for payload in box.payloads[10:15]:
        hub.message(LOG, payload)
    assert (game.next, game.waiting) == (20, {})
    assert [seq for _, _, seq in ruled] == list(range(20))


def test_the_table_s_status_shows_the_last_positions_lost_though_nothing_came_after_them():
    box = Outbox.replayed(sample()[:30], 1)
    hub, asked, _, _ = make_hub()
    for payload in box.payloads[:25]:
        hub.message(LOG, payload)
    hub.message(topics.status_topic("table1"), status_message(Status(True, 1, "kiketti", 29)))
    assert asked == [("table1", Request(1, 25, 29))]


def test_a_hub_started_late_asks_for_the_whole_game_the_status_names():
    hub, asked, _, _ = make_hub()
    hub.message(topics.status_topic("table2"), status_message(Status(True, 4, "kimble", 120)))
    assert asked == [("table2", Request(4, 0, 120))]
    assert hub.tables["table2"].current.game_id == 4


def test_no_gap_is_asked_of_a_table_gone_offline_and_its_will_keeps_what_it_said_before():
    box = Outbox.replayed(sample()[:30], 1)
    hub, asked, _, clock = make_hub()
    hub.message(LOG, box.payloads[0])
    hub.message(topics.status_topic("table1"), status_message(Status(True, 1, "kiketti", 29)))
    hub.message(topics.status_topic("table1"), status_message(Status(False)))
    assert hub.tables["table1"].status == Status(False, 1, "kiketti", 29)
    clock.now += 10
    hub.tick()
    assert asked == [("table1", Request(1, 1, 29))]


def test_a_ruling_the_hub_makes_otherwise_than_the_table_is_kept_by_position():
    events = sample()[:30]
    box = Outbox.replayed(events, 1)
    hub, _, _, _ = make_hub()
    ruled_at = next(seq for seq in range(1, 30) if b'"rulings":[]' not in box.payloads[seq])
    box.payloads[ruled_at] = box.payloads[ruled_at].replace(b'"rulings":[{', b'"rulings":[{"extra":1,', 1)
    for payload in box.payloads:
        hub.message(LOG, payload)
    assert hub.tables["table1"].games[1].disagreements == [ruled_at]


def test_a_game_that_does_not_begin_with_its_start_is_not_refereed_and_says_why():
    box = Outbox(1, "kiketti")
    box.add(0, CardMoved(t=0.0, card="Td", from_zone="stock", to_zone="seat0", face_up=False), [])
    hub, _, ruled, _ = make_hub()
    hub.message(LOG, box.payloads[0])
    game = hub.tables["table1"].games[1]
    assert game.error == "position 0 is a 'card_moved' event, not the game's start"
    assert game.referee is None and game.gap() is None


def test_a_message_that_cannot_be_read_is_kept_with_why_and_changes_nothing():
    hub, asked, ruled, _ = make_hub()
    hub.message(LOG, b"{broken")
    hub.message("pelituomari/tables/table1/other", b"ignored")
    assert len(hub.rejected) == 1 and hub.rejected[0].startswith(f"{LOG}: log message: not JSON")
    assert (hub.tables, asked, ruled) == ({}, [], [])


def test_each_table_s_games_are_kept_apart_and_the_current_one_is_the_status_s():
    kiketti, kimble = Outbox.replayed(sample()[:5], 1), Outbox.replayed(sample("kimble")[:5], 2)
    hub, _, _, _ = make_hub()
    for payload in kiketti.payloads:
        hub.message(topics.log_topic("table1", 1), payload)
    for payload in kimble.payloads:
        hub.message(topics.log_topic("table1", 2), payload)
    table = hub.tables["table1"]
    assert sorted(table.games) == [1, 2] and table.current.game_id == 2
    hub.message(topics.status_topic("table1"), status_message(Status(True, 1, "kiketti", 4)))
    assert table.current.game_id == 1
    assert (table.games[1].referee.game, table.games[2].referee.game) == ("kiketti", "kimble")
