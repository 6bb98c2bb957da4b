"""A table's publisher: every stored position of its game to the broker, in log order, at QoS 1.

Positions are handed to the MQTT client only while the broker is there; the client keeps those it has not
had acknowledged and sends them again when the broker comes back, and the outbox (pelituomari.club.outbox)
keeps the rest. The referee never waits on any of it: a table that loses the broker goes on refereeing and
storing, and sends what the broker missed once it is back. The hub asks for positions again on the table's
request topic (a gap its broker lost, a game it began to follow late); they are answered from the outbox,
or for an earlier game from the store. The table's retained status says how far the broker has its log, so
the hub can tell it lacks the last positions even when no later one comes.
"""

from __future__ import annotations

import collections
import sys
import threading
import time
from typing import Callable

from referee.core import Ruling
from referee.events import Event

from pelituomari.club import topics
from pelituomari.club.connection import Broker, connect, new_client
from pelituomari.club.outbox import AckFile, Outbox
from pelituomari.club.wire import Status, WireError, read_request, status_message
from pelituomari.store import StoreError

STATUS_S = 2.0     # how often the status is said again while the log grows
SAVE_S = 1.0       # how often the acknowledged position is written beside the store


def tell(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Publisher:
    """Publishes one table's game; ``begin`` it with the game's outbox, tell it each new position
    (``recorded``), ``close`` it at the end."""

    def __init__(self, broker: Broker, table: str, db: str, on_problem: Callable[[str], None] = tell):
        self.broker, self.table, self.db = broker, topics.check_table_name(table), db
        self.on_problem = on_problem
        self.acks = AckFile.beside(db)
        self.outbox: Outbox | None = None
        self.connected = threading.Event()
        self.refused: str | None = None   # why the broker last refused the table (its credentials, its ACL)
        self._lock = threading.RLock()
        self._handed = -1                 # the last position handed to the client
        # what was handed, oldest first: (game id, position, the client's MessageInfo); the client marks each
        # published on its acknowledgement, and the broker's refusals are noted by message id
        self._in_flight: collections.deque = collections.deque()
        self._refusals: dict[int, str] = {}
        self._told: str | None = None
        self._saved_at = self._status_at = 0.0
        self._status_said: tuple | None = None
        self._stop = threading.Event()
        self._client = new_client(broker, client_id=f"pelituomari-table-{table}")
        self._client.will_set(topics.status_topic(table), status_message(Status(False)), qos=1, retain=True)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_connect_fail = lambda client, userdata: self._problem(
            f"mqtt: cannot reach {broker.name} (no broker answers there, or its certificate is not of --mqtt-tls's CA); "
            f"every event stays in {db} until it can")
        self._client.on_subscribe = self._on_subscribe
        self._client.on_publish = self._on_publish
        self._client.on_message = self._on_message
        self._ticker = threading.Thread(target=self._tick, name=f"mqtt-status-{table}", daemon=True)

    # ------------------------------------------------------------ the table's side

    def begin(self, outbox: Outbox, again: bool = False) -> None:
        """Publish this game from the position after the last one the broker acknowledged (again: from its
        start)."""
        with self._lock:
            first = self.outbox is None
            if not first:   # the game before: what the broker took of it is kept
                self._count_acknowledged()
                self._save()
            self.outbox = outbox
            if not again:
                outbox.acked = max(outbox.acked, self.acks.get(self.table, outbox.game_id))
            self._handed = outbox.acked
            self._hand()
        if first:
            connect(self._client, self.broker)
            self._ticker.start()

    def recorded(self, seq: int, event: Event, rulings: list[Ruling]) -> None:
        """The event was stored at ``seq`` and ruled on: publish it (when the broker is there)."""
        with self._lock:
            self.outbox.add(seq, event, rulings)
            self._hand()

    def wait_sent(self, timeout_s: float) -> bool:
        """Wait until the broker has acknowledged every position; False if it has not within the time."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                self._count_acknowledged()
                if self.outbox is not None and self.outbox.acked >= self.outbox.last:
                    return True
            time.sleep(0.02)
        return False

    def close(self, wait_s: float = 3.0) -> None:
        """Give the broker a moment for what is still on its way, say the table has gone, and stop. What it
        did not take stays in the store, to be sent by the next run or `pelituomari publish`."""
        if self.outbox is not None and self.connected.is_set():
            self.wait_sent(wait_s)
        self._stop.set()
        with self._lock:
            self._count_acknowledged()
            self._save()
            if self.connected.is_set():
                info = self._client.publish(topics.status_topic(self.table), status_message(self._status(False)),
                                            qos=1, retain=True)
                if info.rc == 0:
                    info.wait_for_publish(1.0)
        self._client.disconnect()
        self._client.loop_stop()

    # ------------------------------------------------------------ handing positions over

    def _hand(self) -> None:
        """Hand the client every position after the last handed, while the broker is there."""
        box = self.outbox
        if box is None or not self.connected.is_set():
            return
        self._count_acknowledged()
        while self._handed < box.last:
            self._handed += 1
            info = self._client.publish(topics.log_topic(self.table, box.game_id), box.payloads[self._handed], qos=1)
            self._in_flight.append((box.game_id, self._handed, info))

    def _count_acknowledged(self) -> None:
        """Move the outbox on over what the broker has acknowledged, in order; a refused position stops it."""
        while self._in_flight and self._in_flight[0][2].is_published():
            game_id, seq, info = self._in_flight[0]
            refused = self._refusals.pop(info.mid, None)
            if refused is not None:
                self.refused = refused
                self._problem(f"mqtt: {self.broker.name} refused position {seq} of table {self.table} ({refused}): "
                              f"see its ACL (docs/mqtt.md)")
                self._in_flight.clear()   # nothing after it counts as taken; it all stays in the store
                return
            self._in_flight.popleft()
            if game_id == self.outbox.game_id:
                self.outbox.acknowledge(seq)

    def _status(self, online: bool = True) -> Status:
        box = self.outbox
        return Status(online, box.game_id, box.game, box.acked if box.acked >= 0 else None)

    def _say_status(self) -> None:
        said = self._status()
        if said != self._status_said:
            self._client.publish(topics.status_topic(self.table), status_message(said), qos=1, retain=True)
            self._status_said = said
        self._status_at = time.monotonic()

    def _save(self) -> None:
        if self.outbox is not None:
            self.acks.set(self.table, self.outbox.game_id, self.outbox.acked)
            try:
                self.acks.save()
            except OSError as e:
                self._problem(f"mqtt: {self.acks.path}: {e.strerror or e}; positions already sent may be sent again")
        self._saved_at = time.monotonic()

    def _tick(self) -> None:
        while not self._stop.wait(min(STATUS_S, SAVE_S) / 2):
            with self._lock:
                self._count_acknowledged()
                now = time.monotonic()
                if self.connected.is_set() and now - self._status_at >= STATUS_S:
                    self._say_status()
                if now - self._saved_at >= SAVE_S:
                    self._save()

    def _problem(self, line: str) -> None:
        if line != self._told:   # each trouble said once, not at every try
            self._told = line
            self.on_problem(line)

    # ------------------------------------------------------------ the client's callbacks (its thread)

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.refused = str(reason_code)
            self._problem(f"mqtt: {self.broker.name} refused table {self.table} ({reason_code}); every event "
                          f"stays in {self.db} until the broker takes it")
            return
        self.refused = None
        # New positions wait for the subscription's answer: the client sends again what the broker did not
        # acknowledge before the loss only after this callback, and they go first.
        client.subscribe(topics.request_topic(self.table), qos=1)

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties) -> None:
        if any(code.is_failure for code in reason_codes):
            self._problem(f"mqtt: {self.broker.name} will not let table {self.table} read its requests "
                          f"({reason_codes[0]}); the hub cannot ask it for what it missed: see the ACL (docs/mqtt.md)")
        with self._lock:
            behind = self.outbox.last - self.outbox.acked
            self.connected.set()
            self._status_said = None
            self._say_status()
            self._hand()
        if self._told is not None:
            self._problem(f"mqtt: {self.broker.name} is back; sending the {behind} positions it has not taken")

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        if was and not self._stop.is_set():
            self._problem(f"mqtt: lost {self.broker.name} ({reason_code}); refereeing goes on, and what the broker "
                          f"misses is sent when it is back")

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        # Called while the client holds its own lock of outgoing messages: only note a refusal here (the
        # acknowledgements are counted by whoever next holds the publisher's lock), as taking that lock while
        # another thread holding it publishes would leave both waiting on each other.
        if reason_code.is_failure:
            self._refusals[mid] = str(reason_code)

    def _on_message(self, client, userdata, message) -> None:
        try:
            request = read_request(message.payload)
        except WireError as e:
            self._problem(f"mqtt: a request that cannot be read: {e}")
            return
        with self._lock:
            box = self.outbox
            if request.game_id != box.game_id:
                try:
                    box = Outbox.from_store(self.db, request.game_id)
                except (StoreError, KeyError) as e:
                    self._problem(f"mqtt: the hub asked for game {request.game_id}: {e}")
                    return
            topic = topics.log_topic(self.table, box.game_id)
            for seq in range(request.first, min(request.last, box.last) + 1):
                client.publish(topic, box.payloads[seq], qos=1)
