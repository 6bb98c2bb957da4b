"""The room's colour cast taken out before reading: white things come out white."""

import numpy as np

from vision.colour import DIM_WHITE, MOST_GAIN, white_balanced, white_gains

WARM = np.float32([0.45, 0.75, 1.0])  # B, G, R of white under a warm lamp (red over blue 2.2), not corrected


def _table_with_a_card(cast=np.float32([1, 1, 1])):
    """A mid-grey table with a white card (a tenth of the image) and a black pip, under light of colour cast."""
    image = np.full((300, 400, 3), 110, np.float32)
    image[100:200, 150:270] = 245
    image[140:160, 200:220] = 15
    return np.clip(image * cast, 0, 255).astype(np.uint8)


def test_a_white_card_under_a_warm_lamp_comes_out_white():
    warm = _table_with_a_card(WARM)
    assert tuple(warm[150, 160]) == (110, 183, 245)
    balanced = white_balanced(warm)
    b, g, r = (int(v) for v in balanced[150, 160])
    assert max(b, g, r) - min(b, g, r) <= 3 and r == 245  # the brightest channel is kept, the others raised
    b, g, r = (int(v) for v in balanced[10, 10])
    assert max(b, g, r) - min(b, g, r) <= 2  # the grey table is grey again


def test_a_neutral_image_is_left_as_it_is():
    image = _table_with_a_card()
    assert white_balanced(image) is image


def test_a_table_with_nothing_white_on_it_is_brightened_at_most_most_gain():
    red_felt = np.zeros((300, 400, 3), np.uint8)
    red_felt[:] = (20, 30, 200)
    assert np.allclose(white_gains(red_felt), [MOST_GAIN, MOST_GAIN, 1.0])
    assert tuple(white_balanced(red_felt)[0, 0]) == (50, 75, 200)


def test_a_photo_five_times_the_size_gets_the_gains_of_the_same_scene():
    """It is judged from every fourth pixel of every fourth row (SAMPLE_PIXELS), and the sample must not
    miss the card's white: the gains are the small image's."""
    import cv2
    small = _table_with_a_card(WARM)
    large = cv2.resize(small, None, fx=5, fy=5, interpolation=cv2.INTER_NEAREST)
    assert np.allclose(white_gains(large), white_gains(small), atol=0.02)


def test_a_dim_table_is_lifted_until_its_white_is_dim_white():
    dim = _table_with_a_card(np.float32([0.4, 0.4, 0.4]))
    assert tuple(dim[150, 160]) == (98, 98, 98)
    assert np.allclose(white_gains(dim), DIM_WHITE / 98)
    assert tuple(white_balanced(dim)[150, 160]) == (200, 200, 200)
