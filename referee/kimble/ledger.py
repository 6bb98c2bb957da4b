"""The bookkeeper's fine ledger: fines given (with reason and causing event), drunk and owed."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    """Fines given to ``team`` for ``reason`` by the event at log position ``cause``."""

    team: int
    fines: int
    reason: str
    cause: int


@dataclass
class Ledger:
    teams: int
    entries: list[Entry] = field(default_factory=list)
    drunk: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.drunk = self.drunk or [0] * self.teams

    def __deepcopy__(self, memo) -> "Ledger":
        return Ledger(self.teams, list(self.entries), list(self.drunk))  # entries are frozen

    def give(self, team: int, fines: int, reason: str, cause: int) -> None:
        self.entries.append(Entry(team, fines, reason, cause))

    def given(self, team: int) -> int:
        return sum(e.fines for e in self.entries if e.team == team)

    def owed(self, team: int) -> int:
        return self.given(team) - self.drunk[team]

    def drink(self, team: int, count: int) -> None:
        """Record fines drunk; more than owed is refused so that nothing is owed below zero."""
        if count > self.owed(team):
            raise ValueError(f"owes {self.owed(team)}, cannot drink {count}")
        self.drunk[team] += count

    def moral_winners(self) -> list[int]:
        """The teams that drank the most (several on a tie; none before anyone drinks)."""
        most = max(self.drunk)
        return [t for t, d in enumerate(self.drunk) if d == most] if most else []

    def to_json(self, names: tuple[str, ...], unit: str) -> dict:
        return {
            "unit": unit,
            "teams": [{"team": names[t], "given": self.given(t), "drunk": self.drunk[t], "owed": self.owed(t)}
                      for t in range(self.teams)],
            "entries": [{"team": names[e.team], "fines": e.fines, "reason": e.reason, "cause": e.cause}
                        for e in self.entries],
        }
