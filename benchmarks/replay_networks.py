"""Run networks on the inputs saved beside them: the part of bench_int8_cpus.py that runs under an emulated
CPU, so it needs numpy and onnxruntime alone (all an emulated ARM64 Python has).

    python3 benchmarks/replay_networks.py FOLDER WEIGHTS TAG

Each FOLDER/NAME.inputs.npz (arrays x0, x1, ...) is run through WEIGHTS/NAME on one thread, its outputs
written to FOLDER/NAME.TAG.npz (y0, y1, ...).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np

os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")  # as vision/__init__.py: no network at run time
import onnxruntime as ort  # noqa: E402


def replay(folder: Path, weights: Path, tag: str) -> None:
    for saved in sorted(folder.glob("*.inputs.npz")):
        name = saved.name.removesuffix(".inputs.npz")
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        session = ort.InferenceSession(str(weights / name), options, providers=["CPUExecutionProvider"])
        feed = session.get_inputs()[0].name
        with np.load(saved) as inputs:
            outputs = [session.run(None, {feed: inputs[f"x{i}"]})[0] for i in range(len(inputs.files))]
        np.savez(folder / f"{name}.{tag}.npz", **{f"y{i}": y for i, y in enumerate(outputs)})


if __name__ == "__main__":
    replay(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
