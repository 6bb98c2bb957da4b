"""Serial slap pads: a background reader that turns pad lines into ``PadSlapped`` events.

``PadDecoder`` is the pure part (lines and their receive times in, events out, counters kept);
``SlapPadReader`` owns the port: it reads in a thread, buffers partial lines, notices an
unplugged or silent device, and reopens it, saying so through ``on_status`` and the log.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

from referee.events import EventError, PadSlapped, Source

from .clock_sync import ClockFit, NotSynced
from .pad_protocol import MAX_LINE, Beat, Hello, MicrosUnwrapper, ProtocolError, Slap, parse_line

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())  # the application decides where warnings go; on_status is always told

DEFAULT_PORT = "/dev/ttyACM0"
BAUD = 115200


@dataclass
class PadStats:
    """What the decoder has seen since it was made (kept across reconnects)."""

    lines: int = 0
    slaps: int = 0
    beats: int = 0
    hellos: int = 0
    garbage: int = 0
    truncated: int = 0
    resyncs: int = 0
    last_problem: str = ""


class PadDecoder:
    """Pad lines to events: unwraps micros(), keeps the clock fit, counts every line.

    A slap is dated at the middle of its window (the time since the pad last saw itself idle),
    with half the window added to the mapping's uncertainty; ``resolution_s`` stands in for a
    SLAP line that gives no window.  A slap before the clock fit has ``min_beats`` heartbeats is
    dated by its line's receive time with ``unsynced_uncertainty_s``.  A heartbeat that is not
    after the previous one, or more than ``resync_s`` off the fit, means the pad restarted its
    clock without a HELLO: the fit starts over.
    """

    def __init__(self, fit: ClockFit | None = None, *, resolution_s: float = 1e-4,
                 unsynced_uncertainty_s: float = 0.02, resync_s: float = 0.5):
        self.fit = fit or ClockFit()
        self.resolution_s = resolution_s
        self.unsynced_uncertainty_s, self.resync_s = unsynced_uncertainty_s, resync_s
        self.stats = PadStats()
        self.hello: Hello | None = None
        self._unwrap = MicrosUnwrapper()

    def reset(self) -> None:
        """A new connection: the pad may have rebooted, so its clock is new."""
        self._unwrap = MicrosUnwrapper()
        self.fit.reset()
        self.hello = None

    def feed(self, raw: bytes, rx_t: float) -> PadSlapped | None:
        """One line (newline optional) read at host time ``rx_t``; the slap it reports, if any."""
        self.stats.lines += 1
        try:
            message = parse_line(raw)
            if isinstance(message, Slap) and self.hello and message.seat >= self.hello.seats:
                raise ProtocolError(raw.decode("ascii"), f"seat {message.seat} but the pads have {self.hello.seats}")
        except ProtocolError as e:
            self.reject(str(e), e.truncated)
            return None
        if isinstance(message, Hello):
            self.reset()
            self.hello = message
            self.stats.hellos += 1
            return None
        pad_s = self._unwrap(message.micros) / 1e6
        if isinstance(message, Beat):
            self.stats.beats += 1
            if self._restarted(pad_s, rx_t):
                self._unwrap = MicrosUnwrapper()
                self.fit.reset()
                pad_s = self._unwrap(message.micros) / 1e6
            self.fit.add(pad_s, rx_t)
            return None
        return self._slap(message, pad_s, rx_t)

    def reject(self, problem: str, truncated: bool = False) -> None:
        """Count a line that is not protocol (it is ignored)."""
        if truncated:
            self.stats.truncated += 1
        else:
            self.stats.garbage += 1
        self.stats.last_problem = problem
        log.debug("slap pads: ignored line: %s", problem)

    def _restarted(self, pad_s: float, rx_t: float) -> bool:
        """Whether this heartbeat says the pad's clock restarted: it is not after the previous
        one, or it is more than ``resync_s`` off the fit."""
        last = self.fit.last_pad_s
        if last is not None and pad_s <= last:
            problem = f"went back {last - pad_s:.6f} s"
        elif self.fit.synced and abs(off := rx_t - self.fit.map(pad_s, fresh=False)[0]) > self.resync_s:
            problem = f"jumped by {off:.3f} s"
        else:
            return False
        self.stats.resyncs += 1
        log.warning("slap pads: the pad clock %s; resynchronising", problem)
        return True

    def _slap(self, slap: Slap, pad_s: float, rx_t: float) -> PadSlapped | None:
        if slap.window_us is None:
            middle, half = pad_s, self.resolution_s
        else:
            half = slap.window_us / 2e6
            middle = pad_s - half
        try:
            t, uncertainty = self.fit.map(middle)
            uncertainty += half
        except NotSynced:
            t, uncertainty = rx_t, self.unsynced_uncertainty_s
        try:
            event = PadSlapped(t=t, source=Source.SERIAL, seat=slap.seat, t_uncertainty=uncertainty)
        except EventError as e:
            self.reject(f"slap at pad time {pad_s:.6f} s: {e}")
            return None
        self.stats.slaps += 1
        return event


def serial_port(url: str = DEFAULT_PORT, baudrate: int = BAUD) -> Callable[[], object]:
    """A port factory for ``SlapPadReader``: a device path or any pyserial URL (``loop://``)."""
    import serial

    return lambda: serial.serial_for_url(url, baudrate=baudrate, timeout=0.1)


class SlapPadReader:
    """Reads slap pads in a background thread and calls ``on_event`` with each ``PadSlapped``.

    ``open_port`` makes a pyserial-like port (read, write, in_waiting, close); it may raise while
    the device is unplugged.  ``on_status(state, message)`` hears ``connected``, ``hello``,
    ``lost``, ``waiting`` and ``reconnected``.  A port with no line for ``stale_s`` counts as
    lost.  ``clock`` stamps each line as it is read (pass the table clock).
    """

    def __init__(self, open_port: Callable[[], object], on_event: Callable[[PadSlapped], None], *,
                 clock: Callable[[], float] = time.monotonic,
                 on_status: Callable[[str, str], None] | None = None,
                 decoder: PadDecoder | None = None, name: str = "slap pads",
                 stale_s: float = 3.0, retry_s: float = 1.0, hello_after_s: float = 2.0):
        self.open_port, self.on_event, self.clock = open_port, on_event, clock
        self.on_status = on_status or (lambda state, message: None)
        self.decoder = decoder or PadDecoder()
        self.name, self.stale_s, self.retry_s, self.hello_after_s = name, stale_s, retry_s, hello_after_s
        self.connected = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def stats(self) -> PadStats:
        return self.decoder.stats

    def start(self) -> "SlapPadReader":
        self._thread = threading.Thread(target=self._run, name="slap-pads", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _say(self, state: str, message: str) -> None:
        (log.warning if state in ("lost", "waiting") else log.info)("%s", message)
        self.on_status(state, message)

    def _run(self) -> None:
        ever_connected, waiting_said = False, False
        while not self._stop.is_set():
            try:
                port = self.open_port()
            except Exception as e:  # pyserial raises SerialException/OSError/ValueError by platform
                if not waiting_said:
                    self._say("waiting", f"{self.name}: not found ({e}); retrying every {self.retry_s} s")
                    waiting_said = True
                self._stop.wait(self.retry_s)
                continue
            waiting_said = False
            self.decoder.reset()
            self.connected = True
            self._say("reconnected" if ever_connected else "connected",
                      f"{self.name}: {'reconnected' if ever_connected else 'connected'}")
            ever_connected = True
            try:
                reason = self._read(port)
            except Exception as e:
                reason = f"{type(e).__name__}: {e}"
            finally:
                self.connected = False
                try:
                    port.close()
                except Exception:
                    pass
            if reason:
                self._say("lost", f"{self.name}: lost ({reason}); reconnecting")

    def _read(self, port) -> str | None:
        """Read lines until stopped (None) or the device goes quiet (the reason)."""
        connected_at = last_line = self.clock()
        asked, buffer = False, b""
        while not self._stop.is_set():
            try:
                chunk = port.read(max(1, port.in_waiting))
            except Exception as e:  # unplugged: SerialException or OSError, by platform
                self._drop_partial(buffer)
                return f"{type(e).__name__}: {e}"
            now = self.clock()
            if not chunk:
                if now - last_line > self.stale_s:
                    self._drop_partial(buffer)
                    return f"no line for {self.stale_s} s"
                if not asked and self.decoder.hello is None and now - connected_at >= self.hello_after_s:
                    port.write(b"?\n")  # boards with native USB do not reboot on open: ask
                    asked = True
                continue
            last_line = now
            *lines, buffer = (buffer + chunk).split(b"\n")
            for line in lines:
                self._line(line, now)
            if len(buffer) > MAX_LINE:
                self.decoder.stats.lines += 1
                self.decoder.reject(f"no newline within {MAX_LINE} bytes")
                buffer = b""
        return None

    def _line(self, line: bytes, now: float) -> None:
        hellos = self.decoder.stats.hellos
        event = self.decoder.feed(line, now)
        if self.decoder.stats.hellos != hellos and self.decoder.hello:
            hello = self.decoder.hello
            self._say("hello", f"{self.name}: {hello.firmware} {hello.version}, {hello.seats} seats")
        if event is not None:
            self.on_event(event)

    def _drop_partial(self, buffer: bytes) -> None:
        if buffer:
            self.decoder.stats.lines += 1
            self.decoder.reject(f"line cut off by the disconnect: {buffer[:MAX_LINE]!r}", truncated=True)
