"""models.rehearse scales reproduce.sh down by rewriting its text; these pin the rewrite exactly, since
a flag it misses leaves a step hours long and one it mangles fails a rehearsal that should pass."""

from models.rehearse import instrument, scale_flags


def test_sizes_budgets_epochs_workers_and_batches_scale_down():
    text = ("python3 -m models.train --train 2000 --val 200 --card-crops 15600 --hours 1.3 \\\n"
            "    --epochs 14 --cls-epochs 20 --workers 16 --batch 128\n")
    assert scale_flags(text, 0.002) == ("python3 -m models.train --train 4 --val 2 --card-crops 31 --hours 0.0026 \\\n"
                                        "    --epochs 1 --cls-epochs 1 --workers 2 --batch 8\n")


def test_every_size_flag_and_the_floors():
    text = ("--loose-card-crops 26000 --corner-patches 30000 --cut-card-patches 20800 --scenes 300 --val 60 "
            "--hours 0.0839")
    assert scale_flags(text, 0.002) == ("--loose-card-crops 52 --corner-patches 60 --cut-card-patches 42 --scenes 10 "
                                        "--val 2 --hours 0.0005")
    assert scale_flags("--scenes 2000 --hours 0.33", 0.01) == "--scenes 20 --hours 0.0033"


def test_zero_stays_zero():
    assert scale_flags("--train 0 --val 0 --card-crops 0", 0.002) == "--train 0 --val 0 --card-crops 0"


def test_a_flag_split_from_its_value_by_a_line_continuation():
    assert scale_flags("--train \\\n    2000 --hours\\\n  0.9\n", 0.002) == "--train \\\n    4 --hours\\\n  0.0018\n"


def test_other_flags_are_left_as_they_are():
    text = ('--cls-val runs/data43/die_val.npz --imgsz 480 --cls-lr 1.5e-3 --alpha 0.3 --seed 30 '
            '--real-dice "$real_dice" --out runs/data --workers 1 --batch 4 --trainer 2000 --train-x 2000')
    assert scale_flags(text, 0.002) == text


def test_instrument_marks_steps_traps_failures_and_skips_earlier_steps():
    text = ("set -euo pipefail\nx=1\n# 1. one\npython3 a \\\n  --b 1\n# 2. two\ndevice=cpu\npython3 c\n"
            "# 3. three\npython3 d\n")
    trap = "set -euo pipefail; trap 'echo \"@@rehearse failed line $LINENO: $BASH_COMMAND\"' ERR\nx=1\n"
    assert instrument(text, from_step=4) == (
        trap + 'echo "@@rehearse step 1"; # 1. one\n\n\necho "@@rehearse step 2"; # 2. two\ndevice=cpu\n\n'
        'echo "@@rehearse step 3"; # 3. three\n\necho "@@rehearse done"\n')
    assert instrument(text).splitlines()[8] == (   # step 2's blind detector replaced by the shipped one
        'echo "@@rehearse step 3"; git checkout -q HEAD -- models/weights/detector.pt models/weights/detector.onnx; '
        '# 3. three')


def test_a_rehearsal_names_the_step_line_and_command_that_failed(tmp_path):
    from models.rehearse import rehearse
    (tmp_path / "models").mkdir()
    script = instrument("set -euo pipefail\n# 1. one\necho made\n# 2. two\nfalse\necho never\n")
    ok, times, _, failure = rehearse(tmp_path, script, tmp_path)
    assert not ok and [step for step, _ in times] == [1, 2]
    assert failure.splitlines()[:2] == ["exit status 1; failed line 5: false", "made"]
    ok, times, _, failure = rehearse(tmp_path, instrument("set -euo pipefail\n# 1. one\ntrue\n"), tmp_path)
    assert ok and [step for step, _ in times] == [1] and failure == ""
