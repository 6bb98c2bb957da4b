"""benchmarks/bench_skruuvi_replay.py: a whole simulated game replayed and timed."""

import json

from benchmarks import bench_skruuvi_replay


def test_one_game_is_replayed_and_its_events_and_deals_recorded(tmp_path):
    out = tmp_path / "skruuvi.json"
    bench_skruuvi_replay.main(["--games", "1", "--repeats", "1", "--out", str(out)])
    result = json.loads(out.read_text())
    (game,) = result["per_game"]
    assert (result["games"], result["repeats"], game["seed"]) == (1, 1, 1)
    assert game["deals"] >= 24 and game["events"] == result["events_median"] > 4000
    assert result["seconds_median"] == result["seconds_max"] == game["seconds"] > 0
