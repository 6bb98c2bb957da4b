"""`pelituomari hub`: follow every table of the club evening on the broker and serve the evening's page:
each table's sheet, and the standings across tables and games, live (docs/mqtt.md)."""

from __future__ import annotations

import sys

from pelituomari.cli import CommandError

DEFAULT_LISTEN = "0.0.0.0:8090"


def add_parser(sub) -> None:
    from pelituomari.club.connection import add_options

    p = sub.add_parser("hub", help="follow the club evening's tables over MQTT and serve the evening's page")
    add_options(p, required=True)
    p.add_argument("--listen", default=DEFAULT_LISTEN, metavar="HOST:PORT",
                   help=f"where the evening's page is served (default: {DEFAULT_LISTEN})")
    p.add_argument("--language", choices=("fi", "en"), default="fi", help="the page's first language")
    p.set_defaults(func=run)


def run(args) -> int:
    from pelituomari.club.start import HubService, broker
    from pelituomari.club.topics import HUB_USER

    try:
        from pelituomari.web.server import page_urls, parse_listen
    except ImportError as e:
        raise CommandError(f"the hub's page needs the web extra: pip install 'pelituomari[web,club]' ({e})") from None
    try:
        listen = parse_listen(args.listen)
    except ValueError as e:
        raise CommandError(f"--listen {e}") from None
    where = broker(args, HUB_USER)
    try:
        service = HubService(where, listen, args.language)
    except ImportError as e:
        raise CommandError(str(e)) from None
    except OSError as e:
        raise CommandError(f"--listen {args.listen}: {e.strerror or e}") from None
    print(f"hub: following the tables on {where.name}; the evening's page: {', '.join(page_urls(service.sock))}",
          file=sys.stderr, flush=True)
    try:
        service.run()
    except KeyboardInterrupt:
        pass
    return 0
