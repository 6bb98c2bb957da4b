"""A room's light evened out before anything is read: cards and dice are white, so the brightest pixels
of each channel tell the lamp's colour, and how bright white came out. The synthetic scenes tint a
channel by at most 10 %; a bulb-lit table (red over blue 2.2) cost `detect` 23 of the 263 cards it read
on the benchmark's scenes, a dim one (white at 40 %) 7 (benchmarks/bench_light.py).
`detect` judges each image on its own (white_balanced); the live pipeline follows the light over its
frames (RoomLight), and says what no evening out mends: white clipped, or too dark (CameraExposure)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from referee.core import LANGUAGES

WHITE_SHARE = 0.01   # the brightest share of the pixels taken for white (card faces, dice, glare)
DIM_WHITE = 200      # white darker than this (in the brightest channel) is lifted to it
MOST_GAIN = 2.5      # a channel is brightened at most this much (a dim bulb's blue)
LAMP_CAST = 4.0      # the brightest pixels are taken for white only if they could be white under a lamp: red
LAMP_GREEN = 1.35    # over blue at most LAMP_CAST either way (a bulb, uncorrected, 2.2; a candle about 4), green
#                      at most LAMP_GREEN times off their geometric mean (a tube's green cast is 1.2). Otherwise
#                      nothing white is in sight (a red cloth, backs only), and the light is not judged.
NEUTRAL = 1.02       # gains all below this: the image is left as it is
SAMPLE_PIXELS = 150_000  # about how many pixels are looked at (a 12-megapixel photo is strided)
CLIPPED = 250        # a pixel at least this bright in every channel is clipped white: what it showed is lost
CLIP_STEP = 4        # clipping is looked for at every 4th pixel each way
OVER_EXPOSED = 0.3   # a region with this share of its pixels clipped is over-exposed (the Kimble sample's dome
#                      1.7 times over-exposed: 93 %, and none of its 5 rolls read; as recorded, or under any
#                      other lamp of bench_detect.CONDITIONS, 0 %; the Kiketti sample over-exposed, whose
#                      every event is still read: at most 19 %)
BLIND_LEVEL = 12.0   # a frame darker than this on average (of 255) shows nothing: the lens covered, the lamp off
BLIND_SHARE = 0.5    # nor does one under this share of the recent frames' brightness: a camera re-exposing
TOO_DARK = DIM_WHITE / MOST_GAIN  # white darker than this (80) cannot be lifted to DIM_WHITE: the picture is
#                      too dark (the samples in a third of their light, white at 75: the Kimble one misreads 2 rolls
#                      and misses 1; at 0.35, white at 81-88, every event read right)


def white_levels(*images: np.ndarray) -> np.ndarray:
    """Per channel (B, G, R), the level of the WHITE_SHARE brightest pixels over all the images together."""
    step = max(1, round(float(np.sqrt(sum(i.shape[0] * i.shape[1] for i in images) / SAMPLE_PIXELS))))
    samples = [np.ascontiguousarray(i[::step, ::step]) for i in images]
    levels = []
    for k in range(3):
        hist = sum(cv2.calcHist([sample], [k], None, [256], [0, 256]).ravel() for sample in samples)
        levels.append(float(np.searchsorted(np.cumsum(hist), hist.sum() * (1 - WHITE_SHARE))))
    return np.maximum(np.float32(levels), 1.0)


def lamp_lit_white(levels: np.ndarray) -> bool:
    """Whether levels (B, G, R) could be white seen under a lamp (LAMP_CAST, LAMP_GREEN)."""
    b, g, r = np.log(levels)
    return bool(abs(r - b) <= np.log(LAMP_CAST) and abs(g - (r + b) / 2) <= np.log(LAMP_GREEN))


def lamp_gains(levels: np.ndarray) -> np.ndarray | None:
    """Per channel (B, G, R), the gain that brings its white level up to the brightest channel's, or to
    DIM_WHITE where that is darker; at most MOST_GAIN. None where the levels are not lamp_lit_white:
    nothing white is in sight to judge the light by."""
    if not lamp_lit_white(levels):
        return None
    return np.minimum(max(float(levels.max()), DIM_WHITE) / levels, MOST_GAIN)


def white_gains(*images: np.ndarray) -> np.ndarray | None:
    """lamp_gains of the white_levels over all the images."""
    return lamp_gains(white_levels(*images))


def balanced(image: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """image (BGR, uint8) with each channel scaled by its gain; the image itself where they are near 1."""
    if (gains < NEUTRAL).all():
        return image
    luts = np.clip(np.arange(256, dtype=np.float32)[:, None] * gains, 0, 255).astype(np.uint8)
    return cv2.LUT(image, luts.reshape(1, 256, 3))  # a three-channel table: each channel its own


def white_balanced(image: np.ndarray) -> np.ndarray:
    """image (BGR, uint8) with its own white_gains applied; as it is where nothing white is in sight."""
    gains = white_gains(image)
    return image if gains is None else balanced(image, gains)


class RoomLight:
    """The table's light followed from frame to frame, for a camera that watches it live. The live pipeline
    looks at the table a zone at a time, and one zone may hold only backs on coloured cloth, with nothing
    white to judge the light by: so the gains are measured on all of a frame's zones together, and a frame
    with nothing white in sight keeps the last ones. Each frame's own light is taken at once, not smoothed:
    the pipeline detects a still zone again only every refresh_frames, so gains still on their way to a new
    lamp would stand on it for a second (on the frame a bulb came on, gains an eighth of the way there cost
    the live detector 21 of 259 cards read), while once a card lies face up the light measured frame to
    frame scatters by about 1 % (with only backs in sight it is off steadily, which smoothing would not
    mend; both measured by benchmarks/bench_light.py)."""

    def __init__(self):
        self.gains: np.ndarray | None = None  # None until a frame shows something white
        self.white: float | None = None       # how bright white came out then (its brightest channel)

    def update(self, images: list[np.ndarray]) -> np.ndarray | None:
        """Measure one frame's images (white_gains over them all); returns the gains now followed. A frame
        with nothing white in sight leaves them as they were."""
        levels = white_levels(*images)
        measured = lamp_gains(levels)
        if measured is not None:
            self.gains, self.white = measured, float(levels.max())
        return self.gains

    def apply(self, image: np.ndarray) -> np.ndarray:
        """image with the gains followed so far (as it is while none are)."""
        return image if self.gains is None else balanced(image, self.gains)


def clipped_mask(image: np.ndarray) -> np.ndarray:
    """Where image (BGR, uint8) is clipped white, every channel at least CLIPPED: 255 there, else 0, at
    every CLIP_STEP-th pixel each way (0.06 ms for a 1125 x 700 region)."""
    h, w = image.shape[:2]
    sample = cv2.resize(image, (max(1, w // CLIP_STEP), max(1, h // CLIP_STEP)), interpolation=cv2.INTER_NEAREST)
    return cv2.inRange(sample, (CLIPPED,) * 3, (255,) * 3)


def clipped_share(mask: np.ndarray) -> float:
    """The share of a clipped_mask's pixels that are clipped."""
    return cv2.countNonZero(mask) / mask.size


