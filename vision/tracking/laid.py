"""Laid cards: the face-up cards a zone shows for all to see (gin's melds, a Skruuvi trick's cards), told each
time they change."""

from __future__ import annotations

from referee.camera import Moves
from referee.events import CardsRevealed, Event, Source
from vision.tracking.sightings import Seen


class Laid:
    """Each laid zone's face-up cards read, told as ``CardsRevealed`` (in table order, left to right) once
    they have lain unchanged for the game's ``moves.laid_settle_s``: melds laid down card by card are told
    as a whole when the hands stop, a lay-off added later is told as the zone's cards with it, and a card
    played to a trick as it lies. A zone emptied (its cards gathered) is not told, and may show the same
    cards again."""

    def __init__(self, zones, moves: Moves):
        self.settle_s = moves.laid_settle_s
        self._since: dict[str, tuple[frozenset[str], float]] = {}   # the cards read now, and since when
        self._told: dict[str, frozenset[str]] = {zone: frozenset() for zone in zones if moves.is_laid(zone)}

    def adopt(self, by_zone: dict[str, list[Seen]]) -> None:
        """The cards this frame shows were laid already."""
        for zone in self._told:
            self._told[zone] = frozenset(_read(by_zone[zone]))

    def update(self, t: float, by_zone: dict[str, list[Seen]]) -> list[Event]:
        events = []
        for zone, told in self._told.items():
            cards = _read(by_zone[zone])
            now = frozenset(cards)
            since = self._since.get(zone)
            if since is None or since[0] != now:
                self._since[zone] = (now, t)
                continue
            if t - since[1] < self.settle_s or now == told:
                continue
            self._told[zone] = now
            if now:
                events.append(CardsRevealed(t=since[1], source=Source.CAMERA, zone=zone, cards=tuple(cards)))
        return events


def _read(seen: list[Seen]) -> list[str]:
    """The cards read face up, left to right, each once."""
    return list(dict.fromkeys(s.card for s in sorted(seen, key=lambda s: (s.x, s.y))
                              if s.kind == "card" and s.card is not None))
