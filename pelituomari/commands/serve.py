"""`pelituomari serve`: the table's web page of a stored game, live while another process adds to it."""

from __future__ import annotations

from pelituomari.cli import CommandError
from pelituomari.config import DEFAULT_DB


def add_parser(sub) -> None:
    p = sub.add_parser("serve", help="serve a stored game's web page to the phones at the table (live while "
                       "another process, such as run or play, adds to it)")
    p.add_argument("--db", default=str(DEFAULT_DB), help=f"SQLite event store (default: {DEFAULT_DB})")
    p.add_argument("--game-id", type=int, help="which game (default: the latest)")
    p.add_argument("--listen", default="0.0.0.0:8080", metavar="HOST:PORT",
                   help="where to serve (default: 0.0.0.0:8080, every interface: anyone on the network may watch, "
                        "only a phone that joined with the code printed at start may write)")
    p.add_argument("--language", choices=("fi", "en"), default="fi", help="the page's language until switched")
    p.set_defaults(func=run)


def run(args) -> int:
    try:
        from pelituomari.web.server import parse_listen
        from pelituomari.web.start import serve_stored
    except ImportError as e:
        raise CommandError(f"the web page needs the web extra: pip install 'pelituomari[web]' ({e})") from None
    from pelituomari.store import StoreError

    try:
        listen = parse_listen(args.listen)
    except ValueError as e:
        raise CommandError(f"--listen {e}") from None
    try:
        serve_stored(args.db, args.game_id, listen, args.language)
    except StoreError:
        raise
    except KeyError as e:
        raise CommandError(f"{args.db}: {e.args[0]}") from None
    except ValueError as e:   # a stored game no referee knows
        raise CommandError(f"{args.db}: {e}") from None
    except OSError as e:
        raise CommandError(f"--listen {args.listen}: {e.strerror or e}") from None
    except KeyboardInterrupt:
        pass
    return 0
