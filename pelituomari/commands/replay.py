"""`pelituomari replay`: re-derive a game from its log and print the result."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

from pelituomari.cli import CommandError
from pelituomari.game import DEFAULT_GAME, GAMES
STORE_SUFFIXES = (".db", ".sqlite", ".sqlite3")   # what an event store is named; a log is .jsonl


def add_parser(sub) -> None:
    p = sub.add_parser("replay", help="replay a game log (JSON Lines or a stored game) and print the result")
    p.add_argument("log", nargs="?", help="a .jsonl log, or an SQLite event store with --game-id; "
                   f"default: the embedded sample {GAMES[DEFAULT_GAME].title} game")
    p.add_argument("--sample", choices=tuple(GAMES), help="replay an embedded sample game")
    p.add_argument("--game-id", type=int, help="with an event store: which game (default: the latest)")
    p.add_argument("--json", action="store_true", help="print one JSON object: state, scores, every ruling")
    p.add_argument("--language", choices=("fi", "en"), default="fi")
    p.set_defaults(func=run)


def sample_log(name: str) -> str:
    return resources.files("pelituomari.samples").joinpath(f"{name}.jsonl").read_text(encoding="utf-8")


def load_events(log: str | None, sample: str | None = None, game_id: int | None = None):
    """Events from a JSON Lines file, an SQLite store, or an embedded sample. game_id picks a store's
    game, so it is refused with a log or a sample (which hold one game) rather than passed over."""
    from referee.events import EventError, read_jsonl

    from pelituomari.store import EventStore

    if log is not None and sample is not None:
        raise CommandError(f"--sample {sample}: give a log or a sample, not both (the log is {log})")
    if log is None:
        name = sample or DEFAULT_GAME
        if game_id is not None:
            raise CommandError(f"--game-id {game_id}: it picks a game of an event store; name the store "
                               f"(the embedded {name} sample is one game)")
        return read_jsonl(sample_log(name).splitlines()), f"sample:{name}"
    path = Path(log)
    if path.is_dir():
        raise CommandError(f"{log}: a folder, not a log or an event store")
    if not path.is_file():
        raise CommandError(f"{log}: no such file")
    with path.open("rb") as file:   # a store may be large: its header is enough
        is_store = file.read(16) == b"SQLite format 3\x00"
    if not is_store and path.suffix.lower() in STORE_SUFFIXES and path.stat().st_size:
        raise CommandError(f"{log}: not an SQLite event store (it does not begin as SQLite files do)")
    if not is_store and game_id is not None:
        raise CommandError(f"--game-id {game_id}: it picks a game of an event store; {log} is a log of one game")
    if is_store:
        with EventStore(path, create=False) as store:
            if game_id is None:
                latest = store.latest_game()
                if latest is None:
                    raise CommandError(f"{log}: the event store holds no game")
                game_id = latest.id
            try:
                return store.events(game_id), f"{log}#{game_id}"
            except KeyError as e:
                raise CommandError(f"{log}: {e.args[0]}") from None
    try:
        events = read_jsonl(path.read_text(encoding="utf-8").splitlines())
    except EventError as e:
        raise CommandError(f"{log}: {e}") from None
    except UnicodeDecodeError as e:
        raise CommandError(f"{log}: not a UTF-8 text log ({e.reason} at byte {e.start})") from None
    if not events:
        raise CommandError(f"{log}: no events in it (a game log begins with a 'game_started' event)")
    return events, log


def run(args) -> int:
    from pelituomari.game import referee_for

    events, name = load_events(args.log, args.sample, args.game_id)
    referee = referee_for(events, args.language, where=name)
    if args.json:
        json.dump({"log": name, **referee.summary()}, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(referee.engine.render(args.language) + "\n")
    return 0
