"""Benchmark the live chain with its camera mounted further off vertical than the samples' 8 degrees.

    python3 benchmarks/bench_mount.py [--tilts 8 25 40 50 60 70] [--int8] [--frames N]
                                      [--out benchmarks/results/mount.json]

A club's camera hangs where a lamp arm or a shelf lets it, seldom straight above the table. Each
sample game (pelituomari.samplegen) is rendered again through the virtual camera turned each tilt
from looking straight down (vision.virtual_table: 900 mm above the table centre, the focal length
fitted so the table fills the frame), calibrated from its rendered markers as `pelituomari
calibrate` would, and refereed by the live chain as `pelituomari run` referees it. The far side of
the table then has fewer pixels a millimetre; the chain rectifies each zone to a top-down image
first, so that is all a turned camera changes for it. Counted per game and tilt: the ground
truth's events reported, and events reported that are not in it; or "refused" where the rendered
markers calibrate the camera more than a pixel off the virtual camera's true mapping (the check
pelituomari.samplegen makes of every sample). The virtual table's cards and die
are flat sprites: a die's sides, which a camera far off its axis would see, are not drawn.

Writes benchmarks/results/mount.json (--out).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from benchmarks.bench_pipeline import matches  # noqa: E402
from calibration.table import TableCalibration  # noqa: E402
from models.make_dataset import tilt_degrees  # noqa: E402
from pelituomari import samplegen  # noqa: E402
from pelituomari.game import referee_for  # noqa: E402
from pelituomari.pipeline import Pipeline  # noqa: E402
from referee.events import read_jsonl  # noqa: E402
from vision.capture import VideoFileSource  # noqa: E402
from vision.detector import live_detector  # noqa: E402

GAMES = {"kiketti": samplegen.render_kiketti, "kimble": samplegen.render_kimble}
MAX_MOUNT_TILT = 75.0   # beyond, the table is a strip of the frame (at 70 degrees a third of its height)


def referee_rendered(game: str, tilt: float, detector, frames: int | None = None) -> dict:
    """The game rendered through a camera turned tilt degrees, calibrated from its markers and refereed
    live: events of its ground truth reported, and other events; or, where the markers calibrate the
    camera more than a pixel off the true mapping (samplegen's own check), what the check said."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        try:
            GAMES[game](folder, tilt_deg=tilt)
        except RuntimeError as e:
            return {"refused": str(e).removeprefix(f"{folder}/")}
        base = folder / f"{game}_table"
        calibration = TableCalibration.load(Path(f"{base}.calibration.json"))
        events = read_jsonl(Path(f"{base}.truth.jsonl").read_text(encoding="utf-8").splitlines())
        start, truth = events[0], events[1:]
        pipeline = Pipeline(calibration, detector, referee_for([start]), start.game)
        with VideoFileSource(base.with_suffix(".mp4")) as source:
            if frames is not None:
                truth = [e for e in truth if round(e.t * source.fps) < frames]
            result = pipeline.run(source, frames)
    found = sum(i is not None for i in matches(result.events, truth))
    return {"expected": len(truth), "matched": found, "other_events": len(result.events) - found}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tilts", type=partial(tilt_degrees, limit=MAX_MOUNT_TILT), nargs="+",
                    default=[8.0, 25.0, 40.0, 50.0, 60.0, 70.0],
                    metavar="DEGREES", help="the camera's turns from looking straight down (default: 8 25 40 50 60 70)")
    ap.add_argument("--int8", action="store_true", help="the int8 copies of the live detector and readers")
    ap.add_argument("--frames", type=int, metavar="N", help="only each video's first N frames (default: all)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "mount.json")
    a = ap.parse_args(argv)
    if a.frames is not None and a.frames < 1:
        ap.error(f"--frames must be 1 or more, got {a.frames}")
    detector = live_detector(None, a.int8)
    games = {}
    for game in GAMES:
        for tilt in a.tilts:
            games.setdefault(game, {})[f"{tilt:g}"] = counts = referee_rendered(game, tilt, detector, a.frames)
            said = counts.get("refused") or (f"{counts['matched']} of {counts['expected']} events, "
                                             f"{counts['other_events']} others")
            print(f"{game} at {tilt:g} degrees: {said}", flush=True)
    result = {"machine": machine(), "int8": a.int8, "frames": a.frames or "all", "games": games}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
