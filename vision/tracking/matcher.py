"""Pairing what left one place with what came to another, by the game's moves (referee.camera.Moves): a
zone's gain with a loss, a card landing on the pile with the zone it came from."""

from __future__ import annotations

from referee.camera import PILE, STOCK, Moves, Origin
from referee.events import CardMoved, Event, Source
from vision.tracking.counts import ZoneCounts
from vision.tracking.losses import Change, Gain, Losses
from vision.tracking.sightings import Seen, Unexplained
from vision.tracking.uncounted import Uncounted


class FaceUpZones:
    """Where each card was last seen face up in a counted zone (turned over on its way to the pile, say)."""

    def __init__(self, moves: Moves):
        self.moves = moves
        self._zone: dict[str, str] = {}

    def update(self, placed: list[tuple[str | None, Seen]]) -> None:
        """One frame's sightings, each with the zone it lies in (None: none), in the order seen."""
        for zone, s in placed:
            if zone is not None and s.kind == "card" and s.card is not None and self.moves.is_counted(zone):
                self._zone[s.card] = zone

    def zone_of(self, card: str) -> str:
        """The zone card was last seen face up in; "" where never."""
        return self._zone.get(card, "")


class Matcher:
    """Books each gain and each card landing on the pile as a move (CardMoved) from where ``moves`` says it
    may have come, of the losses still to be found.

    A gain comes from a loss of the same zone a moment ago (a card lifted and put back: no move), else from
    the first of the zone kind's origins that lost one (or the stock), else it is noted as unexplained. A
    card landing on the pile comes from the discard zone it was last seen face up in, else from the one that
    lost a card first, but never from one that lost it only after it landed: it waits ``window_s`` for that
    zone, or up to ``glare_wait_s`` while glare keeps a card that may be it. Once no zone may yet be found it
    is the card glare kept all that time in the one zone that holds one, else it was drawn and discarded in
    one move where the game allows it and a hand may have held it unseen, else it came from the one table
    zone glare has hidden a place in since before it landed, else it is noted as unexplained."""

    def __init__(self, moves: Moves, losses: Losses, counts: ZoneCounts, uncounted: Uncounted, faces: FaceUpZones,
                 window_s: float, glare_wait_s: float, unexplained: list[Unexplained]):
        self.moves = moves
        self._losses, self._counts, self._uncounted, self._faces = losses, counts, uncounted, faces
        self.window_s, self.glare_wait_s = window_s, glare_wait_s
        self.unexplained = unexplained
        self._arrivals: list[tuple[str | None, Change]] = []  # pile cards (None: face down) waiting for their origin

    @property
    def waiting_since(self) -> float:
        """When the oldest card still waiting for its origin landed (inf: none waits)."""
        return min((arrival.t for _, arrival in self._arrivals), default=float("inf"))

    def update(self, t: float, changes: list[Change | Gain], arrivals: list[tuple[str | None, Change]]) -> list[Event]:
        """One frame's losses and gains (in order: a loss goes to ``losses``, a gain is booked) and the cards
        it confirms landing on the pile; the moves now certain."""
        self._arrivals += arrivals
        events = []
        for change in changes:
            if isinstance(change, Gain):
                events += self._gain(change)
            else:
                self._losses.add(change)
        return events + self._taken_offstage() + self._resolve_arrivals(t)

    def _taken_offstage(self) -> list[Event]:
        """The pile's top card taken off where no counted zone can take it: into the offstage hands, at once."""
        if self.moves.offstage is None or self.moves.pile_taken_by_a_zone:
            return []
        events = []
        while (loss := self._losses.take(lambda z: z == PILE)) is not None:
            events.append(CardMoved(t=loss.t, source=Source.CAMERA, card=loss.card, from_zone=PILE,
                                    to_zone=self.moves.offstage, t_uncertainty=loss.dt))
        return events

    def finish(self) -> list[Event]:
        """The cards on the pile still waiting, booked as if their wait were over."""
        return self._resolve_arrivals(float("inf"))

    def _gain(self, gain: Gain) -> list[Event]:
        zone = gain.zone
        if self._losses.take(lambda z: z == zone) is not None:  # the same zone lost one a moment ago: put back
            return []
        for origin in self.moves.origins(zone):
            by = self.moves.seat(zone) if origin.by_player else None
            if origin.kind == STOCK:
                return [CardMoved(t=gain.t, source=Source.CAMERA, from_zone=STOCK, to_zone=zone, by=by,
                                  t_uncertainty=gain.dt)]
            loss = self._losses.take(self._zones_of(origin, zone))
            if loss is not None:
                return [CardMoved(t=gain.t, source=Source.CAMERA, card=loss.card, from_zone=loss.zone, to_zone=zone,
                                  by=by, t_uncertainty=gain.dt)]
        self.unexplained.append(Unexplained(gain.t, zone, arrived=True))
        return []

    def _zones_of(self, origin: Origin, zone: str):
        """Which zones' losses a card zone gains may come from, as ``origin`` says."""
        if origin.kind == PILE:
            return lambda z: z == PILE
        if origin.own:
            own = self.moves.own_zone(zone, origin.kind)
            return lambda z: z == own
        return lambda z: self.moves.kind_of(z) == origin.kind

    def _resolve_arrivals(self, t: float) -> list[Event]:
        events, waiting = [], []
        discard = self.moves.is_discard
        for card, arrival in sorted(self._arrivals, key=lambda a: a[1].t):
            last = self._faces.zone_of(card)
            origin = (self._losses.take(lambda z: z == last and discard(z), by=arrival.t)
                      or self._losses.take(discard, by=arrival.t))
            if origin is not None:
                events.append(self._landed(card, arrival, origin.zone))
            elif self._may_yet_be_found(arrival, t):
                waiting.append((card, arrival))
            elif (hiding := self._take_kept(arrival.t)) is not None:
                events.append(self._landed(card, arrival, hiding))
            elif self.moves.drawn_and_discarded and self._uncounted.held_by(arrival.t):
                events.append(self._landed(card, arrival, STOCK))
            elif (hiding := self._uncounted.hidden_since(arrival.t, discard)) is not None:
                events.append(self._landed(card, arrival, hiding))
            elif self.moves.offstage is not None:
                events.append(self._landed(card, arrival, self.moves.offstage))
            else:
                self.unexplained.append(Unexplained(arrival.t, PILE, card, arrived=True))
        self._arrivals = waiting
        return events

    def _landed(self, card: str | None, arrival: Change, zone: str) -> CardMoved:
        """The move of a card landed on the pile from zone: face up and read, or (None) face down."""
        return CardMoved(t=arrival.t, source=Source.CAMERA, card=card, from_zone=zone, to_zone=PILE,
                         face_up=card is not None, by=self.moves.seat(zone), t_uncertainty=arrival.dt)

    def _may_yet_be_found(self, arrival: Change, t: float) -> bool:
        """Whether the zone a card landing on the pile came from may still be found: within ``window_s``, or
        up to ``glare_wait_s`` while glare keeps a card that may be it."""
        if not self.moves.discards:  # no zone is watched losing a card: none will be found
            return False
        waited = t - arrival.t
        return waited <= self.window_s or (waited <= self.glare_wait_s and
                                           self._counts.may_have_left(arrival.t, self.moves.is_discard))

    def _take_kept(self, t: float) -> str | None:
        """The one discard zone holding a card glare has kept since before t (a card landing on the pile at t
        may be it), that card let go, as the move books it; None where no zone, or more than one, holds one."""
        holding = self._counts.kept_since(t, self.moves.is_discard)
        if len(holding) != 1:
            return None
        (zone,) = holding
        self._counts.let_go(zone, t)
        return zone
