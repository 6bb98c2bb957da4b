"""Fixtures more than one folder's tests need. It imports nothing beyond pytest at the top, so that the
referee's tests run on a Python without OpenCV or onnxruntime."""

import shutil

import pytest


@pytest.fixture
def unsized_live_weights(tmp_path):
    """A weights folder whose live detector takes inputs of any size but has lost the size and stride it was
    trained at (ultralytics' metadata), beside the shipped readers."""
    import onnx

    from vision.detector import DEFAULT_WEIGHTS, LIVE_DETECTOR_FILE

    weights = tmp_path / "weights"
    weights.mkdir()
    for f in DEFAULT_WEIGHTS.glob("*_classifier.onnx"):
        shutil.copy(f, weights / f.name)
    model = onnx.load(str(DEFAULT_WEIGHTS / LIVE_DETECTOR_FILE))
    del model.metadata_props[:]
    onnx.save(model, str(weights / LIVE_DETECTOR_FILE))
    return weights
