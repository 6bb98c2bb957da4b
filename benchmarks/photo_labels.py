"""Labelled photographs for `bench_detect --photos`: the real-photo targets need real photos, and the
quickest way to label one is to correct what the detector says about it.

    pelituomari detect photos/*.jpg --json --draw photos/drawn > photos/labels.jsonl
    # fix each line by hand, looking at photos/drawn/: right kinds, cards and dice, add what was
    # missed, drop what is not there, and mark "hidden": true on objects too covered to name
    python3 -m benchmarks.bench_detect --synthetic 0 --photos photos/labels.jsonl --out benchmarks/results/photos.json

A labels file is `pelituomari detect --json` output: one JSON object per photo, a line each (or laid
out over many lines, as an editor or `jq . labels.jsonl` lays it out, for correcting by hand),
{"image": path, "width": w, "height": h, "detections": [...]}, each detection {"kind", "box", "card",
"die"} ("confidence" is ignored), plus "hidden": true on an object that is there but too covered to
name or box: a detection of it is neither found nor false. A relative image path is looked for beside
the labels file, then in the working directory (where `detect` was run), then by its file name beside
the labels file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pelituomari.commands.detect import read_image
from vision.detector import CARD_CODES, KINDS


class LabelError(ValueError):
    """A labels file that cannot be scored; the message names the file, line and detection."""


@dataclass(frozen=True)
class LabelledPhoto:
    path: Path               # read again when scored: a folder of phone photos need not fit in memory
    truth: list[dict]        # the objects to find: kind, box, card, die
    hidden: list[tuple]      # the boxes of objects there but not scored


def _box(value, w: int, h: int) -> tuple[float, ...]:
    if not (isinstance(value, list) and len(value) == 4 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"box must be [x1, y1, x2, y2] in pixels, got {value!r}")
    x1, y1, x2, y2 = value
    if not (0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h):
        raise ValueError(f"box {value} must have x1 < x2 and y1 < y2 within the {w}x{h} image")
    return float(x1), float(y1), float(x2), float(y2)


def _object(d, w: int, h: int) -> tuple[dict, bool]:
    """(the labelled object, whether it is hidden); ValueError naming what is wrong."""
    if not isinstance(d, dict):
        raise ValueError(f"must be an object with kind and box, got {d!r}")
    kind, card, die, hidden = d.get("kind"), d.get("card"), d.get("die"), d.get("hidden", False)
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if not isinstance(hidden, bool):
        raise ValueError(f"hidden must be true or false, got {hidden!r}")
    box = _box(d.get("box"), w, h)
    if card is not None and (kind != "card" or card not in CARD_CODES):
        raise ValueError(f"card must be null on a {kind}" if kind != "card" else
                         f"card must be a rank from A23456789TJQK and a suit from shdc, e.g. \"Td\", got {card!r}")
    if die is not None and (kind != "die" or die not in range(1, 7) or isinstance(die, bool)):
        raise ValueError(f"die must be null on a {kind}" if kind != "die" else f"die must be 1-6, got {die!r}")
    if not hidden and kind == "card" and card is None:
        raise ValueError('a face-up card needs its "card" (e.g. "Td"), or "hidden": true if it cannot be named')
    if not hidden and kind == "die" and die is None:
        raise ValueError('a die needs its top face in "die" (1-6), or "hidden": true if it cannot be read')
    return {"kind": kind, "box": box, "card": card, "die": die}, hidden


def _image_path(name: str, labels: Path) -> Path:
    """Where a labelled photo is: as named if absolute, else beside the labels file, else in the working
    directory, else by its file name beside the labels (labels kept in the photos' folder, scored from
    another directory than `detect` ran in); ValueError naming the places where it is in none."""
    p = Path(name)
    if p.is_absolute():
        return p
    places = list(dict.fromkeys((labels.parent / p, p, labels.parent / p.name)))
    for place in places:
        if place.exists():
            return place
    beside = [str(place) for place in places if place != p]
    raise ValueError(f"no such file beside the labels ({' or '.join(beside)}) nor in the working directory ({p})")


def _entries(text: str, labels: Path):
    """(the line it starts on, value) of each JSON value in text, one after another: a line each as
    `detect --json` writes them, or spread over lines as an editor or `jq .` lays them out."""
    decoder, at = json.JSONDecoder(), 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at == len(text):
            return
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as e:
            raise LabelError(f"{labels} line {e.lineno}: not JSON ({e.msg} at column {e.colno})") from None
        yield text.count("\n", 0, at) + 1, value
        at = end


def read_labels(labels: str | Path) -> list[LabelledPhoto]:
    """Every photo of a labels file with its objects, all checked before any is scored; LabelError
    naming the file, line and detection of the first thing wrong."""
    labels = Path(labels)
    try:
        text = labels.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise LabelError(f"{labels}: cannot read the labels file: {e}") from None
    photos, first_seen = [], {}
    for n, entry in _entries(text, labels):
        where = f"{labels} line {n}"
        if not isinstance(entry, dict) or not isinstance(entry.get("image"), str) or not isinstance(entry.get("detections"), list):
            raise LabelError(f'{where}: expected {{"image": path, "detections": [...]}} as `pelituomari detect --json` writes')
        try:
            path = _image_path(entry["image"], labels)
            image = read_image(str(path))
        except (ValueError, OSError) as e:
            raise LabelError(f"{where}: image {entry['image']}: {e}") from None
        same = path.resolve()
        if same in first_seen:
            raise LabelError(f"{where}: {path} is labelled already, on line {first_seen[same]}")
        first_seen[same] = n
        h, w = image.shape[:2]
        if (entry.get("width", w), entry.get("height", h)) != (w, h):
            raise LabelError(f"{where}: labelled as {entry.get('width')}x{entry.get('height')}, "
                             f"but {path} is {w}x{h}: a label of another photo?")
        truth, hidden = [], []
        for k, d in enumerate(entry["detections"]):
            try:
                obj, is_hidden = _object(d, w, h)
            except ValueError as e:
                raise LabelError(f"{where}, detection {k}: {e}") from None
            if is_hidden:
                hidden.append(obj["box"])
            else:
                truth.append(obj)
        photos.append(LabelledPhoto(path, truth, hidden))
    if not photos:
        raise LabelError(f"{labels}: no labelled photos in it")
    return photos
