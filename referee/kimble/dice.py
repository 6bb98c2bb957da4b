"""The die log and a chi-square test of the die's fairness (pure Python: referee/ needs no scipy)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

FACES = 6
# Pops that sample the die fairly.  Reset pops stop on a chosen value, so they are logged but
# left out of the statistics; an unreadable die has no value.
COUNTED = ("opening", "turn", "out_of_turn", "paused")


@dataclass(frozen=True)
class Pop:
    seq: int
    t: float
    team: int | None
    value: int | None
    kind: str  # one of COUNTED, "reset" or "unreadable"


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (exact finite sums)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return math.exp(-half) * total
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(2 * x / math.pi) * math.exp(-half)
    for j in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * j + 1)
    return total


@dataclass
class DieLog:
    pops: list[Pop] = field(default_factory=list)

    def __deepcopy__(self, memo) -> "DieLog":
        return DieLog(list(self.pops))  # pops are frozen: sharing them is safe and keeps snapshots cheap

    def add(self, pop: Pop) -> None:
        self.pops.append(pop)

    def counts(self) -> list[int]:
        counts = [0] * FACES
        for p in self.pops:
            if p.kind in COUNTED:
                counts[p.value - 1] += 1
        return counts

    def statistics(self) -> dict:
        """Counts per face and Pearson's chi-square against a fair die (5 degrees of freedom)."""
        counts = self.counts()
        n = sum(counts)
        if n == 0:
            return {"counts": counts, "pops": 0, "chi2": None, "df": FACES - 1, "p_value": None}
        expected = n / FACES
        chi2 = sum((c - expected) ** 2 / expected for c in counts)
        return {"counts": counts, "pops": n, "chi2": round(chi2, 6), "df": FACES - 1,
                "p_value": round(chi2_sf(chi2, FACES - 1), 6)}

    def to_json(self, names: tuple[str, ...]) -> list[dict]:
        return [{"seq": p.seq, "t": p.t, "team": None if p.team is None else names[p.team],
                 "value": p.value, "kind": p.kind} for p in self.pops]
