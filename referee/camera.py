"""What a game's card moves look like to the camera, as data the game supplies.

The camera sees cards come and go zone by zone; which loss a gain is paired with, and which zone a card
landing on the pile is booked from, are the game's rules, not the camera's. A game says them here, once
(``referee/kiketti/camera.py``), and the tracker (vision.tracking) reads them; the referee never imports
vision. Zones are named by kind and seat: ``seat2`` is the ``seat`` kind of seat 2, ``pile`` and ``stock``
are shared. A zone is of a kind when its name begins with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

STOCK, PILE = "stock", "pile"  # the shared zones: the stock loses nothing the camera counts, the pile its top card


@dataclass(frozen=True)
class Origin:
    """Where a card a zone gains may come from: a zone of ``kind`` that lost one (``own``: only the gaining
    zone's own seat's, hand1 for seat1; ``pile``: the pile's top card taken; ``stock``: the stock, which
    needs no loss seen), and whether the move is the gaining seat's player's (``CardMoved.by``) or nobody's
    (a deal, a penalty card)."""

    kind: str
    own: bool = False
    by_player: bool = False


@dataclass(frozen=True)
class Moves:
    """One game's card moves as the camera may pair them.

    ``counted``: the zone kinds whose cards are counted (a gain or loss there is a move). ``held``: of those,
    the kinds held in hand, where a card may lie uncounted (glimpsed, or under glare); the others lie on the
    table, where glare may hide a card put there unseen. ``revealed``: the kinds whose cards, all turned face
    up, are shown (``CardsRevealed``). ``gains``: for each counted kind, the origins of a card it gains, in
    order of preference (a loss of the same zone always comes first: a card lifted and put back); a gain no
    origin fits is noted as unexplained. ``discards``: the kinds a card landing face up on the pile may come
    from (the zone it was last seen face up in first, else whichever lost a card first).
    ``drawn_and_discarded``: a card on the pile that no zone was seen losing came from the stock, drawn and
    discarded in one move, when a held zone may have held it unseen (else it is noted as unexplained).
    ``offstage``: where the players' cards are held out of the camera's sight (gin's hands, ``"hand"``,
    whose it is the referee knows from the turn): a card landing on the pile that no zone was seen losing
    came from there, and the pile's top card taken off went there, at once when no counted zone can take a
    pile card. ``face_down_discards``: a card laid face down on the pile (a gin knock) is a move too.
    ``laid``: the kinds where cards are laid face up for all to see (gin's melds), told as ``CardsRevealed``
    each time the cards read there change and then lie still for ``laid_settle_s``; they need not be counted.
    Melds laid card by card want a long wait (told whole when the hands stop); a card played to a trick, a
    short one (told as soon as it lies: the referee rules on it at once).
    """

    counted: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    gains: Mapping[str, tuple[Origin, ...]] = field(default_factory=dict)
    discards: tuple[str, ...] = ()
    drawn_and_discarded: bool = False
    offstage: str | None = None
    face_down_discards: bool = False
    laid: tuple[str, ...] = ()
    laid_settle_s: float = 1.0

    def __post_init__(self) -> None:
        if not self.laid_settle_s > 0:
            raise ValueError(f"laid_settle_s must be > 0 seconds, got {self.laid_settle_s!r}")
        for name in ("held", "revealed", "discards"):
            stray = [kind for kind in getattr(self, name) if kind not in self.counted]
            if stray:
                raise ValueError(f"{name} {stray} are not counted kinds {list(self.counted)}: "
                                 f"the camera follows only the cards it counts")
        stray = [kind for kind in self.gains if kind not in self.counted]
        if stray:
            raise ValueError(f"gains of {stray}, which are not counted kinds {list(self.counted)}")
        for kind, origins in self.gains.items():
            for origin in origins:
                if origin.kind not in (*self.counted, STOCK, PILE):
                    raise ValueError(f"a {kind} gains from {origin.kind!r}, which is neither counted "
                                     f"{list(self.counted)} nor '{STOCK}' or '{PILE}'")

    def kind_of(self, zone: str, kinds: tuple[str, ...] | None = None) -> str | None:
        """The kind (of ``kinds``; None: the counted ones) that zone's name begins with; None where none."""
        return next((kind for kind in (self.counted if kinds is None else kinds) if zone.startswith(kind)), None)

    def is_counted(self, zone: str) -> bool:
        return self.kind_of(zone) is not None

    def is_held(self, zone: str) -> bool:
        return self.kind_of(zone, self.held) is not None

    def is_revealed(self, zone: str) -> bool:
        return self.kind_of(zone, self.revealed) is not None

    def is_laid(self, zone: str) -> bool:
        return self.kind_of(zone, self.laid) is not None

    @property
    def pile_taken_by_a_zone(self) -> bool:
        """Whether a counted zone may gain the pile's top card (a card taken off waits to be found then)."""
        return any(origin.kind == PILE for origins in self.gains.values() for origin in origins)

    def is_discard(self, zone: str) -> bool:
        """Whether a card landing on the pile may come from zone."""
        return self.kind_of(zone, self.discards) is not None

    def origins(self, zone: str) -> tuple[Origin, ...]:
        """Where a card counted zone gains may come from, in order of preference."""
        return self.gains.get(self.kind_of(zone) or "", ())

    def seat(self, zone: str) -> int | None:
        """The seat a counted zone belongs to (seat2: 2); None for a shared zone, or one its kind is not
        followed by a number in."""
        kind = self.kind_of(zone)
        number = zone[len(kind):] if kind is not None else ""
        return int(number) if number.isdigit() else None

    def own_zone(self, zone: str, kind: str) -> str | None:
        """The zone of ``kind`` of counted zone's own seat (hand1 for seat1); None where it has no seat."""
        seat = self.seat(zone)
        return None if seat is None else f"{kind}{seat}"
