"""The table calibration: camera pixels <-> table millimetres, the lens, and the zones.

The table is a plane, so one homography ``H`` maps table millimetres to (undistorted) camera
pixels.  It comes from the four ArUco corner markers (``from_markers``) or four given corners
(``from_corners``); an optional lens calibration (camera matrix + distortion, from a chessboard)
is applied on top.  ``rectify`` warps a camera frame to a top-down table image in one remap,
which is what the detector looks at.  Saved as JSON, so a person can read and edit it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from . import markers as mk
from .zones import Zone, ZoneError, zone_at

FORMAT = "pelituomari-calibration"
VERSION = 1


class CalibrationError(ValueError):
    """A calibration that cannot be made or read; the message says what is missing or wrong."""


@dataclass
class Lens:
    """A pinhole camera matrix and OpenCV distortion coefficients (k1, k2, p1, p2, k3)."""

    matrix: np.ndarray
    distortion: np.ndarray


@dataclass
class TableCalibration:
    image_size: tuple[int, int]  # camera width, height in pixels
    table_mm: tuple[float, float]  # table width (x), depth (y)
    homography: np.ndarray  # table mm -> undistorted camera px
    zones: dict[str, Zone] = field(default_factory=dict)
    lens: Lens | None = None
    method: str = "markers"

    # ------------------------------------------------------------ making one

    @classmethod
    def from_corners(cls, corners_px, image_size, table_mm, zones=None, lens: Lens | None = None) -> "TableCalibration":
        """From the table's four corners in the camera image: far-left, far-right, near-right, near-left."""
        pts = np.asarray(corners_px, dtype=np.float64).reshape(-1, 2)
        if pts.shape != (4, 2):
            raise CalibrationError(f"four table corners (x, y) are needed, got {len(pts)}")
        if not _outlines_convexly(pts):
            given = " ".join(f"{x:g},{y:g}" for x, y in pts)
            raise CalibrationError(f"the corners {given} do not outline a table in the order far-left, far-right, "
                                   f"near-right, near-left: two of its sides cross, or three corners lie in a line")
        if lens is not None:
            pts = _undistort_points(pts, lens)
        w, h = table_mm
        table = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64)
        H, _ = _find_homography(table, pts)
        return cls(tuple(image_size), tuple(table_mm), H, dict(zones or {}), lens, "corners")

    @classmethod
    def from_markers(cls, image, table_mm, marker_mm: float = mk.DEFAULT_MARKER_MM, zones=None,
                     lens: Lens | None = None) -> "TableCalibration":
        """From the four ArUco corner markers seen in ``image`` (BGR or grey)."""
        found = detect_markers(image)
        missing = [i for i in mk.CORNER_IDS if i not in found]
        if missing:
            seen = sorted(found) or "none"
            raise CalibrationError(f"corner marker(s) {missing} not found in the image (seen: {seen}); "
                                   f"check that all four table corners are in view and lit")
        if lens is not None:
            found = {i: _undistort_points(c, lens) for i, c in found.items()}
        expected = mk.marker_corners_mm(table_mm, marker_mm)
        centres_mm = np.array([expected[i].mean(axis=0) for i in mk.CORNER_IDS])
        centres_px = np.array([_centre(found[i]) for i in mk.CORNER_IDS])
        H0, _ = _find_homography(centres_mm, centres_px)
        # Refine on all 16 corners, each marker's corners turned to match where H0 puts them.
        src, dst = [], []
        for i in mk.CORNER_IDS:
            predicted = _project(H0, expected[i])
            detected = found[i]
            best = min(range(4), key=lambda r: np.abs(np.roll(detected, -r, axis=0) - predicted).sum())
            src.append(expected[i])
            dst.append(np.roll(detected, -best, axis=0))
        H, _ = _find_homography(np.vstack(src), np.vstack(dst))
        h_img, w_img = image.shape[:2]
        return cls((w_img, h_img), tuple(table_mm), H, dict(zones or {}), lens, "markers")

    # ------------------------------------------------------------ mapping

    def to_pixels(self, points_mm) -> np.ndarray:
        """Table millimetres (N x 2) to camera pixels (N x 2), through the lens if there is one."""
        pts = _project(self.homography, np.asarray(points_mm, dtype=np.float64).reshape(-1, 2))
        if self.lens is not None:
            pts = _distort_points(pts, self.lens)
        return pts

    def to_table(self, points_px) -> np.ndarray:
        """Camera pixels (N x 2) to table millimetres (N x 2)."""
        pts = np.asarray(points_px, dtype=np.float64).reshape(-1, 2)
        if self.lens is not None:
            pts = _undistort_points(pts, self.lens)
        return _project(np.linalg.inv(self.homography), pts)

    def zone_at(self, x_mm: float, y_mm: float) -> str | None:
        return zone_at(self.zones, x_mm, y_mm)

    def rectify_maps(self, px_per_mm: float, region_mm: tuple[float, float, float, float] | None = None):
        """Remap tables (for cv2.remap) giving a top-down image of ``region_mm`` (default the
        whole table) at ``px_per_mm``: pixel (u, v) shows table point (x0 + u/s, y0 + v/s)."""
        x0, y0, x1, y1 = region_mm or (0.0, 0.0, *self.table_mm)
        cols, rows = round((x1 - x0) * px_per_mm), round((y1 - y0) * px_per_mm)
        u, v = np.meshgrid(np.arange(cols, dtype=np.float64), np.arange(rows, dtype=np.float64))
        table = np.stack([x0 + (u.ravel() + 0.5) / px_per_mm, y0 + (v.ravel() + 0.5) / px_per_mm], axis=1)
        px = self.to_pixels(table)
        return px[:, 0].reshape(rows, cols).astype(np.float32), px[:, 1].reshape(rows, cols).astype(np.float32)

    # ------------------------------------------------------------ files

    def to_json(self) -> dict:
        out = {
            "format": FORMAT,
            "version": VERSION,
            "method": self.method,
            "image_size": list(self.image_size),
            "table_mm": list(self.table_mm),
            "homography": self.homography.tolist(),
            "zones": {name: z.to_json() for name, z in self.zones.items()},
        }
        if self.lens is not None:
            out["lens"] = {"matrix": self.lens.matrix.tolist(), "distortion": self.lens.distortion.ravel().tolist()}
        return out

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: dict, where: str = "calibration") -> "TableCalibration":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CalibrationError(f"{where}: not a pelituomari calibration (no \"format\": \"{FORMAT}\")")
        if data.get("version") != VERSION:
            raise CalibrationError(f"{where}: unknown calibration version {data.get('version')!r} (this reads {VERSION})")
        try:
            H = np.array(data["homography"], dtype=np.float64)
            if H.shape != (3, 3) or not np.isfinite(H).all():
                raise CalibrationError(f"{where}: 'homography' must be a 3x3 matrix of numbers")
            zones = {name: Zone(name, *map(float, box)) for name, box in data.get("zones", {}).items()}
            lens = None
            if "lens" in data:
                lens = Lens(np.array(data["lens"]["matrix"], dtype=np.float64),
                            np.array(data["lens"]["distortion"], dtype=np.float64))
            w, h = data["image_size"]
            tw, th = data["table_mm"]
            return cls((int(w), int(h)), (float(tw), float(th)), H, zones, lens, data.get("method", "markers"))
        except KeyError as e:
            raise CalibrationError(f"{where}: missing field {e.args[0]!r}") from None
        except ZoneError as e:
            raise CalibrationError(f"{where}: {e}") from None
        except (TypeError, ValueError) as e:
            if isinstance(e, CalibrationError):
                raise
            raise CalibrationError(f"{where}: malformed field: {e}") from None

    @classmethod
    def load(cls, path: str | Path) -> "TableCalibration":
        path = Path(path)
        if not path.is_file():
            raise CalibrationError(f"{path}: no such calibration file")
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise CalibrationError(f"{path}: not valid JSON: {e.msg} at line {e.lineno}") from None
        return cls.from_json(data, str(path))


