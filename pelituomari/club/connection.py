"""Reaching the evening's broker: the command-line options every club command shares, and a paho-mqtt client
set up from them (MQTT 5, credentials, TLS, quick reconnects, Nagle off so a ruling is not held back).

paho-mqtt is the `club` extra's; it is imported only when a client is made.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path

PORT, TLS_PORT = 1883, 8883
KEEPALIVE_S = 15            # a broker gone is noticed within about 1.5 times this
RECONNECT_S = (0.5, 8.0)    # first and longest wait between tries while the broker is away


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    user: str | None = None
    password: str | None = None
    ca: str | None = None     # TLS on, with this CA file to check the broker's certificate

    @property
    def name(self) -> str:
        return f"{self.host}:{self.port}"


def add_options(parser, required: bool) -> None:
    """--mqtt HOST[:PORT] and the credentials and TLS options that go with it."""
    parser.add_argument("--mqtt", metavar="HOST[:PORT]", required=required,
                        help=f"the club evening's MQTT broker (port {PORT}, {TLS_PORT} with --mqtt-tls)")
    parser.add_argument("--mqtt-user", metavar="USER", help="the broker's user name (default: the table's name; "
                        "the hub's: hub)")
    parser.add_argument("--mqtt-password-file", metavar="FILE", help="a file whose first line is that user's password")
    parser.add_argument("--mqtt-tls", metavar="CA", help="connect with TLS, checking the broker's certificate "
                        "against this CA file")


def parse_address(text: str, tls: bool = False) -> tuple[str, int]:
    """HOST, HOST:PORT or [IPv6]:PORT; a ValueError says what is wrong."""
    default = TLS_PORT if tls else PORT
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else "" if not rest else None
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if not host or port is None or (port and not (port.isdigit() and 0 < int(port) < 65536)):
        raise ValueError(f"{text!r}: give HOST or HOST:PORT with a port 1-65535, e.g. localhost:{default}")
    return host, int(port) if port else default


def broker_from(args, default_user: str) -> Broker:
    """The broker the options name; a ValueError says which option is wrong and why."""
    try:
        host, port = parse_address(args.mqtt, tls=bool(args.mqtt_tls))
    except ValueError as e:
        raise ValueError(f"--mqtt {e}") from None
    password = None
    if args.mqtt_password_file:
        try:
            lines = Path(args.mqtt_password_file).read_text(encoding="utf-8").splitlines()
        except OSError as e:
            raise ValueError(f"--mqtt-password-file {args.mqtt_password_file}: {e.strerror or e}") from None
        if not lines or not lines[0]:
            raise ValueError(f"--mqtt-password-file {args.mqtt_password_file}: its first line is empty")
        password = lines[0]
    if args.mqtt_tls and not Path(args.mqtt_tls).is_file():
        raise ValueError(f"--mqtt-tls {args.mqtt_tls}: no such CA file")
    return Broker(host, port, args.mqtt_user or default_user, password, args.mqtt_tls)


def paho():
    """paho.mqtt.client, or an ImportError that says how to install it."""
    try:
        import paho.mqtt.client as client
    except ImportError as e:
        raise ImportError(f"the club evening needs paho-mqtt: pip install 'pelituomari[club]' ({e})") from None
    return client


def new_client(broker: Broker, client_id: str):
    """A paho client for the broker, not yet connected."""
    mqtt = paho()
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
    if broker.user is not None:
        client.username_pw_set(broker.user, broker.password)
    if broker.ca is not None:
        client.tls_set(ca_certs=broker.ca)
    client.reconnect_delay_set(*RECONNECT_S)
    client.on_socket_open = lambda c, userdata, sock: sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return client


def connect(client, broker: Broker, session_expiry_s: int = 0) -> None:
    """Start the client's network thread; it connects, and connects again whenever the broker is lost.
    session_expiry_s > 0 has the broker keep the client's subscriptions and hold what they are sent while it
    is away (the hub's session)."""
    properties = None
    if session_expiry_s:
        from paho.mqtt.packettypes import PacketTypes
        from paho.mqtt.properties import Properties

        properties = Properties(PacketTypes.CONNECT)
        properties.SessionExpiryInterval = session_expiry_s
    client.connect_async(broker.host, broker.port, KEEPALIVE_S, clean_start=properties is None,
                         properties=properties)
    client.loop_start()
