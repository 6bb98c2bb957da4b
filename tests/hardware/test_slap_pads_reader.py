"""The slap-pad reader thread: pyserial loop://, garbage, unplug and replug, a silent device.

The threads are waited on by what they report (queues), never by elapsed time; the clocks are fakes.
"""

import queue
import time

import serial

from hardware.pad_protocol import format_line
from hardware.slap_pads import PadDecoder, SlapPadReader, serial_port
from referee.events import PadSlapped, Source

SAFETY_S = 10  # only a guard against a hung test, never a timing assertion


def line(body):
    return format_line(body).encode("ascii")


class FakeClock:
    def __init__(self, t=7.0, step=0.0):
        self.t, self.step = t, step

    def __call__(self):
        self.t += self.step
        return self.t


class ScriptedPort:
    """A port that hands out chunks, then fails with ``then`` (unplugged) or stays quiet."""

    def __init__(self, chunks, then=None):
        self.chunks, self.then, self.written, self.closed = list(chunks), then, [], False
        self.in_waiting = 0

    def read(self, n):
        if self.chunks:
            return self.chunks.pop(0)
        if self.then:
            raise self.then
        time.sleep(0.002)  # as a real port's read timeout would, without a busy loop
        return b""

    def write(self, data):
        self.written.append(data)

    def close(self):
        self.closed = True


def factory(*outcomes):
    """A port factory that returns ports or raises, in turn; then keeps raising 'unplugged'."""
    outcomes = list(outcomes)

    def open_port():
        outcome = outcomes.pop(0) if outcomes else serial.SerialException("no device")
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    return open_port


def collect(q, n):
    return [q.get(timeout=SAFETY_S) for _ in range(n)]


def test_loop_port_lines_become_events_and_garbage_is_counted():
    port = serial_port("loop://")()
    port.write(line("HELLO slap_pads 1.0 4") + b"\x00garbage\xff\nSLAP 2\nSL" + b"AP 3 123*" + b"00\n"
               + line("SLAP 1 5000"))
    events, statuses = queue.Queue(), queue.Queue()
    reader = SlapPadReader(lambda: port, events.put, clock=FakeClock(),
                           on_status=lambda state, msg: statuses.put((state, msg))).start()
    try:
        assert events.get(timeout=SAFETY_S) == PadSlapped(t=7.0, source=Source.SERIAL, seat=1, t_uncertainty=0.02)
        assert collect(statuses, 2) == [("connected", "slap pads: connected"),
                                        ("hello", "slap pads: slap_pads 1.0, 4 seats")]
    finally:
        reader.stop()
    assert (reader.stats.lines, reader.stats.garbage, reader.stats.truncated, reader.stats.slaps) == (5, 2, 1, 1)
    assert port.is_open is False


def test_unplugged_device_is_reopened_and_the_reader_says_so():
    first = ScriptedPort([line("HELLO slap_pads 1.0 4"), line("SLAP 2 1000"), b"SLAP 3 12"],
                         then=serial.SerialException("device reports readiness to read but returned no data"))
    second = ScriptedPort([line("HELLO slap_pads 1.0 4") + line("SLAP 0 500")])
    events, statuses = queue.Queue(), queue.Queue()
    reader = SlapPadReader(factory(first, serial.SerialException("could not open port /dev/ttyACM0"), second),
                           events.put, clock=FakeClock(), retry_s=0.001,
                           on_status=lambda state, msg: statuses.put((state, msg))).start()
    try:
        seen = collect(statuses, 6)
        slaps = collect(events, 2)
    finally:
        reader.stop()
    assert [state for state, _ in seen] == ["connected", "hello", "lost", "waiting", "reconnected", "hello"]
    assert seen[2][1] == ("slap pads: lost (SerialException: device reports readiness to read but returned "
                          "no data); reconnecting")
    assert seen[3][1] == "slap pads: not found (could not open port /dev/ttyACM0); retrying every 0.001 s"
    assert [e.seat for e in slaps] == [2, 0]
    assert first.closed and reader.stats.truncated == 1  # "SLAP 3 12" was cut off by the unplug


def test_a_silent_device_counts_as_lost_and_a_board_that_did_not_reboot_is_asked_hello():
    quiet, answering = ScriptedPort([]), ScriptedPort([line("HELLO slap_pads 1.0 2")])
    statuses = queue.Queue()
    reader = SlapPadReader(factory(quiet, answering), print, clock=FakeClock(step=0.5), stale_s=2.0,
                           hello_after_s=1.0, on_status=lambda state, msg: statuses.put((state, msg))).start()
    try:
        seen = collect(statuses, 4)
    finally:
        reader.stop()
    assert seen == [("connected", "slap pads: connected"),
                    ("lost", "slap pads: lost (no line for 2.0 s); reconnecting"),
                    ("reconnected", "slap pads: reconnected"),
                    ("hello", "slap pads: slap_pads 1.0, 2 seats")]
    assert quiet.written == [b"?\n"] and quiet.closed


def test_the_decoder_is_reset_on_reconnect_but_counts_survive():
    decoder = PadDecoder()
    first = ScriptedPort([b"junk\n"] + [line(f"BEAT {100_000 * k}") for k in range(10)],
                         then=serial.SerialException("gone"))
    second = ScriptedPort([line("BEAT 5")])
    statuses = queue.Queue()
    reader = SlapPadReader(factory(first, second), print, clock=FakeClock(step=0.01), decoder=decoder,
                           retry_s=0.001, on_status=lambda state, msg: statuses.put(state)).start()
    try:
        assert collect(statuses, 3) == ["connected", "lost", "reconnected"]
        deadline = time.monotonic() + SAFETY_S
        while decoder.stats.beats < 11 and time.monotonic() < deadline:
            time.sleep(0.001)
    finally:
        reader.stop()
    assert decoder.stats.beats == 11 and decoder.stats.garbage == 1
    assert decoder.fit.beats == 1  # the beats of the first connection were forgotten


def test_a_line_with_no_newline_is_dropped_not_buffered_forever():
    port = ScriptedPort([b"x" * 200, line("SLAP 1 5")])
    events = queue.Queue()
    reader = SlapPadReader(factory(port), events.put, clock=FakeClock()).start()
    try:
        assert events.get(timeout=SAFETY_S).seat == 1
    finally:
        reader.stop()
    assert reader.stats.garbage == 1 and "no newline within 80 bytes" in reader.stats.last_problem
