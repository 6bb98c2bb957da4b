"""models.soup: the weighted mix of two detectors, and what it refuses."""

import pytest
import torch

from models.soup import average_detectors, main


pytestmark = pytest.mark.training


def _checkpoint(path, scale: int, yaml="yolo11n-obb.yaml"):
    from ultralytics.nn.tasks import OBBModel
    torch.manual_seed(0)
    model = OBBModel(yaml, nc=3, verbose=False)
    with torch.no_grad():
        for p in model.parameters():
            p.fill_(scale)
        for name, buf in model.named_buffers():
            if name.endswith("running_mean"):
                buf.fill_(scale)
    torch.save({"model": model.half(), "ema": None, "optimizer": {"lr": 1}}, path)
    return path


def test_the_mix_is_the_weighted_average_of_every_parameter(tmp_path):
    a, b = _checkpoint(tmp_path / "a.pt", 1), _checkpoint(tmp_path / "b.pt", 3)
    out = average_detectors(a, b, 0.25, tmp_path / "mix" / "soup.pt")
    ck = torch.load(out, weights_only=False)
    assert ck["optimizer"] is None and ck["ema"] is None and ck["model"].parameters().__next__().dtype == torch.float16
    assert {float(v) for p in ck["model"].parameters() for v in p.detach().unique()} == {1.5}
    running = ck["model"].state_dict()["model.0.bn.running_mean"]  # batch-norm statistics are mixed too
    assert torch.equal(running, torch.full_like(running, 1.5))


def test_the_mix_refuses_two_architectures_and_an_alpha_outside_0_to_1(tmp_path, capsys):
    a, b = _checkpoint(tmp_path / "a.pt", 1), _checkpoint(tmp_path / "b.pt", 1, "yolo11s-obb.yaml")
    with pytest.raises(ValueError, match="are not the same architecture"):
        average_detectors(a, b, 0.5, tmp_path / "soup.pt")
    with pytest.raises(ValueError, match="alpha must be within 0-1, got 1.5"):
        average_detectors(a, a, 1.5, tmp_path / "soup.pt")
    with pytest.raises(SystemExit):
        main([str(a), str(tmp_path / "missing.pt"), "--alpha", "0.3", "--out", str(tmp_path / "soup.pt")])
    assert f"{tmp_path / 'missing.pt'}: no such detector checkpoint" in capsys.readouterr().err
    assert not (tmp_path / "soup.pt").exists()


def _reader(path, value: float, width=8, pooled=(5, 4), batches=0):
    """A reader checkpoint as models.train saves it: every float tensor value, every batch count batches."""
    from models.classifier import CropClassifier
    model = CropClassifier(13, width, pooled)
    state = {k: torch.full_like(v, value) if v.is_floating_point() else torch.full_like(v, batches)
             for k, v in model.state_dict().items()}
    torch.save({"state": state, "n_classes": 13, "width": width, "pooled": pooled, "val_acc": 0.9}, path)
    return path


def test_two_readers_mix_and_ship_as_that_reader(tmp_path):
    import onnxruntime as ort

    from vision.crops import CORNER_WH
    a, b = _reader(tmp_path / "a.pt", 1.0, batches=5), _reader(tmp_path / "b.pt", 3.0, batches=9)
    main([str(a), str(b), "--alpha", "0.25", "--reader", "corner", "--out", str(tmp_path / "mix.pt"),
          "--ship-to", str(tmp_path / "ship")])
    ck = torch.load(tmp_path / "ship" / "corner_classifier.pt")
    assert (ck["n_classes"], ck["width"], ck["pooled"], ck["val_acc"]) == (13, 8, (5, 4), None)
    floats = {float(v) for t in ck["state"].values() if t.is_floating_point() for v in t.unique()}
    assert floats == {1.5}  # batch-norm statistics mixed too
    assert {int(t) for k, t in ck["state"].items() if k.endswith("num_batches_tracked")} == {5}  # A's counts
    session = ort.InferenceSession(str(tmp_path / "ship" / "corner_classifier.onnx"))
    assert session.get_inputs()[0].shape[1:] == [3, CORNER_WH[1], CORNER_WH[0]]
    beside = tmp_path / "beside"  # the mix written where it ships is not copied onto itself
    main([str(a), str(b), "--alpha", "0.25", "--reader", "corner", "--out", str(beside / "corner_classifier.pt"),
          "--ship-to", str(beside)])
    assert sorted(f.name for f in beside.iterdir()) == ["corner_classifier.onnx", "corner_classifier.pt"]
    shipped_beside = torch.load(beside / "corner_classifier.pt")["state"]
    assert torch.equal(shipped_beside["head.2.weight"], ck["state"]["head.2.weight"])


def test_a_reader_mix_refuses_other_widths_or_pooling_and_a_live_copy(tmp_path, capsys):
    from models.soup import average_readers
    a = _reader(tmp_path / "a.pt", 1.0)
    wider, turned = _reader(tmp_path / "b.pt", 1.0, width=16), _reader(tmp_path / "c.pt", 1.0, pooled=(4, 5))
    for b in (wider, turned):  # pooled (4, 5) against (5, 4): weights of the same sizes, cells in another order
        with pytest.raises(ValueError, match="are not the same architecture"):
            average_readers(a, b, 0.5, tmp_path / "mix.pt")
    with pytest.raises(SystemExit):
        main([str(a), str(a), "--alpha", "0.5", "--reader", "corner", "--live", "--ship-to", str(tmp_path / "ship")])
    assert "--live is for a detector's mix; a reader has no live copy of its own" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(a), str(tmp_path / "missing.pt"), "--alpha", "0.5", "--reader", "corner"])
    assert f"{tmp_path / 'missing.pt'}: no such corner reader checkpoint" in capsys.readouterr().err
    assert not (tmp_path / "mix.pt").exists() and not (tmp_path / "ship").exists()


def test_a_reader_mixed_as_a_detector_or_the_other_way_is_named(tmp_path, capsys):
    reader, detector = _reader(tmp_path / "reader.pt", 1.0), _checkpoint(tmp_path / "detector.pt", 1)
    text = tmp_path / "notes.pt"
    text.write_text("not a checkpoint\n")
    for argv, refusal in (
            ([reader, reader], f"{reader}: not a detector checkpoint (ultralytics .pt); a reader's wants --reader"),
            ([detector, detector, "--reader", "corner"], f"{detector}: not a reader checkpoint (models.train's "
                                                         "READER_classifier.pt); a detector's goes without --reader"),
            ([text, reader, "--reader", "corner"], f"{text}: not a checkpoint torch can read")):
        with pytest.raises(SystemExit):
            main([str(x) for x in argv] + ["--alpha", "0.5", "--out", str(tmp_path / "mix.pt"),
                                           "--ship-to", str(tmp_path / "ship")])
        assert refusal in capsys.readouterr().err
    assert not (tmp_path / "mix.pt").exists() and not (tmp_path / "ship").exists()
