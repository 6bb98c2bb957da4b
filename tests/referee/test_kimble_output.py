"""Die statistics, summary and terminal rendering of a Kimble game, and undo through the referee."""

import pytest
from scipy.stats import chi2 as scipy_chi2
from scipy.stats import chisquare

from referee.kimble.dice import DieLog, Pop, chi2_sf
from tests.referee.test_kimble_helpers import A, B, C, D, place, pop, started, turn


@pytest.mark.parametrize("df", [1, 2, 3, 4, 5, 6, 9, 10])
@pytest.mark.parametrize("x", [0.05, 1.0, 4.35, 11.07, 20.5, 60.0])
def test_chi2_survival_matches_scipy(x, df):
    assert chi2_sf(x, df) == pytest.approx(scipy_chi2.sf(x, df), rel=1e-12, abs=1e-300)


def test_die_statistics_are_pearsons_test_on_counted_pops_only():
    log = DieLog()
    values = [1, 6, 6, 3, 6, 2, 5, 6, 4, 6, 1, 6]
    for seq, value in enumerate(values):
        log.add(Pop(seq, float(seq), 0, value, "turn"))
    log.add(Pop(20, 20.0, 1, 6, "reset"))  # stops on a chosen value: not a fair sample
    log.add(Pop(21, 21.0, 1, None, "unreadable"))
    stats = log.statistics()
    expected = chisquare([2, 1, 1, 1, 1, 6])
    assert stats["counts"] == [2, 1, 1, 1, 1, 6] and stats["pops"] == 12 and stats["df"] == 5
    assert stats["chi2"] == pytest.approx(expected.statistic, abs=1e-6)
    assert stats["p_value"] == pytest.approx(expected.pvalue, abs=1e-6)
    assert DieLog().statistics()["p_value"] is None


def test_summary_holds_board_ledger_and_die_log():
    ref = started()
    place(ref, A, stacks={3: 2})
    place(ref, C, stacks={20: 3})
    turn(ref, A)
    pop(ref, 3, t=40)
    summary = ref.summary()
    assert summary["board"][A] == {"team": "A", "colour": "red", "start": "track0", "home": 2,
                                   "track": [{"square": 6, "position": 6, "multiplier": 2}], "aside": 1,
                                   "goal": [], "queue": 0}
    assert summary["ledger"]["entries"] == [{"team": "C", "fines": 6, "reason": "eaten", "cause": 6}]
    assert summary["die_log"][-1] == {"seq": 6, "t": 40, "team": "A", "value": 3, "kind": "turn"}
    assert summary["turn"] == "B" and summary["hembo_due"] == ["C"]


def test_render_shows_squares_multipliers_homes_goals_and_the_ledger():
    ref = started()
    place(ref, A, stacks={3: 2}, goal=(1,))
    place(ref, D, stacks={0: 1}, queue=1, goal=(2,))
    ref.engine.ledger.give(B, 3, "eaten", 0)
    text = ref.engine.render("en")
    assert "   0*.   1 .   2 .   3 R2" in text and "21*G " in text
    assert "A (red): home ●○○○  goal [●○○○], multiplier markers 1" in text
    assert "D (green): home ●○○○  goal [○●○○] +1 queue" in text
    assert "  B       3      0      3" in text
    fi = ref.engine.render("fi")
    assert "A (red): koti ●○○○  maali [●○○○], kertoimen merkit 1" in fi and "Sakkokirjanpito (0.33 l):" in fi


def test_undo_takes_back_a_pop_and_its_move():
    ref = started()
    before = ref.summary()
    pop(ref, 6, t=40)
    assert ref.engine.board.sides[D].stacks == {0: 1}
    ref.pop()
    assert ref.summary()["board"] == before["board"] and ref.engine.tries == 3
