"""benchmarks/bench_fonts.py: the table photo it reads, and what it counts as read."""

from __future__ import annotations

import re

import numpy as np
import pytest

from benchmarks import bench_fonts
from benchmarks.bench_fonts import BACK, TABLE, UNSEEN_FONTS, on_table, score, styles
from models.synth.decks import CARD_H, CARD_W, CODES, INDEX_FONTS, procedural_card, procedural_style
from vision.detector import NO_INDEX


@pytest.fixture(scope="module")
def card():
    return procedural_card("6h", procedural_style(9000))


def test_the_card_lies_exactly_in_its_rect_and_only_its_index_corner_shows_when_covered(card):
    image, ((cx, cy), (w, h), angle) = on_table(card, 100)
    assert image.shape == (480, 640, 3) and (w, h, angle) == (100, round(100 * CARD_H / CARD_W), 0.0)
    x, y = int(cx - w / 2), int(cy - h / 2)
    assert (x, y) == (270, 170)
    near = lambda pixel, colour: np.abs(pixel.astype(int) - colour).max() <= 8   # JPEG at quality 95
    assert near(image[y - 3, x - 3], TABLE) and not near(image[y + 3, x + 3], TABLE)   # the card starts at the rect
    covered, _ = on_table(card, 100, covered=True)
    assert np.array_equal(covered[y + 5:y + 40, x + 5:x + 30], image[y + 5:y + 40, x + 5:x + 30])   # the index
    assert near(covered[y + h // 2, x + w // 2], BACK) and near(covered[y + 10, x + 60], BACK)
    assert near(covered[y + 80, x + 10], BACK)


def test_the_unseen_fonts_are_eight_of_four_families_none_a_training_font():
    assert len(set(UNSEEN_FONTS)) == 8 and set(UNSEEN_FONTS).isdisjoint(INDEX_FONTS)
    assert {f.name.split("-")[0] for f in UNSEEN_FONTS} == {"NimbusRoman", "C059", "URWGothic", "NimbusMonoPS"}
    assert len(styles("hershey")) == 12


def test_a_font_not_installed_stops_the_benchmark_naming_it_and_its_package(monkeypatch, tmp_path):
    """The benchmark checks every font before it reads a card; the suite itself needs none of them."""
    missing = tmp_path / "NimbusRoman-Bold.otf"
    monkeypatch.setattr(bench_fonts, "UNSEEN_FONTS", (missing,))
    with pytest.raises(SystemExit, match=rf"bench_fonts: font-0: its index font {re.escape(str(missing))} is not "
                                         r"installed \(apt-get install fonts-dejavu-core fonts-urw-base35\)"):
        styles("unseen_fonts")


class Oracle:
    """Readers that name the card shown (`right`), or say "no index" and a card it is not, so that the
    counts can be checked without the networks; the covered card read `sure` of itself."""
    card_min_prob = 0.5

    def __init__(self, right: bool, sure: float = 0.9):
        self.right, self.sure, self.shown = right, sure, iter(())

    def _read(self, reader, crops, rotations):
        assert reader == "corner" and rotations == (0,) and len(crops[0]) == 52
        p = np.zeros((52, NO_INDEX + 1))
        p[np.arange(52), np.arange(52) if self.right else NO_INDEX] = 1
        self.shown = iter(CODES)   # the covered cards follow in the deck's order
        return p

    def _card_probs(self, image, rects):
        assert image.shape == (480, 640, 3) and len(rects) == 1
        q = np.full((1, 52), (1 - self.sure) / 51)
        q[0, (CODES.index(next(self.shown)) + (0 if self.right else 1)) % 52] = self.sure
        return q


def test_a_card_counts_as_read_only_when_named_right_and_sure_enough():
    deck = [procedural_style(9000)]
    assert score(Oracle(right=True), deck, 50) == {"corner": 52, "covered_card": 52, "cards": 52}
    assert score(Oracle(right=False), deck, 50) == {"corner": 0, "covered_card": 0, "cards": 52}
    assert score(Oracle(right=True, sure=0.4), deck, 50) == {"corner": 52, "covered_card": 0, "cards": 52}
