"""How well the slap-pad clock fit dates a slap: simulated pads, known true times.

A pad whose clock runs fast (500 ppm, a ceramic resonator) sends a heartbeat every 0.1 s and a
slap every second; each line reaches the Pi after a random transport delay of one of three kinds.
The decoder dates each slap on the Pi's clock; we compare with the true time and check that the
reported ``t_uncertainty`` covers the error.  Writes benchmarks/results/clock_fit.json.

    python3 benchmarks/bench_clock_fit.py
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path

from hardware.clock_sync import ClockFit
from hardware.pad_protocol import format_line
from hardware.slap_pads import PadDecoder

PPM = 500
SECONDS = 120
SEEDS = range(10)
OUT = Path(__file__).parent / "results" / "clock_fit.json"


def delay(kind: str, rnd: random.Random) -> float:
    """Transport delay of one line, seconds."""
    if kind == "uniform_1ms_with_spikes":
        return rnd.uniform(0, 0.001) + (rnd.uniform(0.005, 0.02) if rnd.random() < 0.02 else 0)
    if kind == "usb_frames":
        return rnd.choice((0, 0.001, 0.001, 0.002)) + rnd.uniform(0, 0.00005)
    raise ValueError(kind)


def simulate(kind: str, seed: int) -> list[tuple[int, float, float]]:
    """(heartbeats in the fit, dating error, reported uncertainty) for each slap."""
    rnd = random.Random(seed)
    rate = 1 + PPM * 1e-6
    decoder = PadDecoder(ClockFit())
    rows = []
    t_host = 5.0
    for k in range(SECONDS * 10):
        t_host += 0.1
        micros = round(((t_host - 5.0) * rate + 1000.0) * 1e6) % 2**32
        decoder.feed(format_line(f"BEAT {micros}").encode(), t_host + delay(kind, rnd))
        if k % 10 == 5 and decoder.fit.synced:
            true_t = t_host - 0.05
            slap_micros = round(((true_t - 5.0) * rate + 1000.0) * 1e6) % 2**32
            event = decoder.feed(format_line(f"SLAP 0 {slap_micros}").encode(), t_host)
            rows.append((decoder.fit.beats, event.t - true_t, event.t_uncertainty))
    return rows


def summarise(rows) -> dict:
    errors = sorted(abs(e) for _, e, _ in rows)
    return {
        "slaps": len(rows),
        "error_median_us": round(errors[len(errors) // 2] * 1e6, 1),
        "error_p95_us": round(errors[int(len(errors) * 0.95)] * 1e6, 1),
        "error_max_us": round(errors[-1] * 1e6, 1),
        "uncertainty_median_us": round(statistics.median(u for *_, u in rows) * 1e6, 1),
        "covered": sum(abs(e) <= u for _, e, u in rows),
    }


def main() -> None:
    results = {"pad_drift_ppm": PPM, "seconds": SECONDS, "seeds": len(SEEDS), "delays": {}}
    for kind in ("uniform_1ms_with_spikes", "usb_frames"):
        rows = [row for seed in SEEDS for row in simulate(kind, seed)]
        results["delays"][kind] = {
            "all": summarise(rows),
            "after_100_beats": summarise([r for r in rows if r[0] >= 100]),
        }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
