"""Decoding an image file safely: its size read from its header first, so that a photo too large
for a Pi (or a small file whose header claims 60000x60000) is refused before any memory is spent."""

from __future__ import annotations

import struct

import numpy as np

MAX_PIXELS = 40_000_000   # a 48 MP phone photo's 8000x6000 is 48 M; a table camera gives under 10 M
_JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) as a PNG's, JPEG's, BMP's or WebP's header gives it; None where it is not found."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data[:2] == b"BM" and len(data) >= 26:
        w, h = struct.unpack("<ii", data[18:26])
        return abs(w), abs(h)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP" and data[12:16] == b"VP8X" and len(data) >= 30:
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker in _JPEG_SOF:
                h, w = struct.unpack(">HH", data[i + 5:i + 9])
                return w, h
            i += 2 + length
    return None


def decode_image(data: bytes, max_pixels: int = MAX_PIXELS):
    """The image as a BGR array, or None where OpenCV cannot decode it; ValueError for one larger than
    max_pixels (by its header, before decoding)."""
    import cv2

    size = header_size(data)
    if size is not None and size[0] * size[1] > max_pixels:
        raise ValueError(f"{size[0]}x{size[1]} pixels is larger than the {max_pixels // 1_000_000} megapixels "
                         f"read here: scale it down first")
    log = cv2.utils.logging
    was = log.getLogLevel()
    log.setLogLevel(log.LOG_LEVEL_SILENT)   # its warnings on a broken file name no file; the caller does
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        image = None
    finally:
        log.setLogLevel(was)
    if image is not None and image.shape[0] * image.shape[1] > max_pixels:  # a format whose header is not read
        raise ValueError(f"{image.shape[1]}x{image.shape[0]} pixels is larger than the "
                         f"{max_pixels // 1_000_000} megapixels read here: scale it down first")
    return image
