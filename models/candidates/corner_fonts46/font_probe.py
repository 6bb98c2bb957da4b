"""The corner reader alone on the top-left index corner of procedural cards (upright, exact rect, on a
plain table, JPEG 95) whose index is set in Hershey (as the proc decks), in the font decks' TrueType
fonts (models.synth.decks.INDEX_FONTS) or in fonts of four families kept out of them; and the whole
reading (card + corners, Detector._card_probs) of the same cards covered but for that corner.
    python3 models/candidates/corner_fonts46/font_probe.py WEIGHTS_DIR [WEIGHTS_DIR ...]"""
import sys
from pathlib import Path
import numpy as np, cv2
sys.path.insert(0, ".")
from models.synth.decks import CARD_H, CARD_W, CODES, INDEX_FONTS, procedural_card, procedural_style
from vision.crops import index_corners
from vision.detector import Detector

HELD_OUT = tuple(Path("/usr/share/fonts/opentype/urw-base35") / f for f in (
    "NimbusRoman-Bold.otf", "NimbusRoman-Regular.otf", "C059-Bold.otf", "C059-Roman.otf",
    "URWGothic-Demi.otf", "URWGothic-Book.otf", "NimbusMonoPS-Bold.otf", "NimbusMonoPS-Regular.otf"))


def on_table(card, width, covered=False):
    h = int(round(width * CARD_H / CARD_W))
    small = cv2.resize(card, (width, h), interpolation=cv2.INTER_AREA)
    table = np.full((480, 640, 3), (60, 110, 70), np.uint8)
    y, x = (480 - h) // 2, (640 - width) // 2
    a = small[:, :, 3:4] / 255.0
    table[y:y + h, x:x + width] = (small[:, :, :3] * a + table[y:y + h, x:x + width] * (1 - a)).astype(np.uint8)
    if covered:   # a plain back laid over all but the top-left 36 x 34 % (its index corner)
        cv2.rectangle(table, (x + int(0.36 * width), y - 5), (x + width + 40, y + h + 5), (200, 60, 40), -1)
        cv2.rectangle(table, (x - 5, y + int(0.34 * h)), (x + width + 40, y + h + 5), (200, 60, 40), -1)
    table = cv2.imdecode(cv2.imencode(".jpg", table, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], cv2.IMREAD_COLOR)
    return table, ((x + width / 2, y + h / 2), (width, h), 0.0)


def decks(kind):
    if kind == "hershey":
        return [procedural_style(9000 + i) for i in range(12)]
    fonts = INDEX_FONTS if kind == "trained fonts" else HELD_OUT
    return [{**procedural_style(9100 + i), "index_font": f} for i, f in enumerate(fonts)]


def score(det, styles, width):
    corner = whole = 0
    for style in styles:
        cards = [procedural_card(c, style) for c in CODES]
        crops = [index_corners(*on_table(card, width))[0] for card in cards]
        p = det._read("corner", [crops], (0,))
        corner += sum(int(j) < 52 and CODES[int(j)] == c for c, j in zip(CODES, p.argmax(1)))
        for c, card in zip(CODES, cards):
            image, rect = on_table(card, width, covered=True)
            q = det._card_probs(image, [rect])[0]
            whole += CODES[int(q.argmax())] == c and q.max() >= det.card_min_prob
    return corner, whole, 52 * len(styles)


if __name__ == "__main__":
    for folder in sys.argv[1:]:
        det = Detector(folder)
        for kind in ("hershey", "trained fonts", "held-out fonts"):
            cells = []
            for width in (50, 70, 100, 140):
                c, w, n = score(det, decks(kind), width)
                cells.append(f"{width}px {c}/{w}")
            print(f"{folder} {kind} (of {n}; corner alone / covered card read): " + ", ".join(cells), flush=True)
