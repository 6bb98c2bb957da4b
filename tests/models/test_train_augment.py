"""The classifiers' augmentation (occlusion, overlap, defocus) and where a classifier's training crops come from."""

import numpy as np
import pytest
import torch

from pathlib import Path

from models.train import (augment, classifier_train_files, defocus, glare, main, occlude, overlap, parse_args,
                          widened, reader_augmentation, shine, train_classifier)


pytestmark = pytest.mark.training


def _flat_crops(n=40, h=80, w=56):
    """Crop i is the constant i + 1, so every pixel tells which crop it came from."""
    return torch.arange(1, n + 1, dtype=torch.float32).reshape(n, 1, 1, 1).expand(n, 3, h, w).clone()


def test_no_share_leaves_the_crops_alone():
    x = _flat_crops()
    assert torch.equal(occlude(x, 0.0, torch.Generator().manual_seed(0)), x)


def test_a_covered_crop_loses_a_tenth_to_a_half_to_one_other_crop_beyond_a_straight_edge():
    x = _flat_crops()
    y = occlude(x, 1.0, torch.Generator().manual_seed(1))
    assert torch.equal(x, _flat_crops())  # the input is not changed in place
    covered_crops = 0
    for i in range(len(x)):
        taken = y[i, 0] != i + 1
        if not taken.any():  # the other crop drawn was itself
            continue
        covered_crops += 1
        assert len(torch.unique(y[i, 0][taken])) == 1  # one covering crop
        assert torch.equal(y[i, 0] == y[i, 1], torch.ones_like(taken)) and torch.equal(y[i, 1], y[i, 2])
        assert 0.1 <= taken.float().mean().item() <= 0.5
        # never both ends of a diagonal: one index corner of a card always stays in sight
        assert not (taken[0, 0] and taken[-1, -1]) and not (taken[0, -1] and taken[-1, 0])
        # a straight edge: along every row the covered pixels are one run touching a side of the crop
        for row in taken:
            cols = torch.nonzero(row).flatten()
            if len(cols):
                assert cols[-1] - cols[0] + 1 == len(cols) and (cols[0] == 0 or cols[-1] == row.numel() - 1)
    assert covered_crops >= 35


def test_about_the_share_asked_for_is_covered():
    x = torch.rand(2000, 3, 16, 12, generator=torch.Generator().manual_seed(2))
    y = occlude(x, 0.3, torch.Generator().manual_seed(3))
    share = (y != x).flatten(1).any(1).float().mean().item()
    assert 0.26 <= share <= 0.34


def _dark_top(y):
    """Which crops are darker at the top than at the bottom."""
    return y[:, :, :10].mean((1, 2, 3)) < y[:, :, -10:].mean((1, 2, 3))


def test_augment_turns_about_half_the_crops_end_over_end_and_keeps_them_in_range():
    """Crops darkening to the top: a half turn is the only thing that can make one darker at the bottom,
    since light, tint and offset change all of a crop alike and the noise is faint."""
    ramp = torch.linspace(0, 1, 80).reshape(1, 1, 80, 1).expand(400, 3, 80, 56)
    y = augment(ramp.clone(), torch.Generator().manual_seed(5))
    assert 0.42 <= (~_dark_top(y)).float().mean().item() <= 0.58
    assert y.min().item() >= 0 and y.max().item() <= 1 and not torch.equal(y, ramp)
    assert torch.equal(y, augment(ramp.clone(), torch.Generator().manual_seed(5)))  # the generator decides all
    assert _dark_top(augment(ramp.clone(), torch.Generator().manual_seed(5), half_turns=False)).all()


def test_training_crops_are_gathered_from_every_data_folder(tmp_path):
    data3, extra = tmp_path / "data3", tmp_path / "crops"
    for folder, names in ((data3, ["card_train.npz", "card_val.npz", "die_train.npz"]),
                          (extra, ["card_train_loose.npz", "card_train.npz", "die_val.npz"])):
        folder.mkdir()
        for name in names:
            np.savez(folder / name, x=np.zeros((1, 2, 2, 3), np.uint8), y=np.zeros(1, np.int64))
    assert classifier_train_files("card", [data3, extra]) == [
        data3 / "card_train.npz", extra / "card_train.npz", extra / "card_train_loose.npz"]
    assert classifier_train_files("die", [data3, extra]) == [data3 / "die_train.npz"]


