"""Cards gone from sight and not yet found anywhere: what the zone counts and the pile lose, waiting for the
gain or the landing that says where they went."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from referee.camera import PILE
from vision.tracking.sightings import Unexplained


@dataclass
class Change:
    """A card gone from zone (or come to the pile) at t, give or take dt; or, a card that glare hid and
    that was gone when it lifted at t, at any time from ``since`` (when it was last seen) to t."""

    zone: str
    t: float
    dt: float
    card: str | None = None
    since: float | None = None

    @property
    def earliest(self) -> float:
        return self.t if self.since is None else self.since


@dataclass(frozen=True)
class Gain:
    """A card come to counted zone at t, give or take dt."""

    zone: str
    t: float
    dt: float


class Losses:
    """The losses still to be found, for ``window_s`` seconds; then they are noted as unexplained."""

    def __init__(self, window_s: float, unexplained: list[Unexplained]):
        self.window_s = window_s
        self.unexplained = unexplained
        self.pending: list[Change] = []

    def add(self, loss: Change) -> None:
        self.pending.append(loss)

    def take(self, of: Callable[[str], bool], by: float | None = None) -> Change | None:
        """The oldest pending loss of a zone ``of`` accepts, removed. by: the card was seen arriving then, so
        it left by then: only a loss that may have happened by then can be it, and of those dated alike one
        seen when it happened goes before one that glare hid."""
        pending = [x for x in self.pending if of(x.zone)]
        if by is not None:
            pending = [x for x in pending if x.earliest <= by]
        if not pending:
            return None
        oldest = min(pending, key=lambda x: (x.t, x.t - x.earliest))
        self.pending.remove(oldest)
        return oldest

    def of_zone(self, zone: str) -> int:
        """How many of zone's cards are gone from sight, not gone anywhere yet."""
        return sum(1 for x in self.pending if x.zone == zone)

    def off_the_pile(self) -> bool:
        """Whether a counted zone has lost a card still to be found."""
        return any(x.zone != PILE for x in self.pending)

    def uncover(self, card: str) -> bool:
        """The pile's card seen again: if it was pending as taken, it was only covered; True then."""
        covered = next((x for x in self.pending if x.zone == PILE and x.card == card), None)
        if covered is None:
            return False
        self.pending.remove(covered)
        return True

    def forget(self) -> list[str]:
        """Note every loss still to be found as unexplained (the camera went blind: where they went was not
        seen); the pile's cards among them, as ``update``."""
        return self.update(float("inf"))

    def update(self, t: float) -> list[str]:
        """Forget the losses older than the window, noting each as unexplained; the pile's cards among them
        (no seat took them: they lie in the pile unseen), oldest first."""
        buried = []
        for loss in [x for x in self.pending if t - x.t > self.window_s]:
            self.pending.remove(loss)
            if loss.zone == PILE:
                buried.append(loss.card)
            self.unexplained.append(Unexplained(loss.t, loss.zone, loss.card))
        return buried
