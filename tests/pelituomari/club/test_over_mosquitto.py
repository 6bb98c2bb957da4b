"""The club evening over a real Mosquitto configured as shipped: a table publishes, the hub replays it,
the broker dies mid-game, and the ACL keeps each table to its own topics."""

import time

import httpx

from pelituomari.cli import main
from pelituomari.club import topics
from pelituomari.club.connection import Broker
from pelituomari.club.hub import Hub
from pelituomari.club.listener import Listener
from pelituomari.club.outbox import AckFile, Outbox
from pelituomari.club.publisher import Publisher
from pelituomari.club.wire import Request
from pelituomari.store import EventStore
from pelituomari.web.views import page_state
from referee.core import Referee
from tests.pelituomari.club.following import USERS, Following, login, sample, stored_sample, until

def publish(broker, db, password_file, *more):
    return main(["publish", "--db", str(db), "--mqtt", broker.address, "--table", "table1",
                 "--mqtt-password-file", str(password_file), *more])


def test_a_table_publishes_the_kiketti_sample_and_the_hub_s_replay_is_the_table_s(
        broker, following, password_files, tmp_path, capsys):
    db = tmp_path / "table.db"
    events, game_id = stored_sample(db)
    assert publish(broker, db, password_files["table1"]) == 0
    assert capsys.readouterr().out == (f"table1: game {game_id} (kiketti), positions 0-492 sent to {broker.address}; "
                                       f"the broker has all 493\n")
    assert until(lambda: following.has(493))
    game, table = following.game(), Referee.replay(events)
    assert game.referee.log == table.log
    assert game.referee.rulings == table.rulings and len(table.rulings) == 75
    assert game.referee.engine.summary() == table.engine.summary()
    assert (game.disagreements, game.duplicates) == ([], 0)
    assert AckFile.beside(str(db)).get("table1", game_id) == 492

    assert publish(broker, db, password_files["table1"]) == 0   # the broker took it all: nothing is sent
    assert "nothing new sent" in capsys.readouterr().out
    assert publish(broker, db, password_files["table1"], "--again") == 0
    assert until(lambda: following.game().duplicates == 493)
    assert game.referee.log == table.log and set(following.applied.values()) == {1}


def test_the_broker_killed_mid_game_and_started_again_leaves_the_hub_every_event_exactly_once(
        broker, following, tmp_path):
    events = sample()
    db = str(tmp_path / "table.db")
    problems = []
    publisher = Publisher(login(broker, "table1"), "table1", db, on_problem=problems.append)
    with EventStore(db) as store:
        game_id = store.new_game(events[0])
        referee = Referee(events[0])
        publisher.begin(Outbox.replayed(store.events(game_id), game_id))

        def play(some):
            for event in some:
                seq = store.append(game_id, event)
                publisher.recorded(seq, event, referee.push(event))
                time.sleep(0.002)

        play(events[1:150])
        broker.kill()
        play(events[150:300])   # the table goes on refereeing and storing without the broker
        assert not publisher.connected.is_set()
        broker.start()
        play(events[300:])
        assert until(lambda: following.has(len(events)), 40), (following.game().next, problems, following.said)
        assert publisher.wait_sent(20)
    publisher.close()
    game = following.game()
    assert game.referee.log == events
    assert game.referee.rulings == Referee.replay(events).rulings and game.disagreements == []
    assert sorted(following.applied) == [("table1", game_id, seq) for seq in range(len(events))]
    assert set(following.applied.values()) == {1}
    assert any(p.startswith(f"mqtt: lost {broker.address}") for p in problems)
    assert any(p.startswith(f"mqtt: {broker.address} is back; sending the") for p in problems)


def test_a_hub_started_late_asks_the_table_for_the_game_and_gets_it_all(broker, tmp_path):
    events, game_id = stored_sample(tmp_path / "table.db")
    publisher = Publisher(login(broker, "table1"), "table1", str(tmp_path / "table.db"), on_problem=print)
    publisher.begin(Outbox.from_store(str(tmp_path / "table.db"), game_id))
    assert publisher.wait_sent(20)
    late = Following(broker, name="late-hub")
    try:
        assert until(lambda: late.has(len(events)))   # from the retained status, asked of the table
        assert late.game().referee.log == events
    finally:
        late.stop()
        publisher.close()


def test_a_table_with_a_wrong_password_is_refused_and_nothing_reaches_the_hub(
        broker, following, password_files, tmp_path, capsys):
    db = tmp_path / "table.db"
    stored_sample(db)
    wrong = tmp_path / "wrong"
    wrong.write_text("not-the-password\n")
    assert publish(broker, db, wrong) == 2
    assert capsys.readouterr().err.endswith(
        f"pelituomari publish: {broker.address} refused table table1: Not authorized (see docs/mqtt.md)\n")
    time.sleep(1.0)
    assert following.hub.tables == {}


def test_a_table_writing_another_table_s_topics_is_refused_and_nothing_reaches_the_hub(broker, following, tmp_path):
    events, game_id = stored_sample(tmp_path / "table.db")
    problems = []
    # table2's credentials, publishing as table1
    impostor = Publisher(login(broker, "table2"), "table1", str(tmp_path / "table.db"), on_problem=problems.append)
    impostor.begin(Outbox.from_store(str(tmp_path / "table.db"), game_id))
    assert until(lambda: impostor.refused == "Not authorized")
    assert not impostor.wait_sent(1.0) and impostor.outbox.acked == -1
    impostor.close(wait_s=0)
    assert following.hub.tables == {}
    assert problems[0] == (f"mqtt: {broker.address} refused position 0 of table table1 (Not authorized): "
                           f"see its ACL (docs/mqtt.md)")


