"""Overhead table scenes with exact labels: cards (face up/down, piles, fans, rows), dice, dome, hands.

Objects are placed on the table plane with a similarity transform, and the plane is seen through a
homography H (a camera 0.6-1.5 m above, not quite square to the table). An object's label corners are
its sprite corners mapped by the very matrix that warps its pixels, so labels are exact.

    place(canvas, sprite_bgra, M) -> alpha (float32 HxW): alpha-composite sprite warped by 3x3 M
    sprite_matrix(sprite_hw, center_xy, angle_deg, height_px, H=None) -> 3x3 M
    render_scene(rng, size=(480, 640), kind=None, camera=CAMERA) -> Scene(image BGR, objects, hidden: list[SceneObject])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from models.synth import decks as D
from models.synth.clutter import CLUTTER_KINDS, clutter_sprite
from models.synth.dice import die_image, dome_overlay
from models.synth.textures import table_texture
from vision.crops import part_in_image

MIN_VISIBLE = {"card": 0.35, "card_back": 0.35, "die": 0.6}
FRAME_MARGIN = 0.1  # the old rule (CUT_CARDS "unlabelled"), and still the dice's: at most 10 % of the box beyond the frame
CUT_CARDS = ("labelled", "unlabelled")  # cards reaching beyond the frame: labelled while MIN_VISIBLE of the whole is in sight
CARD_ASPECT = D.CARD_W / D.CARD_H
SPACED_ROW_STEP = (1.03, 1.35)  # centre spacing of a spaced row, in card widths: gaps of 3-35 %
SCENE_KINDS = ("cards", "dice", "dome", "mixed", "dice_on_cards", "overlapping")
DIE_ON_CARD_P = 0.75  # in a dice_on_cards scene, the share of dice that lie on a card
GLOSS_STRENGTH = (0.4, 0.95)  # a glossy card's reflection at its core: this share of the way to white
GLOSS_WIDTH = (0.06, 0.3)  # its sigma across, in card widths
GLOSS_LENGTH = (0.3, 1.2)  # and along, in card heights
TILT_FOV = 65.0    # a tilted camera's horizontal field of view, degrees: a phone's main camera or a webcam
MAX_TILT = 40.0    # degrees from looking straight down: beyond, the far cards are slivers, not "from above"
TILT_STREAM = 7    # the spawn key of the stream a tilt draws from, apart from the scene's own
CLUTTER_STREAM = 8  # and of the stream the things beside the cards draw from (Camera.clutter)
GLARE_CENTRES = (0.2, 0.8)  # a glare spot laid somewhere: its centre's span, a share of the image's width and height
GLARE_RADII = (0.05, 0.2)   # its radius's span, a share of the image's width: bench_light's SPOTS, smallest to largest
GLARE_CORE = float(np.sqrt(np.log(2) / 2))   # glare_spot is pure white out to this share of its radius
GLARE_STREAM = 9   # the spawn key of the stream a scene's glare spot draws from (Camera.glare_spots)


@dataclass
class SceneObject:
    kind: str                 # "card", "card_back" or "die"
    corners: np.ndarray       # 4x2 float32, image pixels, sprite TL, TR, BR, BL
    card: str | None = None   # e.g. "Td" for a face-up card
    die: int | None = None    # top face 1-6
    visible: float = 1.0      # fraction of the object's pixels within the frame not covered by later objects
    in_frame: float = 1.0     # fraction of the whole object's area within the image frame
    # the same for a face's index at each corner (vision.crops.INDEX_REGIONS' order: sprite TL, BR, TR, BL); 0 where
    # its deck prints none (models.synth.decks.index_layout)
    index_visible: tuple[float, ...] = (1.0, 1.0, 0.0, 0.0)

    @property
    def box(self) -> tuple[float, float, float, float]:
        x, y = self.corners[:, 0], self.corners[:, 1]
        return float(x.min()), float(y.min()), float(x.max()), float(y.max())

    @property
    def in_sight(self) -> float:
        """The share of the whole object in sight: the part beyond the image's frame counts as covered."""
        return self.visible * self.in_frame


