"""From per-frame detections to stable observations: the events of ``referee.events``.

A single frame proves little (a hand passes over, a card is misread), so every fact must hold
for ``confirm_frames`` consecutive frames before it counts, and it is then dated by the *first*
of those frames: slap arbitration rests on when a card was first seen on the pile, and
``t_uncertainty`` says how long before that it may have come (the interval since the frame before, or,
where glare blinded its place, since the place was last clear).

What is tracked, zone by zone (zones come from the table calibration):

* ``pile``: card identities, confirmed by ``confirm_frames`` sure readings in a row (frames where a
  card there is unread do not break the row; a faint box there is a card beneath the top).  Glare
  misreads what it lies on, so a box where it hides a card's place is taken for the card known to lie
  there: one read clear of the glare as it came (followed into it, its row going on while the glare hides
  it), else, for a box unread or read as a pile card or as glare has read one before, the topmost card
  not seen elsewhere, unless a zone's lost card is still to be found.  A face-up card newly confirmed there moved
  from the seat or hand it was last seen face up in, else from the zone that lost a card first: a hand
  zone (a discard) or a seat zone (a slap, or the second half of putting a drawn card among one's table
  cards); never from a zone that lost it only after it landed
  (it waits, up to ``match_window_s``, for the zone that did, and what was seen after it waits with it,
  so events are told in the order they happened). One that no zone was seen losing by then came from
  the stock, if a hand may have held it unseen (a card glimpsed there but never counted, or glare over
  it): drawn and discarded in one move; otherwise it is noted as unexplained (a card misread on the
  pile is no discard), unless glare has hidden a place in one seat since before it landed (a card dealt
  or put there unseen, under a lamp's reflection that stays). While glare keeps a card that may be it,
  it waits longer, up to ``glare_wait_s``; if the glare stays on one seat's or hand's card all that
  time, that card is it.  The top card
  missing for ``confirm_frames`` frames (with nothing landing over it: an unread box there counts as one
  only when it is at least as sure as every card read there) was taken back: the seat that gains a card
  next got it (a wrong or late slap returned).
* ``seatN`` and ``handN``: how many cards lie there.  A gain is matched with the hand that lost a
  card (a drawn card put among the table cards) or else comes from the stock (deal, draw,
  penalty card).  A loss that comes back to the same zone was a card lifted and put back.
* ``seatN`` all face up: the round's reveal, ``CardsRevealed`` with the cards in table order.
* ``dome``: the die.  Its value counts once the die has been still for ``die_settle_s`` after
  moving; if the readings over that time disagree (a face read with glare over half of the die counts
  as unread), the value is reported as unreadable (None).

Where glare clips the picture white (``update``'s ``glare``, vision.colour.Glare), what is not found
is not gone: a seat's or hand's card seen there for ``confirm_frames`` frames keeps its place (and a box
near it is that card, boxed askew), the pile's top card is not taken back, and the
die neither moved nor lay still in that frame; a die seen in glare is boxed askew, so it has moved only
if it lies a die's width away, and a face read with glare over half of it counts as unread (the
reflection reads as pips). A kept card not there when the glare lifts left at some time since it
was last seen: a card that landed on the pile in that time may be it, and of losses found in the same
frame one seen happening goes first. A card first seen where glare lay in the frames before came there
at some time since its place was last clear, if the glare blinded it meanwhile (half of it clipped): its
``t_uncertainty`` reaches back to that frame (at most ``match_window_s``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from referee.events import CardMoved, CardsRevealed, DieSettled, Event, Source, zone_seat
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
    at t and was not seen arriving anywhere, or (``arrived``) one that came onto the pile at t from no
    zone seen losing it, while no hand may have held it unseen (a card misread on the pile, say)."""

    t: float
    zone: str
    card: str | None = None
    arrived: bool = False

    def __str__(self) -> str:
        if self.arrived:
            return f"t={self.t:.2f}s: {self.card} appeared on the {self.zone} from no zone"
        return f"t={self.t:.2f}s: {self.card or 'a card'} left {self.zone} and did not reappear"


