"""Index corner crops: the four corners of a card where a deck may print its rank and suit, each read
upright; the whole cards a card cut by the image's edge may be."""

import numpy as np

import pytest

from vision.crops import (CARD_ASPECTS, CORNER_SHARE, CORNER_WH, INDEX_REGIONS, UPSIDE_DOWN, half_turned, index_corners,
                          mirrored, whole_card_rects)

RED, BLUE, GREEN, YELLOW = (0, 0, 255), (255, 0, 0), (0, 255, 0), (0, 255, 255)
COLOURS = (RED, BLUE, GREEN, YELLOW)


def _card_with_marked_corners():
    """A 120 x 168 px card, upright at (200, 200), with a tall mark (as a rank over its suit) in each
    corner: red top left, blue bottom right, green top right, yellow bottom left; the bottom marks are the
    top ones turned a half turn."""
    image = np.full((400, 400, 3), 90, np.uint8)
    x0, y0, w, h = 140, 116, 120, 168
    image[y0:y0 + h, x0:x0 + w] = 255
    image[y0 + 8:y0 + 40, x0 + 6:x0 + 22] = RED
    image[y0 + h - 40:y0 + h - 8, x0 + w - 22:x0 + w - 6] = BLUE
    image[y0 + 8:y0 + 40, x0 + w - 22:x0 + w - 6] = GREEN
    image[y0 + h - 40:y0 + h - 8, x0 + 6:x0 + 22] = YELLOW
    return image, ((200.0, 200.0), (120.0, 168.0), 0.0)


def _mask(crop, colour):
    return np.all(np.abs(crop.astype(int) - colour) < 60, axis=2)


def _colours(crop):
    return [c for c in COLOURS if _mask(crop, c).any()]


def _iou(a, b):
    return (a & b).sum() / (a | b).sum()


def test_the_four_index_corners_come_out_upright_in_their_order():
    """Top left, bottom right turned, top right, bottom left turned; which end of the card is up is open,
    so the order may start from either end."""
    image, rect = _card_with_marked_corners()
    crops = index_corners(image, rect, expand=1.0)
    assert [c.shape for c in crops] == [(CORNER_WH[1], CORNER_WH[0], 3)] * 4
    assert [_colours(c) for c in crops] in ([[RED], [BLUE], [GREEN], [YELLOW]], [[BLUE], [RED], [YELLOW], [GREEN]])
    marks = [_mask(c, _colours(c)[0]) for c in crops]
    assert marks[0].sum() > 0.15 * marks[0].size  # the mark fills its share of the corner
    assert _iou(marks[0], marks[1]) > 0.9 and _iou(marks[2], marks[3]) > 0.9  # the same place once turned
    assert _iou(marks[0][:, ::-1], marks[2]) > 0.9  # the top right's mark lies where the top left's, mirrored


def test_a_card_seen_the_other_way_up_gives_the_same_four_corners_in_partner_order():
    image, rect = _card_with_marked_corners()
    turned = np.ascontiguousarray(image[::-1, ::-1])
    a = index_corners(image, rect, expand=1.0)
    b = index_corners(turned, ((199.0, 199.0), (120.0, 168.0), 0.0), expand=1.0)
    assert [_colours(c) for c in b] in ([_colours(a[k]) for k in range(4)], [_colours(a[k]) for k in UPSIDE_DOWN])


def test_each_corner_s_partner_is_its_region_turned_a_half_turn():
    """UPSIDE_DOWN pairs each index region with the one it becomes when the card lies the other way up."""
    assert [pytest.approx(INDEX_REGIONS[UPSIDE_DOWN[k]]) for k in range(4)] == [half_turned(r) for r in INDEX_REGIONS]
    assert INDEX_REGIONS[2] == pytest.approx(mirrored(INDEX_REGIONS[0]))


