"""How a reader's training step spends its time: drawing and augmenting its batch, and learning from it.

    python3 benchmarks/bench_classifier_step.py [--device cpu|0] [--steps 50] [--out benchmarks/results/classifier_step.json]

On a GPU the corner reader's steps take 7-9 ms and the GPU sits mostly idle. This times, for
each reader (its crop size, classes and the augmentation models.train gives it: the card reader's
occlusion share and the die reader's blur as models/reproduce.sh sets them) and train_classifier's
batch of 128, the median
milliseconds of
  augment_host    the batch drawn and augmented on the CPU, then moved to the device (only where the
                  device is not the CPU);
  augment_device  the batch drawn and augmented on the device, where train_classifier keeps them;
  learn           forward, backward and an AdamW step on an augmented batch.
The crops are random: speed does not depend on what they show.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from models.train import READERS, augment, reader, reader_augmentation  # noqa: E402

BATCH = 128
POOL = 4096          # crops the batches are drawn from
CARD_OCCLUDE = 0.5   # models/reproduce.sh: --card-occlude 0.5
DIE_BLUR = 0.3       # and --blur 0.3 for the die reader alone


def median_ms(run, steps: int, sync) -> float:
    """Median milliseconds of run() over `steps` calls, after a quarter as many to warm up."""
    import numpy as np
    times = []
    for i in range(steps + steps // 4):
        t0 = time.perf_counter()
        run()
        sync()
        if i >= steps // 4:
            times.append(1000 * (time.perf_counter() - t0))
    return round(float(np.median(times)), 2)


def time_reader(stage: str, dev, steps: int) -> dict:
    """The three timings of one reader's step on dev."""
    import torch
    from torch import nn

    from models.classifier import CropClassifier
    n_classes, (w, h), pooled = reader(stage)
    aug = reader_augmentation(stage, CARD_OCCLUDE, blur=DIE_BLUR if stage == "die" else 0.0)
    host_x = torch.rand(POOL, 3, h, w, generator=torch.Generator().manual_seed(0))
    dev_x, dev_y = host_x.to(dev), torch.randint(n_classes, (POOL,), device=dev)
    host_g, dev_g = torch.Generator().manual_seed(1), torch.Generator(dev).manual_seed(1)
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)

    def augmented_on_host():
        idx = torch.randint(POOL, (BATCH,), generator=host_g)
        return augment(host_x[idx], host_g, **aug).to(dev), dev_y[idx.to(dev)]

    def augmented_on_device():
        idx = torch.randint(POOL, (BATCH,), generator=dev_g, device=dev)
        return augment(dev_x[idx], dev_g, **aug), dev_y[idx]

    model = CropClassifier(n_classes, 16, pooled).to(dev).train()
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    x, y = augmented_on_device()

    def learn():
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()

    timed = {"crop_wh": [w, h], "occlude": aug["occlude_share"], "overlap": aug["overlap_share"],
             "half_turns": aug["half_turns"], "blur": aug.get("blur_share", 0.0)}
    if dev.type != "cpu":
        timed["augment_host_ms"] = median_ms(augmented_on_host, steps, sync)
    timed["augment_device_ms"] = median_ms(augmented_on_device, steps, sync)
    timed["learn_ms"] = median_ms(learn, steps, sync)
    return timed


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default="cpu", help="cpu, or a GPU's number")
    ap.add_argument("--steps", type=int, default=50, help="timed steps per measurement")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "classifier_step.json")
    a = ap.parse_args(argv)
    import torch
    dev = torch.device(f"cuda:{a.device}" if a.device.isdigit() else a.device)
    result = {"machine": machine(), "device": torch.cuda.get_device_name(dev) if dev.type == "cuda" else "cpu",
              "torch_threads": torch.get_num_threads(), "batch": BATCH,
              "readers": {stage: time_reader(stage, dev, a.steps) for stage in READERS}}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result["readers"], indent=2))


if __name__ == "__main__":
    main()
