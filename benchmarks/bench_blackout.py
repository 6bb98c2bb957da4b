"""The camera going dark mid-game: each sample video with a blackout cut into it, refereed live, its
rulings counted against those of its ground truth.

    python3 benchmarks/bench_blackout.py [--seconds 1 3 5 10] [--starts 0.3 0.5 0.7] [--games kiketti gin kimble skruuvi]
                                          [--int8] [--out benchmarks/results/blackout.json]

Why: a lamp switched off, a hand over the lens or a camera that re-exposes are ordinary at a table,
and the referee must not rule on what it did not see. A blackout of S seconds starting at a share of
the video is cut in: its frames turned near black (the sensor's noise left in), then two frames
re-exposing (at a third and at two thirds of the light) before the picture returns. A ruling the
truth does not give is *false*; one the truth gives that the run does not is *missed* (a move made
in the dark may be lost, and then said: the camera's notices, and the referee's ``unseen``, which says
what it could not see and rules nothing, counted apart). A game whose players' words go by a said file
(Skruuvi's calls) has them heard in the dark as in the light. Counted per game, blackout and start.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from calibration.table import TableCalibration  # noqa: E402
from pelituomari.commands.run import sample_paths, sample_said  # noqa: E402
from pelituomari.game import referee_for  # noqa: E402
from pelituomari.pipeline import Pipeline  # noqa: E402
from pelituomari.said import SaidFeed, read_said  # noqa: E402
from referee.events import read_jsonl  # noqa: E402
from vision.capture import Frame, FrameSource, VideoFileSource  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "blackout.json"
REEXPOSING = (1 / 3, 2 / 3)  # the light of the frames after a blackout, as a camera's exposure comes back


class Blackout(FrameSource):
    """A video with ``seconds`` of near black from ``start_s`` on, then frames re-exposing."""

    def __init__(self, video: FrameSource, start_s: float, seconds: float, seed: int = 0):
        self.video, self.start_s, self.end_s = video, start_s, start_s + seconds
        self.name, self.fps, self.size = video.name, video.fps, video.size
        self.rng = np.random.default_rng(seed)
        self._after = 0

    def read(self) -> Frame | None:
        frame = self.video.read()
        if frame is None:
            return None
        if self.start_s <= frame.t < self.end_s:
            dark = self.rng.integers(0, 9, frame.image.shape, dtype=np.uint8)
            return Frame(dark, frame.t, frame.index)
        if frame.t >= self.end_s and self._after < len(REEXPOSING):
            light = REEXPOSING[self._after]
            self._after += 1
            return Frame((frame.image * light).astype(np.uint8), frame.t, frame.index)
        return frame

    def close(self) -> None:
        self.video.close()


SAID = {"unseen"}  # the referee saying what it could not see (referee.events.CameraBlind): no ruling on the game


def judged(rulings) -> Counter:
    return Counter((r.kind, r.seats) for r in rulings if r.kind not in SAID)


def told_unseen(rulings) -> int:
    return sum(1 for r in rulings if r.kind in SAID)


def run_once(game: str, detector, start_share: float, seconds: float) -> dict:
    video, calibration, truth = sample_paths(game)
    events = read_jsonl(truth.read_text(encoding="utf-8").splitlines())
    said = read_said(sample_said(game), len(events[0].players)) if sample_said(game) else []
    expected = judged(referee_for([events[0], *sorted(events[1:] + said, key=lambda e: e.t)], "en").rulings)
    pipeline = Pipeline(TableCalibration.load(calibration), detector, referee_for(events[:1], "en"), game)
    source = VideoFileSource(video)
    frames = source._cap.get(7)  # CAP_PROP_FRAME_COUNT
    start_s = round(start_share * frames / source.fps, 3)
    with Blackout(source, start_s, seconds) as dark:  # what the players said is heard in the dark too
        result = pipeline.run(SaidFeed(dark, said, pipeline.submit) if said else dark)
    got = judged(result.rulings)
    return {"start_s": start_s, "seconds": seconds, "events": len(result.events),
            "truth_events": len(events) - 1 + len(said),
            "false": sum((got - expected).values()), "missed": sum((expected - got).values()),
            "false_rulings": sorted(f"{kind} {list(seats)}" for kind, seats in (got - expected).elements()),
            "unseen": told_unseen(result.rulings), "notices": sorted({type(n).__name__ for n in result.notices})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, nargs="+", default=[1.0, 3.0, 5.0, 10.0])
    ap.add_argument("--starts", type=float, nargs="+", default=[0.3, 0.5, 0.7])
    ap.add_argument("--games", nargs="+", default=["kiketti", "gin", "kimble", "skruuvi"])
    ap.add_argument("--int8", action="store_true")
    ap.add_argument("--out", type=Path, default=OUT)
    a = ap.parse_args(argv)
    from vision.detector import live_detector

    detector = live_detector(int8=a.int8)
    began = time.perf_counter()
    runs = {game: [run_once(game, detector, start, seconds) for seconds in a.seconds for start in a.starts]
            for game in a.games}
    results = {"machine": machine(), "int8": a.int8, "games": runs,
               "false": sum(r["false"] for rs in runs.values() for r in rs),
               "missed": sum(r["missed"] for rs in runs.values() for r in rs),
               "minutes": round((time.perf_counter() - began) / 60, 1)}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(results, indent=1) + "\n")
    print(json.dumps({k: v for k, v in results.items() if k != "games"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
