"""The Arduino sketch itself, compiled for this machine against a stand-in Arduino core
(hardware/firmware/slap_pads/host/) and run on simulated time: debounce, lockout, heartbeats,
HELLO on request, micros() wraparound, and that the Pi side parses and maps every line it sends."""

import shutil
import subprocess
from pathlib import Path

import pytest

from hardware.clock_sync import ClockFit
from hardware.pad_protocol import Beat, Hello, Slap, parse_line
from hardware.slap_pads import PadDecoder

SKETCH = Path(__file__).resolve().parents[2] / "hardware" / "firmware" / "slap_pads"
COMPILER = shutil.which("g++") or shutil.which("c++")
SEAT_PIN = {0: 2, 1: 3, 2: 4, 3: 5}  # as PAD_PIN in the sketch; pads are active low


@pytest.fixture(scope="module")
def firmware(tmp_path_factory):
    if COMPILER is None:
        pytest.skip("no C++ compiler (g++ or c++) on this machine to build the sketch for the host")
    binary = tmp_path_factory.mktemp("firmware") / "slap_pads_host"
    subprocess.run([COMPILER, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{SKETCH / 'host'}",
                    "-o", str(binary), str(SKETCH / "host" / "host_run.cpp")], check=True)

    def run(start_us, end_us, script=(), scan_us=10):
        """[(sim time sent, line, message)] for a script of ('pin', at, seat, level) / ('send', at, char)."""
        lines = [f"run {start_us} {end_us} {scan_us}"]
        for kind, at, *rest in sorted(script, key=lambda s: s[1]):
            lines.append(f"pin {at} {SEAT_PIN[rest[0]]} {rest[1]}" if kind == "pin" else f"send {at} {rest[0]}")
        out = subprocess.run([str(binary)], input="\n".join(lines) + "\n", capture_output=True, text=True,
                             check=True).stdout
        rows = [row.split(" ", 1) for row in out.splitlines()]
        return [(int(at), text.encode("ascii"), parse_line(text.encode("ascii"))) for at, text in rows]

    return run


def press(seat, down_us, up_us, bounce_us=()):
    """A switch press with bounce: each bounce offset flips the level once more after the edge."""
    script = [("pin", down_us, seat, 0), ("pin", up_us, seat, 1)]
    for edge, level in ((down_us, 0), (up_us, 1)):
        for i, offset in enumerate(bounce_us):
            script.append(("pin", edge + offset, seat, level if i % 2 else 1 - level))
    return script


def slaps(sent):
    return [m for _, _, m in sent if isinstance(m, Slap)]


def test_hello_at_start_heartbeats_every_100_ms_and_hello_on_request(firmware):
    sent = [(at, m) for at, _, m in firmware(0, 1_000_000, [("send", 450_000, "?")])]
    assert sent[0] == (0, Hello("slap_pads", "1.0", 4))
    assert [(at, m) for at, m in sent if isinstance(m, Beat)] == [(k * 100_000, Beat(k * 100_000))
                                                                   for k in range(1, 10)]
    assert (450_000, Hello("slap_pads", "1.0", 4)) in sent


def test_a_bouncing_switch_is_one_slap_dated_by_its_first_contact(firmware):
    script = press(1, 100_000, 150_000, bounce_us=(35, 52, 80))
    assert slaps(firmware(0, 400_000, script)) == [Slap(1, 100_000, 10)]  # within one 10 us scan


def test_a_glitch_on_one_scan_is_no_slap(firmware):
    script = [("pin", 200_005, 0, 0), ("pin", 200_015, 0, 1)]  # active on the scan at 200_010 only
    assert slaps(firmware(0, 400_000, script)) == []


def test_lockout_then_rearm(firmware):
    script = press(2, 100_000, 120_000) + press(2, 200_000, 220_000) + press(2, 400_000, 420_000)
    assert slaps(firmware(0, 600_000, script)) == [Slap(2, 100_000, 10), Slap(2, 400_000, 10)]


def test_a_ringing_pad_is_one_slap(firmware):
    ringing = [("pin", 100_000 + 2_000 * k, 3, k % 2) for k in range(100)]  # 200 ms of ringing
    script = ringing + [("pin", 300_000, 3, 1), ("pin", 340_000, 3, 0), ("pin", 360_000, 3, 1)]
    assert slaps(firmware(0, 600_000, script)) == [Slap(3, 100_000, 10), Slap(3, 340_000, 10)]


def test_seats_slapping_together_are_each_reported(firmware):
    script = [s for seat in range(4) for s in press(seat, 100_000 + seat * 10, 150_000)]
    assert slaps(firmware(0, 300_000, script)) == [Slap(seat, 100_000 + seat * 10, 10) for seat in range(4)]


def test_across_the_micros_wrap_a_drifting_pad_maps_onto_the_pi_clock(firmware):
    start = 2**32 - 2_000_000  # micros() wraps 2 s into the run
    sent = firmware(start, start + 4_000_000, press(2, start + 3_000_000, start + 3_050_000))
    assert slaps(sent) == [Slap(2, 1_000_000, 10)]
    decoder = PadDecoder(ClockFit())

    def pi_time(sim_us):  # the pad's clock runs 500 ppm fast; the Pi's clock read 10.0 s at the start
        return 10.0 + (sim_us - start) / 1e6 / 1.0005

    slap = [e for e in (decoder.feed(line, pi_time(at)) for at, line, _ in sent) if e is not None]
    assert len(slap) == 1 and slap[0].seat == 2
    # Dated 5 us (half its 10 us window) before its stamp, and that half window is its uncertainty.
    assert slap[0].t == pytest.approx(10.0 + (3.0 - 5e-6) / 1.0005, abs=1e-9)
    assert slap[0].t_uncertainty == pytest.approx(5e-6, abs=1e-9)
    assert decoder.stats.garbage == decoder.stats.truncated == 0

