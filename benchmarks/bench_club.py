"""Benchmark a club evening on loopback: many simulated tables publishing to one Mosquitto, one hub keeping up.

    python3 benchmarks/bench_club.py [--tables 50] [--rate 10] [--seconds 60] [--out benchmarks/results/club.json]

Mosquitto runs as the repository ships it (deploy/mosquitto/, on a free port of 127.0.0.1, as the tests start
it). Each simulated table is what `run --mqtt` is without the camera: its own event store (SQLite on disk, a
transaction each), its referee and its publisher with its own credentials; it commits the Kiketti sample's
events at --rate a second (a new game when the sample runs out). The tables run in --workers processes, the
hub (with its page served and one page following it) in this one, all on this machine's cores.

Measured, for every position committed: the time from the table's commit (the store's append returned) to
the hub's ruling on it (its replay applied it), on the machine's one monotonic clock; and whether the hub
applied each position exactly once. Target (issue 82): p99 <= 200 ms, nothing missing.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import multiprocessing
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SAMPLE = ROOT / "pelituomari" / "samples" / "kiketti.jsonl"
PASSWORD = "bench-{}"   # each user's password: its name in it


def table_names(count: int) -> list[str]:
    return [f"table{n + 1:02d}" for n in range(count)]


# ---------------------------------------------------------------- the tables (worker processes)


def play_table(name: str, port: int, folder: str, rate: float, seconds: float, t0: float, committed: dict,
               behind: list) -> None:
    """One table: commit the sample's events at ``rate`` a second from ``t0`` for ``seconds``, each published."""
    from pelituomari.club.connection import Broker
    from pelituomari.club.outbox import Outbox
    from pelituomari.club.publisher import Publisher
    from pelituomari.store import EventStore
    from referee.core import Referee
    from referee.events import read_jsonl

    events = read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines())
    start, moves = events[0], events[1:]
    db = f"{folder}/{name}.db"
    publisher = Publisher(Broker("127.0.0.1", port, name, PASSWORD.format(name)), name, db, on_problem=print)
    with EventStore(db) as store:
        def new_game():
            game_id = store.new_game(start)
            committed[(name, game_id, 0)] = time.monotonic()
            publisher.begin(Outbox.replayed([start], game_id))
            return game_id, Referee(start)

        game_id, referee = new_game()
        for k in range(int(seconds * rate)):
            wait = t0 + k / rate - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            move = k % len(moves)
            if k and move == 0:
                game_id, referee = new_game()
            seq = store.append(game_id, moves[move])
            committed[(name, game_id, seq)] = time.monotonic()
            behind.append(committed[(name, game_id, seq)] - (t0 + k / rate))
            publisher.recorded(seq, moves[move], referee.push(moves[move]))
        publisher.wait_sent(30)
    publisher.close()


