"""Train the vision models in one command and ship them to models/weights/.

    python3 -m models.train --data runs/data --runs runs/train [--epochs 30 --imgsz 320] [--device 0] [--ship]

Stages (all from scratch, CPU friendly, each resumable on its own with --only):
  det   ultralytics YOLO11n-OBB on OUT/det: classes card, card_back, die, oriented boxes
  card  CropClassifier on upright card crops: 52 identities (models.synth.decks.CODES order)
  die   CropClassifier on upright die crops: top face 1-6
  side  CropClassifier on upright card crops: face up or face down (checks the detector's card/card_back);
        with --no-card-class also "no card", a box the detector put on something else
  corner  CropClassifier on a card's index corners: 52 identities or "no index in sight" (reads covered cards)
--ship exports each trained model to ONNX (and copies the PyTorch weights) into --ship-to (models/weights/).
The data comes from `python3 -m models.make_dataset` (seeded); ultralytics runs offline.
"""

from __future__ import annotations

import argparse
import copy
import os
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from models import PICKLE_WARNING

WEIGHTS = Path(__file__).resolve().parent / "weights"
os.environ.setdefault("YOLO_OFFLINE", "1")


READERS = ("card", "die", "side", "corner")  # the classifier stages, in the order a full run trains them
STAGES = ("det", *READERS)
BLURRED = ("card", "corner", "die")  # the readers of print and pips, which --blur blurs
GLOSSED = ("card", "corner")  # the readers of a card's print, which --gloss shines a lamp on and --glare lays
#                                a glare spot's edge over
RESCALED = ("corner",)  # the reader of the index alone, whose print --index-scale scales
DEFAULT_ARCH = "yolo11n-obb.yaml"  # the shipped detector's network (ultralytics builds it from this YAML, offline)


def resumable(checkpoint: Path) -> bool:
    """Whether an ultralytics checkpoint can be resumed: it holds its epoch and optimizer state, which
    ultralytics strips from a finished run's (told to resume such a one, it starts a new run from its
    default arguments instead, whose data set it tries to download)."""
    import torch
    ckpt = torch.load(checkpoint, map_location="cpu", weights_only=False)
    return ckpt.get("epoch", -1) >= 0 and ckpt.get("optimizer") is not None


