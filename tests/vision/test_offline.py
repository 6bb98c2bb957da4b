"""No network at run time: onnxruntime's telemetry stays off wherever vision loads it."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
LOAD = "import vision.detector as d; d.live_detector(None, True)"
BARE = "import onnxruntime as ort, glob; ort.InferenceSession(glob.glob('models/weights/*.onnx')[0])"


def _telemetry_id_written(code: str, home: Path) -> bool:
    # a player's bare environment: onnxruntime keeps quiet where it sees a CI marker (CI, GITHUB_ACTIONS,
    # TF_BUILD and others), and keeps its device id under $XDG_CACHE_HOME when that is set
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)
    return (home / ".cache" / "Microsoft").exists()


def test_the_live_detector_leaves_onnxruntime_telemetry_off(tmp_path):
    # the control: this onnxruntime, loaded bare, does switch its telemetry on (and writes its device id)
    assert _telemetry_id_written(BARE, tmp_path / "bare")
    assert not _telemetry_id_written(LOAD, tmp_path / "vision")
