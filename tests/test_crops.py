"""Index corner crops: the two corners of a card that carry its rank and suit, both read as a top left."""

import numpy as np

from vision.crops import CORNER_SHARE, CORNER_WH, INDEX_REGION, index_corners

RED, BLUE, GREEN = (0, 0, 255), (255, 0, 0), (0, 255, 0)


def _card_with_marked_corners():
    """A 120 x 168 px card, upright at (200, 200): red index mark top left, the same mark turned a half turn
    in blue at the bottom right, green marks in the two corners that carry no index."""
    image = np.full((400, 400, 3), 90, np.uint8)
    x0, y0, w, h = 140, 116, 120, 168
    image[y0:y0 + h, x0:x0 + w] = 255
    image[y0 + 8:y0 + 40, x0 + 6:x0 + 22] = RED          # a tall mark, as a rank over its suit
    image[y0 + h - 40:y0 + h - 8, x0 + w - 22:x0 + w - 6] = BLUE
    image[y0 + 8:y0 + 40, x0 + w - 22:x0 + w - 6] = GREEN
    image[y0 + h - 40:y0 + h - 8, x0 + 6:x0 + 22] = GREEN
    return image, ((200.0, 200.0), (120.0, 168.0), 0.0)


def _share(crop, colour):
    return float(np.all(np.abs(crop.astype(int) - colour) < 60, axis=2).mean())


def test_the_two_index_corners_come_out_alike_and_upright():
    image, rect = _card_with_marked_corners()
    first, second = index_corners(image, rect, expand=1.0)
    assert first.shape == second.shape == (CORNER_WH[1], CORNER_WH[0], 3)
    assert _share(first, GREEN) == _share(second, GREEN) == 0.0  # the corners without an index stay out
    red, blue = (first, second) if _share(first, RED) > 0 else (second, first)
    assert _share(red, BLUE) == 0.0 and _share(blue, RED) == 0.0
    mask_red = np.all(np.abs(red.astype(int) - RED) < 60, axis=2)
    mask_blue = np.all(np.abs(blue.astype(int) - BLUE) < 60, axis=2)
    assert mask_red.sum() > 0.15 * mask_red.size  # the mark fills its share of the corner
    assert (mask_red & mask_blue).sum() / (mask_red | mask_blue).sum() > 0.9  # the same place once turned


def test_a_card_seen_the_other_way_up_gives_the_same_two_corners():
    image, rect = _card_with_marked_corners()
    turned = np.ascontiguousarray(image[::-1, ::-1])
    a = index_corners(image, rect, expand=1.0)
    b = index_corners(turned, ((199.0, 199.0), (120.0, 168.0), 0.0), expand=1.0)
    pairs = sorted((round(_share(c, RED), 2), round(_share(c, BLUE), 2)) for c in a)
    assert pairs == sorted((round(_share(c, RED), 2), round(_share(c, BLUE), 2)) for c in b)


def test_the_corner_crop_holds_the_whole_index_with_a_margin():
    """INDEX_REGION (where the generator's faces carry their index, and what counts as an index in sight)
    lies wholly inside the corner reader's crop, with room to spare on the crop's inner sides."""
    image = np.full((400, 400, 3), 90, np.uint8)
    x0, y0, w, h = 140, 116, 120, 168
    image[y0:y0 + h, x0:x0 + w] = 255
    x1, y1, x2, y2 = INDEX_REGION
    image[y0 + round(y1 * h):y0 + round(y2 * h), x0 + round(x1 * w):x0 + round(x2 * w)] = RED
    first, second = index_corners(image, ((200.0, 200.0), (120.0, 168.0), 0.0), expand=1.0)
    red = first if _share(first, RED) > 0 else second
    mask = np.all(np.abs(red.astype(int) - RED) < 60, axis=2)
    rows, cols = np.nonzero(mask)
    painted = (round(x2 * w) - round(x1 * w)) * (round(y2 * h) - round(y1 * h))
    scale = (CORNER_SHARE[0] * w / CORNER_WH[0]) * (CORNER_SHARE[1] * h / CORNER_WH[1])  # card px per crop px
    assert abs(mask.sum() * scale / painted - 1) < 0.08
    assert cols.max() < 0.8 * CORNER_WH[0] and rows.max() < 0.9 * CORNER_WH[1]
