"""How many cards lie in each counted zone (a seat's row, a hand), glare keeping the places it hides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from referee.camera import Moves
from vision.tracking.glare_history import GlareHistory
from vision.tracking.losses import Change, Gain
from vision.tracking.sightings import CARD_ASKEW_MM, CARD_KINDS, Debounced, Seen, card_hidden, dist
from vision.tracking.uncounted import Uncounted


@dataclass(frozen=True)
class Place:
    """Where a zone's card lies, in how many frames running it has been seen there, and when it was last
    seen (kept: not seen in this frame, glare hiding it)."""

    x: float
    y: float
    frames: int
    seen_t: float
    kept: bool = False


class ZoneCounts:
    """Each counted zone's count, confirmed by ``confirm_frames`` equal readings and dated by the first.
    A card glare hides where one had been seen for ``confirm_frames`` frames running is still counted;
    one kept so and not there when the glare lifts left at some time since it was last seen."""

    def __init__(self, zones, moves: Moves, confirm_frames: int, glare: GlareHistory, uncounted: Uncounted):
        self.confirm_frames = confirm_frames
        self._glare, self._uncounted = glare, uncounted
        self._counts = {name: Debounced(confirm_frames, stable=0) for name in zones if moves.is_counted(name)}
        self._places: dict[str, list[Place]] = {}     # where each zone's cards lie
        self._vanished: dict[str, list[float]] = {}   # when the cards glare hid, gone once it lifted, were last seen

    @property
    def zones(self) -> list[str]:
        return list(self._counts)

    def count(self, zone: str) -> int:
        return self._counts[zone].stable

    def adopt(self, t: float, by_zone: dict[str, list[Seen]]) -> None:
        """Take the counts as this frame shows them, and the cards' places (a count changing meanwhile, or a
        card glare hid and found gone, is forgotten: the table is as it now stands)."""
        for zone, deb in self._counts.items():
            deb.stable, _ = self._count_cards(zone, by_zone[zone], t, None)
            deb.candidate, deb.run = None, 0
        self._vanished.clear()

    def update(self, t: float, dt: float, by_zone: dict[str, list[Seen]], glare) -> list[Change | Gain]:
        """One frame's sightings: the losses and gains it confirms, by time, then zone, each zone's losses
        before its gains. A card seen in a zone for the first time may have come while glare blinded its
        place (GlareHistory.unseen_for); a lost card that glare hid left at some time since it was last seen."""
        changes = []
        for zone, deb in self._counts.items():
            before = deb.stable
            count, new = self._count_cards(zone, by_zone[zone], t, glare)
            came = max([dt] + [self._glare.unseen_for(x, y, t, dt) for x, y in new])
            if deb.update(count, t, came):
                changes.append((deb.run_t, zone, deb.stable - before, deb.run_dt))
                if deb.stable > before:
                    self._uncounted.counted(zone)
            elif deb.candidate is None:
                self._vanished.pop(zone, None)  # the count stands: what vanished was found again
            if count > deb.stable:
                self._uncounted.glimpsed(t, zone)
        out: list[Change | Gain] = []
        for run_t, zone, delta, run_dt in sorted(changes):
            last_seen = sorted(self._vanished.pop(zone, []))
            for i in range(-delta):
                since = last_seen[i] if i < len(last_seen) and last_seen[i] < run_t else None
                out.append(Change(zone, run_t, run_dt, since=since))
            out += [Gain(zone, run_t, run_dt)] * max(delta, 0)
        return out

    def _count_cards(self, zone: str, seen: list[Seen], t: float, glare) -> tuple[int, list]:
        """How many cards lie in zone, and where those seen there for the first time lie. The cards: those
        seen, and those glare now hides where a card had been seen for ``confirm_frames`` frames running (a
        box in one frame is no card to keep) and none is seen within ``CARD_ASKEW_MM`` (a card near glare is
        boxed askew: the nearest sighting there is the card, and it alone carries on its count of frames).
        Their places are kept for the next frame; a kept card no longer hidden and not seen has vanished
        (when it was last seen is noted)."""
        before = self._places.get(zone, [])
        here = [(s.x, s.y) for s in seen if s.kind in CARD_KINDS]

        def sighting(p: Place):
            return min((q for q in here if dist((p.x, p.y), q) <= CARD_ASKEW_MM),
                       key=lambda q: dist((p.x, p.y), q), default=None)

        frames: dict[tuple[float, float], int] = {}
        kept = []
        for p in before:
            q = sighting(p)
            if q is not None:
                frames[q] = max(frames.get(q, 0), p.frames)
            elif p.frames >= self.confirm_frames and card_hidden(glare, (p.x, p.y)):
                kept.append(Place(p.x, p.y, p.frames, p.seen_t, kept=True))
            elif p.kept:
                self._vanished.setdefault(zone, []).append(p.seen_t)
        self._places[zone] = [Place(*q, 1 + frames.get(q, 0), t) for q in here] + kept
        return len(here) + len(kept), [q for q in here if q not in frames]

    def kept_since(self, t: float, of: Callable[[str], bool]) -> dict[str, list[Place]]:
        """The cards glare has kept since before t (last seen by then, hidden ever since), of each zone
        ``of`` accepts that holds any."""
        kept = {zone: [p for p in places if p.kept and p.seen_t <= t]
                for zone, places in self._places.items() if of(zone)}
        return {zone: places for zone, places in kept.items() if places}

    def may_have_left(self, t: float, of: Callable[[str], bool]) -> bool:
        """Whether a card of a zone ``of`` accepts, last seen by t, is kept under glare, or was found gone as
        the glare lifted and its loss is still being confirmed: a card landing at t may have come from it."""
        return bool(self.kept_since(t, of)) or any(seen_t <= t for zone, gone in self._vanished.items() if of(zone)
                                                   for seen_t in gone)

    def let_go(self, zone: str, by: float) -> None:
        """The latest-seen of the cards glare has kept in zone since before ``by`` is gone (a move has
        booked it)."""
        kept = self.kept_since(by, lambda z: z == zone)[zone]
        self._places[zone].remove(max(kept, key=lambda p: p.seen_t))
        self._counts[zone].stable -= 1
