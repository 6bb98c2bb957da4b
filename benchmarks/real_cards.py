"""The real-cards-corners photos (../shared/datasets/real-cards-corners, its README): their labels, the fixed
split by shot, and how detections are scored against them, for the benchmark and for training alike.

The labels box a card's corner index (rank over suit), not the card: one line per corner, a card showing up
to two. A photo holds one deck, so the corners of one class are one card; a name not among the photo's
classes is a certain misread. Scoring (issue 77): a face-up card is *found* when a `card` or `card_back` box
holds the centre of one of its labelled corners, *read* when such a box names it; a box holding no labelled
corner at all (a back's or a joker's counts) is *no card*.

Split: each shot was exported three times (brightness, blur, noise, shear), the copies sharing the name up
to `_jpg.rf.`; a shot is held out for validation when the first 8 hex digits of the sha256 of its name,
as a number, leave 0 divided by 5 (HELD_OUT_ONE_IN): about one shot in five, whatever files are added,
and never a shot's copies on both sides.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

CLASSES_FILE = "classes.txt"
SHOT_END = "_jpg.rf."  # a file's name up to this is its shot's
HELD_OUT_ONE_IN = 5
SPLITS = ("train", "held_out")
BACK = "BACK"
JOKERS = ("BLACK JOKER", "RED JOKER")
SUIT_OF = {"S": "s", "H": "h", "D": "d", "C": "c"}


class LabelError(ValueError):
    """A label file's line is not a box or a polygon of a known class."""


def card_code(name: str) -> str | None:
    """Our code of a class name ("10C" -> "Tc", "AS" -> "As"); None for a back or a joker."""
    if name == BACK or name in JOKERS:
        return None
    rank, suit = name[:-1], name[-1:]
    rank = "T" if rank == "10" else rank
    if len(rank) != 1 or rank not in "A23456789TJQK" or suit not in SUIT_OF:
        raise LabelError(f"{name!r} is not a card, {BACK} or a joker")
    return rank + SUIT_OF[suit]


@dataclass(frozen=True)
class Corner:
    """One label line: its class name as classes.txt spells it, and its box in pixels (a polygon's bounding box)."""
    name: str
    box: tuple[float, float, float, float]

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2

    @property
    def card(self) -> str | None:
        return card_code(self.name)


def read_classes(folder: Path) -> list[str]:
    path = Path(folder) / CLASSES_FILE
    if not path.is_file():
        raise FileNotFoundError(f"{folder}: no {CLASSES_FILE} (expected the real-cards-corners data set)")
    names = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    for name in names:
        card_code(name)
    return names


def read_corners(label: Path, classes: list[str], w: int, h: int) -> list[Corner]:
    """The corners of a YOLO label file, in pixels of a w x h image: `class cx cy bw bh` or a polygon
    `class x1 y1 x2 y2 ...` (normalised), taken as its bounding box."""
    out = []
    for n, line in enumerate(Path(label).read_text().splitlines(), 1):
        if not line.strip():
            continue
        where = f"{label}:{n}"
        try:
            c, *v = line.split()
            cls, values = int(c), [float(x) for x in v]
        except ValueError:
            raise LabelError(f"{where}: not numbers: {line.strip()!r}") from None
        if not 0 <= cls < len(classes):
            raise LabelError(f"{where}: class {cls} is not among the {len(classes)} of {CLASSES_FILE}")
        if len(values) == 4:
            cx, cy, bw, bh = values
            box = (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)
        elif len(values) >= 6 and len(values) % 2 == 0:
            xs, ys = values[0::2], values[1::2]
            box = (min(xs), min(ys), max(xs), max(ys))
        else:
            raise LabelError(f"{where}: {len(values)} numbers: neither a box (4) nor a polygon (an even 6 or more)")
        out.append(Corner(classes[cls], (box[0] * w, box[1] * h, box[2] * w, box[3] * h)))
    return out


def shot(path: str | Path) -> str:
    """The shot a file is a copy of: its name up to SHOT_END (the whole stem where there is none)."""
    stem = Path(path).stem
    return stem.split(SHOT_END, 1)[0] if SHOT_END in stem else stem


def is_held_out(shot_name: str) -> bool:
    """The fixed rule (module docstring): a stable hash of the shot's name, one shot in HELD_OUT_ONE_IN."""
    return int(hashlib.sha256(shot_name.encode()).hexdigest()[:8], 16) % HELD_OUT_ONE_IN == 0


def split_of(path: str | Path) -> str:
    return SPLITS[is_held_out(shot(path))]


def photos(folder: Path) -> list[Path]:
    """The labelled .jpg photos of a real-cards-corners folder, by name."""
    found = sorted(p for p in Path(folder).glob("*.jpg") if p.with_suffix(".txt").is_file())
    if not found:
        raise FileNotFoundError(f"{folder}: no labelled .jpg photos (expected the real-cards-corners data set)")
    return found


