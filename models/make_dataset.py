"""Generate the training data in one seeded, reproducible command.

    python3 -m models.make_dataset --out runs/data [--train 2000 --val 200 --seed 0]
                                   [--real-dice ../shared/datasets/real-dice-topdown]

Writes OUT/det (ultralytics OBB data set: images/{train,val}, labels/{train,val}, data.yaml; classes
card, card_back, die), OUT/card_{train,val}.npz and OUT/die_{train,val}.npz (upright crops for the
identity classifiers, made with vision.crops.upright_crop as at run time) and OUT/side_{train,val}.npz
(crops of face-up cards, 0, and card backs, 1, cut with a loose box: which side of a card is up) and
OUT/corner_{train,val}.npz (each face-up card's four index corners, vision.crops.index_corners: the card
where its index is in sight, NO_INDEX where it is covered or its deck prints none there). Real dice
photos, when given, join the training split except the fixed validation split (every 5th photo by
number). A card cut by the image's edge is labelled while 35 % of it is in sight (--cut-cards; models.synth.scene.label_quad);
--cut-card-patches makes such cards' crops, cut as the detector boxes them, for the card and corner readers.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
from pathlib import Path

import cv2
import numpy as np

from benchmarks import real_cards
from models import real_card_boxes
from models.synth import decks as D
from models.synth.scene import (CAMERA, CUT_CARDS, MAX_TILT, MIN_VISIBLE, SCENE_KINDS, Camera, _Builder, _lighting,
                                camera_effects, camera_homography, in_frame, label_quad, own_axes_to_image,
                                reaches_beyond, render_scene)
from vision.crops import (CARD_CROP_WH, CORNER_SHARE, CORNER_WH, CROP_EXPAND, DIE_CROP_WH, UPSIDE_DOWN,
                          index_corners, upright_crop, upright_quad)
from vision.detector import KINDS as CLASSES  # the detector's classes, in its order
from vision.detector import NO_INDEX, SIDES


def real_dice_split(root: Path) -> tuple[list[Path], list[Path]]:
    """(train, val) photos of real-dice-topdown; val is every 5th photo in (name, number) order: fixed."""
    def key(p):
        m = re.fullmatch(r"(\D*?)_?(\d+)", p.stem)
        return (m.group(1), int(m.group(2))) if m else (p.stem, 0)
    photos = sorted((p for p in Path(root).glob("*.jpg") if p.with_suffix(".txt").exists()), key=key)
    if not photos:
        raise FileNotFoundError(f"{root}: no labelled .jpg photos (expected the real-dice-topdown data set)")
    return [p for i, p in enumerate(photos) if i % 5], photos[::5]


def read_yolo_boxes(label: Path, w: int, h: int) -> list[tuple[int, float, float, float, float]]:
    """(die value, x1, y1, x2, y2) in pixels from a real-dice YOLO label file."""
    out = []
    for line in label.read_text().split("\n"):
        if line.strip():
            c, cx, cy, bw, bh = map(float, line.split())
            out.append((int(c) + 1, (cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h))
    return out


def jittered_rect(corners: np.ndarray, rng, loose: bool = False) -> tuple:
    """The min-area rectangle of a quad, jittered like a detector's oriented box; loose: like the
    shipped detector's box on a card in a messy pile (up to a fifth too big, shifted, turned)."""
    (cx, cy), (w, h), a = cv2.minAreaRect(corners.astype(np.float32))
    s = max(w, h)
    shift, scale, turn = (0.05, (0.93, 1.2), 4.0) if loose else (0.025, (0.95, 1.07), 2.5)
    return ((cx + rng.normal(0, shift) * s, cy + rng.normal(0, shift) * s),
            (w * rng.uniform(*scale), h * rng.uniform(*scale)), a + rng.normal(0, turn))


def half_turned(crop, rng):
    """The crop, or the crop turned a half turn (a card's crop: which end is up is open), at random."""
    return crop[::-1, ::-1] if rng.random() < 0.5 else crop


def quarter_turned(crop, rng):
    """The crop turned a random number of quarter turns (a die's crop: any side may be up)."""
    return np.ascontiguousarray(np.rot90(crop, int(rng.integers(4))))


SIDE_COPIES = {"card": 1, "card_back": 3}  # crops per object: backs are about a quarter of the cards
SIDE_STREAM = 5  # the side crops' random stream within a scene
CORNER_STREAM = 6  # the index corner crops' random stream within a scene
INDEX_SEEN, INDEX_GONE = 0.85, 0.5  # index corners at least this much in sight are read, under that are "none"

