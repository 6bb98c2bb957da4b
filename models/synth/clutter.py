"""What else lies on a games table: a score pad, a phone, a coin, a pen, a card box, a game board.

None of it is labelled: it is table, and a box on it is a false detection. The score pad and the card box
have a card's proportions and the board a card's straight edges, so they are what a detector that has
only seen cards, dice and hands takes for cards on a real table (a Kimble board lying on the table was
boxed as a face-up card; models/MODEL_CARD.md, "Real card photographs").

    clutter_sprite(kind, rng) -> (BGRA sprite, its height in card heights)

models.synth.scene lays them (Camera.clutter): one to three in a scene, on the table before the cards.
"""

from __future__ import annotations

import cv2
import numpy as np

CLUTTER_KINDS = ("pad", "phone", "coin", "pen", "box", "board")
PX_PER_CARD = 160  # a sprite's pixels per card height: enough for a card up to 220 px high in a scene


def _sprite(h: int, w: int, colour) -> tuple[np.ndarray, np.ndarray]:
    """A blank BGR image of one colour and its all-clear alpha."""
    return np.full((h, w, 3), colour, np.uint8), np.zeros((h, w), np.uint8)


def _rounded(alpha: np.ndarray, radius: int) -> None:
    """Fill alpha with a rectangle of its size with rounded corners."""
    h, w = alpha.shape
    r = max(1, min(radius, h // 2 - 1, w // 2 - 1))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for x, y in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (x, y), r, 255, -1, cv2.LINE_AA)


def _pad(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A score pad or a sheet of paper (A6 to A4: a card's proportions), ruled, with pencilled scores."""
    height = float(rng.uniform(1.6, 3.4))
    h = int(height * PX_PER_CARD)
    w = int(h / np.sqrt(2))
    paper = rng.uniform(215, 255, 3) - np.array([rng.uniform(0, 25), 0, 0])  # white to cream
    img, alpha = _sprite(h, w, paper)
    alpha[:] = 255
    step = int(rng.uniform(0.06, 0.1) * PX_PER_CARD)
    ink = (int(rng.uniform(150, 220)), int(rng.uniform(120, 190)), int(rng.uniform(90, 150)))
    if rng.random() < 0.5:  # ruled lines, or a grid
        for y in range(step * 2, h, step):
            cv2.line(img, (0, y), (w, y), ink, 1, cv2.LINE_AA)
        if rng.random() < 0.4:
            for x in range(step, w, step):
                cv2.line(img, (x, 0), (x, h), ink, 1, cv2.LINE_AA)
    pen = [(20, 20, 20), (140, 40, 20), (40, 40, 40), (30, 30, 160)][int(rng.integers(4))]
    columns = int(rng.integers(2, 6))
    scale = step / 30
    for row in range(int(rng.integers(2, max(3, h // step - 2)))):
        for col in range(columns):
            if rng.random() < 0.8:
                text = str(int(rng.integers(0, 120)))
                org = (int((col + 0.2) * w / columns), int((row + 2.8) * step))
                cv2.putText(img, text, org, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, scale, pen, max(1, int(scale * 2)), cv2.LINE_AA)
    return img, alpha, height


def _phone(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A phone, screen up (dark or lit) or in a case face down."""
    height = float(rng.uniform(1.6, 1.95))
    h = int(height * PX_PER_CARD)
    w = int(h * rng.uniform(0.45, 0.5))
    body = rng.uniform(10, 60, 3) if rng.random() < 0.6 else rng.uniform(30, 230, 3)
    img, alpha = _sprite(h, w, body)
    _rounded(alpha, int(w * 0.12))
    if rng.random() < 0.65:  # the screen, inside a thin bezel: off (nearly black) or lit
        m = int(w * 0.05)
        screen = rng.uniform(5, 30, 3) if rng.random() < 0.5 else rng.uniform(40, 250, 3)
        cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), screen.tolist(), -1)
        if rng.random() < 0.5:  # a lamp's reflection on the glass
            glint = np.zeros((h, w), np.float32)
            cv2.ellipse(glint, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), (w // 3, h // 6), rng.uniform(0, 180),
                        0, 360, 1.0, -1)
            glint = cv2.GaussianBlur(glint, (0, 0), w / 8)[..., None] * rng.uniform(0.3, 0.8)
            img[:] = np.clip(img + glint * (255 - img.astype(np.float32)), 0, 255).astype(np.uint8)
    else:  # face down: the camera bump
        s = int(w * 0.3)
        cv2.rectangle(img, (int(w * 0.1), int(w * 0.1)), (int(w * 0.1) + s, int(w * 0.1) + s), (15, 15, 15), -1)
    return img, alpha, height


def _coin(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A coin: a metal disc, gold or silver, lit from one side, with a rim."""
    height = float(rng.uniform(0.22, 0.32))
    d = max(8, int(height * PX_PER_CARD))
    metal = np.array((60, 160, 200) if rng.random() < 0.5 else (175, 175, 170), np.float32)
    yy, xx = np.mgrid[0:d, 0:d].astype(np.float32) / d - 0.5
    a = rng.uniform(0, 2 * np.pi)
    light = 0.75 + 0.5 * (xx * np.cos(a) + yy * np.sin(a))
    img = np.clip(metal * light[..., None], 0, 255).astype(np.uint8)
    alpha = np.zeros((d, d), np.uint8)
    cv2.circle(alpha, (d // 2, d // 2), d // 2 - 1, 255, -1, cv2.LINE_AA)
    cv2.circle(img, (d // 2, d // 2), int(d * 0.42), (metal * 0.7).tolist(), max(1, d // 20), cv2.LINE_AA)
    return img, alpha, height


def _pen(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A pen or pencil lying on the table: long, thin, a cap or a sharpened tip at one end."""
    height = float(rng.uniform(1.5, 1.75))
    h = int(height * PX_PER_CARD)
    w = max(6, int(h * rng.uniform(0.05, 0.07)))
    img, alpha = _sprite(h, w, rng.uniform(20, 230, 3))
    _rounded(alpha, w // 2)
    end = int(h * rng.uniform(0.15, 0.3))
    cv2.rectangle(img, (0, 0), (w, end), rng.uniform(20, 230, 3).tolist(), -1)
    shade = (0.7 + 0.3 * np.sin(np.linspace(0, np.pi, w)))[None, :, None]
    return (img * shade).astype(np.uint8), alpha, height


def _box(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A card box (tuck box) seen from above: a little larger than a card, printed in colour with a frame and
    an emblem."""
    height = float(rng.uniform(1.05, 1.15))
    h = int(height * PX_PER_CARD)
    w = int(h * rng.uniform(0.7, 0.76))
    colour = rng.uniform(20, 235, 3)
    img, alpha = _sprite(h, w, colour)
    _rounded(alpha, max(2, w // 40))
    m = int(w * rng.uniform(0.05, 0.12))
    cv2.rectangle(img, (m, m), (w - 1 - m, h - 1 - m), rng.uniform(0, 255, 3).tolist(), max(2, w // 30))
    cv2.ellipse(img, (w // 2, h // 2), (int(w * rng.uniform(0.15, 0.35)), int(h * rng.uniform(0.1, 0.25))), 0, 0, 360,
                rng.uniform(0, 255, 3).tolist(), -1, cv2.LINE_AA)
    if rng.random() < 0.5:  # the flap's fold across the top
        y = int(h * rng.uniform(0.12, 0.2))
        cv2.line(img, (0, y), (w, y), (colour * 0.6).tolist(), max(1, w // 60), cv2.LINE_AA)
    return img, alpha, height


def _board(rng) -> tuple[np.ndarray, np.ndarray, float]:
    """A game board: a square of one colour with a ring of coloured peg holes and a circle in the middle (a
    Kimble board), or a grid of squares."""
    height = float(rng.uniform(3.0, 5.5))
    s = int(height * PX_PER_CARD * 0.5)  # drawn at half resolution: a board is large and plain
    img, alpha = _sprite(s, s, rng.uniform(60, 250, 3))
    alpha[:] = 255
    if rng.random() < 0.7:
        centre, r = (s // 2, s // 2), s * rng.uniform(0.3, 0.42)
        colours = [(0, 0, 220), (0, 200, 0), (220, 80, 0), (0, 220, 230)]
        holes = int(rng.integers(28, 56))
        for k in range(holes):
            a = 2 * np.pi * k / holes
            cv2.circle(img, (int(centre[0] + r * np.cos(a)), int(centre[1] + r * np.sin(a))), max(2, s // 60),
                       colours[k * 4 // holes], -1, cv2.LINE_AA)
        cv2.circle(img, centre, int(s * rng.uniform(0.1, 0.17)), rng.uniform(150, 255, 3).tolist(), -1, cv2.LINE_AA)
    else:
        n = int(rng.integers(6, 11))
        dark = rng.uniform(0, 120, 3).tolist()
        for i in range(n):
            for j in range(n):
                if (i + j) % 2:
                    cv2.rectangle(img, (i * s // n, j * s // n), ((i + 1) * s // n, (j + 1) * s // n), dark, -1)
    return img, alpha, height


_MAKERS = {"pad": _pad, "phone": _phone, "coin": _coin, "pen": _pen, "box": _box, "board": _board}


def clutter_sprite(kind: str, rng: np.random.Generator) -> tuple[np.ndarray, float]:
    """One thing of ``kind`` (CLUTTER_KINDS) as a BGRA sprite, and its height on the table in card heights."""
    if kind not in _MAKERS:
        raise ValueError(f"clutter kind {kind!r}: expected one of {', '.join(CLUTTER_KINDS)}")
    img, alpha, height = _MAKERS[kind](rng)
    return np.dstack([img, alpha]), height
