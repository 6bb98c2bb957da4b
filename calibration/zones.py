"""Zones: named rectangles on the table, in millimetres from the table's far-left corner.

The tracker asks "which zone is this card in?"; zone names are the event vocabulary's
(``stock``, ``pile``, ``seatN``, ``handN``, ``meldsN``, ``playN``, ``tricksN``, ``centre``, ``deck``,
``board``, ``dome``).  Default layouts put the
shared zones in the middle and each seat's table cards along its own edge, with its hand zone
(where a drawn card is held up for the camera or laid while deciding) beside them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class ZoneError(ValueError):
    """A zone that is not well-formed, naming it and the reason."""


@dataclass(frozen=True)
class Zone:
    name: str
    x0: float
    y0: float
    x1: float
    y1: float

    def __post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise ZoneError(f"zone name must be a lower-case word like 'pile' or 'seat2', got {self.name!r}")
        if not (self.x1 > self.x0 and self.y1 > self.y0):
            raise ZoneError(f"zone '{self.name}': needs x0 < x1 and y0 < y1 mm, got "
                            f"({self.x0}, {self.y0}, {self.x1}, {self.y1})")

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def to_json(self) -> list[float]:
        return [self.x0, self.y0, self.x1, self.y1]


def zone_at(zones: dict[str, Zone], x: float, y: float) -> str | None:
    """The first zone (in layout order) containing table point (x, y) mm, or None."""
    for zone in zones.values():
        if zone.contains(x, y):
            return zone.name
    return None


def kiketti_layout(seats: int, table_mm: tuple[float, float]) -> dict[str, Zone]:
    """Stock and pile in the middle; seat 0 at the near edge, then clockwise (2 seats: near, far;
    3-4 seats: near, left, far, right)."""
    if not 2 <= seats <= 4:
        raise ZoneError(f"the default Kiketti layout has 2-4 seats, got {seats}")
    w, h = table_mm
    cx, cy = w / 2, h / 2
    zones = [Zone("stock", cx - 150, cy - 65, cx - 40, cy + 65), Zone("pile", cx - 20, cy - 80, cx + 130, cy + 80)]
    row_w, row_d = 5 * 75.0, 105.0  # five cards side by side (4 dealt + a drawn one), one card deep
    near = Zone("seat0", cx - row_w / 2, h - 70 - row_d, cx + row_w / 2, h - 70)
    far = Zone("seat_far", cx - row_w / 2, 70, cx + row_w / 2, 70 + row_d)
    left = Zone("seat_left", 70, cy - row_w / 2, 70 + row_d, cy + row_w / 2)
    right = Zone("seat_right", w - 70 - row_d, cy - row_w / 2, w - 70, cy + row_w / 2)
    sides = {2: [near, far], 3: [near, left, far], 4: [near, left, far, right]}[seats]
    for seat, side in enumerate(sides):
        zones.append(Zone(f"seat{seat}", side.x0, side.y0, side.x1, side.y1))
        zones.append(_hand_beside(f"hand{seat}", side, table_mm))
    _check_fit(zones, table_mm, f"{seats} Kiketti seats")
    return {z.name: z for z in zones}


def _check_fit(zones: list[Zone], table_mm: tuple[float, float], what: str) -> None:
    """Every zone on the table and no two overlapping: else the table is too small for the layout."""
    w, h = table_mm
    for i, a in enumerate(zones):
        if a.x0 < 0 or a.y0 < 0 or a.x1 > w or a.y1 > h:
            raise ZoneError(f"a {w:g}x{h:g} mm table is too small for {what}: zone '{a.name}' falls off it")
        for b in zones[i + 1:]:
            if a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1:
                raise ZoneError(f"a {w:g}x{h:g} mm table is too small for {what}: "
                                f"zones '{a.name}' and '{b.name}' overlap")


def _hand_beside(name: str, seat: Zone, table_mm: tuple[float, float]) -> Zone:
    """A card-sized (plus margin) hand zone next to a seat row, on its owner's right."""
    w, h = table_mm
    horizontal = (seat.x1 - seat.x0) > (seat.y1 - seat.y0)
    if horizontal and seat.y0 > h / 2:  # near edge: the owner's right is the table's right
        return Zone(name, seat.x1 + 25, seat.y0, seat.x1 + 25 + 105, seat.y1)
    if horizontal:  # far edge, facing us: their right is our left
        return Zone(name, seat.x0 - 25 - 105, seat.y0, seat.x0 - 25, seat.y1)
    if seat.x0 < w / 2:  # left edge: their right is the near side
        return Zone(name, seat.x0, seat.y1 + 25, seat.x1, seat.y1 + 25 + 105)
    return Zone(name, seat.x0, seat.y0 - 25 - 105, seat.x1, seat.y0 - 25)


