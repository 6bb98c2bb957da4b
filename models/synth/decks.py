"""Card faces and backs: SVG decks from Debian packages (rendered once to a PNG cache) plus procedural decks.

Card codes are rank + suit, rank from "A23456789TJQK", suit from "shdc" (e.g. "Td", "As").
Every image is BGRA, uint8, CARD_H x CARD_W pixels (63 x 88 mm poker proportions), transparent
outside the rounded corners, so that the alpha channel is the card's exact silhouette.
"""

from __future__ import annotations

import gzip
import re
import subprocess
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from vision.crops import INDEX_REGIONS
from vision.detector import RANKS, SUITS
from vision.detector import CARD_CODES as CODES  # the labels are the card readers' classes, in their order
CARD_H, CARD_W = 352, 252
KDE_DECKS = Path("/usr/share/carddecks")
AISLERIOT_DECKS = Path("/usr/share/aisleriot/cards")
AISLERIOT_PREFIX = "aisleriot-"  # an AisleRiot deck's name; they come after the KDE decks
# xskat-german has German suits (acorns, leaves): not an ordinary French-suited deck.
EXCLUDED_DECKS = {"svg-xskat-german"}
_SUIT_NAMES = {"s": "spade", "h": "heart", "d": "diamond", "c": "club"}
_RANK_NAMES = {"A": "1", "T": "10", "J": "jack", "Q": "queen", "K": "king"}

# Where a face carries its index at each corner (vision.crops.INDEX_REGIONS' order: top left, bottom right,
# top right, bottom left; a region as x1, y1, x2, y2 shares of the face, None where it carries none), for
# the decks that depart from rank over suit at the top left and bottom right (every procedural deck's
# layout). Measured by eye on the rendered decks.
TWO_CORNERS = (INDEX_REGIONS[0], INDEX_REGIONS[1], None, None)
_OXYGEN = (None, None, (0.72, 0.02, 0.95, 0.14), (0.04, 0.83, 0.17, 0.94))  # the rank top right, a small suit bottom left
INDEX_LAYOUTS = {
    "dondorf": INDEX_REGIONS,
    "aisleriot-bonded": INDEX_REGIONS,
    "oxygen": _OXYGEN, "oxygen-air": _OXYGEN, "oxygen-white": _OXYGEN,
}
# the decks whose index is split over two corners (their places in INDEX_LAYOUTS): the rank in one, the suit in the other
SPLIT_INDEX = {deck: (2, 3) for deck, layout in INDEX_LAYOUTS.items() if layout is _OXYGEN}
# future, a cartridge design (the rank a hex digit, 0-C for A-K, on a tab whose place along the top edge
# stands for the suit), keeps the two-corner layout: its readers learnt it that way, and its top corners
# as the index (much of them transparent, so rarely counted in sight) read fewer of its cards (55 of 82
# on the more scenes, against 61).


def index_layout(deck: str) -> tuple:
    """Where the deck's faces carry an index at each corner (see INDEX_LAYOUTS)."""
    return INDEX_LAYOUTS.get(deck, TWO_CORNERS)


def index_in_sight(deck: str, index_visible: tuple[float, ...]) -> float:
    """How much of a face's index is in sight (index_visible: each corner's share, as SceneObject's): its
    best corner's, or where the deck splits the index over two corners (SPLIT_INDEX) the lesser of the
    two, since either alone names half the card (an oxygen 7c's club is a 6c's or a 9c's too)."""
    halves = SPLIT_INDEX.get(deck)
    return min(index_visible[k] for k in halves) if halves else max(index_visible)


def svg_deck_files() -> dict[str, Path]:
    """Installed SVG decks by name (empty when the Debian packages are missing)."""
    decks = {}
    if KDE_DECKS.is_dir():
        for d in sorted(KDE_DECKS.glob("svg-*")):
            svgs = sorted(d.glob("*.svg*"))
            if svgs and d.name not in EXCLUDED_DECKS:
                decks[d.name.removeprefix("svg-")] = svgs[0]
    if AISLERIOT_DECKS.is_dir():
        for f in sorted(AISLERIOT_DECKS.glob("*.svg*")):
            decks[AISLERIOT_PREFIX + f.name.split(".")[0]] = f
    return decks


def svg_element_id(deck_file: Path, code: str | None) -> str:
    """The SVG element holding a card (code) or the back (None); the two naming schemes differ."""
    if code is None:
        return "back"
    rank, suit = _RANK_NAMES.get(code[0], code[0]), _SUIT_NAMES[code[1]]
    if deck_file.parent == AISLERIOT_DECKS:
        return f"{suit}_{rank}"
    return f"{rank}_{suit}"


