"""`pelituomari calibrate`: find the table in the camera view and write the calibration file.

The table is found from the four ArUco corner markers (``--marker-sheet`` writes the sheet to
print) or from four corners given by hand; a chessboard folder adds a lens model.  Besides the
JSON file it writes an image of the camera view with the zones drawn on it: look at it before
playing.
"""

from __future__ import annotations

import re
from pathlib import Path

from pelituomari.cli import CommandError, require_positive
from pelituomari.game import DEFAULT_GAME, GAMES, find_game


def add_parser(sub) -> None:
    p = sub.add_parser("calibrate", help="calibrate the camera to the table (ArUco markers or four corners)")
    p.add_argument("--source", help="camera:N, picamera, a video file, an image folder or one image file "
                   "(its first frame is used)")
    p.add_argument("--size", default="1280x720", help="frame size to ask a camera for, WIDTHxHEIGHT (default "
                   "1280x720); `run` asks it for the size the calibration was made at")
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help="which zone layout")
    p.add_argument("--seats", type=int, help="seats at the table (default: " +
                   "; ".join(f"{g.title} {g.calibrated_seats()}" for g in GAMES.values()) + ")")
    p.add_argument("--table-mm", help="table width x depth in mm, marker to marker outer corners (default: the "
                   "game's table for the seats: " + "; ".join(
                       f"{g.title} " + ", ".join(dict.fromkeys(g.table_mm(seats) for seats in g.seats))
                       for g in GAMES.values()) + ")")
    p.add_argument("--marker-mm", type=float, default=50.0, help="printed marker's black square in mm (default 50)")
    p.add_argument("--corners", help="instead of markers: the table's corners in pixels, far-left, far-right, "
                   "near-right, near-left: 'x,y x,y x,y x,y'")
    p.add_argument("--chessboard", help="a folder of chessboard photos for the lens model (optional)")
    p.add_argument("--pattern", default="9x6", help="chessboard inner corners (default 9x6)")
    p.add_argument("--square-mm", type=float, default=25.0, help="chessboard square size in mm (default 25)")
    p.add_argument("--out", default="calibration.json", help="calibration file to write (default calibration.json)")
    p.add_argument("--overlay", help="image of the zones over the camera view (default: OUT with .png)")
    p.add_argument("--marker-sheet", metavar="PNG", help="only write the printable marker sheet (A4, 300 dpi) and exit")
    p.set_defaults(func=run)


def _pair(text: str, what: str, example: str) -> tuple[float, float]:
    """Two numbers as in example ("900x560", "102,80"), else a CommandError naming the option."""
    sep = "x" if "x" in example else ","
    number = r"(\d+(?:\.\d*)?|\.\d+)"
    m = re.fullmatch(rf"\s*{number}\s*{sep}\s*{number}\s*", text)
    if not m:
        raise CommandError(f"{what} must look like {example}, got {text!r}")
    return float(m.group(1)), float(m.group(2))


def _writable(path: str, option: str, example: str) -> None:
    """A CommandError, before anything is written, where no file can be written at path: a folder, a
    missing folder, or (where example names an image) a name OpenCV writes no image under."""
    import cv2

    where = Path(path)
    if where.is_dir():
        raise CommandError(f"{option} {path}: a folder; give a file name in it, e.g. {where / example}")
    if example.endswith(".png") and not cv2.haveImageWriter(path):
        raise CommandError(f"{option} {path}: not an image file name; end it in .png or .jpg")
    if not where.parent.is_dir():
        raise CommandError(f"{option} {path}: no such folder {where.parent}")


def _first_frame(spec: str, size: tuple[int, int]):
    import cv2

    from vision.capture import SourceError, open_source

    path = Path(spec)
    if path.is_file() and path.suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp"):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise CommandError(f"{spec}: not a readable image")
        return image
    try:
        with open_source(spec, size=size) as source:
            frame = source.read()
    except SourceError as e:   # every source gives its first frame or refuses to open
        raise CommandError(str(e)) from None
    return frame.image


def run(args) -> int:
    import cv2

    from calibration.markers import marker_sheet
    from calibration.overlay import draw_zones
    from calibration.table import CalibrationError, TableCalibration, calibrate_lens
    from calibration.zones import ZoneError

    require_positive(args.marker_mm, "--marker-mm", "a size in mm")
    if args.marker_sheet:
        _writable(args.marker_sheet, "--marker-sheet", "markers.png")
        if not cv2.imwrite(args.marker_sheet, marker_sheet(args.marker_mm)):
            raise CommandError(f"--marker-sheet {args.marker_sheet}: cannot write the image there")
        print(f"marker sheet written to {args.marker_sheet}: print at 100 % scale, check the black squares "
              f"measure {args.marker_mm:g} mm")
        return 0
    if not args.source:
        raise CommandError("--source is needed (a camera, video or image of the table)")
    overlay = args.overlay or str(Path(args.out).with_suffix(".png"))
    _writable(args.out, "--out", "calibration.json")
    _writable(overlay, "--overlay", "zones.png")
    game = find_game(args.game)
    seats = game.calibrated_seats() if args.seats is None else args.seats
    table_mm = _pair(args.table_mm or game.table_mm(seats), "--table-mm", "900x560")
    try:
        zones = game.layout(table_mm, seats)
    except ZoneError as e:
        raise CommandError(str(e)) from None
    lens = None
    if args.chessboard:
        folder = Path(args.chessboard)
        if not folder.is_dir():
            raise CommandError(f"{folder}: no such folder of chessboard photos")
        images = [cv2.imread(str(p)) for p in sorted(folder.iterdir()) if p.suffix.lower() in (".png", ".jpg", ".jpeg")]
        pattern = _pair(args.pattern, "--pattern", "9x6")
        if not all(v >= 2 and v == int(v) for v in pattern):
            raise CommandError(f"--pattern counts inner corners, whole numbers of at least 2, e.g. 9x6, got {args.pattern!r}")
        require_positive(args.square_mm, "--square-mm", "a size in mm")
        try:
            lens, rms = calibrate_lens([i for i in images if i is not None], (int(pattern[0]), int(pattern[1])),
                                       args.square_mm)
        except CalibrationError as e:
            raise CommandError(f"{folder}: {e}") from None
        print(f"lens: {rms:.2f} px reprojection error from {folder}")
    size = _pair(args.size, "--size", "1280x720")
    if not all(v >= 1 and v == int(v) for v in size):
        raise CommandError(f"--size must be whole pixels, at least 1, e.g. 1280x720, got {args.size!r}")
    image = _first_frame(args.source, (int(size[0]), int(size[1])))
    h, w = image.shape[:2]
    try:
        if args.corners:
            corners = [_pair(c, "--corners", "102,80") for c in args.corners.split()]
            cal = TableCalibration.from_corners(corners, (w, h), table_mm, zones, lens)
        else:
            cal = TableCalibration.from_markers(image, table_mm, args.marker_mm, zones, lens)
    except CalibrationError as e:
        raise CommandError(f"{args.source}: {e}") from None
    if not cv2.imwrite(overlay, draw_zones(image, cal)):
        raise CommandError(f"--overlay {overlay}: cannot write the image there; no calibration was written")
    try:
        cal.save(args.out)
    except OSError as e:
        raise CommandError(f"--out {args.out}: cannot write it: {e.strerror or e}") from None
    print(f"calibration written to {args.out} ({cal.method}, {len(zones)} zones, {w}x{h} frames); "
          f"check the zones in {overlay}")
    return 0
