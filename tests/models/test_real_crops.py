"""models.real_crops: which of the chain's crops a corner label names, on a card drawn in the test, and the
crops cut from the real-cards-corners photos where ../shared holds them."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.real_cards import Corner
from models import real_crops
from vision.crops import CARD_CROP_WH, CORNER_WH, INDEX_REGION, index_corners
from vision.detector import CARD_CODES, NO_INDEX

REAL_CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "datasets" / "real-cards-corners"
RECT = ((200.0, 160.0), (100.0, 140.0), 0.0)  # an upright card: x 150-250, y 90-230
RED = (0, 0, 255)


def index_box(top_left: bool) -> tuple[float, float, float, float]:
    """The image box of the drawn card's index: top left, or bottom right (the same region turned a half turn)."""
    x1, y1, x2, y2 = INDEX_REGION
    if not top_left:
        x1, y1, x2, y2 = 1 - x2, 1 - y2, 1 - x1, 1 - y1
    return 150 + 100 * x1, 90 + 140 * y1, 150 + 100 * x2, 90 + 140 * y2


def card_image(boxes) -> np.ndarray:
    """A grey table, a white card on it (RECT), a red block where each of boxes lies."""
    image = np.full((320, 400, 3), 90, np.uint8)
    cv2.rectangle(image, (150, 90), (250, 230), (255, 255, 255), -1)
    for x1, y1, x2, y2 in boxes:
        cv2.rectangle(image, (round(x1), round(y1)), (round(x2) - 1, round(y2) - 1), RED, -1)
    return image


def red_share(crop) -> float:
    return float(np.all(crop == RED, axis=2).mean())


def test_a_card_labelled_at_two_opposite_corners_gives_its_index_twice_and_no_index_twice():
    corners = [Corner("QD", index_box(True)), Corner("QD", index_box(False))]
    labels = real_crops.corner_labels(RECT, corners, 1.04)
    qd = CARD_CODES.index("Qd")
    assert sorted(labels) == [qd, qd, NO_INDEX, NO_INDEX]
    assert {k for k, y in enumerate(labels) if y == qd} in real_crops.OPPOSITE
    crops = index_corners(card_image([c.box for c in corners]), RECT, 1.04)
    shares = [red_share(c) for c in crops]
    assert all(s > 0.15 for s, y in zip(shares, labels) if y == qd)       # the drawn index is in the crop named
    assert all(s == 0.0 for s, y in zip(shares, labels) if y == NO_INDEX)  # and none in those said to hold none


def test_one_labelled_corner_names_its_crop_and_leaves_the_others_out():
    labels = real_crops.corner_labels(RECT, [Corner("10C", index_box(True))], 1.04)
    assert sorted(labels, key=str) == [CARD_CODES.index("Tc"), None, None, None]


def test_a_box_holding_two_cards_corners_or_a_jokers_is_left_out():
    two = [Corner("QD", index_box(True)), Corner("2H", index_box(False))]
    assert real_crops.box_card(RECT, two) == (None, [])
    assert real_crops.corner_labels(RECT, two, 1.04) == [None] * 4
    joker = [Corner("QD", index_box(True)), Corner("RED JOKER", index_box(False))]
    assert real_crops.corner_labels(RECT, joker, 1.04) == [None] * 4
    outside = [Corner("QD", (10.0, 10.0, 30.0, 40.0))]
    assert real_crops.box_card(RECT, outside) == (None, [])


def test_an_index_label_in_the_middle_of_the_card_names_no_corner_crop():
    middle = Corner("AS", (185.0, 140.0, 215.0, 180.0))
    assert real_crops.crop_corner_of(RECT, middle, 1.04) is None
    assert real_crops.corner_labels(RECT, [middle], 1.04) == [None] * 4


def test_photo_crops_cut_each_scale_and_label_the_card():
    corners = [Corner("QD", index_box(True)), Corner("QD", index_box(False))]
    image = card_image([c.box for c in corners])
    cards, card_y, corner_x, corner_y = real_crops.photo_crops(image, [RECT], corners, (0.97, 1.04, 1.12))
    assert len(cards) == 3 and card_y == [CARD_CODES.index("Qd")] * 3
    assert cards[0].shape == (CARD_CROP_WH[1], CARD_CROP_WH[0], 3)
    assert len(corner_x) == 12 and corner_y.count(NO_INDEX) == 6
    assert corner_x[0].shape == (CORNER_WH[1], CORNER_WH[0], 3)


def test_the_command_refuses_a_folder_without_the_data_set(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        real_crops.main([str(tmp_path), "--out", str(tmp_path / "out")])
    assert e.value.code == 2
    assert "no classes.txt" in capsys.readouterr().err


@pytest.mark.skipif(not REAL_CARDS.is_dir(), reason="needs ../shared/datasets/real-cards-corners")
def test_crops_from_the_first_real_training_photos(tmp_path):
    counts = real_crops.make(REAL_CARDS, tmp_path, "train", limit=6)
    assert counts["photos"] == 6
    card, corner = np.load(tmp_path / "card_train_real.npz"), np.load(tmp_path / "corner_train_real.npz")
    assert len(card["x"]) == counts["card_crops"] > 0 and len(corner["x"]) == counts["corner_crops"]
    from benchmarks import real_cards
    classes = real_cards.read_classes(REAL_CARDS)
    photos = real_cards.split(real_cards.photos(REAL_CARDS))["train"][:6]
    labels = [c for p in photos for c in real_cards.read_corners(p.with_suffix(".txt"), classes, 640, 640)]
    named = {CARD_CODES.index(c.card) for c in labels if c.card}
    assert set(card["y"].tolist()) <= named and set(corner["y"].tolist()) <= named | {NO_INDEX}