VAL_OFFSET = 10_000_000  # scene numbers of the validation split: val scene i is scene VAL_OFFSET + i


def make_scene(rng, cache_root, decks, kind=None, cut_cards="labelled", camera=CAMERA):
    """Scene i of a data set is make_scene(np.random.default_rng([seed, i]), ...): reproducible."""
    size = [(480, 640), (480, 640), (640, 640), (600, 800)][int(rng.integers(4))]
    return render_scene(rng, size=size, decks=decks, cache_root=cache_root, kind=kind, cut_cards=cut_cards, camera=camera)


def validation_scenes(n, seed, cache_root, kind=None, camera: Camera = CAMERA, decks: list[str] | None = None):
    """The data set's first n validation scenes, each with its image as the detector gets it (a JPEG
    at quality 95, as a camera or phone would hand it over); camera and decks (default: every usable
    deck) as this module's flags make them."""
    decks = decks or D.deck_names(cache_root)
    for i in range(n):
        scene = make_scene(np.random.default_rng([seed, VAL_OFFSET + i]), cache_root, decks, kind, camera=camera)
        yield scene, cv2.imdecode(cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 95])[1], cv2.IMREAD_COLOR)


def corner_samples(image, obj, rng) -> tuple[list[np.ndarray], list[int]]:
    """A face-up card's four index corner crops, cut as the detector would hand the card over, labelled
    with the card where its index (or, on a deck that splits it, part of it) is in sight and NO_INDEX
    where it is covered or the deck prints none there (those in between, partly covered, are left out:
    either answer would be a guess)."""
    rect = jittered_rect(obj.corners, rng)
    quad = upright_quad(rect)
    # the crop's top left is the sprite's top-left corner or, the card seen the other way up, its bottom right
    top_left_first = np.linalg.norm(quad[0] - obj.corners[0]) <= np.linalg.norm(quad[0] - obj.corners[2])
    seen = obj.index_visible if top_left_first else [obj.index_visible[k] for k in UPSIDE_DOWN]
    crops, labels = [], []
    for crop, v in zip(index_corners(image, rect), seen):
        if v >= INDEX_SEEN or v < INDEX_GONE:
            crops.append(crop)
            labels.append(D.CODES.index(obj.card) if v >= INDEX_SEEN else NO_INDEX)
    return crops, labels


def scene_sample(args):
    """One scene: (jpeg bytes, OBB label text, card crops, card labels, die crops, die labels, side crops,
    side labels, index corner crops, their labels). The side and corner crops draw from streams of their
    own, so the others are as they were before those crops existed. A card reaching beyond the frame
    (labelled with cut_cards "labelled") gives no crops: the classifiers read cards seen whole or under
    others, and their crops stay as they were."""
    seed, i, cache_root, decks, kind, cut_cards, camera = args
    rng = np.random.default_rng([seed, i])
    side_rng = np.random.default_rng([seed, i, SIDE_STREAM])
    corner_rng = np.random.default_rng([seed, i, CORNER_STREAM])
    scene = make_scene(rng, cache_root, decks, kind, cut_cards, camera)
    h, w = scene.image.shape[:2]
    lines, cards, card_y, dice, die_y, sides, side_y, corners, corner_y = [], [], [], [], [], [], [], [], []
    for o in scene.objects:
        quad = label_quad(o.corners, w, h) if cut_cards == "labelled" else o.corners  # "unlabelled": as made before
        pts = np.clip(quad / np.float32([w, h]), 0, 1).ravel()
        lines.append(f"{CLASSES.index(o.kind)} " + " ".join(f"{v:.5f}" for v in pts))
        if reaches_beyond(o.box, w, h):
            continue
        if o.kind != "die":
            for _ in range(SIDE_COPIES[o.kind]):
                rect = jittered_rect(o.corners, side_rng, loose=True)
                sides.append(half_turned(upright_crop(scene.image, rect, CARD_CROP_WH), side_rng))
                side_y.append(SIDES.index(o.kind))
        if o.kind == "card":
            cards.append(half_turned(upright_crop(scene.image, jittered_rect(o.corners, rng), CARD_CROP_WH), rng))
            card_y.append(D.CODES.index(o.card))
            c, cy = corner_samples(scene.image, o, corner_rng)
            corners += c
            corner_y += cy
        elif o.kind == "die":
            crop = upright_crop(scene.image, jittered_rect(o.corners, rng), DIE_CROP_WH)
            dice.append(quarter_turned(crop, rng))
            die_y.append(o.die - 1)
    ok, jpg = cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return jpg.tobytes(), "\n".join(lines) + "\n", cards, card_y, dice, die_y, sides, side_y, corners, corner_y


