"""Measure what the room's light costs the detectors, and what evening it out (vision.colour) wins back.

    python3 benchmarks/bench_light.py [--scenes 200] [--seed 0] [--lamps LAMP ...]
        [--own-light-sets 201 202 203:cards 204 205:cards 206] [--frames N] [--weights DIR] [--int8]
        [--out benchmarks/results/light.json]

The numbers behind models/MODEL_CARD.md's "Light and cameras", from one committed script. Counts are those compare_detectors
judges by: cards found, face-up cards read, dice found, dice read, false boxes.

* lamps: the main set's scenes as rendered and under each lamp (LAMPS: bench_detect.CONDITIONS' lights,
  and "dark", a quarter of the light: white at about 63, below vision.colour.TOO_DARK; --lamps: some of
  them), read by `detect`'s Detector with the light evened out (as shipped) and without, and by the live
  pipeline's detector with the light judged over the whole scene (as RoomLight judges it over a frame's
  zones) and without.
* bulb_coming_on: the same scenes on the frame a bulb comes on, read by the live detector with the gains
  part of the way from the old light's to the bulb's. Share 1 is the light taken at once, as RoomLight
  takes it; smaller shares are where gains smoothed over frames would stand on that frame.
* own_light (--own-light-sets): more sets in the scenes' own light, both detectors, evened out and not:
  what evening out costs where nothing needs it.
* videos: both sample videos under each lamp, the light evened out and not, with and without a flash
  of glare (the frame over-exposed as CONDITIONS' "bright") on every frame where a ground-truth event is
  first seen: the ground truth's events reported, other events, and how often the pipeline said a
  region was over-exposed or the picture too dark (CameraExposure); evened out and flashed, the median
  gains judged on the flashed frames. The runs evened out without flashes also say how steady the
  followed light is: RoomLight's gains on each frame against their median from the first event that
  names a card or a die on (a face-up card or the die in sight), and before it.
* glare_spots: both sample videos with a lamp's reflection over them (glare_spot: pure white in its
  middle, fading out), moving (radius SPOTS of the frame's width; spot_centre: swaying over the middle of
  the frame) or still in the middle (STILL_SPOTS: on the Kimble sample's dome), the tracker minding the
  glare (vision.colour.Glare: a card where the picture is clipped white is not gone) and not: the ground
  truth's events reported, other events, over-exposure, glare-on-the-die and glare-on-a-zone notices, and
  the rulings the players were given against those the ground truth's events give (RULINGS: the same kind,
  seats and words; what a missed or misbooked event costs the players).
* other_spot_paths: the Kiketti sample under the moving spots on other paths (OTHER_SPOT_PATHS), minded:
  the ground truth's events reported, other events, the rulings as in glare_spots, and the zones named.
* still_spots_on_zones: the Kiketti sample under a still spot of each radius of ZONE_SPOTS centred on each
  of its zones (a lamp's reflection on a glossy table stays where the lamp is), minded: as other_spot_paths.

--frames plays only each video's first N frames, for a quick look: the events first seen within them
are expected, so one first seen in the last few frames, before the chain could report it, counts missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from functools import partial
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import CONDITIONS, changed, machine, scene_set, set_name  # noqa: E402
from benchmarks.bench_pipeline import matches  # noqa: E402
from benchmarks.compare_detectors import Evened, compare, refuse_repeats  # noqa: E402
from calibration.table import TableCalibration  # noqa: E402
from models.synth.scene import glare_spot  # noqa: E402
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS  # noqa: E402
from pelituomari.commands.run import sample_paths  # noqa: E402
from pelituomari.game import referee_for  # noqa: E402
from pelituomari.pipeline import Pipeline  # noqa: E402
from referee.events import DieSettled, read_jsonl  # noqa: E402
from vision.capture import Frame, FrameSource, VideoFileSource  # noqa: E402
from vision.colour import GlareOnDie, GlareOnZone, OverExposed, TooDark, balanced, white_gains  # noqa: E402
from vision.detector import DEFAULT_WEIGHTS, Detector, WeightsMissing, live_detector  # noqa: E402

LIGHTS = {**{name: change for name, (kind, change) in CONDITIONS.items() if kind == "light"},
          "dark": lambda image: image * np.float32(0.25)}  # too dark to even out (vision.colour.TOO_DARK)
LAMPS = tuple(LIGHTS)
BULB = "tungsten"
SHARES = (1.0, 0.5, 0.25, 0.125)  # of the way from the old light's gains to the bulb's
FLASH = "bright"                  # a flash of glare: the frame over-exposed
GAMES = ("kiketti", "kimble")
SPOTS = (0.05, 0.1, 0.2)          # a moving glare spot's radius, as a share of the frame's width
STILL_SPOTS = (0.02, 0.04)        # a still one's, in the frame's middle (on the Kimble sample's dome)
SPOT_PATH = (0.0, (9.0, 5.0))     # its path: begun that many seconds on; seconds to sway across, and down
# Other paths, lest the tracker's ways under glare fit one: the Kiketti sample, minded, under OTHER_PATH_SPOTS
OTHER_SPOT_PATHS = ((2.0, (9.0, 5.0)), (4.5, (9.0, 5.0)), (0.0, (7.0, 11.0)), (3.0, (6.0, 4.0)))
ZONE_SPOTS = (0.05, 0.1)          # still spots' radii on each Kiketti zone (0.05: the seats' cards a third hidden)
OTHER_PATH_SPOTS = (0.1, 0.2)
RULINGS = ("rulings_expected", "rulings_given", "other_rulings")  # what the players were told, against the truth


def lit(lamp: str | None, image: np.ndarray) -> np.ndarray:
    """image under a lamp of LIGHTS (FLASH among them); as it came for None."""
    return image if lamp is None else changed(LIGHTS[lamp], image)


def part_way(before: np.ndarray | None, after: np.ndarray | None, share: float) -> np.ndarray | None:
    """Gains share of the way from before to after (each None where nothing white was in sight: no gains,
    1, before; and after None leaves before standing, as RoomLight keeps its gains)."""
    if after is None:
        return before
    start = np.ones(3, np.float32) if before is None else before
    return start + np.float32(share) * (after - start)


def four_ways(detect_even, detect_raw, live) -> dict:
    """`detect`'s Detector and the live one, the light evened out and not, each named "WHO WAY"."""
    return {"detect evened_out": detect_even, "detect as_seen": detect_raw,
            "live evened_out": Evened(live), "live as_seen": live}


