"""ArUco markers at the table's corners: the dictionary, where each marker lies, the print sheet.

Marker 0 goes at the table's far-left corner (table origin), 1 far-right, 2 near-right, 3
near-left (clockwise seen from above), each with its outer corner on the table's corner.  Only
the marker centres must be where the layout says: the detector takes each marker's rotation from
the image, so a marker laid down turned still calibrates.
"""

from __future__ import annotations

import numpy as np

DICTIONARY = "DICT_4X4_50"
CORNER_IDS = (0, 1, 2, 3)
DEFAULT_MARKER_MM = 50.0


def dictionary():
    import cv2

    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY))


def marker_corners_mm(table_mm: tuple[float, float], marker_mm: float = DEFAULT_MARKER_MM) -> dict[int, np.ndarray]:
    """Each corner marker's four corners in table millimetres, in ArUco order (TL, TR, BR, BL)."""
    w, h = table_mm
    s = marker_mm
    origins = {0: (0.0, 0.0), 1: (w - s, 0.0), 2: (w - s, h - s), 3: (0.0, h - s)}
    return {
        i: np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]], dtype=np.float64)
        for i, (x, y) in origins.items()
    }


def marker_image(marker_id: int, pixels: int) -> np.ndarray:
    """One marker as a grey image with a one-module white quiet zone included in ``pixels``."""
    import cv2

    inner = pixels * 6 // 8  # 4x4 data + black border = 6 modules; one white module each side
    img = cv2.aruco.generateImageMarker(dictionary(), marker_id, inner)
    pad = (pixels - inner) // 2
    return cv2.copyMakeBorder(img, pad, pixels - inner - pad, pad, pixels - inner - pad,
                              cv2.BORDER_CONSTANT, value=255)


def marker_sheet(marker_mm: float = DEFAULT_MARKER_MM, dpi: int = 300) -> np.ndarray:
    """A print-ready A4 page (portrait, ``dpi``) with the four corner markers at true size.

    The black square of each printed marker measures ``marker_mm``; labels say which table
    corner it goes to.  Print at 100 % scale (no "fit to page").
    """
    import cv2

    px_per_mm = dpi / 25.4
    page = np.full((round(297 * px_per_mm), round(210 * px_per_mm)), 255, np.uint8)
    black = round(marker_mm * px_per_mm)
    size = black * 8 // 6
    labels = {0: "0: far left (origin)", 1: "1: far right", 2: "2: near right", 3: "3: near left"}
    margin = round(20 * px_per_mm)
    for n, marker_id in enumerate(CORNER_IDS):
        row, col = divmod(n, 2)
        x = margin + col * (page.shape[1] - 2 * margin) // 2
        y = margin + row * (page.shape[0] - 2 * margin) // 2
        page[y:y + size, x:x + size] = marker_image(marker_id, size)
        cv2.putText(page, labels[marker_id], (x, y + size + round(8 * px_per_mm)),
                    cv2.FONT_HERSHEY_SIMPLEX, px_per_mm * 0.18, 0, max(1, round(px_per_mm / 4)))
    cv2.putText(page, f"pelituomari table markers {DICTIONARY}, black square {marker_mm:g} mm - print at 100%",
                (margin, page.shape[0] - margin // 2), cv2.FONT_HERSHEY_SIMPLEX, px_per_mm * 0.12, 0,
                max(1, round(px_per_mm / 6)))
    return page