def split(paths: list[Path]) -> dict[str, list[Path]]:
    """The photos of each of SPLITS."""
    return {name: [p for p in paths if split_of(p) == name] for name in SPLITS}


def _quad(det) -> np.ndarray:
    """A detection's outline: its oriented box where it has one, else its box."""
    if det.corners:
        return np.float32(det.corners)
    x1, y1, x2, y2 = det.box
    return np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])


def _holds(quad: np.ndarray, point: tuple[float, float]) -> bool:
    return cv2.pointPolygonTest(quad, (float(point[0]), float(point[1])), False) >= 0


@dataclass
class Tally:
    """Counts over photos (add one at a time). Face-up cards: found (read + unread + misnamed + as_back:
    held only by face-down boxes); boxes (card and card_back) and those holding no labelled corner; names
    (face-up boxes with a card): right (the box holds a corner of that card), wrong (a card not in the
    photo, or a box holding only other cards' corners), unjudged (a card of the photo, on a box holding no
    labelled corner); labelled backs and jokers and the boxes on them."""
    photos: int = 0
    face_up: int = 0
    found: int = 0
    read: int = 0
    unread: int = 0
    misnamed: int = 0
    as_back: int = 0
    boxes: int = 0
    no_card: int = 0
    names: dict = field(default_factory=lambda: {"right": 0, "wrong": 0, "not_in_photo": 0, "unjudged": 0})
    backs: dict = field(default_factory=lambda: {"labelled": 0, "in_a_back_box": 0, "in_a_face_box": 0})
    jokers: dict = field(default_factory=lambda: {"labelled": 0, "boxed": 0, "named": 0})

    def add(self, corners: list[Corner], dets) -> list[tuple[object, str]]:
        """Score one photo's detections against its corners; returns each named box with its verdict
        ("right", "wrong" or "unjudged"), for measuring what a reading's score says."""
        self.photos += 1
        boxes = [d for d in dets if d.kind in ("card", "card_back")]
        quads = [_quad(d) for d in boxes]
        holds = [[_holds(q, c.centre) for c in corners] for q in quads]
        cards: dict[str, list[int]] = {}
        for j, c in enumerate(corners):
            if c.card is not None:
                cards.setdefault(c.card, []).append(j)
        for code, js in cards.items():
            self.face_up += 1
            holders = [boxes[i] for i in range(len(boxes)) if any(holds[i][j] for j in js)]
            if not holders:
                continue
            self.found += 1
            faces = [d for d in holders if d.kind == "card"]
            if any(d.card == code for d in faces):
                self.read += 1
            elif any(d.card is not None for d in faces):
                self.misnamed += 1
            elif faces:
                self.unread += 1
            else:
                self.as_back += 1
        self.boxes += len(boxes)
        self.no_card += sum(not any(h) for h in holds)
        verdicts = []
        for d, h in zip(boxes, holds):
            if d.kind != "card" or d.card is None:
                continue
            if any(hj and c.card == d.card for hj, c in zip(h, corners)):
                verdict = "right"
            elif d.card not in cards or any(h):
                verdict = "wrong"
                self.names["not_in_photo"] += d.card not in cards
            else:
                verdict = "unjudged"
            self.names[verdict] += 1
            verdicts.append((d, verdict))
        backs = [j for j, c in enumerate(corners) if c.name == BACK]
        self.backs["labelled"] += len(backs)
        for key, kind in (("in_a_back_box", "card_back"), ("in_a_face_box", "card")):
            self.backs[key] += sum(any(d.kind == kind and h[j] for d, h in zip(boxes, holds)) for j in backs)
        for joker in {c.name for c in corners if c.name in JOKERS}:
            on = [d for d, h in zip(boxes, holds) if any(hj and c.name == joker for hj, c in zip(h, corners))]
            self.jokers["labelled"] += 1
            self.jokers["boxed"] += bool(on)
            self.jokers["named"] += any(d.card is not None for d in on)
        return verdicts

    def summary(self) -> dict:
        def share(a, b):
            return round(a / b, 4) if b else None
        names = sum(self.names[k] for k in ("right", "wrong", "unjudged"))
        return {"photos": self.photos, "face_up": self.face_up,
                "found": share(self.found, self.face_up), "read": share(self.read, self.face_up),
                "unread": share(self.unread, self.face_up), "misnamed": share(self.misnamed, self.face_up),
                "no_card": share(self.no_card, self.boxes), "names_wrong": share(self.names["wrong"], names),
                "names_not_in_photo": share(self.names["not_in_photo"], names),
                "counts": {"found": self.found, "read": self.read, "unread": self.unread, "misnamed": self.misnamed,
                           "as_back": self.as_back, "boxes": self.boxes, "no_card": self.no_card,
                           "names": names, **{f"names_{k}": v for k, v in self.names.items()},
                           "backs": dict(self.backs), "jokers": dict(self.jokers)}}