def by_who(result: dict) -> dict:
    """compare's pooled counts of four_ways as {who: {camera: {way: counts}}}."""
    out = {}
    for name, cams in result.items():
        who, way = name.split()
        for cam, r in cams.items():
            out.setdefault(who, {}).setdefault(cam, {})[way] = r["pooled"]
    return out


def bulb_coming_on(share: float):
    """A camera (compare's): the scene on the frame a bulb comes on, its gains share of the way from the
    scene's own light's to the bulb's."""
    def camera(image: np.ndarray) -> np.ndarray:
        bulb = lit(BULB, image)
        gains = part_way(white_gains(image), white_gains(bulb), share)
        return bulb if gains is None else balanced(bulb, gains)
    return camera


def scenes_under_lamps(detect_even, detect_raw, live, n: int, seed: int, cache_root, lamps, kind=None) -> dict:
    """The lamps and bulb_coming_on sections over the set's first n validation scenes (made twice: once
    for all four ways under the lamps, once for the live detector on the bulb's first frame)."""
    cameras = {"rendered": lambda image: image, **{lamp: partial(lit, lamp) for lamp in lamps}}
    lamps_out = by_who(compare(four_ways(detect_even, detect_raw, live), [(seed, kind)], n, cache_root, cameras))
    coming_on = compare({"live": live}, [(seed, kind)], n, cache_root,
                        {str(share): bulb_coming_on(share) for share in SHARES})["live"]
    return {"lamps": lamps_out, "bulb_coming_on": {share: r["pooled"] for share, r in coming_on.items()}}


def own_light(detect_even, detect_raw, live, sets, n: int, cache_root) -> dict:
    """Both detectors on the sets as rendered, the light evened out and not, pooled."""
    result = compare(four_ways(detect_even, detect_raw, live), sets, n, cache_root, {"rendered": lambda image: image})
    return {"sets": [set_name(s) for s in sets], "scenes_per_set": n,
            **{who: cams["rendered"] for who, cams in by_who(result).items()}}


def spot_centre(t: float, w: int, h: int, path=SPOT_PATH) -> tuple[float, float]:
    """Where the moving glare spot is at t seconds: swaying over the middle 60 % of the frame both ways,
    slowly (path: begun that many seconds on, its periods across and down), as a lamp's reflection moves
    when the camera or a glossy board is nudged."""
    start, (across, down) = path
    t = t + start
    return w * (0.5 + 0.3 * np.sin(2 * np.pi * t / across)), h * (0.5 + 0.3 * np.sin(2 * np.pi * t / down))


