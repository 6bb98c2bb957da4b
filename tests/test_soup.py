"""models.soup: the weighted mix of two detectors, and what it refuses."""

import pytest
import torch

from models.soup import average_detectors, main


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
