"""Measure how much memory `pelituomari detect` and `pelituomari run` take: can a small Pi hold them?

    python3 benchmarks/bench_memory.py [--loops 10] [--out benchmarks/results/memory.json]

Each command runs in a process of its own, as a user runs it, and its peak resident memory is read from
the kernel when it ends (os.wait4's ru_maxrss: the most of its memory that was ever in RAM at once),
started by a bare launcher so that none of this script's memory is counted as the command's.
What is measured, float models and int8 (`--int8`):

* the libraries alone: Python importing numpy, OpenCV and onnxruntime, which every command does;
* `detect` on a frame of the embedded Kiketti video (1280x720), and on that frame enlarged to a
  12-megapixel phone photo, whose crops `detect` warps from the photo itself;
* `run` refereeing each embedded sample game, Kiketti and AS-Kimble, to its end;
* `run` on the Kiketti sample played LOOPS times over as one video (`--loops`, default 10: 4860 frames,
  5.4 minutes of play), float models: what an evening of play adds. The table jumps back to the deal
  at each loop, which the referee rules impossible, so the run stores many more events and notes than
  a real game would.

Linux only (ru_maxrss in KiB there). Memory depends little on the machine but on its libraries'
builds, which the results file names.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import PHOTO_WH, machine  # noqa: E402
from pelituomari.commands.run import sample_paths  # noqa: E402
from vision.capture import VideoFileSource  # noqa: E402

FRAME_AT = 300  # a frame of the Kiketti sample with cards on the table (five backs and a face-up card)
LIBRARIES = "import numpy, cv2, onnxruntime"
SAMPLE_VIDEO, SAMPLE_CALIBRATION, _ = sample_paths("kiketti")
CLI = (sys.executable, "-m", "pelituomari")  # what the `pelituomari` console script runs


class MeasurementFailed(RuntimeError):
    """A measured command exited with an error, or the sample frame it reads could not be taken: there is
    nothing to measure."""


# Linux counts in a child's peak the memory of the process it was forked from, until it starts its own
# program; so the command is started by a bare Python of a few MiB, not by this one, and the launcher
# prints the command's peak (KiB) and exits with its status.
LAUNCHER = """import os, sys
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ,
                      file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status))"""


def peak_rss_mib(argv: list[str], cwd: Path = ROOT) -> float:
    """Run argv to its end and return its peak resident memory in MiB; raise MeasurementFailed, naming the
    command and its error output's tail, if it fails."""
    with tempfile.TemporaryFile() as err:
        done = subprocess.run([sys.executable, "-S", "-c", LAUNCHER, *argv], cwd=cwd, stdout=subprocess.PIPE,
                              stderr=err, text=True)
        if done.returncode != 0:
            err.seek(0)
            tail = err.read().decode("utf-8", "replace")[-600:]
            raise MeasurementFailed(f"{' '.join(argv)} exited with {done.returncode}:\n{tail}")
    return round(int(done.stdout) / 1024, 1)


def sample_images(folder: Path) -> tuple[Path, Path]:
    """A frame of the embedded Kiketti video, and the same frame enlarged to a 12-megapixel photo."""
    with VideoFileSource(SAMPLE_VIDEO) as video:
        frame = next((f.image for f in video if f.index == FRAME_AT), None)
    if frame is None:
        raise MeasurementFailed(f"{SAMPLE_VIDEO}: it has no frame {FRAME_AT}")
    frame_file, photo_file = folder / "frame.png", folder / "photo.jpg"
    cv2.imwrite(str(frame_file), frame)
    cv2.imwrite(str(photo_file), cv2.resize(frame, PHOTO_WH, interpolation=cv2.INTER_LINEAR))
    return frame_file, photo_file


def looped_video(folder: Path, loops: int) -> Path:
    """The embedded Kiketti video played loops times over, as one video file: read again for each loop,
    one frame at a time, so that making it takes no more memory than a frame (the benchmark runs on a
    small Pi too)."""
    looped = folder / f"kiketti_x{loops}.mp4"
    writer = None
    for _ in range(loops):
        with VideoFileSource(SAMPLE_VIDEO) as video:
            if writer is None:
                writer = cv2.VideoWriter(str(looped), cv2.VideoWriter_fourcc(*"mp4v"), video.fps, video.size)
            for frame in video:
                writer.write(frame.image)
    writer.release()
    return looped


def commands(frame: Path, photo: Path, db: Path, int8: bool) -> dict[str, list[str]]:
    """What is measured, each as the argv a user's shell runs."""
    small = ["--int8"] if int8 else []
    return {
        "detect_frame_1280x720": [*CLI, "detect", str(frame), "--json", *small],
        "detect_photo_12mp": [*CLI, "detect", str(photo), "--json", *small],
        "run_kiketti_sample": [*CLI, "run", "--db", str(db), *small],
        "run_kimble_sample": [*CLI, "run", "--game", "kimble", "--db", str(db), *small],
    }


def looped_run(video: Path, db: Path) -> list[str]:
    """`run` on a video of the Kiketti sample's table, through the sample's calibration."""
    return [*CLI, "run", "--source", str(video),
            "--calibration", str(SAMPLE_CALIBRATION), "--db", str(db)]


def library_versions() -> dict:
    import numpy
    import onnxruntime
    return {"python": sys.version.split()[0], "numpy": numpy.__version__, "opencv": cv2.__version__,
            "onnxruntime": onnxruntime.__version__}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--loops", type=int, default=10, help="times the Kiketti sample is played over (default 10)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "memory.json")
    a = ap.parse_args(argv)
    if a.loops < 2:
        ap.error(f"--loops {a.loops}: play the sample at least twice over, or there is nothing to add")
    peak = {"libraries_alone": peak_rss_mib([sys.executable, "-c", LIBRARIES])}
    with tempfile.TemporaryDirectory() as tmp:
        frame, photo = sample_images(Path(tmp))
        for models in ("float", "int8"):
            db = Path(tmp) / f"games_{models}.db"
            for name, command in commands(frame, photo, db, int8=models == "int8").items():
                peak[f"{name}_{models}"] = peak_rss_mib(command)
                print(f"{name} ({models}): {peak[f'{name}_{models}']} MiB", flush=True)
        name = f"run_kiketti_sample_{a.loops}_times_over_float"
        peak[name] = peak_rss_mib(looped_run(looped_video(Path(tmp), a.loops), Path(tmp) / "games_looped.db"))
        print(f"{name}: {peak[name]} MiB")
    result = {"what": "peak resident memory (MiB) of each command run alone, as a user runs it",
              "machine": machine(), "libraries": library_versions(), "peak_rss_mib": peak}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
