"""models.quantize: the int8 copies of the detectors and readers, the head's float part, and its command."""

import json
import shlex
import shutil

import onnx
import pytest
from onnx import numpy_helper

from models import quantize
from models.make_dataset import camera_argument
from vision.detector import DEFAULT_WEIGHTS, Detector, live_detector


def test_the_heads_last_convolutions_and_its_decoding_stay_in_floats():
    model = onnx.load(str(DEFAULT_WEIGHTS / "detector.onnx"))
    kept = quantize.float_nodes(model)
    convs = sorted(n for n in kept if n.endswith("Conv"))
    assert convs == ["/model.23/cv2.0/cv2.0.2/Conv", "/model.23/cv2.1/cv2.1.2/Conv", "/model.23/cv2.2/cv2.2.2/Conv",
                     "/model.23/cv3.0/cv3.0.2/Conv", "/model.23/cv3.1/cv3.1.2/Conv", "/model.23/cv3.2/cv3.2.2/Conv",
                     "/model.23/cv4.0/cv4.0.2/Conv", "/model.23/cv4.1/cv4.1.2/Conv", "/model.23/cv4.2/cv4.2.2/Conv",
                     "/model.23/dfl/conv/Conv"]
    ops = {n.name: n.op_type for n in model.graph.node}
    assert {ops[n] for n in kept} - {"Conv"} >= {"Concat", "Sigmoid", "Softmax", "Cos", "Sin"}
    assert "/model.23/cv2.0/cv2.0.0/conv/Conv" not in kept           # the head's inner convolutions are quantized
    assert all(n.startswith("/model.23/") for n in kept)             # and all before the head


def test_calibration_scenes_are_each_sets_first_as_the_detector_sees_them():
    from models.make_dataset import validation_scenes
    from vision.colour import white_balanced

    detector = live_detector()
    inputs = quantize.calibration_inputs(detector, quantize.calibration_images(2, "runs/cards"))
    assert quantize.CALIBRATION_SETS == ((303, None), (304, "cards"), (305, "dice_on_cards"))
    images = [image for seed, kind in quantize.CALIBRATION_SETS for _, image in validation_scenes(2, seed, "runs/cards", kind)]
    assert len(inputs) == len(images) == 6
    for x, image in zip(inputs, images):
        assert x.shape == (1, 3, 320, 320) and (x == detector.network_input(white_balanced(image), square=True)[0]).all()


def test_calibration_scenes_come_through_the_camera_named():
    from models.make_dataset import validation_scenes
    from models.synth.scene import Camera

    camera = Camera((0.3, 3.0), sharpen=1.0, gloss=0.5)
    images = quantize.calibration_images(1, "runs/cards", camera)
    expected = [image for seed, kind in quantize.CALIBRATION_SETS
                for _, image in validation_scenes(1, seed, "runs/cards", kind, camera)]
    plain = quantize.calibration_images(1, "runs/cards")
    assert len(images) == 3 and all((a == b).all() for a, b in zip(images, expected))
    assert all((a != b).any() for a, b in zip(images, plain))


@pytest.mark.parametrize("flags, message", [(["--sharpen", "1.5"], "--sharpen is a share of the scenes, 0 to 1, got 1.5"),
                                            (["--blur-max", "0.1"], "--blur-max is a sigma in pixels of at least 0.3"),
                                            (["--gloss", "-1"], "gloss is a share of the cards (0 to 1), got -1.0")])
def test_a_camera_out_of_range_is_refused_before_anything_is_written(tmp_path, capsys, flags, message):
    with pytest.raises(SystemExit):
        quantize.main(["--weights", str(tmp_path), *flags])
    assert message in capsys.readouterr().err and list(tmp_path.iterdir()) == []


