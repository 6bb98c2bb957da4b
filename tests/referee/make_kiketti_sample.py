"""Writes the embedded sample game, pelituomari/samples/kiketti.jsonl (run from the repo root:
``python3 tests/referee/make_kiketti_sample.py``).

Four players, ten rounds, every scoring case of RULINGS section 1 and every penalty kind at least
once.  The script is deterministic; tests/referee/test_kiketti_sample.py checks that the shipped file is
exactly its output and checks the score sheet against a hand calculation.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from referee.events import write_jsonl  # noqa: E402
from tests.referee.strategies_kiketti import Table  # noqa: E402

AINO, EERO, SANNI, VILLE = range(4)
SAMPLE = Path(__file__).resolve().parents[2] / "pelituomari" / "samples" / "kiketti.jsonl"


def peeks(tb: Table, first: int) -> None:
    for k in range(4):
        tb.peek((first + k) % 4)


def round_1(tb: Table) -> None:
    """Dealer Aino; a card turns over in the deal (redeal).  Eero opens and calls with the fewest.
    Penalties: Aino draws out of turn (1), Sanni slaps her own 6s wrongly (2)."""
    tb.deal(AINO, face_up_at=5).gather({AINO: 1, EERO: 2, SANNI: 2, VILLE: 1})
    tb.deal(AINO)
    peeks(tb, EERO)
    tb.turn(EERO, "5h")
    tb.turn(SANNI, "9c").look(SANNI, AINO)
    tb.draw(AINO).hand_back(AINO).penalty(AINO, 1)
    tb.turn(VILLE, "7d").look(VILLE, VILLE)
    tb.turn(AINO, "Qs").swap(AINO, AINO, SANNI)
    tb.draw(EERO).swap_in(EERO, "8h")
    tb.slap(SANNI, SANNI, "6s").back("6s", SANNI).penalty(SANNI, 2)
    tb.call(EERO)
    tb.turn(SANNI, "Jd")
    tb.turn(VILLE, "2c")
    tb.turn(AINO, "4d")
    tb.reveal(EERO, ["As", "2h", "Kd", "3c"])
    tb.reveal(AINO, ["9d", "Th", "5c", "6h", "Kc"])
    tb.reveal(SANNI, ["6s", "7c", "8d", "2s", "Jh", "4s"])
    tb.reveal(VILLE, ["Tc", "9s", "5d", "3h"])


def round_2(tb: Table) -> None:
    """Dealer Eero, Eero opens (last caller).  Ville calls tied for the fewest with Aino.
    Penalties: Sanni looks at her own card after a T (1); Aino slaps Eero's 4c right (Eero 2)."""
    tb.deal(EERO)
    peeks(tb, SANNI)
    tb.turn(EERO, "6c").slap(VILLE, VILLE, "6d")
    tb.turn(SANNI, "Td").look(SANNI, SANNI).penalty(SANNI, 1)
    tb.turn(VILLE, "4h").slap(AINO, EERO, "4c").penalty(EERO, 2)
    tb.call(VILLE)
    tb.turn(AINO, "Jc").swap(AINO, AINO, VILLE)
    tb.turn(EERO, "8s").look(EERO, EERO)
    tb.draw(SANNI).swap_in(SANNI, "9h")
    tb.reveal(VILLE, ["5s", "4d", "3s"])
    tb.reveal(AINO, ["2c", "3d", "Kh", "7h"])
    tb.reveal(EERO, ["9c", "Tc", "Qd", "7s", "5h"])
    tb.reveal(SANNI, ["Ah", "8c", "Js", "Qh", "2h"])


