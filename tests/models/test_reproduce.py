"""models/reproduce.sh is the one command that remakes the shipped weights, and it takes about 18 hours
of CPU (the stage times in its header add up to 1129 minutes, two untimed) and ten GPU stages, so CI
cannot run it. These tests check it without running it: every command it gives parses with the
module's own argument parser, and every data set and checkpoint a step reads is one that an earlier
step makes (or one that is shipped)."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import pytest

from models import detector_crops, make_dataset, quantize, soup, train

SCRIPT = Path(__file__).resolve().parents[2] / "models" / "reproduce.sh"
PARSE = {"models.make_dataset": make_dataset.parse_args, "models.train": train.parse_args,
         "models.soup": lambda argv: soup.parser().parse_args(argv),
         "models.detector_crops": lambda argv: detector_crops.parser().parse_args(argv),
         "models.quantize": lambda argv: quantize.parser().parse_args(argv)}


def commands(text: str) -> list[list[str]]:
    """The script's commands, one word list each, continuation lines joined and comments dropped."""
    return [words for line in text.replace("\\\n", " ").splitlines() if (words := shlex.split(line, comments=True))]


def parsed_steps(text: str) -> list[tuple[str, object]]:
    """(module, parsed arguments) of each `python3 -m models.X` command, in order, and ("cp", destination)
    of each copy; a command that does not parse stops the test with the module's own message."""
    steps = []
    for words in commands(text):
        if words[0] == "cp":
            steps.append(("cp", words[-1]))
        elif words[:2] == ["python3", "-m"] and words[2] in PARSE:
            steps.append((words[2], PARSE[words[2]](words[3:])))
    return steps


def missing_inputs(text: str) -> list[str]:
    """What a step reads that no earlier step makes: data folders (--data, --extra-data, and the folders
    of --cls-val's crop files) and checkpoints (--init, --card-init, ..., the soup's two detectors),
    except shipped weights."""
    made, missing = set(), []
    for module, a in parsed_steps(text):
        if module == "cp":
            made.add(a)
            continue
        if module in ("models.make_dataset", "models.detector_crops"):
            made.add(str(a.out))
            continue
        if module == "models.quantize":   # reads the shipped detectors only
            continue
        reads = ([a.data, *a.extra_data, *(f.parent for f in a.cls_val), a.init, a.card_init, a.die_init,
                  a.side_init, a.corner_init] if module == "models.train" else [a.a, a.b])
        missing += [str(p) for p in reads if p is not None and not str(p).startswith("models/weights/")
                    and str(p) not in made]
        if module == "models.train":
            made.update(f"{a.runs}/det/weights/{name}.pt" for name in ("best", "last"))
            if a.ship:
                made.add(f"{a.ship_to}/detector.pt")
            made.update(f"{a.runs}/{stage}_classifier.pt" for stage in ("card", "die", "side", "corner"))
    return missing


def test_the_script_is_valid_bash():
    assert subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True).returncode == 0