class LampSource(FrameSource):
    """A video's frames as a camera sees them under a lamp of LIGHTS (None: as recorded), those whose index
    is in flash_at over-exposed as by a flash of glare (FLASH) on top, and with a glare spot of radius
    spot (a share of the frame's width; 0: none) on every frame, moving (spot_centre on path) or, still, at
    pixel `at` (None: where SPOT_PATH starts, the frame's middle)."""

    def __init__(self, source: FrameSource, lamp: str | None, flash_at: set[int] = frozenset(), spot: float = 0.0,
                 still: bool = False, path=SPOT_PATH, at: tuple[float, float] | None = None):
        self.source, self.lamp, self.flash_at, self.name = source, lamp, flash_at, source.name
        self.spot, self.still, self.path, self.at = spot, still, path, at

    def read(self) -> Frame | None:
        frame = self.source.read()
        if frame is None:
            return None
        image = lit(self.lamp, frame.image)
        if frame.index in self.flash_at:
            image = lit(FLASH, image)
        if self.spot:
            h, w = image.shape[:2]
            if self.still:
                centre = spot_centre(0.0, w, h) if self.at is None else self.at
            else:
                centre = spot_centre(frame.t, w, h, self.path)
            image = glare_spot(image, centre, self.spot * w)
        return Frame(image, frame.t, frame.index)

    def close(self) -> None:
        self.source.close()


def steadiness(gains: list, anchor: int) -> dict:
    """How far the followed light (gains per frame, None before any) strays from its median over frames
    anchor on: the most any channel is off, on the frames from anchor on and on those before it."""
    judged = next((i for i, g in enumerate(gains) if g is not None), None)
    after = [g for g in gains[anchor:] if g is not None]
    if judged is None or not after:
        return {"judged_from_frame": judged, "anchor_frame": anchor, "settled_gains": None,
                "most_off_from_anchor": None, "most_off_before_anchor": None}
    settled = np.median(np.stack(after), axis=0)

    def most_off(frames):
        return round(float(max(np.abs(g / settled - 1).max() for g in frames)), 4) if frames else None
    return {"judged_from_frame": judged, "anchor_frame": anchor, "settled_gains": [round(float(g), 3) for g in settled],
            "most_off_from_anchor": most_off(after), "most_off_before_anchor": most_off(gains[judged:anchor])}


def play(detector, game: str, lamp: str | None, even_light: bool, flashes: bool, frames: int | None,
         spot: float = 0.0, mind_glare: bool = True, still: bool = False, path=SPOT_PATH,
         at: tuple[float, float] | None = None) -> dict:
    """One sample video through the live chain (a glare spot of radius spot on it, on path or still at,
    LampSource):
    events of the ground truth reported, other events, the truth's rulings the players were given, and
    (evened out) the gains followed on each frame."""
    video, calibration_path, truth_path = sample_paths(game)
    calibration = TableCalibration.load(calibration_path)
    events = read_jsonl(truth_path.read_text(encoding="utf-8").splitlines())
    start, truth = events[0], events[1:]
    pipeline = Pipeline(calibration, detector, referee_for([start]), start.game, even_light=even_light,
                        mind_glare=mind_glare)
    camera = VideoFileSource(video)
    fps = camera.fps
    if frames is not None:
        truth = [e for e in truth if round(e.t * fps) < frames]
    flash_at = {round(e.t * fps) for e in truth} if flashes else set()
    gains = []
    with LampSource(camera, lamp, flash_at, spot, still, path, at) as source:
        while frames is None or pipeline.result.frames < frames:
            frame = source.read()
            if frame is None:
                break
            pipeline.process(frame)
            held = None if pipeline.light is None else pipeline.light.gains
            gains.append(None if held is None else held.copy())
    emitted = pipeline.result.events
    found_at = matches(emitted, truth)
    found = sum(i is not None for i in found_at)
    # of the other events, rolls booked unreadable (the referee has the dome tapped again) rather than read wrong
    unreadable = sum(1 for i, e in enumerate(emitted)
                     if i not in found_at and isinstance(e, DieSettled) and e.value is None)
    widest = max((getattr(e, "t_uncertainty", 0.0) for e in emitted), default=None)
    rulings = same_rulings(pipeline.result.rulings, referee_for([start]), truth)
    named = next((round(e.t * fps) for e in truth if getattr(e, "card", None) or getattr(e, "value", None)), len(gains))
    return {"expected": len(truth), "matched": found, "other_events": len(emitted) - found,
            "other_unreadable_rolls": unreadable, "widest_t_uncertainty_s": widest,
            **rulings, "flashed_frames": len(flash_at),
            "over_exposed_notices": sum(isinstance(n, OverExposed) for n in pipeline.result.notices),
            "too_dark_notices": sum(isinstance(n, TooDark) for n in pipeline.result.notices),
            "glare_on_die_notices": sum(isinstance(n, GlareOnDie) for n in pipeline.result.notices),
            "glare_on_zone_notices": sorted(n.zone for n in pipeline.result.notices if isinstance(n, GlareOnZone)),
            "gains": gains, "named_frame": named, "flash_at": flash_at}


