"""Mapping a microcontroller's clock onto the Pi's, from heartbeat pairs.

Each heartbeat gives a pair (pad time, host time the line was read).  The host time is the pad
time mapped by an unknown line (offset and drift: a ceramic resonator can be off by 0.5 %, a
crystal by 50 ppm) plus a transport delay that is never negative and sometimes large (USB frames,
a busy Pi).  So the true line runs under every pair, and the fit is the lower envelope: of the
lines under all pairs, the one closest to them on average, i.e. the edge of the pairs' lower
convex hull above the middle of the window.  Late lines never pull it; only the pairs that came
through fastest pin it.  Only the latest ``window_s`` of heartbeats count, so slow (thermal) drift
is followed.
"""

from __future__ import annotations

from collections import deque

import numpy as np


class NotSynced(RuntimeError):
    """Too few heartbeats yet to map pad time."""


class ClockFit:
    """A running lower-envelope fit ``host = offset + rate * pad`` over recent heartbeat pairs.

    ``min_latency_s`` is the transport delay no line can beat (for a UART at 115200 baud, a
    20-byte line takes 1.7 ms to send).
    """

    STALE_PAIRS = 50

    def __init__(self, window_s: float = 60.0, min_beats: int = 8, min_latency_s: float = 0.0):
        if min_beats < 3:
            raise ValueError(f"min_beats must be at least 3 for a line with an error estimate, got {min_beats}")
        if not window_s > 0:
            raise ValueError(f"window_s must be > 0 seconds, got {window_s!r}")
        self.window_s, self.min_beats = window_s, min_beats
        self.min_latency_s = min_latency_s
        self._pairs: deque[tuple[float, float]] = deque()
        self._fit: tuple[float, float, float, float, float, float] | None = None
        self._unfitted = 0  # pairs added since _fit was made

    def reset(self) -> None:
        """Forget every pair (the pad rebooted or was replugged)."""
        self._pairs.clear()
        self._fit, self._unfitted = None, 0

    def add(self, pad_s: float, host_s: float) -> None:
        self._pairs.append((pad_s, host_s))
        while self._pairs[-1][0] - self._pairs[0][0] > self.window_s:
            self._pairs.popleft()
        self._unfitted += 1

    @property
    def beats(self) -> int:
        return len(self._pairs)

    @property
    def last_pad_s(self) -> float | None:
        """The pad time of the latest pair, None when there is none."""
        return self._pairs[-1][0] if self._pairs else None

    @property
    def synced(self) -> bool:
        return len(self._pairs) >= self.min_beats

    @property
    def drift_ppm(self) -> float:
        """How much faster the Pi's clock runs than the pad's, in parts per million."""
        return (self._solve()[1] - 1.0) * 1e6

    def map(self, pad_s: float, fresh: bool = True) -> tuple[float, float]:
        """Host time of pad time ``pad_s`` and the mapping's uncertainty (seconds); NotSynced
        before enough beats.

        ``fresh=False`` may use a fit up to ``STALE_PAIRS`` pairs old, which is enough to check a
        heartbeat for a clock jump without refitting at every beat.

        The uncertainty is a band: how far above the envelope the third-closest pair lies, or how
        far the envelope may still be above the true line when few pairs came through fast,
        whichever is more; plus the slope that band still allows times the distance from the
        middle of the window.
        """
        x0, rate, offset, band, slope_band, x_mid = self._solve(fresh)
        x = pad_s - x0
        host = offset + rate * x - self.min_latency_s
        return host, band + slope_band * abs(x - x_mid)

    def _solve(self, fresh: bool = True):
        if len(self._pairs) < self.min_beats:
            raise NotSynced(f"{len(self._pairs)} heartbeats of the {self.min_beats} needed to map pad time")
        if self._fit is None or self._unfitted > (0 if fresh else self.STALE_PAIRS):
            self._fit, self._unfitted = self._fit_pairs(), 0
        return self._fit

    def _fit_pairs(self):
        pairs = np.array(sorted(self._pairs), dtype=float)
        x0, y0 = float(pairs[0, 0]), float(pairs[0, 1])
        x, y = pairs[:, 0] - x0, pairs[:, 1] - y0  # small numbers keep the fit precise
        hull = _lower_hull(x, y)
        x_mid = float(x.mean())
        i, j = next((a, b) for a, b in zip(hull, hull[1:]) if x[b] >= x_mid)
        rate = float((y[j] - y[i]) / (x[j] - x[i]))
        offset = float(y[i] - rate * x[i])
        above = np.sort(y - (offset + rate * x))
        # Where few pairs came through fast, the envelope may still sit above the true line: for
        # delays spread evenly from 0, the lowest of m pairs is about (2 x median)/(m+1) up, here
        # with m = n/2 (each half of the window pins one end) and a factor 3 to spare.
        sparse = 6 * max(0.0, float(np.median(above))) / (len(above) / 2 + 1)
        band = max(0.0, float(above[2]), sparse)
        near = x[(y - (offset + rate * x)) <= band]
        span = float(near.max() - near.min())
        slope_band = 2 * band / span if band > 0 else 0.0
        return x0, rate, offset + y0, band, slope_band, x_mid


def _lower_hull(x: np.ndarray, y: np.ndarray) -> list[int]:
    """Indices of the lower convex hull of points sorted by x (Andrew's monotone chain)."""
    xs, ys = x.tolist(), y.tolist()  # plain floats: element access on arrays is far slower
    hull: list[int] = []
    for k, (xk, yk) in enumerate(zip(xs, ys)):
        while len(hull) >= 2:
            o, a = hull[-2], hull[-1]
            if (xs[a] - xs[o]) * (yk - ys[o]) - (ys[a] - ys[o]) * (xk - xs[o]) > 0:
                break
            hull.pop()
        hull.append(k)
    return hull
