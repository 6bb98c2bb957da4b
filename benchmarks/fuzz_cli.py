"""Fuzz the command line's inputs: mutated logs, damaged stores and broken images, each given to the
commands that read them; any exception that escapes `pelituomari.cli.main` is a crash, and so is
`replay --json` printing JSON that a standard parser refuses (NaN, Infinity).

    python3 -m benchmarks.fuzz_cli [--cases 3000] [--seed 1] [--out benchmarks/results/fuzz_cli.json]

The suite runs a short fixed-seed run of the same (tests/benchmarks/test_fuzz_cli.py); this longer run
writes how many inputs of each kind were tried and how each command answered.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pelituomari.cli import main  # noqa: E402

HOSTILE_VALUES = ["1" * 5000, "NaN", "Infinity", "-1", "1e400", '"\\ud800"', '"\\u001b[2J"', "[" * 3000,
                  '"' + "x" * 300 + '"', "null", "true", '{"a":' * 50 + "1" + "}" * 50, "99999999999999999999",
                  '""', "[]", "{}", "0.5", "-0.0"]
COMMANDS = ("replay", "replay --json", "sheet", "play")


class Crash(AssertionError):
    """An input that made a command raise or print non-standard JSON: the command, the input, the error."""


def sample_lines(game: str) -> list[str]:
    text = resources.files("pelituomari.samples").joinpath(f"{game}.jsonl").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip()]


def mutate_text(line: str, rng: random.Random) -> str:
    """One line changed as a careless editor, a cut transfer or a hostile writer would change it."""
    how = rng.randrange(7)
    if how == 0 and line:  # a character dropped
        i = rng.randrange(len(line))
        return line[:i] + line[i + 1:]
    if how == 1:  # a random character put in
        i = rng.randrange(len(line) + 1)
        return line[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + line[i:]
    if how == 2 and line:  # cut short
        return line[:rng.randrange(len(line))]
    if how == 3:  # a value replaced by a hostile one
        parts = line.split(":")
        if len(parts) > 1:
            i = rng.randrange(1, len(parts))
            rest = parts[i].split(",", 1)
            parts[i] = rng.choice(HOSTILE_VALUES) + ("," + rest[1] if len(rest) > 1 else "}")
            return ":".join(parts)
    if how == 4:  # a field renamed
        return line.replace('"', '"x', 1) if rng.random() < 0.5 else line.replace('":', 'y":', 1)
    if how == 5:  # the type changed to another known one
        for name in ("card_moved", "declared", "die_settled", "game_started", "correction", "undo", "paused"):
            if name in line:
                return line.replace(name, rng.choice(("card_moved", "declared", "die_settled", "game_started",
                                                      "correction", "undo", "paused", "piece_moved")), 1)
    return rng.choice(HOSTILE_VALUES)  # a whole line of garbage


def mutate_log(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, 3)):
        how = rng.randrange(4)
        i = rng.randrange(len(lines))
        if how == 0:
            lines[i] = mutate_text(lines[i], rng)
        elif how == 1:
            del lines[i]
        elif how == 2:
            lines.insert(i, lines[rng.randrange(len(lines))])
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return lines or [""]


def damage_store(path: Path, rng: random.Random) -> None:
    """Damage a stored game as a disk, a crash or a person with sqlite3 might."""
    how = rng.randrange(5)
    if how == 0:  # bytes flipped somewhere in the file
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))
        return
    if how == 1:  # cut short
        data = path.read_bytes()
        path.write_bytes(data[:rng.randrange(len(data))])
        return
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        seqs = [row[0] for row in db.execute("SELECT seq FROM events")]
        seq = rng.choice(seqs)
        if how == 2:
            db.execute("DELETE FROM events WHERE seq = ?", (seq,))
        elif how == 3:
            body = db.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()[0]
            db.execute("UPDATE events SET body = ? WHERE seq = ?", (mutate_text(body, rng), seq))
        else:
            junk = rng.choice(HOSTILE_VALUES + ["[1, 2]", '["a"'])
            db.execute("UPDATE games SET players = ?", (junk,))


def damage_image(data: bytes, rng: random.Random) -> bytes:
    how = rng.randrange(3)
    if how == 0:
        return data[:rng.randrange(len(data))]
    if how == 1:
        out = bytearray(data)
        for _ in range(rng.randint(1, 50)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    return data[:16] + rng.randbytes(8) + data[24:]  # a PNG header claiming any size


def run_command(argv: list[str], what: str) -> int:
    """Run one command in-process; a Crash if anything escapes main or its JSON is not standard."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as e:  # argparse refusing an option
        code = e.code if isinstance(e.code, int) else 2
    except BaseException as e:  # noqa: BLE001  (what the fuzzer is for)
        raise Crash(f"{' '.join(argv)} on {what}: {type(e).__name__}: {str(e)[:300]}") from e
    if "--json" in argv and code == 0:
        try:
            json.loads(out.getvalue(), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
        except ValueError as e:
            raise Crash(f"{' '.join(argv)} on {what}: printed non-standard JSON ({e})") from None
    return code


def fuzz(cases: int, seed: int, images: int = 0) -> dict:
    """Run cases mutated logs and damaged stores (and images damaged images through detect); a Crash on the first
    failure. Returns how many inputs of each kind were tried and the exit codes seen per command."""
    rng = random.Random(seed)
    logs = {game: sample_lines(game) for game in ("kiketti", "kimble")}
    codes: dict[str, Counter] = {}
    tried = Counter()
    memory = Path("/dev/shm")  # the stores' every-event fsync costs nothing there
    with tempfile.TemporaryDirectory(dir=memory if memory.is_dir() else None) as scratch:
        folder = Path(scratch)
        for n in range(cases):
            game = rng.choice(sorted(logs))
            log = folder / f"{n}.jsonl"
            log.write_text("\n".join(mutate_log(logs[game], rng)) + "\n", encoding="utf-8", errors="surrogatepass")
            if rng.random() < 0.7:
                command = rng.choice(COMMANDS)
                argv = (command.split() + [str(log)] if command != "play"
                        else ["play", str(log), "--db", str(folder / f"{n}.db")])
                tried["log"] += 1
            else:
                store = folder / f"{n}.db"
                run_command(["play", str(log), "--db", str(store)], f"log {n}")
                if not store.exists():
                    continue
                damage_store(store, rng)
                argv = rng.choice((["replay", str(store)], ["sheet", str(store)],
                                   ["resume", "--db", str(store), str(folder / "none.jsonl")]))
                (folder / "none.jsonl").write_text("")
                tried["store"] += 1
            code = run_command(argv, f"input {n} (seed {seed})")
            codes.setdefault(argv[0] + (" --json" if "--json" in argv else ""), Counter())[code] += 1
        if images:
            import cv2
            import numpy as np
            png = cv2.imencode(".png", np.full((64, 96, 3), 120, np.uint8))[1].tobytes()
            jpeg = cv2.imencode(".jpg", np.full((64, 96, 3), 120, np.uint8))[1].tobytes()
            paths = []
            for n in range(images):
                path = folder / f"img{n}.{'png' if n % 2 else 'jpg'}"
                path.write_bytes(damage_image(png if n % 2 else jpeg, rng))
                paths.append(str(path))
            codes["detect"] = Counter([run_command(["detect", *paths, "--json"], f"{images} damaged images")])
            tried["image"] += images
    return {"seed": seed, "tried": dict(tried),
            "exit_codes": {cmd: {str(k): v for k, v in sorted(c.items())} for cmd, c in sorted(codes.items())},
            "crashes": 0}


def main_cli() -> int:
    ap = argparse.ArgumentParser(prog="python3 -m benchmarks.fuzz_cli", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--images", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "fuzz_cli.json")
    args = ap.parse_args()
    began = time.perf_counter()
    result = fuzz(args.cases, args.seed, args.images)
    result["minutes"] = round((time.perf_counter() - began) / 60, 1)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main_cli())
