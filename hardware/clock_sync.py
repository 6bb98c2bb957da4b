"""Mapping a microcontroller's clock onto the Pi's, from heartbeat pairs.

Each heartbeat gives a pair (pad time, host time the line was read).  The host time is the pad
time mapped by an unknown line (offset and drift: a ceramic resonator can be off by 0.5 %, a
crystal by 50 ppm) plus a transport delay that is never negative and sometimes large (USB frames,
a busy Pi).  So the fit is a lower envelope: a least-squares line, refitted on the lower half of
its residuals (delay spikes drop out), then shifted down onto the lowest pair, minus a configured
minimum delay.  Only the latest ``window_s`` of heartbeats count, so slow drift is followed.
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np


class NotSynced(RuntimeError):
    """Too few heartbeats yet to map pad time."""


class ClockFit:
    """A running robust linear fit ``host = offset + rate * pad`` over recent heartbeat pairs.

    ``resolution_s`` is how finely the pad itself dates a slap (its scan loop and micros()
    tick); it is the floor of every uncertainty.  ``min_latency_s`` is the transport delay no
    line can beat (for a UART at 115200 baud, a 20-byte line takes 1.7 ms to send).
    """

    def __init__(self, window_s: float = 60.0, min_beats: int = 8, min_latency_s: float = 0.0,
                 resolution_s: float = 1e-4):
        if min_beats < 4:
            raise ValueError(f"min_beats must be at least 4 for a line with an error estimate, got {min_beats}")
        if not window_s > 0:
            raise ValueError(f"window_s must be > 0 seconds, got {window_s!r}")
        self.window_s, self.min_beats = window_s, min_beats
        self.min_latency_s, self.resolution_s = min_latency_s, resolution_s
        self._pairs: deque[tuple[float, float]] = deque()
        self._fit: tuple[float, float, float, float, float] | None = None

    def reset(self) -> None:
        """Forget every pair (the pad rebooted or was replugged)."""
        self._pairs.clear()
        self._fit = None

    def add(self, pad_s: float, host_s: float) -> None:
        self._pairs.append((pad_s, host_s))
        while self._pairs[-1][0] - self._pairs[0][0] > self.window_s:
            self._pairs.popleft()
        self._fit = None

    @property
    def beats(self) -> int:
        return len(self._pairs)

    @property
    def synced(self) -> bool:
        return len(self._pairs) >= self.min_beats

    @property
    def drift_ppm(self) -> float:
        """How much faster the Pi's clock runs than the pad's, in parts per million."""
        return (self._solve()[1] - 1.0) * 1e6

    def map(self, pad_s: float) -> tuple[float, float]:
        """Host time of pad time ``pad_s`` and its uncertainty (seconds); NotSynced before enough beats."""
        x0, rate, offset, gap, slope_se, x_mean = self._solve()
        x = pad_s - x0
        host = offset + rate * x - self.min_latency_s
        return host, self.resolution_s + gap + slope_se * abs(x - x_mean)

    def _solve(self):
        if len(self._pairs) < self.min_beats:
            raise NotSynced(f"{len(self._pairs)} heartbeats of the {self.min_beats} needed to map pad time")
        if self._fit is None:
            self._fit = self._fit_pairs()
        return self._fit

    def _fit_pairs(self):
        pairs = np.array(self._pairs, dtype=float)
        x0, y0 = float(pairs[0, 0]), float(pairs[0, 1])
        x, y = pairs[:, 0] - x0, pairs[:, 1] - y0  # small numbers keep the fit precise
        rate, offset = np.polyfit(x, y, 1)
        residual = y - (offset + rate * x)
        lower = np.argsort(residual, kind="stable")[: max(4, math.ceil(len(x) / 2))]
        rate, offset = np.polyfit(x[lower], y[lower], 1)
        lower_residual = y[lower] - (offset + rate * x[lower])
        sxx = float(np.sum((x[lower] - x[lower].mean()) ** 2))
        slope_se = math.sqrt(float(np.sum(lower_residual**2)) / (len(lower) - 2) / sxx) if sxx > 0 else math.inf
        envelope = np.sort(y - (offset + rate * x))
        gap = float(envelope[2] - envelope[0])  # how tightly the lowest pairs pin the offset
        return x0, float(rate), float(offset + envelope[0]) + y0, gap, slope_se, float(x[lower].mean())
