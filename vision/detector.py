"""Find cards, card backs and dice in a BGR image, and read each card's identity and each die's top face.

    from vision.detector import Detector, Detection
    det = Detector()                       # models/weights/*.onnx through onnxruntime
    for d in det.detect(image_bgr):        # list[Detection]
        print(d.kind, d.box, d.card, d.die, d.to_json())

Two stages, trained on synthetic scenes (models/): an oriented-box YOLO detector (classes card,
card_back, die), then small classifiers on crops warped upright from each oriented box (52 card
identities, 6 die faces). The oriented box is what makes the crop upright, so the classifier sees a
card the same way at any rotation on the table. No network access at run time.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from calibration.table import detect_markers
from vision.colour import white_balanced
from vision.crops import CARD_CROP_WH, DIE_CROP_WH, box_in_image, index_corners, upright_crop, whole_card_rects

KINDS = ("card", "card_back", "die")
SIDES = ("card", "card_back")  # the side classifier's class order, then (a three-class one's) NOT_A_CARD
NOT_A_CARD = len(SIDES)  # the side classifier's "no card in this box": a phone, a score pad, a board
RANKS, SUITS = "A23456789TJQK", "shdc"
CARD_CODES = tuple(r + s for s in SUITS for r in RANKS)  # the card classifier's class order
NO_INDEX = len(CARD_CODES)  # the corner reader's last class, after the cards: no index in sight
DEFAULT_WEIGHTS = Path(str(resources.files("models") / "weights"))   # the shipped weights, the models package's data
WEIGHT_FILES = {"onnx": "detector.onnx", "ultralytics": "detector.pt"}
WEIGHT_SUFFIXES = tuple(Path(f).suffix for f in WEIGHT_FILES.values())  # a weights path with one names a file, else a folder
LIVE_DETECTOR_FILE = "detector_live.onnx"  # the live pipeline's detector where a folder has one: see live_detector
INT8_SUFFIX = "_int8"  # a model's int8 copy beside it: detector_int8.onnx (models.quantize makes them)
READERS = ("card", "die", "side", "corner")  # the classifiers that read what the detector boxed: {name}_classifier.onnx
VIEW_FLIPS = ((False, False), (True, False), (False, True), (True, True))  # (mirrored, upside down)
MARKER_REACH = 1.4  # a marker's printed square and its white quiet zone, in sizes of the black square
TRAIN_HINT = ("train them with: python3 -m models.make_dataset --out runs/data && "
              "python3 -m models.train --data runs/data --ship (see models/MODEL_CARD.md)")
CARD_MIN_PROB = 0.9
"""How sure the readers must be of a card's name (their probability of their best card) to give it; a card
under it is returned unread (card None). A card misnamed is worse than one unread: the referee rules on what
it is told, while the live tracker waits for a better view of an unread card. Chosen on the training split of
the real phone photos (benchmarks/bench_real_cards.py, by_threshold in benchmarks/results/real_cards.json) as
the lowest of its thresholds at which at most 1 % of the face-up cards are misnamed (0.96 %, against 14.9 % at
0.3), costing a fifth of the cards read there (19.3 % of the face-up cards against 25.0 %) and on bench_detect's
more scenes a twentieth (1870 of 2042 found cards read against 1972; misnamed 3 against 46). Certain misreads
are still 9 % of the names on the real photos: 1 % of the names would take 0.9995, nearly half the real cards read
and a quarter of the synthetic ones (1470), for what is left is sure of itself: red suits read as black in
photos taken in grey, and cards cut by the frame that the labels leave out."""


class WeightsMissing(FileNotFoundError):
    """A model file is not where the detector expects it."""


class WeightsDamaged(ValueError):
    """A model file is there but onnxruntime cannot load it (cut short, overwritten, not a model)."""


class BackendMissing(ImportError):
    """The package a backend runs on is not installed."""


@dataclass(frozen=True)
class Detection:
    kind: str                                   # "card" (face up), "card_back" or "die"
    box: tuple[float, float, float, float]      # x1, y1, x2, y2 around the whole object, input pixels
    confidence: float                           # detector score, 0-1
    card: str | None = None                     # e.g. "Td"; None for backs, dice and unreadable cards
    die: int | None = None                      # top face 1-6; None for cards and unreadable dice
    corners: tuple[tuple[float, float], ...] | None = field(default=None, compare=False)  # oriented box, 4 points

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"detection kind must be one of {KINDS}, got {self.kind!r}")
        if self.card is not None and (len(self.card) != 2 or self.card[0] not in RANKS or self.card[1] not in SUITS):
            raise ValueError(f"card must be rank from {RANKS} plus suit from {SUITS}, got {self.card!r}")
        if self.die is not None and self.die not in range(1, 7):
            raise ValueError(f"die must be 1-6, got {self.die!r}")

    def to_json(self) -> dict:
        """The `pelituomari detect --json` detection object (a stable contract)."""
        return {"kind": self.kind, "box": [round(float(v), 1) for v in self.box],
                "confidence": round(float(self.confidence), 4), "card": self.card, "die": self.die}


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def int8_file(model_file: Path) -> Path:
    """A model's int8 copy, beside it: detector.onnx -> detector_int8.onnx."""
    return model_file.with_name(model_file.stem + INT8_SUFFIX + model_file.suffix)