def gin_layout(seats: int, table_mm: tuple[float, float]) -> dict[str, Zone]:
    """Stock and pile in the middle; each player's meld area along their own edge (2 seats: 0 near, 1 far;
    3 seats: near, left, far, clockwise as the engine numbers them), where they lay their cards face up
    when a hand ends. Held cards are not on the table, so a player has no hand zone: the camera sees the
    pile and, at the end, the melds. The team game (4 and more) is two games at one table, each with its
    own stock and pile, and the camera follows one pile: it is refereed from the players' word."""
    if seats >= 4 and seats % 2 == 0:
        raise ZoneError(f"the default gin layout has 2 or 3 seats; the team game ({seats} players) is two games "
                        f"at one table, each with its own stock and pile, and the camera follows one pile: "
                        f"referee it from the players' word (pelituomari play), got {seats}")
    if seats not in (2, 3):
        raise ZoneError(f"the default gin layout has 2 or 3 seats, got {seats}")
    w, h = table_mm
    cx, cy = w / 2, h / 2
    row_w, row_d = 700.0, 200.0  # up to four melds side by side, and a second row for lay-offs
    zones = [Zone("stock", cx - 150, cy - 65, cx - 40, cy + 65), Zone("pile", cx - 20, cy - 80, cx + 130, cy + 80),
             Zone("melds0", cx - row_w / 2, h - 40 - row_d, cx + row_w / 2, h - 40)]
    if seats == 3:  # the left edge, its area turned along it, between the near and far areas
        zones.append(Zone("melds1", 40, 40 + row_d + 20, 40 + row_d, h - 40 - row_d - 20))
    zones.append(Zone(f"melds{seats - 1}", cx - row_w / 2, 40, cx + row_w / 2, 40 + row_d))
    _check_fit(zones, table_mm, f"{seats} gin players")
    return {z.name: z for z in zones}


def skruuvi_layout(seats: int, table_mm: tuple[float, float]) -> dict[str, Zone]:
    """Four players, partners opposite, seat 0 near, then clockwise (left, far, right), as the engine numbers
    them. The four centre cards in the middle, each player's ``playN`` between them and the player (where
    they lay the card they play to a trick), each player's ``tricksN`` at their own edge on their right (the
    tricks they won, face down), and the ``deck`` at the near edge on seat 0's left. Held cards are off
    the table, out of the camera's sight."""
    if seats != 4:
        raise ZoneError(f"the default Skruuvi layout has 4 seats (the three-player puupää is not refereed), "
                        f"got {seats}")
    w, h = table_mm
    cx, cy = w / 2, h / 2
    card, gap, edge = 140.0, 20.0, 40.0   # a played card's place, askew; between places; from the table's edge
    centre_w, centre_d = 320.0, 130.0     # four cards side by side
    near, far = cy + centre_d / 2 + gap, cy - centre_d / 2 - gap
    side = cx + centre_w / 2 + gap
    along, deep, aside = 200.0, 150.0, 150.0  # a stack of tricks; how far right of the player's middle
    zones = [Zone("centre", cx - centre_w / 2, cy - centre_d / 2, cx + centre_w / 2, cy + centre_d / 2),
             Zone("deck", cx - aside - 110, h - edge - 130, cx - aside, h - edge),
             Zone("play0", cx - card / 2, near, cx + card / 2, near + card),
             Zone("play1", w - side - card, cy - card / 2, w - side, cy + card / 2),
             Zone("play2", cx - card / 2, far - card, cx + card / 2, far),
             Zone("play3", side, cy - card / 2, side + card, cy + card / 2),
             Zone("tricks0", cx + aside, h - edge - deep, cx + aside + along, h - edge),
             Zone("tricks1", edge, cy + aside, edge + deep, cy + aside + along),
             Zone("tricks2", cx - aside - along, edge, cx - aside, edge + deep),
             Zone("tricks3", w - edge - deep, cy - aside - along, w - edge, cy - aside)]
    _check_fit(zones, table_mm, f"{seats} Skruuvi players")
    return {z.name: z for z in zones}


def kimble_layout(table_mm: tuple[float, float]) -> dict[str, Zone]:
    """The Kimble board in the middle, its pop-o-matic dome at the board's centre.

    The dome comes first so that a die on it is in ``dome``, not in ``board``."""
    w, h = table_mm
    cx, cy = w / 2, h / 2
    side = min(w, h) - 160
    if side < 200:
        raise ZoneError(f"a {w:g}x{h:g} mm table is too small for a Kimble board: it needs 360 mm each way")
    dome = Zone("dome", cx - 50, cy - 50, cx + 50, cy + 50)
    board = Zone("board", cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)
    return {"dome": dome, "board": board}
