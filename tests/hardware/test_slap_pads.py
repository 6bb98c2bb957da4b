"""Slap pads: the line protocol, micros() wraparound, the clock fit and the line decoder."""

import pytest
from hypothesis import given, strategies as st

from hardware.clock_sync import ClockFit, NotSynced
from hardware.pad_protocol import (Beat, Hello, MicrosUnwrapper, ProtocolError, Slap, checksum,
                                   format_line, parse_line)
from hardware.slap_pads import PadDecoder
from referee.events import PadSlapped, Source


def line(body):
    return format_line(body).encode("ascii")


# ---------------------------------------------------------------- protocol


def test_checksum_is_the_xor_of_the_body():
    assert checksum("BEAT 0") == f"{ord('B') ^ ord('E') ^ ord('A') ^ ord('T') ^ ord(' ') ^ ord('0'):02X}"
    assert format_line("BEAT 0") == "BEAT 0*" + checksum("BEAT 0") + "\n"


@pytest.mark.parametrize("raw, message", [
    (b"HELLO slap_pads 1.0 4\n", Hello("slap_pads", "1.0", 4)),
    (b"SLAP 3 4294967295\r\n", Slap(3, 4294967295)),
    (line("SLAP 2 1000 79"), Slap(2, 1000, 79)),
    (b"BEAT 0", Beat(0)),
    (line("SLAP 0 123456"), Slap(0, 123456)),
    (line("BEAT 99").lower().replace(b"beat", b"BEAT"), Beat(99)),  # hex digits in either case
])
def test_good_lines(raw, message):
    assert parse_line(raw) == message


@pytest.mark.parametrize("raw, truncated, reason", [
    (b"", False, "empty line"),
    (b"\xff\xfeSLAP 1 2", False, "not ASCII"),
    (b"HELLO slap_pads 1.0", True, "HELLO takes 3 fields, got 2"),
    (b"SLAP 1", True, "SLAP takes 2 or 3 fields, got 1"),
    (b"SL", True, "unknown message 'SL'"),
    (b"BEAT 12x", False, "micros must be a whole number"),
    (b"BEAT -5", False, "micros must be a whole number"),
    (b"BEAT 4294967296", False, "micros must be a whole number 0-4294967295"),
    (b"SLAP 16 5", False, "seat must be a whole number 0-15"),
    (b"BEAT 5*00", False, "checksum 00 does not match"),
    (b"BEAT 5*0", True, "checksum is not two hex digits"),
    (b"PING 1", False, "unknown message 'PING'"),
    (b"SLAP 1 2 3 4", False, "SLAP takes 2 or 3 fields, got 4"),
    (b"SLAP 1 2 x", False, "window_us must be a whole number"),
    (b"B" * 81, False, "line longer than 80 bytes"),
    (b"*00", False, "no message before the checksum"),
])
def test_bad_lines_name_the_problem(raw, truncated, reason):
    with pytest.raises(ProtocolError, match=reason.replace("(", r"\(")) as e:
        parse_line(raw)
    assert e.value.truncated is truncated


def test_micros_unwrap_across_the_32_bit_wrap():
    unwrap = MicrosUnwrapper()
    assert [unwrap(m) for m in (4294967000, 4294967295, 100, 2**31, 2**32 - 1000, 90)] == \
        [4294967000, 4294967295, 2**32 + 100, 2**32 + 2**31, 2**33 - 1000, 2**33 + 90]


def test_micros_unwrap_allows_a_small_step_back():
    unwrap = MicrosUnwrapper()
    assert [unwrap(m) for m in (50, 4294967290, 20)] == [50, -6, 20]


# ---------------------------------------------------------------- clock fit

RATE = 1.0005  # the pad's clock runs 500 ppm fast: pad_s = (host_s - 3.0) * RATE


def beats(n=100, spike_every=5, spike=0.004, start_micros=7_003_500):
    """(micros, rx time): a beat every 0.1 s of host time from 10.0 s; every 5th line is late."""
    for k in range(n):
        micros = (start_micros + 100_050 * k) % 2**32  # exactly 0.1 s of host time at 1.0005
        yield micros, 10.0 + 0.1 * k + (spike if spike_every and k % spike_every == 0 else 0.0)


def test_drift_and_offset_are_corrected_despite_late_lines():
    decoder = PadDecoder(ClockFit())
    for micros, rx in beats():
        assert decoder.feed(line(f"BEAT {micros}"), rx) is None
    # Host 15.05 s is pad time (15.05 - 3.0) * 1.0005 = 12.056025 s.
    slap = decoder.feed(line("SLAP 2 12056025"), 15.2)
    assert slap.seat == 2 and slap.source == Source.SERIAL
    assert slap.t == pytest.approx(15.05, abs=1e-9)
    assert slap.t_uncertainty == pytest.approx(1e-4, abs=1e-9)
    assert decoder.fit.drift_ppm == pytest.approx((1 / RATE - 1) * 1e6, abs=1e-6)  # -499.75 ppm
    assert decoder.stats.beats == 100 and decoder.stats.slaps == 1


