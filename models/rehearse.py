"""Rehearse models/reproduce.sh at a tiny scale: every command of its 43 steps, in order, in minutes.

    python3 -m models.rehearse [--scale S] [--from-step N] [--keep DIR] [REAL_DICE_FOLDER]

Why: the script remakes the shipped weights in about 18 hours of CPU, so it is never run whole, and a
renamed flag, a file a step expects but no step makes, or a step out of order shows only hours in.
The rehearsal runs the same script with every size and time scaled down (scale_flags: data sets of a
few scenes, one epoch, budgets of seconds), so it checks that each command still runs against the
current code, not what it learns. It runs in a fresh clone of HEAD (the steps' --ship would otherwise
replace this tree's models/weights/), with this tree's reproduce.sh (so a fix can be rehearsed before it
is committed) and a copy of the rendered decks (runs/cards, git-ignored). The script's whole output
goes to DIR/rehearse.log; a step's start and a failure's command and output tail to stdout.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path("models/reproduce.sh")
CARDS = Path("runs/cards")  # make_dataset's deck cache, relative to the repository root
DEFAULT_SCALE = 0.03  # a set of 2000 scenes -> 60: steps 1-30 in 20 minutes on 2 cores, step 31 in 2 (0.01: 15)
SIZES = ("train", "val", "card-crops", "loose-card-crops", "corner-patches", "cut-card-patches", "scenes")
# a flag and its number, the two perhaps split by a line continuation; --cls-val is not --val
FLAG = re.compile(r"(?<![\w-])--(?P<flag>[a-z][a-z-]*)(?P<gap>(?:[ \t]|\\\n)+)(?P<value>\d+(?:\.\d+)?)(?![\w.])")
STEP = re.compile(r"^# (\d+)\. ", re.M)
MARK = "@@rehearse"
# detector_crops stops when its scenes hold nothing of its stage ("no die found"): a few scenes of the mix may
# hold no die, so its sets keep 10; every other size at least 2 (a set of 1 leaves nothing to validate on)
FLOORS = {"scenes": 10}
# Step 2 trains the one detector made from scratch; in a rehearsal's seconds it learns to see nothing, and
# step 20's detector_crops then finds no die. So as step 3 starts the rehearsal puts HEAD's shipped detector
# back: the steps after fine-tune, mix and crop with a detector that sees, as after step 2's 79 minutes.
SEEING = {3: "git checkout -q HEAD -- models/weights/detector.pt models/weights/detector.onnx"}
CAPS = {"workers": 2, "batch": 8}


def scaled(flag: str, value: str, scale: float) -> str | None:
    """The rehearsal's value of one numeric flag, or None where the flag is left as it is."""
    if flag in SIZES:  # at least FLOORS' or 2, but 0 stays 0: "no such data"
        return "0" if int(value) == 0 else str(max(FLOORS.get(flag, 2), round(int(value) * scale)))
    if flag == "hours":  # a budget of seconds: ultralytics stops within the first epoch
        return f"{max(0.0005, float(value) * scale):.3g}"
    if flag in ("epochs", "cls-epochs"):
        return "1"
    if flag in CAPS:  # the CPU's 2 cores, and a batch that a set of a few scenes fills
        return str(min(int(value), CAPS[flag]))
    return None


def scale_flags(text: str, scale: float) -> str:
    """reproduce.sh's text with its sizes, budgets, epochs, workers and batches scaled down (pure)."""
    def one(m: re.Match) -> str:
        new = scaled(m["flag"], m["value"], scale)
        return m[0] if new is None else f"--{m['flag']}{m['gap']}{new}"
    return FLAG.sub(one, text)


def instrument(text: str, from_step: int = 1) -> str:
    """The script with a marker echoed as each numbered step starts (and SEEING's command run), one naming
    the command and line of a failure (an ERR trap), and one at its end; steps before from_step are
    blanked but for their variable assignments (step 16's device=... is used later). Line numbers stay
    reproduce.sh's."""
    lines = text.split("\n")
    step = 0
    for i, line in enumerate(lines):
        if m := STEP.match(line):
            step = int(m[1])
            seeing = f"{SEEING[step]}; " if step in SEEING and step >= from_step else ""
            lines[i] = f'echo "{MARK} step {step}"; {seeing}{line}'
        elif line.strip() == "set -euo pipefail":
            lines[i] = line + f"; trap 'echo \"{MARK} failed line $LINENO: $BASH_COMMAND\"' ERR"
        elif 0 < step < from_step and not re.match(r"[A-Za-z_]\w*=", line):
            lines[i] = ""
    body = "\n".join(lines)
    return body + ("" if body.endswith("\n") else "\n") + f'echo "{MARK} done"\n'


