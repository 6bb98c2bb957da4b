"""Starting the evening's parts from the command line's options: a table's publisher beside `run`, and the
hub with its page (`pelituomari hub`). Bad options are CommandErrors, said before anything starts.
"""

from __future__ import annotations

import sys
from typing import TextIO

from pelituomari.cli import CommandError
from pelituomari.club import topics
from pelituomari.club.connection import Broker, broker_from


def add_table_options(parser) -> None:
    """`run`'s --mqtt options, and --table."""
    from pelituomari.club.connection import add_options

    add_options(parser, required=False)
    parser.add_argument("--table", metavar="NAME", help="with --mqtt: this table's name at the club evening "
                        "(its topics, and its MQTT user unless --mqtt-user says otherwise)")


def broker(args, default_user: str) -> Broker:
    try:
        return broker_from(args, default_user)
    except ValueError as e:
        raise CommandError(str(e)) from None


def club_options_without_broker(args) -> None:
    """`run`'s club options given without --mqtt would be ignored in silence: refuse them, naming the first."""
    for option, value in (("--table", args.table), ("--mqtt-user", args.mqtt_user),
                          ("--mqtt-password-file", args.mqtt_password_file), ("--mqtt-tls", args.mqtt_tls)):
        if value is not None:
            raise CommandError(f"{option} is for the club evening: it needs --mqtt HOST[:PORT] too")


def table_name(args) -> str:
    if not args.table:
        raise CommandError("--mqtt needs --table NAME: the table's name at the club evening")
    try:
        return topics.check_table_name(args.table)
    except ValueError as e:
        raise CommandError(f"--table {e}") from None


def table_publisher(args):
    """The publisher `run --mqtt` starts; it connects once it is begun with the game (``follow``)."""
    name = table_name(args)
    try:
        from pelituomari.club.publisher import Publisher

        return Publisher(broker(args, name), name, args.db)
    except ImportError as e:
        raise CommandError(str(e)) from None


def follow(pipeline, publisher, store, game_id: int) -> None:
    """Publish the pipeline's game: what is stored of it now, then each event as the referee rules on it."""
    from pelituomari.club.outbox import Outbox

    publisher.begin(Outbox.replayed(store.events(game_id), game_id))
    inner = pipeline.on_event

    def on_event(event, rulings) -> None:
        publisher.recorded(len(pipeline.referee.log) - 1, event, rulings)
        if inner is not None:
            inner(event, rulings)

    pipeline.on_event = on_event


class HubService:
    """The hub following the broker and its page served, in the foreground (``run``) or a thread (``start``)."""

    def __init__(self, broker: Broker, listen: tuple[str, int], language: str = "fi", on_ruled=None,
                 out: TextIO = sys.stderr, client_id: str = "pelituomari-hub"):
        from pelituomari.club.evening import EveningBook
        from pelituomari.club.hub import Hub
        from pelituomari.club.listener import Listener
        from pelituomari.club.page import make_evening_app
        from pelituomari.web.feed import Feed
        from pelituomari.web.server import Server, bind

        def say(line: str) -> None:
            print(line, file=out, flush=True)

        self.hub = Hub(ask=None, language=language, on_ruled=on_ruled)
        self.listener = Listener(broker, self.hub, say, client_id)
        feed = Feed()
        self.book = EveningBook(self.hub, feed)
        self.sock = bind(*listen)
        self.port = self.sock.getsockname()[1]
        self.server = Server(make_evening_app(self.book, feed, language), self.sock)

    def start(self) -> "HubService":
        self.listener.start()
        self.server.start()
        return self

    def run(self) -> None:
        self.listener.start()
        try:
            self.server.run()
        finally:
            self.listener.stop()

    def stop(self) -> None:
        self.server.stop()
        self.listener.stop()
