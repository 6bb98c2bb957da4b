"""int8 copies of the shipped detectors and readers, for small CPUs (a Raspberry Pi).

    python3 -m models.quantize [--weights models/weights] [--scenes 20] [--cards-cache runs/cards]
        [--blur-max SIGMA] [--sharpen SHARE] [--gloss SHARE] [--detector-percentile P] [--live-float-stem]
        [--live-glare SHARE]

Writes detector_int8.onnx beside detector.onnx, detector_live_int8.onnx beside detector_live.onnx
where the folder has one, and card_classifier_int8.onnx (and the die, side and corner readers' copies)
beside the readers; `pelituomari detect --int8` and `pelituomari run --int8` use them. Why: the
detector is the largest part of what an image costs and the readers the next, and on this CPU 8-bit
integer arithmetic takes a third off the detector's time on one core and a quarter off the readers'
on both (models/MODEL_CARD.md, "int8 models"). On the choice scenes `detect`'s copies find and read
within 6 cards of the float counts under each camera, and box within 5 as many false objects (the live
chain's read within about 1 % of its cards).

Static quantization (onnxruntime, QDQ, weights per output channel in 7 bits), each tensor's range learnt from
rendered scenes of each kind, the mix, cards alone and dice on cards, as the detector sees them (the
light evened out, letterboxed), through the camera that --blur-max, --sharpen and --gloss name as
models.make_dataset's do (default: make_dataset's own camera). A range runs from the
tensor's least to its greatest value; --detector-percentile P cuts a detector's at the (100 - P)th and
Pth percentiles instead (the readers' batches differ in size, which onnxruntime's histograms cannot
take). The shipped copies are SHIPPED_COMMAND's: with P 99.999 a copy of `detect`'s detector boxed 29
false objects fewer than the copy made from least to greatest on the choice scenes over three cameras,
finding and reading as many cards (models/TRAINING.md, "Quantize"). The head's last
convolutions and its decoding stay in floats: they write box coordinates in pixels beside scores of
0-1 into one output, which one 8-bit scale cannot hold (with them quantized too, the detector found
nothing). --live-float-stem keeps the live detector's first two convolutions in floats too:
at its 320 px input their 8-bit error, carried through the network, cost the live chain 8 of the 12
cards its copy read fewer than the float one on the more scenes, and they are a few per cent of its
work (the same time on a seat's strip of table, 1 ms more on a 320 x 320 region). --live-glare SHARE
has the live detector's ranges learnt also from that share of the scenes seen again under a
lamp's glare spot (glared): a spot's white core drives some tensors past the ranges of scenes without
one, and with the percentile's cut, the copy made without lost 3 of the Kiketti sample's 27 events
under a moving spot a tenth of the frame wide, and booked one that never happened, where the float
detector lost none; with a spot on every scene (1.0) it loses none either, and on the choice scenes
finds and reads within 5 cards of what it did without. The readers are quantized whole, their ranges learnt from the
crops `detect` gives them on the same scenes.

The weights take 7 bits, -64 to 64, not 8, so that the copies read alike on every CPU. x86-64 CPUs without
VNNI (AVX2, and AVX-512 without VNNI, as AMD's Zen 2 and 3 and Intel's before Cascade Lake) multiply 8-bit
activations by 8-bit weights with VPMADDUBSW, which adds each pair of products into 16 bits and saturates
there: 255 x 127 x 2 overflows 32767, 255 x 64 x 2 = 32640 cannot. With 8-bit weights the die reader's copy
read 64 of the 312 dice the Kimble sample shows it otherwise under such a CPU (emulated by qemu) than on one
with VNNI; with 7 bits it gives the very same numbers on both (benchmarks/bench_int8_cpus.py). ARM64's kernels
add their products in 32 bits and are exact with either.

Beside the copies it writes int8_made_from.json: the sha256 of every float file they were made from (the
readers' ranges come from what the detector boxes, so each copy depends on them all). A float file
shipped since without quantizing again leaves the copies stale: `stale_floats` names it, the test suite
fails, and benchmarks.remake refuses to measure the stale copies.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hashlib
import io
import json
import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from models.make_dataset import add_camera_arguments, camera_argument
from models.synth.scene import CAMERA, Camera

# seeds neither trained on nor chosen on (models/TRAINING.md, "Data from seeds")
CALIBRATION_SETS = ((303, None), (304, "cards"), (305, "dice_on_cards"))
HEAD = "/model.23/"     # the ultralytics OBB head's node names begin so
STEM = ("/model.0/", "/model.1/")   # ... and its first two convolutions' (stride 2 each, at the input's half and quarter)
# how the shipped copies are made (models/TRAINING.md, "Quantize"): scenes out of focus, sharpened and glossy, the
# detectors' tails cut, the live detector's stem in floats and its ranges learnt under glare too
SHIPPED_COMMAND = ("python3 -m models.quantize --scenes 20 --blur-max 3 --sharpen 0.3 --gloss 0.3 "
                   "--detector-percentile 99.999 --live-float-stem --live-glare 1.0")
MADE_FROM = "int8_made_from.json"  # beside the copies: {"scenes": N, "camera": Camera's fields, "detector_percentile":
                                   # P or null, "live_float_stem": bool, "live_glare": share,
                                   # "float": {float file: sha256}}
GLARE_SEED = 58   # the stream glared draws from: the same spots on the same scenes each time


def fingerprint(folder: Path, names) -> dict[str, str]:
    """sha256 of each named file in folder."""
    return {name: hashlib.sha256((folder / name).read_bytes()).hexdigest() for name in names}


def stale_floats(weights: Path) -> list[str]:
    """The float files in weights that are not those its int8 copies were made from (all of them where
    the folder has no record)."""
    record = weights / MADE_FROM
    made_from = json.loads(record.read_text())["float"] if record.is_file() else {}
    from vision.detector import INT8_SUFFIX
    floats = sorted(p.name for p in weights.glob("*.onnx") if not p.stem.endswith(INT8_SUFFIX))
    now = fingerprint(weights, floats)
    return [name for name in floats if made_from.get(name) != now[name]]


def float_nodes(model, stem: bool = False) -> list[str]:
    """The nodes left in floats: the head's last convolution of each branch (boxes, classes, angle), its
    distribution-to-box convolution, and every head node that is not a convolution (the activations of
    its inner convolutions, and the decoding); with stem, the first two convolutions' nodes too."""
    return [n.name for n in model.graph.node if (n.name.startswith(HEAD) and
            (n.op_type != "Conv" or n.name.endswith(".2/Conv") or "/dfl/" in n.name)) or
            (stem and n.name.startswith(STEM))]