@dataclass
class _Debounced:
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


@dataclass
class _PileRun:
    """A card read landing on the pile, not yet confirmed: in how many frames it was read surely, when it was
    first seen (give or take dt), where it was last seen, and whether that first reading was clear of glare
    (one glare cannot have made: the card is followed into glare, Tracker._through_glare)."""

    frames: int
    first: float
    dt: float
    place: tuple[float, float]
    clear: bool


@dataclass(frozen=True)
class _Place:
    """Where a seat's or hand's card lies, in how many frames running it has been seen there, and when it
    was last seen (kept: not seen in this frame, glare hiding it)."""

    x: float
    y: float
    frames: int
    seen_t: float
    kept: bool = False


@dataclass
class _Change:
    """A card gone from zone (or come to the pile) at t, give or take dt; or, a card that glare hid and
    that was gone when it lifted at t, at any time from ``since`` (when it was last seen) to t."""

    zone: str
    t: float
    dt: float
    card: str | None = None
    since: float | None = None

    @property
    def earliest(self) -> float:
        return self.t if self.since is None else self.since


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


class Tracker:
    """Feed ``update(t, seen)`` once per frame; it returns the events that became certain.

    ``baseline_frames``: the table is not empty at the start (a game carried on after a restart):
    what the first that many frames show is taken as it stands, without events. ``landing_conf``: a
    card lands on the pile only when boxed at least this surely; a fainter box there is a card
    beneath the top, glimpsed past it. ``glare_wait_s``: how long a card on the pile that no zone was
    seen losing waits for glare to lift off a card that may be it, before it is booked from the zone
    whose card glare still hides, or else from the stock (what was seen after it waits too)."""

    def __init__(self, zones, confirm_frames: int = 3, match_window_s: float = 1.5, glare_wait_s: float = 3.0,
                 die_settle_s: float = 0.4, die_move_mm: float = 3.0, die_agreement: float = 0.8,
                 baseline_frames: int = 0, landing_conf: float = 0.5):
        self.zone_names = list(zones)
        self.landing_conf = landing_conf
        self._zones = zones
        self.confirm_frames = confirm_frames
        self.match_window_s = match_window_s
        self.glare_wait_s = glare_wait_s
        self.die_settle_s, self.die_move_mm, self.die_agreement = die_settle_s, die_move_mm, die_agreement
        self._counts = {z: _Debounced(confirm_frames, stable=0) for z in self.zone_names if _counted(z)}
        self._revealed = {z: _Debounced(confirm_frames, stable=()) for z in self.zone_names if z.startswith("seat")}
        self._shown: set[str] = set()  # seats revealed this round
        self._pile_runs: dict[str, _PileRun] = {}  # cards landing on the pile, not yet confirmed
        self.on_pile: list[str] = []  # confirmed pile cards, the top last
        self._top_gone: tuple[int, float, float] = (0, 0.0, 0.0)  # frames the top card has been missing
        self._losses: list[_Change] = []
        self._arrivals: list[tuple[str, _Change]] = []  # pile cards waiting for their origin
        self._held: list[Event] = []  # events after a card still waiting, told once it is booked
        self._hands_unsure: list[tuple[float, str]] = []  # (t, hand zone): it may have held a card uncounted
        self._seats_hidden: dict[str, float] = {}  # seat zone -> since when glare has hidden a card's place there
        self._last_zone: dict[str, str] = {}  # where a card was last seen face up, off the pile
        self._places: dict[str, list[_Place]] = {}  # where each seat's and hand's cards lie
        self._vanished: dict[str, list[float]] = {}  # when the cards glare hid, gone once it lifted, were last seen
        self._pile_places: dict[str, tuple[float, float]] = {}  # where each pile card was last seen
        self._misread: dict[str, str] = {}  # what glare read a card on the pile as -> that card
        self._die = _Die()
        self.die_hidden = False  # glare lay on the die in the last frame
        self._t_prev: float | None = None
        self._glare: list[tuple[float, Glare | None]] = []  # the recent frames' glare, oldest first
        self._baseline_left = baseline_frames
        self.unexplained: list[Unexplained] = []  # what the tracker saw but could not turn into an event

    # ------------------------------------------------------------ per frame

    def update(self, t: float, seen: list[Seen], glare: Glare | None = None) -> list[Event]:
        """One frame's sightings, and where glare clips the picture white in it (None: not minded): a card
        last seen where glare hides it and not found is kept, and a die not found there has neither moved
        nor lain still."""
        dt = 0.0 if self._t_prev is None else round(t - self._t_prev, 6)
        self._t_prev = t
        by_zone: dict[str, list[Seen]] = {z: [] for z in self.zone_names}
        for s in seen:
            zone = next((z for z in self.zone_names if self._zones[z].contains(s.x, s.y)), None)
            if zone is not None:
                by_zone[zone].append(s)
                if s.kind == "card" and s.card is not None and _counted(zone):
                    self._last_zone[s.card] = zone
        events: list[Event] = []
        if self._baseline_left > 0:
            self._baseline_left -= 1
            self._adopt(by_zone)
        else:
            self._update_pile(t, dt, by_zone.get("pile", []), glare)  # first: a card leaving the pile may be
            events += self._update_counts(t, dt, by_zone, glare)      # the one a seat gains in this frame
            events += self._resolve_arrivals(t)
            events += self._update_reveals(t, by_zone, glare)
            if "dome" in by_zone:
                events += self._update_die(t, [s for s in by_zone["dome"] if s.kind == "die"], glare)
            self._expire(t)
        self._glare = [(u, g) for u, g in self._glare if t - u < self.match_window_s] + [(t, glare)]
        self._note_glare_on_zones(t, glare)
        return self._in_order(events)

    def finish(self) -> list[Event]:
        """The source ended: the cards on the pile still waiting for their zone are booked as if their wait
        were over (from the stock, or noted as unexplained), and what was held back behind them is told."""
        return self._in_order(self._resolve_arrivals(float("inf")))

    def _in_order(self, events: list[Event]) -> list[Event]:
        """The events to tell now, oldest first: while a card on the pile waits for the zone it came from,
        what was seen after it waits too, so the referee hears of every move in the order it happened."""
        seen = self._held + events
        waiting = min((arrival.t for _, arrival in self._arrivals), default=float("inf"))
        self._held = [e for e in seen if e.t >= waiting]
        return sorted((e for e in seen if e.t < waiting), key=lambda e: e.t)

    def _unseen_for(self, x: float, y: float, t: float, dt: float) -> float:
        """How long before t a card first seen at table point (x, y) may have come there: where glare lay
        over its place in the frames before and at some time blinded it, since the last frame the place
        was clear; else since the frame before."""
        since, blinded = t - dt, False
        for frame_t, glare in reversed(self._glare):
            since = frame_t
            if not _hides(glare, (x, y), CARD_HIDDEN):
                break
            blinded = blinded or _hides(glare, (x, y), CARD_BLINDED)
        return round(t - since, 6) if blinded else dt

    def _adopt(self, by_zone) -> None:
        """Take the table as this frame shows it: counts, the pile's cards, rounds already revealed."""
        for zone, deb in self._counts.items():
            deb.stable = sum(1 for s in by_zone[zone] if s.kind in CARD_KINDS)
        pile = [s for s in by_zone.get("pile", []) if s.kind == "card" and s.card is not None]
        self.on_pile = list(dict.fromkeys(s.card for s in pile))
        self._pile_places = {s.card: (s.x, s.y) for s in pile}
        self._shown = {z for z in self._revealed
                       if by_zone[z] and all(s.kind == "card" and s.card is not None for s in by_zone[z])}

    def _update_counts(self, t: float, dt: float, by_zone, glare) -> list[Event]:
        events = []
        changes = []
        for zone, deb in self._counts.items():
            before = deb.stable
            count, new = self._count_cards(zone, by_zone[zone], t, glare)
            # a card seen here for the first time may have come while glare blinded its place
            came = max([dt] + [self._unseen_for(x, y, t, dt) for x, y in new])
            if deb.update(count, t, came):
                changes.append((deb.run_t, zone, deb.stable - before, deb.run_dt))
                if deb.stable > before:  # a card seen held: its way on is a loss of this hand
                    self._hands_unsure = [(u, z) for u, z in self._hands_unsure if z != zone]
            elif deb.candidate is None:
                self._vanished.pop(zone, None)  # the count stands: what vanished was found again
            if zone.startswith("hand") and count > deb.stable:  # a card glimpsed here, not (yet) counted
                self._hands_unsure.append((t, zone))
        for run_t, zone, delta, run_dt in sorted(changes):  # losses before gains of the same frame
            # a card that glare hid and that was gone when it lifted left at some time since it was last seen
            last_seen = sorted(self._vanished.pop(zone, []))
            for i in range(-delta):
                since = last_seen[i] if i < len(last_seen) and last_seen[i] < run_t else None
                self._losses.append(_Change(zone, run_t, run_dt, since=since))
            for _ in range(delta):
                events += self._gain(zone, run_t, run_dt)
        return events

    def _count_cards(self, zone: str, seen: list[Seen], t: float, glare) -> tuple[int, list]:
        """How many cards lie in zone, and where those seen there for the first time lie. The cards: those
        seen, and those glare now hides where a card had been seen
        for ``confirm_frames`` frames running (a box in one frame is no card to keep) and none is seen
        within ``CARD_ASKEW_MM`` (a card near glare is boxed askew: the nearest sighting there is the
        card, and it alone carries on its count of frames). Their places are kept for the next frame; a
        kept card no longer hidden and not seen has vanished (when it was last seen is noted)."""
        before = self._places.get(zone, [])
        here = [(s.x, s.y) for s in seen if s.kind in CARD_KINDS]

        def sighting(p: _Place):
            return min((q for q in here if _dist((p.x, p.y), q) <= CARD_ASKEW_MM),
                       key=lambda q: _dist((p.x, p.y), q), default=None)

        frames: dict[tuple[float, float], int] = {}
        kept = []
        for p in before:
            q = sighting(p)
            if q is not None:
                frames[q] = max(frames.get(q, 0), p.frames)
            elif p.frames >= self.confirm_frames and _hides(glare, (p.x, p.y), CARD_HIDDEN):
                kept.append(_Place(p.x, p.y, p.frames, p.seen_t, kept=True))
            elif p.kept:
                self._vanished.setdefault(zone, []).append(p.seen_t)
        self._places[zone] = [_Place(*q, 1 + frames.get(q, 0), t) for q in here] + kept
        return len(here) + len(kept), [q for q in here if q not in frames]

    def _gain(self, zone: str, t: float, dt: float) -> list[Event]:
        seat = zone_seat(zone)
        back = self._take_loss(zone)  # the same zone lost one a moment ago: lifted and put back
        if back is not None:
            return []
        if zone.startswith("seat"):
            hand = self._take_loss(f"hand{seat}")
            if hand is not None:  # the drawn card put among the table cards
                return [CardMoved(t=t, source=Source.CAMERA, from_zone=hand.zone, to_zone=zone, by=seat,
                                  t_uncertainty=dt)]
            returned = self._take_loss("pile")
            if returned is not None:  # a card shown on the pile goes back to the table
                return [CardMoved(t=t, source=Source.CAMERA, card=returned.card, from_zone="pile", to_zone=zone,
                                  t_uncertainty=dt)]
            return [CardMoved(t=t, source=Source.CAMERA, from_zone="stock", to_zone=zone, t_uncertainty=dt)]
        if zone.startswith("hand"):
            return [CardMoved(t=t, source=Source.CAMERA, from_zone="stock", to_zone=zone, by=seat, t_uncertainty=dt)]
        return []

    def _update_pile(self, t: float, dt: float, pile: list[Seen], glare) -> None:
        if glare is not None:
            pile = self._through_glare(pile, glare)
        for s in pile:
            if s.kind == "card" and s.card in self.on_pile:
                self._pile_places[s.card] = (s.x, s.y)
            elif s.kind == "card" and s.card in self._pile_runs:  # glimpsed, if only faintly: it lies here now
                self._pile_runs[s.card].place = (s.x, s.y)
        visible = {s.card for s in pile if s.kind == "card" and s.card is not None}
        # a pile card where glare hides the picture is still there
        visible |= {c for c in self.on_pile
                    if c in self._pile_places and _hides(glare, self._pile_places[c], CARD_HIDDEN)}
        # A card landing on the pile lies on top, in full view; one seen only faintly is a card
        # beneath, glimpsed past the top (and often misread or unread): it neither lands nor covers
        # the top. A faint sighting of a card already on the pile still says it is there.
        sure = [s for s in pile if s.kind == "card" and s.confidence >= self.landing_conf]
        landed = {s.card for s in sure if s.card is not None}
        unread = any(s.card is None for s in sure)
        # A card in full view is boxed at least as surely as one it covers: an unread box fainter than
        # a card read there lies beneath that card, not over the top.
        surest_read = max((s.confidence for s in pile if s.kind == "card" and s.card is not None), default=0.0)
        unread_over = any(s.card is None and s.confidence >= surest_read for s in sure)
        self._watch_top(t, dt, visible, landed, unread_over)
        # A run of sightings goes on through frames where a face-up card there is unread (it may be
        # this card, read again in the next frame), and, for a card read clear of glare, while glare hides
        # where it lies; a frame that shows neither breaks it.
        runs = {card: run for card, run in self._pile_runs.items()
                if (unread and card not in visible) or (run.clear and _hides(glare, run.place, CARD_HIDDEN))}
        for card in landed - set(self.on_pile):
            place = next((s.x, s.y) for s in sure if s.card == card)
            if card in self._pile_runs:
                runs[card] = self._pile_runs[card]
                runs[card].frames += 1
                runs[card].place = place
            else:  # first seen here: it may have come while glare blinded its place
                clear = not _hides(glare, place, CARD_HIDDEN)
                runs[card] = _PileRun(1, t, self._unseen_for(*place, t, dt), place, clear)
        self._pile_runs = runs
        for card, run in sorted(runs.items(), key=lambda kv: kv[1].first):
            if run.frames >= self.confirm_frames:
                del self._pile_runs[card]
                self._pile_places[card] = run.place
                covered = next((x for x in self._losses if x.zone == "pile" and x.card == card), None)
                if covered is not None:  # it was only covered for a moment: it never left
                    self._losses.remove(covered)
                    self.on_pile.append(card)
                    continue
                self.on_pile.append(card)
                self._arrivals.append((card, _Change("pile", run.first, run.dt)))

    def _through_glare(self, pile: list[Seen], glare: Glare) -> list[Seen]:
        """The pile as seen, each box where glare hides a card's place taken for the card known to lie there:
        glare misreads what it lies on (a face half white reads as another card, or not at all). A box read as
        a card still landing keeps its reading; any other is the first within CARD_ASKEW_MM, and not read by
        another box, of the cards landing that were first read clear of glare (the newest first: a card landing
        lies on top), then, for a box unread or read as a pile card or as what glare has read one as before, of
        the pile's cards from the top down, unless a seat or hand has lost a card still to be found (the box
        may be that card). Any other reading stands: it may be a card come unseen."""
        newest_first = sorted(self._pile_runs.items(), key=lambda kv: kv[1].first, reverse=True)
        landing = [(card, run.place) for card, run in newest_first if run.clear]
        on_pile = [] if any(x.zone != "pile" for x in self._losses) else \
            [(card, self._pile_places[card]) for card in reversed(self.on_pile) if card in self._pile_places]
        out = []
        for s in pile:
            here = (s.x, s.y)
            if s.kind == "card" and s.card not in self._pile_runs and _hides(glare, here, CARD_HIDDEN):
                a_pile_card = s.card is None or s.card in self.on_pile or self._misread.get(s.card) in self.on_pile
                known = landing + (on_pile if a_pile_card else [])
                elsewhere = {o.card for o in pile if o is not s and o.kind == "card"}
                card = next((c for c, place in known if c not in elsewhere and _dist(place, here) <= CARD_ASKEW_MM),
                            s.card)
                if s.card is not None and s.card not in self.on_pile and card != s.card:
                    self._misread[s.card] = card
                s = replace(s, card=card)
            out.append(s)
        return out

    def _watch_top(self, t: float, dt: float, visible: set[str], landed: set[str], unread_over: bool) -> None:
        """The top card missing from the pile for ``confirm_frames`` frames, with the card under
        it in sight and nothing (read or not: unread_over) landed over it, has been taken back (a wrong or late
        slap returns to its seat); cards under the top are covered, not gone."""
        newcomers = landed - set(self.on_pile)  # a card landing on the top covers it
        # taking the top card back uncovers the one under it: without that, the top is only unread
        uncovered = len(self.on_pile) < 2 or self.on_pile[-2] in visible
        if not self.on_pile or self.on_pile[-1] in visible or newcomers or unread_over or not uncovered:
            self._top_gone = (0, 0.0, 0.0)
            return
        frames, first, first_dt = self._top_gone
        self._top_gone = (frames + 1, first if frames else t, first_dt if frames else dt)
        if frames + 1 >= self.confirm_frames:
            card = self.on_pile.pop()
            self._losses.append(_Change("pile", self._top_gone[1], self._top_gone[2], card))
            self._top_gone = (0, 0.0, 0.0)

    def _resolve_arrivals(self, t: float) -> list[Event]:
        """Book the cards come onto the pile: a card seen face up in a seat or hand on its way (turned over
        as it is slapped) came from there; otherwise from the zone that lost a card first; once no zone may
        yet be found, from the one seat or hand whose card glare has hidden since before it landed (a lamp's
        reflection that stays), else from the stock if a hand may have held it unseen, else from the one seat
        where glare has hidden a card's place since before it landed (a card the camera never saw there),
        else it is noted as unexplained."""
        events, waiting = [], []
        for card, arrival in sorted(self._arrivals, key=lambda a: a[1].t):
            origin = (self._take_loss(self._last_zone.get(card, ""), by=arrival.t)
                      or self._take_loss(None, by=arrival.t))
            if origin is not None:
                events.append(self._landed(card, arrival, origin.zone))
            elif self._may_yet_be_found(arrival, t):
                waiting.append((card, arrival))
            elif (hiding := self._take_kept(arrival.t)) is not None:
                events.append(self._landed(card, arrival, hiding))
            elif self._hand_unsure_by(arrival.t):
                events.append(self._landed(card, arrival, "stock"))
            elif (hiding := self._seat_hidden_since(arrival.t)) is not None:
                events.append(self._landed(card, arrival, hiding))
            else:
                self.unexplained.append(Unexplained(arrival.t, "pile", card, arrived=True))
        self._arrivals = waiting
        return events

    @staticmethod
    def _landed(card: str, arrival: _Change, zone: str) -> CardMoved:
        return CardMoved(t=arrival.t, source=Source.CAMERA, card=card, from_zone=zone, to_zone="pile", face_up=True,
                         by=zone_seat(zone), t_uncertainty=arrival.dt)

    def _may_yet_be_found(self, arrival: _Change, t: float) -> bool:
        """Whether the zone a card landing on the pile came from may still be found: within
        ``match_window_s``, or up to ``glare_wait_s`` while glare keeps a card that may be it."""
        waited = t - arrival.t
        return waited <= self.match_window_s or (waited <= self.glare_wait_s and self._may_have_left(arrival.t))

    def _take_kept(self, t: float) -> str | None:
        """The one seat or hand holding a card glare has kept since before t (a card landing on the pile at t
        may be it), that card let go, as the move books it; None where no zone, or more than one, holds one."""
        holding = self._kept_since(t)
        if len(holding) != 1:
            return None
        (zone, kept), = holding.items()
        self._places[zone].remove(max(kept, key=lambda p: p.seen_t))
        self._counts[zone].stable -= 1
        return zone

    def _kept_since(self, t: float) -> dict[str, list[_Place]]:
        """Each seat's and hand's cards glare has kept since before t (last seen by then, hidden ever since)."""
        kept = {zone: [p for p in places if p.kept and p.seen_t <= t] for zone, places in self._places.items()}
        return {zone: places for zone, places in kept.items() if places}

    def _note_glare_on_zones(self, t: float, glare) -> None:
        """Note each seat and hand where glare hides a card's place: a hand now (a card held there may go
        unseen), a seat since when (a card the camera never saw may lie there: dealt or put there under a
        lamp's reflection that stays); and forget hands too old to explain a card still waiting on the pile."""
        for zone in self._counts:
            hidden = hides_a_card(glare, self._zones[zone])
            if zone.startswith("seat"):
                if hidden:
                    self._seats_hidden.setdefault(zone, t)
                else:
                    self._seats_hidden.pop(zone, None)
            elif hidden:
                self._hands_unsure.append((t, zone))
        keep = self.match_window_s + self.glare_wait_s
        self._hands_unsure = [(u, z) for u, z in self._hands_unsure if t - u <= keep]

    def _seat_hidden_since(self, t: float) -> str | None:
        """The one seat where glare has hidden a card's place since before t and still does (a card landing on
        the pile at t may have come from a place the camera never saw); None where none, or more than one."""
        seats = [zone for zone, since in self._seats_hidden.items() if since < t]
        return seats[0] if len(seats) == 1 else None

    def _hand_unsure_by(self, t: float) -> bool:
        """Whether a hand may have held a card the camera did not count in the ``match_window_s`` up to t."""
        return any(t - self.match_window_s <= u <= t for u, _ in self._hands_unsure)

    def _may_have_left(self, t: float) -> bool:
        """Whether a seat's or hand's card last seen by t is kept under glare, or was found gone as the glare
        lifted and its loss is still being confirmed: it may be where a card landing at t came from."""
        return bool(self._kept_since(t)) or any(seen_t <= t for gone in self._vanished.values() for seen_t in gone)

    def _update_reveals(self, t: float, by_zone, glare) -> list[Event]:
        """A seat's cards all face up and read, but for those glare hides (where glare lies a card cannot be
        read, nor told face up from face down), are revealed: the cards read, in table order."""
        events = []
        for zone, deb in self._revealed.items():
            cards = by_zone[zone]
            faces = [s for s in cards if (s.kind == "card" and s.card is not None)
                     or (s.kind in CARD_KINDS and _hides(glare, (s.x, s.y), CARD_HIDDEN))]
            zone_box = self._zones[zone]
            along = 0 if zone_box.x1 - zone_box.x0 >= zone_box.y1 - zone_box.y0 else 1  # the row's direction
            in_row = sorted((s for s in faces if s.card is not None), key=lambda s: (s.x, s.y)[along])
            if self._counts[zone].stable == 0:
                self._shown.discard(zone)  # the cards were gathered: the next round may reveal again
            # all of the zone's cards face up (not just those seen while one is still face down)
            unseen = sum(1 for x in self._losses if x.zone == zone)  # gone from sight, not gone anywhere
            whole = faces and len(faces) == len(cards) and len(faces) >= self._counts[zone].stable + unseen
            shown = tuple(s.card for s in in_row) if whole and zone not in self._shown else ()
            if deb.update(shown, t, 0.0) and shown:
                self._shown.add(zone)
                events.append(CardsRevealed(t=deb.run_t, source=Source.CAMERA, zone=zone, cards=shown))
        return events

    def _update_die(self, t: float, dice: list[Seen], glare) -> list[Event]:
        d = self._die
        die = max(dice, key=lambda s: s.confidence) if dice else None  # one die in the dome; the rest are reflections
        place = (die.x, die.y) if die is not None else d.last_pos or d.settled_at
        self.die_hidden = glare is not None and place is not None and glare.hides(*place, DIE_MM / 2, DIE_HIDDEN)
        if die is None:
            if self.die_hidden:  # glare over where the die lay: not a sign that it moved, but not a
                d.still_since = None  # sight of it lying still either: its stillness is timed afresh
                return []
            d.moved, d.still_since, d.last_pos = d.moved or d.settled_at is not None, None, None  # a hand over it
            return []
        pos, clear = (die.x, die.y), not self.die_hidden
        # a die boxed in glare is boxed askew: only a die's width of a move counts where glare had a part
        reach = self.die_move_mm if clear and d.last_clear else DIE_MM
        if d.last_pos is None or _dist(pos, d.last_pos) > reach:
            if d.last_pos is not None or d.settled_at is not None:
                d.moved = True
            d.last_pos, d.last_clear, d.came_at, d.still_since, d.readings, d.reported = pos, clear, t, t, [], False
        else:
            if clear and not d.last_clear:  # the first sight of it clear of the glare: where it really lies
                d.last_pos, d.last_clear = pos, True
            if d.still_since is None:
                d.still_since, d.readings = t, []
        d.readings.append(die.die if clear else None)  # glare over half the die reads as pips: unread
        if d.reported or t - d.still_since < self.die_settle_s:
            return []
        d.reported = True
        first = d.settled_at is None
        d.settled_at = pos
        if first and not d.moved:  # the die as found at the start: not a pop
            return []
        d.moved = False
        value, n = Counter(d.readings).most_common(1)[0]
        if value is None or n < self.die_agreement * len(d.readings):
            value = None
        return [DieSettled(t=d.came_at, source=Source.CAMERA, value=value, zone="dome")]

    # ------------------------------------------------------------ matching

    def _take_loss(self, zone: str | None, by: float | None = None) -> _Change | None:
        """The oldest pending loss of ``zone`` (None: of any hand or seat zone), removed. by: the card was
        seen arriving then, so it left by then: only a loss that may have happened by then can be it, and
        of those dated alike one seen when it happened goes before one that glare hid."""
        pending = [x for x in self._losses if x.zone == zone or (zone is None and x.zone != "pile")]
        if by is not None:
            pending = [x for x in pending if x.earliest <= by]
        if not pending:
            return None
        oldest = min(pending, key=lambda x: (x.t, x.t - x.earliest))
        self._losses.remove(oldest)
        return oldest

    def _expire(self, t: float) -> None:
        for loss in [x for x in self._losses if t - x.t > self.match_window_s]:
            self._losses.remove(loss)
            if loss.zone == "pile":  # no seat took it: it lies in the pile unseen, not a new card if seen again
                self.on_pile.insert(0, loss.card)
            self.unexplained.append(Unexplained(loss.t, loss.zone, loss.card))


def _hides(glare: Glare | None, place: tuple[float, float], share: float) -> bool:
    """Whether glare (None: not minded) clips share of a card's square at place."""
    return glare is not None and glare.hides(*place, CARD_REACH_MM, share)


def hides_a_card(glare: Glare | None, zone) -> bool:
    """Whether glare (None: not minded) hides a card's place somewhere in zone: a card could lie there unseen
    (the tracker's judgement, and the pipeline's for its GlareOnZone notice)."""
    return glare is not None and glare.hides_within(zone.to_json(), CARD_REACH_MM, CARD_HIDDEN)


def _counted(zone: str) -> bool:
    return zone.startswith(("seat", "hand"))


def _dist(a, b) -> float:
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