class Glare:
    """Where the camera's picture is clipped white in this frame: a lamp's reflection, glare on glossy
    cards. What lies there cannot be seen, so a card not found there may well still be there
    (vision.tracking.Tracker takes it so). Built from each looked-at rectangle of the table (mm), its
    image's pixels per mm, and that image's clipped_mask."""

    def __init__(self, looked_at: list[tuple[tuple[float, float, float, float], float, np.ndarray]]):
        self.looked_at = looked_at
        self._blurred: dict[tuple[int, int], np.ndarray] = {}  # (rectangle, side) -> the shares clipped

    def hides(self, x: float, y: float, reach_mm: float, share: float) -> bool:
        """Whether at least share of the square reach_mm each way around table point (x, y) mm (a card,
        a die) is clipped, in any rectangle holding the point."""
        for (x0, y0, x1, y1), px_per_mm, mask in self.looked_at:
            if x0 <= x <= x1 and y0 <= y <= y1:
                scale = px_per_mm / CLIP_STEP
                rows = slice(max(0, int((y - y0 - reach_mm) * scale)), int((y - y0 + reach_mm) * scale) + 1)
                cols = slice(max(0, int((x - x0 - reach_mm) * scale)), int((x - x0 + reach_mm) * scale) + 1)
                middle = mask[rows, cols]
                if middle.size and cv2.countNonZero(middle) >= share * middle.size:
                    return True
        return False

    def hides_within(self, rect: tuple[float, float, float, float], reach_mm: float, share: float) -> bool:
        """Whether glare hides (as `hides` judges) some point of the table rectangle rect (x0, y0, x1, y1 mm), in
        a looked-at rectangle holding it whole: a card could lie there unseen."""
        zx0, zy0, zx1, zy1 = rect
        for i, ((x0, y0, x1, y1), px_per_mm, mask) in enumerate(self.looked_at):
            if x0 <= zx0 and zx1 <= x1 and y0 <= zy0 and zy1 <= y1:
                scale = px_per_mm / CLIP_STEP
                shares = self._shares(i, 2 * int(reach_mm * scale) + 1)
                inside = shares[int((zy0 - y0) * scale):int((zy1 - y0) * scale) + 1,
                                int((zx0 - x0) * scale):int((zx1 - x0) * scale) + 1]
                if inside.max(initial=0) >= share:
                    return True
        return False

    def _shares(self, i: int, side: int) -> np.ndarray:
        """The share clipped of the side x side square around each pixel of looked-at rectangle i; worked out
        once a frame, however many zones ask."""
        if (i, side) not in self._blurred:
            mask = self.looked_at[i][2]
            self._blurred[i, side] = cv2.blur(mask.astype(np.float32) / 255, (side, side),
                                              borderType=cv2.BORDER_CONSTANT)
        return self._blurred[i, side]