def same_rulings(given: list, referee, truth: list) -> dict:
    """The rulings the truth's events give a fresh referee, how many of them the chain gave the players
    (the same kind, seats and words; each used once), and how many others it gave."""
    def said(ruling):
        return ruling.kind, ruling.seats, ruling.en

    expected = Counter(said(r) for e in truth for r in referee.push(e))
    chain = Counter(said(r) for r in given)
    same = sum((expected & chain).values())
    return {"rulings_expected": sum(expected.values()), "rulings_given": same,
            "other_rulings": sum(chain.values()) - same}


def median_gains(gains: list, frames) -> list[float] | None:
    """The median gains (B, G, R) followed on the given frames (those judged), or None."""
    held = [gains[i] for i in sorted(frames) if i < len(gains) and gains[i] is not None]
    return [round(float(g), 3) for g in np.median(np.stack(held), axis=0)] if held else None


def videos(detector, lamps, frames: int | None) -> dict:
    """The videos section: each sample under each lamp, evened out and not, with flashes and without."""
    out = {}
    for game in GAMES:
        for lamp in ("as recorded", *lamps):
            row = {}
            for even_light in (True, False):
                for flashes in (False, True):
                    run = play(detector, game, None if lamp == "as recorded" else lamp, even_light, flashes, frames)
                    way = ("evened_out" if even_light else "as_seen") + ("_flashes" if flashes else "")
                    row[way] = {k: run[k] for k in ("expected", "matched", "other_events",
                                                    "other_unreadable_rolls", "flashed_frames",
                                                    "over_exposed_notices", "too_dark_notices",
                                                    "glare_on_die_notices", "glare_on_zone_notices")}
                    if even_light and not flashes:
                        row["light_followed"] = steadiness(run["gains"], run["named_frame"])
                    if even_light and flashes:
                        row[way]["gains_on_flashed_frames"] = median_gains(run["gains"], run["flash_at"])
            out.setdefault(game, {})[lamp] = row
            print(game, lamp, {k: (v["matched"], v["other_events"]) for k, v in row.items() if "matched" in v}, flush=True)
    return out


def glare_spots(detector, frames: int | None) -> dict:
    """The glare_spots section: each sample with a glare spot of each radius of SPOTS moving over it, and
    of STILL_SPOTS still in its middle (LampSource), the light evened out as shipped, the tracker minding
    the glare (as shipped) and not."""
    out = {}
    for game in GAMES:
        for still, spots in ((False, SPOTS), (True, STILL_SPOTS)):
            for spot in spots:
                row = {}
                for mind in (True, False):
                    run = play(detector, game, None, even_light=True, flashes=False, frames=frames, spot=spot,
                               mind_glare=mind, still=still)
                    row["glare_minded" if mind else "glare_ignored"] = {
                        k: run[k] for k in ("expected", "matched", "other_events", "other_unreadable_rolls",
                                            "widest_t_uncertainty_s", *RULINGS, "over_exposed_notices",
                                            "glare_on_die_notices", "glare_on_zone_notices")}
                name = f"{'still' if still else 'moving'} {spot}"
                out.setdefault(game, {})[name] = row
                print(game, name, {k: (v["matched"], v["other_events"]) for k, v in row.items()}, flush=True)
    return out


SPOT_KEYS = ("expected", "matched", "other_events", "widest_t_uncertainty_s", *RULINGS, "glare_on_zone_notices")


