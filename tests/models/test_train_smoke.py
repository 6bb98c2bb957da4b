"""One command makes the data, one trains and ships: proven end to end on a few tiny images."""

import shutil

import numpy as np
import pytest

from models import make_dataset, train
from models.synth.decks import deck_names
from vision.detector import Detection, Detector, input_size


pytestmark = pytest.mark.training


def test_generate_train_ship_and_detect(tmp_path):
    data, runs, weights = tmp_path / "data", tmp_path / "runs", tmp_path / "weights"
    make_dataset.main(["--out", str(data), "--train", "3", "--val", "1", "--card-crops", "8",
                       "--loose-card-crops", "4", "--corner-patches", "3", "--no-svg", "--workers", "1"])
    labels = sorted((data / "det" / "labels" / "train").glob("*.txt"))
    assert len(labels) == 3
    for line in labels[0].read_text().splitlines():
        values = line.split()
        assert len(values) == 9 and values[0] in ("0", "1", "2")
        assert all(0.0 <= float(v) <= 1.0 for v in values[1:])
    cards = np.load(data / "card_train.npz")
    assert cards["x"].shape[1:] == (80, 56, 3) and len(cards["x"]) == len(cards["y"]) >= 8
    loose = np.load(data / "card_train_loose.npz")  # trained on together with card_train.npz
    assert loose["x"].shape == (4, 80, 56, 3) and loose["y"].tolist() == [(2_000_000 + i) % 52 for i in range(4)]
    sides = np.load(data / "side_train.npz")  # one crop per face-up card, three per back
    kinds = [line.split()[0] for f in labels for line in f.read_text().splitlines()]
    assert sides["x"].shape[1:] == (80, 56, 3)
    assert sorted(sides["y"].tolist()) == [0] * kinds.count("0") + [1] * 3 * kinds.count("1")
    corners = np.load(data / "corner_train.npz")  # up to four per face-up card: those half covered are left out
    assert corners["x"].shape[1:] == (40, 32, 3) and 0 < len(corners["x"]) == len(corners["y"]) <= 4 * kinds.count("0")
    assert set(corners["y"].tolist()) <= set(range(53))
    patches = np.load(data / "corner_train_patches.npz")  # the corners of each patch's one card, CODES[i % 52]
    expected = [make_dataset.corner_sample((0, i, "runs/cards", deck_names(None))) for i in range(3)]
    assert patches["y"].tolist() == [y for _, ys in expected for y in ys] and set(patches["y"].tolist()) <= {0, 1, 2, 52}
    np.testing.assert_array_equal(patches["x"], np.stack([c for cs, _ in expected for c in cs]))
    assert train.classifier_train_files("corner", [data]) == [data / "corner_train.npz", data / "corner_train_patches.npz"]

    train.main(["--data", str(data), "--runs", str(runs), "--epochs", "1", "--cls-epochs", "1", "--imgsz", "64",
                "--batch", "4", "--workers", "0", "--ship", "--ship-to", str(weights)])
    assert sorted(p.name for p in weights.iterdir()) == [
        "card_classifier.onnx", "card_classifier.pt", "corner_classifier.onnx", "corner_classifier.pt", "detector.onnx",
        "detector.pt", "die_classifier.onnx", "die_classifier.pt", "side_classifier.onnx", "side_classifier.pt"]
    detector = Detector(weights, conf=0.01)
    assert detector.imgsz == 64
    found = detector.detect(np.full((120, 160, 3), 128, np.uint8))
    assert all(isinstance(d, Detection) for d in found)


def test_a_larger_detector_network_trains_from_its_yaml_and_ships(tmp_path):
    """--arch picks the network of a detector trained from scratch (a GPU run's yolo11s-obb), built offline;
    --live-imgsz ships it a second time at a smaller input for the live pipeline."""
    import onnxruntime as ort
    import torch
    data, weights = tmp_path / "data", tmp_path / "weights"
    make_dataset.main(["--out", str(data), "--train", "2", "--val", "1", "--card-crops", "0", "--loose-card-crops", "0",
                       "--corner-patches", "0", "--no-svg", "--workers", "1"])
    train.main(["--data", str(data), "--runs", str(tmp_path / "runs"), "--only", "det", "--arch", "yolo11s-obb.yaml",
                "--epochs", "1", "--imgsz", "96", "--batch", "2", "--workers", "0", "--ship", "--ship-to", str(weights),
                "--live-imgsz", "64"])
    assert sorted(p.name for p in weights.iterdir()) == ["detector.onnx", "detector.pt", "detector_live.onnx"]
    inputs = [ort.InferenceSession(str(weights / f)).get_inputs()[0].shape for f in ("detector.onnx", "detector_live.onnx")]
    assert inputs == [[1, 3, 96, 96], ["batch", 3, "height", "width"]]  # detect's square, the live pipeline's any size
    live = weights / "detector_live.onnx"
    assert input_size(ort.InferenceSession(str(live)), live) == (64, 32)  # the size it learnt at, and its stride
    shipped = torch.load(weights / "detector.pt", map_location="cpu", weights_only=False)["model"]
    assert sum(p.numel() for p in shipped.parameters()) == 9_715_132  # yolo11s-obb with our 3 classes (the shipped yolo11n-obb: 2_662_092)


def test_arch_and_init_together_are_refused(capsys):
    with pytest.raises(SystemExit):
        train.main(["--only", "det", "--arch", "yolo11s-obb.yaml", "--init", "models/weights/detector.pt"])
    assert "--arch builds a detector from scratch; --init continues our own weights" in capsys.readouterr().err


