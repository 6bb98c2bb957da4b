"""Laid cards: the face-up cards a zone shows for all to see (gin's melds, a Skruuvi trick's cards), told each
time they change."""

from __future__ import annotations

from referee.camera import Moves
from referee.events import CardsRevealed, Event, Source
from vision.tracking.sightings import Seen


TURNED_SIGHTINGS = 2   # frames cards must be read alike in to be told when turned face down unsettled


class Laid:
    """Each laid zone's face-up cards read, told as ``CardsRevealed`` (in table order, left to right) once
    they have lain unchanged for the game's ``moves.laid_settle_s``: melds laid down card by card are told
    as a whole when the hands stop, a lay-off added later is told as the zone's cards with it, and a card
    played to a trick as it lies. A zone emptied (its cards gathered) is not told, and may show the same
    cards again. Cards turned face down where they lay were laid there, settled or not: those read alike in
    ``TURNED_SIGHTINGS`` frames and not yet told are told as they turn, so that a trick's last card turned
    before it had lain still (a frame or two dropped on a slow machine) is not lost; a card that only
    passes over a zone leaves no back behind, and is not told."""

    def __init__(self, zones, moves: Moves):
        self.settle_s = moves.laid_settle_s
        # the cards read now, since when, and in how many frames
        self._since: dict[str, tuple[tuple[str, ...], float, int]] = {}
        self._told: dict[str, frozenset[str]] = {zone: frozenset() for zone in zones if moves.is_laid(zone)}

    def adopt(self, by_zone: dict[str, list[Seen]]) -> None:
        """The cards this frame shows were laid already."""
        for zone in self._told:
            self._told[zone] = frozenset(_read(by_zone[zone]))

    def update(self, t: float, by_zone: dict[str, list[Seen]]) -> list[Event]:
        events = []
        for zone, told in self._told.items():
            cards = tuple(_read(by_zone[zone]))
            now = frozenset(cards)
            since = self._since.get(zone)
            if since is None or frozenset(since[0]) != now:
                turned = not now and any(s.kind == "card_back" for s in by_zone[zone])
                if turned and since is not None and since[2] >= TURNED_SIGHTINGS and frozenset(since[0]) != told:
                    self._told[zone] = frozenset(since[0])
                    events.append(CardsRevealed(t=since[1], source=Source.CAMERA, zone=zone, cards=since[0]))
                self._since[zone] = (cards, t, 1)
                continue
            self._since[zone] = since = (since[0], since[1], since[2] + 1)
            if t - since[1] < self.settle_s or now == told:
                continue
            self._told[zone] = now
            if now:
                events.append(CardsRevealed(t=since[1], source=Source.CAMERA, zone=zone, cards=cards))
        return events


def _read(seen: list[Seen]) -> list[str]:
    """The cards read face up, left to right, each once."""
    return list(dict.fromkeys(s.card for s in sorted(seen, key=lambda s: (s.x, s.y))
                              if s.kind == "card" and s.card is not None))