def train_detector(data_yaml: Path, runs: Path, epochs: int, imgsz: int, batch: int, workers: int = 2,
                   model_yaml: str = DEFAULT_ARCH, fraction: float = 1.0, hours: float | None = None,
                   init: Path | None = None, device: str = "cpu") -> Path:
    """Train the OBB detector, or resume its run from runs/det/weights/last.pt (a finished run's is left as it
    is); returns best.pt.
    init: continue from our own earlier weights with a gentler schedule (no warm-up, lower LR)."""
    from ultralytics import YOLO
    last = runs / "det" / "weights" / "last.pt"
    if last.exists():
        if resumable(last):
            YOLO(str(last)).train(resume=True)
        else:
            print(f"detector: {runs / 'det'} finished before: not trained again (remove it to train anew)")
    elif init is not None:
        model = YOLO(str(init), task="obb")
        model.train(data=str(data_yaml), epochs=epochs, imgsz=imgsz, batch=batch, device=device, workers=workers,
                    project=str(runs.resolve()), name="det", exist_ok=True, plots=False, amp=False, cache="ram",
                    degrees=0.0, fliplr=0.5, flipud=0.5, mosaic=1.0, scale=0.4, lr0=0.002, warmup_epochs=0,
                    close_mosaic=max(1, min(3, epochs // 3)), patience=0, seed=1, fraction=fraction, verbose=True,
                    **({"time": hours} if hours else {}))
    else:
        model = YOLO(model_yaml, task="obb")
        model.train(data=str(data_yaml), epochs=epochs, imgsz=imgsz, batch=batch, device=device, workers=workers,
                    project=str(runs.resolve()), name="det", exist_ok=True, plots=False, pretrained=False,
                    amp=False, cache="ram", degrees=0.0, fliplr=0.5, flipud=0.5, mosaic=1.0, scale=0.4,
                    close_mosaic=max(1, min(3, epochs // 6)), patience=0, seed=0, fraction=fraction, verbose=True,
                    **({"time": hours} if hours else {}))
    return runs / "det" / "weights" / "best.pt"


SIDE_OCCLUDE = 0.3  # the side classifier's share of partly covered crops: backs lie on faces and faces on backs
COVER = (0.1, 0.5)  # share of a crop that occlude() covers, drawn uniformly


def _picked(x, share: float, g):
    """Indexes of about ``share`` of the crops x, drawn with g."""
    import torch
    return torch.nonzero(torch.rand(len(x), generator=g, device=x.device) < share).flatten()


def _laid_over(x, picked, mask, cover):
    """A copy of x whose picked crops take cover's pixels where mask is true."""
    import torch
    x = x.clone()
    x[picked] = torch.where(mask, cover, x[picked])
    return x


def occlude(x, share: float, g):
    """Cover part of about ``share`` of the crops x (N x C x H x W) as a card lying over them does in a
    pile or a fan: everything beyond a random straight edge, a COVER share of the crop, is taken from
    another crop of the batch. The edge is kept on the far side of the crop's centre, so at most one
    of a card's two index corners is covered: the crop stays readable, from its index rather than from
    a count of pips that a covering card changes."""
    import torch
    n, _, h, w = x.shape
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    k = len(picked)
    dev = x.device
    v, u = torch.meshgrid(torch.arange(h, device=dev) - (h - 1) / 2, torch.arange(w, device=dev) - (w - 1) / 2,
                          indexing="ij")
    angle = torch.rand(k, 1, 1, generator=g, device=dev) * 2 * torch.pi
    reach = (u * torch.cos(angle) + v * torch.sin(angle)).reshape(k, -1)  # distance along the edge's normal
    cover = torch.empty(k, 1, device=dev).uniform_(*COVER, generator=g)
    covered = (cover * h * w).long()
    edge = reach.sort(dim=1, descending=True).values.gather(1, covered)  # the covered pixels lie beyond it
    mask = (reach > torch.clamp(edge, min=1e-6)).reshape(k, 1, h, w)  # > 0: the centre stays in sight
    return _laid_over(x, picked, mask, x[torch.randint(n, (k,), generator=g, device=dev)])


OVERLAP_SHIFT = (0.25, 0.7)  # overlap(): the covering card's offset across the crop, in crop widths
OVERLAP_DROP = (0.0, 0.5)    # and along it, in crop heights
OVERLAP_TURN = 15.0          # and its turn, in degrees either way


def overlap(x, share: float, g):
    """Lay another crop's card over about ``share`` of the crops x (N x C x H x W) as the next card of a fan
    or a spread pile lies: shifted sideways by OVERLAP_SHIFT of the width (and by up to OVERLAP_DROP of
    the height) and turned up to OVERLAP_TURN degrees. Unlike occlude(), the covering card's own index
    lands inside the crop and the crop's centre may be covered; the strip left on the far side keeps
    one of the card's two index corners (top left, bottom right: vision.crops.INDEX_REGION) wholly in sight, and the
    classifier must learn to read the card from it."""
    import torch
    import torch.nn.functional as F
    n, _, h, w = x.shape
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    k, dev = len(picked), x.device
    sign = lambda: torch.where(torch.rand(k, generator=g, device=dev) < 0.5, -1.0, 1.0)  # noqa: E731
    sx = sign() * torch.empty(k, device=dev).uniform_(*OVERLAP_SHIFT, generator=g) * 2  # normalised: the width is 2
    sy = sign() * torch.empty(k, device=dev).uniform_(*OVERLAP_DROP, generator=g) * 2
    turn = torch.deg2rad(torch.empty(k, device=dev).uniform_(-OVERLAP_TURN, OVERLAP_TURN, generator=g))
    # the covering card's pixel q = R^-1 (p - s) in pixel units; affine_grid works in units of half the side
    c, si = torch.cos(turn), torch.sin(turn)
    a = torch.stack([torch.stack([c, si * h / w]), torch.stack([-si * w / h, c])]).permute(2, 0, 1)  # D^-1 R^T D
    b = -(a @ torch.stack([sx, sy], 1).unsqueeze(2))
    grid = F.affine_grid(torch.cat([a, b], 2), (k, x.shape[1], h, w), align_corners=False)
    others = x[torch.randint(n, (k,), generator=g, device=dev)]
    laid = F.grid_sample(others, grid, padding_mode="border", align_corners=False)
    inside = F.grid_sample(torch.ones(k, 1, h, w, device=dev), grid, align_corners=False) > 0.5
    from vision.crops import INDEX_REGION
    iy, ix = max(1, round(INDEX_REGION[3] * h)), max(1, round(INDEX_REGION[2] * w))  # the index out to its far edges
    both = inside[:, 0, :iy, :ix].flatten(1).any(1) & inside[:, 0, -iy:, -ix:].flatten(1).any(1)
    inside[both] = False  # a turned card reaching into both index corners (about 1 in 100) is not laid
    return _laid_over(x, picked, inside, laid)


def defocus(x, share: float, sigma: tuple[float, float], g):
    """Blur about ``share`` of the crops x (N x C x H x W) as a camera out of focus does: each by a Gaussian
    of its own sigma (crop pixels), drawn uniformly from ``sigma``; edges repeat the border."""
    import torch
    import torch.nn.functional as F
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    k, c, dev = len(picked), x.shape[1], x.device
    radius = int(np.ceil(3 * sigma[1]))
    s = torch.empty(k, 1, device=dev).uniform_(*sigma, generator=g)
    taps = torch.exp(-(torch.arange(-radius, radius + 1, device=dev) ** 2) / (2 * s ** 2))
    taps = (taps / taps.sum(1, keepdim=True)).repeat_interleave(c, 0)  # one kernel a channel of each crop
    y = F.pad(x[picked].reshape(1, k * c, *x.shape[2:]), (radius,) * 4, mode="replicate")
    y = F.conv2d(y, taps[:, None, None, :], groups=k * c)    # along rows
    y = F.conv2d(y, taps[:, None, :, None], groups=k * c)    # and along columns
    x = x.clone()
    x[picked] = y.reshape(k, c, *x.shape[2:])
    return x


def _drawer(k: int, dev, g):
    """drawn(bounds): k values drawn uniformly within bounds with g, one a crop (k x 1 x 1, on dev)."""
    import torch

    def drawn(bounds):
        return torch.empty(k, 1, 1, device=dev).uniform_(*bounds, generator=g)
    return drawn


def _rows_and_columns(x):
    """Each pixel's row and column in a crop of x (N x C x H x W), on x's device: two H x W grids."""
    import torch
    (h, w), dev = x.shape[2:], x.device
    return torch.meshgrid(torch.arange(h, device=dev, dtype=x.dtype), torch.arange(w, device=dev, dtype=x.dtype),
                          indexing="ij")


def shine(x, share: float, card_hw: tuple[float, float], g):
    """A lamp's reflection on about ``share`` of the crops x (N x C x H x W) as on a glossy card
    (models.synth.scene.glossed): a soft elongated patch at a random angle, GLOSS_WIDTH card widths
    across and GLOSS_LENGTH card heights along, centred anywhere in the crop, washing the print toward
    white by up to GLOSS_STRENGTH at its core. card_hw: a whole card's height and width in crop pixels."""
    import torch

    from models.synth.scene import GLOSS_LENGTH, GLOSS_STRENGTH, GLOSS_WIDTH
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    (h, w), drawn = x.shape[2:], _drawer(len(picked), x.device, g)
    v, u = _rows_and_columns(x)
    du, dv, angle = u - drawn((0, w)), v - drawn((0, h)), drawn((0, torch.pi))
    across, along = du * torch.cos(angle) + dv * torch.sin(angle), dv * torch.cos(angle) - du * torch.sin(angle)
    card_h, card_w = card_hw
    sigma_across, sigma_along = drawn(GLOSS_WIDTH) * card_w, drawn(GLOSS_LENGTH) * card_h
    patch = torch.exp(-0.5 * ((across / sigma_across) ** 2 + (along / sigma_along) ** 2))
    x = x.clone()
    x[picked] = x[picked] + (drawn(GLOSS_STRENGTH) * patch).unsqueeze(1) * (1 - x[picked])
    return x


GLARE_OF_CARD = (0.15, 2.3)  # glare(): a spot's radius in card heights: models.synth.scene's GLARE_RADII of a
#                              640 px wide scene (32-128 px) over its cards, 55-220 px tall
GLARE_VEIL = (0.05, 0.9)  # glare(): how far toward white the crop's centre is washed


def glare(x, share: float, card_h: float, g):
    """A lamp's reflection on the table (models.synth.scene.glare_spot: white at its core, fading to nothing at
    twice its radius) over about ``share`` of the crops x (N x C x H x W): the radius drawn log-uniformly in
    GLARE_OF_CARD card heights (card_h: a card's height in crop pixels), the centre at a random bearing and
    at the distance where the crop's centre is washed a share drawn from GLARE_VEIL of the way to white.
    Why: under a spot the detector still finds a card whose index lies in the spot's fading edge, washed
    more on one side than the other, which no crop the readers learnt from showed."""
    import torch
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    (h, w), drawn = x.shape[2:], _drawer(len(picked), x.device, g)
    radius = card_h * torch.exp(drawn(np.log(GLARE_OF_CARD)))
    distance = radius * torch.sqrt(-torch.log(drawn(GLARE_VEIL) / 2) / 2)  # 2 exp(-2 d^2 / r^2) = the veil
    bearing = drawn((0, 2 * np.pi))
    v, u = _rows_and_columns(x)
    du, dv = u - (w - 1) / 2 + distance * torch.cos(bearing), v - (h - 1) / 2 + distance * torch.sin(bearing)
    veil = torch.clamp(2 * torch.exp(-2 * (du ** 2 + dv ** 2) / radius ** 2), max=1)
    x = x.clone()
    x[picked] = x[picked] + veil.unsqueeze(1) * (1 - x[picked])
    return x


INDEX_SCALE = 1.3  # rescale(): each axis of the print scaled by a factor in 1 / INDEX_SCALE .. INDEX_SCALE


def rescale(x, share: float, g, most: float = INDEX_SCALE):
    """Scale the print of about ``share`` of the crops x (N x C x H x W) about their top left corner, each
    axis apart by a factor drawn log-uniformly in 1 / most .. most, as a deck printing its index smaller,
    larger, narrower or wider shows it to the index corner reader (its crop has the index at its top left).
    Where a shrunk crop runs out, its edge pixels are repeated."""
    import torch
    import torch.nn.functional as F
    picked = _picked(x, share, g)
    if len(picked) == 0:
        return x
    k, dev = len(picked), x.device
    grow = torch.exp(torch.empty(k, 2, device=dev).uniform_(-np.log(most), np.log(most), generator=g))  # along x, y
    theta = torch.zeros(k, 2, 3, device=dev, dtype=x.dtype)  # output pixel (-1..1) -> where it is read in the crop
    theta[:, 0, 0], theta[:, 1, 1] = 1 / grow[:, 0], 1 / grow[:, 1]
    theta[:, 0, 2], theta[:, 1, 2] = 1 / grow[:, 0] - 1, 1 / grow[:, 1] - 1  # (-1, -1), the top left, stays put
    grid = F.affine_grid(theta, (k, x.shape[1], *x.shape[2:]), align_corners=False)
    x = x.clone()
    x[picked] = F.grid_sample(x[picked], grid, padding_mode="border", align_corners=False)
    return x


def augment(x, g, half_turns: bool = True, occlude_share: float = 0.0, overlap_share: float = 0.0,
            blur_share: float = 0.0, blur_sigma: tuple[float, float] = (0.0, 0.0), gloss_share: float = 0.0,
            card_hw: tuple[float, float] = (0.0, 0.0), rescale_share: float = 0.0, glare_share: float = 0.0):
    """A batch of crops x (N x C x H x W in [0, 1], the caller's own copy: it is changed) as a classifier
    learns from it: rescale() at rescale_share, with half_turns a random half turn, then occlude() and
    overlap() at their shares, shine() at gloss_share and glare() at glare_share (card_hw: a card's size in
    the crop), defocus() at blur_share, then light and colour (gain, tint, offset) and pixel noise. Every
    draw is made with g on x's device, so on a GPU the batch never leaves it
    (benchmarks/bench_classifier_step.py times both ways)."""
    import torch
    n, dev = len(x), x.device
    if rescale_share:
        x = rescale(x, rescale_share, g)
    if half_turns:
        turn = torch.rand(n, generator=g, device=dev) < 0.5
        x[turn] = x[turn].flip(2, 3)
    if occlude_share:
        x = occlude(x, occlude_share, g)
    if overlap_share:
        x = overlap(x, overlap_share, g)
    if gloss_share:
        x = shine(x, gloss_share, card_hw, g)
    if glare_share:
        x = glare(x, glare_share, card_hw[0], g)
    if blur_share:
        x = defocus(x, blur_share, blur_sigma, g)
    gain = torch.empty(n, 1, 1, 1, device=dev).uniform_(0.6, 1.35, generator=g)
    tint = torch.empty(n, 3, 1, 1, device=dev).uniform_(0.9, 1.1, generator=g)
    return (x * gain * tint + torch.empty(n, 1, 1, 1, device=dev).uniform_(-0.1, 0.1, generator=g)
            + torch.randn(x.shape, generator=g, device=dev) * 0.03).clamp(0, 1)


TRIAL_STEPS = 40      # train_classifier(hours=...): steps timed (the first quarter, warming up, not counted)
BUDGET_SHARE = 0.9    # of the budget for training steps; the rest for validation after each epoch and saving


def budget_epochs(step_seconds: float, steps_per_epoch: int, hours: float, most: int) -> int:
    """How many whole epochs of steps_per_epoch steps of step_seconds fit BUDGET_SHARE of hours: at least 1,
    at most `most`."""
    return max(1, min(most, int(hours * 3600 * BUDGET_SHARE / (step_seconds * steps_per_epoch))))


class MoreClassesThanMade(ValueError):
    """Training crops labelled with a class the classifier does not have, or a checkpoint to continue from
    with more classes than it is made with."""


def train_classifier(train_npz: list[Path], val_npz: list[Path], n_classes: int, out: Path, epochs: int, pooled=(1, 1),
                     batch: int = 128, lr: float = 3e-3, width: int = 16, seed: int = 0, init: Path | None = None,
                     device: str = "cpu", augmentation: dict | None = None, hours: float | None = None) -> float:
    """Train a CropClassifier on the crops of all train_npz files, each batch augmented (augment(), with
    the settings in ``augmentation``: reader_augmentation gives a stage's); saves the state best on the
    crops of all val_npz files to out; returns that val accuracy.
    init: continue from this checkpoint of ours (its width and pooling win; a head with fewer classes is widened).
    hours: a time budget; the epochs (at most `epochs`) and the LR schedule are fitted to it from the
    time of a few trial steps on a throwaway copy (for a machine held for a fixed time)."""
    import torch
    from torch import nn

    from models.classifier import CropClassifier, crops_to_tensor
    torch.manual_seed(seed)
    start = torch.load(init, map_location="cpu") if init is not None else None
    if start is not None and start["n_classes"] > n_classes:   # else widened() names a tensor, saying less
        raise MoreClassesThanMade(f"checkpoint {init} has {start['n_classes']} classes, but it has {n_classes} classes")
    tr = [np.load(f) for f in train_npz]
    va = [np.load(f) for f in val_npz]
    xtr = torch.from_numpy(np.concatenate([crops_to_tensor(t["x"]) for t in tr]))
    ytr = torch.from_numpy(np.concatenate([t["y"] for t in tr]))
    if len(ytr) and int(ytr.max()) >= n_classes:   # else the loss stops the run in its first batch, saying less
        raise MoreClassesThanMade(f"crops are labelled up to {int(ytr.max())}, but it has {n_classes} classes")
    xva = torch.from_numpy(np.concatenate([crops_to_tensor(v["x"]) for v in va]))
    yva = torch.from_numpy(np.concatenate([v["y"] for v in va]))
    if start is not None:
        width, pooled = start["width"], tuple(start["pooled"])
    model = CropClassifier(n_classes, width, pooled)
    if start is not None:
        model.load_state_dict(widened(start["state"], model.state_dict()))
    dev = torch.device(f"cuda:{device}" if device.isdigit() else device)
    model.to(dev)
    xtr, ytr = xtr.to(dev), ytr.to(dev)  # kept where they are learnt from: a batch is drawn and augmented there
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)

    def step(model, opt, idx, g) -> float:
        """One augmented batch of the crops idx, learnt; returns its summed loss."""
        x = augment(xtr[idx], g, **(augmentation or {}))
        n = len(x)
        loss = loss_fn(model(x), ytr[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        return float(loss.detach()) * n

    steps_per_epoch = (len(xtr) + batch - 1) // batch
    if hours is not None:
        trial = copy.deepcopy(model).train()
        trial_opt = torch.optim.AdamW(trial.parameters(), lr=lr / 25)
        trial_g = torch.Generator(dev).manual_seed(seed + 1)
        seconds = []
        for idx in torch.randperm(len(xtr), generator=trial_g, device=dev).split(batch)[:TRIAL_STEPS]:
            t0 = time.time()
            step(trial, trial_opt, idx, trial_g)
            seconds.append(time.time() - t0)
        step_seconds = float(np.median(seconds[len(seconds) // 4:]))
        fitted = budget_epochs(step_seconds, steps_per_epoch, hours, epochs)
        print(f"{out.name}: {fitted} epochs fit {hours} h at {step_seconds * 1000:.1f} ms a step "
              f"({steps_per_epoch} steps an epoch)", flush=True)
        epochs = fitted
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=epochs * steps_per_epoch, pct_start=0.15)
    g = torch.Generator(dev).manual_seed(seed)
    best = -1.0
    for ep in range(epochs):
        model.train()
        t0, total = time.time(), 0.0
        for idx in torch.randperm(len(xtr), generator=g, device=dev).split(batch):
            total += step(model, opt, idx, g)
            sched.step()
        acc = evaluate_classifier(model, xva, yva, dev)
        print(f"{out.name}: epoch {ep + 1}/{epochs} loss {total / len(xtr):.4f} val acc {acc:.4f} ({time.time() - t0:.0f} s)", flush=True)
        if not acc < best:  # also when there is no validation data (nan)
            best = acc
            out.parent.mkdir(parents=True, exist_ok=True)
            torch.save({"state": model.state_dict(), "n_classes": n_classes, "width": width, "pooled": pooled, "val_acc": acc}, out)
    return best


def widened(state: dict, fresh: dict) -> dict:
    """A checkpoint's state for a model with more classes (fresh: that model's own, newly made state): the
    head's rows of the classes it had kept, the new classes' rows as fresh has them (the side classifier
    continued with a third class, NOT_A_CARD). Refuses fewer classes: that would drop what was learnt."""
    out = dict(state)
    for name, tensor in state.items():
        if tensor.shape != fresh[name].shape:
            if name.split(".")[0] != "head" or tensor.shape[0] >= fresh[name].shape[0] or tensor.shape[1:] != fresh[name].shape[1:]:
                raise ValueError(f"{name}: the checkpoint's {tuple(tensor.shape)} cannot grow into {tuple(fresh[name].shape)}")
            out[name] = fresh[name].clone()
            out[name][:tensor.shape[0]] = tensor
    return out


def evaluate_classifier(model, x, y, device="cpu") -> float:
    import torch
    model.eval()
    with torch.no_grad():
        pred = torch.cat([model(b.to(device)).argmax(1).cpu() for b in x.split(512)])
    return float((pred == y).float().mean()) if len(y) else float("nan")


def classifier_train_files(stage: str, folders: list[Path]) -> list[Path]:
    """A classifier's training crops in these data folders (card_train.npz, card_train_loose.npz, ...)."""
    return [f for folder in folders for f in sorted(folder.glob(f"{stage}_train*.npz"))]


def ship_classifier(pt: Path, stage: str, to: Path) -> None:
    """{stage}_classifier.pt and .onnx (at the stage's crop size) into to: a training run's --ship or a mix of
    two readers (models.soup --reader), whose checkpoint may already lie there."""
    import torch

    from models.classifier import CropClassifier
    to.mkdir(parents=True, exist_ok=True)
    shipped = to / f"{stage}_classifier.pt"
    if not shipped.exists() or not shipped.samefile(pt):
        shutil.copy(pt, shipped)
    ck = torch.load(pt, map_location="cpu")
    model = CropClassifier(ck["n_classes"], ck["width"], tuple(ck["pooled"]))
    model.load_state_dict(ck["state"])
    model.eval()
    crop_w, crop_h = reader(stage)[1]
    torch.onnx.export(model, (torch.zeros(1, 3, crop_h, crop_w),), str(to / f"{stage}_classifier.onnx"),
                      input_names=["crops"], output_names=["logits"],
                      dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}}, opset_version=17, dynamo=False)


def export_detector(best_pt: Path, imgsz: int, to: Path, live_imgsz: int | None = None, any_size: bool = False) -> None:
    """detector.onnx at imgsz and detector.pt into to; with live_imgsz also the same weights at that input
    as the live pipeline's detector_live.onnx (vision.detector.live_detector). The live file takes inputs
    of any size (vision.detector.input_size): the pipeline hands it strips of table, which a square input
    would pad to three times their area. detector.onnx stays square for `detect` (its results were
    measured so), unless any_size (a detector made for the live pipeline, as models.soup --live). ultralytics
    writes an export beside its checkpoint, so it exports a copy: best_pt may lie among shipped weights."""
    from ultralytics import YOLO

    from vision.detector import LIVE_DETECTOR_FILE
    to.mkdir(parents=True, exist_ok=True)
    sizes = {"detector.onnx": (imgsz, any_size)}
    if live_imgsz:
        sizes[LIVE_DETECTOR_FILE] = (live_imgsz, True)
    from ultralytics.utils.torch_utils import strip_optimizer
    with tempfile.TemporaryDirectory(prefix="export_") as scratch:
        model = YOLO(shutil.copy(best_pt, Path(scratch) / "detector.pt"))
        for name, (size, dynamic) in sizes.items():
            shutil.copy(model.export(format="onnx", imgsz=size, simplify=False, dynamic=dynamic, opset=17), to / name)
    strip_optimizer(str(best_pt), str(to / "detector.pt"))  # inference-only copy: no optimizer state, fp16


def joined_data_yaml(folders: list[Path], out: Path) -> Path:
    """An ultralytics data.yaml at out that trains on the detector images of every data folder and
    validates on the first one's (its classes too)."""
    import yaml
    sets = [yaml.safe_load((f / "det" / "data.yaml").read_text()) for f in folders]
    joined = {"train": [str(Path(d["path"]) / d["train"]) for d in sets],
              "val": str(Path(sets[0]["path"]) / sets[0]["val"]), "names": sets[0]["names"]}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(yaml.safe_dump(joined, sort_keys=False))
    return out


def parse_args(argv=None) -> argparse.Namespace:
    """The command line, with flags that make no sense together refused; it reads and writes nothing
    (so models/reproduce.sh's commands can be checked without running them)."""
    ap = argparse.ArgumentParser(prog="python3 -m models.train", description=__doc__, epilog=PICKLE_WARNING,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path("runs/data"), help="output of models.make_dataset")
    ap.add_argument("--runs", type=Path, default=Path("runs/train"), help="checkpoints (git-ignored)")
    ap.add_argument("--only", choices=STAGES, action="append", help="train only these stages")
    ap.add_argument("--epochs", type=int, default=30, help="detector epochs")
    ap.add_argument("--cls-epochs", type=int, default=12, help="classifier epochs")
    ap.add_argument("--cls-width", type=int, default=16, help="classifier width (channels of its first layer)")
    ap.add_argument("--cls-lr", type=float, default=3e-3, help="classifiers' peak learning rate")
    ap.add_argument("--cls-seed", type=int, default=0, help="classifiers' seed (first weights, batch order, "
                    "augmentation): another seed repeats a run to tell a change from run-to-run noise")
    ap.add_argument("--card-init", type=Path, help="card classifier: continue from this checkpoint of ours")
    ap.add_argument("--die-init", type=Path, help="die classifier: continue from this checkpoint of ours")
    ap.add_argument("--side-init", type=Path, help="side classifier: continue from this checkpoint of ours")
    ap.add_argument("--no-card-class", action="store_true",
                    help="side classifier: a third class, no card (vision.detector.NOT_A_CARD), which "
                         "models.detector_crops --stage side labels the boxes on nothing with; a two-class "
                         "--side-init is widened")
    ap.add_argument("--corner-init", type=Path, help="index corner reader: continue from this checkpoint of ours")
    ap.add_argument("--card-occlude", type=float, default=0.0, metavar="SHARE",
                    help="card classifier: partly cover this share of the training crops, as a card on top would")
    ap.add_argument("--card-overlap", type=float, default=0.0, metavar="SHARE",
                    help="card classifier: lay another card over this share of the crops, as in a fan (see overlap)")
    ap.add_argument("--blur", type=float, default=0.0, metavar="SHARE",
                    help="card, corner and die readers: blur this share of the crops as a camera out of focus does")
    ap.add_argument("--gloss", type=float, default=0.0, metavar="SHARE",
                    help="card and corner readers: show this share of the crops a lamp's reflection, as a glossy card does")
    ap.add_argument("--glare", type=float, default=0.0, metavar="SHARE",
                    help="card and corner readers: lay the fading edge of a glare spot on the table over this share of "
                         "the crops (see glare)")
    ap.add_argument("--index-scale", type=float, default=0.0, metavar="SHARE",
                    help="index corner reader: scale the print of this share of the crops, each axis apart, as a deck "
                         "printing its index smaller, larger, narrower or wider shows it (models/MODEL_CARD.md: decks "
                         "the readers never saw)")
    ap.add_argument("--cls-val", type=Path, action="append", default=[], metavar="NPZ",
                    help="classifier validation crops, which pick the checkpoint kept (repeatable; default "
                         "DATA/STAGE_val.npz): e.g. crops of a kind the default lacks, such as cards cut by the edge")
    ap.add_argument("--extra-data", type=Path, action="append", default=[], metavar="DIR",
                    help="another models.make_dataset folder whose training data (detector images, classifier crops) joins --data's")
    ap.add_argument("--hours", type=float, help="detector time budget: ultralytics fits the epochs (and LR schedule) to it")
    ap.add_argument("--cls-hours", type=float, help="classifier time budget: the epochs (at most --cls-epochs) and LR "
                    "schedule are fitted to it from a few timed trial steps")
    ap.add_argument("--init", type=Path, help="detector: continue from these weights of ours (fine-tune)")
    ap.add_argument("--arch", default=DEFAULT_ARCH,
                    help="detector network when trained from scratch: an ultralytics model YAML (yolo11s-obb.yaml is "
                         "3.6x the parameters; built offline, no weights fetched)")
    ap.add_argument("--imgsz", type=int, default=320)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--fraction", type=float, default=1.0, help="use this fraction of the training images")
    ap.add_argument("--threads", type=int, help="torch CPU threads")
    ap.add_argument("--device", default="cpu", help="cpu, or a CUDA device index such as 0 on a machine with a GPU")
    ap.add_argument("--ship", action="store_true", help="export the trained models (ONNX + PyTorch) to --ship-to")
    ap.add_argument("--ship-to", type=Path, default=WEIGHTS, help="where --ship puts them (default models/weights/)")
    ap.add_argument("--ship-last", action="store_true", help="--ship the detector's last weights, not its best-fitness "
                    "ones (a short continuation's best epoch on a small held-out set is partly chance; its last, at the "
                    "lowest learning rate, is what the measures on larger sets judge)")
    ap.add_argument("--live-imgsz", type=int, help="--ship also exports the detector at this input as the live "
                    "pipeline's detector_live.onnx (its 300 ms budget wants a smaller one than `detect`)")
    a = ap.parse_args(argv)
    if a.init and a.arch != DEFAULT_ARCH:
        ap.error("--arch builds a detector from scratch; --init continues our own weights, whose network wins")
    stages = a.only or STAGES
    if a.cls_val and len([s for s in stages if s != "det"]) != 1:
        ap.error("--cls-val names one classifier's validation crops; train that classifier alone (--only STAGE)")
    if a.cls_hours is not None and (a.cls_hours <= 0 or a.only == ["det"]):
        ap.error("--cls-hours is a classifier's time budget in hours: a positive number, with a classifier stage")
    for share, readers, refusal in (
            (a.blur, BLURRED, "--blur is the share (0 to 1) of the card, corner and die readers' crops blurred; "
                              "train one of them"),
            (a.gloss, GLOSSED, "--gloss is the share (0 to 1) of the card and corner readers' crops shown a lamp's "
                               "reflection; train one of them"),
            (a.glare, GLOSSED, "--glare is the share (0 to 1) of the card and corner readers' crops shown a glare "
                               "spot's edge; train one of them"),
            (a.index_scale, RESCALED, "--index-scale is the share (0 to 1) of the index corner reader's crops "
                                      "rescaled; train it (--only corner)")):
        if not 0 <= share <= 1 or (share and not set(readers) & set(stages)):
            ap.error(refusal)
    if not 0 <= a.cls_seed < 2 ** 32:
        ap.error(f"--cls-seed {a.cls_seed}: a seed is a whole number from 0 to {2 ** 32 - 1}")
    if a.no_card_class and "side" not in stages:
        ap.error("--no-card-class says how the side classifier is made; train it (--only side)")
    if a.live_imgsz and not a.ship:
        ap.error("--live-imgsz says how --ship exports the live pipeline's detector; add --ship")
    if a.ship_last and not a.ship:
        ap.error("--ship-last says which detector weights --ship exports; add --ship")
    return a


def reader(stage: str) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """A classifier stage's classes, crop (width, height) and pooled cells (see CropClassifier)."""
    from vision.crops import CARD_CROP_WH, CORNER_WH, DIE_CROP_WH
    from vision.detector import NO_INDEX
    return {"card": (52, CARD_CROP_WH, (2, 1)), "die": (6, DIE_CROP_WH, (1, 1)),
            "side": (2, CARD_CROP_WH, (2, 1)), "corner": (NO_INDEX + 1, CORNER_WH, (5, 4))}[stage]



BLUR_OF_CARD = (0.004, 0.03)  # defocus(): the blur's sigma as a share of the card's height. An out-of-focus
#                               webcam (sigma 2 px) at 640 x 480 sees a card 68-230 px tall: 0.009-0.03
DIE_OF_CARD = 16 / 88  # a die's side over a card's height (a 16 mm die, an 88 mm card)


def card_height_px(stage: str) -> float:
    """How tall a whole card would be in a stage's crop pixels: the card crop is the card; the index corner
    crop is CORNER_SHARE of its height; the die crop is a die, DIE_OF_CARD of it."""
    from vision.crops import CARD_CROP_WH, CORNER_SHARE, CORNER_WH, DIE_CROP_WH
    return {"corner": CORNER_WH[1] / CORNER_SHARE[1], "die": DIE_CROP_WH[1] / DIE_OF_CARD}.get(stage, CARD_CROP_WH[1])


def reader_augmentation(stage: str, card_occlude: float = 0.0, card_overlap: float = 0.0, blur: float = 0.0,
                        gloss: float = 0.0, index_scale: float = 0.0, glare: float = 0.0) -> dict:
    """augment()'s settings for a classifier stage: the card reader's shares as asked (--card-occlude,
    --card-overlap), the side reader's SIDE_OCCLUDE; a half turn for all but the corner reader, whose
    index corner crop is always upright; for the card, corner and die readers, which read print and pips,
    defocus() at the share ``blur`` (--blur) with BLUR_OF_CARD in the crop's pixels; for the card and
    corner readers, shine() at the share ``gloss`` (--gloss) and glare() at the share ``glare`` (--glare);
    for the corner reader, rescale() at the share ``index_scale`` (--index-scale)."""
    occlude, overlap = {"card": (card_occlude, card_overlap), "side": (SIDE_OCCLUDE, 0.0)}.get(stage, (0.0, 0.0))
    settings = {"half_turns": stage != "corner", "occlude_share": occlude, "overlap_share": overlap}
    if blur and stage in BLURRED:
        settings.update(blur_share=blur, blur_sigma=tuple(s * card_height_px(stage) for s in BLUR_OF_CARD))
    if (gloss or glare) and stage in GLOSSED:
        from models.synth.scene import CARD_ASPECT
        settings.update(gloss_share=gloss, glare_share=glare,
                        card_hw=(card_height_px(stage), card_height_px(stage) * CARD_ASPECT))
    if index_scale and stage in RESCALED:
        settings.update(rescale_share=index_scale)
    return settings


def missing_data(a: argparse.Namespace) -> str | None:
    """What the stages to run need from the data folders (and --cls-val) that is not there: found at the
    start, not after an earlier stage's hours."""
    make = "make the data with: python3 -m models.make_dataset --out"
    for stage in a.only or STAGES:
        if stage == "det":
            for folder in [a.data, *a.extra_data]:
                if not (folder / "det" / "data.yaml").is_file():
                    return f"{folder}: no det/data.yaml for the detector; {make} {folder}"
            continue
        if not classifier_train_files(stage, [a.data, *a.extra_data]):
            return f"{a.data}: no {stage}_train*.npz for the {stage} reader; {make} {a.data}"
        for f in a.cls_val:
            if not f.is_file():
                return f"--cls-val {f}: no such file"
        if not a.cls_val and not (a.data / f"{stage}_val.npz").is_file():
            return f"{a.data}: no {stage}_val.npz for the {stage} reader; {make} {a.data}"
    return None


def main(argv=None):
    a = parse_args(argv)
    if why := missing_data(a):
        raise SystemExit(f"python3 -m models.train: {why}")
    if a.threads:
        import torch
        torch.set_num_threads(a.threads)
    stages = a.only or STAGES
    a.runs.mkdir(parents=True, exist_ok=True)
    for stage in stages:
        t0 = time.time()
        if stage == "det":
            data_yaml = a.data / "det" / "data.yaml"
            if a.extra_data:
                data_yaml = joined_data_yaml([a.data, *a.extra_data], a.runs / "data.yaml")
            best = train_detector(data_yaml, a.runs, a.epochs, a.imgsz, a.batch, a.workers, a.arch, a.fraction, a.hours, a.init,
                                  a.device)
            if a.ship:
                export_detector(best.with_name("last.pt") if a.ship_last else best, a.imgsz, a.ship_to, a.live_imgsz)
        else:
            n, _, pooled = reader(stage)
            if stage == "side" and a.no_card_class:
                from vision.detector import NOT_A_CARD
                n = NOT_A_CARD + 1
            init = getattr(a, f"{stage}_init")
            pt = a.runs / f"{stage}_classifier.pt"
            train_files = classifier_train_files(stage, [a.data, *a.extra_data])
            try:
                acc = train_classifier(train_files, a.cls_val or [a.data / f"{stage}_val.npz"], n, pt, a.cls_epochs, pooled,
                                       width=a.cls_width, lr=a.cls_lr, seed=a.cls_seed, init=init, device=a.device,
                                       augmentation=reader_augmentation(stage, a.card_occlude, a.card_overlap, a.blur, a.gloss,
                                                                      a.index_scale, a.glare),
                                       hours=a.cls_hours)
            except MoreClassesThanMade as e:
                raise SystemExit(f"python3 -m models.train: the {stage} reader's {e}"
                                 + (" (no card: add --no-card-class)" if stage == "side" else "")) from None
            print(f"{stage} classifier: best val acc {acc:.4f}")
            if a.ship:
                ship_classifier(pt, stage, a.ship_to)
        print(f"stage {stage}: {time.time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