PATCH = 240  # the side of the small square table patches the single-card samples are cut from
LOOSE_OFFSET = 2_000_000  # loose-box card crops are numbered from here: a stream apart from the others


def _patch(rng, decks, cache_root, min_height: float) -> tuple[_Builder, float]:
    """A small random table patch (PATCH px square) with 0-2 cards lying on it already, and the card height
    (min_height-200 px, log-uniform) for the cards still to be laid: what the single-card samples build on."""
    b = _Builder(rng, PATCH, PATCH, decks, Path(cache_root), camera_homography(PATCH, PATCH, rng))
    height = float(np.exp(rng.uniform(np.log(min_height), np.log(200))))
    for _ in range(int(rng.integers(0, 3))):  # cards underneath
        b.card(D.CODES[int(rng.integers(52))], bool(rng.random() < 0.5), rng.uniform(40, 200, 2), rng.uniform(0, 360), height)
    return b, height


def _card_partly_over(b: _Builder, centre, height: float, rng) -> None:
    """Lay a random card, face up or down, partly over the card at centre: its own centre 55-90 % of a
    card's height away, in any direction, at any angle."""
    angle = rng.uniform(0, 360)
    off = rng.uniform(0.55, 0.9) * height
    a = rng.uniform(0, 2 * np.pi)
    b.card(D.CODES[int(rng.integers(52))], bool(rng.random() < 0.5),
           (centre[0] + np.cos(a) * off, centre[1] + np.sin(a) * off), angle, height)


def card_sample(args):
    """A single card crop on a small random table patch (cheap extra data for the card classifier);
    numbers from LOOSE_OFFSET on are cut with a loose box."""
    seed, i, cache_root, decks = args
    rng = np.random.default_rng([seed, 1_000_000 + i])
    loose = i >= LOOSE_OFFSET
    code = D.CODES[i % 52]
    b, height = _patch(rng, decks, cache_root, 40)
    b.card(code, True, (120 + rng.normal(0, 10), 120 + rng.normal(0, 10)), rng.uniform(0, 360), height)
    if rng.integers(0, 2):
        _card_partly_over(b, (120, 120), height, rng)
    img = camera_effects(_lighting(b.canvas, rng), rng)
    target = [o for o in b.objects if o.card == code][0]
    return half_turned(upright_crop(img, jittered_rect(target.corners, rng, loose), CARD_CROP_WH), rng), i % 52


CORNER_OFFSET = 3_000_000  # index corner patches are numbered from here: a stream apart from the others


def corner_sample(args):
    """A face-up card on a small random table patch, lying on others and partly under one to three more:
    most of them laid as in a fanned hand (turned a little, shifted across the card), so that one index
    corner often shows beside another card's index. Returns its index corners as corner_samples does."""
    seed, i, cache_root, decks = args
    rng = np.random.default_rng([seed, CORNER_OFFSET + i])
    b, height = _patch(rng, decks, cache_root, 50)
    centre, angle = np.array([120.0, 120.0]) + rng.normal(0, 10, 2), rng.uniform(0, 360)
    b.card(D.CODES[i % 52], True, centre, angle, height)
    target = b.objects[-1]
    for _ in range(int(rng.integers(1, 4))):
        if rng.random() < 0.7:  # fanned: turned a little, shifted across the card (and a little along it)
            a = np.deg2rad(angle)
            shift = rng.choice([-1, 1]) * rng.uniform(0.2, 0.6) * height * D.CARD_W / D.CARD_H
            along = rng.uniform(-0.15, 0.15) * height
            c = centre + shift * np.array([np.cos(a), np.sin(a)]) + along * np.array([-np.sin(a), np.cos(a)])
            b.card(D.CODES[int(rng.integers(52))], bool(rng.random() < 0.8), c, angle + rng.normal(0, 12), height)
        else:  # anywhere about it
            a = rng.uniform(0, 2 * np.pi)
            c = centre + rng.uniform(0.4, 0.9) * height * np.array([np.cos(a), np.sin(a)])
            b.card(D.CODES[int(rng.integers(52))], bool(rng.random() < 0.5), c, rng.uniform(0, 360), height)
    b.finish()
    img = camera_effects(_lighting(b.canvas, rng), rng)
    return corner_samples(img, target, rng)