# ---------------------------------------------------------------- markers and lens


def detect_markers(image) -> dict[int, np.ndarray]:
    """Corner markers found in ``image``: id -> its four corners in pixels (ArUco order)."""
    import cv2

    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector = cv2.aruco.ArucoDetector(mk.dictionary(), params)
    corners, ids, _ = detector.detectMarkers(grey)
    if ids is None:
        return {}
    return {int(i): c.reshape(4, 2).astype(np.float64) for i, c in zip(ids.ravel(), corners) if int(i) in mk.CORNER_IDS}


def calibrate_lens(images, pattern: tuple[int, int] = (9, 6), square_mm: float = 25.0) -> tuple[Lens, float]:
    """A lens model from chessboard photos (``pattern``: inner corners per row, column).

    Returns the lens and its RMS reprojection error in pixels."""
    import cv2

    grid = np.zeros((pattern[0] * pattern[1], 3), np.float32)
    grid[:, :2] = np.mgrid[0:pattern[0], 0:pattern[1]].T.reshape(-1, 2) * square_mm
    object_points, image_points, size = [], [], None
    for n, image in enumerate(images):
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        size = grey.shape[::-1]
        ok, corners = cv2.findChessboardCorners(grey, pattern)
        if not ok:
            continue
        corners = cv2.cornerSubPix(grey, corners, (11, 11), (-1, -1),
                                   (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 1e-3))
        object_points.append(grid)
        image_points.append(corners)
    if len(object_points) < 3:
        raise CalibrationError(f"a {pattern[0]}x{pattern[1]} chessboard was found in {len(object_points)} "
                               f"image(s); at least 3 are needed")
    rms, matrix, dist, _, _ = cv2.calibrateCamera(object_points, image_points, size, None, None)
    return Lens(matrix, dist.ravel()), float(rms)


