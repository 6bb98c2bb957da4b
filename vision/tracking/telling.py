"""Telling events in the order they happened, though some are certain only later than others."""

from __future__ import annotations

from referee.events import Event


class InOrder:
    """Holds back what was seen after a card still waiting for the zone it came from, so the referee hears
    of every move in the order it happened."""

    def __init__(self):
        self._held: list[Event] = []

    def update(self, events: list[Event], waiting_since: float) -> list[Event]:
        """The events now certain, given that a card that landed at ``waiting_since`` still waits; those to
        tell now, oldest first."""
        seen = self._held + events
        self._held = [e for e in seen if e.t >= waiting_since]
        return sorted((e for e in seen if e.t < waiting_since), key=lambda e: e.t)