def test_glared_scenes_are_the_share_drawn_seen_again_under_a_spot():
    """Each scene (told by its own grey, which most of it keeps) is drawn or not; a drawn one is seen again
    with a spot whose white core lies over the middle 60 % of it; the same scenes get the same spots each time."""
    import numpy as np

    images = [np.full((100, 200, 3), 60 + i, np.uint8) for i in range(40)]

    def scene(image) -> int:
        return int(np.bincount(image[..., 0].ravel()).argmax()) - 60

    every, half, none = quantize.glared(images, 1.0), quantize.glared(images, 0.5), quantize.glared(images, 0.0)
    assert [scene(image) for image in every] == list(range(40)) and none == []
    assert [scene(image) for image in half] == [0, 2, 5, 9, 11, 12, 13, 16, 18, 22, 23, 24, 25, 26, 29, 31, 34, 35, 36, 38]
    for image in every:
        white = np.argwhere((image == 255).all(axis=2))
        (y, x), (y_far, x_far) = white.mean(axis=0), abs(white - white.mean(axis=0)).max(axis=0)
        assert 20 <= y <= 80 and 40 <= x <= 160 and max(y_far, x_far) <= 0.59 * 0.2 * 200 + 1
    assert all((a == b).all() for a, b in zip(quantize.glared(images, 0.5), half))


def test_glare_for_a_folder_without_a_live_detector_is_refused_before_anything_is_written(tmp_path, capsys):
    shutil.copy(DEFAULT_WEIGHTS / "detector.onnx", tmp_path / "detector.onnx")
    with pytest.raises(SystemExit) as e:
        quantize.main(["--weights", str(tmp_path), "--live-glare", "1.0"])
    assert e.value.code == 2
    assert (f"--live-glare calibrates the live detector, and {tmp_path} has no detector_live.onnx"
            in capsys.readouterr().err)
    assert sorted(f.name for f in tmp_path.iterdir()) == ["detector.onnx"]


def test_glare_widens_the_live_detector_s_ranges_and_no_other_network_s(tmp_path, capsys):
    """From least to greatest value, the ranges learnt with the scenes seen again under glare span those
    learnt without: no activation's scale shrinks, and some grow. Every other copy is the same file."""
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, tmp_path / f.name)

    def made(*flags) -> dict[str, bytes]:
        quantize.main(["--weights", str(tmp_path), "--scenes", "1", *flags])
        return {f.name: f.read_bytes() for f in sorted(tmp_path.glob("*_int8.onnx"))}

    def activation_scales(data: bytes) -> dict[str, float]:
        model = onnx.load_from_string(data)
        values = {i.name: onnx.numpy_helper.to_array(i) for i in model.graph.initializer}
        return {n.input[0]: float(values[n.input[1]]) for n in model.graph.node
                if n.op_type == "QuantizeLinear" and values[n.input[1]].ndim == 0 and n.input[0] not in values}

    plain, glared = made(), made("--live-glare", "1.0")
    assert capsys.readouterr().out.splitlines()[7].endswith("ranges from 3 scenes and 3 of them under glare at 320 px")
    assert [name for name in plain if plain[name] != glared[name]] == ["detector_live_int8.onnx"]
    before, after = (activation_scales(copies["detector_live_int8.onnx"]) for copies in (plain, glared))
    assert before.keys() == after.keys() and len(before) > 50
    assert all(after[t] >= before[t] * (1 - 1e-6) for t in before)
    assert sum(after[t] > before[t] * 1.01 for t in before) > 10
    assert json.loads((tmp_path / quantize.MADE_FROM).read_text())["live_glare"] == 1.0


def test_readers_are_calibrated_on_the_batches_detect_gives_them():
    from models.make_dataset import validation_scenes
    from vision.detect_defaults import DETECT_CONF
    from vision.colour import white_balanced

    batches = quantize.reader_inputs(DEFAULT_WEIGHTS / "detector.onnx", quantize.calibration_images(1, "runs/cards"))
    shapes = {name: {b.shape[1:] for b in bs} for name, bs in batches.items()}
    assert shapes == {"card": {(3, 80, 56)}, "die": {(3, 40, 40)}, "side": {(3, 80, 56)}, "corner": {(3, 40, 32)}}
    detector = Detector(conf=DETECT_CONF)
    boxed = [detector.oriented_boxes(white_balanced(image))[2]
             for seed, kind in quantize.CALIBRATION_SETS for _, image in validation_scenes(1, seed, "runs/cards", kind)]
    # the side reader sees each card and back boxed, the right way up and upside down; the die reader each die four ways
    assert sum(len(b) for b in batches["side"]) == 2 * sum(k != "die" for kinds in boxed for k in kinds)
    assert sum(len(b) for b in batches["die"]) == 4 * sum(k == "die" for kinds in boxed for k in kinds)
    assert all(0 <= b.min() and b.max() <= 1 and b.dtype == "float32" for bs in batches.values() for b in bs)


