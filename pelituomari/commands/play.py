"""`pelituomari play`: referee a game from events typed or piped in, storing every one."""

from __future__ import annotations

import sys

from pelituomari.cli import CommandError
from pelituomari.config import DEFAULT_DB


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="start a game: read JSON Lines events (the first is game_started) "
                       "from a file or stdin, store them and print rulings as they happen")
    p.add_argument("log", nargs="?", default="-", help="events to read (default: stdin)")
    p.add_argument("--db", default=str(DEFAULT_DB), help=f"event store (default: {DEFAULT_DB})")
    p.add_argument("--language", choices=("fi", "en"), default="fi")
    p.set_defaults(func=run)


def run(args) -> int:
    from referee.core import Referee
    from referee.events import EventError, GameStarted, loads

    import pelituomari.game  # noqa: F401  (registers the engines)
    from pelituomari.session import Session, feed_lines
    from pelituomari.store import EventStore

    lines = open_lines(args.log)
    first = next(((n, line) for n, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")), None)
    if first is None:
        raise CommandError(f"{args.log}: no events")
    try:
        start = loads(first[1], first[0])
    except EventError as e:
        raise CommandError(f"{args.log}: {e}") from None
    if not isinstance(start, GameStarted):
        raise CommandError(f"{args.log}: line {first[0]}: a game begins with a 'game_started' event, "
                           f"got '{start.type}' (to continue a stored game use `pelituomari resume`)")
    try:
        Referee(start, args.language)  # an unknown game or setting is refused before a store is made
    except ValueError as e:
        raise CommandError(f"{args.log}: line {first[0]}: {e}") from None
    with EventStore(args.db, on_busy=lambda said: print(said, file=sys.stderr, flush=True)) as store:
        session = Session.start(store, start, args.language)
        print(f"game {session.game_id} ({start.game}) stored in {args.db}", file=sys.stderr)
        bad = feed_lines(lines, session.push, lambda r: announce(r, args.language), sys.stderr, first[0] + 1)
        print(session.referee.engine.render(args.language))
    return 1 if bad else 0


def open_lines(path: str):
    """An iterator over a file's lines, or stdin's for '-'."""
    if path == "-":
        return iter(sys.stdin)
    try:
        return iter(open(path, encoding="utf-8").read().splitlines())
    except OSError as e:
        raise CommandError(f"{path}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise CommandError(f"{path}: not a UTF-8 text log ({e.reason} at byte {e.start})") from None


def announce(ruling, language: str) -> None:
    print(f"[{ruling.kind}] {ruling.message(language)}", flush=True)
