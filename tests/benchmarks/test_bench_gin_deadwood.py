"""benchmarks/bench_gin_deadwood.py: the least-deadwood search timed per kind of hand, seeded."""

import json
import random

from benchmarks import bench_gin_deadwood
from referee.gin.cards import RANKS


def test_the_dense_hands_come_from_four_neighbouring_ranks():
    rng = random.Random(3)
    for _ in range(50):
        hand = bench_gin_deadwood.deal(rng, "eleven_dense")
        ranks = sorted({RANKS.index(card[0]) for card in hand})
        assert len(hand) == len(set(hand)) == 11 and ranks[-1] - ranks[0] <= 3


def test_a_small_run_writes_each_kind_with_its_counts(tmp_path):
    out = tmp_path / "gin.json"
    bench_gin_deadwood.main(["--hands", "300", "--seed", "5", "--out", str(out)])
    result = json.loads(out.read_text())
    assert (result["seed"], result["hands"]) == (5, 300)
    assert sorted(result["kinds"]) == ["eleven", "eleven_dense", "ten"]
    for kind in result["kinds"].values():
        assert kind["hands"] == 300 and 0 < kind["median_us"] <= kind["p95_us"] <= kind["max_us"]
    assert result["median_us"] == result["kinds"]["eleven"]["median_us"]
