"""The die in the dome: a value once it has lain still long enough after moving, or unreadable."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from referee.events import DieSettled, Event, Source
from vision.tracking.sightings import DIE_HIDDEN, DIE_MM, Seen, dist

DIE_ZONE = "dome"


@dataclass
class _Die:
    settled_at: tuple[float, float] | None = None  # where the last settled value was read
    last_pos: tuple[float, float] | None = None
    last_clear: bool = True  # last_pos was seen clear of glare
    moved: bool = False  # moved since the last settled value
    still_since: float | None = None  # seen lying still since (glare hiding it restarts the count)
    came_at: float = 0.0  # when it came to where it lies: when a roll is dated
    readings: list = field(default_factory=list)
    reported: bool = True  # the current still spell has been reported


class DieWatcher:
    """The die's value counts once it has been still for ``settle_s`` after moving (``move_mm``: how far
    it must go to have moved, seen clear of glare); if fewer than ``agreement`` of the readings over that
    time agree (a face read with glare over half of the die counts as unread), it is unreadable (None).
    Where glare hides the die, a die not found has neither moved nor lain still; a die seen in glare is
    boxed askew, so it has moved only if it lies a die's width away. The die as found at the start is no
    roll."""

    def __init__(self, settle_s: float, move_mm: float, agreement: float):
        self.settle_s, self.move_mm, self.agreement = settle_s, move_mm, agreement
        self._die = _Die()
        self.hidden = False  # glare lay on the die in the last frame

    def update(self, t: float, dice: list[Seen], glare) -> list[Event]:
        d = self._die
        die = max(dice, key=lambda s: s.confidence) if dice else None  # one die in the dome; the rest are reflections
        place = (die.x, die.y) if die is not None else d.last_pos or d.settled_at
        self.hidden = glare is not None and place is not None and glare.hides(*place, DIE_MM / 2, DIE_HIDDEN)
        if die is None:
            if self.hidden:  # glare over where the die lay: not a sign that it moved, but not a
                d.still_since = None  # sight of it lying still either: its stillness is timed afresh
                return []
            d.moved, d.still_since, d.last_pos = d.moved or d.settled_at is not None, None, None  # a hand over it
            return []
        pos, clear = (die.x, die.y), not self.hidden
        # a die boxed in glare is boxed askew: only a die's width of a move counts where glare had a part
        reach = self.move_mm if clear and d.last_clear else DIE_MM
        if d.last_pos is None or dist(pos, d.last_pos) > reach:
            if d.last_pos is not None or d.settled_at is not None:
                d.moved = True
            d.last_pos, d.last_clear, d.came_at, d.still_since, d.readings, d.reported = pos, clear, t, t, [], False
        else:
            if clear and not d.last_clear:  # the first sight of it clear of the glare: where it really lies
                d.last_pos, d.last_clear = pos, True
            if d.still_since is None:
                d.still_since, d.readings = t, []
        d.readings.append(die.die if clear else None)  # glare over half the die reads as pips: unread
        if d.reported or t - d.still_since < self.settle_s:
            return []
        d.reported = True
        first = d.settled_at is None
        d.settled_at = pos
        if first and not d.moved:  # the die as found at the start: not a pop
            return []
        d.moved = False
        value, n = Counter(d.readings).most_common(1)[0]
        if value is None or n < self.agreement * len(d.readings):
            value = None
        return [DieSettled(t=d.came_at, source=Source.CAMERA, value=value, zone=DIE_ZONE)]