class Notice:
    """What the camera's picture keeps from being read, said in Finnish (`fi`) or English (`en`) as the
    referee's rulings are."""

    fi: str
    en: str

    def message(self, language: str = "fi") -> str:
        if language not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}, got {language!r}")
        return self.fi if language == "fi" else self.en


@dataclass(frozen=True)
class OverExposed(Notice):
    """A region of the table the camera shows over-exposed: `share` of its picture clipped white."""

    region: str
    share: float

    @property
    def fi(self) -> str:
        return (f"kamera: {self.region}: {round(self.share * 100)} % kuvasta on puhtaan valkoista (ylivalottunut), "
                f"eikä siinä olevaa voi lukea; pienennä kameran valotusta tai himmennä valoa")

    @property
    def en(self) -> str:
        return (f"camera: {self.region}: {round(self.share * 100)}% of the camera's picture is pure white "
                f"(over-exposed), so what lies there cannot be read; turn the camera's exposure or the light down")


@dataclass(frozen=True)
class TooDark(Notice):
    """The camera's picture too dark to read cards and dice right: white came out at `white` of 255."""

    white: float

    @property
    def fi(self) -> str:
        return (f"kamera: kuva on liian tumma (valkoinen vain {self.white:.0f}/255), joten kortit ja nopat "
                f"voidaan lukea väärin; lisää valoa tai kameran valotusta")

    @property
    def en(self) -> str:
        return (f"camera: the picture is too dark (white only {self.white:.0f} of 255), so cards and dice may be "
                f"misread; turn the light or the camera's exposure up")


@dataclass(frozen=True)
class Blind(Notice):
    """The camera saw nothing from `since` to `until` (seconds; None: it still sees nothing): a lamp off, a
    hand over the lens, a camera re-exposing. Nothing is booked from such a picture, so a move made then
    may be missed: the referee says so rather than guess."""

    since: float
    until: float | None = None

    @property
    def fi(self) -> str:
        if self.until is None:
            return f"kamera: kuva pimeni ({self.since:.1f} s): tuomari ei näe pöytää eikä kirjaa mitään"
        return (f"kamera: kuva oli pimeänä {self.since:.1f}–{self.until:.1f} s; sinä aikana tehtyjä siirtoja ei "
                f"ehkä nähty: tarkistakaa pöytä")

    @property
    def en(self) -> str:
        if self.until is None:
            return f"camera: the picture went dark ({self.since:.1f} s): the referee cannot see the table, books nothing"
        return (f"camera: the picture was dark from {self.since:.1f} to {self.until:.1f} s; moves made then may not "
                f"have been seen: check the table")


class Blindness:
    """Whether a frame shows anything: one far darker than the frames before it (under BLIND_SHARE of their
    median brightness) or black outright (under BLIND_LEVEL) is blind, and read for nothing. Its `update`
    returns the notices that are new: a Blind when the picture goes dark, and one with its end when it
    comes back."""

    def __init__(self, frames: int = 30):
        self._seen: deque[float] = deque(maxlen=frames)   # the brightness of recent frames that saw
        self.since: float | None = None                   # when the picture went dark, while it is

    def update(self, t: float, image: np.ndarray) -> list[Notice]:
        small = cv2.resize(image, (32, 18), interpolation=cv2.INTER_AREA)
        level = float(small.mean())
        reference = float(np.median(self._seen)) if self._seen else None
        blind = level < BLIND_LEVEL or (reference is not None and level < BLIND_SHARE * reference)
        if not blind:
            self._seen.append(level)
            if self.since is None:
                return []
            since, self.since = self.since, None
            return [Blind(since, t)]
        if self.since is not None:
            return []
        self.since = t
        return [Blind(t)]

    @property
    def blind(self) -> bool:
        return self.since is not None