def _centre(quad: np.ndarray) -> np.ndarray:
    """Where a quadrilateral's diagonals cross: the true centre of a square seen in perspective."""
    p0, p1, p2, p3 = quad
    d1, d2 = p2 - p0, p3 - p1
    a = np.array([d1, -d2]).T
    s, _ = np.linalg.solve(a, p1 - p0)
    return p0 + s * d1


def _outlines_convexly(quad: np.ndarray) -> bool:
    """Whether the points, in their order, go round a convex quadrilateral, as a table's corners seen
    from any camera above it do (corners given out of order make its sides cross)."""
    edges = np.roll(quad, -1, axis=0) - quad
    following = np.roll(edges, -1, axis=0)
    turns = edges[:, 0] * following[:, 1] - edges[:, 1] * following[:, 0]
    return bool(np.all(turns > 0) or np.all(turns < 0))


def _project(H: np.ndarray, pts: np.ndarray) -> np.ndarray:
    hom = np.hstack([pts, np.ones((len(pts), 1))]) @ H.T
    return hom[:, :2] / hom[:, 2:3]


def _find_homography(src: np.ndarray, dst: np.ndarray):
    import cv2

    H, mask = cv2.findHomography(src.astype(np.float64), dst.astype(np.float64), 0)
    if H is None:
        raise CalibrationError("the points do not define a table plane (are three of them in a line?)")
    return H, mask


def _undistort_points(pts: np.ndarray, lens: Lens) -> np.ndarray:
    import cv2

    out = cv2.undistortPoints(pts.reshape(-1, 1, 2).astype(np.float64), lens.matrix, lens.distortion, P=lens.matrix)
    return out.reshape(-1, 2)


def _distort_points(pts: np.ndarray, lens: Lens) -> np.ndarray:
    import cv2

    normalised = np.linalg.solve(lens.matrix, np.hstack([pts, np.ones((len(pts), 1))]).T).T
    out, _ = cv2.projectPoints(normalised.astype(np.float64), np.zeros(3), np.zeros(3), lens.matrix, lens.distortion)
    return out.reshape(-1, 2)