def test_a_live_input_size_without_ship_is_refused(capsys):
    with pytest.raises(SystemExit):
        train.main(["--only", "det", "--live-imgsz", "320"])
    assert "--live-imgsz says how --ship exports the live pipeline's detector; add --ship" in capsys.readouterr().err


def test_ship_last_exports_the_runs_last_weights_instead_of_its_best(tmp_path, monkeypatch):
    """Steps 22 and 23 shipped a short GPU run's last weights: --ship-last hands those to the export."""
    best = tmp_path / "runs" / "det" / "weights" / "best.pt"
    monkeypatch.setattr(train, "train_detector", lambda *args, **kwargs: best)
    exported = []
    monkeypatch.setattr(train, "export_detector", lambda pt, imgsz, to, live: exported.append((pt, imgsz, live)))
    (tmp_path / "data" / "det").mkdir(parents=True)
    (tmp_path / "data" / "det" / "data.yaml").write_text("")   # train_detector, which reads it, is stood in for
    common = ["--data", str(tmp_path / "data"), "--runs", str(tmp_path / "runs"), "--only", "det", "--imgsz", "320",
              "--ship", "--ship-to", str(tmp_path / "weights")]
    train.main(common + ["--ship-last"])
    train.main(common)
    assert exported == [(best.with_name("last.pt"), 320, None), (best, 320, None)]


def test_data_a_stage_needs_is_named_before_any_stage_trains(tmp_path, monkeypatch):
    monkeypatch.setattr(train, "train_detector", lambda *args, **kwargs: pytest.fail("trained without its data"))
    data, crops = tmp_path / "data", tmp_path / "crops"
    (data / "det").mkdir(parents=True)
    (data / "det" / "data.yaml").write_text("")
    crops.mkdir()
    for folder, name in ((data, "card_train.npz"), (data, "card_val.npz"), (crops, "corner_train_patches.npz")):
        np.savez(folder / name)
    make = "make the data with: python3 -m models.make_dataset --out"
    for argv, why in (
            ([], f"{data}: no die_train*.npz for the die reader; {make} {data}"),
            (["--only", "det", "--extra-data", str(crops)], f"{crops}: no det/data.yaml for the detector; {make} {crops}"),
            (["--only", "corner", "--data", str(crops)], f"{crops}: no corner_val.npz for the corner reader; {make} {crops}"),
            (["--only", "card", "--cls-val", str(tmp_path / "v.npz")], f"--cls-val {tmp_path / 'v.npz'}: no such file")):
        with pytest.raises(SystemExit) as e:
            train.main(["--data", str(data), "--runs", str(tmp_path / "runs"), *argv])
        assert e.value.code == f"python3 -m models.train: {why}"


def test_make_dataset_out_that_is_a_file_and_real_dice_without_photos_are_refused(tmp_path, capsys):
    (tmp_path / "data").write_text("")
    with pytest.raises(SystemExit):
        make_dataset.main(["--out", str(tmp_path / "data"), "--no-svg"])
    assert f"--out {tmp_path / 'data'}: a file, not a folder to write the data set in" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        make_dataset.main(["--out", str(tmp_path / "other"), "--no-svg", "--real-dice", str(tmp_path)])
    assert (f"--real-dice {tmp_path}: no labelled .jpg photos (expected the real-dice-topdown data set)"
            in capsys.readouterr().err)
    assert not (tmp_path / "other").exists()


def test_ship_last_without_ship_is_refused(capsys):
    with pytest.raises(SystemExit):
        train.main(["--only", "det", "--ship-last"])
    assert "--ship-last says which detector weights --ship exports; add --ship" in capsys.readouterr().err


def test_exporting_shipped_weights_leaves_the_onnx_beside_them_alone(tmp_path):
    """ultralytics writes an export beside its checkpoint: exporting a folder's detector.pt elsewhere, at another
    input, must not overwrite that folder's detector.onnx."""
    import onnxruntime as ort
    shipped, out = tmp_path / "weights", tmp_path / "out"
    shipped.mkdir()
    shutil.copy(train.WEIGHTS / "detector.pt", shipped / "detector.pt")
    (shipped / "detector.onnx").write_bytes(b"the shipped network")
    train.export_detector(shipped / "detector.pt", 64, out)
    assert (shipped / "detector.onnx").read_bytes() == b"the shipped network"
    assert sorted(p.name for p in shipped.iterdir()) == ["detector.onnx", "detector.pt"]
    assert ort.InferenceSession(str(out / "detector.onnx")).get_inputs()[0].shape == [1, 3, 64, 64]


def test_a_finished_run_is_not_trained_again_and_an_unfinished_one_is_resumable(tmp_path, capsys):
    """ultralytics strips a finished run's checkpoints of their epoch and optimizer, and told to resume one
    starts a new run from its default arguments (trying to download their data set): such a run is left as
    it is, and its best weights are what the step returns."""
    import torch
    last = tmp_path / "det" / "weights" / "last.pt"
    last.parent.mkdir(parents=True)
    torch.save({"model": None, "epoch": 3, "optimizer": {"state": {}}}, last)
    assert train.resumable(last)
    torch.save({"model": None, "epoch": -1, "optimizer": None}, last)   # as ultralytics leaves a finished run's
    assert not train.resumable(last)
    best = train.train_detector(tmp_path / "no_data.yaml", tmp_path, epochs=1, imgsz=64, batch=2)
    assert best == tmp_path / "det" / "weights" / "best.pt"
    assert capsys.readouterr().out == f"detector: {tmp_path / 'det'} finished before: not trained again (remove it to train anew)\n"
