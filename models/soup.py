"""Average two detectors fine-tuned from the same weights (a "model soup", WiSE-FT) and ship the mix.

    python3 -m models.soup A.pt B.pt --alpha 0.3 [--ship-to models/weights] [--imgsz 320] [--live]

The mix is (1 - alpha) * A + alpha * B, parameter by parameter (batch-norm statistics too). Why: a
CPU fine-tune on new data (step 12: dice lying on cards) learns the new thing but shuffles old errors
around; the mix of the two keeps most of each. Both must share one architecture and one ancestor.
"""

from __future__ import annotations

import argparse
import copy
import os
from pathlib import Path

os.environ.setdefault("YOLO_OFFLINE", "1")


def average_detectors(a: Path, b: Path, alpha: float, out: Path) -> Path:
    """Write to out an ultralytics checkpoint (A's structure, fp16, no optimizer) holding the mix."""
    import torch
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be within 0-1, got {alpha}")
    ca, cb = (torch.load(p, map_location="cpu", weights_only=False) for p in (a, b))
    ma, mb = ((c.get("ema") or c["model"]).float() for c in (ca, cb))
    sa, sb = ma.state_dict(), mb.state_dict()
    if sa.keys() != sb.keys() or any(sa[k].shape != sb[k].shape for k in sa):
        raise ValueError(f"{a} and {b} are not the same architecture: their weights cannot be averaged")
    mixed = copy.deepcopy(ma)
    mixed.load_state_dict({k: (1 - alpha) * sa[k] + alpha * sb[k] if sa[k].is_floating_point() else sa[k] for k in sa})
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({**ca, "model": mixed.half(), "ema": None, "optimizer": None}, out)
    return out


def parser() -> argparse.ArgumentParser:
    from models.train import WEIGHTS
    ap = argparse.ArgumentParser(prog="python3 -m models.soup", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", type=Path, help="the first detector (ultralytics .pt)")
    ap.add_argument("b", type=Path, help="the second, fine-tuned from the same weights as the first")
    ap.add_argument("--alpha", type=float, required=True, help="the second's share of the mix, 0-1")
    ap.add_argument("--out", type=Path, default=Path("runs/soup/detector.pt"), help="the mixed checkpoint (git-ignored)")
    ap.add_argument("--ship-to", type=Path, default=WEIGHTS,
                    help="export the mix here (ONNX + PyTorch); default models/weights/, replacing the shipped detector")
    ap.add_argument("--imgsz", type=int, default=320)
    ap.add_argument("--live", action="store_true",
                    help="the mix is for the live pipeline (detector_live.onnx): export it to take inputs of any size, "
                         "as the pipeline's strips of table want")
    return ap


def main(argv=None):
    from models.train import export_detector
    ap = parser()
    a = ap.parse_args(argv)
    for p in (a.a, a.b):
        if not p.is_file():
            ap.error(f"{p}: no such detector checkpoint")
    try:
        mixed = average_detectors(a.a, a.b, a.alpha, a.out)
    except ValueError as e:
        ap.error(str(e))
    export_detector(mixed, a.imgsz, a.ship_to, any_size=a.live)
    print(f"shipped {1 - a.alpha:.2f} x {a.a} + {a.alpha:.2f} x {a.b} to {a.ship_to}")


if __name__ == "__main__":
    main()
