"""`pelituomari resume`: after a restart or a power cut, carry on with the stored game."""

from __future__ import annotations

import sys

from pelituomari.cli import CommandError
from pelituomari.config import DEFAULT_DB


def add_parser(sub) -> None:
    p = sub.add_parser("resume", help="rebuild the latest stored game by replay, show where it stands, "
                       "then keep reading events from a file or stdin")
    p.add_argument("log", nargs="?", default="-", help="further events to read (default: stdin)")
    p.add_argument("--db", default=str(DEFAULT_DB), help=f"event store (default: {DEFAULT_DB})")
    p.add_argument("--game-id", type=int, help="which stored game (default: the latest)")
    p.add_argument("--language", choices=("fi", "en"), default="fi")
    p.set_defaults(func=run)


def run(args) -> int:
    import pelituomari.game  # noqa: F401  (registers the engines)
    from pelituomari.commands.play import announce, open_lines
    from pelituomari.session import Session, feed_lines
    from pelituomari.store import EventStore

    with EventStore(args.db, create=False, on_busy=lambda said: print(said, file=sys.stderr, flush=True)) as store:
        try:
            session = Session.resume(store, args.game_id, args.language)
        except (LookupError, KeyError) as e:
            raise CommandError(str(e.args[0])) from None
        ref = session.referee
        print(f"resumed game {session.game_id} ({ref.game}): {len(ref.log)} events, "
              f"{len(ref.rulings)} rulings so far", file=sys.stderr)
        print(ref.engine.render(args.language), flush=True)
        stored = len(ref.log)
        bad = feed_lines(open_lines(args.log), session.push, lambda r: announce(r, args.language), sys.stderr)
        if len(ref.log) > stored:
            print(ref.engine.render(args.language))
    return 1 if bad else 0