def calibration_images(scenes: int, cards_cache: str | Path, camera: Camera = CAMERA) -> list[np.ndarray]:
    """The first `scenes` scenes of each calibration set through camera, as it hands them over
    (bench_detect's validation_scenes): rendered once, for every network's ranges."""
    from models.make_dataset import validation_scenes
    return [image for seed, kind in CALIBRATION_SETS
            for _, image in validation_scenes(scenes, seed, cards_cache, kind, camera)]


def glared(images: list[np.ndarray], share: float) -> list[np.ndarray]:
    """The share of images (drawn scene by scene) seen again under a lamp's glare spot of GLARE_RADII
    somewhere over their middle: the live chain reads tables under lamps, where a spot the calibration
    never showed leaves the int8 copy's ranges too narrow."""
    from models.synth.scene import GLARE_RADII, glare_spot_somewhere
    rng = np.random.default_rng(GLARE_SEED)
    return [glare_spot_somewhere(image, rng, GLARE_RADII) for image in images if rng.random() < share]


def calibration_inputs(detector, images: list[np.ndarray]) -> list[np.ndarray]:
    """The detector's network inputs for the calibration images: the light evened out, letterboxed to a
    square, as the percentile's ranges need inputs of one shape (a live detector takes any size)."""
    from vision.colour import white_balanced
    return [detector.network_input(white_balanced(image), square=True)[0] for image in images]


def reader_inputs(detector_file: Path, images: list[np.ndarray]) -> dict[str, list[np.ndarray]]:
    """Each reader's batches (READERS' names) as `detect` reads the calibration images with the float
    detector_file and the readers beside it."""
    from vision.detect_defaults import DETECT_CONF, DETECT_VIEWS
    from vision.detector import READERS, Detector

    class Recording(Detector):
        """`detect`'s Detector, keeping each batch it hands a reader."""
        def __init__(self):
            super().__init__(detector_file, conf=DETECT_CONF, views=DETECT_VIEWS)
            self.batches = {name: [] for name in READERS}

        def _run(self, reader, batch):
            self.batches[reader].append(batch)
            return super()._run(reader, batch)

    detector = Recording()
    for image in images:
        detector.detect(image)
    return detector.batches


def quantize_model(src: Path, dst: Path, inputs: list[np.ndarray], keep_float: Callable = lambda model: [],
                   percentile: float | None = None) -> Path:
    """Write to dst the int8 copy of the network src (one input), its ranges learnt from inputs (each
    tensor's least to greatest value, or the percentile's span where one is given: its inputs must then
    share one shape), its weights in 7 bits (reduce_range: no CPU's 16-bit sums saturate); the nodes
    keep_float names from the model stay in floats."""
    import onnx
    from onnxruntime.quantization import (CalibrationDataReader, CalibrationMethod, QuantFormat, QuantType,
                                          quantize_static)
    from onnxruntime.quantization.shape_inference import quant_pre_process

    graph_input = onnx.load(str(src)).graph.input[0]
    name = graph_input.name
    any_size = any(d.dim_param for d in graph_input.type.tensor_type.shape.dim[2:])
    ranges = ({"calibrate_method": CalibrationMethod.MinMax} if percentile is None else
              {"calibrate_method": CalibrationMethod.Percentile, "extra_options": {"CalibPercentile": percentile}})

    class Inputs(CalibrationDataReader):
        def __init__(self):
            self._next = iter(inputs)

        def get_next(self):
            x = next(self._next, None)
            return None if x is None else {name: x}

    with tempfile.TemporaryDirectory() as tmp:
        prepared = Path(tmp) / "prepared.onnx"
        # ONNX Runtime's symbolic shape inference cannot follow a detector of any input size to its end
        quant_pre_process(str(src), str(prepared), skip_symbolic_shape=any_size)
        with contextlib.redirect_stdout(io.StringIO()):   # the percentile's progress lines, printed
            quantize_static(str(prepared), str(dst), Inputs(), quant_format=QuantFormat.QDQ, per_channel=True,
                            activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, reduce_range=True,
                            nodes_to_exclude=keep_float(onnx.load(str(prepared))), **ranges)
    return dst