def round_3(tb: Table) -> None:
    """Dealer Sanni, Ville opens.  Ville calls without the fewest (Aino had fewer): own + highest.
    Penalties: Eero slaps wrongly four times against one 5c (3 count: 6 cards, the 4th is over the
    cap); Eero swaps after a 7 (1, swap undone); Sanni looks after swapping in (1)."""
    tb.deal(SANNI)
    peeks(tb, VILLE)
    tb.turn(VILLE, "5c")
    tb.slap(EERO, AINO, "9s").back("9s", AINO)
    tb.slap(EERO, EERO, "Kd").back("Kd", EERO)
    tb.slap(EERO, SANNI, "2d").back("2d", SANNI)
    tb.slap(EERO, EERO, "3h").back("3h", EERO)
    tb.penalty(EERO, 6)
    tb.turn(AINO, "Kc").look(AINO, SANNI).swap(AINO, AINO, SANNI)
    tb.turn(EERO, "7h").swap(EERO, EERO, VILLE).swap(EERO, EERO, VILLE).penalty(EERO, 1)
    tb.draw(SANNI).swap_in(SANNI, "8c").look(SANNI, VILLE).penalty(SANNI, 1)
    tb.turn(VILLE, "2c").call(VILLE)
    tb.turn(AINO, "6h")
    tb.turn(EERO, "3d")
    tb.turn(SANNI, "Ts").look(SANNI, AINO)
    tb.reveal(VILLE, ["4c", "5s", "Jc", "Kh"])
    tb.reveal(AINO, ["9s", "Ac", "2s", "2h"])
    tb.reveal(EERO, ["Kd", "3h", "Js", "Qs", "Qh", "Jh", "Td", "9d", "Ks", "7c", "5d"])
    tb.reveal(SANNI, ["2d", "Qc", "8h", "6d", "4s"])


def round_4(tb: Table) -> None:
    """Dealer Ville, Ville opens; nobody calls (the dot).  A pause holds Sanni's out-of-turn call;
    Aino and Eero slap threes 10 ms apart while Aino's is her last card: rock-paper-scissors, Eero
    wins, so his slap counts and Aino's still empties her table; Sanni's 3h is late."""
    tb.deal(VILLE)
    peeks(tb, AINO)
    tb.turn(VILLE, "5s").slap(AINO, AINO, "5h").slap(SANNI, SANNI, "5d")
    tb.turn(AINO, "9c").slap(AINO, AINO, "9h")
    tb.turn(EERO, "Jd").swap(EERO, EERO, SANNI)
    tb.button(long=True).call(SANNI).pause(False, dt=20.0)
    tb.turn(SANNI, "8d").slap(AINO, AINO, "8s")
    tb.turn(VILLE, "3c").slap(AINO, AINO, "3s").slap(EERO, EERO, "3d", dt=0.01)
    tb.kps_won(EERO)
    tb.slap(SANNI, SANNI, "3h", dt=2.0).back("3h", SANNI)
    tb.reveal(EERO, ["Ac", "2c", "4h"])
    tb.reveal(SANNI, ["3h", "Qs", "7d"])
    tb.reveal(VILLE, ["Th", "Kd", "6c", "2s"])


def round_5(tb: Table) -> None:
    """Dealer Aino, Ville opens.  Aino calls with the highest points: 2 x own, everyone below 0.
    Eero's second call is refused; Ville sees his own card by accident and replaces it."""
    tb.deal(AINO)
    peeks(tb, EERO)
    tb.turn(VILLE, "4s")
    tb.turn(AINO, "7c").look(AINO, AINO).call(AINO)
    tb.turn(EERO, "2d").call(EERO)
    tb.look(VILLE, VILLE).replace(VILLE)
    tb.turn(SANNI, "Kh").look(SANNI, VILLE).swap(SANNI, SANNI, VILLE)
    tb.turn(VILLE, "6s")
    tb.reveal(AINO, ["Qd", "Qh", "Ks", "Jc"])
    tb.reveal(EERO, ["As", "2h", "3c", "4d"])
    tb.reveal(SANNI, ["5c", "6d", "7h", "8c"])
    tb.reveal(VILLE, ["9s", "Ts", "Kd", "Ah"])


def round_6(tb: Table) -> None:
    """Dealer Eero, Aino opens.  Sanni calls and slaps her last card away, but Eero holds two red
    kings (0 points): the call fails, Sanni scores 0 + the highest."""
    tb.deal(EERO)
    peeks(tb, SANNI)
    tb.turn(AINO, "6h").slap(EERO, EERO, "6s").slap(SANNI, SANNI, "6c")
    tb.turn(EERO, "2s").slap(EERO, EERO, "2h").slap(SANNI, SANNI, "2c")
    tb.turn(SANNI, "9s").slap(SANNI, SANNI, "9h").call(SANNI, dt=0.5).slap(SANNI, SANNI, "9d", dt=0.5)
    tb.reveal(AINO, ["Qc", "Jh", "5d", "8s"])
    tb.reveal(EERO, ["Kh", "Kd"])
    tb.reveal(VILLE, ["3h", "4c", "Tc", "Jd"])