def _region_quad(region) -> np.ndarray:
    x1, y1, x2, y2 = region
    return np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]])


def _area(poly) -> float:
    return float(cv2.contourArea(np.float32(poly)))


def _corner_frames(q: np.ndarray) -> tuple:
    """Where each of index_corners' crops lies in the image, for an upright crop whose corners (top left,
    top right, bottom right, bottom left) are q: the point that becomes the corner crop's top left, and
    the whole crop's sides along the corner crop's x and y axes."""
    sx = CORNER_SHARE[0]
    return ((q[0], q[1] - q[0], q[3] - q[0]),                        # top left
            (q[2], q[3] - q[2], q[1] - q[2]),                        # bottom right, turned
            (q[1] + sx * (q[0] - q[1]), q[1] - q[0], q[2] - q[1]),   # top right
            (q[3] + sx * (q[2] - q[3]), q[3] - q[2], q[0] - q[3]))   # bottom left, turned


def _index_seen(uv, layout: tuple, k: int, obj, to_image, w: int, h: int) -> float:
    """The share of obj's index region k (in layout, its deck's decks.index_layout) that lies within a
    corner crop, given as the quad uv in the card's own axes, in sight and within the w x h frame."""
    if layout[k] is None:
        return 0.0
    region = _region_quad(layout[k])
    _, common = cv2.intersectConvexConvex(region, cv2.convexHull(uv))
    inside = 0.0 if common is None else _area(common.reshape(-1, 2))
    in_image = cv2.perspectiveTransform(region[None].astype(np.float64), to_image)[0]
    return inside / _area(region) * obj.index_visible[k] * in_frame(in_image, w, h)


def cut_corner_samples(image, obj, rect, deck: str, expand: float = CROP_EXPAND) -> tuple[list[np.ndarray], list[int]]:
    """The four index corner crops of rect, an oriented box around the part in sight of a card cut by the
    image's edge (as the detector boxes it), labelled as corner_samples labels a whole card's. The crop
    is of that part, stretched to a card's shape and turned sideways when less than a card's width of its
    length is in sight, so which of the card's corners (if any) lies in a crop's corner is worked out
    from the card's own axes: a corner crop shows the card upright when its axes run along the card's
    (the top-left and top-right indexes) or against them (the bottom right and bottom left, turned). It
    is labelled with the card where INDEX_SEEN of an index it may show lies in the crop, in sight and
    within the frame; NO_INDEX where under INDEX_GONE does, or the crop sees the card sideways; those in
    between are left out. deck: the card's deck, which says where its faces carry an index. expand grows
    rect before cutting, as the Detector's card_crop_scales do."""
    h, w = image.shape[:2]
    layout = D.index_layout(deck)
    to_image = own_axes_to_image(obj.corners)
    to_card = np.linalg.inv(to_image)
    sx, sy = CORNER_SHARE
    crops, labels = [], []
    for crop, (origin, ex, ey) in zip(index_corners(image, rect, expand), _corner_frames(upright_quad(rect, expand))):
        corner = np.float64([origin, origin + sx * ex, origin + sx * ex + sy * ey, origin + sy * ey])
        uv = cv2.perspectiveTransform(corner[None], to_card)[0].astype(np.float32)
        du, dv = uv[1] - uv[0], uv[3] - uv[0]
        along = du[0] > abs(du[1]) and dv[1] > abs(dv[0])
        against = -du[0] > abs(du[1]) and -dv[1] > abs(dv[0])
        shown = (0, 2) if along else (1, 3) if against else ()  # the top indexes upright, the bottom ones turned
        seen = max((_index_seen(uv, layout, k, obj, to_image, w, h) for k in shown), default=0.0)
        if seen >= INDEX_SEEN or seen < INDEX_GONE:
            crops.append(crop)
            labels.append(D.CODES.index(obj.card) if seen >= INDEX_SEEN else NO_INDEX)
    return crops, labels


CUT_OFFSET = 4_000_000  # cut card patches are numbered from here: a stream apart from the others