@pytest.mark.parametrize("stage, wh, flag", [("card", (56, 80), "--card-init"), ("die", (40, 40), "--die-init"),
                                              ("side", (56, 80), "--side-init")])
def test_a_classifier_continues_from_the_checkpoint_it_is_given(tmp_path, stage, wh, flag):
    data = tmp_path / "data"
    data.mkdir()
    rng = np.random.default_rng(0)
    n_classes = {"card": 52, "die": 6, "side": 2}[stage]
    for split in ("train", "val"):
        np.savez(data / f"{stage}_{split}.npz", x=rng.integers(0, 255, (8, wh[1], wh[0], 3), dtype=np.uint8),
                 y=np.arange(8) % n_classes)
    first, second = tmp_path / "first", tmp_path / "second"
    main(["--data", str(data), "--runs", str(first), "--only", stage, "--cls-epochs", "1", "--cls-width", "8"])
    main(["--data", str(data), "--runs", str(second), "--only", stage, "--cls-epochs", "1", flag,
          str(first / f"{stage}_classifier.pt")])
    assert torch.load(second / f"{stage}_classifier.pt")["width"] == 8  # the checkpoint's width, not the default 16


def test_a_side_classifier_of_two_classes_continues_as_one_of_three_keeping_what_it_learnt():
    """The shipped side classifier (face up, face down) continued with NOT_A_CARD: its two classes' head
    rows are kept, the third is the new model's own; every other tensor is the checkpoint's."""
    from models.classifier import CropClassifier
    torch.manual_seed(1)
    two, three = CropClassifier(2, 8, (2, 1)).state_dict(), CropClassifier(3, 8, (2, 1)).state_dict()
    grown = widened(two, three)
    assert grown["head.2.weight"].shape == (3, 96) and grown["head.2.bias"].shape == (3,)
    assert torch.equal(grown["head.2.weight"][:2], two["head.2.weight"]) and torch.equal(grown["head.2.bias"][:2], two["head.2.bias"])
    assert torch.equal(grown["head.2.weight"][2], three["head.2.weight"][2])
    assert all(torch.equal(grown[k], two[k]) for k in two if not k.startswith("head."))
    CropClassifier(3, 8, (2, 1)).load_state_dict(grown)
    with pytest.raises(ValueError, match=r"head.2.weight: the checkpoint's \(3, 96\) cannot grow into \(2, 96\)"):
        widened(three, two)
    with pytest.raises(ValueError, match=r"features.0.weight: the checkpoint's \(8, 3, 3, 3\) cannot grow into \(16, 3, 3, 3\)"):
        widened(two, CropClassifier(2, 16, (2, 1)).state_dict())


def test_a_side_classifier_learns_no_card_when_asked_and_its_crops_are_checked_against_its_classes(tmp_path, capsys):
    """detector_crops --stage side labels a box on nothing 2 (NOT_A_CARD): a two-class side classifier
    continued with --no-card-class grows a third class; without the flag such crops are refused, and so is a
    three-class checkpoint."""
    plain, cluttered = tmp_path / "plain", tmp_path / "cluttered"
    rng = np.random.default_rng(0)
    for folder in (plain, cluttered):
        folder.mkdir()
        for split in ("train", "val"):
            np.savez(folder / f"side_{split}.npz", x=rng.integers(0, 255, (6, 80, 56, 3), dtype=np.uint8),
                     y=np.arange(6) % 2)
    np.savez(cluttered / "side_train_det460.npz", x=rng.integers(0, 255, (3, 80, 56, 3), dtype=np.uint8),
             y=np.array([0, 1, 2]))
    main(["--data", str(plain), "--runs", str(tmp_path / "two"), "--only", "side", "--cls-epochs", "1", "--cls-width", "8"])
    two = tmp_path / "two" / "side_classifier.pt"
    assert torch.load(two)["n_classes"] == 2
    with pytest.raises(SystemExit) as refused:
        main(["--data", str(cluttered), "--runs", str(tmp_path / "three"), "--only", "side", "--side-init", str(two)])
    assert str(refused.value) == ("python3 -m models.train: the side reader's crops are labelled up to 2, but it has "
                                  "2 classes (no card: add --no-card-class)")
    main(["--data", str(cluttered), "--runs", str(tmp_path / "three"), "--only", "side", "--cls-epochs", "1",
          "--side-init", str(two), "--no-card-class"])
    three = torch.load(tmp_path / "three" / "side_classifier.pt")
    assert three["n_classes"] == 3 and three["state"]["head.2.weight"].shape == (3, 96)
    with pytest.raises(SystemExit) as refused:   # the three-class reader (the shipped one) continued as two
        main(["--data", str(plain), "--runs", str(tmp_path / "again"), "--only", "side",
              "--side-init", str(tmp_path / "three" / "side_classifier.pt")])
    assert str(refused.value) == (f"python3 -m models.train: the side reader's checkpoint {tmp_path / 'three'}"
                                  "/side_classifier.pt has 3 classes, but it has 2 classes (no card: add --no-card-class)")
    capsys.readouterr()
    with pytest.raises(SystemExit):
        parse_args(["--data", str(plain), "--only", "card", "--no-card-class"])
    assert "--no-card-class says how the side classifier is made; train it (--only side)" in capsys.readouterr().err


