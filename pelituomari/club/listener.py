"""The hub's MQTT side: subscribed to every table's tree, each message handed to the Hub, its requests
published to the tables, and the hub ticked to ask again for what stays missing.

The hub's session outlives a restart of the hub or of the broker (with the broker's persistence): what the
tables publish meanwhile is held for it.
"""

from __future__ import annotations

import threading
from typing import Callable

from pelituomari.club import topics
from pelituomari.club.connection import Broker, connect, new_client
from pelituomari.club.hub import Hub
from pelituomari.club.wire import Request, request_message

SESSION_S = 6 * 3600   # how long the broker holds the hub's messages while it is away: a whole evening
TICK_S = 0.5


class Listener:
    def __init__(self, broker: Broker, hub: Hub, on_problem: Callable[[str], None],
                 client_id: str = "pelituomari-hub"):
        self.broker, self.hub, self.on_problem = broker, hub, on_problem
        self.connected = threading.Event()
        self.refused: str | None = None
        self._stop = threading.Event()
        self._told: str | None = None
        self._client = new_client(broker, client_id)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_connect_fail = lambda client, userdata: self._problem(
            f"mqtt: cannot reach {broker.name} (no broker answers there, or its certificate is not of --mqtt-tls's CA); "
            f"trying again")
        self._client.on_subscribe = self._on_subscribe
        self._client.on_message = lambda client, userdata, message: hub.message(message.topic, message.payload)
        hub.ask = self._ask
        self._ticker = threading.Thread(target=self._tick, name="hub-tick", daemon=True)

    def start(self) -> None:
        connect(self._client, self.broker, session_expiry_s=SESSION_S)
        self._ticker.start()

    def stop(self) -> None:
        self._stop.set()
        self._client.disconnect()
        self._client.loop_stop()

    def _ask(self, table: str, request: Request) -> None:
        if self.connected.is_set():
            self._client.publish(topics.request_topic(table), request_message(request), qos=1)

    def _tick(self) -> None:
        while not self._stop.wait(TICK_S):
            if self.connected.is_set():
                self.hub.tick()

    def _problem(self, line: str) -> None:
        if line != self._told:
            self._told = line
            self.on_problem(line)

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.refused = str(reason_code)
            self._problem(f"mqtt: {self.broker.name} refused the hub ({reason_code}); trying again")
            return
        self.refused = None
        client.subscribe([(topics.ALL_LOGS, 1), (topics.ALL_STATUS, 1)])

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties) -> None:
        if any(code.is_failure for code in reason_codes):
            self._problem(f"mqtt: {self.broker.name} will not let the hub read the tables ({reason_codes[0]}): "
                          f"see the ACL (docs/mqtt.md)")
            return
        self.connected.set()
        if self._told is not None:
            self._problem(f"mqtt: following the tables on {self.broker.name}")

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        if was and not self._stop.is_set():
            self._problem(f"mqtt: lost {self.broker.name} ({reason_code}); trying again")