def cut_card_sample(args):
    """A face-up card reaching beyond the edge of a small random table patch, MIN_VISIBLE of it or more in
    sight (lying on others, maybe partly under one), boxed as the detector boxes a card cut by the image's
    edge: its card crop and labelled index corner crops (cut_corner_samples)."""
    seed, i, cache_root, decks = args
    rng = np.random.default_rng([seed, CUT_OFFSET + i])
    code = D.CODES[i % 52]
    while True:
        b, height = _patch(rng, decks, cache_root, 40)
        edge, along = int(rng.integers(4)), rng.uniform(0.15, 0.85) * PATCH
        beyond = rng.uniform(-0.3, 0.45) * height  # the card's centre this far inside the edge (below 0: beyond it)
        centre = [(along, beyond), (PATCH - beyond, along), (along, PATCH - beyond), (beyond, along)][edge]
        b.card(code, True, centre, rng.uniform(0, 360), height)
        target = b.objects[-1]
        if rng.random() < 0.4:
            _card_partly_over(b, centre, height, rng)
        b.finish()
        if reaches_beyond(target.box, PATCH, PATCH) and target.in_sight >= MIN_VISIBLE["card"]:
            break
    img = camera_effects(_lighting(b.canvas, rng), rng)
    rect = jittered_rect(label_quad(target.corners, PATCH, PATCH), rng)
    corners, corner_y = cut_corner_samples(img, target, rect, b.deck)
    return half_turned(upright_crop(img, rect, CARD_CROP_WH), rng), i % 52, corners, corner_y


WHOLE_DICE = Path(__file__).resolve().parent / "real_dice_whole_boxes.json"


def load_whole_dice(path: Path) -> dict[str, list]:
    """Whole-die quads for the real photos: {photo name: [4 x 2 corners, or None, per label line]}."""
    try:
        return json.loads(Path(path).read_text())["photos"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: not a whole-die boxes file ({type(e).__name__}: {e}); "
                         f"expected JSON like {WHOLE_DICE.name}, with a \"photos\" object") from None


def add_real_dice(photos, split, det, dice_out, rng, copies=1, whole=None):
    """Crops of real dice for the die classifier (copies jittered crops of each die); det: also the
    photos and their boxes for the detector, or None. The photos' labels box the pips, not the whole
    die; whole (load_whole_dice) replaces each label's box by the whole die's quad, and a photo with a
    die it has no quad for is left out (an unboxed die would teach the detector that dice are table)."""
    for p in photos:
        img = cv2.imread(str(p))
        h, w = img.shape[:2]
        boxes = read_yolo_boxes(p.with_suffix(".txt"), w, h)
        quads = [np.float32([[x1, y1], [x2, y1], [x2, y2], [x1, y2]]) for _, x1, y1, x2, y2 in boxes]
        if whole is not None:
            given = whole.get(p.name, [None] * len(boxes))
            if len(given) != len(boxes):
                raise ValueError(f"{p.name}: {len(boxes)} labelled dice but {len(given)} whole-die boxes")
            if any(q is None for q in given):
                continue
            quads = [np.float32(q) for q in given]
        lines = []
        for (v, *_), quad in zip(boxes, quads):
            q = np.clip(quad / np.float32([w, h]), 0, 1).ravel()
            lines.append("2 " + " ".join(f"{c:.5f}" for c in q))
            for _ in range(copies):
                rect = jittered_rect(quad, rng)
                dice_out[0].append(quarter_turned(upright_crop(img, rect, DIE_CROP_WH), rng))
                dice_out[1].append(v - 1)
        if det is not None:
            cv2.imwrite(str(det / "images" / split / f"real_{p.stem}.jpg"), img)
            (det / "labels" / split / f"real_{p.stem}.txt").write_text("\n".join(lines) + "\n")


def _stack(crops, wh) -> np.ndarray:
    return np.stack(crops) if crops else np.zeros((0, wh[1], wh[0], 3), np.uint8)


def _camera_share(name: str):
    """The type of a tool's flag for one of Camera's shares (gloss, clutter, glare_spots): 0 to 1, refused as
    Camera refuses it."""
    def share(text: str) -> float:
        try:
            return getattr(Camera(**{name: float(text)}), name)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    share.__name__ = f"{name}_share"  # argparse names the type in its refusals
    return share


gloss_share = _camera_share("gloss")      # every tool's --gloss: a share of the cards
clutter_share = _camera_share("clutter")  # every tool's --clutter: a share of the scenes
glare_share = _camera_share("glare_spots")  # every tool's --glare-spots: a share of the scenes


