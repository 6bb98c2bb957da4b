"""From per-frame detections to stable observations: the events of ``referee.events``.

A single frame proves little (a hand passes over, a card is misread), so every fact must hold for
``confirm_frames`` frames before it counts, and it is dated by the first of them, give or take
``t_uncertainty``; where glare clips the picture white, what is not found is not gone. The tracker sees
where cards come and go; what a move means is the game's: which loss a gain is paired with, and where a
card landing on the pile came from, are the game's ``referee.camera.Moves``. Each case the tracker knows,
what it is shown and what it tells, is a row of docs/tracking.md.

Its parts, each fed once a frame: ``Pile`` (landings, the pile read through glare, the top taken off),
``ZoneCounts`` (each counted zone's cards, glare keeping their places), ``Matcher`` (gains and landings
paired with ``Losses``), ``Uncounted`` (where a card may lie uncounted), ``Reveals``, ``Laid``, ``DieWatcher``,
``GlareHistory``, and ``InOrder`` (events told in the order they happened).
"""

from __future__ import annotations

from referee.camera import PILE, Moves
from referee.events import CameraBlind, Event, Source
from vision.colour import Glare
from vision.tracking.counts import ZoneCounts
from vision.tracking.die import DIE_ZONE, DieWatcher
from vision.tracking.glare_history import GlareHistory
from vision.tracking.laid import Laid
from vision.tracking.losses import Losses
from vision.tracking.matcher import FaceUpZones, Matcher
from vision.tracking.pile import Pile
from vision.tracking.reveals import Reveals
from vision.tracking.sightings import (CARD_ASKEW_MM, CARD_BLINDED, CARD_HIDDEN, CARD_KINDS, CARD_REACH_MM,
                                       DIE_HIDDEN, DIE_MM, SAME_OBJECT_MM, Seen, Unexplained, hides_a_card,
                                       one_per_object)
from vision.tracking.telling import InOrder
from vision.tracking.uncounted import Uncounted

__all__ = ["Tracker", "Seen", "Unexplained", "one_per_object", "hides_a_card", "CARD_KINDS", "SAME_OBJECT_MM",
           "CARD_REACH_MM", "CARD_HIDDEN", "CARD_BLINDED", "CARD_ASKEW_MM", "DIE_MM", "DIE_HIDDEN"]


