"""Reveals: a zone's cards all turned face up (a round's end), told once a round, in table order."""

from __future__ import annotations

from referee.camera import Moves
from referee.events import CardsRevealed, Event, Source
from vision.tracking.counts import ZoneCounts
from vision.tracking.losses import Losses
from vision.tracking.sightings import CARD_KINDS, Debounced, Seen, card_hidden


class Reveals:
    """Each revealed zone's cards all face up and read, but for those glare hides (where glare lies a card
    cannot be read, nor told face up from face down), for ``confirm_frames`` frames: ``CardsRevealed``
    with the cards read, in table order. Once shown, a zone shows again only after its cards are gathered."""

    def __init__(self, zones, moves: Moves, confirm_frames: int, counts: ZoneCounts, losses: Losses):
        self._zones = zones
        self._counts, self._losses = counts, losses
        self._faces = {name: Debounced(confirm_frames, stable=()) for name in zones if moves.is_revealed(name)}
        self._shown: set[str] = set()  # zones revealed this round

    def adopt(self, by_zone: dict[str, list[Seen]]) -> None:
        """The zones this frame shows all face up were revealed already."""
        self._shown = {z for z in self._faces
                       if by_zone[z] and all(s.kind == "card" and s.card is not None for s in by_zone[z])}

    def update(self, t: float, by_zone: dict[str, list[Seen]], glare) -> list[Event]:
        events = []
        for zone, deb in self._faces.items():
            cards = by_zone[zone]
            faces = [s for s in cards if (s.kind == "card" and s.card is not None)
                     or (s.kind in CARD_KINDS and card_hidden(glare, (s.x, s.y)))]
            box = self._zones[zone]
            along = 0 if box.x1 - box.x0 >= box.y1 - box.y0 else 1  # the row's direction
            in_row = sorted((s for s in faces if s.card is not None), key=lambda s: (s.x, s.y)[along])
            if self._counts.count(zone) == 0:
                self._shown.discard(zone)  # the cards were gathered: the next round may reveal again
            # all of the zone's cards face up (not just those seen while one is still face down)
            unseen = self._losses.of_zone(zone)  # gone from sight, not gone anywhere
            whole = faces and len(faces) == len(cards) and len(faces) >= self._counts.count(zone) + unseen
            shown = tuple(s.card for s in in_row) if whole and zone not in self._shown else ()
            if deb.update(shown, t, 0.0) and shown:
                self._shown.add(zone)
                events.append(CardsRevealed(t=deb.run_t, source=Source.CAMERA, zone=zone, cards=shown))
        return events