def tilt_degrees(text: str, limit: float = MAX_TILT) -> float:
    """The type of every tool's --tilt and --tilt-max: a camera's turn from looking straight down, 0 to
    limit degrees (functools.partial sets another limit)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected degrees, got {text!r}") from None
    if not 0 <= value <= limit:
        raise argparse.ArgumentTypeError(f"a camera's tilt is 0 to {limit:g} degrees from looking straight down, got {text}")
    return value


def add_camera_arguments(ap: argparse.ArgumentParser) -> None:
    """--blur-max, --sharpen, --gloss, --tilt-max, --clutter and --glare-spots: how the camera spoils the
    scenes (Camera); camera_argument reads them."""
    ap.add_argument("--blur-max", type=float, default=CAMERA.blur_sigma[1], metavar="SIGMA",
                    help=f"scenes: the lens blur's largest sigma in pixels, drawn from {CAMERA.blur_sigma[0]} up to it in half "
                         f"the scenes (default {CAMERA.blur_sigma[1]}; bench_detect's out-of-focus condition is 2)")
    ap.add_argument("--sharpen", type=float, default=CAMERA.sharpen, metavar="SHARE",
                    help="scenes: this share sharpened as a phone does (an unsharp mask; default 0: none, and every "
                         "scene as without the flag)")
    ap.add_argument("--gloss", type=gloss_share, default=CAMERA.gloss, metavar="SHARE",
                    help="scenes: this share of the cards shows a lamp's reflection on its glossy finish (default 0: "
                         "none; the reflections draw from a stream of their own, so the scenes are otherwise the same)")
    ap.add_argument("--tilt-max", type=tilt_degrees, default=CAMERA.tilt[1], metavar="DEGREES",
                    help="scenes: the camera turned up to this many degrees from looking straight down, drawn per "
                         f"scene, up to {MAX_TILT:g} (default 0: straight down, the corners jittered a little; "
                         "the turn draws from a stream of its own)")
    ap.add_argument("--clutter", type=clutter_share, default=CAMERA.clutter, metavar="SHARE",
                    help="scenes: this share has one to three things beside the cards (a score pad, a phone, a card "
                         "box, a game board...; models.synth.clutter), unlabelled (default 0: none; they draw from a "
                         "stream of their own, so the scenes and their labels are otherwise the same)")
    ap.add_argument("--glare-spots", type=glare_share, default=CAMERA.glare_spots, metavar="SHARE",
                    help="scenes: this share is seen under a lamp's reflection, a spot pure white at its core, "
                         "whatever lies under the core unlabelled (default 0: none; the spots draw from a stream "
                         "of their own, so the scenes are otherwise the same)")


def camera_argument(ap: argparse.ArgumentParser, a: argparse.Namespace) -> Camera:
    """The Camera that add_camera_arguments' flags name, their values refused as out of range by ap."""
    if a.blur_max < CAMERA.blur_sigma[0]:
        ap.error(f"--blur-max is a sigma in pixels of at least {CAMERA.blur_sigma[0]}, got {a.blur_max}")
    if not 0 <= a.sharpen <= 1:
        ap.error(f"--sharpen is a share of the scenes, 0 to 1, got {a.sharpen}")
    return Camera((CAMERA.blur_sigma[0], a.blur_max), a.sharpen, a.gloss, (0.0, a.tilt_max), a.clutter, a.glare_spots)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python3 -m models.make_dataset", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="runs/data", type=Path)
    ap.add_argument("--train", type=int, default=2000, help="synthetic training scenes")
    ap.add_argument("--val", type=int, default=200, help="synthetic validation scenes")
    ap.add_argument("--card-crops", type=int, default=20800, help="extra single-card crops for the card classifier")
    ap.add_argument("--loose-card-crops", type=int, default=0,
                    help="single-card crops cut with a loose box, written to OUT/card_train_loose.npz")
    ap.add_argument("--only-patches", action="store_true",
                    help="make only the crops cut from small patches (--loose-card-crops, --corner-patches, "
                         "--cut-card-patches), no scenes")
    ap.add_argument("--corner-patches", type=int, default=0,
                    help="cards partly covered as in a fanned hand, on small patches: their index corner crops go to "
                         "OUT/corner_train_patches.npz (trained on with corner_train.npz)")
    ap.add_argument("--cut-card-patches", type=int, default=0,
                    help="face-up cards reaching beyond a small patch's edge, boxed as the detector boxes a card cut by "
                         "the image's edge: their card crops go to OUT/card_train_cut.npz, their index corner crops to "
                         "OUT/corner_train_cut.npz")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kind", choices=SCENE_KINDS, help="make every scene of this kind (default: the random mix)")
    ap.add_argument("--cut-cards", choices=CUT_CARDS, default="labelled",
                    help="cards reaching beyond the image's frame: labelled when 35 %% of the whole card is in sight "
                         "(default), or unlabelled beyond 10 %% of their box, as models/reproduce.sh's first data sets are made")
    add_camera_arguments(ap)
    ap.add_argument("--cards-cache", default="runs/cards", help="where SVG decks are rendered to PNG")
    ap.add_argument("--decks", nargs="+", metavar="DECK",
                    help="draw from these decks only (default: every usable deck; names as the 'decks:' line prints them)")
    ap.add_argument("--real-dice", type=Path, help="real-dice-topdown folder: its training split joins the training data")
    ap.add_argument("--real-dice-whole", nargs="?", const=WHOLE_DICE, type=Path, metavar="JSON",
                    help="box each real die whole, from this file of quads (default models/real_dice_whole_boxes.json), "
                         "instead of its label's pip box")
    ap.add_argument("--real-dice-crops-only", action="store_true",
                    help="the real dice feed the die classifier only, not the detector: their labels box the "
                         "top face's pips (a 1's box is its pip), and the detector is to box the whole die")
    ap.add_argument("--real-cards", type=Path, metavar="FOLDER",
                    help="real-cards-corners folder: its training split's photos with every card boxed whole join the "
                         "detector's training scenes")
    ap.add_argument("--real-cards-whole", type=Path, default=real_card_boxes.WHOLE_CARDS, metavar="JSON",
                    help="the whole-card boxes of those photos (default models/real_card_whole_boxes.json, made by "
                         "python3 -m models.real_card_boxes)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-svg", action="store_true", help="procedural decks only (no rsvg-convert needed)")
    return ap