class Tracker:
    """Feed ``update(t, seen, glare)`` once per frame; it returns the events that became certain.

    ``moves``: what the game's cards may do (referee.camera.Moves, the game's ``camera``). ``baseline_frames``: the table
    is not empty at the start (a game carried on after a restart): what the first that many frames show is
    taken as it stands, without events. ``landing_conf``: a card lands on the pile only when boxed at least
    this surely; a fainter box there is a card beneath the top, glimpsed past it. ``match_window_s``: how
    long a loss waits to be found, and a card on the pile for the zone that lost it; ``glare_wait_s``: how
    long such a card waits while glare keeps a card that may be it (what was seen after it waits too)."""

    def __init__(self, zones, confirm_frames: int = 3, match_window_s: float = 1.5, glare_wait_s: float = 3.0,
                 die_settle_s: float = 0.4, die_move_mm: float = 3.0, die_agreement: float = 0.8,
                 baseline_frames: int = 0, landing_conf: float = 0.5, *, moves: Moves):
        self._zones = zones
        self.unexplained: list[Unexplained] = []  # what the tracker saw but could not turn into an event
        self.glare = GlareHistory(match_window_s)
        self.losses = Losses(match_window_s, self.unexplained)
        self.uncounted = Uncounted(zones, moves, match_window_s, match_window_s + glare_wait_s)
        self.counts = ZoneCounts(zones, moves, confirm_frames, self.glare, self.uncounted)
        self.faces = FaceUpZones(moves)
        self.pile = Pile(confirm_frames, landing_conf, self.losses, self.glare, face_down=moves.face_down_discards)
        self.matcher = Matcher(moves, self.losses, self.counts, self.uncounted, self.faces, match_window_s,
                               glare_wait_s, self.unexplained)
        self.reveals = Reveals(zones, moves, confirm_frames, self.counts, self.losses)
        self.laid = Laid(zones, moves)
        self.die = DieWatcher(die_settle_s, die_move_mm, die_agreement)
        self.telling = InOrder()
        self._t_prev: float | None = None
        self._baseline_left = baseline_frames
        self._dark: tuple[float, float] | None = None  # the blind spell whose table is being taken as it stands

    @property
    def on_pile(self) -> list[str]:
        """The pile's confirmed cards, the top last."""
        return self.pile.cards

    @property
    def die_hidden(self) -> bool:
        """Whether glare lay on the die in the last frame."""
        return self.die.hidden

    def update(self, t: float, seen: list[Seen], glare: Glare | None = None) -> list[Event]:
        """One frame's sightings, and where glare clips the picture white in it (None: not minded)."""
        dt = 0.0 if self._t_prev is None else round(t - self._t_prev, 6)
        self._t_prev = t
        placed = [(next((z for z in self._zones if self._zones[z].contains(s.x, s.y)), None), s) for s in seen]
        by_zone: dict[str, list[Seen]] = {z: [] for z in self._zones}
        for zone, s in placed:
            if zone is not None:
                by_zone[zone].append(s)
        self.faces.update(placed)
        events: list[Event] = []
        if self._baseline_left > 0 and self._dark is not None:
            self._baseline_left -= 1
            events += self._found_after_dark(t, by_zone)
            events += self._shown(t, by_zone, glare)
        elif self._baseline_left > 0:
            self._baseline_left -= 1
            self.counts.adopt(t, by_zone)
            self.pile.adopt(by_zone.get(PILE, []))
            self.reveals.adopt(by_zone)
            self.laid.adopt(by_zone)
        else:
            arrivals = self.pile.update(t, dt, by_zone.get(PILE, []), glare)  # first: a card leaving the pile
            changes = self.counts.update(t, dt, by_zone, glare)                # may be the one a zone gains now
            events += self.matcher.update(t, changes, arrivals)
            events += self._shown(t, by_zone, glare)
            for card in self.losses.update(t):
                self.pile.bury(card)
        self.glare.update(t, glare)
        self.uncounted.update(t, glare)
        return self.telling.update(events, self.matcher.waiting_since)

    def _shown(self, t: float, by_zone, glare) -> list[Event]:
        """What the frame shows face up for all to see, and the die."""
        events = self.reveals.update(t, by_zone, glare) + self.laid.update(t, by_zone)
        if DIE_ZONE in by_zone:
            events += self.die.update(t, [s for s in by_zone[DIE_ZONE] if s.kind == "die"], glare)
        return events

    def blind(self, since: float, until: float) -> list[Event]:
        """The camera saw nothing from ``since`` to ``until`` (vision.colour.Blindness): what it sees next is
        the table as it now stands, not moves made in an instant. What waited from before the dark is booked
        as if its wait were over, the losses still to be found are noted (where they went was not seen), and
        the next ``confirm_frames`` frames are taken as they stand (the zones' counts, the pile's top); then
        ``CameraBlind`` tells of the dark and of the table found. Cards laid or turned face up for all to see
        (reveals, melds) and the die are not taken so: what they show after the dark is told as seen then."""
        events = self.matcher.finish()
        for card in self.losses.forget():
            self.pile.bury(card)
        self._dark, self._baseline_left = (since, until), self.counts.confirm_frames
        return self.telling.update(events, self.matcher.waiting_since)

    def _found_after_dark(self, t: float, by_zone) -> list[Event]:
        """One of the frames after a blind spell, taken as it stands; after the last, the ``CameraBlind``."""
        self.counts.adopt(t, by_zone)
        pile = by_zone.get(PILE, [])
        self.pile.resync(pile)
        if self._baseline_left > 0:
            return []
        return [self._told_dark(*self.pile.top(pile))]

    def _told_dark(self, top: str | None, face_down: bool, seen: bool = True) -> CameraBlind:
        """The blind spell being told, with the table as found after it (seen: it was found at all)."""
        (since, until), self._dark, self._baseline_left = self._dark, None, 0
        counts = {zone: self.counts.count(zone) for zone in self.counts.zones} if seen else {}
        return CameraBlind(t=since, source=Source.CAMERA, until=until, pile_top=top, pile_face_down=face_down,
                           counts=counts)

    def finish(self) -> list[Event]:
        """The source ended: the cards on the pile still waiting for their zone are booked as if their wait
        were over (from the stock, or noted as unexplained), and what was held back behind them is told; a
        blind spell still being told is told with the table as far as it was seen again (nothing, where it
        never was: no counts)."""
        events = self.matcher.finish()
        if self._dark is not None:
            seen = self._baseline_left < self.counts.confirm_frames
            top = self.pile.cards[-1] if seen and self.pile.cards else None
            events.append(self._told_dark(top, False, seen))
        return self.telling.update(events, self.matcher.waiting_since)
