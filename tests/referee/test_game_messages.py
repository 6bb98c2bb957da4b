"""What the Kiketti and Kimble referees say: a few full sentences in both languages, and message books
with no dead and no missing keys.  The rule tests assert kinds, seats, penalties, data and reasons;
the round and game summaries are checked word for word in test_kiketti_sample and here."""

import ast
import importlib
from pathlib import Path

import pytest

from referee.events import FineDrunk
from tests.referee.test_kiketti import A as AINO, E as EERO, S as SANNI, V as VILLE, dealt, referee
from tests.referee.test_kimble_helpers import A, B, C, pop, place, started, turn

GAMES = ("kiketti", "kimble")
ROOT = Path(__file__).resolve().parents[2]


def book(game: str):
    return importlib.import_module(f"referee.{game}.messages").MESSAGES


def package_trees(game: str) -> list[ast.Module]:
    return [ast.parse(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "referee" / game).glob("*.py"))]


def book_keys(tree: ast.Module) -> set[int]:
    """The ids of the key nodes of the MessageBook(...) literal in a module (none where it has none)."""
    return {id(key) for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "MessageBook" for key in node.args[1].keys}


def named_keys(node: ast.expr) -> list[str | None]:
    """The message keys an argument names: a string (or None), or either of a conditional's."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, type(None))):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return named_keys(node.body) + named_keys(node.orelse)
    return []


def keys_named_in_calls(tree: ast.Module) -> set[str]:
    """Keys named where the code words a message: MESSAGES.ruling/impossible/words and phrase(...)."""
    named = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        what = func.attr if isinstance(func, ast.Attribute) and getattr(func.value, "id", None) == "MESSAGES" \
            else func.id if isinstance(func, ast.Name) else None
        if what == "ruling":  # worded by its key, or by its kind where the key is left out or None
            key = next((kw.value for kw in node.keywords if kw.arg == "key"), ast.Constant(None))
            keys = named_keys(key)
            named.update(named_keys(node.args[0]) if None in keys else [], keys)
        elif what in ("impossible", "words", "phrase"):
            named.update(named_keys(node.args[0]))
    return named - {None}


@pytest.mark.parametrize("game", GAMES)
def test_every_message_in_the_book_is_named_by_the_games_code(game):
    trees = package_trees(game)
    strings = {node.value for tree in trees for excluded in [book_keys(tree)] for node in ast.walk(tree)
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in excluded}
    assert sorted(set(book(game).texts) - strings) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_key_the_code_words_a_message_by_is_in_the_book(game):
    named = set().union(*(keys_named_in_calls(tree) for tree in package_trees(game)))
    assert len(named) > 40
    assert sorted(named - set(book(game).texts)) == []


# ---------------------------------------------------------------- Kiketti


def test_kiketti_rulings_in_both_languages():
    ref = referee(dealt(dealer=2, first_dealer=2).turn(VILLE, "5h").slap(SANNI, SANNI, "6d").draw(EERO)
                  .hand_back(EERO).swap(SANNI, SANNI, AINO))
    said = [(r.kind, r.fi, r.en) for r in ref.rulings]
    assert said == [
        ("round_started", "Kierros 1/10: jakaja Sanni, aloittaa Ville.", "Round 1/10: dealer Sanni, Ville opens."),
        ("wrong_slap", "Väärin: Sanni löi oman korttinsa 6d, kasassa 5h. Kortti näytetään kaikille ja palaa pöytään; "
                       "2 sakkokorttia.",
         "Wrong: Sanni slapped their own 6d onto 5h. The card is shown to all and goes back; 2 penalty cards."),
        ("penalty", "Eero nosti väärällä vuorolla: kortti takaisin pakan keskelle: 1 sakkokortti pelaajalle Eero.",
         "Eero drew out of turn: the card goes back into the stock: 1 penalty card to Eero."),
        ("penalty", "Sanni vaihtoi kortteja ilman voimaa; vaihto perutaan: 1 sakkokortti pelaajalle Sanni.",
         "Sanni swapped cards without a power; the swap is undone: 1 penalty card to Sanni."),
    ]


def test_a_kiketti_refusal_in_both_languages():
    tb = dealt().turn(EERO, "5h").draw(VILLE).hand_back(VILLE).penalty(VILLE, 1)
    tb._move(1.0, None, "stock", "seat3")
    last = referee(tb).rulings[-1]
    assert (last.kind, last.reason, last.seats) == ("impossible", "not_owed_from_stock", (VILLE,))
    assert (last.fi, last.en) == ("Ville ei ole velkaa yhtään korttia pakasta.", "Ville is owed no card from the stock.")


@pytest.mark.parametrize("setup,fi,en", [
    (lambda tb: tb.draw(EERO).look(EERO, EERO), "kortti vielä kädessä: ei voimaa jolla katsoa omaa korttia",
     "the drawn card still in hand: no power to look at an own card"),
    (lambda tb: tb.turn(EERO, "5h").look(EERO, EERO), "ilman voimaa: katsoi omaa korttia",
     "without a power: looked at an own card"),
    (lambda tb: tb.turn(EERO, "7h").look(EERO, EERO).look(EERO, EERO), "voima jo käytetty: katsoi omaa korttia",
     "the power already used: looked at an own card"),
    (lambda tb: tb.draw(EERO).swap_in(EERO, "Qd").swap(EERO, EERO, SANNI), "vaihdon jälkeen: vaihtoi kortit",
     "after a swap-in: swapped cards"),
    (lambda tb: tb.turn(EERO, "Kc").look(EERO, SANNI).look(EERO, AINO), "K: katsoi vastustajan korttia",
     "K: looked at an opponent card"),
])
def test_a_misused_power_is_named_with_what_was_wrong(setup, fi, en):
    tb = dealt()
    setup(tb)
    last = referee(tb).rulings[-1]
    assert last.fi == f"Voima käytetty väärin ({fi}); tietoa ei saa käyttää: 1 sakkokortti pelaajalle Eero."
    assert last.en == f"Power used wrongly ({en}); the information may not be used: 1 penalty card to Eero."


def test_kiketti_game_over_lists_last_to_first_in_both_languages():
    tb = dealt(players=("Aino", "Eero"), rounds=1).turn(EERO, "5h").call(EERO).turn(AINO, "6h")
    tb.reveal(EERO, ["As", "2s", "3s", "4s"]).reveal(AINO, ["Ah", "2h", "3h", "Kc"])
    *_, scored, missing, _, over = referee(tb).rulings
    assert scored.en == "Round 1: Aino 21, Eero 0 (Eero called with the fewest: 0)."
    assert scored.fi == "Kierros 1: Aino 21, Eero 0 (Eero kiketöi vähimmillä pisteillä: 0)."
    assert (missing.fi, missing.en) == ("Aino: 2 kikettiä puuttuu, +200 pistettä.", "Aino: 2 call(s) missing, +200 points.")
    assert over.fi == "Peli päättyi. Tulokset viimeisestä ensimmäiseen: 2. Aino 221 p, 1. Eero 100 p."
    assert over.en == "Game over. Results from last place to first: 2. Aino 221 pts, 1. Eero 100 pts."


# ---------------------------------------------------------------- Kimble


def test_kimble_rulings_in_both_languages():
    ref = started(settings={"members": [1, 3, 1, 1]})
    stray = pop(ref, 2, by=B)[0]
    assert (stray.fi, stray.en) == ("B: naksautus ei kelpaa; nollaa kupu lukuun 4. Vuoro: D.",
                                    "B: the pop does not count; reset the die to 4. Turn: D.")
    pop(ref, 4, by=B)
    place(ref, A, stacks={1: 1})
    place(ref, B, stacks={24: 1})  # track3
    turn(ref, A)
    said = [(r.kind, r.fi, r.en) for r in pop(ref, 2)]
    assert said == [
        ("move", "A: track1→track3 (ainoa siirto: tuomari siirsi).",
         "A: track1→track3 (the only move: applied by the referee)."),
        ("fine", "B: 1 sakkoa (0.33 l) – syötiin track3:ssa (1 = kertoimien tulo)",
         "B: 1 fine(s) (0.33 l) – eaten at track3 (1 = product of multipliers)"),
        ("hembo_due", "B: sanokaa ”Vi bor i hembo” ennen seuraavan joukkueen naksua.",
         'B must say "Vi bor i hembo" before the next team pops.'),
    ]


def test_a_kimble_refusal_in_both_languages():
    (refused,) = started().push(FineDrunk(t=30, team=A, count=1))
    assert (refused.kind, refused.reason, refused.seats) == ("impossible", "drinks_more_than_owed", (A,))
    assert (refused.fi, refused.en) == ("A on velkaa 0 sakkoa, ei voi juoda 1.", "A: owes 0, cannot drink 1.")


def test_kimble_game_over_names_the_winner_and_the_moral_winner_in_both_languages():
    ref = started()
    place(ref, B, stacks={27: 1}, goal=(1, 2, 3))
    ref.engine.ledger.give(C, 2, "eaten", 0)
    ref.push(FineDrunk(t=30, team=C, count=2))
    turn(ref, B)
    over = pop(ref, 4)[-1]
    assert over.kind == "game_over" and over.seats == (B,)
    assert (over.fi, over.en) == ("B voitti! Moraalinen voittaja: C.", "B wins! Moral winner: C.")
