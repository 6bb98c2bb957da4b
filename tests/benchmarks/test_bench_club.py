"""benchmarks/bench_club.py: its figures, and the whole benchmark run briefly against a real Mosquitto."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.bench_club import behind_schedule, latencies, table_names
from tests.pelituomari.club.broker import MOSQUITTO, need

ROOT = Path(__file__).resolve().parents[2]


def test_each_commit_s_time_to_the_hub_s_ruling_and_a_position_never_ruled_counts_as_missing():
    committed = {("table01", 1, seq): 10.0 + seq for seq in range(5)}
    ruled = {("table01", 1, seq): 10.0 + seq + 0.001 * (seq + 1) for seq in range(4)}
    got = latencies(committed, ruled)
    assert (got["positions"], got["missing"], got["median_ms"], got["max_ms"]) == (5, 1, 2.5, 4.0)
    assert latencies(committed, {}) == {"positions": 5, "missing": 5}


def test_how_late_the_tables_commits_came_and_the_tables_names():
    assert behind_schedule([0.001, 0.002, 0.010]) == {"median_ms": 2.0, "p99_ms": 10.0, "max_ms": 10.0}
    assert table_names(3) == ["table01", "table02", "table03"]


@pytest.mark.slow
def test_the_benchmark_run_briefly_has_the_hub_apply_every_position_once(tmp_path):
    need("paho-mqtt (the club extra)", importlib.util.find_spec("paho") is not None)
    need("mosquitto (apt-get install mosquitto)", MOSQUITTO is not None)
    out = tmp_path / "club.json"
    subprocess.run([sys.executable, "benchmarks/bench_club.py", "--tables", "3", "--seconds", "2", "--out", str(out)],
                   cwd=ROOT, check=True, timeout=180, capture_output=True)
    result = json.loads(out.read_text())
    assert (result["tables"], result["events_per_s_each"], result["seconds"]) == (3, 10.0, 2.0)
    assert result["positions_committed"] == 3 * (1 + 20)   # each table's game start and 20 events
    assert result["positions_ruled_at_hub"] == 63 and result["applied_exactly_once"] is True
    assert (result["duplicates_dropped"], result["rulings_unlike_the_table_s"]) == (0, 0)
    latency = result["latency_commit_to_hub_ruling"]
    assert latency["missing"] == 0 and 0 < latency["median_ms"] <= latency["p99_ms"] <= latency["max_ms"]
    assert result["met"] is (latency["p99_ms"] <= 200)