@pytest.mark.parametrize("k", range(4))
def test_each_corner_crop_holds_its_whole_index_region_with_a_margin(k):
    """INDEX_REGIONS (where a face may carry an index, and what counts as an index in sight) each lie wholly
    inside one corner reader's crop, with room to spare on the crop's inner sides."""
    image = np.full((400, 400, 3), 90, np.uint8)
    x0, y0, w, h = 140, 116, 120, 168
    image[y0:y0 + h, x0:x0 + w] = 255
    x1, y1, x2, y2 = INDEX_REGIONS[k]
    image[y0 + round(y1 * h):y0 + round(y2 * h), x0 + round(x1 * w):x0 + round(x2 * w)] = RED
    crops = index_corners(image, ((200.0, 200.0), (120.0, 168.0), 0.0), expand=1.0)
    holding = [i for i, c in enumerate(crops) if _mask(c, RED).any()]
    assert holding in ([k], [UPSIDE_DOWN[k]])
    rows, cols = np.nonzero(_mask(crops[holding[0]], RED))
    painted = (round(x2 * w) - round(x1 * w)) * (round(y2 * h) - round(y1 * h))
    scale = (CORNER_SHARE[0] * w / CORNER_WH[0]) * (CORNER_SHARE[1] * h / CORNER_WH[1])  # card px per crop px
    assert abs(len(rows) * scale / painted - 1) < 0.08
    assert rows.max() < 0.9 * CORNER_WH[1]
    if k < 2:
        assert cols.max() < 0.8 * CORNER_WH[0]  # a top-left index
    else:
        assert cols.min() > 0.2 * CORNER_WH[0]  # a top-right index


def _approx(rects):
    return [((pytest.approx(cx), pytest.approx(cy)), (pytest.approx(w), pytest.approx(h)), a) for (cx, cy), (w, h), a in rects]


def test_a_card_within_the_frame_is_read_as_boxed():
    assert whole_card_rects(((320.0, 240.0), (63.0, 88.0), 30.0), 640, 480) == []
    assert whole_card_rects(((100.0, 430.0), (63.0, 40.0), 0.0), 640, 480) == []  # 30 px short of the bottom edge


def test_a_strip_of_card_at_the_bottom_edge_grows_down_to_each_card_it_may_be():
    """63 px across, 40 px in sight down to the bottom edge: the 63 px are the card's short side (it is 79,
    91 or 102 long at CARD_ASPECTS) or its long side (50, 43 or 39: the last is shorter than the 40 in
    sight); each card longer than the part in sight is tried, its top edge where the box's is."""
    rects = whole_card_rects(((100.0, 460.0), (63.0, 40.0), 0.0), 640, 480)
    lengths = [63 * r for r in CARD_ASPECTS] + [63 / r for r in CARD_ASPECTS[:2]]
    assert [round(h) for _, (_, h), _ in rects] == [79, 91, 102, 50, 43]
    assert rects == _approx([((100, 440 + h / 2), (63, h), 0.0) for h in lengths])


def test_a_card_at_the_top_edge_grows_up_and_only_to_the_sizes_longer_than_its_part_in_sight():
    """50 px of it in sight across, 60 px along the top edge: only cards whose long side is across (75,
    87 or 97 px) are longer than what is seen; a card 37-48 px across would be shorter than 50."""
    rects = whole_card_rects(((300.0, 25.0), (60.0, 50.0), 0.0), 640, 480)
    assert rects == _approx([((300, 50 - 60 * r / 2), (60, 60 * r), 0.0) for r in CARD_ASPECTS])


def test_a_turned_card_grows_along_its_own_axis_beyond_the_right_edge():
    """Turned a quarter: the rect's first side runs down the image, its second across to the right edge,
    which cuts it in the middle of that side; it grows to the right, 88 px being its short side (as its
    long side the card would be 54-70 px across, less than the 80 in sight)."""
    rects = whole_card_rects(((600.0, 200.0), (88.0, 80.0), 90.0), 640, 480)
    assert rects == _approx([((560 + 88 * r / 2, 200), (88, 88 * r), 90.0) for r in CARD_ASPECTS])
