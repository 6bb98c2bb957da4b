"""Time the gin rummy referee's exact least-deadwood search, one hand at a time.

    python3 benchmarks/bench_gin_deadwood.py [--hands 20000] [--seed 2024] [--out benchmarks/results/gin_deadwood.json]

Why: the referee searches every arrangement of melds to judge a knock, the defender's lay-offs, and
whether a player playing with open cards must knock; it must answer within a frame of the camera on
a Raspberry Pi, so it is held to a median under 1 ms per 11-card hand here. Three kinds of hand:
`eleven` (11 cards dealt at random: a hand holding the drawn card, with the best discard chosen),
`ten` (10 cards at random: a knocker's or defender's cards) and `eleven_dense` (11 cards out of four
neighbouring ranks in all suits, where sets and runs cross and the search branches most). Each hand
is timed alone, from the card names to the arrangement (referee.gin.melds.best_arrangement).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from referee.gin.cards import DECK, RANKS  # noqa: E402
from referee.gin.melds import best_arrangement  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "gin_deadwood.json"


def deal(rng: random.Random, kind: str) -> list[str]:
    if kind == "ten":
        return rng.sample(DECK, 10)
    if kind == "eleven":
        return rng.sample(DECK, 11)
    low = rng.randrange(len(RANKS) - 3)
    return rng.sample([c for c in DECK if low <= RANKS.index(c[0]) < low + 4], 11)


def time_hands(hands: list[list[str]]) -> dict:
    """Microseconds per hand: median, 95th percentile and the slowest."""
    for hand in hands[:200]:  # warm the interpreter's caches
        best_arrangement(hand)
    took = []
    for hand in hands:
        start = time.perf_counter_ns()
        best_arrangement(hand)
        took.append((time.perf_counter_ns() - start) / 1000)
    took.sort()
    return {"hands": len(hands), "median_us": round(statistics.median(took), 1),
            "p95_us": round(took[int(len(took) * 0.95)], 1), "max_us": round(took[-1], 1)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands of each kind (default 20000)")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    kinds = {kind: time_hands([deal(rng, kind) for _ in range(a.hands)]) for kind in ("eleven", "ten", "eleven_dense")}
    results = {"machine": machine(), "python": sys.version.split()[0], "seed": a.seed,
               "hands": a.hands, **kinds["eleven"], "kinds": kinds}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
