"""Synthetic overhead table scenes with exact labels, for training and for rendering sample videos.

Sprites (BGRA uint8; alpha is the exact silhouette):
    card_image(code, deck="proc-0", height_px=None, cache_root=CACHE) -> BGRA   code like "Td"
    back_image(deck=None, seed=0, height_px=None, cache_root=CACHE) -> BGRA     deck None: procedural back
    die_image(value, size_px, rng, color=None, pip_color=None, side_view=0.0) -> (BGRA, 4x2 corners)
    deck_names(cache_root) -> list[str]   SVG decks rendered under cache_root + "proc-<n>" procedural decks
Table and compositing (image pixels; M is a 3x3 homography from sprite pixels to the image):
    table_texture(h, w, rng, kind=None) -> BGR   kind in KINDS: wood, felt, carpet, tiles, cloth, laminate, kimble
    camera_homography(h, w, rng, tilt=0.07) -> H  a camera slightly off square to the table
    sprite_matrix(sprite_hw, center_xy, angle_deg, height_px, H=None) -> M
    place(canvas_bgr, sprite_bgra, M) -> coverage (float32 HxW)   composites in place
    sprite_corners(sprite_hw, M) -> 4x2 float32 (TL, TR, BR, BL): the exact label of a placed sprite
    dome_overlay(canvas_bgr, center_xy, radius, rng)   Kimble pop-o-matic dome with reflections
    camera_effects(image_bgr, rng) -> BGR   lens/motion blur, noise, JPEG
    render_scene(rng, size=(480, 640), decks=None, cache_root=CACHE, kind=None) -> Scene(image, objects)
SVG decks need `rsvg-convert` (librsvg2-bin) and the Debian decks (kdegames-card-data-kf5, aisleriot);
they are rendered once to PNGs under cache_root (default runs/cards, git-ignored).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from models.synth.decks import CARD_H, CARD_W, CODES, card_face, deck_names, is_procedural, procedural_back, svg_card
from models.synth.dice import die_image, dome_overlay
from models.synth.scene import (Scene, SceneObject, camera_effects, camera_homography, place, render_scene,
                                sprite_corners, sprite_matrix)
from models.synth.textures import KINDS, table_texture

CACHE = Path("runs/cards")


def _scaled(img: np.ndarray, height_px: int | None) -> np.ndarray:
    if height_px is None:
        return img.copy()
    w = max(1, int(round(img.shape[1] * height_px / img.shape[0])))
    return cv2.resize(img, (w, int(height_px)), interpolation=cv2.INTER_AREA)


def card_image(code: str, deck: str = "proc-0", height_px: int | None = None, cache_root: Path = CACHE) -> np.ndarray:
    """A card face, CARD_H x CARD_W unless height_px is given."""
    return _scaled(card_face(code, deck, Path(cache_root)), height_px)


def back_image(deck: str | None = None, seed: int = 0, height_px: int | None = None, cache_root: Path = CACHE) -> np.ndarray:
    """A card back: the SVG deck's own back, or a procedural one (deck None, "proc-*" or "font-*") chosen by seed."""
    img = procedural_back(seed) if deck is None or is_procedural(deck) else svg_card(deck, None, Path(cache_root))
    return _scaled(img, height_px)


__all__ = ["CARD_H", "CARD_W", "CODES", "KINDS", "Scene", "SceneObject", "back_image", "camera_effects",
           "camera_homography", "card_image", "deck_names", "die_image", "dome_overlay", "place", "render_scene",
           "sprite_corners", "sprite_matrix", "table_texture"]
