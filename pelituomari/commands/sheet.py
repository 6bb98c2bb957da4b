"""`pelituomari sheet`: print a game's score sheet (Kiketti's "pöytäkirja", gin rummy's games and main
ledger, Skruuvi's form) as a table, CSV or JSON, or any game kept as one self-contained HTML page (its sheet or summary, every ruling, the die's and the pile's logs)."""

from __future__ import annotations

import json
import sys

from pelituomari.cli import CommandError


def add_parser(sub) -> None:
    p = sub.add_parser("sheet", help="print the score sheet of a game log (default: the embedded Kiketti sample)")
    p.add_argument("log", nargs="?", help="a .jsonl log or an SQLite event store; default: the embedded sample")
    p.add_argument("--game-id", type=int, help="with an event store: which game (default: the latest)")
    p.add_argument("--format", choices=("table", "csv", "json", "html"), default="table",
                   help="html: the whole game as one page to keep or share, for any game")
    p.add_argument("--language", choices=("fi", "en"), default="fi", help="labels of the table and html formats")
    p.set_defaults(func=run)


def run(args) -> int:
    from pelituomari.commands.replay import load_events
    from pelituomari.game import referee_for

    from pelituomari.web.views import load_engine

    events, name = load_events(args.log, None, args.game_id)
    load_engine(events[0].game)
    referee = referee_for(events, args.language, where=name)
    if args.format == "html":
        from pelituomari.web.record import record_html

        sys.stdout.write(record_html(referee, args.language, name))
        return 0
    sheet = getattr(referee.engine, "sheet", None)
    if sheet is None:
        raise CommandError(f"{name}: a '{referee.game}' game keeps no score sheet (its state: pelituomari replay; "
                           f"all of it as a page: --format html)")
    if args.format == "csv":
        sys.stdout.write(sheet.to_csv())
    elif args.format == "json":
        json.dump({"log": name, "finished": referee.engine.finished, **sheet.to_json()}, sys.stdout,
                  ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(sheet.render(args.language) + "\n")
    return 0