def test_a_classifier_run_is_repeated_exactly_by_its_seed_and_differently_by_another(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    rng = np.random.default_rng(0)
    for split in ("train", "val"):
        np.savez(data / f"die_{split}.npz", x=rng.integers(0, 255, (8, 40, 40, 3), dtype=np.uint8), y=np.arange(8) % 6)
    runs = {}
    for name, seed in (("a", "0"), ("b", "0"), ("c", "1")):
        main(["--data", str(data), "--runs", str(tmp_path / name), "--only", "die", "--cls-epochs", "1",
              "--cls-width", "8", "--cls-seed", seed])
        runs[name] = torch.load(tmp_path / name / "die_classifier.pt")["state"]
    assert all(torch.equal(runs["a"][k], runs["b"][k]) for k in runs["a"])
    assert not all(torch.equal(runs["a"][k], runs["c"][k]) for k in runs["a"])
    assert parse_args([]).cls_seed == 0  # every shipped reader was trained at seed 0


@pytest.mark.parametrize("seed", ["-1", str(2 ** 32)])
def test_a_classifier_seed_out_of_range_is_refused_before_any_data_is_read(seed, capsys):
    with pytest.raises(SystemExit):
        parse_args(["--only", "corner", "--cls-seed", seed])
    assert f"--cls-seed {seed}: a seed is a whole number from 0 to 4294967295" in capsys.readouterr().err


def test_occlusion_is_asked_of_the_card_and_side_classifiers_only_and_corners_are_never_turned(tmp_path, monkeypatch):
    """Also: --index-scale reaches the corner reader's training alone."""
    asked = {}

    def record(train_files, val_npz, n_classes, out, *args, **kwargs):
        aug = kwargs["augmentation"]
        asked[out.stem] = (n_classes, aug["occlude_share"], aug["half_turns"], aug.get("rescale_share"))
        return 0.0

    monkeypatch.setattr("models.train.train_classifier", record)
    for stage in ("card", "die", "side", "corner"):   # present, as main() asks; record() does not read them
        for split in ("train", "val"):
            (tmp_path / f"{stage}_{split}.npz").write_bytes(b"")
    main(["--data", str(tmp_path), "--runs", str(tmp_path / "runs"), "--only", "card", "--only", "die",
          "--only", "side", "--only", "corner", "--card-occlude", "0.4", "--index-scale", "0.5"])
    assert asked == {"card_classifier": (52, 0.4, True, None), "die_classifier": (6, 0.0, True, None),
                     "side_classifier": (2, 0.3, True, None), "corner_classifier": (53, 0.0, False, 0.5)}


def test_an_out_of_focus_crop_spreads_each_point_as_a_gaussian_of_its_own_width():
    """One crop in two blurred, each by a sigma drawn from the range: a lone bright pixel becomes a
    Gaussian whose neighbour-to-centre ratio exp(-1 / (2 sigma^2)) tells the sigma; the rest untouched."""
    x = torch.zeros(200, 3, 80, 56)
    x[:, :, 40, 28] = 1.0
    y = defocus(x, 0.5, (1.0, 2.0), torch.Generator().manual_seed(3))
    assert torch.count_nonzero(x[:, :, 40, 28] != 1.0) == 0  # the input is not changed in place
    blurred = [i for i in range(len(y)) if y[i, 0, 40, 28] < 1.0]
    assert 80 <= len(blurred) <= 120
    sigmas = []
    for i in range(len(y)):
        if i not in blurred:
            assert torch.equal(y[i], x[i])
            continue
        assert torch.allclose(y[i].sum((1, 2)), torch.ones(3), atol=1e-4)  # nothing lost at the edges
        ratio = y[i, 0, 40, 29] / y[i, 0, 40, 28]
        assert torch.isclose(ratio, y[i, 0, 41, 28] / y[i, 0, 40, 28])  # as wide down as across
        sigmas.append(float((-1 / (2 * torch.log(ratio))) ** 0.5))
    assert 1.0 - 1e-3 <= min(sigmas) and max(sigmas) <= 2.0 + 1e-3 and max(sigmas) - min(sigmas) > 0.8


def test_the_readers_of_print_and_pips_are_blurred_by_the_same_share_of_a_card_s_height():
    """--blur: the card reader's crop is the card (80 px tall), the corner reader's 34 % of it (40 px),
    the die reader's a die, 16 / 88 of a card (40 px): so the same defocus is 1.47 and 5.5 times the
    sigma in their crops; the side reader, which tells a face from a back, is not blurred."""
    assert reader_augmentation("card", 0.5, 0.0, 0.3) == {
        "half_turns": True, "occlude_share": 0.5, "overlap_share": 0.0, "blur_share": 0.3, "blur_sigma": (0.32, 2.4)}
    corner = reader_augmentation("corner", 0.0, 0.0, 0.3)
    assert corner["blur_share"] == 0.3 and np.allclose(corner["blur_sigma"], (0.004 * 40 / 0.34, 0.03 * 40 / 0.34))
    assert np.allclose(reader_augmentation("die", 0.0, 0.0, 0.3)["blur_sigma"], (0.88, 6.6))
    assert "blur_share" not in reader_augmentation("side", 0.0, 0.0, 0.3)
    assert "blur_share" not in reader_augmentation("card")


def test_a_lamp_s_reflection_washes_a_share_of_the_crops_toward_white():
    """shine(): about the share of the crops drawn, each brightened toward white (never darkened), at its
    core by at least the weakest GLOSS_STRENGTH and at most the strongest; the others untouched."""
    from models.synth.scene import GLOSS_STRENGTH
    x = torch.full((200, 3, 80, 56), 0.2)
    y = shine(x, 0.5, (80.0, 56.0), torch.Generator().manual_seed(3))
    assert torch.equal(x, torch.full_like(x, 0.2))  # the input is not changed in place
    shone = [i for i in range(len(y)) if not torch.equal(y[i], x[i])]
    assert 80 <= len(shone) <= 120
    for i in shone:
        core = float((y[i].max() - 0.2) / 0.8)
        assert (y[i] >= x[i]).all() and torch.equal(y[i, 0], y[i, 2])
        assert GLOSS_STRENGTH[0] * 0.95 <= core <= GLOSS_STRENGTH[1] + 1e-6  # its centre within half a pixel of one


def test_the_readers_of_a_card_s_print_are_shown_a_reflection_the_size_of_a_card_s():
    """--gloss: the reflection is drawn in card sizes, a card being the card crop (80 px tall) and 40 / 0.34
    px in the corner crop; the die and side readers are not shown one."""
    card = reader_augmentation("card", gloss=0.3)
    assert card["gloss_share"] == 0.3 and np.allclose(card["card_hw"], (80, 80 * 63 / 88))
    assert np.allclose(reader_augmentation("corner", gloss=0.3)["card_hw"], (40 / 0.34, 40 / 0.34 * 63 / 88))
    assert "gloss_share" not in reader_augmentation("die", gloss=0.3)
    assert "gloss_share" not in reader_augmentation("side", gloss=0.3)


def test_a_glare_spot_s_edge_washes_a_share_of_the_crops_toward_white_never_the_centre_wholly():
    """glare(): about the share of the crops drawn, each brightened toward white (never darkened) by a spot
    whose edge lies over it: the crop's centre washed within GLARE_VEIL of the way to white, the wash uneven
    across the crop; the others untouched."""
    from models.train import GLARE_VEIL
    x = torch.full((200, 3, 41, 33), 0.2)
    y = glare(x, 0.5, 40 / 0.34, torch.Generator().manual_seed(5))
    assert torch.equal(x, torch.full_like(x, 0.2))  # the input is not changed in place
    washed = [i for i in range(len(y)) if not torch.equal(y[i], x[i])]
    assert 80 <= len(washed) <= 120
    centres = []
    for i in washed:
        assert (y[i] >= x[i]).all() and torch.equal(y[i, 0], y[i, 2])
        centres.append(float((y[i, 0, 20, 16] - 0.2) / 0.8))
        assert y[i].max() > y[i, 0, 20, 16] > y[i].min()  # nearer the spot more washed, further off less
    assert GLARE_VEIL[0] - 1e-5 <= min(centres) < 0.15 and 0.8 < max(centres) <= GLARE_VEIL[1] + 1e-5


def test_augment_lays_a_glare_spot_at_its_share():
    x = torch.full((200, 3, 40, 32), 0.2)
    plain = augment(x.clone(), torch.Generator().manual_seed(1), half_turns=False)
    lit = augment(x.clone(), torch.Generator().manual_seed(1), half_turns=False, glare_share=1.0, card_hw=(118, 84))
    assert float(plain.mean()) < 0.22 and float(lit.mean()) > 0.4


def test_the_readers_of_a_card_s_print_are_shown_a_glare_spot_s_edge_in_card_sizes():
    """--glare: the spot is drawn in card heights, a card being 80 px in the card crop and 40 / 0.34 px in the
    corner crop; the die and side readers are not shown one."""
    corner = reader_augmentation("corner", glare=0.3)
    assert corner["glare_share"] == 0.3 and corner["gloss_share"] == 0.0 and np.isclose(corner["card_hw"][0], 40 / 0.34)
    assert reader_augmentation("card", glare=0.3)["card_hw"][0] == 80
    assert "glare_share" not in reader_augmentation("die", glare=0.3)
    assert "glare_share" not in reader_augmentation("side", glare=0.3)


@pytest.mark.parametrize("argv", [["--only", "card", "--blur", "1.5"], ["--only", "card", "--blur", "-0.1"],
                                  ["--only", "side", "--blur", "0.3"], ["--only", "card", "--gloss", "1.5"],
                                  ["--only", "die", "--gloss", "0.3"]])
def test_blur_and_gloss_are_shares_for_the_readers_of_print(argv):
    with pytest.raises(SystemExit):
        parse_args(argv)


def test_extra_data_folders_join_the_detector_training_images_and_the_first_validates(tmp_path):
    from models.train import joined_data_yaml
    import yaml
    for name in ("a", "b"):
        (tmp_path / name / "det").mkdir(parents=True)
        (tmp_path / name / "det" / "data.yaml").write_text(
            f"path: {tmp_path / name / 'det'}\ntrain: images/train\nval: images/val\nnames:\n  0: card\n  1: card_back\n  2: die\n")
    out = joined_data_yaml([tmp_path / "a", tmp_path / "b"], tmp_path / "runs" / "data.yaml")
    assert yaml.safe_load(out.read_text()) == {
        "train": [str(tmp_path / "a" / "det" / "images" / "train"), str(tmp_path / "b" / "det" / "images" / "train")],
        "val": str(tmp_path / "a" / "det" / "images" / "val"),
        "names": {0: "card", 1: "card_back", 2: "die"}}


def test_an_overlapping_card_covers_part_of_a_crop_and_leaves_one_index_corner_in_sight():
    """As the next card of a fan: one other crop, shifted across by a quarter to 0.7 of the width, covers
    up to three quarters of the crop, often its centre, and never touches both index corners (top left
    and bottom right, a fifth of the width by 27 % of the height: vision.crops.INDEX_REGION)."""
    x = _flat_crops(n=400)
    y = overlap(x, 1.0, torch.Generator().manual_seed(4))
    assert torch.equal(x, _flat_crops(n=400))
    covered, centre_covered = 0, 0
    for i in range(len(x)):
        taken = y[i, 0] != i + 1
        if not taken.any():
            continue
        covered += 1
        assert len(torch.unique(y[i, 0][taken].round(decimals=3))) == 1  # bilinear weights sum to 1 within rounding
        assert taken.float().mean().item() <= 0.75
        assert not taken[:22, :11].any() or not taken[-22:, -11:].any()
        centre_covered += bool(taken[40, 28])
    assert covered >= 380 and centre_covered >= 180


def test_classifier_validation_crops_default_to_the_data_folder_s_and_may_be_named(tmp_path, monkeypatch):
    """The checkpoint kept is the one best on the validation crops: by default DATA/STAGE_val.npz, or the
    files --cls-val names (say crops of cards cut by the image's edge, which the default set lacks),
    for one classifier at a time."""
    asked = {}

    def record(train_files, val_npz, *args, **kwargs):
        asked["val"] = val_npz
        return 0.0

    monkeypatch.setattr("models.train.train_classifier", record)
    (tmp_path / "b").mkdir()
    for name in ("card_train.npz", "card_val.npz", "a.npz", "b/cut.npz"):   # present, as main() asks
        (tmp_path / name).write_bytes(b"")
    main(["--data", str(tmp_path), "--runs", str(tmp_path / "runs"), "--only", "card"])
    assert asked["val"] == [tmp_path / "card_val.npz"]
    main(["--data", str(tmp_path), "--runs", str(tmp_path / "runs"), "--only", "card", "--cls-val", str(tmp_path / "a.npz"),
          "--cls-val", str(tmp_path / "b/cut.npz")])
    assert asked["val"] == [tmp_path / "a.npz", tmp_path / "b/cut.npz"]
    with pytest.raises(SystemExit):
        parse_args(["--only", "card", "--only", "corner", "--cls-val", "a.npz"])


def test_a_classifier_is_validated_on_all_the_crops_it_is_given(tmp_path):
    """Accuracy over the joined validation files: here one file the classifier cannot get right (labels
    it never trained on) and one it can."""
    rng = np.random.default_rng(0)
    x = rng.integers(0, 255, (8, 40, 40, 3), dtype=np.uint8)
    np.savez(tmp_path / "train.npz", x=x, y=np.zeros(8, np.int64))
    np.savez(tmp_path / "same.npz", x=x[:2], y=np.zeros(2, np.int64))
    np.savez(tmp_path / "other.npz", x=x[:6], y=np.ones(6, np.int64))
    acc = train_classifier([tmp_path / "train.npz"], [tmp_path / "same.npz", tmp_path / "other.npz"], 2,
                           tmp_path / "c.pt", epochs=3, width=8)
    assert acc == 0.25


def test_a_classifier_time_budget_fits_whole_epochs_between_one_and_the_most_asked():
    from models.train import budget_epochs
    # 0.9 of 0.1 h is 324 s; an epoch of 100 steps of 0.25 s takes 25 s
    assert budget_epochs(0.25, 100, 0.1, 50) == 12
    assert budget_epochs(0.25, 100, 0.1, 5) == 5
    assert budget_epochs(0.25, 100, 0.001, 50) == 1


def test_a_classifier_trained_to_a_budget_runs_the_epochs_that_fit(tmp_path, capsys):
    rng = np.random.default_rng(0)
    np.savez(tmp_path / "train.npz", x=rng.integers(0, 255, (16, 40, 40, 3), dtype=np.uint8), y=np.arange(16) % 2)
    np.savez(tmp_path / "val.npz", x=rng.integers(0, 255, (4, 40, 40, 3), dtype=np.uint8), y=np.arange(4) % 2)
    train_classifier([tmp_path / "train.npz"], [tmp_path / "val.npz"], 2, tmp_path / "c.pt", epochs=3, width=8,
                     batch=4, hours=1e-9)
    out = capsys.readouterr().out
    assert "c.pt: 1 epochs fit 1e-09 h at" in out and "(4 steps an epoch)" in out
    assert "epoch 1/1 " in out and "epoch 2/" not in out
    train_classifier([tmp_path / "train.npz"], [tmp_path / "val.npz"], 2, tmp_path / "c.pt", epochs=3, width=8,
                     batch=4, hours=1.0)
    assert "epoch 3/3 " in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--cls-hours", "0"], ["--cls-hours", "-1"], ["--only", "det", "--cls-hours", "0.1"]])
def test_a_classifier_budget_that_cannot_apply_is_refused(argv, capsys):
    with pytest.raises(SystemExit):
        parse_args(argv)
    assert "--cls-hours is a classifier's time budget in hours" in capsys.readouterr().err
    assert parse_args(["--only", "corner", "--cls-hours", "0.1"]).cls_hours == 0.1


def test_rescaling_keeps_the_top_left_corner_and_scales_each_axis_apart_within_the_range():
    """rescale(): about the share of the crops drawn; in each, a mark at the top left stays there while a
    mark at (x, y) moves to (x * fx, y * fy), fx and fy drawn apart within 1 / INDEX_SCALE .. INDEX_SCALE;
    the others untouched."""
    from models.train import INDEX_SCALE, rescale
    x = torch.zeros(200, 3, 40, 32)
    x[:, :, 0, 0] = 1.0  # the top left pixel
    x[:, :, 20, 16] = 1.0  # the centre
    y = rescale(x, 0.5, torch.Generator().manual_seed(3))
    assert torch.count_nonzero(x) == 200 * 3 * 2  # the input is not changed in place
    moved = [i for i in range(len(y)) if not torch.equal(y[i], x[i])]
    assert 80 <= len(moved) <= 120
    ratios = []
    for i in moved:
        assert y[i, 0, 0, 0] > 0.2  # the top left is still marked
        plane = y[i, 0].clone()
        plane[:4, :4] = 0
        cy, cx = (float((plane * torch.arange(n).reshape(shape)).sum() / plane.sum())
                  for n, shape in ((40, (40, 1)), (32, (1, 32))))
        ratios.append(((cx + 0.5) / 16.5, (cy + 0.5) / 20.5))  # pixel centres: the mark sat at 16.5, 20.5 from the edge
    fx, fy = np.array(ratios).T
    assert 1 / INDEX_SCALE - 0.05 <= min(fx.min(), fy.min()) and max(fx.max(), fy.max()) <= INDEX_SCALE + 0.05
    assert fx.max() - fx.min() > 0.4 and abs(np.corrcoef(fx, fy)[0, 1]) < 0.4  # the two axes drawn apart


def test_only_the_index_corner_reader_is_rescaled():
    assert reader_augmentation("corner", index_scale=0.5)["rescale_share"] == 0.5
    assert all("rescale_share" not in reader_augmentation(stage, index_scale=0.5) for stage in ("card", "die", "side"))
    assert "rescale_share" not in reader_augmentation("corner")


@pytest.mark.parametrize("option, refusal, wrong_stage", [
    ("--blur", "--blur is the share (0 to 1) of the card, corner and die readers' crops blurred", "side"),
    ("--gloss", "--gloss is the share (0 to 1) of the card and corner readers' crops shown a lamp's reflection", "die"),
    ("--glare", "--glare is the share (0 to 1) of the card and corner readers' crops shown a glare spot's edge", "die"),
    ("--index-scale", "--index-scale is the share (0 to 1) of the index corner reader's crops rescaled", "card")])
def test_an_augmentation_share_is_refused_outside_0_to_1_or_without_a_reader_it_applies_to(option, refusal,
                                                                                          wrong_stage, capsys):
    for argv in (["--only", "corner", option, "1.5"], ["--only", "corner", option, "-0.1"],
                 ["--only", wrong_stage, option, "0.5"]):
        with pytest.raises(SystemExit):
            parse_args(["--data", "d"] + argv)
        assert refusal in capsys.readouterr().err, argv
    assert getattr(parse_args(["--data", "d", "--only", "corner", option, "0.5"]), option[2:].replace("-", "_")) == 0.5