def test_a_percentile_narrows_the_ranges_least_to_greatest_would_give(tmp_path):
    """The input's range: from least to greatest value it spans the one bright pixel (1.0); cut at the
    99th percentile it ends where 99 % of the values, uniform over 0.2-0.6, lie below: 0.596."""
    import numpy as np

    rng = np.random.default_rng(0)
    inputs = [rng.uniform(0.2, 0.6, (1, 3, 40, 40)).astype(np.float32) for _ in range(8)]
    inputs[3][0, 0, 0, 0] = 1.0
    src = DEFAULT_WEIGHTS / "die_classifier.onnx"

    def input_scale(percentile):
        dst = quantize.quantize_model(src, tmp_path / f"die_{percentile}.onnx", inputs, percentile=percentile)
        model = onnx.load(str(dst))
        name = model.graph.input[0].name
        node = next(n for n in model.graph.node if n.op_type == "QuantizeLinear" and n.input[0] == name)
        return float(onnx.numpy_helper.to_array(next(i for i in model.graph.initializer if i.name == node.input[1])))

    least_to_greatest, cut = input_scale(None), input_scale(99.0)
    assert least_to_greatest == pytest.approx(1.0 / 255, rel=1e-3)   # 0 (the range always holds it) to 1.0
    assert cut * 255 == pytest.approx(0.2 + 0.99 * 0.4, abs=1e-3)


def test_the_command_writes_an_int8_copy_of_each_detector_and_reader(tmp_path, capsys):
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, tmp_path / f.name)
    quantize.main(["--weights", str(tmp_path), "--scenes", "2", "--blur-max", "3", "--sharpen", "0.5", "--gloss", "0.25",
                   "--detector-percentile", "99.999", "--live-float-stem"])
    out = capsys.readouterr().out.splitlines()
    written = ["detector", "detector_live", "card_classifier", "die_classifier", "side_classifier", "corner_classifier"]
    assert [line.split(":")[0] for line in out] == [str(tmp_path / f"{name}_int8.onnx") for name in written]
    assert out[1].endswith("ranges from 6 scenes at 320 px") and out[2].endswith("crops of 6 scenes")
    for name in written:
        int8 = onnx.load(str(tmp_path / f"{name}_int8.onnx"))
        assert sum(n.op_type == "QuantizeLinear" for n in int8.graph.node) > (50 if name.startswith("detector") else 7)
        assert (tmp_path / f"{name}_int8.onnx").stat().st_size < (tmp_path / f"{name}.onnx").stat().st_size / 3
    assert Detector(tmp_path, int8=True).imgsz == 480

    def quantized_weights(name: str) -> list[bool]:
        """Whether each of the detector's first three convolutions takes its weights through a dequantization."""
        model = onnx.load(str(tmp_path / f"{name}_int8.onnx"))
        dequantized = {o for n in model.graph.node if n.op_type == "DequantizeLinear" for o in n.output}
        convs = [n for n in model.graph.node if n.op_type == "Conv"][:3]
        return [conv.input[1] in dequantized for conv in convs]

    for name in written:
        assert weight_span(tmp_path / f"{name}_int8.onnx")[1:] == (-64, 64)
    assert quantized_weights("detector") == [True, True, True]
    assert quantized_weights("detector_live") == [False, False, True]   # --live-float-stem: its stem in floats
    assert json.loads((tmp_path / quantize.MADE_FROM).read_text()) == {
        "scenes": 2, "camera": {"blur_sigma": [0.3, 3.0], "sharpen": 0.5, "gloss": 0.25, "tilt": [0.0, 0.0],
                                "clutter": 0.0, "glare_spots": 0.0},
        "detector_percentile": 99.999,
        "live_float_stem": True, "live_glare": 0.0,
        "float": quantize.fingerprint(tmp_path, [f"{name}.onnx" for name in written])}
    assert quantize.stale_floats(tmp_path) == []
    with (tmp_path / "side_classifier.onnx").open("ab") as f:
        f.write(b"\0")
    assert quantize.stale_floats(tmp_path) == ["side_classifier.onnx"]