def input_size(session, name: str | os.PathLike) -> tuple[int, int | None]:
    """(imgsz, stride) of a detector ONNX session (name: its file, for the message): a fixed input is imgsz
    square (stride None); one of any size (exported dynamic) is read at the size and stride ultralytics
    recorded in it, an image scaled so that its longer side fills imgsz and padded only to a multiple of
    the stride: a strip of table three times as long as it is deep costs the network a third of the
    square's work."""
    height = session.get_inputs()[0].shape[2]
    if isinstance(height, int):
        return height, None
    meta = session.get_modelmeta().custom_metadata_map
    try:
        return max(json.loads(meta["imgsz"])), int(meta["stride"])
    except (KeyError, ValueError, TypeError):
        raise ValueError(f"{name}: takes inputs of any size but does not record the size and stride it was "
                         f"trained at (ultralytics' metadata imgsz and stride); export it again with "
                         f"models.train's export_detector") from None


def reader_file(folder: Path, name: str) -> Path:
    """The file of the reader `name` (one of READERS) in a weights folder."""
    return folder / f"{name}_classifier.onnx"


def reader_batch(crops, rotations) -> np.ndarray:
    """A reader's input: each crop (crops: one list per crop scale) at each quarter turn in rotations,
    N x 3 x H x W in 0-1, rotation by rotation."""
    turned = [np.rot90(c, k) for k in rotations for scale in crops for c in scale]
    return np.ascontiguousarray(np.stack(turned).transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def _session(path: Path, threads: int = 0, spin: bool = False):
    """An onnxruntime CPU session. Its worker threads do not spin-wait between runs unless asked:
    spinning threads would take the cores from the camera thread and the rest of the chain."""
    import onnxruntime as ort
    if not path.is_file():
        *others, last = [WEIGHT_FILES["onnx"], *(reader_file(path.parent, name).name for name in READERS)]
        raise WeightsMissing(f"model file not found: {path}; expected {', '.join(others)} and {last} in {path.parent}; "
                             f"{TRAIN_HINT}")
    opts = ort.SessionOptions()
    opts.log_severity_level = 3
    opts.intra_op_num_threads = threads
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if spin else "0")
    from onnxruntime.capi import onnxruntime_pybind11_state as ort_errors
    try:
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except (ort_errors.Fail, ort_errors.InvalidGraph, ort_errors.InvalidProtobuf, ort_errors.NotImplemented) as e:
        why = str(e).rsplit(":", 1)[-1].strip().rstrip(".")
        raise WeightsDamaged(f"{path}: onnxruntime cannot load this model file ({why}): it is damaged or not a "
                             f"model; restore the shipped weights (git checkout -- models/weights) or {TRAIN_HINT}"
                             ) from None


def _intersection(a, b) -> float:
    """Area shared by two rotated rects ((cx, cy), (w, h), angle_deg)."""
    kind, pts = cv2.rotatedRectangleIntersection(a, b)
    if kind == cv2.INTERSECT_NONE or pts is None or len(pts) < 3:
        return 0.0
    return float(cv2.contourArea(cv2.convexHull(pts)))


