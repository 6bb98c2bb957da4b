"""The slap-pad line protocol (docs/slap-pad-protocol.md): parsing lines and unwrapping micros().

Device to host, one ASCII line each, ``\\n``-terminated, an optional NMEA-style ``*HH`` checksum
(XOR of the bytes before ``*``, two hex digits) that the firmware always sends::

    HELLO <firmware> <version> <seats>
    SLAP <seat> <micros> [<window_us>]
    BEAT <micros>

Host to device: ``?`` asks for a HELLO.  ``micros`` is the board's 32-bit microsecond counter,
which wraps every 2**32 us (71.6 minutes); ``MicrosUnwrapper`` makes it a continuous count.
``window_us`` is how long before ``micros`` the pad last saw itself idle: the hit happened in
``(micros - window_us, micros]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LINE = 80
WRAP = 2**32
KEYWORDS = ("HELLO", "SLAP", "BEAT")
_WORD = re.compile(r"^[A-Za-z0-9_.\-]{1,24}$")
_UINT = re.compile(r"^[0-9]{1,10}$")


class ProtocolError(ValueError):
    """A line that is not protocol; ``truncated`` says it looks like a good line cut short."""

    def __init__(self, line: str, reason: str, truncated: bool = False):
        super().__init__(f"{reason}: {line[:MAX_LINE]!r}")
        self.line, self.reason, self.truncated = line, reason, truncated


@dataclass(frozen=True)
class Hello:
    firmware: str
    version: str
    seats: int


@dataclass(frozen=True)
class Slap:
    seat: int
    micros: int
    window_us: int | None = None


@dataclass(frozen=True)
class Beat:
    micros: int


Message = Hello | Slap | Beat


def checksum(body: str) -> str:
    """The two-hex-digit XOR checksum of a line body."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return f"{value:02X}"


def format_line(body: str) -> str:
    """A line as the firmware sends it (used by tests and fakes)."""
    return f"{body}*{checksum(body)}\n"


def parse_line(raw: bytes) -> Message:
    """Parse one line (without or with its newline); raise ProtocolError naming what is wrong."""
    if len(raw) > MAX_LINE:
        raise ProtocolError(raw[:MAX_LINE].decode("ascii", "replace"), f"line longer than {MAX_LINE} bytes")
    try:
        line = raw.decode("ascii").strip()
    except UnicodeDecodeError:
        raise ProtocolError(raw.decode("ascii", "replace"), "not ASCII") from None
    if not line:
        raise ProtocolError(line, "empty line")
    body = line
    if "*" in line:
        body, _, given = line.rpartition("*")
        if len(given) != 2:
            raise ProtocolError(line, "checksum is not two hex digits", truncated=len(given) < 2)
        if given.upper() != checksum(body):
            raise ProtocolError(line, f"checksum {given} does not match {checksum(body)}")
    words = body.split()
    if not words:
        raise ProtocolError(line, "no message before the checksum")
    keyword, args = words[0], words[1:]
    wanted = {"HELLO": (3,), "SLAP": (2, 3), "BEAT": (1,)}.get(keyword)
    if wanted is None:
        cut = any(k.startswith(keyword) for k in KEYWORDS) and len(words) == 1
        raise ProtocolError(line, f"unknown message {keyword[:12]!r}", truncated=cut)
    if len(args) not in wanted:
        count = " or ".join(map(str, wanted))
        raise ProtocolError(line, f"{keyword} takes {count} fields, got {len(args)}", truncated=len(args) < wanted[0])
    if keyword == "HELLO":
        firmware, version, seats = args
        if not (_WORD.match(firmware) and _WORD.match(version)):
            raise ProtocolError(line, "HELLO firmware and version must be plain words")
        return Hello(firmware, version, _uint(line, "seats", seats, 16))
    if keyword == "SLAP":
        window = _uint(line, "window_us", args[2], WRAP - 1) if len(args) == 3 else None
        return Slap(_uint(line, "seat", args[0], 15), _uint(line, "micros", args[1], WRAP - 1), window)
    return Beat(_uint(line, "micros", args[0], WRAP - 1))


def _uint(line: str, name: str, text: str, maximum: int) -> int:
    if not _UINT.match(text) or int(text) > maximum:
        raise ProtocolError(line, f"{name} must be a whole number 0-{maximum}, got {text[:12]!r}")
    return int(text)


class MicrosUnwrapper:
    """A continuous microsecond count from a wrapping 32-bit ``micros()``.

    Each value is placed at the nearest point to the previous one (steps under 2**31 us, 35.8
    minutes, either way), so a slap captured just before a heartbeat but sent after it is fine.
    """

    def __init__(self) -> None:
        self._last: int | None = None

    def __call__(self, micros: int) -> int:
        if self._last is None:
            self._last = micros
        else:
            step = (micros - self._last + WRAP // 2) % WRAP - WRAP // 2
            self._last += step
        return self._last
