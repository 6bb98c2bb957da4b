"""The live chain: frames -> detections on the table -> tracked events -> stored log -> rulings.

The detector never sees the raw camera frame.  Each *region* (a group of neighbouring zones and
a card's margin around them) is warped straight from the camera frame to a top-down image at
``px_per_mm`` in one remap, so a card has the same size and shape wherever it lies and the
detector spends its pixels on the table, not on the floor.  A region whose zones look as they did
when it was last looked at keeps its detections (what moves in its margin alone is another region's):
a still table costs almost nothing.  The room's light is followed over all regions together
(vision.colour.RoomLight) and evened out in what the detector is handed; the change test looks at
the camera's own pixels, so the light settling does not count as the table changing.  A region the
camera keeps showing over-exposed, or a picture kept too dark, is reported (on_notice): neither can
be evened out, and cards and dice go unseen or misread.  Where glare clips the picture white, a
card or die the detector no longer finds is taken to be still there (vision.colour.Glare, minded by
the tracker), not gone: a lamp's reflection sliding over a seat would otherwise book a card leaving
it.  A reflection that stays on the die is reported too (it hides the face of every roll that lands
under it), and so is one that stays on part of a card zone (a card laid there is never seen).

A picture gone dark (vision.colour.Blindness: a lamp off, a hand over the lens) is read for nothing; once
it shows the table again, the tracker takes the table as it then stands rather than as moves made in an
instant (Tracker.blind), and tells the referee of the dark and of the table found (``camera_blind``).

Every event is stored (SQLite, one transaction each) before the referee rules on it, so a crash
or a dead camera loses nothing that was already seen.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field
from typing import Callable

import cv2
import numpy as np

from calibration.table import TableCalibration
from referee.core import Referee, Ruling
from referee.events import Event
from vision.capture import Frame, FrameSource, SourceError
from vision.colour import Blindness, CameraExposure, Glare, Notice, RoomLight, clipped_mask, clipped_share
from vision.regions import Region, regions_for, shrunk
from vision.tracking import Seen, Tracker, Unexplained, hides_a_card, one_per_object

from pelituomari.game import find_game

@dataclass
class RunResult:
    frames: int = 0
    events: list[Event] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    error: str | None = None  # why the source stopped early, None when it simply ended
    detector_calls: int = 0
    seconds: float = 0.0
    notices: list[Notice] = field(default_factory=list)  # what the camera keeps from being read or did not understand


@dataclass(frozen=True)
class NotUnderstood(Notice):
    """A card the tracker saw move but could not book (vision.tracking.Unexplained), so the players know
    that move was not recorded: a card on the pile from no seat or hand seen losing it (where no hand may
    have held it either), a card that left and was seen arriving nowhere."""

    note: Unexplained

    @property
    def fi(self) -> str:
        n = self.note
        if n.arrived:
            return (f"kamera: {n.card} tuli pakkaan ({n.t:.1f} s), mutta en nähnyt, kenen paikalta tai kädestä, "
                    f"joten sitä ei kirjattu")
        return (f"kamera: {n.card or 'kortti'} lähti alueelta {n.zone} ({n.t:.1f} s), mutta en nähnyt, "
                f"minne se meni, joten sitä ei kirjattu")

    @property
    def en(self) -> str:
        n = self.note
        if n.arrived:
            return (f"camera: the {n.card} came onto the pile at {n.t:.1f} s, but I did not see from whose seat "
                    f"or hand, so it was not recorded")
        return (f"camera: {n.card or 'a card'} left {n.zone} at {n.t:.1f} s, but I did not see where it went, "
                f"so it was not recorded")


class FrameSizeMismatch(SourceError):
    """Frames of another size than the calibration was made on: its zones would lie elsewhere in them."""


def size_mismatch(size: tuple[int, int], calibration: TableCalibration) -> str | None:
    """Why frames of size (width, height) cannot be read with the calibration; None when they can."""
    (w, h), (cw, ch) = size, calibration.image_size
    if (w, h) == (cw, ch):
        return None
    return (f"its frames are {w}x{h} pixels, but the calibration was made on {cw}x{ch} ones, so its zones would lie "
            f"elsewhere in them: set the camera to {cw}x{ch}, or calibrate again from this source "
            f"(pelituomari calibrate --source ...)")


class Pipeline:
    """Feed frames (``process``) or a whole source (``run``); events go to the store and referee."""

    def __init__(self, calibration: TableCalibration, detector, referee: Referee, game: str,
                 store=None, game_id: int | None = None, tracker: Tracker | None = None,
                 px_per_mm: float = 1.25, die_px_per_mm: float = 2.5, change_threshold: float = 8.0,
                 refresh_frames: int = 15, t_offset: float = 0.0, even_light: bool = True, mind_glare: bool = True,
                 on_event: Callable[[Event, list[Ruling]], None] | None = None, annotator=None,
                 on_notice: Callable[[Notice], None] | None = None, keeper=None):
        """even_light: even out the room's light (RoomLight) in what the detector is handed; off, it
        sees the camera's colours. mind_glare: the tracker keeps a card (or the die) where glare hides the
        picture (vision.colour.Glare) instead of taking it for gone (off: as before glare was minded, for
        benchmarks/bench_light.py to measure what minding it wins). on_notice is told when a region turns
        over-exposed or the picture too dark (CameraExposure; too dark only while the light is evened out,
        which measures white), when glare lies on part of a card zone for long (GlareOnZone), and when the
        tracker saw a card move it could not book (NotUnderstood).
        keeper (pelituomari.frame_keeper.FrameKeeper) is shown every frame with what was seen in it, and
        keeps those due for labelling."""
        described = find_game(game)
        missing = [z for z in described.needed_zones if z not in calibration.zones]
        if missing:
            raise ValueError(f"the calibration has no zone(s) {missing} that {game} needs; "
                             f"zones: {', '.join(calibration.zones) or 'none'}")
        self.calibration, self.detector, self.referee, self.game = calibration, detector, referee, game
        self.store, self.game_id = store, game_id
        self.tracker = tracker or Tracker(calibration.zones, moves=described.camera)
        self.change_threshold, self.refresh_frames = change_threshold, refresh_frames
        self.t_offset = t_offset  # added to frame times: a resumed game's clock goes on from its log
        self.light = RoomLight() if even_light else None
        self.exposure = CameraExposure()
        self.blindness = Blindness()
        self.glare = Glare([])   # where the last frame was clipped white: the tracker keeps cards hidden there
        self.mind_glare = mind_glare
        self.regions = regions_for(calibration, described.zone_groups(calibration.zones), px_per_mm, die_px_per_mm)
        # the zones looked at for cards (the die has its own notice, GlareOnDie)
        self.card_zones = {z: calibration.zones[z] for r in self.regions for z in r.zones if z != "dome"}
        self.on_event, self.annotator, self.on_notice, self.keeper = on_event, annotator, on_notice, keeper
        self.result = RunResult()
        self._understood = 0  # how many of the tracker's unexplained notes have been told
        self._last_t = t_offset  # the latest frame's time
        self._inbox: queue.SimpleQueue[Event] = queue.SimpleQueue()

    def submit(self, event: Event) -> None:
        """Hand in an event from another thread (the button, the slap pads); it is stored and
        refereed with the next frame, before that frame's own events."""
        self._inbox.put(event)

    def process(self, frame: Frame) -> list[tuple[Event, list[Ruling]]]:
        """One frame through the chain; returns each new event with the rulings it caused."""
        h, w = frame.image.shape[:2]
        if why := size_mismatch((w, h), self.calibration):
            raise FrameSizeMismatch(why)
        out = [self._record(event) for event in self._submitted()]
        self._last_t = frame.t + self.t_offset
        blind = self.blindness.update(self._last_t, frame.image)
        self._tell(blind)
        for spell in blind:
            if spell.until is not None:  # it sees again: the table as it now stands, told with the dark
                out += [self._record(event) for event in self.tracker.blind(spell.since, spell.until)]
        if self.blindness.blind:  # nothing is booked from a picture that shows nothing
            self.result.frames += 1
            if self.annotator is not None:
                self.annotator.write(frame, [], self.result.rulings[-1:], self.exposure.standing)
            return out
        seen = self.look(frame.image)
        glare = self.glare if self.mind_glare else None
        out += [self._record(event) for event in self.tracker.update(frame.t + self.t_offset, seen, glare)]
        self._tell_not_understood()
        if "dome" in self.calibration.zones:
            self._tell(self.exposure.look_at_die(self.tracker.die_hidden))
        self._tell(self.exposure.look_at_zones({name: hides_a_card(self.glare, zone)
                                                for name, zone in self.card_zones.items()}))
        self.result.frames += 1
        if self.keeper is not None:
            self.keeper.look(frame.image, frame.t + self.t_offset, seen)
        if self.annotator is not None:
            self.annotator.write(frame, seen, self.result.rulings[-1:], self.exposure.standing)
        return out

    def _tell_not_understood(self) -> None:
        self._tell([NotUnderstood(note) for note in self.tracker.unexplained[self._understood:]])
        self._understood = len(self.tracker.unexplained)

    def record_submitted(self) -> None:
        """Store and referee what was handed in since the last frame: at the end of a run (the source ended
        or stalled: a button press meanwhile is kept, not lost), and once the hardware is closed."""
        for event in self._submitted():
            self._record(event)

    def _submitted(self) -> list[Event]:
        events = []
        while not self._inbox.empty():
            events.append(self._inbox.get())
        return sorted(events, key=lambda e: e.t)

    def _record(self, event: Event) -> tuple[Event, list[Ruling]]:
        """Store the event first, then let the referee rule on it."""
        if self.store is not None:
            self.store.append(self.game_id, event)
        rulings = self.referee.push(event)
        self.result.events.append(event)
        self.result.rulings.extend(rulings)
        if self.on_event is not None:
            self.on_event(event, rulings)
        return event, rulings

    def look(self, image: np.ndarray) -> list[Seen]:
        """Detections of every region, re-detected where the image of its zones changed, where a face-up card
        was left unread (the next frame's noise and light may read it), and every
        ``refresh_frames`` frames anyway, so one misread of a still card does not stand."""
        seen = []
        tops = [cv2.remap(image, *region.maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
                for region in self.regions]
        if self.light is not None:
            self.light.update(tops)
        masks = [clipped_mask(top) for top in tops]
        shares = [clipped_share(mask) for mask in masks]
        # only regions with glare in them: a table without any costs the tracker no look
        self.glare = Glare([(r.rect, r.px_per_mm, mask) for r, mask, share in zip(self.regions, masks, shares) if share])
        self._tell(self.exposure.look({r.name: share for r, share in zip(self.regions, shares)},
                                      None if self.light is None else self.light.white))
        for region, top in zip(self.regions, tops):
            small = shrunk(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY))
            region.age += 1
            unread = any(s.kind == "card" and s.card is None for s in region.seen)
            changed = (region.reference is None or np.abs(small.astype(np.int16) - region.reference)[region.watched]
                       .max(initial=0) > self.change_threshold)
            if changed or region.age >= self.refresh_frames or unread:
                region.reference, region.age = small.astype(np.int16), 0
                region.seen = self._detect(region, top if self.light is None else self.light.apply(top))
                self.result.detector_calls += 1
            seen += region.seen
        return seen

    def _tell(self, notices: list[Notice]) -> None:
        for notice in notices:
            self.result.notices.append(notice)
            if self.on_notice is not None:
                self.on_notice(notice)

    def _detect(self, region: Region, top: np.ndarray) -> list[Seen]:
        """What the detector finds centred in the region's zones, on the table (mm). A neighbour's card
        seen in the margin is its own region's, and is not read here (Detector.detect's where)."""
        x0, y0 = region.rect[:2]
        zones = [self.calibration.zones[z] for z in region.zones]

        def on_table(u: float, v: float) -> tuple[float, float]:
            return x0 + u / region.px_per_mm, y0 + v / region.px_per_mm

        out = []
        for d in self.detector.detect(top, where=lambda u, v: any(z.contains(*on_table(u, v)) for z in zones)):
            if getattr(d, "corners", None):  # an oriented box: its corners' mean is the true centre
                u, v = np.mean(d.corners, axis=0)
            else:
                u, v = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
            out.append(Seen(d.kind, *on_table(u, v), d.card, d.die, d.confidence))
        return one_per_object(out)

    def run(self, source: FrameSource, max_frames: int | None = None) -> RunResult:
        """Process frames until the source ends (or ``max_frames``); a source that stalls or dies
        ends the run with ``result.error`` saying so, and everything seen so far is kept."""
        start = time.perf_counter()
        try:
            while max_frames is None or self.result.frames < max_frames:
                frame = source.read()
                if frame is None:
                    break
                self.process(frame)
        except SourceError as e:
            self.result.error = str(e)
        finally:
            waiting = []
            if self.blindness.since is not None:  # it ended blind: the dark is told, with no table seen after it
                waiting = self.tracker.blind(self.blindness.since, self._last_t)
            waiting += self.tracker.finish()  # what still waited on the last frames
            for event in sorted(self._submitted() + waiting, key=lambda e: e.t):
                self._record(event)
            self._tell_not_understood()
            self.result.seconds = time.perf_counter() - start
            if self.annotator is not None:
                self.annotator.close()
        return self.result
