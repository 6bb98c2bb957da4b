"""Benchmark how the readers read card indices set in fonts: those they learnt and those they never saw.

    python3 benchmarks/bench_fonts.py [--weights models/weights] [--int8] [--out benchmarks/results/fonts.json]

Why: a real deck's index is printed in a font of its own, and a corner reader that never saw a font
reads a 6 as a 5 or an 8. This measures that on procedural cards,
upright on a plain table, whose index is set in one of three kinds of lettering:

* `hershey`: OpenCV's Hershey fonts, as on the procedural decks every reader learnt (12 decks);
* `trained_fonts`: the TrueType fonts of the font decks the corner reader learnt (models.synth.decks.INDEX_FONTS; 12 decks);
* `unseen_fonts`: 8 fonts of four families no deck uses (Nimbus Roman, C059, URW Gothic, Nimbus Mono).

Each deck's 52 cards are read at each card width two ways: `corner`, the top-left index corner by the
corner reader alone; `covered_card`, the whole card as `pelituomari detect` reads it (card and corner
readers together, a reading below the card reader's confidence floor counting as unread) with a
plain back laid over all of it but that corner. Seeds 9000-9011 and 9100-9111 draw the decks' paper,
colours and pips, none of them a training deck's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_detect import machine  # noqa: E402
from models.synth.decks import CARD_H, CARD_W, CODES, INDEX_FONTS, font_style, procedural_card, procedural_style  # noqa: E402
from vision.crops import index_corners  # noqa: E402
from vision.detector import DEFAULT_WEIGHTS, Detector, WeightsDamaged, WeightsMissing  # noqa: E402

URW = Path("/usr/share/fonts/opentype/urw-base35")
UNSEEN_FONTS = tuple(URW / f for f in (
    "NimbusRoman-Bold.otf", "NimbusRoman-Regular.otf", "C059-Bold.otf", "C059-Roman.otf",
    "URWGothic-Demi.otf", "URWGothic-Book.otf", "NimbusMonoPS-Bold.otf", "NimbusMonoPS-Regular.otf"))
WIDTHS = (50, 70, 100, 140)   # card widths in pixels: a card seen from 1.5 m by a webcam to one from a phone
TABLE = (60, 110, 70)         # green felt, BGR
BACK = (200, 60, 40)          # the plain back laid over all but the index corner
KINDS = ("hershey", "trained_fonts", "unseen_fonts")


def styles(kind: str) -> list[dict]:
    """The decks of one kind of lettering (see the module's docstring)."""
    if kind == "hershey":
        return [procedural_style(9000 + i) for i in range(12)]
    fonts = {"trained_fonts": INDEX_FONTS, "unseen_fonts": UNSEEN_FONTS}[kind]
    try:   # the font decks' own check: a font not installed is named with its package
        return [font_style(i, fonts, first_seed=9100) for i in range(len(fonts))]
    except ValueError as e:
        raise SystemExit(f"bench_fonts: {e}")


def on_table(card: np.ndarray, width: int, covered: bool = False) -> tuple[np.ndarray, tuple]:
    """A 640x480 table photo (JPEG at quality 95) with the card upright in its middle, `width` px wide,
    and the card's exact rect; covered, a plain back hides all of the card but its top-left 36 x 34 %,
    where its index is."""
    h = int(round(width * CARD_H / CARD_W))
    small = cv2.resize(card, (width, h), interpolation=cv2.INTER_AREA)
    table = np.full((480, 640, 3), TABLE, np.uint8)
    y, x = (480 - h) // 2, (640 - width) // 2
    alpha = small[:, :, 3:4] / 255.0
    table[y:y + h, x:x + width] = (small[:, :, :3] * alpha + table[y:y + h, x:x + width] * (1 - alpha)).astype(np.uint8)
    if covered:
        cv2.rectangle(table, (x + int(0.36 * width), y - 5), (x + width + 40, y + h + 5), BACK, -1)
        cv2.rectangle(table, (x - 5, y + int(0.34 * h)), (x + width + 40, y + h + 5), BACK, -1)
    table = cv2.imdecode(cv2.imencode(".jpg", table, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], cv2.IMREAD_COLOR)
    return table, ((x + width / 2, y + h / 2), (width, h), 0.0)


def score(detector: Detector, decks: list[dict], width: int) -> dict:
    """Of the decks' cards at this width: how many the corner reader names from the index corner alone,
    and how many are read right as a covered card."""
    corner = covered = 0
    for style in decks:
        cards = [procedural_card(code, style) for code in CODES]
        crops = [index_corners(*on_table(card, width))[0] for card in cards]
        p = detector._read("corner", [crops], (0,))
        corner += sum(int(j) < len(CODES) and CODES[int(j)] == code for code, j in zip(CODES, p.argmax(1)))
        for code, card in zip(CODES, cards):
            image, rect = on_table(card, width, covered=True)
            q = detector._card_probs(image, [rect])[0]
            covered += CODES[int(q.argmax())] == code and q.max() >= detector.card_min_prob
    return {"corner": int(corner), "covered_card": int(covered), "cards": len(CODES) * len(decks)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", type=Path, default=DEFAULT_WEIGHTS, help="model folder (default: models/weights)")
    ap.add_argument("--int8", action="store_true", help="the readers' int8 copies")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "fonts.json")
    a = ap.parse_args(argv)
    try:
        detector = Detector(a.weights, int8=a.int8)
    except (WeightsMissing, WeightsDamaged) as e:   # each names the file and how to make or restore it
        raise SystemExit(f"bench_fonts: {e}")
    decks = {kind: styles(kind) for kind in KINDS}   # every font checked before the first is read
    counts = {}
    for kind in KINDS:
        counts[kind] = {str(width): score(detector, decks[kind], width) for width in WIDTHS}
        print(kind, ", ".join(f"{w} px {c['corner']}/{c['covered_card']} of {c['cards']}"
                              for w, c in counts[kind].items()), flush=True)
    result = {"machine": machine(), "weights": str(a.weights), "int8": a.int8, "widths_px": list(WIDTHS),
              "decks": {kind: len(decks[kind]) for kind in KINDS}, "counts": counts}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
