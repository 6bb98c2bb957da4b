"""What the tracker is handed and what it notes: detections placed on the table, the sizes by which it
judges them, and what it saw but could not turn into an event."""

from __future__ import annotations

from dataclasses import dataclass

from vision.colour import Glare

CARD_KINDS = ("card", "card_back")
SAME_OBJECT_MM = 25.0  # two sightings closer than this are one object (cards in a row lie 75 mm apart)
CARD_REACH_MM = 31.5   # glare over CARD_HIDDEN of the square this much each way from a card's centre (a card is
CARD_HIDDEN = 0.25     # 63 x 88 mm) hides it: a detector loses a card a quarter white, not only one white in its middle
CARD_BLINDED = 0.5     # glare over this much of that square blinds the place: a card first seen there as the glare
#                        lifts may have come at any time it lay hidden (under a still spot clipping a third of it,
#                        never more, every card was seen as it landed)
CARD_ASKEW_MM = 37.5   # a card near glare is boxed askew: a sighting nearer than this (half a row's spacing)
#                        to where a card lay is that card
DIE_MM = 16.0          # a die's side: glare over DIE_HIDDEN of it each way from its centre hides it, and a die
#                        seen in glare (boxed askew) has moved only if it lies a die's width from where it was
DIE_HIDDEN = 0.5


@dataclass(frozen=True)
class Seen:
    """One detection placed on the table: ``x``, ``y`` its centre in table millimetres."""

    kind: str  # "card" | "card_back" | "die"
    x: float
    y: float
    card: str | None = None
    die: int | None = None
    confidence: float = 1.0


@dataclass(frozen=True)
class Unexplained:
    """What the tracker saw but could not turn into an event: a card (None: face down) that left ``zone``
    at t and was not seen arriving anywhere, or (``arrived``) one that came onto ``zone`` at t from no
    zone seen losing it (a card misread on the pile, say, while no hand may have held it unseen)."""

    t: float
    zone: str
    card: str | None = None
    arrived: bool = False

    def __str__(self) -> str:
        if self.arrived:
            return f"t={self.t:.2f}s: {self.card} appeared on the {self.zone} from no zone"
        return f"t={self.t:.2f}s: {self.card or 'a card'} left {self.zone} and did not reappear"


def card_hidden(glare: Glare | None, place: tuple[float, float], share: float = CARD_HIDDEN) -> bool:
    """Whether glare (None: not minded) clips share of a card's square at place."""
    return glare is not None and glare.hides(*place, CARD_REACH_MM, share)


def hides_a_card(glare: Glare | None, zone) -> bool:
    """Whether glare (None: not minded) hides a card's place somewhere in zone: a card could lie there unseen
    (the tracker's judgement, and the pipeline's for its GlareOnZone notice)."""
    return glare is not None and glare.hides_within(zone.to_json(), CARD_REACH_MM, CARD_HIDDEN)


def dist(a, b) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def one_per_object(seen: list[Seen], within_mm: float = SAME_OBJECT_MM) -> list[Seen]:
    """Keep the most confident of sightings whose centres lie closer than ``within_mm``: one
    object seen twice (as a card and as a back, say).  Two face-up cards read as different cards
    are two cards, however close: a pile's cards lie nearly on top of each other."""
    kept: list[Seen] = []
    for s in sorted(seen, key=lambda s: -s.confidence):
        if not any(((s.x - k.x) ** 2 + (s.y - k.y) ** 2) ** 0.5 < within_mm
                   and not (s.card and k.card and s.card != k.card) for k in kept):
            kept.append(s)
    return kept


@dataclass
class Debounced:
    """A value that becomes stable after ``n`` equal readings; remembers when the run began."""

    n: int
    stable: object = None
    candidate: object = None
    run: int = 0
    run_t: float = 0.0
    run_dt: float = 0.0

    def update(self, value, t: float, dt: float) -> bool:
        """Feed one reading; True when it makes a new stable value (``stable`` is then it)."""
        if value == self.stable:
            self.candidate, self.run = None, 0
            return False
        if value != self.candidate:
            self.candidate, self.run, self.run_t, self.run_dt = value, 0, t, dt
        self.run += 1
        if self.run >= self.n:
            self.stable, self.candidate, self.run = value, None, 0
            return True
        return False