def test_a_table_reads_neither_another_table_s_requests_nor_its_log(broker, tmp_path, paho):
    import paho.mqtt.client as mqtt

    got = []
    spy = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="spy", protocol=mqtt.MQTTv5)
    spy.username_pw_set("table2", USERS["table2"])
    spy.on_message = lambda client, userdata, message: got.append(message.topic)
    spy.connect("127.0.0.1", broker.port)
    spy.loop_start()
    spy.subscribe([(topics.request_topic("table1"), 1), ("pelituomari/tables/table1/#", 1),
                                (topics.request_topic("table2"), 1)])
    time.sleep(0.3)
    events, game_id = stored_sample(tmp_path / "table.db")
    publisher = Publisher(login(broker, "table1"), "table1", str(tmp_path / "table.db"), on_problem=print)
    publisher.begin(Outbox.from_store(str(tmp_path / "table.db"), game_id))
    hub = Following(broker)
    try:
        assert publisher.wait_sent(20) and until(lambda: hub.has(len(events)))
        hub.hub.ask("table1", Request(game_id, 0, 3))   # table1 sends 0-3 again to its log: table2 gets neither
        hub.hub.ask("table2", Request(9, 0, 0))
        assert until(lambda: got, 5)
    finally:
        hub.stop()
        publisher.close()
        spy.loop_stop()
    assert got == [topics.request_topic("table2")]   # its own requests only


def test_the_evening_s_page_shows_the_table_s_sheet_and_the_standings(broker, password_files, tmp_path):
    from pelituomari.club.start import HubService

    service = HubService(login(broker, "hub"), ("127.0.0.1", 0), client_id="page-hub").start()
    try:
        assert service.listener.connected.wait(10)
        db = tmp_path / "table.db"
        events, game_id = stored_sample(db)
        assert publish(broker, db, password_files["table1"]) == 0
        url = f"http://127.0.0.1:{service.port}"
        table = Referee.replay(events)

        def shown():
            cards = httpx.get(f"{url}/api/evening").json()["tables"]
            return cards and cards[0]["state"] is not None and cards[0]["state"]["version"] == len(events)

        assert until(shown)
        evening = httpx.get(f"{url}/api/evening").json()
        (card,) = evening["tables"]
        assert (card["table"], card["game_id"], card["missing"], card["disagreements"]) == ("table1", game_id, 0, 0)
        assert card["state"]["html"] == page_state(table)["html"]
        assert card["state"]["finished"] is True and card["online"] is False   # publish has ended
        (section,) = evening["standings"]["sections"]
        assert [(r["name"], r["totals"]) for r in section["rows"]] == \
            [("Ville", [242]), ("Eero", [263]), ("Sanni", [295]), ("Aino", [384])]
        assert "<table class=standings>" in evening["standings"]["html"]["en"]
        page = httpx.get(url)
        assert page.status_code == 200 and "/evening/evening.js" in page.text
        assert httpx.get(f"{url}/evening/evening.js").status_code == 200
        assert httpx.get(f"{url}/static/style.css").status_code == 200
        record = httpx.get(f"{url}/tables/table1/record.html?lang=en")
        assert record.status_code == 200 and "table1 game1" in record.text
        assert httpx.get(f"{url}/tables/nobody/record.html").status_code == 404
    finally:
        service.stop()


def test_over_tls_a_table_publishes_and_the_hub_replays_and_a_client_without_the_ca_is_not_let_in(
        tmp_path, paho, password_files, capsys):
    from tests.pelituomari.club.broker import MOSQUITTO, LocalBroker, need

    need("mosquitto (apt-get install mosquitto)", MOSQUITTO is not None)
    broker = LocalBroker(tmp_path / "mosquitto", USERS, tls=True).start()
    hub = Hub(ask=None)
    listener = Listener(Broker("127.0.0.1", broker.tls_port, "hub", USERS["hub"], str(broker.ca)), hub, print)
    try:
        listener.start()
        assert listener.connected.wait(10)
        db = tmp_path / "table.db"
        events, game_id = stored_sample(db)
        club = ["--mqtt", f"127.0.0.1:{broker.tls_port}", "--mqtt-tls", str(broker.ca)]
        assert main(["publish", "--db", str(db), "--table", "table1", "--mqtt-password-file",
                     str(password_files["table1"]), *club]) == 0
        assert until(lambda: "table1" in hub.tables and hub.tables["table1"].games[game_id].next == len(events))
        assert hub.tables["table1"].games[game_id].referee.log == events
        other_ca = tmp_path / "other-ca.crt"
        other_ca.write_text((tmp_path / "mosquitto" / "certs" / "broker.crt").read_text())   # not the CA
        assert main(["publish", "--db", str(db), "--table", "table1", "--mqtt-password-file",
                     str(password_files["table1"]), "--mqtt", f"127.0.0.1:{broker.tls_port}", "--mqtt-tls",
                     str(other_ca), "--again", "--wait", "2"]) == 1
        err = capsys.readouterr().err
        assert f"mqtt: cannot reach 127.0.0.1:{broker.tls_port} (no broker answers there, or its certificate" in err
        assert f"pelituomari publish: 127.0.0.1:{broker.tls_port} took none of game 1's 493 positions in 2 s; the rest stays in {db}" in err
    finally:
        listener.stop()
        broker.stop()