@dataclass
class Scene:
    image: np.ndarray
    objects: list[SceneObject]  # the labelled ones
    hidden: list[SceneObject] = field(default_factory=list)  # too covered (or off the image) to be labelled
    deck: str = ""  # the deck its face-up cards are drawn from (one a scene)


def sprite_matrix(sprite_hw, center_xy, angle_deg: float, height_px: float, H: np.ndarray | None = None) -> np.ndarray:
    """3x3 matrix taking sprite pixels to image pixels: scale to height_px, rotate, centre, then H."""
    h, w = sprite_hw
    s = height_px / h
    a = np.deg2rad(angle_deg)
    c, si = np.cos(a) * s, np.sin(a) * s
    M = np.array([[c, -si, center_xy[0] - (c * w / 2 - si * h / 2)],
                  [si, c, center_xy[1] - (si * w / 2 + c * h / 2)], [0, 0, 1]], np.float64)
    return M if H is None else H @ M


def sprite_corners(sprite_hw, M: np.ndarray) -> np.ndarray:
    h, w = sprite_hw
    pts = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
    return cv2.perspectiveTransform(pts, M)[0].astype(np.float32)


def place(canvas: np.ndarray, sprite: np.ndarray, M: np.ndarray) -> np.ndarray:
    """Alpha-composite a BGRA sprite onto a BGR canvas (in place) through M; returns its coverage."""
    h, w = canvas.shape[:2]
    warped = cv2.warpPerspective(sprite, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    canvas[:] = (canvas * (1 - alpha) + warped[:, :, :3] * alpha).astype(np.uint8)
    return alpha[:, :, 0]


def _shadow(canvas, alpha, rng, strength=None):
    dx, dy = rng.integers(-6, 7, 2)
    sh = cv2.GaussianBlur(np.roll(alpha, (int(dy), int(dx)), axis=(0, 1)), (0, 0), rng.uniform(2, 6))
    k = strength if strength is not None else rng.uniform(0.15, 0.45)
    canvas[:] = (canvas * (1 - k * sh[..., None])).astype(np.uint8)


def glossed(sprite: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A copy of a card's BGRA sprite with a lamp's reflection on its glossy finish: a soft elongated
    patch washing the print toward white, at its core up to GLOSS_STRENGTH of the way (a plastic-coated
    card under a ceiling lamp, which the table-wide glare spot of _lighting does not show card by card)."""
    h, w = sprite.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, np.pi)
    x, y = xx - rng.uniform(0.1, 0.9) * w, yy - rng.uniform(0.1, 0.9) * h
    across, along = x * np.cos(a) + y * np.sin(a), y * np.cos(a) - x * np.sin(a)
    sigma_across, sigma_along = rng.uniform(*GLOSS_WIDTH) * w, rng.uniform(*GLOSS_LENGTH) * h
    patch = np.exp(-0.5 * ((across / sigma_across) ** 2 + (along / sigma_along) ** 2))
    bgr = sprite[:, :, :3].astype(np.float32)
    out = sprite.copy()
    on_card = sprite[:, :, 3].astype(np.float32) / 255  # the see-through margin keeps its colour: warping blends it in
    out[:, :, :3] = np.clip(bgr + (rng.uniform(*GLOSS_STRENGTH) * patch * on_card)[..., None] * (255 - bgr), 0, 255)
    return out


def glare_spot(image: np.ndarray, centre: tuple[float, float], radius: float) -> np.ndarray:
    """image with a lamp's reflection on it, as a glossy table or board shows one: pure white out to 0.59
    of the radius, fading into the image's own colours beyond (a quarter of the way to white at the radius,
    nothing at twice it). bench_light moves one over the sample videos; models.quantize lays one on
    calibration scenes."""
    h, w = image.shape[:2]
    yy, xx = np.ogrid[:h, :w]
    near = ((xx - centre[0]) ** 2 + (yy - centre[1]) ** 2) / np.float32(radius) ** 2
    veil = np.minimum(2 * np.exp(-2 * near, dtype=np.float32), 1)[..., None]
    return (image + (255 - image.astype(np.float32)) * veil).astype(np.uint8)


def glare_place(rng: np.random.Generator, h: int, w: int,
                radius: tuple[float, float]) -> tuple[tuple[float, float], float]:
    """Where a glare spot lies on an image of h x w: its centre anywhere over the middle 60 % both ways
    (GLARE_CENTRES, where bench_light's moving spot sways) and its radius in pixels, drawn from radius
    (shares of the width)."""
    centre = rng.uniform(*GLARE_CENTRES) * w, rng.uniform(*GLARE_CENTRES) * h
    return centre, rng.uniform(*radius) * w


def glare_spot_somewhere(image: np.ndarray, rng: np.random.Generator, radius: tuple[float, float]) -> np.ndarray:
    """image under a glare spot (glare_spot) laid where glare_place draws."""
    return glare_spot(image, *glare_place(rng, *image.shape[:2], radius))


def camera_homography(h, w, rng, tilt=0.07) -> np.ndarray:
    """Perspective of a camera slightly off square to the table: jitter the image corners."""
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-tilt, tilt, (4, 2)).astype(np.float32) * np.float32([w, h])
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def tilted_view(h: int, w: int, degrees: float, towards: float, fov: float = TILT_FOV) -> np.ndarray:
    """The homography of a camera turned `degrees` from looking straight down, about an axis lying in
    the image at `towards` radians, then shifted so that the frame's centre stays put: the table's far
    side shrinks and its near side grows, as in a photo taken roughly from above."""
    f = w / 2 / np.tan(np.deg2rad(fov) / 2)
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    axis = np.array([np.cos(towards), np.sin(towards), 0.0])
    R, _ = cv2.Rodrigues(axis * np.deg2rad(degrees))
    turned = K @ R @ np.linalg.inv(K)
    c = turned @ np.array([w / 2, h / 2, 1.0])
    return np.array([[1, 0, w / 2 - c[0] / c[2]], [0, 1, h / 2 - c[1] / c[2]], [0, 0, 1]]) @ turned


def _own_stream(rng: np.random.Generator, key: int) -> np.random.Generator:
    """A stream of its own for the scene rng makes, which draws nothing from rng: a scene drawn with it
    is the same scene otherwise. Keyed, not seed_seq.spawn (as the gloss stream is made): a spawned
    child depends on how many were spawned before it, so a tilt's direction would follow the gloss."""
    seq = rng.bit_generator.seed_seq
    return np.random.default_rng(np.random.SeedSequence(seq.entropy, spawn_key=(*seq.spawn_key, key)))


class _Builder:
    def __init__(self, rng, h, w, decks, cache_root, H, gloss: float = 0.0):
        self.rng, self.h, self.w, self.H, self.gloss = rng, h, w, H, gloss
        # the reflections draw from a stream of their own: a scene with gloss is the same scene, reflections added
        self.gloss_rng = np.random.default_rng(rng.bit_generator.seed_seq.spawn(1)[0]) if gloss else None
        self.canvas = table_texture(int(h), int(w), rng)
        self.cover = np.full((h, w), -1, np.int32)   # which object owns each pixel (-1: table or occluder)
        self.areas: list[float] = []
        self.objects: list[SceneObject] = []
        self.deck = decks[int(rng.integers(len(decks)))]
        self.cache_root = cache_root
        self.backs = [self._back() for _ in range(2)]

    def _back(self):
        if D.is_procedural(self.deck) or self.rng.random() < 0.4:
            return D.procedural_back(int(self.rng.integers(1 << 30)))
        return D.svg_card(self.deck, None, self.cache_root)

    def add(self, sprite, M, obj: SceneObject, shadow_p=0.5):
        if self.rng.random() < shadow_p:
            self._shadow_of(sprite, M, self.rng)
        alpha = place(self.canvas, sprite, M)
        inside = alpha > 0.5
        idx = len(self.objects)
        self.cover[inside] = idx
        obj.corners = sprite_corners(sprite.shape[:2], M)
        self.areas.append(float(inside.sum()))
        self.objects.append(obj)

    def card(self, code, face_up, center, angle, height):
        sprite = D.card_face(code, self.deck, self.cache_root) if face_up else self.backs[int(self.rng.random() < 0.2)]
        if self.gloss and self.gloss_rng.random() < self.gloss:
            sprite = glossed(sprite, self.gloss_rng)
        M = sprite_matrix(sprite.shape[:2], center, angle, height, self.H)
        self.add(sprite, M, SceneObject("card" if face_up else "card_back", None, code if face_up else None))

    def die(self, value, center, angle, size):
        side_view = self.rng.uniform(0.1, 0.35) if self.rng.random() < 0.6 else 0.0
        sprite, _ = die_image(value, max(8, int(size * 1.5)), self.rng, side_view=side_view)
        M = sprite_matrix(sprite.shape[:2], center, angle, size, self.H)
        self.add(sprite, M, SceneObject("die", None, die=value), shadow_p=0.8)

    def clutter(self, card_h: float, rng: np.random.Generator) -> None:
        """One to three things beside the cards (models.synth.clutter), drawn from rng on the table itself:
        unlabelled, and under whatever is laid after."""
        for _ in range(int(rng.integers(1, 4))):
            sprite, height = clutter_sprite(CLUTTER_KINDS[int(rng.integers(len(CLUTTER_KINDS)))], rng)
            centre = (rng.uniform(0, 1) * self.w, rng.uniform(0, 1) * self.h)
            M = sprite_matrix(sprite.shape[:2], centre, rng.uniform(0, 360), height * card_h, self.H)
            self._shadow_of(sprite, M, rng)
            place(self.canvas, sprite, M)

    def _shadow_of(self, sprite, M, rng):
        """The shadow a BGRA sprite laid through M casts on the table (_shadow, drawing from rng)."""
        _shadow(self.canvas, cv2.warpPerspective(sprite[:, :, 3], M, (self.w, self.h)).astype(np.float32) / 255, rng)

    def occluder(self):
        """A skin-toned arm with a hand entering from an image edge."""
        rng = self.rng
        skin = np.array([rng.uniform(60, 200), rng.uniform(90, 200), rng.uniform(120, 245)], np.float32)
        skin[2] = max(skin[2], skin[1] + 10)
        layer = np.zeros((self.h, self.w), np.uint8)
        edge = int(rng.integers(4))
        t = rng.uniform(0.1, 0.9)
        start = [(t * self.w, -20), (self.w + 20, t * self.h), (t * self.w, self.h + 20), (-20, t * self.h)][edge]
        end = (rng.uniform(0.15, 0.85) * self.w, rng.uniform(0.15, 0.85) * self.h)
        width = int(rng.uniform(0.08, 0.16) * min(self.h, self.w))
        cv2.line(layer, (int(start[0]), int(start[1])), (int(end[0]), int(end[1])), 255, width, cv2.LINE_AA)
        d = np.array(end) - np.array(start)
        d /= np.linalg.norm(d) + 1e-6
        cv2.ellipse(layer, (int(end[0]), int(end[1])), (int(width * 0.9), int(width * 0.7)),
                    float(np.degrees(np.arctan2(d[1], d[0]))), 0, 360, 255, -1, cv2.LINE_AA)
        for k in range(int(rng.integers(0, 5))):
            fa = np.arctan2(d[1], d[0]) + rng.uniform(-0.8, 0.8)
            tip = (end[0] + np.cos(fa) * width * 1.6, end[1] + np.sin(fa) * width * 1.6)
            cv2.line(layer, (int(end[0]), int(end[1])), (int(tip[0]), int(tip[1])), 255, max(2, width // 5), cv2.LINE_AA)
        a = layer.astype(np.float32)[..., None] / 255
        _shadow(self.canvas, a[..., 0], rng, 0.4)
        shade = (0.8 + 0.3 * cv2.GaussianBlur(rng.random((self.h, self.w)).astype(np.float32), (0, 0), 15))[..., None]
        self.canvas[:] = np.clip(self.canvas * (1 - a) + skin * shade * a, 0, 255).astype(np.uint8)
        self.cover[layer > 127] = -1

    def blind(self, centre: tuple[float, float], radius: float) -> None:
        """Nothing under a glare spot's white core is in sight (glare_spot: GLARE_CORE of its radius)."""
        yy, xx = np.ogrid[:self.h, :self.w]
        self.cover[(xx - centre[0]) ** 2 + (yy - centre[1]) ** 2 <= (GLARE_CORE * radius) ** 2] = -1

    def _in_sight(self, i: int, region) -> float:
        """The share of object i's region (x1, y1, x2, y2 as shares of its sprite) that is in sight."""
        x1, y1, x2, y2 = region
        tl, tr, br, bl = self.objects[i].corners.astype(np.float64)

        # bilinear in the projected sprite: exact at its corners and for an affine view; a camera turned
        # 35 degrees (Camera.tilt) moves a region's middle by up to 6-8 % of the card's height
        def at(u, v):
            return (1 - v) * ((1 - u) * tl + u * tr) + v * ((1 - u) * bl + u * br)
        poly = np.array([at(x1, y1), at(x2, y1), at(x2, y2), at(x1, y2)])
        mask = np.zeros((self.h, self.w), np.uint8)
        cv2.fillConvexPoly(mask, np.round(poly).astype(np.int32), 1)
        inside = mask.astype(bool)
        return float((self.cover[inside] == i).mean()) if inside.any() else 0.0

    def finish(self, cut_cards: str = "labelled") -> tuple[list[SceneObject], list[SceneObject]]:
        """The objects to label, and those too covered or too far off the image to be labelled. A card
        reaching beyond the frame is labelled (cut_cards "labelled") when MIN_VISIBLE of the whole card is
        in sight, as a card under others is; with "unlabelled" it must lie within FRAME_MARGIN of the
        frame, as models/reproduce.sh's first data sets are made. A die must always lie within the margin: its top
        face is read whole."""
        if cut_cards not in CUT_CARDS:
            raise ValueError(f"cut_cards {cut_cards!r}: expected one of {', '.join(CUT_CARDS)}")
        counts = np.bincount(self.cover[self.cover >= 0].ravel(), minlength=len(self.objects))
        kept, hidden = [], []
        for i, obj in enumerate(self.objects):
            obj.visible = float(counts[i] / max(1.0, self.areas[i]))
            obj.in_frame = in_frame(obj.corners, self.w, self.h)
            if obj.kind == "card":
                obj.index_visible = tuple(0.0 if r is None else self._in_sight(i, r) for r in D.index_layout(self.deck))
            if obj.kind != "die" and cut_cards == "labelled":
                labelled = obj.in_sight >= MIN_VISIBLE[obj.kind]
            else:
                labelled = obj.visible >= MIN_VISIBLE[obj.kind] and not reaches_beyond(obj.box, self.w, self.h)
            (kept if labelled else hidden).append(obj)
        return kept, hidden


def reaches_beyond(box, w: int, h: int, margin: float = FRAME_MARGIN) -> bool:
    """Whether more than margin of the box's width or height lies beyond a w x h frame."""
    x1, y1, x2, y2 = box
    mx, my = margin * (x2 - x1), margin * (y2 - y1)
    return x1 < -mx or y1 < -my or x2 > w + mx or y2 > h + my


def in_frame(corners: np.ndarray, w: int, h: int) -> float:
    """The share of the quad's area within a w x h frame."""
    quad = np.float32(corners)
    part = part_in_image(quad, w, h)
    return float(cv2.contourArea(part) / cv2.contourArea(quad)) if len(part) else 0.0


UNIT_SQUARE = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])


def own_axes_to_image(corners: np.ndarray) -> np.ndarray:
    """The homography from an object's own axes (u, v in 0..1 across and down its sprite, as
    INDEX_REGION is given) to the image, where its corners TL, TR, BR, BL lie."""
    return cv2.getPerspectiveTransform(UNIT_SQUARE, np.float32(corners))


def label_quad(corners: np.ndarray, w: int, h: int) -> np.ndarray:
    """The quad to label an object by: its corners when it lies within the w x h frame, else the part of
    the object (TL, TR, BR, BL in its own axes) spanning its part within the frame, with the corners
    beyond the frame clipped, since ultralytics takes no label point beyond the image. Ultralytics reads
    an oriented label as the smallest rectangle around its points, and gets back that part of the card;
    clipping the card's own corners moves points off the card, and the rectangle read back grows."""
    quad = np.float32(corners)
    part = part_in_image(quad, w, h)
    if np.array_equal(part, quad):
        return quad
    to_quad = own_axes_to_image(quad)
    uv = cv2.perspectiveTransform(part[None].astype(np.float64), np.linalg.inv(to_quad))[0]
    (u1, v1), (u2, v2) = np.clip(uv.min(0), 0, 1), np.clip(uv.max(0), 0, 1)
    sub = np.float64([[[u1, v1], [u2, v1], [u2, v2], [u1, v2]]])
    return np.clip(cv2.perspectiveTransform(sub, to_quad)[0], 0, (w, h)).astype(np.float32)


def _lighting(img, rng):
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    g = 1 + rng.uniform(-0.35, 0.35) * (xx / w - 0.5) + rng.uniform(-0.35, 0.35) * (yy / h - 0.5)
    gain = g[..., None] * rng.uniform(0.6, 1.25) * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    out = img.astype(np.float32) * gain
    if rng.random() < 0.3:  # glare: a bright soft spot from a lamp
        glare = np.zeros((h, w), np.float32)
        cv2.ellipse(glare, (int(rng.uniform(0, w)), int(rng.uniform(0, h))),
                    (int(rng.uniform(0.03, 0.15) * w), int(rng.uniform(0.03, 0.12) * h)), rng.uniform(0, 180), 0, 360, 1.0, -1)
        glare = cv2.GaussianBlur(glare, (0, 0), rng.uniform(5, 25)) * rng.uniform(0.3, 0.9)
        out = out + glare[..., None] * (255 - out)
    return np.clip(out, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class Camera:
    """How the camera spoils a scene (camera_effects): lens blur of a sigma drawn from blur_sigma (pixels) in
    half the scenes, and a phone's sharpening (an unsharp mask, SHARPEN_AMOUNT at SHARPEN_SIGMA) in the
    share sharpen of them; and what it sees of the lamp on glossy cards: a reflection (glossed) on the
    share gloss of the cards laid. A scene's draws for sharpening are made only where sharpen is above
    0, and the reflections draw from a stream of their own, so the scenes of CAMERA are those every data
    set before it was made of, and a scene with gloss is the same scene with reflections added. tilt:
    the camera turned from looking straight down (tilted_view), by degrees drawn from it, in a direction
    of its own stream: a tilted scene is the same scene seen from the side. clutter: the share of the
    scenes with one to three things beside the cards (models.synth.clutter: a score pad, a phone, a card
    box, a game board...), laid on the table before the cards from a stream of their own, so a cluttered
    scene is the same scene, labels and all, with things under and beside its cards. glare_spots: the share
    of the scenes the camera sees under a lamp's reflection (glare_spot: GLARE_RADII of the width, laid
    where glare_place draws, from a stream of its own), over everything on the table: what lies under its
    white core is out of sight, labelled as a covered card is, so a glared scene is the same scene with
    the spot on it and the objects the core hides unlabelled."""
    blur_sigma: tuple[float, float] = (0.3, 1.4)
    sharpen: float = 0.0
    gloss: float = 0.0
    tilt: tuple[float, float] = (0.0, 0.0)   # degrees from looking straight down, drawn per scene (tilted_view)
    clutter: float = 0.0
    glare_spots: float = 0.0

    def __post_init__(self):
        lo, hi = self.blur_sigma
        if not 0 < lo <= hi:
            raise ValueError(f"blur_sigma must be (low, high) with 0 < low <= high, got {self.blur_sigma}")
        if not 0 <= self.tilt[0] <= self.tilt[1] <= MAX_TILT:
            raise ValueError(f"tilt must be (low, high) degrees with 0 <= low <= high <= {MAX_TILT:g}, got {self.tilt}")
        if not 0 <= self.sharpen <= 1:
            raise ValueError(f"sharpen is a share of the scenes (0 to 1), got {self.sharpen}")
        if not 0 <= self.gloss <= 1:
            raise ValueError(f"gloss is a share of the cards (0 to 1), got {self.gloss}")
        if not 0 <= self.clutter <= 1:
            raise ValueError(f"clutter is a share of the scenes (0 to 1), got {self.clutter}")
        if not 0 <= self.glare_spots <= 1:
            raise ValueError(f"glare_spots is a share of the scenes (0 to 1), got {self.glare_spots}")


CAMERA = Camera()
SHARPEN_AMOUNT = (0.5, 1.5)  # a phone's unsharp mask: bench_detect's "sharpened" condition is amount 1 at sigma 2
SHARPEN_SIGMA = (1.0, 2.5)


def sharpened(img: np.ndarray, amount: float, sigma: float) -> np.ndarray:
    """img with an unsharp mask: amount times its difference from a Gaussian blur of sigma added (the type
    kept: uint8 saturates, float32 as bench_detect's "sharpened" condition hands it over does not)."""
    return cv2.addWeighted(img, 1 + amount, cv2.GaussianBlur(img, (0, 0), sigma), -amount, 0)


def camera_effects(img: np.ndarray, rng: np.random.Generator, camera: Camera = CAMERA) -> np.ndarray:
    """Lens blur, motion blur, sharpening, sensor noise and JPEG artefacts."""
    if rng.random() < 0.5:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(*camera.blur_sigma))
    if rng.random() < 0.2:
        n = int(rng.integers(3, 10))
        k = np.zeros((n, n), np.float32)
        k[n // 2] = 1
        k = cv2.warpAffine(k, cv2.getRotationMatrix2D((n / 2 - 0.5, n / 2 - 0.5), rng.uniform(0, 180), 1), (n, n))
        img = cv2.filter2D(img, -1, k / max(k.sum(), 1e-6))
    if camera.sharpen and rng.random() < camera.sharpen:
        img = sharpened(img, rng.uniform(*SHARPEN_AMOUNT), rng.uniform(*SHARPEN_SIGMA))
    if rng.random() < 0.7:
        img = np.clip(img + rng.normal(0, rng.uniform(1, 8), img.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.8:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return img


def card_pose(layout: str, k: int, n: int, c, base: float, card_h: float, rng: np.random.Generator,
              gap: float | None = None) -> tuple[tuple[float, float], float]:
    """Centre and angle of the k-th of n cards of a group around c. A row overlaps its cards
    lengthwise by a random step, or, given gap (centre spacing in card heights), lays them upright
    side by side."""
    if layout in ("single", "pile"):
        return (c[0] + rng.normal(0, card_h * 0.08), c[1] + rng.normal(0, card_h * 0.08)), base + rng.normal(0, 12)
    if layout == "fan":
        ang = base + (k - n / 2) * rng.uniform(8, 16)
        a = np.deg2rad(ang)
        return (c[0] + np.sin(a) * card_h * 0.4, c[1] - np.cos(a) * card_h * 0.4), ang
    a = np.deg2rad(base)
    if gap is None:  # lengthwise, each card showing a quarter to a half of its length
        step, ang = card_h * rng.uniform(0.25, 0.5), base + 90
    else:  # upright, short sides facing
        step, ang = card_h * gap, base
    return (c[0] + np.cos(a) * step * k, c[1] + np.sin(a) * step * k), ang + rng.normal(0, 3)


def _on_a_card(placed, card_h, rng):
    """A point on one of the cards laid, away from its edges: where a die rolled onto a card comes to rest."""
    (cx, cy), ang = placed[int(rng.integers(len(placed)))]
    u, v = rng.uniform(-0.35, 0.35) * card_h * CARD_ASPECT, rng.uniform(-0.4, 0.4) * card_h
    a = np.deg2rad(ang)
    return cx + u * np.cos(a) - v * np.sin(a), cy + u * np.sin(a) + v * np.cos(a)


def render_scene(rng: np.random.Generator, size=(480, 640), decks=None, cache_root=None, kind: str | None = None,
                 cut_cards: str = "labelled", camera: Camera = CAMERA) -> Scene:
    """One random labelled scene. kind: "cards", "dice", "dome" or "mixed" (random when None), or
    "dice_on_cards": cards with most dice lying on them, or "overlapping": cards in piles, fans and
    overlapping rows only, no card alone (neither drawn at random, so that the random mix, and every data
    set made from it, stays as it was; the detector had seen too few dice on cards, and most of the
    cards it misses lie partly under others).
    cut_cards: whether cards reaching beyond the frame are labelled (see _Builder.finish). camera: how
    the camera spoils the image (Camera)."""
    if kind is not None and kind not in SCENE_KINDS:
        raise ValueError(f"scene kind {kind!r}: expected one of {', '.join(SCENE_KINDS)}")
    h, w = size
    cache_root = Path(cache_root or "runs/cards")
    decks = decks or D.deck_names(cache_root)
    H = camera_homography(h, w, rng)
    if camera.tilt[1] > 0:
        turn = _own_stream(rng, TILT_STREAM)
        H = tilted_view(h, w, turn.uniform(*camera.tilt), turn.uniform(0, 2 * np.pi)) @ H
    b = _Builder(rng, h, w, decks, cache_root, H, camera.gloss)
    kind = kind or ["cards", "cards", "mixed", "dice", "dome"][int(rng.integers(5))]
    card_h = float(np.exp(rng.uniform(np.log(55), np.log(220)))) * min(h, w) / 480
    codes = [str(c) for c in rng.permutation(D.CODES)]
    # every kind's count is drawn (the draws are part of the seeded stream); dice_on_cards lays as many as mixed
    n_groups = {"cards": int(rng.integers(1, 6)), "mixed": int(rng.integers(1, 4)), "dice": int(rng.integers(0, 2)),
                "dome": int(rng.integers(0, 2))}[{"dice_on_cards": "mixed", "overlapping": "cards"}.get(kind, kind)]
    if camera.clutter:
        things = _own_stream(rng, CLUTTER_STREAM)
        if things.random() < camera.clutter:
            b.clutter(card_h, things)
    placed = []  # (centre, angle) of each card on the table plane, in the order laid
    for _ in range(n_groups):
        layout = (["pile", "fan", "row"][int(rng.integers(3))] if kind == "overlapping"
                  else ["single", "single", "pile", "fan", "row"][int(rng.integers(5))])
        c = (rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h)
        base = rng.uniform(0, 360)
        face_up_p = 0.0 if rng.random() < 0.15 else 0.75
        n = 1 if layout == "single" else int(rng.integers(2, 7))
        # half the rows are a player's table cards side by side with gaps (Kiketti's seats), not a laid-down hand
        spaced = layout == "row" and kind != "overlapping" and rng.random() < 0.5
        gap = CARD_ASPECT * rng.uniform(*SPACED_ROW_STEP) if spaced else None
        for k in range(n):
            if not codes:
                break
            code = codes.pop()
            up = bool(rng.random() < face_up_p)
            ctr, ang = card_pose(layout, k, n, c, base, card_h, rng, gap)
            b.card(code, up, ctr, ang, card_h)
            placed.append((ctr, ang))
    if kind in ("dice", "dome", "mixed", "dice_on_cards"):
        n_dice = 1 if kind == "dome" else int(rng.integers(1, 6))
        die_px = float(np.exp(rng.uniform(np.log(20), np.log(90)))) * min(h, w) / 480
        if kind == "dome":
            die_px = float(rng.uniform(40, 110)) * min(h, w) / 480
        centers = []
        for _ in range(n_dice):
            on_card = kind == "dice_on_cards" and rng.random() < DIE_ON_CARD_P
            for _try in range(20):
                c = _on_a_card(placed, card_h, rng) if on_card else (rng.uniform(0.1, 0.9) * w, rng.uniform(0.1, 0.9) * h)
                if all(np.hypot(c[0] - o[0], c[1] - o[1]) > die_px * 1.6 for o in centers):
                    break
            centers.append(c)
            b.die(int(rng.integers(1, 7)), c, rng.uniform(0, 360), die_px * rng.uniform(0.9, 1.1))
        if kind == "dome":
            pc = cv2.perspectiveTransform(np.array([[centers[0]]], np.float64), H)[0, 0]
            dome_overlay(b.canvas, pc + rng.normal(0, die_px * 0.2, 2), die_px * rng.uniform(1.6, 2.6), rng)
    for _ in range(int(rng.integers(0, 3)) if rng.random() < 0.45 else 0):
        b.occluder()
    spot = None
    if camera.glare_spots:
        lamp = _own_stream(rng, GLARE_STREAM)
        if lamp.random() < camera.glare_spots:
            spot = glare_place(lamp, h, w, GLARE_RADII)
            b.blind(*spot)
    objects, hidden = b.finish(cut_cards)
    img = _lighting(b.canvas, rng)
    if spot:
        img = glare_spot(img, *spot)
    img = camera_effects(img, rng, camera)
    return Scene(img, objects, hidden, b.deck)