def parse_args(argv=None) -> argparse.Namespace:
    """The command line, with flags that would be ignored refused; it reads and writes nothing (so
    models/reproduce.sh's commands can be checked without running them)."""
    ap = parser()
    a = ap.parse_args(argv)
    for flag, given in (("--real-dice-whole", a.real_dice_whole), ("--real-dice-crops-only", a.real_dice_crops_only)):
        if given and not a.real_dice:
            ap.error(f"{flag} needs --real-dice FOLDER (it says how to use the real photos)")
    a.camera = camera_argument(ap, a)
    if a.only_patches and not (a.loose_card_crops or a.corner_patches or a.cut_card_patches):
        ap.error("--only-patches needs --loose-card-crops N, --corner-patches N or --cut-card-patches N "
                 "(otherwise it makes nothing)")
    return a


def main(argv=None):
    a = parse_args(argv)
    if a.out.exists() and not a.out.is_dir():
        parser().error(f"--out {a.out}: a file, not a folder to write the data set in")
    try:
        whole = load_whole_dice(a.real_dice_whole) if a.real_dice_whole else None
        whole_cards = real_card_boxes.load(a.real_cards_whole) if a.real_cards else None
    except ValueError as e:
        parser().error(str(e))
    if a.real_cards:
        try:
            real_cards.photos(a.real_cards)
        except FileNotFoundError as e:
            parser().error(f"--real-cards {e}")
    if a.real_dice:
        try:
            real_dice_split(a.real_dice)
        except FileNotFoundError as e:
            parser().error(f"--real-dice {e}")
    if not a.no_svg:
        D.render_all(a.cards_cache)
    try:
        decks = D.chosen_decks(a.decks, D.deck_names(None if a.no_svg else a.cards_cache))
    except ValueError as e:
        parser().error(f"--decks: {e}")
    print(f"decks: {len(decks)} ({', '.join(decks)})", flush=True)
    det = a.out / "det"
    for split in ("train", "val"):
        (det / "images" / split).mkdir(parents=True, exist_ok=True)
        (det / "labels" / split).mkdir(parents=True, exist_ok=True)
    (det / "data.yaml").write_text(f"path: {det.resolve()}\ntrain: images/train\nval: images/val\n"
                                   f"names:\n" + "".join(f"  {i}: {n}\n" for i, n in enumerate(CLASSES)))
    # spawned, not forked: a caller that has run a network has threads, and a child forked while one of
    # them held a lock waits for it forever (the test suite hung so once, in make_dataset.main)
    with mp.get_context("spawn").Pool(a.workers) as pool:
        if a.loose_card_crops:
            jobs = [(a.seed, LOOSE_OFFSET + i, a.cards_cache, decks) for i in range(a.loose_card_crops)]
            crops, ys = zip(*pool.imap(card_sample, jobs, chunksize=32))
            np.savez_compressed(a.out / "card_train_loose.npz", x=_stack(list(crops), CARD_CROP_WH), y=np.array(ys, np.int64))
            print(f"loose: {len(crops)} card crops", flush=True)
        if a.corner_patches:
            corners, corner_y = [], []
            for c, y in pool.imap(corner_sample, [(a.seed, i, a.cards_cache, decks) for i in range(a.corner_patches)],
                                  chunksize=32):
                corners += c
                corner_y += y
            np.savez_compressed(a.out / "corner_train_patches.npz", x=_stack(corners, CORNER_WH), y=np.array(corner_y, np.int64))
            print(f"corner patches: {a.corner_patches}, {len(corners)} index corner crops "
                  f"({corner_y.count(NO_INDEX)} covered)", flush=True)
        if a.cut_card_patches:
            cards, card_y, corners, corner_y = [], [], [], []
            for crop, y, c, cy in pool.imap(cut_card_sample, [(a.seed, i, a.cards_cache, decks)
                                                              for i in range(a.cut_card_patches)], chunksize=32):
                cards.append(crop); card_y.append(y); corners += c; corner_y += cy
            np.savez_compressed(a.out / "card_train_cut.npz", x=_stack(cards, CARD_CROP_WH), y=np.array(card_y, np.int64))
            np.savez_compressed(a.out / "corner_train_cut.npz", x=_stack(corners, CORNER_WH), y=np.array(corner_y, np.int64))
            print(f"cut card patches: {len(cards)} card crops, {len(corners)} index corner crops "
                  f"({corner_y.count(NO_INDEX)} with no index)", flush=True)
        if a.only_patches:
            return
        for split, n, offset in (("val", a.val, VAL_OFFSET), ("train", a.train, 0)):
            cards, card_y, dice, die_y, sides, side_y, corners, corner_y = [], [], [], [], [], [], [], []
            jobs = [(a.seed, offset + i, a.cards_cache, decks, a.kind, a.cut_cards, a.camera) for i in range(n)]
            for i, (jpg, text, c, cy, d, dy, sd, sy, k, ky) in enumerate(pool.imap(scene_sample, jobs, chunksize=8)):
                (det / "images" / split / f"s{i:06d}.jpg").write_bytes(jpg)
                (det / "labels" / split / f"s{i:06d}.txt").write_text(text)
                cards += c; card_y += cy; dice += d; die_y += dy; sides += sd; side_y += sy; corners += k; corner_y += ky
                if i % 200 == 0:
                    print(f"{split}: {i}/{n} scenes", flush=True)
            if split == "train":
                jobs = [(a.seed, i, a.cards_cache, decks) for i in range(a.card_crops)]
                for crop, y in pool.imap(card_sample, jobs, chunksize=32):
                    cards.append(crop); card_y.append(y)
            if a.real_dice:
                rtrain, rval = real_dice_split(a.real_dice)
                if split == "train":
                    add_real_dice(rtrain, "train", None if a.real_dice_crops_only else det, (dice, die_y),
                                  np.random.default_rng([a.seed, 7]), copies=4, whole=whole)
            if a.real_cards and split == "train":
                added = real_card_boxes.add_to_detector_set(a.real_cards, whole_cards, det)
                print(f"real cards: {added} training photos with every card boxed", flush=True)
            np.savez_compressed(a.out / f"card_{split}.npz", x=_stack(cards, CARD_CROP_WH), y=np.array(card_y, np.int64))
            np.savez_compressed(a.out / f"die_{split}.npz", x=_stack(dice, DIE_CROP_WH), y=np.array(die_y, np.int64))
            np.savez_compressed(a.out / f"side_{split}.npz", x=_stack(sides, CARD_CROP_WH), y=np.array(side_y, np.int64))
            np.savez_compressed(a.out / f"corner_{split}.npz", x=_stack(corners, CORNER_WH), y=np.array(corner_y, np.int64))
            print(f"{split}: {n} scenes, {len(cards)} card crops, {len(dice)} die crops, {len(sides)} side crops "
                  f"({side_y.count(1)} of backs), {len(corners)} index corner crops ({corner_y.count(NO_INDEX)} covered)",
                  flush=True)


if __name__ == "__main__":
    main()
