"""Whether the int8 copies give the same numbers on other x86-64 CPUs than this one.

    python3 benchmarks/bench_int8_cpus.py [--cpus EPYC-Rome Haswell] [--calls 40] [--out benchmarks/results/int8_cpus.json]

Why: onnxruntime picks its integer kernels by the CPU it finds, and a kernel that saturates gives other
numbers than one that does not (models/quantize.py: 8-bit weights misread dice on CPUs without VNNI). A
test suite sees only the CPU it runs on; this runs the copies' own inputs through other CPUs' kernels by
`qemu-x86_64 -cpu CPU` (Debian's qemu-user: up to AVX2, no AVX-512 and no VNNI), so any machine can
check what a CPU without VNNI does.

It runs the live chain over both embedded samples with --int8 (as `pelituomari run --int8` does),
keeping each network's inputs; replays --calls of them for each network, spread over the run, here and
under each emulated CPU, one thread each; and compares: calls whose outputs are the same to the bit as
here, the largest difference, and the reads that differ from here's. A reader's read is its top class;
the detector's, each anchor's kind where its score reaches the live chain's confidence (else none). The
float networks' reads of the same inputs are counted beside, as the scale of what int8 itself moves.
ARM64 (a Raspberry Pi) is not emulated: it needs an ARM64 Python and onnxruntime (models/MODEL_CARD.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from vision.detector import KINDS, Detector, _session, live_detector  # noqa: E402

FLAGS = ("sse4_2", "avx2", "avx512bw", "avx512_vnni", "avx_vnni", "amx_int8")  # what picks the integer kernels


def recording(detector: Detector) -> dict[str, list[np.ndarray]]:
    """Every input the detector's networks are given from now on, under each network's file name."""
    inputs: dict[str, list[np.ndarray]] = {}
    sessions = [(detector.detector_file, detector._det)]
    sessions += [(detector.reader_files[name], session) for name, session in detector._readers.items()]
    for path, session in sessions:
        kept, run = inputs.setdefault(path.name, []), session.run

        def recorded(names, feeds, *args, kept=kept, run=run):
            kept.append(next(iter(feeds.values())).copy())
            return run(names, feeds, *args)

        session.run = recorded
    return inputs


def live_inputs(detector: Detector) -> dict[str, list[np.ndarray]]:
    """What each network of the detector is given over the live chain's run on both embedded samples."""
    from calibration.table import TableCalibration
    from pelituomari.commands.run import sample_paths
    from pelituomari.game import referee_for
    from pelituomari.pipeline import Pipeline
    from referee.events import read_jsonl
    from vision.capture import VideoFileSource
    inputs = recording(detector)
    for game in ("kiketti", "kimble"):
        video, calibration, truth = sample_paths(game)
        first = read_jsonl(truth.read_text(encoding="utf-8").splitlines()[:1])
        with VideoFileSource(video) as source:
            Pipeline(TableCalibration.load(calibration), detector, referee_for(first, "en"), game).run(source)
    return inputs


def spread(inputs: list[np.ndarray], n: int) -> list[np.ndarray]:
    """n of the inputs, evenly over the run (all where there are no more)."""
    return inputs if len(inputs) <= n else [inputs[int(i)] for i in np.linspace(0, len(inputs) - 1, n).round()]


def replay(folder: Path, tag: str) -> None:
    """Run each network of folder/NAME.inputs.npz on its inputs, one thread, into folder/NAME.TAG.npz."""
    for saved in sorted(folder.glob("*.inputs.npz")):
        name = saved.name.removesuffix(".inputs.npz")
        session = _session(ROOT / "models" / "weights" / name, threads=1)
        feed = session.get_inputs()[0].name
        with np.load(saved) as inputs:
            outputs = [session.run(None, {feed: inputs[f"x{i}"]})[0] for i in range(len(inputs.files))]
        np.savez(folder / f"{name}.{tag}.npz", **{f"y{i}": y for i, y in enumerate(outputs)})