def other_spot_paths(detector, frames: int | None) -> list:
    """The other_spot_paths section: the Kiketti sample under a spot of each radius of OTHER_PATH_SPOTS
    moving on each path of OTHER_SPOT_PATHS, the light evened out and the glare minded, as shipped."""
    out = []
    for path in OTHER_SPOT_PATHS:
        row = {"begun_s": path[0], "periods_s": list(path[1])}
        for spot in OTHER_PATH_SPOTS:
            run = play(detector, "kiketti", None, True, False, frames, spot=spot, path=path)
            row[f"moving {spot}"] = {k: run[k] for k in SPOT_KEYS}
        out.append(row)
        print("kiketti, spot path", path, {k: (v["matched"], v["other_events"]) for k, v in row.items()
                                          if k.startswith("moving")}, flush=True)
    return out


def still_spots_on_zones(detector, frames: int | None) -> dict:
    """The still_spots_on_zones section: the Kiketti sample under a still spot of each radius of ZONE_SPOTS
    centred on each of its zones (at_px: where in the frame), the light evened out and the glare minded, as
    shipped."""
    calibration = TableCalibration.load(sample_paths("kiketti")[1])
    out = {}
    for zone, box in calibration.zones.items():
        at = tuple(float(v) for v in calibration.to_pixels(np.array([box.centre]))[0])
        row = {"at_px": [round(v, 1) for v in at]}
        for spot in ZONE_SPOTS:
            run = play(detector, "kiketti", None, True, False, frames, spot=spot, still=True, at=at)
            row[f"still {spot}"] = {k: run[k] for k in SPOT_KEYS}
        out[zone] = row
        print("kiketti, still spot on", zone, {k: (v["matched"], v["other_events"], v["rulings_given"])
                                               for k, v in row.items() if k.startswith("still")}, flush=True)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", help="model folder (default: models/weights)")
    ap.add_argument("--int8", action="store_true", help="the int8 copies of both detectors and the readers (models.quantize)")
    ap.add_argument("--scenes", type=int, default=200, help="validation scenes of the main set and of each --own-light-sets set")
    ap.add_argument("--seed", type=int, default=0, help="the main set's seed")
    ap.add_argument("--lamps", nargs="+", default=list(LAMPS), choices=LAMPS, metavar="LAMP",
                    help=f"lamps (default all: {' '.join(LAMPS)})")
    ap.add_argument("--own-light-sets", type=scene_set, nargs="*", default=[], metavar="SEED[:KIND]",
                    help="more sets scored in their own light, evened out and not (the model card's: 201 202 203:cards 204 205:cards 206)")
    ap.add_argument("--frames", type=int, help="play only each sample video's first N frames")
    ap.add_argument("--cards-cache", default=str(ROOT / "runs" / "cards"))
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "light.json")
    a = ap.parse_args(argv)
    if a.scenes < 1:
        ap.error(f"--scenes must be 1 or more, got {a.scenes}")
    if a.frames is not None and a.frames < 1:
        ap.error(f"--frames must be 1 or more, got {a.frames}")
    refuse_repeats(ap, "lamp", a.lamps)
    refuse_repeats(ap, "set", [set_name(s) for s in a.own_light_sets])
    weights = a.weights or DEFAULT_WEIGHTS
    try:
        detect_even = Detector(weights, conf=DETECT_CONF, views=DETECT_VIEWS, int8=a.int8)
        detect_raw = Detector(weights, conf=DETECT_CONF, views=DETECT_VIEWS, white_balance=False, int8=a.int8)
        live = live_detector(a.weights, a.int8)
    except WeightsMissing as e:
        ap.error(str(e))
    result = {"machine": machine(), "weights": str(weights), "int8": a.int8, "seed": a.seed, "scenes": a.scenes,
              "lamp_gains_bgr": {lamp: LIGHTS[lamp](np.ones(3)).round(3).tolist() for lamp in a.lamps},
              **scenes_under_lamps(detect_even, detect_raw, live, a.scenes, a.seed, a.cards_cache, a.lamps)}
    print(json.dumps(result["lamps"]), flush=True)
    if a.own_light_sets:
        result["own_light"] = own_light(detect_even, detect_raw, live, a.own_light_sets, a.scenes, a.cards_cache)
    result["videos"] = videos(live, a.lamps, a.frames)
    result["glare_spots"] = glare_spots(live, a.frames)
    result["other_spot_paths"] = other_spot_paths(live, a.frames)
    result["still_spots_on_zones"] = still_spots_on_zones(live, a.frames)
    result["frames"] = a.frames
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
