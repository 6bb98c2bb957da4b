"""Tables scripted for the tracker: sightings placed in a zone, frames fed DT apart, and glare put where a
test wants it."""

from calibration.zones import kiketti_layout, kimble_layout
from vision.tracking import Seen

TABLE = (900.0, 560.0)
ZONES = kiketti_layout(2, TABLE)
DT = 0.1


def centre(zone, dx=0.0):
    x, y = ZONES[zone].centre
    return x + dx, y


def back(zone, dx=0.0):
    return Seen("card_back", *centre(zone, dx))


def face(zone, card, dx=0.0):
    return Seen("card", *centre(zone, dx), card=card)


def feed(tracker, frames, t0=0.0, glare=None):
    """Feed a list of per-frame detection lists at DT apart (glare: where it hides the picture);
    return all events and the end time."""
    events = []
    t = t0
    for seen in frames:
        events += tracker.update(round(t, 6), seen, glare)
        t += DT
    return events, t


class GlareAt:
    """Glare over whatever lies within reach mm each way of any of spots, clipping up to `clipped` of it: what
    vision.colour.Glare answers from a picture, answered from where the glare is put."""

    def __init__(self, *spots, reach=30.0, clipped=1.0):
        self.spots, self.reach, self.clipped = spots, reach, clipped

    def hides(self, x, y, reach_mm, share):
        return share <= self.clipped and any(abs(x - x0) <= self.reach and abs(y - y0) <= self.reach
                                             for x0, y0 in self.spots)

    def hides_within(self, rect, reach_mm, share):
        x0, y0, x1, y1 = rect
        return share <= self.clipped and any(x0 - self.reach <= x <= x1 + self.reach and
                                             y0 - self.reach <= y <= y1 + self.reach for x, y in self.spots)


def glare_at(x0, y0, reach=30.0):
    return GlareAt((x0, y0), reach=reach)


def die(value, x=0.0, y=0.0):
    cx, cy = kimble_layout(TABLE)["dome"].centre
    return [Seen("die", cx + x, cy + y, die=value)]
