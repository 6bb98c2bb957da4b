"""How long the Skruuvi referee takes to replay a whole game's log: does a correction late in an evening
(which replays everything from the start) answer at once?

    python3 benchmarks/bench_skruuvi_replay.py [--games 10] [--repeats 5] [--out benchmarks/results/skruuvi_replay.json]

Each game is simulated by tests/referee/make_skruuvi_log.py from its seed: three sitsi of four alkupeli
and four kotka deals (24 deals) and a bolsevikki block in the first sitsi, about 5000 events: every card
dealt, every call, exchange and card played, every trick turned. A replay is Referee.replay of the whole
log, the engine snapshotted before each event as the referee does; each game is replayed `--repeats`
times and its fastest replay kept (the others are the machine's noise). Recorded: the events and deals,
the median and slowest game's seconds, and the microseconds an event.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from referee.core import Referee  # noqa: E402
from tests.referee.make_skruuvi_log import simulate  # noqa: E402

SETTINGS = {"bolsevikki_sitsit": [1]}
OUT = ROOT / "benchmarks" / "results" / "skruuvi_replay.json"


def replay_seconds(events: list, repeats: int) -> float:
    """The fastest of `repeats` whole replays of one log."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        ref = Referee.replay(events)
        best = min(best, time.perf_counter() - t0)
        if not ref.engine.finished or any(r.kind == "impossible" for r in ref.rulings):
            raise RuntimeError("the simulated game was not judged to its end without an impossible ruling")
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    games = []
    for seed in range(1, args.games + 1):
        events, deals = simulate(seed, SETTINGS)
        seconds = replay_seconds(events, args.repeats)
        games.append({"seed": seed, "events": len(events), "deals": len(deals), "seconds": round(seconds, 4),
                      "us_per_event": round(1e6 * seconds / len(events), 1)})
    seconds = [g["seconds"] for g in games]
    results = {
        "machine": machine(),
        "python": sys.version.split()[0],
        "settings": SETTINGS,
        "games": len(games),
        "repeats": args.repeats,
        "events_median": int(statistics.median(g["events"] for g in games)),
        "seconds_median": round(statistics.median(seconds), 4),
        "seconds_max": max(seconds),
        "us_per_event_median": round(statistics.median(g["us_per_event"] for g in games), 1),
        "per_game": games,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps({k: v for k, v in results.items() if k != "per_game"}, indent=1))


if __name__ == "__main__":
    main()
