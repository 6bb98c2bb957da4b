"""Average two detectors or two readers fine-tuned from the same weights (a "model soup", WiSE-FT) and ship the mix.

    python3 -m models.soup A.pt B.pt --alpha 0.3 [--ship-to models/weights] [--imgsz 320] [--live]
    python3 -m models.soup A.pt B.pt --alpha 0.3 --reader corner [--ship-to models/weights]

The mix is (1 - alpha) * A + alpha * B, parameter by parameter (batch-norm statistics too). Why: a
CPU fine-tune on new data (dice lying on cards, say) learns the new thing but shuffles old errors
around; the mix of the two keeps most of each. Both must share one architecture and one ancestor.
With --reader the two are that reader's checkpoints (models.train's {reader}_classifier.pt), and the mix
ships as that reader: the shipped corner reader is a corner reader that learnt index fonts mixed with
one that learnt blurred corners.
"""

from __future__ import annotations

import argparse
import copy
import os
import pickle
from pathlib import Path

from models import PICKLE_WARNING

os.environ.setdefault("YOLO_OFFLINE", "1")


def average_detectors(a: Path, b: Path, alpha: float, out: Path) -> Path:
    """Write to out an ultralytics checkpoint (A's structure, fp16, no optimizer) holding the mix."""
    import torch
    _check_alpha(alpha)
    ca, cb = (_checkpoint(p, "model", "not a detector checkpoint (ultralytics .pt); a reader's wants --reader")
              for p in (a, b))
    ma, mb = ((c.get("ema") or c["model"]).float() for c in (ca, cb))
    mixed = copy.deepcopy(ma)
    mixed.load_state_dict(_mixed_state(ma.state_dict(), mb.state_dict(), alpha, a, b))
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({**ca, "model": mixed.half(), "ema": None, "optimizer": None}, out)
    return out


def average_readers(a: Path, b: Path, alpha: float, out: Path) -> Path:
    """Write to out a reader checkpoint (A's, as models.train saves it) holding the mix."""
    import torch
    _check_alpha(alpha)
    ca, cb = (_checkpoint(p, "state", "not a reader checkpoint (models.train's READER_classifier.pt); a detector's "
                                      "goes without --reader") for p in (a, b))
    # asked, not left to the tensors' shapes: pooled (2, 1) and (1, 2) have weights of the same sizes
    if len({(c["n_classes"], c["width"], tuple(c["pooled"])) for c in (ca, cb)}) > 1:
        raise ValueError(f"{a} and {b} are not the same architecture: their weights cannot be averaged")
    mixed = _mixed_state(ca["state"], cb["state"], alpha, a, b)
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({**ca, "state": mixed, "val_acc": None}, out)
    return out


def _checkpoint(path: Path, key: str, refusal: str) -> dict:
    """The checkpoint at path, refused unless it holds key: mixing a reader as a detector (or the other way)
    would otherwise end in a KeyError that names neither file."""
    import torch
    try:
        checkpoint = torch.load(path, map_location="cpu", weights_only=False)
    except (RuntimeError, EOFError, pickle.UnpicklingError) as e:
        raise ValueError(f"{path}: not a checkpoint torch can read ({e})") from e
    if not isinstance(checkpoint, dict) or key not in checkpoint:
        raise ValueError(f"{path}: {refusal}")
    return checkpoint


def _check_alpha(alpha: float) -> None:
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be within 0-1, got {alpha}")


def _mixed_state(sa: dict, sb: dict, alpha: float, a: Path, b: Path) -> dict:
    """(1 - alpha) * A + alpha * B for every float tensor; integer ones (batch-norm counts) are A's."""
    if sa.keys() != sb.keys() or any(sa[k].shape != sb[k].shape for k in sa):
        raise ValueError(f"{a} and {b} are not the same architecture: their weights cannot be averaged")
    return {k: ((1 - alpha) * sa[k].float() + alpha * sb[k].float()).to(sa[k].dtype) if sa[k].is_floating_point()
            else sa[k] for k in sa}


def parser() -> argparse.ArgumentParser:
    from models.train import WEIGHTS
    from vision.detector import READERS
    ap = argparse.ArgumentParser(prog="python3 -m models.soup", description=__doc__, epilog=PICKLE_WARNING,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", type=Path, help="the first detector (ultralytics .pt), or reader with --reader")
    ap.add_argument("b", type=Path, help="the second, fine-tuned from the same weights as the first")
    ap.add_argument("--alpha", type=float, required=True, help="the second's share of the mix, 0-1")
    ap.add_argument("--reader", choices=READERS,
                    help="the two are this reader's checkpoints, not detectors; the mix ships as its reader")
    ap.add_argument("--out", type=Path, help="the mixed checkpoint (git-ignored; default runs/soup/detector.pt, "
                                             "or runs/soup/READER_classifier.pt)")
    ap.add_argument("--ship-to", type=Path, default=WEIGHTS,
                    help="export the mix here (ONNX + PyTorch); default models/weights/, replacing the shipped "
                         "detector or reader")
    ap.add_argument("--imgsz", type=int, default=320, help="the detector's input size (a reader's is its crop's)")
    ap.add_argument("--live", action="store_true",
                    help="the mix is for the live pipeline (detector_live.onnx): export it to take inputs of any size, "
                         "as the pipeline's strips of table want")
    return ap


def main(argv=None):
    from models.train import export_detector, ship_classifier
    ap = parser()
    a = ap.parse_args(argv)
    if a.reader and a.live:
        ap.error("--live is for a detector's mix; a reader has no live copy of its own")
    for p in (a.a, a.b):
        if not p.is_file():
            ap.error(f"{p}: no such {a.reader + ' reader' if a.reader else 'detector'} checkpoint")
    name = f"{a.reader}_classifier.pt" if a.reader else "detector.pt"
    out = a.out or Path("runs/soup") / name
    try:
        mixed = (average_readers if a.reader else average_detectors)(a.a, a.b, a.alpha, out)
    except ValueError as e:
        ap.error(str(e))
    if a.reader:
        ship_classifier(mixed, a.reader, a.ship_to)
    else:
        export_detector(mixed, a.imgsz, a.ship_to, any_size=a.live)
    print(f"shipped {1 - a.alpha:.2f} x {a.a} + {a.alpha:.2f} x {a.b} to {a.ship_to}")


if __name__ == "__main__":
    main()