def round_7(tb: Table) -> None:
    """Dealer Sanni, Sanni opens.  Eero calls, then Ville empties his table in his last turn:
    the call fails, everyone scores own, Eero own + highest.  Ville's first slap is timed by his
    slap pad."""
    tb.deal(SANNI)
    peeks(tb, VILLE)
    tb.turn(SANNI, "4c").slap(VILLE, VILLE, "4h", pad=True).slap(VILLE, VILLE, "4s")
    tb.turn(VILLE, "Jh")
    tb.turn(AINO, "5c").slap(VILLE, VILLE, "5h")
    tb.turn(EERO, "8c").call(EERO)
    tb.turn(SANNI, "Qd").swap(SANNI, SANNI, AINO)
    tb.turn(VILLE, "Tc").slap(VILLE, VILLE, "Ts")
    tb.reveal(AINO, ["Ac", "As", "2d", "3s"])
    tb.reveal(EERO, ["6d", "7s", "8h", "9c"])
    tb.reveal(SANNI, ["Js", "Qs", "Kc", "Td"])


def round_8(tb: Table) -> None:
    """Dealer Ville, Eero opens.  Sanni swaps with a king (looked) and calls with the button;
    Eero turns his cards over before his last turn and loses it."""
    tb.deal(VILLE)
    peeks(tb, AINO)
    tb.turn(EERO, "3h")
    tb.turn(SANNI, "Kd").swap(SANNI, SANNI, AINO, looked=True).button()
    tb.turn(VILLE, "5s")
    tb.turn(AINO, "6c")
    tb.reveal(EERO, ["4d", "5d", "6d", "7d"])
    tb.reveal(SANNI, ["Ah", "2c", "3c", "Kh"])
    tb.reveal(VILLE, ["8s", "9s", "Ts", "Js"])
    tb.reveal(AINO, ["Qc", "Qh", "2h", "As"])


def round_9(tb: Table) -> None:
    """Dealer Aino, Sanni opens.  Aino calls out of turn (refused); Ville calls with the fewest."""
    tb.deal(AINO)
    peeks(tb, EERO)
    tb.turn(SANNI, "8d").look(SANNI, SANNI)
    tb.call(AINO)
    tb.turn(VILLE, "9h").look(VILLE, EERO).call(VILLE)
    tb.turn(AINO, "2s")
    tb.turn(EERO, "3s")
    tb.turn(SANNI, "4s")
    tb.reveal(VILLE, ["Ac", "Ad", "2d", "Kh"])
    tb.reveal(AINO, ["6h", "7h", "8h", "9c"])
    tb.reveal(EERO, ["3d", "4d", "5d", "6d"])
    tb.reveal(SANNI, ["Tc", "Jc", "Qc", "Kc"])


def round_10(tb: Table) -> None:
    """Dealer Eero, Ville opens.  Eero swaps in and calls with the fewest.  Aino ends the game
    with one call: 100 penalty points."""
    tb.deal(EERO)
    peeks(tb, SANNI)
    tb.turn(VILLE, "7s")
    tb.turn(AINO, "Ks").look(AINO, SANNI).swap(AINO, AINO, SANNI)
    tb.draw(EERO).swap_in(EERO, "5c").call(EERO)
    tb.turn(SANNI, "Qh")
    tb.turn(VILLE, "Jc")
    tb.turn(AINO, "Td")
    tb.reveal(EERO, ["Ac", "2c", "2h", "3c"])
    tb.reveal(AINO, ["9d", "9s", "4h", "5d"])
    tb.reveal(SANNI, ["Jh", "Qs", "6c", "8c"])
    tb.reveal(VILLE, ["Kh", "Kd", "Th", "6h"])


ROUNDS = (round_1, round_2, round_3, round_4, round_5, round_6, round_7, round_8, round_9, round_10)


def sample_events():
    tb = Table(t=0.0)
    tb.wait(5.0)
    for play in ROUNDS:
        play(tb)
        tb.wait(90.0)  # count the scores, gather and shuffle
    return tb.events


def sample_text() -> str:
    header = "# Sample Kiketti game: 4 players, 10 rounds. Generated by tests/referee/make_kiketti_sample.py.\n"
    return header + write_jsonl(sample_events())


if __name__ == "__main__":
    SAMPLE.write_text(sample_text(), encoding="utf-8")
    print(f"wrote {SAMPLE}")