def test_a_slap_is_dated_at_the_middle_of_its_window():
    # The pad last saw itself idle 80 us before the hit's scan: the hit is within those 80 us.
    decoder = PadDecoder()
    for micros, rx in beats():
        decoder.feed(line(f"BEAT {micros}"), rx)
    slap = decoder.feed(line(f"SLAP 2 {12_056_025 + 40} 80"), 15.2)
    assert slap.t == pytest.approx(15.05, abs=1e-9)  # 40 us of pad time earlier than its stamp
    assert slap.t_uncertainty == pytest.approx(40e-6, abs=1e-9)


def test_the_same_across_a_micros_wraparound():
    shift = 2**32 - 12_000_000  # micros wraps during the beats and before the slap
    decoder = PadDecoder()
    for micros, rx in beats(start_micros=7_003_500 + shift):
        decoder.feed(line(f"BEAT {micros}"), rx)
    slap = decoder.feed(line(f"SLAP 1 {(12_056_025 + shift) % 2**32}"), 15.2)
    assert slap.t == pytest.approx(15.05, abs=1e-9)


def test_minimum_transport_delay_is_subtracted():
    decoder = PadDecoder(ClockFit(min_latency_s=0.0017))
    for micros, rx in beats(spike_every=0):
        decoder.feed(line(f"BEAT {micros}"), rx)
    assert decoder.feed(line("SLAP 0 12056025"), 15.2).t == pytest.approx(15.05 - 0.0017, abs=1e-9)


def test_jitter_widens_the_uncertainty_honestly():
    # Delays alternate 0, 1 ms: the zero-delay beats give the line exactly, but with half the
    # beats 1 ms late the fit cannot know the fast ones were truly fast: its band is
    # 6 x median delay / (n/2 + 1), and the slope that band allows over the fast beats' span
    # (beats 0..98, 9.8049 s of pad time) counts at the slap's 0.10005 s from the window's middle.
    decoder = PadDecoder(ClockFit())
    for k, (micros, rx) in enumerate(beats(spike_every=0)):
        decoder.feed(line(f"BEAT {micros}"), rx + (0.001 if k % 2 else 0.0))
    slap = decoder.feed(line("SLAP 0 12056025"), 15.2)
    assert slap.t == pytest.approx(15.05, abs=1e-9)
    band = 6 * 0.0005 / 51
    assert slap.t_uncertainty == pytest.approx(1e-4 + band + 2 * band / 9.8049 * 0.10005, abs=1e-9)
    # Only two beats arrive on time: the offset is pinned no better than the 1 ms of the rest,
    # and the uncertainty says so while still covering the true time.
    decoder = PadDecoder(ClockFit())
    for k, (micros, rx) in enumerate(beats(spike_every=0)):
        decoder.feed(line(f"BEAT {micros}"), rx + (0.0 if k in (10, 50) else 0.001))
    slap = decoder.feed(line("SLAP 0 12056025"), 15.2)
    assert slap.t_uncertainty > 0.0005
    assert abs(slap.t - 15.05) <= slap.t_uncertainty


def test_few_heartbeats_with_spread_delays_give_a_wide_but_covering_uncertainty():
    # 16 beats, delays spread over 0-1 ms: the envelope's slope is still loose.
    delays_us = [236, 396, 67, 918, 765, 537, 173, 214, 829, 800, 310, 732, 880, 606, 506, 474]
    decoder = PadDecoder(ClockFit())
    for (micros, rx), delay in zip(beats(n=16, spike_every=0), delays_us):
        decoder.feed(line(f"BEAT {micros}"), rx + delay / 1e6)
    slap = decoder.feed(line("SLAP 0 8454225"), 11.6)  # host 11.45 s
    error = slap.t - 11.45
    assert 0.0004 < error < slap.t_uncertainty < 0.0006


def test_a_slap_before_enough_heartbeats_uses_its_receive_time():
    decoder = PadDecoder(ClockFit(min_beats=8), unsynced_uncertainty_s=0.02)
    for micros, rx in list(beats())[:7]:
        decoder.feed(line(f"BEAT {micros}"), rx)
    assert decoder.feed(line("SLAP 3 7900000"), 10.9) == \
        PadSlapped(t=10.9, source=Source.SERIAL, seat=3, t_uncertainty=0.02)


