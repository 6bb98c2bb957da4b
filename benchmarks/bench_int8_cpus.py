"""Whether the int8 copies give the same numbers on other CPUs than this one: x86-64 without VNNI, and ARM64.

    python3 benchmarks/bench_int8_cpus.py [--cpus EPYC-Rome Haswell] [--arm-root runs/arm64]
        [--arm-cpus cortex-a72 cortex-a76] [--calls 40] [--out benchmarks/results/int8_cpus.json]

Why: onnxruntime picks its integer kernels by the CPU it finds, and a kernel that saturates gives other
numbers than one that does not (models/quantize.py: 8-bit weights misread dice on CPUs without VNNI). A
test suite sees only the CPU it runs on; this runs the copies' own inputs through other CPUs' kernels
under Debian's qemu-user: `qemu-x86_64 -cpu CPU` (up to AVX2, no AVX-512 and no VNNI) and, with
--arm-root, `qemu-aarch64 -cpu CPU` in an ARM64 Python (benchmarks/make_arm64_root.sh makes one): the
Raspberry Pi 4's Cortex-A72 (NEON, no dot products) and the Pi 5's Cortex-A76 (8-bit dot products).
Emulated ARM64 is shown a /proc/cpuinfo of its own core (onnxruntime's CPU probe crashes on the x86 host's),
which takes a private mount (unshare, as root).

It runs the live chain over both embedded samples with --int8 (as `pelituomari run --int8` does),
keeping each network's inputs; replays --calls of them for each network, spread over the run, here and
under each emulated CPU, one thread each (benchmarks/replay_networks.py), the float networks too; and
compares: calls whose outputs are the same to the bit as here, the largest difference, and the reads that
differ from here's.
A reader's read is its top class; the detector's, each anchor's kind where its score reaches the live
chain's confidence (else none). Beside each int8 copy, how its float network's reads differ from it here:
the scale of what int8 itself moves.
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
from benchmarks.replay_networks import replay  # noqa: E402
from vision.detector import KINDS, Detector, live_detector  # noqa: E402

FLAGS = ("sse4_2", "avx2", "avx512bw", "avx512_vnni", "avx_vnni", "amx_int8")  # what picks the integer kernels
REPLAY = ROOT / "benchmarks" / "replay_networks.py"
WEIGHTS = ROOT / "models" / "weights"
# an ARM64 core's /proc/cpuinfo lines: its part number and features (Linux's names; asimddp: 8-bit dot products)
ARM_CORES = {"cortex-a72": ("0xd08", "fp asimd evtstrm crc32 cpuid"),
             "cortex-a76": ("0xd0b", "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid "
                                     "asimdrdm lrcpc dcpop asimddp")}


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


def arm_cpuinfo(core: str, cores: int = 4) -> str:
    """/proc/cpuinfo as Linux writes it on `cores` of ARM_CORES' core."""
    part, features = ARM_CORES[core]
    one = (f"BogoMIPS\t: 108.00\nFeatures\t: {features}\nCPU implementer\t: 0x41\nCPU architecture: 8\n"
           f"CPU variant\t: 0x0\nCPU part\t: {part}\nCPU revision\t: 0\n")
    return "".join(f"processor\t: {n}\n{one}\n" for n in range(cores))


