"""A short fixed-seed fuzz of the command line's inputs (benchmarks/fuzz_cli.py runs the long one)."""

import pytest

from benchmarks.fuzz_cli import Crash, fuzz, mutate_log, run_command, sample_lines


def test_mutated_logs_damaged_stores_and_images_crash_no_command():
    result = fuzz(cases=100, seed=20261202, images=10)
    assert result["crashes"] == 0
    assert sum(result["tried"].values()) == 110
    # every command was reached and refused something: the fuzz is not only feeding good input
    for command in ("replay", "replay --json", "sheet", "play", "resume"):
        assert sum(result["exit_codes"][command].values()) > 0
    assert result["exit_codes"]["replay"].get("2", 0) > 0


def test_the_fuzzer_reports_what_escapes_a_command(monkeypatch):
    monkeypatch.setattr("benchmarks.fuzz_cli.main", lambda argv: 1 / 0)
    with pytest.raises(Crash, match="^replay x on a log: ZeroDivisionError: division by zero$"):
        run_command(["replay", "x"], "a log")


def test_mutations_are_the_seed_s_own():
    import random
    lines = sample_lines("kimble")
    assert mutate_log(lines, random.Random(5)) == mutate_log(lines, random.Random(5))
    assert mutate_log(lines, random.Random(5)) != lines