def test_every_training_command_parses_with_its_module():
    every_step = parsed_steps(SCRIPT.read_text())
    steps = [step for step in every_step if step[0] != "cp"]
    modules = [m for m, _ in steps]
    assert (modules.count("models.make_dataset"), modules.count("models.train"), modules.count("models.soup"),
            modules.count("models.detector_crops")) == (57, 41, 14, 22)
    runs = {str(a.runs): a for m, a in steps if m == "models.train"}   # each training run by its checkpoint folder
    assert len(runs) == modules.count("models.train")
    gpu = runs["runs/train_det18"]   # stage 16: the detector shipped at two inputs
    assert (gpu.imgsz, gpu.live_imgsz, gpu.ship, gpu.init) == (480, 320, True, Path("models/weights/detector.pt"))
    mixes = [a for m, a in steps if m == "models.soup"]
    assert (mixes[2].a, mixes[2].b, mixes[2].alpha, mixes[2].imgsz) == (   # stage 17: stage 16 mixed with its continuation
        Path("models/weights/detector.pt"), Path("runs/cand_det19/detector.pt"), 0.5, 480)
    corner = runs["runs/train_corner20"]   # stage 18: the corner reader learns cut cards
    assert (corner.only, corner.extra_data, corner.ship) == (["corner"], [Path("runs/data_cut")], True)
    det = runs["runs/train_det20"]   # stage 19: the detector continued, not shipped alone
    assert (det.only, det.init, det.imgsz, det.ship) == (["det"], Path("models/weights/detector.pt"), 480, False)
    assert (mixes[3].b, mixes[3].alpha, mixes[3].imgsz, mixes[3].ship_to) == (   # ... mixed for the live pipeline
        Path("runs/train_det20/det/weights/best.pt"), 0.5, 320, Path("runs/soup_live20"))
    assert ("cp", "models/weights/detector_live.onnx") in every_step
    die = runs["runs/train_die22"]   # stage 20: the die classifier learns the detectors' boxes
    assert (die.only, die.extra_data[-1], die.ship) == (["die"], Path("runs/data_detdie"), True)
    assert (mixes[4].b, mixes[4].imgsz, mixes[4].ship_to) == (   # ... and `detect` takes the mix
        Path("runs/train_det20/det/weights/best.pt"), 480, train.WEIGHTS)
    crops = [a for m, a in steps if m == "models.detector_crops"]
    assert [a.stage for a in crops] == ["die"] * 3 + ["card"] * 8 + ["die"] * 3 + ["card"] * 6 + ["side"] * 2
    card = runs["runs/train_card23"]   # stage 21: the card classifier learns the detectors' boxes
    assert (card.only, card.extra_data[-1], card.card_init, card.ship) == (
        ["card"], Path("runs/data_detcard"), Path("models/weights/card_classifier.pt"), True)
    gpu22 = runs["runs/train_det22"]   # stage 22: `detect`'s detector continued on a GPU, not shipped alone
    assert (gpu22.init, gpu22.imgsz, gpu22.device, gpu22.ship) == (Path("models/weights/detector.pt"), 480, "$device", False)
    assert (mixes[5].a, mixes[5].b, mixes[5].alpha, mixes[5].imgsz, mixes[5].ship_to) == (   # ... `detect` takes the mix
        Path("models/weights/detector.pt"), Path("runs/train_det22/det/weights/last.pt"), 0.5, 480, train.WEIGHTS)
    live = runs["runs/train_live23"]   # stage 23: that mix continued at 320 px, its last weights the live pipeline's
    assert (live.init, live.imgsz, live.ship, live.ship_last, live.ship_to) == (
        Path("models/weights/detector.pt"), 320, True, True, Path("runs/cand_live23"))
    copies = [step for step in every_step if step[0] == "cp"]
    assert copies[4:6] == [("cp", "models/weights/detector_live.onnx"), ("cp", "models/weights/detector_live.pt")]
    card24 = runs["runs/train_card24"]   # stage 24: the card classifier learns the new detectors' boxes
    assert (card24.extra_data[-1], card24.card_init, card24.ship, card24.ship_to) == (
        Path("runs/data_detcard24"), Path("models/weights/card_classifier.pt"), True, train.WEIGHTS)
    gpu25 = runs["runs/train_det25"]   # stage 25: `detect`'s detector continued on a GPU, its last weights shipped alone
    assert (gpu25.init, gpu25.imgsz, gpu25.ship, gpu25.ship_last, gpu25.ship_to, gpu25.live_imgsz) == (
        Path("models/weights/detector.pt"), 480, True, True, train.WEIGHTS, None)
    live26 = runs["runs/train_live26"]   # stage 26: the live detector continued at 320 px, not shipped alone
    assert (live26.init, live26.imgsz, live26.ship) == (Path("models/weights/detector_live.pt"), 320, False)
    assert (mixes[6].a, mixes[6].b, mixes[6].alpha, mixes[6].imgsz, mixes[6].ship_to) == (   # ... but mixed with stage 23's
        Path("models/weights/detector_live.pt"), Path("runs/train_live26/det/weights/last.pt"), 0.5, 320,
        Path("runs/soup_live26"))
    assert copies[6:8] == [("cp", "models/weights/detector_live.onnx"), ("cp", "models/weights/detector_live.pt")]
    gpu27 = runs["runs/train_det27"]   # stage 27: `detect`'s detector continued on more cards-only scenes, shipped alone
    assert (gpu27.init, gpu27.imgsz, gpu27.ship, gpu27.ship_last, gpu27.ship_to, gpu27.extra_data[0]) == (
        Path("models/weights/detector.pt"), 480, True, True, train.WEIGHTS, Path("runs/data141"))
    die29 = runs["runs/train_die29"]   # stage 29: the die reader learns crops out of focus
    assert (die29.only, die29.blur, die29.die_init, die29.extra_data[-1], die29.ship) == (
        ["die"], 0.3, Path("models/weights/die_classifier.pt"), Path("runs/data_detdie29"), True)
    assert [a.gloss for a in crops[-8:-2]] == [0.5] * 3 + [0.0] * 3
    card31 = runs["runs/train_card31"]   # stage 31: the card reader learns glossy cards from the detectors' boxes
    assert (card31.only, card31.gloss, card31.card_init, card31.data, card31.cls_val, card31.ship) == (
        ["card"], 0.2, Path("models/weights/card_classifier.pt"), Path("runs/data_gloss31"),
        [Path("runs/data_gloss31_val/card_train_det188.npz"), Path("runs/data_plain31_val/card_train_det188.npz")], True)
    gpu32 = runs["runs/train_det32"]   # stage 32: `detect`'s detector continued through other cameras, not shipped alone
    assert (gpu32.init, gpu32.imgsz, gpu32.ship, gpu32.data, gpu32.hours) == (
        Path("models/weights/detector.pt"), 480, False, Path("runs/data191"), 0.0619)
    assert (mixes[7].a, mixes[7].b, mixes[7].alpha, mixes[7].imgsz, mixes[7].ship_to) == (   # ... `detect` takes the mix
        Path("models/weights/detector.pt"), Path("runs/train_det32/det/weights/last.pt"), 0.5, 480, train.WEIGHTS)
    camera = [(a.blur_max, a.sharpen, a.gloss) for m, a in steps if m == "models.make_dataset" and a.seed in range(191, 197)]
    assert camera == [(3.0, 0.3, 0.3)] * 6
    corner33 = runs["runs/train_corner33"]   # stage 33: the corner reader continued with its index scaled
    assert (corner33.only, corner33.corner_init, corner33.index_scale, corner33.data, corner33.ship) == (
        ["corner"], Path("models/weights/corner_classifier.pt"), 0.5, Path("runs/data180"), True)
    assert (mixes[8].a, mixes[8].b, mixes[8].alpha, mixes[8].imgsz, mixes[8].ship_to) == (   # stage 34: the live
        Path("models/weights/detector_live.pt"), Path("models/weights/detector.pt"), 0.5, 320,   # detector mixed with
        Path("runs/soup_live34"))                                                                 # stage 32's, taking
    assert [m.live for m in mixes] == [False] * 8 + [True, True, False, False, True, False]       # inputs of any size
    assert copies[8:10] == [("cp", "models/weights/detector_live.onnx"), ("cp", "models/weights/detector_live.pt")]
    live35 = runs["runs/train_live35"]   # stage 35: the live detector continued through stage 32's camera
    assert (live35.init, live35.imgsz, live35.ship, live35.data, live35.hours) == (
        Path("models/weights/detector_live.pt"), 320, False, Path("runs/data194"), 0.0617)
    assert (mixes[9].a, mixes[9].b, mixes[9].alpha, mixes[9].imgsz, mixes[9].ship_to) == (   # ... mixed with stage 34's
        Path("models/weights/detector_live.pt"), Path("runs/train_live35/det/weights/last.pt"), 0.5, 320,
        Path("runs/soup_live35"))
    assert copies[10:12] == [("cp", "models/weights/detector_live.onnx"), ("cp", "models/weights/detector_live.pt")]
    [fonts] = [a for m, a in steps if m == "models.make_dataset" and a.seed == 440]   # stage 36: the index set in
                                                                                      # TrueType fonts
    assert (fonts.out, fonts.seed, fonts.only_patches, fonts.decks) == (
        Path("runs/data440"), 440, True, [f"font-{n}" for n in range(24)])
    corner36 = runs["runs/train_corner36"]   # ... among the crops stage 33's continuation learns from
    assert (corner36.corner_init, corner36.index_scale, corner36.extra_data[-1], corner36.ship) == (
        Path("models/weights/corner_classifier.pt"), 0.5, Path("runs/data440"), True)
    corner37 = runs["runs/train_corner37"]   # stage 37: stage 36 undone, stage 33's reader continued out of focus
    assert (corner37.corner_init, corner37.index_scale, corner37.blur, corner37.extra_data, corner37.ship) == (
        Path("runs/train_corner33/corner_classifier.pt"), 0.5, 0.3, [Path("runs/data182"), Path("runs/data181")], True)
    corner39 = runs["runs/train_corner39"]   # stage 39: stage 36's fonts and stage 37's blur, from stage 33's reader,
    assert (corner39.corner_init, corner39.index_scale, corner39.blur, corner39.extra_data, corner39.ship) == (
        Path("runs/train_corner33/corner_classifier.pt"), 0.5, 0.3,
        [Path("runs/data182"), Path("runs/data181"), Path("runs/data440")], False)
    assert (mixes[10].a, mixes[10].b, mixes[10].alpha, mixes[10].reader, mixes[10].ship_to) == (   # mixed with 37's
        Path("models/weights/corner_classifier.pt"), Path("runs/train_corner39/corner_classifier.pt"), 0.5, "corner",
        train.WEIGHTS)
    side40 = runs["runs/train_side40"]   # stage 40: the side reader widened to say "no card", learning the boxes
    assert (side40.only, side40.no_card_class, side40.side_init, side40.data, side40.extra_data, side40.ship) == (
        ["side"], True, Path("models/weights/side_classifier.pt"), Path("runs/data_detside40"),   # on cluttered
        [Path("runs/data462")], True)                                                             # tables
    assert [(a.seed, a.scenes, a.clutter) for a in crops[-2:]] == [(460, 2500, 0.7), (461, 400, 0.7)]
    det41, live41 = runs["runs/train_det41"], runs["runs/train_live41"]   # stage 41: both detectors continued on
    assert [(a.init, a.imgsz, a.data, a.hours, a.ship) for a in (det41, live41)] == [   # scenes turned and cluttered
        (Path("models/weights/detector.pt"), 480, Path("runs/data214"), 0.0758, False),
        (Path("models/weights/detector_live.pt"), 320, Path("runs/data214"), 0.05, False)]
    camera41 = [(a.seed, a.blur_max, a.sharpen, a.gloss, a.tilt_max, a.clutter) for m, a in steps
                if m == "models.make_dataset" and a.seed in range(214, 217)]
    assert camera41 == [(seed, 3.0, 0.3, 0.3, 30.0, 0.3) for seed in (214, 215, 216)]
    assert [(m.a, m.b, m.alpha, m.imgsz, m.ship_to) for m in mixes[11:13]] == [   # `detect`'s mixed a quarter / three
        (Path("models/weights/detector.pt"), Path("runs/train_det41/det/weights/last.pt"), 0.75, 480, train.WEIGHTS),
        (Path("models/weights/detector_live.pt"), Path("runs/train_live41/det/weights/last.pt"), 0.5, 320,   # quarters,
         Path("runs/soup_live41"))]                                                              # the live one halves
    assert copies[12:] == [("cp", "models/weights/detector_live.onnx"), ("cp", "models/weights/detector_live.pt")]
    det43 = runs["runs/train_det43"]   # stage 43: `detect`'s detector continued on scenes under a lamp's reflection too,
    assert (det43.init, det43.imgsz, det43.data, det43.hours, det43.ship) == (   # mixed half and half
        Path("models/weights/detector.pt"), 480, Path("runs/data217"), 0.0536, False)
    camera43 = [(a.seed, a.blur_max, a.sharpen, a.gloss, a.tilt_max, a.clutter, a.glare_spots) for m, a in steps
                if m == "models.make_dataset" and a.seed in range(217, 220)]
    assert camera43 == [(seed, 3.0, 0.3, 0.3, 30.0, 0.3, 0.3) for seed in (217, 218, 219)]
    assert [(m.a, m.b, m.alpha, m.imgsz, m.ship_to) for m in mixes[13:]] == [
        (Path("models/weights/detector.pt"), Path("runs/train_det43/det/weights/last.pt"), 0.5, 480, train.WEIGHTS)]
    quantized = [a for m, a in steps if m == "models.quantize"]   # stages 30, 31, 33-43: int8 copies of what
    assert [(a.weights, a.scenes) for a in quantized] == [(train.WEIGHTS, 20)] * 13   # ships, made again for the new
    assert [(a.blur_max, a.sharpen, a.gloss, a.detector_percentile, a.live_float_stem, a.live_glare)
            for a in quantized] == (
        [(1.4, 0.0, 0.0, None, False, 0.0)] * 3 + [(3.0, 0.3, 0.3, 99.999, False, 0.0)] * 4   # networks, the last
        + [(3.0, 0.3, 0.3, 99.999, True, 0.0)] * 4   # nine through stage 32's camera; since stage 38 the live detector's
        + [(3.0, 0.3, 0.3, 99.999, True, 1.0)] * 2)  # stem in floats, since stage 42 its ranges learnt under glare too
    assert commands(SCRIPT.read_text())[-1] == shlex.split(quantize.SHIPPED_COMMAND)   # the copies shipped