def _greedy(order: list[int], rects, scores, overlaps) -> list[int]:
    """Of the rects ``order`` indexes, taken surest first, those for which ``overlaps(shared area, own area,
    other's area)`` is false against every one kept before; only pairs whose bounding boxes meet are measured."""
    pts = np.array([cv2.boxPoints(rects[i]) for i in order]).reshape(-1, 4, 2)
    lo, hi = pts.min(1), pts.max(1)
    area = [rects[i][1][0] * rects[i][1][1] for i in order]
    kept: list[int] = []
    for j in sorted(range(len(order)), key=lambda j: -scores[order[j]]):
        if not any((lo[j] < hi[k]).all() and (lo[k] < hi[j]).all()
                   and overlaps(_intersection(rects[order[j]], rects[order[k]]), area[j], area[k]) for k in kept):
            kept.append(j)
    return [order[j] for j in kept]


def rotated_nms(rects, scores, iou: float) -> list[int]:
    """Greedy non-maximum suppression of rotated rects at the given IoU: indexes kept, surest first.
    Not cv2.dnn.NMSBoxesRotated: it counts a rect lying wholly inside another as IoU 1, so a die lying
    on a card vanished under the card's box."""
    return _greedy(list(range(len(rects))), rects, scores, lambda shared, a, b: shared > iou * (a + b - shared))


def _apart(order: list[int], rects, scores, max_shared: float) -> list[int]:
    """Of the die boxes ``order`` indexes, those sharing at most max_shared of the smaller box with a surer
    one: two dice seen from above barely overlap, so a box within a die's box is the same die again (on a
    real 1 the detector boxes the pip, and at times the die around it too)."""
    return sorted(_greedy(order, rects, scores, lambda shared, a, b: shared > max_shared * min(a, b)))


def _off_markers(order: list[int], rects, markers: dict) -> list[int]:
    """Of the boxes ``order`` indexes, those whose centre lies off every marker (its quiet zone included)."""
    reach = [(q.mean(0) + MARKER_REACH * (q - q.mean(0))).astype(np.float32) for q in markers.values()]
    return [i for i in order
            if all(cv2.pointPolygonTest(r, tuple(map(float, rects[i][0])), False) < 0 for r in reach)]


