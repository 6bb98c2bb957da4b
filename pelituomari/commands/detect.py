"""`pelituomari detect`: find cards, card backs and dice in photos and read them."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from pelituomari.cli import CommandError
from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS



def add_parser(sub) -> None:
    p = sub.add_parser("detect", help="find and read cards and dice in images")
    p.add_argument("images", nargs="+", metavar="IMAGE", help="image files (JPEG, PNG, ...)")
    p.add_argument("--json", action="store_true",
                   help='one JSON object per image per line: {"image", "width", "height", "detections"}')
    p.add_argument("--weights", help="folder holding the model files (default: the shipped models/weights)")
    p.add_argument("--backend", choices=("onnx", "ultralytics"), default="onnx",
                   help="run the detector with onnxruntime (default; detector.onnx) or with ultralytics on "
                        "PyTorch (detector.pt; needs the [train] extra). A .pt file is a Python pickle: loading "
                        "it runs whatever code its maker put in it, so with --weights it needs --trust-weights")
    p.add_argument("--trust-weights", action="store_true",
                   help="load a --weights folder's detector.pt with the ultralytics backend: only weights you "
                        "made yourself or trust as you would a program")
    p.add_argument("--int8", action="store_true",
                   help="run the int8 copies of the detector and readers (detector_int8.onnx and the like, made by "
                        "python3 -m models.quantize): for small CPUs such as a Raspberry Pi's")
    p.add_argument("--conf", type=float, default=DETECT_CONF,
                   help=f"detector confidence threshold (default {DETECT_CONF})")
    p.add_argument("--views", type=int, choices=(1, 2, 4), default=DETECT_VIEWS,
                   help=f"look at the image as is, also mirrored, and also upside down (default {DETECT_VIEWS}; "
                        "2 finds a few more at half the speed, 4 runs under 10 images/s here)")
    p.add_argument("--draw", metavar="DIR", type=Path,
                   help="also write each image with its detections drawn to DIR/NAME.png, numbered as listed: "
                        "to check a photo by eye, or to correct `--json` output into labels "
                        "(benchmarks/photo_labels.py)")
    p.set_defaults(func=run)


def read_image(path: str):
    """The image as a BGR array; ValueError naming what is wrong with the file."""
    from vision.image_file import decode_image
    p = Path(path)
    if not p.exists():
        raise ValueError("no such file")
    if p.is_dir():
        raise ValueError(f"a folder, not an image: give its images, e.g. {p / '*.jpg'}")
    if not p.is_file():
        raise ValueError("not a file")
    data = p.read_bytes()
    if not data:
        raise ValueError("empty file")
    image = decode_image(data)
    if image is not None:
        return image
    fmt = image_format(data)
    if fmt == "HEIC":
        raise ValueError("a HEIC photo, which OpenCV cannot read: convert it to JPEG (`heif-convert IN.heic OUT.jpg`), "
                         "or have the phone save JPEG (iPhone: Settings > Camera > Formats > Most Compatible)")
    if fmt:
        raise ValueError(f"a {fmt} file that cannot be decoded: cut short or damaged ({len(data)} bytes)")
    raise ValueError(f"not a readable image ({len(data)} bytes; expected JPEG, PNG, BMP, TIFF or WebP)")


SIGNATURES = {b"\xff\xd8\xff": "JPEG", b"\x89PNG\r\n\x1a\n": "PNG", b"II*\x00": "TIFF", b"MM\x00*": "TIFF"}
HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")


def image_format(data: bytes) -> str | None:
    """The image format data's first bytes announce (None: none we know), to tell a damaged photo from a
    file that was never one, and a HEIC photo (an iPhone's default, an ISO media file of a HEIF brand),
    which OpenCV cannot read, from both."""
    if data[4:8] == b"ftyp" and data[8:12] in HEIF_BRANDS:
        return "HEIC"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    return next((name for magic, name in SIGNATURES.items() if data.startswith(magic)), None)


def drawing_path(folder: Path, image: str, taken: set[Path]) -> Path:
    """DIR/NAME.png for an image, NAME_2.png and on where images in other folders share a name or a file
    (or a link) of that name is already there: a drawing never replaces a file."""
    stem, n = Path(image).stem, 1
    path = folder / f"{stem}.png"
    while path in taken or path.exists() or path.is_symlink():
        n += 1
        path = folder / f"{stem}_{n}.png"
    taken.add(path)
    return path


def write_new(path: Path, data: bytes) -> None:
    """Write a file that must not be there yet, never through a link (O_EXCL | O_NOFOLLOW)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    with os.fdopen(fd, "wb") as file:
        file.write(data)


def run(args) -> int:
    from vision.detector import BackendMissing, Detector, WeightsMissing
    if not 0 < args.conf < 1:
        raise CommandError(f"--conf must be between 0 and 1, got {args.conf}")
    drawn: set[Path] = set()
    if args.draw is not None:
        import cv2
        from vision.annotate import draw_detections
        try:
            args.draw.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CommandError(f"--draw {args.draw}: cannot make the folder: {e.strerror or e}") from None
    if args.backend == "ultralytics" and args.weights is not None and not args.trust_weights:
        raise CommandError(f"--weights {args.weights}: its detector.pt is a Python pickle, which runs code as it "
                           f"loads; add --trust-weights if you made it or trust it as a program (the onnx "
                           f"backend runs no code from a weights file)")
    try:
        detector = Detector(args.weights, backend=args.backend, conf=args.conf, views=args.views, int8=args.int8)
    except (WeightsMissing, BackendMissing, ValueError) as e:
        raise CommandError(str(e)) from None
    failed = 0
    for path in args.images:
        try:
            image = read_image(path)
        except (ValueError, OSError) as e:
            print(f"pelituomari detect: {path}: {e}", file=sys.stderr)
            failed += 1
            continue
        detections = detector.detect(image)
        h, w = image.shape[:2]
        if args.draw is not None:
            out = drawing_path(args.draw, path, drawn)
            ok, png = cv2.imencode(".png", draw_detections(image, detections))
            try:
                write_new(out, png.tobytes())
            except OSError as e:
                print(f"pelituomari detect: {path}: cannot write its drawing to {out}: {e.strerror or e}",
                      file=sys.stderr)
                failed += 1
        if args.json:
            print(json.dumps({"image": path, "width": w, "height": h, "detections": [d.to_json() for d in detections]}))
        else:
            print(f"{path}: {w}x{h}, {len(detections)} detections")
            for i, d in enumerate(detections):
                what = d.card or (f"die {d.die}" if d.die else "?") if d.kind != "card_back" else "face down"
                print(f"  {i:2d} {d.kind:9s} {what:10s} {d.confidence:.2f}  box {', '.join(f'{v:.0f}' for v in d.box)}")
        sys.stdout.flush()
    return 1 if failed else 0