def test_only_the_last_data_sets_label_cards_cut_by_the_frame():
    """The data sets before stage 17 were made leaving cut cards unlabelled; remade otherwise they would
    not be the data the shipped weights learnt from."""
    rules = [(str(a.out), a.cut_cards) for m, a in parsed_steps(SCRIPT.read_text())
             if m == "models.make_dataset" and not a.only_patches]  # patches make no scenes
    assert [out for out, rule in rules if rule == "labelled"] == [
        "runs/data40", "runs/data41", "runs/data42", "runs/data43", "runs/data44", "runs/data45", "runs/data46",
        "runs/data47", "runs/data70", "runs/data71", "runs/data72", "runs/data80", "runs/data81",
        "runs/data82", "runs/data100", "runs/data101", "runs/data102", "runs/data110", "runs/data111", "runs/data112",
        "runs/data140", "runs/data141", "runs/data142", "runs/data180", "runs/data_cam182", "runs/data_cam183",
        "runs/data_cam184", "runs/data191", "runs/data192", "runs/data193", "runs/data194",
        "runs/data195", "runs/data196", "runs/data462", "runs/data214", "runs/data215", "runs/data216", "runs/data217",
        "runs/data218", "runs/data219"]


def test_every_step_reads_only_what_an_earlier_step_made():
    assert missing_inputs(SCRIPT.read_text()) == []


def test_a_renamed_option_or_a_step_out_of_order_is_caught(capsys):
    text = SCRIPT.read_text()
    with pytest.raises(SystemExit):
        parsed_steps(text.replace("--cls-epochs", "--classifier-epochs", 1))
    assert "unrecognized arguments: --classifier-epochs" in capsys.readouterr().err
    first_data = "python3 -m models.make_dataset --cut-cards unlabelled --out runs/data --train 2000"
    assert missing_inputs(text.replace(first_data, first_data.replace("runs/data ", "runs/data0 "))) == ["runs/data"] * 3
    assert missing_inputs(text.replace("cp models/weights/detector.pt runs/det11.pt", "true")) == ["runs/det11.pt"] * 2
    assert missing_inputs(text.replace("--out runs/data_detdie_val", "--out runs/elsewhere")) == ["runs/data_detdie_val"]
