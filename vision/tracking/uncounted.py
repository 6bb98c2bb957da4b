"""Where a card may lie that the counts do not show: a hand that held more than it counted, or lay under
glare, lately; a table zone where glare has hidden a card's place (since when)."""

from __future__ import annotations

from typing import Callable

from referee.camera import Moves
from vision.tracking.sightings import hides_a_card


class Uncounted:
    """What the zone counts may have missed. ``window_s``: how lately a hand must have been unsure to
    explain a card; ``keep_s``: how long a hand's doubt is remembered (as long as a card on the pile may
    wait for its origin)."""

    def __init__(self, zones, moves: Moves, window_s: float, keep_s: float):
        self._zones = {name: zones[name] for name in zones if moves.is_counted(name)}
        self.moves = moves
        self.window_s, self.keep_s = window_s, keep_s
        self._held: list[tuple[float, str]] = []  # (t, held zone): it may have held a card uncounted then
        self._hidden: dict[str, float] = {}       # table zone -> since when glare has hidden a card's place there

    def glimpsed(self, t: float, zone: str) -> None:
        """More cards seen in zone at t than it counts: a hand may hold one not (yet) counted."""
        if self.moves.is_held(zone):
            self._held.append((t, zone))

    def counted(self, zone: str) -> None:
        """Zone's count rose: the card seen held is counted, and its way on is a loss of that zone."""
        self._held = [(u, z) for u, z in self._held if z != zone]

    def update(self, t: float, glare) -> None:
        """Once a frame is read: note each zone where glare hides a card's place (a hand now, a table zone
        since when), and forget hands too old to explain a card still waiting on the pile."""
        for zone, box in self._zones.items():
            hidden = hides_a_card(glare, box)
            if not self.moves.is_held(zone):
                if hidden:
                    self._hidden.setdefault(zone, t)
                else:
                    self._hidden.pop(zone, None)
            elif hidden:
                self._held.append((t, zone))
        self._held = [(u, z) for u, z in self._held if t - u <= self.keep_s]

    def held_by(self, t: float) -> bool:
        """Whether a hand may have held a card the camera did not count in the ``window_s`` up to t."""
        return any(t - self.window_s <= u <= t for u, _ in self._held)

    def hidden_since(self, t: float, of: Callable[[str], bool]) -> str | None:
        """The one table zone ``of`` accepts where glare has hidden a card's place since before t and still
        does (a card landing on the pile at t may have come from a place the camera never saw); None where
        none, or more than one."""
        zones = [zone for zone, since in self._hidden.items() if since < t and of(zone)]
        return zones[0] if len(zones) == 1 else None