class Detector:
    """weights: a folder holding the model files, or the detector file itself (its folder holds the
    classifiers); None means models/weights/. backend "onnx" (default) or "ultralytics" (detector.pt;
    the classifiers always run on onnxruntime). conf and iou (rotated NMS) were chosen on synthetic
    validation; a card is read from crops at card_crop_scales (averaged: robust to a loose box), and
    card/die is None when the classifier's probability is below card_min_prob/die_min_prob. A die box
    sharing more than max_die_shared of its area (or of the surer box's, whichever is smaller) with a
    surer die box is the same die boxed twice, and dropped; a card box under surer card boxes is kept (a
    pile's middle card lies wholly within the boxes of the cards below and above it, yet shows a strip).
    Whether a card lies face up or down is the side classifier's call where its probability is at least
    side_min_prob (above 1: the detector's), between the two sides; a box a three-class side classifier
    is at least no_card_min_prob sure holds no card at all (a phone, a score pad, a game board the detector
    took for a back) is dropped.
    A face-up card's four index corners (vision.crops.index_corners) are also read on their own (at the
    same crop scales), and each corner that shows an index adds its reading to the whole card's,
    weighted by corner_weight (0: the whole card alone; 1 was chosen on synthetic validation for the
    four-corner reader, 0.5 for the two-corner one before it): a card mostly under others is named by
    the one corner still in sight.
    whole_cut_cards: a face-up card cut by the image's edge is boxed by its part in sight; it is also
    read as each whole card that part may belong to (vision.crops.whole_card_rects: the box grown beyond
    the edge to a card's proportions), and the surest reading is kept.
    views: how many views of the image the detector looks at: 1 (the image), 2 (also mirrored) or 4
    (also upside down, and both); the boxes of all views are pooled before rotated NMS, so a card
    one view misses another finds (the detector trained on flipped scenes; 4 views cost 4 passes).
    markers: drop detections centred on the table's own calibration markers (ArUco, found in the
    image), which the detector takes for card backs or dice; the live pipeline, whose regions lie
    inside the table, turns this off to save the marker search.
    white_balance: even out the room's light first, its colour and a dim white (vision.colour.white_balanced).
    threads: onnxruntime's threads per model (0: one per core); spin: let them spin-wait between
    runs (a little faster alone, much slower beside a camera thread).
    int8: run the int8 copies of the detector and the readers (int8_file: detector_int8.onnx beside
    detector.onnx, card_classifier_int8.onnx beside card_classifier.onnx, ...), which models.quantize
    makes: on this CPU a third less of the detector's time on one core and a quarter less of the readers'
    on both, and on the choice scenes within 5 objects of the float counts for `detect` (the live one
    within about 1 % of its cards read; models/MODEL_CARD.md, "int8 models")."""

    def __init__(self, weights: str | os.PathLike | None = None, backend: str = "onnx", conf: float = 0.3,
                 iou: float = 0.5, card_min_prob: float = CARD_MIN_PROB, die_min_prob: float = 0.3,
                 imgsz: int | None = None,
                 card_crop_scales: tuple[float, ...] = (0.97, 1.04, 1.12), max_die_shared: float = 0.5,
                 side_min_prob: float = 0.9, no_card_min_prob: float = 0.98, corner_weight: float = 1.0,
                 whole_cut_cards: bool = True,
                 views: int = 1, markers: bool = True, white_balance: bool = True, threads: int = 0,
                 spin: bool = False, int8: bool = False):
        if backend not in WEIGHT_FILES:
            raise ValueError(f"backend must be one of {tuple(WEIGHT_FILES)}, got {backend!r}")
        if views not in (1, 2, 4):
            raise ValueError(f"views must be 1, 2 or 4, got {views!r}")
        self.views, self.markers, self.white_balance = views, markers, white_balance
        path = Path(weights) if weights is not None else DEFAULT_WEIGHTS
        folder, det_file = (path, path / WEIGHT_FILES[backend]) if path.suffix not in WEIGHT_SUFFIXES else (path.parent, path)
        readers = {name: reader_file(folder, name) for name in READERS}
        if int8:
            if backend != "onnx":
                raise ValueError(f"int8 runs on the onnx backend only, not {backend!r} (detector.pt is in floats)")
            det_file, readers = int8_file(det_file), {name: int8_file(f) for name, f in readers.items()}
            missing = [str(f) for f in (det_file, *readers.values()) if not f.is_file()]
            if missing:
                raise WeightsMissing(f"int8 copies not found: {', '.join(missing)}; make them from the float files "
                                     f"with: python3 -m models.quantize --weights {folder}")
        self.backend, self.conf, self.iou, self.detector_file, self.reader_files = backend, conf, iou, det_file, readers
        self.card_min_prob, self.die_min_prob, self.side_min_prob = card_min_prob, die_min_prob, side_min_prob
        self.no_card_min_prob = no_card_min_prob
        self.card_crop_scales, self.max_die_shared = card_crop_scales, max_die_shared
        self.corner_weight, self.whole_cut_cards = corner_weight, whole_cut_cards
        self.stride = None  # a square input: the ultralytics backend and a fixed-size ONNX file
        if backend == "onnx":
            self._det = _session(det_file, threads, spin)
            self._det_input = self._det.get_inputs()[0].name
            self.imgsz, self.stride = input_size(self._det, det_file)
        else:
            if not det_file.is_file():
                raise WeightsMissing(f"model file not found: {det_file}; {TRAIN_HINT}")
            os.environ.setdefault("YOLO_OFFLINE", "1")
            try:
                from ultralytics import YOLO
            except ImportError:
                raise BackendMissing('the ultralytics backend needs the Python package ultralytics '
                                     '(the [train] extra: python3 -m pip install -e ".[train]")') from None
            self._det = YOLO(str(det_file), task="obb")
            self.imgsz = imgsz or int(self._det.model.args.get("imgsz", 320))
        self._readers = {name: _session(f, threads, spin) for name, f in readers.items()}

    # ---- stage 1: oriented boxes -------------------------------------------------------------------
    def _letterbox(self, image: np.ndarray, square: bool = False):
        """The image scaled to fit imgsz, padded grey to a square, or where the network takes any size
        only to the next multiple of its stride (square: pad to the square anyway)."""
        h, w = image.shape[:2]
        s = self.imgsz
        r = min(s / h, s / w)
        nw, nh = max(1, int(round(w * r))), max(1, int(round(h * r)))   # a side never scaled to nothing
        cw, ch = (s, s) if square or self.stride is None else (-(-nw // self.stride) * self.stride,
                                                              -(-nh // self.stride) * self.stride)
        px, py = (cw - nw) / 2, (ch - nh) / 2
        canvas = np.full((ch, cw, 3), 114, np.uint8)
        left, top = int(round(px - 0.1)), int(round(py - 0.1))
        canvas[top:top + nh, left:left + nw] = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if r < 1 else cv2.INTER_LINEAR)
        return canvas, r, left, top

    def _boxes(self, image):
        """(rects ((cx, cy), (w, h), angle_deg) in input pixels, scores, class ids) of every view, mapped
        back to the image, after rotated NMS."""
        h, w = image.shape[:2]
        candidates = self._candidates_onnx if self.backend == "onnx" else self._candidates_ultralytics
        rects, scores, cls = [], [], []
        for mirrored, upside_down in VIEW_FLIPS[:self.views]:
            view = np.ascontiguousarray(image[::-1 if upside_down else 1, ::-1 if mirrored else 1])
            r, s, c = candidates(view)
            rects += [((w - cx if mirrored else cx, h - cy if upside_down else cy), size, -a if mirrored != upside_down else a)
                      for (cx, cy), size, a in r]
            scores.append(s)
            cls.append(c)
        return self._nms(rects, np.concatenate(scores), np.concatenate(cls))

    def oriented_boxes(self, image: np.ndarray) -> tuple[list, np.ndarray, list[str]]:
        """(rects, scores, kinds) of the detector alone, after rotated NMS and before any classifier or
        marker check: the boxes the crops are cut from (models.detector_crops teaches the die and card
        classifiers on crops of them)."""
        rects, scores, cls = self._boxes(image)
        return rects, scores, [KINDS[int(c)] for c in cls]

    def network_input(self, image: np.ndarray, square: bool = False):
        """(the detector network's input for image: 1x3xHxW RGB in 0-1, letterboxed; scale, left, top)."""
        lb, r, left, top = self._letterbox(image, square)
        return np.ascontiguousarray(lb[:, :, ::-1].transpose(2, 0, 1)[None], dtype=np.float32) / 255.0, r, left, top

    def _candidates_onnx(self, image):
        """(rects ((cx, cy), (w, h), angle_deg) in input pixels, scores, class ids) above conf."""
        x, r, left, top = self.network_input(image)
        out = self._det.run(None, {self._det_input: x})[0][0]          # (4 + classes + 1, anchors)
        scores_all = out[4:4 + len(KINDS)]
        cls = scores_all.argmax(0)
        score = scores_all.max(0)
        keep = score >= self.conf
        cx, cy, bw, bh = out[0][keep], out[1][keep], out[2][keep], out[3][keep]
        ang = np.degrees(out[4 + len(KINDS)][keep])
        rects = [(((a - left) / r, (b - top) / r), (c / r, d / r), e) for a, b, c, d, e in zip(cx, cy, bw, bh, ang)]
        return rects, score[keep], cls[keep]

    def _candidates_ultralytics(self, image):
        """The same, after ultralytics' own (per-class) NMS."""
        res = self._det.predict(image, imgsz=self.imgsz, conf=self.conf, iou=self.iou, verbose=False)[0].obb
        xywhr = res.xywhr.cpu().numpy()
        rects = [((a, b), (c, d), float(np.degrees(e))) for a, b, c, d, e in xywhr]
        return rects, res.conf.cpu().numpy(), res.cls.cpu().numpy().astype(int)

    def _nms(self, rects, scores, cls):
        """Rotated NMS among cards and backs together (one card lies face up or down, never both); among
        dice apart from them (a die may lie on a card), where a box mostly within a surer die's box is
        the same die again (_apart); then across the survivors of both, so that an object claimed as a
        card and as a die keeps its surer claim."""
        if not rects:
            return [], np.zeros(0), np.zeros(0, int)
        is_die = cls == KINDS.index("die")
        cards, dice = np.flatnonzero(~is_die), np.flatnonzero(is_die)
        idx = [int(cards[j]) for j in rotated_nms([rects[i] for i in cards], scores[cards], self.iou)]
        kept_dice = [int(dice[j]) for j in rotated_nms([rects[i] for i in dice], scores[dice], self.iou)]
        idx += _apart(kept_dice, rects, scores, self.max_die_shared)
        idx = np.array([idx[j] for j in rotated_nms([rects[i] for i in idx], scores[idx], self.iou)], int)
        return [rects[i] for i in idx], scores[idx], cls[idx]

    # ---- stage 2: identities -----------------------------------------------------------------------
    def _read(self, reader: str, crops, rotations):
        """The reader's (one of READERS) class probabilities averaged over the crops' given quarter-turn
        rotations (the crop's 'up' is open); crops is a list of equal-length lists (one per crop scale),
        all read in one batch."""
        probs = _softmax(self._run(reader, reader_batch(crops, rotations)))
        return probs.reshape(len(rotations) * len(crops), len(crops[0]), -1).mean(0)

    def _run(self, reader: str, batch: np.ndarray) -> np.ndarray:
        """The reader's scores for a batch."""
        session = self._readers[reader]
        return session.run(None, {session.get_inputs()[0].name: batch})[0]

    def _with_index_corners(self, image, rects, p: np.ndarray) -> np.ndarray:
        """The card probabilities p (one row per rect) with the index corner reader's evidence folded in:
        log p plus corner_weight times the log of each of the four corners' probability of each card,
        where a corner's "no index in sight" spreads evenly over the 52 (it says nothing about which card)."""
        if self.corner_weight == 0:
            return p
        scales = [[c for corners in zip(*(index_corners(image, r, e) for r in rects)) for c in corners]
                  for e in self.card_crop_scales]
        c = self._read("corner", scales, (0,))
        evidence = (c[:, :NO_INDEX] + c[:, NO_INDEX:] / NO_INDEX).reshape(-1, len(rects), NO_INDEX)
        return _softmax(np.log(p + 1e-9) + self.corner_weight * np.log(evidence + 1e-12).sum(0))

    def _sides(self, image, rects, kinds: list[str]) -> list[str | None]:
        """The kinds, with the side classifier's verdict on cards and backs where it is sure of the side
        (probability at least side_min_prob, of the two sides'): it sees the card at full resolution, the
        detector at its 320 px input, where a plain white back and a face, or a dark face and a back, look
        alike. None where a three-class side classifier is at least no_card_min_prob sure the box holds no
        card (NOT_A_CARD): a phone or a score pad boxed as a back."""
        flat = [i for i, k in enumerate(kinds) if k != "die"]
        if not flat or self.side_min_prob > 1:
            return kinds
        p = self._read("side", [[upright_crop(image, rects[i], CARD_CROP_WH) for i in flat]], (0, 2))
        sides = p[:, :NOT_A_CARD]
        if p.shape[1] > NOT_A_CARD:   # a three-class reader: which side, were it a card
            sides = sides / sides.sum(1, keepdims=True)
        kinds = list(kinds)
        for i, side, q, none in zip(flat, sides.argmax(1), sides.max(1), p[:, NOT_A_CARD:].sum(1)):
            if none >= self.no_card_min_prob:
                kinds[i] = None
            elif q >= self.side_min_prob:
                kinds[i] = SIDES[side]
        return kinds

    def _card_probs(self, image, rects) -> np.ndarray:
        """The 52 card probabilities of each face-up card's rect, its index corners' evidence folded in. A
        card cut by the image's edge is also read as each card it may be (whole_card_rects), its crop
        reaching beyond the edge, and the surest reading is kept."""
        h, w = image.shape[:2]
        owner, tried = [], []
        for i, rect in enumerate(rects):
            for r in [rect, *(whole_card_rects(rect, w, h) if self.whole_cut_cards else [])]:
                owner.append(i)
                tried.append(r)
        p = self._read("card", [[upright_crop(image, r, CARD_CROP_WH, e) for r in tried]
                                for e in self.card_crop_scales], (0, 2))
        p = self._with_index_corners(image, tried, p)
        surest = {}
        for j, i in enumerate(owner):
            if i not in surest or p[j].max() > p[surest[i]].max():
                surest[i] = j
        return p[[surest[i] for i in range(len(rects))]]

    def detect(self, image_bgr: np.ndarray, where: Callable[[float, float], bool] | None = None) -> list[Detection]:
        """Every card, back and die in the image, each card and die read. where: a test of a box's centre
        (x, y in the image's pixels); a box that fails it is left out before anything reads it (the live
        pipeline looks at its zones with a card's margin around them, and reads only what lies in them)."""
        if not isinstance(image_bgr, np.ndarray) or image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.size == 0:
            raise ValueError(f"detect() needs an H x W x 3 BGR image, got {getattr(image_bgr, 'shape', type(image_bgr))}")
        image = np.ascontiguousarray(image_bgr, dtype=np.uint8)
        if self.white_balance:
            image = white_balanced(image)
        h, w = image.shape[:2]
        rects, scores, kinds = self.oriented_boxes(image)
        keep = list(range(len(rects)))
        if where is not None:
            keep = [i for i in keep if where(*map(float, rects[i][0]))]
        if self.markers:
            keep = _off_markers(keep, rects, detect_markers(image))
        rects, scores, kinds = [rects[i] for i in keep], scores[keep], [kinds[i] for i in keep]
        kinds = self._sides(image, rects, kinds)
        held = [i for i, k in enumerate(kinds) if k is not None]
        rects, scores, kinds = [rects[i] for i in held], scores[held], [kinds[i] for i in held]
        cards = [i for i, k in enumerate(kinds) if k == "card"]
        dice = [i for i, k in enumerate(kinds) if k == "die"]
        card_of, die_of = {}, {}
        if cards:
            p = self._card_probs(image, [rects[i] for i in cards])
            card_of = {i: CARD_CODES[int(j)] for i, j, q in zip(cards, p.argmax(1), p.max(1)) if q >= self.card_min_prob}
        if dice:
            p = self._read("die", [[upright_crop(image, rects[i], DIE_CROP_WH) for i in dice]], (0, 1, 2, 3))
            die_of = {i: int(j) + 1 for i, j, q in zip(dice, p.argmax(1), p.max(1)) if q >= self.die_min_prob}
        out = []
        for i, rect in enumerate(rects):
            pts = cv2.boxPoints(rect)
            out.append(Detection(kinds[i], box_in_image(pts, w, h), float(scores[i]),
                                 card_of.get(i), die_of.get(i), tuple((float(a), float(b)) for a, b in pts)))
        out.sort(key=lambda d: (d.box[1], d.box[0]))
        return out


def live_detector(weights: str | Path | None = None, int8: bool = False) -> Detector:
    """The Detector `pelituomari run` uses. A weights folder may hold a second detector for the live
    pipeline, detector_live.onnx, with a smaller input than detector.onnx, of any size (input_size: the
    pipeline's regions are strips of table): the pipeline must rule within 300 ms of a card landing,
    while `detect` reads photographs one by one and takes the larger, surer network (`models.train
    --ship --live-imgsz` exports both; the shipped one has weights of its own, detector_live.pt, trained
    further at 320 px on dice-rich scenes: models/TRAINING.md, "Training one network"). A folder without one uses
    its detector.onnx for both. Markers off: the pipeline looks only inside the table's zones. White
    balance off: the pipeline hands over one zone at a time, and a zone holding only backs on coloured
    cloth has no white to judge the light by; the pipeline evens the light out itself, judged over all its
    zones (vision.colour.RoomLight). int8: the int8 copies (detector_live_int8.onnx and the readers'), as
    Detector's int8."""
    path = Path(weights) if weights is not None else DEFAULT_WEIGHTS
    if path.suffix not in WEIGHT_SUFFIXES and (path / LIVE_DETECTOR_FILE).is_file():
        path = path / LIVE_DETECTOR_FILE
    return Detector(path, markers=False, white_balance=False, int8=int8)