def outputs(folder: Path, name: str, tag: str) -> list[np.ndarray]:
    with np.load(folder / f"{name}.{tag}.npz") as saved:
        return [saved[f"y{i}"] for i in range(len(saved.files))]


def reads(y: np.ndarray, conf: float) -> np.ndarray:
    """A reader's top class for each crop; the detector's kind for each anchor scoring conf or more, else -1."""
    if y.ndim == 2:
        return y.argmax(1)
    scores = y[0, 4:4 + len(KINDS)]
    return np.where(scores.max(0) >= conf, scores.argmax(0), -1)


def compare(ys: list[np.ndarray], to: list[np.ndarray], conf: float) -> dict:
    """How outputs ys differ from outputs to, call by call."""
    return {"identical_calls": sum(np.array_equal(y, t) for y, t in zip(ys, to)),
            "max_difference": round(max(float(np.abs(y - t).max()) for y, t in zip(ys, to)), 6),
            "reads_differing": int(sum((reads(y, conf) != reads(t, conf)).sum() for y, t in zip(ys, to))),
            "reads": int(sum(reads(t, conf).size if t.ndim == 2 else (reads(t, conf) >= 0).sum() for t in to))}


def cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> list[str]:
    """Which of FLAGS this machine's CPU has."""
    for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("flags"):
            return [f for f in FLAGS if f in line.split(":", 1)[1].split()]
    return []


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpus", nargs="+", default=["EPYC-Rome", "Haswell"],
                    help="qemu's CPU models to emulate (qemu-x86_64 -cpu help; default: AMD's EPYC Rome and "
                         "Intel's Haswell, both AVX2 without VNNI)")
    ap.add_argument("--calls", type=int, default=40, help="inputs replayed for each network (default 40)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "int8_cpus.json")
    ap.add_argument("--replay", type=Path, help=argparse.SUPPRESS)   # the emulated side: a folder of inputs
    ap.add_argument("--tag", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.replay:
        return replay(a.replay, a.tag)
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        ap.error("qemu-x86_64 not found: it comes with Debian's qemu-user (apt-get install qemu-user)")
    if a.calls < 1:
        ap.error(f"--calls must be 1 or more, got {a.calls}")
    detector = live_detector(int8=True)
    conf, recorded = detector.conf, live_inputs(detector)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, inputs in recorded.items():
            np.savez(folder / f"{name}.inputs.npz", **{f"x{i}": x for i, x in enumerate(spread(inputs, a.calls))})
            shutil.copy(folder / f"{name}.inputs.npz", folder / f"{name.replace('_int8', '')}.inputs.npz")
        replay(folder, "here")
        for cpu in a.cpus:
            run = subprocess.run([qemu, "-cpu", cpu, sys.executable, __file__, "--replay", str(folder), "--tag", cpu],
                                 capture_output=True, text=True)
            if run.returncode:
                sys.exit(f"bench_int8_cpus: under qemu -cpu {cpu}: {run.stderr.strip().splitlines()[-1:]}")
        networks = {}
        for name in recorded:
            here = outputs(folder, name, "here")
            networks[name] = {"calls": len(here),
                              "float_here": compare(outputs(folder, name.replace("_int8", ""), "here"), here, conf),
                              **{cpu: compare(outputs(folder, name, cpu), here, conf) for cpu in a.cpus}}
    version = subprocess.run([qemu, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    result = {"machine": machine(), "cpu_flags": cpu_flags(), "emulator": version, "cpus": a.cpus,
              "detector_conf": conf, "networks": networks}
    a.out.write_text(json.dumps(result, indent=1) + "\n")
    for name, found in networks.items():
        print(name, {k: (v if k == "calls" else (v["identical_calls"], v["reads_differing"])) for k, v in found.items()})


if __name__ == "__main__":
    main()