@dataclass(frozen=True)
class GlareOnDie(Notice):
    """Glare (a lamp's reflection on the dome) lies where the die is, so its face cannot be read."""

    @property
    def fi(self) -> str:
        return "kamera: heijastus peittää nopan, eikä sen silmälukua voi lukea; siirrä valoa tai kameraa"

    @property
    def en(self) -> str:
        return "camera: a reflection (glare) lies on the die, so its face cannot be read; move the lamp or the camera"


@dataclass(frozen=True)
class GlareOnZone(Notice):
    """Glare lies on part of a zone for long (a lamp's reflection, or over-exposed white): a card laid there
    may go unseen, and the referee may miss its move. Moving glare passes; a reflection that stays needs the
    lamp or the camera moved."""

    zone: str

    @property
    def fi(self) -> str:
        return (f"kamera: {self.zone}: osa alueesta näkyy puhtaan valkoisena (heijastus tai ylivalotus), joten sinne "
                f"pantua korttia ei ehkä nähdä; siirrä valoa tai kameraa tai pienennä valotusta")

    @property
    def en(self) -> str:
        return (f"camera: {self.zone}: part of it shows pure white (a lamp's reflection or over-exposure), so a card "
                f"laid there may go unseen; move the light or the camera, or turn the exposure down")


class CameraExposure:
    """What the camera's exposure keeps from being read, so the pipeline can say so: regions of the table
    over-exposed (white that clipped cannot be evened out again, and a die on a white board clipped with
    it is lost: the over-exposed Kimble sample reports none of its rolls) and a picture too dark (white
    below TOO_DARK: lifted that far, the picture's few grey levels misread dice), and glare lying on the
    die (a lamp's reflection on the dome: the tracker waits for it to pass, and a still one hides every
    roll that lands under it), and glare lying on part of a zone (a card laid there may go unseen). Each is
    reported once it has lasted `frames` frames in a row (a flash of glare is not; glare on a zone
    `zone_frames`, as a reflection swaying past lies on a zone longer), and stands until `frames` frames
    without it have passed; only then can it be reported again."""

    def __init__(self, frames: int = 15, zone_frames: int = 60):
        self.frames, self.zone_frames = frames, zone_frames
        self._streak: dict[str, int] = {}   # frames in a row with (> 0) or without (< 0) the trouble
        self._standing: dict[str, Notice] = {}

    def look(self, clipped: dict[str, float], white: float | None) -> list[Notice]:
        """One frame: each region's share clipped white (clipped_share of the camera's own pixels), and how
        bright white came out over them all (RoomLight.white, as last judged; None until anything white
        was in sight, which leaves the darkness unjudged). The notices that are new."""
        notices: list[Notice] = []
        for name, share in clipped.items():
            notices += self._judge(name, share >= OVER_EXPOSED, lambda: OverExposed(name, share))
        if white is not None:
            notices += self._judge("too dark", white < TOO_DARK, lambda: TooDark(white))
        return notices

    def look_at_die(self, hidden: bool) -> list[Notice]:
        """One frame: whether glare hides the die where it lies (vision.tracking.Tracker.die_hidden). The
        notice, if it is new; not while a region is said to be over-exposed, which says it already."""
        over_exposed = any(isinstance(n, OverExposed) for n in self._standing.values())
        return self._judge("glare on die", hidden and not over_exposed, GlareOnDie)

    def look_at_zones(self, hidden: dict[str, bool]) -> list[Notice]:
        """One frame: for each zone, whether glare hides a card's place in it (Glare.hides_within). The notices
        that are new; none for a zone of a region said to be over-exposed, which says it already."""
        over_exposed = {zone for n in self._standing.values() if isinstance(n, OverExposed)
                        for zone in n.region.split("+")}
        return [notice for zone, troubled in hidden.items()
                for notice in self._judge(f"glare on {zone}", troubled and zone not in over_exposed,
                                          lambda zone=zone: GlareOnZone(zone), self.zone_frames)]

    @property
    def standing(self) -> list[Notice]:
        """The notices given whose trouble has not yet been gone `frames` frames in a row: what a picture
        of the table should still say is wrong with it."""
        return list(self._standing.values())

    def _judge(self, key: str, troubled: bool, notice, frames: int | None = None) -> list[Notice]:
        """Count one frame with or without the trouble `key`; [notice()] if it has just lasted long enough
        to report (frames; default `frames`), else []."""
        streak = self._streak.get(key, 0)
        self._streak[key] = max(streak, 0) + 1 if troubled else min(streak, 0) - 1
        if not troubled:
            if -self._streak[key] >= self.frames:
                self._standing.pop(key, None)
            return []
        if self._streak[key] < (frames or self.frames) or key in self._standing:
            return []
        self._standing[key] = notice()
        return [self._standing[key]]