def settings(a: argparse.Namespace, camera: Camera) -> dict:
    """What the copies are made with, as MADE_FROM records it beside the float files' sha256."""
    return {"scenes": a.scenes, "camera": dataclasses.asdict(camera), "detector_percentile": a.detector_percentile,
            "live_float_stem": a.live_float_stem, "live_glare": a.live_glare}


def parser() -> argparse.ArgumentParser:
    from vision.detector import DEFAULT_WEIGHTS
    ap = argparse.ArgumentParser(prog="python3 -m models.quantize", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", type=Path, default=DEFAULT_WEIGHTS, help="model folder (default: models/weights)")
    ap.add_argument("--scenes", type=int, default=20, help="scenes of each calibration set the ranges are learnt from")
    ap.add_argument("--cards-cache", default="runs/cards", help="make_dataset's rendered decks")
    add_camera_arguments(ap)
    ap.add_argument("--detector-percentile", type=float, metavar="P",
                    help="the detectors' ranges from the (100 - P)th to the Pth percentile of each tensor's values, "
                         "above 50 and below 100 (default: least to greatest value)")
    ap.add_argument("--live-float-stem", action="store_true",
                    help="keep the live detector's first two convolutions in floats (its copy reads more cards "
                         "at the same speed)")
    ap.add_argument("--live-glare", type=float, default=0.0, metavar="SHARE",
                    help="the share of the calibration scenes the live detector's ranges also learn seen under a "
                         "lamp's glare spot, 0 to 1 (the shipped copies: 1.0; default 0)")
    return ap


def main(argv=None) -> None:
    from vision.detector import (LIVE_DETECTOR_FILE, READERS, WEIGHT_FILES, Detector, WeightsDamaged, WeightsMissing,
                                 int8_file, reader_file)
    ap = parser()
    a = ap.parse_args(argv)
    if a.scenes < 1:
        ap.error(f"--scenes must be 1 or more, got {a.scenes}")
    camera = camera_argument(ap, a)
    if a.detector_percentile is not None and not 50 < a.detector_percentile < 100:
        ap.error(f"--detector-percentile must be above 50 and below 100, got {a.detector_percentile}")
    if not 0 <= a.live_glare <= 1:
        ap.error(f"--live-glare is a share of the scenes, 0 to 1, got {a.live_glare}")
    if a.live_glare and not (a.weights / LIVE_DETECTOR_FILE).is_file():
        ap.error(f"--live-glare calibrates the live detector, and {a.weights} has no {LIVE_DETECTOR_FILE}")
    sources = [a.weights / name for name in (WEIGHT_FILES["onnx"], LIVE_DETECTOR_FILE) if (a.weights / name).is_file()]
    if not sources:
        ap.error(f"no {WEIGHT_FILES['onnx']} or {LIVE_DETECTOR_FILE} in {a.weights}")
    try:
        detectors = [Detector(src) for src in sources]
    except (WeightsMissing, WeightsDamaged) as e:
        ap.error(str(e))
    images = calibration_images(a.scenes, a.cards_cache, camera)
    batches = reader_inputs(sources[0], images)   # before any file is written: all or none
    for name in READERS:
        if not batches[name]:
            ap.error(f"the calibration scenes gave the {name} reader nothing to read; give more --scenes")
    for src, detector in zip(sources, detectors):
        live = src.name == LIVE_DETECTOR_FILE
        spotted = glared(images, a.live_glare) if live else []
        dst = quantize_model(src, int8_file(src), calibration_inputs(detector, images + spotted),
                             functools.partial(float_nodes, stem=live and a.live_float_stem), a.detector_percentile)
        print(f"{dst}: {dst.stat().st_size / 1e6:.1f} MB, ranges from {len(images)} scenes"
              f"{f' and {len(spotted)} of them under glare' if spotted else ''} at {detector.imgsz} px")
    for name in READERS:
        src = reader_file(a.weights, name)
        dst = quantize_model(src, int8_file(src), batches[name])
        print(f"{dst}: {dst.stat().st_size / 1e6:.1f} MB, ranges from {sum(len(b) for b in batches[name])} crops "
              f"of {a.scenes * len(CALIBRATION_SETS)} scenes")
    floats = [src.name for src in sources] + [reader_file(a.weights, name).name for name in READERS]
    record = {**settings(a, camera), "float": fingerprint(a.weights, floats)}
    (a.weights / MADE_FROM).write_text(json.dumps(record, indent=1) + "\n")

if __name__ == "__main__":
    main()