def prepare(dest: Path) -> None:
    """A clone of HEAD at dest (kept as it is when it is one already: --from-step goes on in it) with
    the rendered decks copied in (copied, not linked: make_dataset renders missing decks into it)."""
    if not (dest / ".git").exists():
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(dest)], check=True)
    if not (dest / CARDS).exists() and (ROOT / CARDS).exists():
        shutil.copytree(ROOT / CARDS, dest / CARDS)


def rehearse(repo: Path, script: str, real_dice: Path) -> tuple[bool, list[tuple[int, float]], float, str]:
    """Run the instrumented script in repo, its output streamed to repo/rehearse.log; returns whether it
    ran through, (step, seconds) of each step begun, the total seconds, and on failure the failed command
    and the output's tail."""
    path = repo / "models" / "reproduce_rehearsal.sh"  # the script cds to its folder's parent: the clone
    path.write_text(script)
    tail, steps, failure, done = collections.deque(maxlen=40), [], "", False
    t0 = time.monotonic()
    with open(repo / "rehearse.log", "w") as log, subprocess.Popen(
            ["bash", str(path), str(real_dice)], cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, errors="replace", env={**os.environ, "PYTHONUNBUFFERED": "1"}) as proc:
        for line in proc.stdout:
            log.write(line)
            log.flush()
            now = time.monotonic() - t0
            if line.startswith(f"{MARK} step "):
                steps.append((int(line.split()[2]), now))
                print(f"[{now / 60:6.1f} min] step {steps[-1][0]}", flush=True)
            elif line.startswith(f"{MARK} failed "):
                failure = line[len(MARK) + 1:].strip()
            elif line.startswith(f"{MARK} done"):
                done = True
            else:
                tail.append(line.rstrip("\n"))
        rc = proc.wait()
    end = time.monotonic() - t0
    times = [(s, (steps[i + 1][1] if i + 1 < len(steps) else end) - t) for i, (s, t) in enumerate(steps)]
    ok = rc == 0 and done
    if not ok:
        failure = f"exit status {rc}; {failure or 'no failing command reported'}\n" + "\n".join(tail)
    return ok, times, end, failure


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m models.rehearse", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("real_dice", nargs="?", type=Path, default=ROOT.parent / "shared/datasets/real-dice-topdown",
                    help="the real-dice-topdown folder (default ../shared/datasets/real-dice-topdown)")
    ap.add_argument("--scale", type=float, default=DEFAULT_SCALE, help="share of each data size and time budget")
    ap.add_argument("--from-step", type=int, default=1, help="skip the steps before this one (in a kept clone)")
    ap.add_argument("--keep", type=Path, help="clone into this folder and keep it (default a temporary one, "
                    "removed when the rehearsal runs through)")
    a = ap.parse_args(argv)
    repo = (a.keep or Path(tempfile.mkdtemp(prefix="rehearse_"))).resolve()
    prepare(repo)
    script = instrument(scale_flags((ROOT / SCRIPT).read_text(), a.scale), a.from_step)
    print(f"rehearsing {SCRIPT} at scale {a.scale} in {repo} (log: {repo / 'rehearse.log'})", flush=True)
    ok, times, total, failure = rehearse(repo, script, a.real_dice.resolve())
    print("\nstep  seconds")
    for step, seconds in times:
        print(f"{step:4d}  {seconds:7.0f}" if step >= a.from_step else f"{step:4d}  skipped")
    print(f"total {total / 60:.1f} min, {len(times)} steps begun: "
          + ("ran through" if ok else f"FAILED in step {times[-1][0] if times else '-'}"))
    if not ok:
        print(failure)
    elif a.keep is None:
        shutil.rmtree(repo)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
