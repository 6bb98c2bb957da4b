"""`pelituomari sheet` for each game that keeps one, and a clear word for one that does not."""

from pathlib import Path

from pelituomari.cli import main

SAMPLES = Path(__file__).parents[2] / "pelituomari" / "samples"


def test_the_gin_sample_sheet_lists_every_hand_with_the_win_line_apart(capsys):
    assert main(["sheet", str(SAMPLES / "gin.jsonl"), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["game,hand,Aino,Eero,Aino win,Eero win,case,knocker,winner", "1,1,16,0,20,0,knock,Aino,Aino",
                         "1,2,42,0,40,0,gin,Aino,Aino"]
    assert lines[-3:] == ["1,10,107,28,140,40,knock,Aino,Aino", "1,won,+100,0,140,40,,,Aino", "ledger,,100,0,,,,,"]


def test_a_game_without_a_sheet_is_told_where_to_look(capsys):
    log = SAMPLES / "kimble.jsonl"
    assert main(["sheet", str(log)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"pelituomari sheet: {log}: a 'kimble' game keeps no score sheet (its state: pelituomari replay; all of it "
        f"as a page: --format html)")