def _to_card_shape(bgra: np.ndarray) -> np.ndarray:
    """Resize to CARD_H x CARD_W; a rendered element may carry a few pixels of margin."""
    ys, xs = np.nonzero(bgra[:, :, 3] > 8)
    if len(xs):  # crop the margin
        bgra = bgra[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    return cv2.resize(bgra, (CARD_W, CARD_H), interpolation=cv2.INTER_AREA)


def render_svg_deck(deck_file: Path, cache_dir: Path) -> None:
    """Render the 52 faces and the back of one deck to cache_dir/<code>.png with rsvg-convert."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    svg = cache_dir / "deck.svg"
    if not svg.exists():
        data = deck_file.read_bytes()
        svg.write_bytes(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    for code in (*CODES, None):
        out = cache_dir / f"{code or 'back'}.png"
        if out.exists():
            continue
        subprocess.run(["rsvg-convert", f"--export-id={svg_element_id(deck_file, code)}",
                        "-h", str(CARD_H * 2), str(svg), "-o", str(out)], check=True)
        img = cv2.imread(str(out), cv2.IMREAD_UNCHANGED)
        if img is None or img.ndim != 3 or img.shape[2] != 4:
            raise FileNotFoundError(f"{out}: rsvg-convert gave no BGRA image for {code or 'back'}")
        cv2.imwrite(str(out), _to_card_shape(img))


@lru_cache(maxsize=64)
def _load_png(path: str) -> np.ndarray:
    img = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if img is None or img.ndim != 3 or img.shape[2] != 4:
        raise FileNotFoundError(f"{path}: missing or not a BGRA card image; delete it to re-render")
    return img


def svg_card(deck: str, code: str | None, cache_root: Path) -> np.ndarray:
    """Face (code) or back (None) of an SVG deck: from the PNG cache, which needs no SVG sources (a copied
    cache makes data on a machine without the Debian packages), else rendered from the installed deck."""
    png = cache_root / deck / f"{code or 'back'}.png"
    if not png.exists():
        files = svg_deck_files()
        if deck not in files:
            raise KeyError(f"SVG deck {deck!r} is neither in the cache {cache_root} nor installed (have: "
                           f"{', '.join(files) or 'none'}); apt-get install kdegames-card-data-kf5 aisleriot librsvg2-bin")
        render_svg_deck(files[deck], cache_root / deck)
    return _load_png(str(png))


# ---- procedural decks ---------------------------------------------------------------------------

def _rounded_alpha(h: int, w: int, radius: int) -> np.ndarray:
    a = np.zeros((h, w), np.uint8)
    cv2.rectangle(a, (radius, 0), (w - 1 - radius, h - 1), 255, -1)
    cv2.rectangle(a, (0, radius), (w - 1, h - 1 - radius), 255, -1)
    for cx, cy in ((radius, radius), (w - 1 - radius, radius), (radius, h - 1 - radius), (w - 1 - radius, h - 1 - radius)):
        cv2.circle(a, (cx, cy), radius, 255, -1, cv2.LINE_AA)
    return a


def draw_suit(img: np.ndarray, suit: str, cx: float, cy: float, size: float, color, flip: bool = False) -> None:
    """A suit symbol of height `size` centred at (cx, cy); drawn upside-down when flip."""
    s = size / 2
    sign = -1 if flip else 1
    def p(x, y):
        return (int(round(cx + x * s)), int(round(cy + sign * y * s)))
    r = max(1, int(round(0.52 * s)))
    if suit == "d":
        cv2.fillPoly(img, [np.array([p(0, -1), p(0.72, 0), p(0, 1), p(-0.72, 0)])], color, cv2.LINE_AA)
    elif suit in "hs":
        hs = 1 if suit == "h" else -1  # spade is a heart upside-down plus a stem
        cv2.circle(img, p(-0.48, -0.38 * hs), r, color, -1, cv2.LINE_AA)
        cv2.circle(img, p(0.48, -0.38 * hs), r, color, -1, cv2.LINE_AA)
        cv2.fillPoly(img, [np.array([p(-0.98, -0.22 * hs), p(0.98, -0.22 * hs), p(0, 0.95 * hs)])], color, cv2.LINE_AA)
        if suit == "s":
            cv2.fillPoly(img, [np.array([p(0, 0.2), p(0.4, 1.0), p(-0.4, 1.0)])], color, cv2.LINE_AA)
    else:  # club
        r = max(1, int(round(0.42 * s)))
        for x, y in ((0, -0.5), (-0.5, 0.18), (0.5, 0.18)):
            cv2.circle(img, p(x, y), r, color, -1, cv2.LINE_AA)
        cv2.fillPoly(img, [np.array([p(0, 0.0), p(0.38, 1.0), p(-0.38, 1.0)])], color, cv2.LINE_AA)


# Pip positions (x, y) in card-fraction units for number cards, the classic layouts.
_PIPS = {
    1: [(0.5, 0.5)], 2: [(0.5, 0.2), (0.5, 0.8)], 3: [(0.5, 0.2), (0.5, 0.5), (0.5, 0.8)],
    4: [(0.32, 0.2), (0.68, 0.2), (0.32, 0.8), (0.68, 0.8)],
    5: [(0.32, 0.2), (0.68, 0.2), (0.5, 0.5), (0.32, 0.8), (0.68, 0.8)],
    6: [(0.32, 0.2), (0.68, 0.2), (0.32, 0.5), (0.68, 0.5), (0.32, 0.8), (0.68, 0.8)],
    7: [(0.32, 0.2), (0.68, 0.2), (0.5, 0.35), (0.32, 0.5), (0.68, 0.5), (0.32, 0.8), (0.68, 0.8)],
    8: [(0.32, 0.2), (0.68, 0.2), (0.5, 0.35), (0.32, 0.5), (0.68, 0.5), (0.5, 0.65), (0.32, 0.8), (0.68, 0.8)],
    9: [(0.32, 0.2), (0.68, 0.2), (0.32, 0.4), (0.68, 0.4), (0.5, 0.5), (0.32, 0.6), (0.68, 0.6), (0.32, 0.8), (0.68, 0.8)],
    10: [(0.32, 0.2), (0.68, 0.2), (0.5, 0.3), (0.32, 0.4), (0.68, 0.4), (0.32, 0.6), (0.68, 0.6), (0.5, 0.7), (0.32, 0.8), (0.68, 0.8)],
}
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_COMPLEX)


# TrueType faces a "font-<n>" deck sets its index in (n modulo their count): the procedural decks' four
# Hershey fonts are few, and a reader that learnt only them reads a 6 set in another font as a 5 or an 8
# (benchmarks/bench_fonts.py). From fonts-dejavu-core and fonts-urw-base35, which
# fontconfig and Ghostscript bring to a Debian machine; NimbusRoman, C059, URWGothic and NimbusMonoPS are
# kept out, for judging.
FONT_DIR = Path("/usr/share/fonts")
INDEX_FONTS = tuple(FONT_DIR / f for f in (
    "truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSans.ttf",
    "truetype/dejavu/DejaVuSansCondensed-Bold.ttf", "truetype/dejavu/DejaVuSerif-Bold.ttf",
    "truetype/dejavu/DejaVuSerifCondensed.ttf", "truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "opentype/urw-base35/NimbusSans-Bold.otf", "opentype/urw-base35/NimbusSans-Regular.otf",
    "opentype/urw-base35/NimbusSansNarrow-Bold.otf", "opentype/urw-base35/P052-Bold.otf",
    "opentype/urw-base35/P052-Roman.otf", "opentype/urw-base35/URWBookman-Demi.otf"))
FONT_DECK_SEEDS = 1000  # a font deck's paper, colours and pips are procedural deck 1000 + n's


def font_style(n: int, fonts: tuple[Path, ...] = INDEX_FONTS, first_seed: int = FONT_DECK_SEEDS) -> dict:
    """Deck "font-<n>": procedural deck first_seed + n's look (1000 + n by default) with its index set in
    fonts[n % len(fonts)]; ValueError naming the file and its package where the font is not installed."""
    font = fonts[n % len(fonts)]
    if not font.is_file():
        raise ValueError(f"font-{n}: its index font {font} is not installed "
                         f"(apt-get install fonts-dejavu-core fonts-urw-base35)")
    return {**procedural_style(first_seed + n), "index_font": font}


def _font_label(corner: np.ndarray, label: str, style: dict, sc: float, colour) -> tuple[int, int, int]:
    """Set label in the style's TrueType index font on the corner patch, placed by the rule the Hershey
    label follows (ink centred about 12 * sc + 10 px, its top 8 px down): (ink's left x, width, height)."""
    from PIL import Image, ImageDraw, ImageFont
    font = ImageFont.truetype(str(style["index_font"]), int(round((46 if len(label) == 1 else 36) * sc)))
    pil = Image.fromarray(np.ascontiguousarray(corner[:, :, ::-1]))
    draw = ImageDraw.Draw(pil)
    x0, y0, x1, y1 = draw.textbbox((0, 0), label, font=font)
    tw, th = x1 - x0, y1 - y0
    left = max(2, int(12 * sc + 10 - tw / 2))
    draw.text((left - x0, 8 - y0), label, font=font, fill=tuple(int(v) for v in colour[::-1]))
    corner[:] = np.asarray(pil)[:, :, ::-1]
    return left, tw, th


def procedural_style(seed: int) -> dict:
    """A procedural deck's look: paper tint, suit colours (two- or four-colour), font, face-card frame."""
    rng = np.random.default_rng(seed)
    paper = tuple(int(v) for v in 255 - rng.integers(0, 30, 3))
    red = (int(rng.integers(0, 60)), int(rng.integers(0, 50)), int(rng.integers(170, 240)))
    black = tuple(int(v) for v in rng.integers(0, 50, 3))
    colors = {"h": red, "d": red, "s": black, "c": black}
    if rng.random() < 0.2:  # four-colour deck
        colors["d"] = (int(rng.integers(150, 230)), int(rng.integers(40, 110)), 0)
        colors["c"] = (0, int(rng.integers(110, 160)), 0)
    return {"paper": paper, "colors": colors, "font": _FONTS[int(rng.integers(len(_FONTS)))],
            "thick": int(rng.integers(2, 5)), "frame": tuple(int(v) for v in rng.integers(0, 255, 3)),
            "radius": int(rng.integers(8, 22)), "index_scale": float(rng.uniform(0.8, 1.15))}


def procedural_card(code: str, style: dict) -> np.ndarray:
    """A plain French-suited card face drawn with OpenCV: corner indices, pips or a framed court card."""
    h, w = CARD_H, CARD_W
    img = np.empty((h, w, 3), np.uint8)
    img[:] = style["paper"]
    rank, suit = code[0], code[1]
    color = style["colors"][suit]
    label = "10" if rank == "T" else rank
    sc = style["index_scale"]
    corner = np.zeros((int(110 * sc), int(60 * sc) + 20, 3), np.uint8)
    corner[:] = style["paper"]
    if "index_font" in style:    # a font deck
        left, tw, th = _font_label(corner, label, style, sc, color)
    else:
        fs = (1.5 if len(label) == 1 else 1.15) * sc
        (tw, th), _ = cv2.getTextSize(label, style["font"], fs, style["thick"])
        left = max(2, int(12 * sc + 16 - tw / 2) - 6)
        cv2.putText(corner, label, (left, th + 8), style["font"], fs, color, style["thick"], cv2.LINE_AA)
    draw_suit(corner, suit, left + tw / 2, th + 30 * sc, 30 * sc, color)
    ch, cw = corner.shape[:2]
    img[6:6 + ch, 4:4 + cw] = corner
    img[h - 6 - ch:h - 6, w - 4 - cw:w - 4] = corner[::-1, ::-1]
    if rank in "JQK":
        x0, y0, x1, y1 = int(w * 0.22), int(h * 0.16), int(w * 0.78), int(h * 0.84)
        cv2.rectangle(img, (x0, y0), (x1, y1), style["frame"], 4)
        rng = np.random.default_rng([CODES.index(code), *style["paper"]])  # reproducible across runs
        for _ in range(6):  # coloured robe blocks so court cards read as pictures, not pips
            c = tuple(int(v) for v in rng.integers(0, 255, 3))
            px, py = int(rng.integers(x0, x1 - 20)), int(rng.integers(y0, y1 - 20))
            cv2.rectangle(img, (px, py), (px + int(rng.integers(10, 50)), py + int(rng.integers(10, 60))), c, -1)
        big = 3.2
        (bw, bh), _ = cv2.getTextSize(rank, style["font"], big, 6)
        cv2.putText(img, rank, (w // 2 - bw // 2, h // 2 + bh // 2), style["font"], big, color, 7, cv2.LINE_AA)
        draw_suit(img, suit, w * 0.32, h * 0.26, 34, color)
        draw_suit(img, suit, w * 0.68, h * 0.74, 34, color, flip=True)
    else:
        n = 1 if rank == "A" else int(label)
        size = 110 if n == 1 else 44
        for fx, fy in _PIPS[n]:
            draw_suit(img, suit, fx * w, fy * h, size, color, flip=fy > 0.5)
    return np.dstack([img, _rounded_alpha(h, w, style["radius"])])


def procedural_back(seed: int) -> np.ndarray:
    """A card back: white margin and a seeded pattern (stripes, checks, dots, lattice or plain)."""
    rng = np.random.default_rng(seed)
    h, w = CARD_H, CARD_W
    img = np.empty((h, w, 3), np.uint8)
    img[:] = 255 - rng.integers(0, 25)
    c1 = tuple(int(v) for v in rng.integers(0, 256, 3))
    c2 = tuple(int(v) for v in np.clip(np.array(c1) + rng.integers(-120, 120, 3), 0, 255))
    m = int(rng.integers(0, 22))
    inner = np.empty((h - 2 * m, w - 2 * m, 3), np.uint8)
    inner[:] = c1
    ih, iw = inner.shape[:2]
    kind = int(rng.integers(5))
    step = int(rng.integers(6, 24))
    if kind == 0:
        for k in range(-ih, iw + ih, step):
            cv2.line(inner, (k, 0), (k + ih, ih), c2, max(1, step // 3), cv2.LINE_AA)
    elif kind == 1:
        yy, xx = np.mgrid[0:ih, 0:iw]
        inner[((yy // step + xx // step) % 2) == 1] = c2
    elif kind == 2:
        for y in range(step // 2, ih, step):
            for x in range(step // 2, iw, step):
                cv2.circle(inner, (x, y), max(1, step // 4), c2, -1, cv2.LINE_AA)
    elif kind == 3:
        for k in range(-ih, iw + ih, step):
            cv2.line(inner, (k, 0), (k + ih, ih), c2, 2, cv2.LINE_AA)
            cv2.line(inner, (k, ih), (k + ih, 0), c2, 2, cv2.LINE_AA)
    if rng.random() < 0.5:
        cv2.ellipse(inner, (iw // 2, ih // 2), (iw // 4, ih // 5), 0, 0, 360, c2, -1, cv2.LINE_AA)
    img[m:h - m, m:w - m] = inner
    return np.dstack([img, _rounded_alpha(h, w, int(rng.integers(8, 22)))])


def deck_names(cache_root: Path | None = None) -> list[str]:
    """Usable decks: SVG decks fully rendered under cache_root (back.png is rendered last), installed or
    not, in svg_deck_files' order (KDE decks by name, then AisleRiot's), then "proc-<n>" procedural
    decks (any n is a valid deck). The order is part of a seed's data set."""
    rendered = sorted(d.parent.name for d in Path(cache_root).glob("*/back.png")) if cache_root else []
    svg = sorted(rendered, key=lambda n: n.startswith(AISLERIOT_PREFIX))
    return svg + [f"proc-{i}" for i in range(12)]


def chosen_decks(names: list[str] | None, usable: list[str]) -> list[str]:
    """The decks named (every usable one where none are), each checked to be usable (ValueError naming
    those that are not): what make_dataset's and compare_detectors' --decks draw from. A "font-<n>" deck
    may be named though no default mix holds one (font_style)."""
    unknown = [name for name in names or [] if name not in usable and not re.fullmatch(r"font-\d+", name)]
    if unknown:
        raise ValueError(f"no usable deck named {', '.join(unknown)} (usable: {', '.join(usable)})")
    return list(names or usable)


def render_all(cache_root: Path, log=print) -> list[str]:
    """Render every installed SVG deck into the cache; a deck rsvg-convert cannot render is skipped."""
    done = []
    for name, f in svg_deck_files().items():
        try:
            render_svg_deck(f, Path(cache_root) / name)
            done.append(name)
        except (subprocess.CalledProcessError, FileNotFoundError, AttributeError) as e:
            log(f"skipping SVG deck {name}: {e}")
    return done


def card_face(code: str, deck: str, cache_root: Path) -> np.ndarray:
    if not re.fullmatch(f"[{RANKS}][{SUITS}]", code):
        raise ValueError(f"bad card code {code!r}: expected rank from {RANKS} plus suit from {SUITS}, e.g. 'Td'")
    if deck.startswith("proc-"):
        return _procedural_cached(code, int(deck[5:]))
    if deck.startswith("font-"):
        return _font_cached(code, int(deck[5:]))
    return svg_card(deck, code, cache_root)


@lru_cache(maxsize=1024)
def _procedural_cached(code: str, seed: int) -> np.ndarray:
    return procedural_card(code, procedural_style(seed))


@lru_cache(maxsize=1024)
def _font_cached(code: str, n: int) -> np.ndarray:
    return procedural_card(code, font_style(n))


def is_procedural(deck: str) -> bool:
    """Whether the deck is drawn here ("proc-<n>", "font-<n>"), its backs procedural too, not rendered SVG."""
    return deck.startswith(("proc-", "font-"))
