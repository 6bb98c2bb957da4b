"""Image sizes read from headers, so that a huge image is refused before it is decoded."""

import cv2
import numpy as np
import pytest

from vision.image_file import decode_image, header_size


@pytest.mark.parametrize("ext", [".png", ".jpg", ".bmp"])
def test_header_size_is_the_decoded_size(ext):
    data = cv2.imencode(ext, np.zeros((37, 91, 3), np.uint8))[1].tobytes()
    assert header_size(data) == (91, 37)
    assert header_size(data[:20]) is None   # cut before its size: unknown, not a crash


def test_an_image_over_the_limit_is_refused_and_one_under_it_decoded():
    data = cv2.imencode(".png", np.zeros((100, 200, 3), np.uint8))[1].tobytes()
    assert decode_image(data, max_pixels=20_000).shape == (100, 200, 3)
    with pytest.raises(ValueError, match="^200x100 pixels is larger than the 0 megapixels read here"):
        decode_image(data, max_pixels=19_999)