def tables(names: list[str], port: int, folder: str, rate: float, seconds: float, t0: float, results) -> None:
    """A worker process: its tables each in a thread; puts ({(table, game, seq): commit time}, [s each commit
    came after its time]) on ``results``."""
    committed: dict = {}
    behind: list = []
    threads = [threading.Thread(target=play_table, args=(name, port, folder, rate, seconds, t0 + n / len(names) / rate,
                                                        committed, behind)) for n, name in enumerate(names)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put((committed, behind))


# ---------------------------------------------------------------- the hub's page, followed


def follow_page(port: int, stop: threading.Event, seen: list) -> None:
    """One open evening page: its stream read, each message counted."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(b"GET /events HTTP/1.1\r\nHost: hub\r\nAccept: text/event-stream\r\n\r\n")
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                data = sock.recv(65536)
            except socket.timeout:
                continue
            if not data:
                return
            seen[0] += data.count(b"\nevent: table\n") + data.startswith(b"event: table\n")


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of sorted values: at least that share of them are at or below it."""
    return values[max(0, math.ceil(share * len(values)) - 1)]


def behind_schedule(late: list[float]) -> dict:
    """How late the tables' commits came after their times: the tables themselves keeping up."""
    values = sorted(late)
    return {"median_ms": round(statistics.median(values) * 1000, 1),
            "p99_ms": round(percentile(values, 0.99) * 1000, 1), "max_ms": round(values[-1] * 1000, 1)}


def latencies(committed: dict, ruled: dict) -> dict:
    """ms from each commit to the hub's ruling on it; a position never ruled on counts as missing."""
    values = sorted((ruled[key] - at) * 1000 for key, at in committed.items() if key in ruled)
    if not values:
        return {"positions": len(committed), "missing": len(committed)}
    return {"positions": len(committed), "missing": len(committed) - len(values),
            "median_ms": round(statistics.median(values), 1), "p90_ms": round(percentile(values, 0.9), 1),
            "p99_ms": round(percentile(values, 0.99), 1), "max_ms": round(values[-1], 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--rate", type=float, default=10.0, help="events a second at each table")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables play")
    parser.add_argument("--workers", type=int, default=2, help="processes the tables run in")
    parser.add_argument("--stores", type=Path, default=Path("/dev/shm") if Path("/dev/shm").is_dir() else None,
                        help="where the tables' stores are made (default: /dev/shm, in memory: on one machine the "
                             "tables would share one disk's flushes, where each real table has its own)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "club.json")
    args = parser.parse_args()

    from benchmarks.bench_detect import cpu_name
    from pelituomari.club.connection import Broker
    from pelituomari.club.start import HubService
    from tests.pelituomari.club.broker import MOSQUITTO, LocalBroker

    names = table_names(args.tables)
    ruled: dict = {}
    applied = collections.Counter()

    def on_ruled(table, game_id, seq, rulings):
        ruled.setdefault((table, game_id, seq), time.monotonic())
        applied[(table, game_id, seq)] += 1

    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory(dir=args.stores) as stores:
        users = {"hub": PASSWORD.format("hub"), **{name: PASSWORD.format(name) for name in names}}
        broker = LocalBroker(Path(tmp) / "mosquitto", users).start()
        service = HubService(Broker("127.0.0.1", broker.port, "hub", users["hub"]), ("127.0.0.1", 0),
                             on_ruled=on_ruled).start()
        stop, seen = threading.Event(), [0]
        page = threading.Thread(target=follow_page, args=(service.port, stop, seen), daemon=True)
        try:
            if not service.listener.connected.wait(10):
                raise RuntimeError("the hub did not connect to the broker")
            page.start()
            context = multiprocessing.get_context("spawn")
            results = context.Queue()
            t0 = time.monotonic() + 3.0   # the workers' imports and connections before the first commit
            workers = [context.Process(target=tables, args=(names[w::args.workers], broker.port, stores, args.rate,
                                                            args.seconds, t0, results))
                       for w in range(args.workers)]
            for worker in workers:
                worker.start()
            committed: dict = {}
            behind: list = []
            for _ in workers:
                got, late = results.get(timeout=args.seconds + 120)
                committed.update(got)
                behind += late
            for worker in workers:
                worker.join(30)
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not committed.keys() <= ruled.keys():
                time.sleep(0.1)
            took = time.monotonic() - t0
        finally:
            stop.set()
            service.stop()
            broker.stop()
        hub = service.hub
        duplicates = sum(g.duplicates for t in hub.tables.values() for g in t.games.values())
        disagreements = sum(len(g.disagreements) for t in hub.tables.values() for g in t.games.values())
    version = subprocess.run([MOSQUITTO, "-h"], capture_output=True, text=True).stdout.splitlines()[0]
    latency = latencies(committed, ruled)
    once = all(applied[key] == 1 for key in committed) and set(applied) == set(committed)
    out = {"what": "a club evening on loopback: simulated tables (store, referee, publisher) committing the Kiketti "
                   "sample's events, one Mosquitto as shipped, the hub replaying every table with its page served",
           "tables": args.tables, "events_per_s_each": args.rate, "seconds": args.seconds, "workers": args.workers,
           "positions_committed": len(committed), "positions_ruled_at_hub": len(set(ruled) & set(committed)),
           "applied_exactly_once": once, "duplicates_dropped": duplicates, "rulings_unlike_the_table_s": disagreements,
           "hub_page_updates_seen": seen[0], "wall_s": round(took, 1),
           "commits_behind_schedule_ms": behind_schedule(behind), "stores": str(args.stores or tempfile.gettempdir()),
           "latency_commit_to_hub_ruling": latency, "broker": version,
           "machine": {"cpu": cpu_name(), "cores": os.cpu_count(), "python": platform.python_version()},
           "target": {"p99_ms": 200}}
    out["met"] = latency.get("p99_ms") is not None and latency["p99_ms"] <= 200 and latency["missing"] == 0 and once
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: out[k] for k in ("positions_committed", "applied_exactly_once", "latency_commit_to_hub_ruling",
                                          "met")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