def weight_span(path) -> tuple[int, int, int]:
    """(the copy's quantized weight tensors, their least and greatest value), checking that every activation it
    quantizes is uint8: the pairing whose 16-bit sums saturate on CPUs without VNNI unless the weights are small."""
    model = onnx.load(str(path))
    tensors = {t.name: t for t in model.graph.initializer}
    assert {tensors[n.input[2]].data_type for n in model.graph.node if n.op_type == "QuantizeLinear"} == {onnx.TensorProto.UINT8}
    weights = [numpy_helper.to_array(tensors[n.input[0]]) for n in model.graph.node
               if n.op_type == "DequantizeLinear" and n.input[0] in tensors
               and tensors[n.input[0]].data_type == onnx.TensorProto.INT8]
    return len(weights), int(min(w.min() for w in weights)), int(max(w.max() for w in weights))


@pytest.mark.parametrize("name, tensors", [("detector", 87), ("detector_live", 85), ("card_classifier", 8),
                                           ("die_classifier", 8), ("side_classifier", 8), ("corner_classifier", 8)])
def test_the_shipped_copies_weights_take_7_bits_so_no_cpu_saturates(name, tensors):
    """x86-64 CPUs without VNNI (AVX2; AVX-512 without VNNI) add each pair of uint8 x int8 products into 16
    bits (VPMADDUBSW), saturating at 32767: 255 x 64 x 2 = 32640 always fits, 255 x 127 x 2 does not. With
    8-bit weights an AMD EPYC read the Kimble sample's second pop, a 6, as a 4 (benchmarks/bench_int8_cpus.py)."""
    assert weight_span(DEFAULT_WEIGHTS / f"{name}_int8.onnx") == (tensors, -64, 64)


def test_the_shipped_int8_copies_were_made_from_the_shipped_float_files():
    assert quantize.stale_floats(DEFAULT_WEIGHTS) == [], f"run {quantize.SHIPPED_COMMAND}"


def test_the_shipped_copies_were_made_as_the_command_the_messages_give():
    ap = quantize.parser()
    a = ap.parse_args(shlex.split(quantize.SHIPPED_COMMAND)[3:])
    made_with = json.loads(json.dumps(quantize.settings(a, camera_argument(ap, a))))   # as JSON gives it back
    record = json.loads((DEFAULT_WEIGHTS / quantize.MADE_FROM).read_text())
    assert {key: record[key] for key in made_with} == made_with == {
        "scenes": 20, "camera": {"blur_sigma": [0.3, 3.0], "sharpen": 0.3, "gloss": 0.3, "tilt": [0.0, 0.0],
                                 "clutter": 0.0, "glare_spots": 0.0},
        "detector_percentile": 99.999,
        "live_float_stem": True, "live_glare": 1.0}


@pytest.mark.parametrize("argv, message", [
    (["--scenes", "0"], "--scenes must be 1 or more, got 0"),
    (["--weights", "nowhere"], "no detector.onnx or detector_live.onnx in nowhere"),
    (["--detector-percentile", "100"], "--detector-percentile must be above 50 and below 100, got 100.0"),
    (["--live-glare", "1.5"], "--live-glare is a share of the scenes, 0 to 1, got 1.5"),
])
def test_bad_arguments_are_refused_with_the_reason(argv, message, capsys):
    with pytest.raises(SystemExit) as e:
        quantize.main(argv)
    assert e.value.code == 2 and message in capsys.readouterr().err


def test_a_reader_the_scenes_give_nothing_is_named_before_any_file_is_written(tmp_path, monkeypatch, capsys):
    for f in DEFAULT_WEIGHTS.glob("*.onnx"):
        if "int8" not in f.name:
            shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(quantize, "reader_inputs", lambda *args: {"card": [1], "die": [], "side": [1], "corner": [1]})
    with pytest.raises(SystemExit) as e:
        quantize.main(["--weights", str(tmp_path), "--scenes", "1"])
    assert e.value.code == 2
    assert "the calibration scenes gave the die reader nothing to read; give more --scenes" in capsys.readouterr().err
    assert not list(tmp_path.glob("*_int8.onnx"))
