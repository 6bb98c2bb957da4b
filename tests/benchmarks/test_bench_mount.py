"""benchmarks/bench_mount.py: each game rendered at each tilt, refereed live, counted against its truth."""

import json
import shutil

import pytest

from benchmarks import bench_mount
from pelituomari.commands.run import sample_paths


def test_each_game_at_each_tilt_is_rendered_refereed_and_counted(tmp_path, monkeypatch):
    """The renderers are stood in for by copies of the embedded samples (rendering takes half a minute a
    video); each is asked for its tilt, and the first 50 frames hold the Kiketti sample's first three
    events and Kimble's first roll."""
    asked = []

    def copy_of(game):
        def render(folder, tilt_deg):
            asked.append((game, tilt_deg))
            for path in sample_paths(game):
                shutil.copyfile(path, folder / path.name)
        return render
    monkeypatch.setattr(bench_mount, "GAMES", {game: copy_of(game) for game in ("kiketti", "kimble")})
    out = tmp_path / "mount.json"
    assert bench_mount.main(["--tilts", "8", "30", "--frames", "50", "--out", str(out)]) == 0
    assert asked == [("kiketti", 8.0), ("kiketti", 30.0), ("kimble", 8.0), ("kimble", 30.0)]
    result = json.loads(out.read_text())
    assert (result["int8"], result["frames"]) == (False, 50)
    assert result["games"] == {"kiketti": {t: {"expected": 3, "matched": 3, "other_events": 0} for t in ("8", "30")},
                               "kimble": {t: {"expected": 1, "matched": 1, "other_events": 0} for t in ("8", "30")}}


def test_a_calibration_the_render_refuses_is_written_as_refused(tmp_path, monkeypatch):
    def off(folder, tilt_deg):
        raise RuntimeError(f"{folder}/kimble_table.calibration.json: calibration from the rendered markers is 1.27 px off")
    monkeypatch.setattr(bench_mount, "GAMES", {"kimble": off})
    out = tmp_path / "mount.json"
    bench_mount.main(["--tilts", "70", "--out", str(out)])
    assert json.loads(out.read_text())["games"] == {"kimble": {"70": {
        "refused": "kimble_table.calibration.json: calibration from the rendered markers is 1.27 px off"}}}


@pytest.mark.parametrize("argv, message", [
    (["--tilts", "80"], "argument --tilts: a camera's tilt is 0 to 75 degrees from looking straight down, got 80"),
    (["--tilts", "steep"], "argument --tilts: expected degrees, got 'steep'"),
    (["--frames", "0"], "--frames must be 1 or more, got 0"),
])
def test_bad_arguments_are_named(argv, message, capsys):
    with pytest.raises(SystemExit):
        bench_mount.main(argv)
    assert message in capsys.readouterr().err
