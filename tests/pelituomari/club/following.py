"""A hub for the tests, following the tests' broker; the users the broker knows; the Kiketti sample stored."""

import collections
import time
from pathlib import Path

from pelituomari.club.connection import Broker
from pelituomari.club.hub import Hub
from pelituomari.club.listener import Listener
from pelituomari.samples import __file__ as samples_init
from pelituomari.store import EventStore
from referee.events import read_jsonl

USERS = {"hub": "hub-secret", "table1": "table1-secret", "table2": "table2-secret"}


def until(condition, timeout_s=20.0):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def login(broker, user, password=None):
    return Broker("127.0.0.1", broker.port, user, USERS[user] if password is None else password)


class Following:
    """A hub following the broker, counting how often each position was applied."""

    def __init__(self, broker, name="pelituomari-hub-test"):
        self.applied = collections.Counter()
        self.said = []
        self.hub = Hub(ask=None, on_ruled=lambda table, game_id, seq, rulings: self.applied.update([(table, game_id, seq)]))
        self.listener = Listener(login(broker, "hub"), self.hub, self.said.append, client_id=name)
        self.listener.start()
        assert self.listener.connected.wait(10), self.said

    def game(self, table="table1", game_id=1):
        state = self.hub.tables.get(table)
        return None if state is None else state.games.get(game_id)

    def has(self, count, table="table1", game_id=1):
        game = self.game(table, game_id)
        return game is not None and game.next == count

    def stop(self):
        self.listener.stop()


SAMPLE = Path(samples_init).parent / "kiketti.jsonl"


def sample():
    return read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())


def stored_sample(path):
    events = sample()
    with EventStore(path) as store:
        game_id = store.new_game(events[0])
        for event in events[1:]:
            store.append(game_id, event)
    return events, game_id
