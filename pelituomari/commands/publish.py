"""`pelituomari publish`: send a stored game to the club evening's broker, from the position after the last
one the broker acknowledged (or all of it with --again): for a table that was offline, and for tests."""

from __future__ import annotations

import sys
import time

from pelituomari.cli import CommandError


def add_parser(sub) -> None:
    from pelituomari.club.connection import add_options

    p = sub.add_parser("publish", help="send a stored game to the club evening's MQTT broker")
    p.add_argument("--db", required=True, help="the table's SQLite event store")
    p.add_argument("--game-id", type=int, help="the stored game (default: the latest)")
    add_options(p, required=True)
    p.add_argument("--table", required=True, metavar="NAME", help="the table's name at the club evening")
    p.add_argument("--again", action="store_true", help="send every position, also those the broker took before")
    p.add_argument("--wait", type=float, default=30.0, metavar="S",
                   help="how long to wait for the broker to take it all (default: 30)")
    p.add_argument("--stay", type=float, default=0.0, metavar="S",
                   help="stay this long after, answering the hub's requests for what it missed (default: 0)")
    p.set_defaults(func=run)


def run(args) -> int:
    from pelituomari.cli import require_positive
    from pelituomari.club.start import broker, table_name
    from pelituomari.store import EventStore

    require_positive(args.wait, "--wait", "seconds")
    name = table_name(args)
    where = broker(args, name)
    with EventStore(args.db, create=False) as store:
        game_id = args.game_id
        if game_id is None:
            latest = store.latest_game()
            if latest is None:
                raise CommandError(f"{args.db} holds no game to publish")
            game_id = latest.id
        try:
            events = store.events(game_id)
        except KeyError as e:
            raise CommandError(e.args[0]) from None
    try:
        from pelituomari.club.outbox import Outbox
        from pelituomari.club.publisher import Publisher
    except ImportError as e:
        raise CommandError(str(e)) from None
    outbox = Outbox.replayed(events, game_id)
    publisher = Publisher(where, name, args.db)
    publisher.begin(outbox, again=args.again)
    first = outbox.acked + 1
    try:
        deadline = time.monotonic() + args.wait
        while not publisher.wait_sent(0.1):
            if publisher.refused is not None:
                raise CommandError(f"{where.name} refused table {name}: {publisher.refused} (see docs/mqtt.md)")
            if time.monotonic() > deadline:
                taken = "none" if outbox.acked < 0 else f"positions 0-{outbox.acked}"
                print(f"pelituomari publish: {where.name} took {taken} of game {game_id}'s {outbox.last + 1} "
                      f"positions in {args.wait:g} s; the rest stays in {args.db}: run this again", file=sys.stderr)
                return 1
        if args.stay > 0:
            time.sleep(args.stay)
    finally:
        publisher.close()
    sent = f"positions {first}-{outbox.last}" if first <= outbox.last else "nothing new"
    print(f"{name}: game {game_id} ({outbox.game}), {sent} sent to {where.name}; the broker has all "
          f"{outbox.last + 1}", flush=True)
    return 0