def emulated(folder: Path, tag: str, qemu: str, cpu: str, arm_root: Path | None = None) -> subprocess.CompletedProcess:
    """replay_networks.py run under qemu's cpu, x86-64 here or (arm_root) ARM64 with its own /proc/cpuinfo."""
    if arm_root is None:
        return subprocess.run([qemu, "-cpu", cpu, sys.executable, str(REPLAY), str(folder), str(WEIGHTS), tag],
                              capture_output=True, text=True)
    cpuinfo = folder / f"cpuinfo-{cpu}"
    cpuinfo.write_text(arm_cpuinfo(cpu))
    command = [shutil.which("unshare") or "unshare", "--mount", "sh", "-c",
               'mount --bind "$0" /proc/cpuinfo && exec "$@"', str(cpuinfo),
               qemu, "-L", str(arm_root), "-cpu", cpu, str(arm_root / "usr" / "bin" / "python3.11"),
               str(REPLAY), str(folder), str(WEIGHTS), tag]
    return subprocess.run(command, capture_output=True, text=True, env={"PYTHONPATH": str(arm_root / "site"),
                                                                        "PATH": "/usr/bin:/bin"})


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpus", nargs="+", default=["EPYC-Rome", "Haswell"],
                    help="qemu's CPU models to emulate (qemu-x86_64 -cpu help; default: AMD's EPYC Rome and "
                         "Intel's Haswell, both AVX2 without VNNI)")
    ap.add_argument("--arm-root", type=Path, help="an ARM64 Python's root (benchmarks/make_arm64_root.sh) to run the "
                    "--arm-cpus in (default: no ARM64)")
    ap.add_argument("--arm-cpus", nargs="+", default=list(ARM_CORES), choices=list(ARM_CORES),
                    help="ARM64 cores to emulate (default: both, the Raspberry Pi 4's and 5's)")
    ap.add_argument("--calls", type=int, default=40, help="inputs replayed for each network (default 40)")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "int8_cpus.json")
    a = ap.parse_args(argv)
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        ap.error("qemu-x86_64 not found: it comes with Debian's qemu-user (apt-get install qemu-user)")
    qemu_arm = shutil.which("qemu-aarch64")
    if a.arm_root is not None and not (a.arm_root / "usr" / "bin" / "python3.11").is_file():
        ap.error(f"--arm-root {a.arm_root}: no usr/bin/python3.11 in it; make it with: "
                 f"bash benchmarks/make_arm64_root.sh {a.arm_root}")
    if a.calls < 1:
        ap.error(f"--calls must be 1 or more, got {a.calls}")
    detector = live_detector(int8=True)
    conf, recorded = detector.conf, live_inputs(detector)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, inputs in recorded.items():
            np.savez(folder / f"{name}.inputs.npz", **{f"x{i}": x for i, x in enumerate(spread(inputs, a.calls))})
            shutil.copy(folder / f"{name}.inputs.npz", folder / f"{name.replace('_int8', '')}.inputs.npz")
        replay(folder, WEIGHTS, "here")
        emulations = [(cpu, qemu, cpu, None) for cpu in a.cpus]
        emulations += [(f"arm64 {cpu}", qemu_arm, cpu, a.arm_root.resolve()) for cpu in a.arm_cpus] if a.arm_root else []
        for tag, emulator, cpu, arm_root in emulations:
            run = emulated(folder, tag, emulator, cpu, arm_root)
            if run.returncode:
                sys.exit(f"bench_int8_cpus: under {Path(emulator).name} -cpu {cpu}: "
                         f"{(run.stderr.strip().splitlines() or ['exit status ' + str(run.returncode)])[-1]}")
        networks = {}
        for name in [*recorded, *(n.replace("_int8", "") for n in recorded)]:
            here = outputs(folder, name, "here")
            float_here = {"float_here": compare(outputs(folder, name.replace("_int8", ""), "here"), here, conf)}
            networks[name] = {"calls": len(here), **(float_here if name in recorded else {}),
                              **{tag: compare(outputs(folder, name, tag), here, conf) for tag, *_ in emulations}}
    version = subprocess.run([qemu, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    result = {"machine": machine(), "cpu_flags": cpu_flags(), "emulator": version,
              "cpus": [tag for tag, *_ in emulations], "detector_conf": conf, "networks": networks}
    a.out.write_text(json.dumps(result, indent=1) + "\n")
    for name, found in networks.items():
        print(name, {k: (v if k == "calls" else (v["identical_calls"], v["reads_differing"])) for k, v in found.items()})


if __name__ == "__main__":
    main()