def test_clock_fit_says_why_it_cannot_map_yet():
    with pytest.raises(NotSynced, match="2 heartbeats of the 8 needed"):
        fit = ClockFit(min_beats=8)
        fit.add(1.0, 2.0)
        fit.add(1.1, 2.1)
        fit.map(1.05)


def test_old_beats_leave_the_window():
    fit = ClockFit(window_s=5.0)
    for k in range(100):
        fit.add(k * 0.1, 100 + k * 0.1)
    assert fit.beats == 51  # pad times 4.9 .. 9.9


def test_a_restarted_pad_clock_resynchronises():
    decoder = PadDecoder()
    for micros, rx in beats():
        decoder.feed(line(f"BEAT {micros}"), rx)
    decoder.feed(line("BEAT 1000"), 20.0)  # rebooted without a HELLO
    assert decoder.stats.resyncs == 1
    assert decoder.fit.beats == 1


def test_a_long_quiet_stretch_is_no_clock_jump():
    # Synced on its first 8 beats with 1 ms of jitter, then 30 minutes of beats and no slap: the
    # jump check must follow the fit as it improves, not extrapolate the first rough one.
    first_delays_us = [0, 50, 20, 10, 800, 900, 850, 820]  # the line got slower: a rough first slope
    decoder = PadDecoder()
    for k in range(18_000):
        micros = (100_050 * k) % 2**32
        delay = first_delays_us[k] / 1e6 if k < 8 else (0.001 if k % 3 == 1 else 0.0)
        decoder.feed(line(f"BEAT {micros}"), 10.0 + 0.1 * k + delay)
    assert decoder.stats.resyncs == 0
    assert decoder.fit.drift_ppm == pytest.approx((1 / RATE - 1) * 1e6, abs=1e-6)


def test_a_pad_clock_going_back_before_sync_starts_over():
    decoder = PadDecoder()
    for k in range(5):
        decoder.feed(line(f"BEAT {5_000_000 + 100_000 * k}"), 10.0 + 0.1 * k)
    decoder.feed(line("BEAT 1000"), 10.5)  # rebooted without a HELLO, 5 beats into syncing
    decoder.feed(line("BEAT 1000"), 10.6)  # and a repeated line: no time passed
    assert decoder.stats.resyncs == 2 and decoder.fit.beats == 1


def test_hello_resets_the_clock_and_limits_the_seats():
    decoder = PadDecoder()
    for micros, rx in beats():
        decoder.feed(line(f"BEAT {micros}"), rx)
    decoder.feed(line("HELLO slap_pads 1.0 2"), 21.0)
    assert decoder.hello == Hello("slap_pads", "1.0", 2) and decoder.fit.beats == 0
    assert decoder.feed(line("SLAP 2 5"), 21.5) is None
    assert decoder.stats.garbage == 1 and "seat 2 but the pads have 2" in decoder.stats.last_problem
    assert decoder.feed(line("SLAP 1 5"), 21.5).seat == 1


def test_garbage_and_truncated_lines_are_ignored_and_counted():
    decoder = PadDecoder()
    bad = [b"", b"\x00\x01\x02", b"SLAP", b"SLAP 1", b"BE", b"BEAT 12x", b"noise noise", b"BEAT 5*00", b"BEAT 5*",
           b"SLAP 1 99999999999"]
    assert [decoder.feed(raw, 1.0) for raw in bad] == [None] * len(bad)
    assert (decoder.stats.lines, decoder.stats.garbage, decoder.stats.truncated) == (10, 6, 4)
    assert decoder.feed(b"SLAP 1 5", 1.0).seat == 1  # and it still works


def test_a_slap_mapped_before_the_table_clock_began_is_counted_not_raised():
    decoder = PadDecoder()
    for k in range(8):
        decoder.feed(line(f"BEAT {1_000_000 + 100_000 * k}"), 0.1 * k)
    assert decoder.feed(line("SLAP 0 100000"), 0.8) is None  # maps to -0.9 s
    assert decoder.stats.garbage == 1 and "must be a finite time >= 0" in decoder.stats.last_problem


PIECES = st.one_of(st.binary(max_size=90),
                   st.sampled_from([b"SLAP", b"BEAT", b"HELLO", b"*", b" ", b"0", b"3", b"4294967295", b"\r"]))


@given(st.lists(st.lists(PIECES, max_size=8).map(b"".join), max_size=40))
def test_no_line_whatever_its_bytes_makes_the_decoder_raise(lines):
    decoder = PadDecoder()
    for k, raw in enumerate(lines):
        decoder.feed(raw, 1.0 + k)
    stats = decoder.stats
    assert stats.lines == len(lines)
    assert stats.lines == stats.slaps + stats.beats + stats.hellos + stats.garbage + stats.truncated
