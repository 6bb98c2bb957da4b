"""Properties of the Kiketti referee over generated legal games (tests/strategies_kiketti.py)."""

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee.kiketti  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import CardMoved, Paused
from tests.referee.strategies_kiketti import legal_games, mangled_games

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(legal_games())
def test_a_legal_game_replays_the_same_and_is_fully_judged(game):
    events, _ = game
    first, second = Referee.replay(events), Referee.replay(events)
    assert first.summary() == second.summary()
    assert [r.kind for r in first.rulings].count("impossible") == 0
    summary = first.engine.summary()
    assert summary["owed_penalty_cards"] == [0] * len(summary["table_cards"])
    assert first.engine.finished
    assert all(row["unjudged"] == [] for row in summary["score_sheet"]["rows"])


@FAST
@given(legal_games(max_rounds=1), st.data())
def test_undo_then_the_same_event_again_gives_the_same_state(game, data):
    events, _ = game
    k = data.draw(st.integers(1, len(events) - 1), label="events before the undo")
    ref = Referee.replay(events[: k + 1])
    before = ref.engine.summary()
    undone = ref.pop()
    assert undone is events[k]
    assert ref.engine.summary() == Referee.replay(events[:k]).engine.summary()
    ref.push(undone)
    assert ref.engine.summary() == before


@FAST
@given(legal_games())
def test_penalty_cards_are_twice_the_wrong_slaps_within_the_cap(game):
    events, sim = game
    ref = Referee.replay(events)
    wrong = [r for r in ref.rulings if r.kind == "wrong_slap"]
    counted = [r for r in wrong if r.data["wrong_in_attempt"] <= 3]
    assert len(counted) == sim.counted_wrong
    assert sum(r.penalty for r in wrong) == 2 * len(counted)
    assert sum(ref.engine.penalty_cards) == 2 * sim.counted_wrong + 2 * sim.slapped_opponent


@FAST
@given(legal_games(max_rounds=1), st.data())
def test_a_pause_anywhere_only_delays_the_rulings(game, data):
    events, _ = game
    k = data.draw(st.integers(1, len(events) - 1), label="pause before event")
    j = data.draw(st.integers(k, len(events) - 1), label="resume after event")
    paused = [*events[:k], Paused(t=events[k].t, on=True), *events[k:j + 1], Paused(t=events[j].t, on=False),
              *events[j + 1:]]
    plain, held = Referee.replay(events), Referee.replay(paused)
    assert held.engine.summary() == plain.engine.summary()
    kinds = [r.kind for r in held.rulings if r.kind not in ("paused", "resumed")]
    assert sorted(kinds) == sorted(r.kind for r in plain.rulings)


@FAST
@given(mangled_games())
def test_any_well_formed_events_get_rulings_never_a_crash(events):
    ref = Referee.replay(events)
    summary = ref.engine.summary()
    assert min(summary["table_cards"]) >= 0 and summary["stock"] >= 0
    assert min(summary["owed_penalty_cards"]) >= 0
    assert ref.engine.render("fi") and ref.engine.render("en")
    assert all(r.cause is not None and r.fi and r.en for r in ref.rulings)


NOTES = ("discard_unseen_in_hand", "swap_unseen_in_hand", "deal_unseen")   # the referee's word on a guess


def _replayed_as_seen(events, seen):
    """The game and a camera's account of it, replayed: the account must come to the same state. Returns
    how many of each note (NOTES) the account was given, its other rulings' kinds and the game's."""
    plain, guessed = Referee.replay(events), Referee.replay(seen)
    assert guessed.engine.summary() == plain.engine.summary()
    told = [r.kind for r in guessed.rulings]
    return Counter(k for k in told if k in NOTES), [k for k in told if k not in NOTES], [r.kind for r in plain.rulings]


def _unseen_in_hand(events, merge):
    """The game as a camera that missed some hands would send it: where ``merge`` says so, a draw
    (``stock -> handN``) followed at once by its discard (``handN -> pile``) or by its swap among the table
    cards (``handN -> seatN``) becomes one card straight from the stock (``stock -> pile``, ``stock ->
    seatN``) at the second move's time. A swap is merged only where the player is owed no card from the
    stock: such a card is taken for the one owed. Returns the events and how many of each were merged."""
    out, merged, i = [], {"pile": 0, "seat": 0}, 0
    while i < len(events):
        e, nxt = events[i], events[i + 1] if i + 1 < len(events) else None
        straight = (isinstance(e, CardMoved) and e.from_zone == "stock" and e.to_zone.startswith("hand")
                    and isinstance(nxt, CardMoved) and nxt.from_zone == e.to_zone
                    and (nxt.to_zone == "pile" or nxt.to_zone == "seat" + e.to_zone[4:]))
        if straight and nxt.to_zone.startswith("seat"):
            r, seat = Referee.replay(out).engine.r, int(e.to_zone[4:])
            straight = not r.owed_penalty[seat] and not r.owed_replace_in[seat]
        if straight and merge(i):
            out.append(replace(nxt, from_zone="stock", by=None))
            merged["pile" if nxt.to_zone == "pile" else "seat"] += 1
            i += 2
        else:
            out.append(e)
            i += 1
    return out, merged


@FAST
@given(legal_games(), st.data())
def test_turns_seen_only_as_a_card_straight_from_the_stock_are_judged_alike(game, data):
    events, _ = game
    seen, merged = _unseen_in_hand(events, lambda i: data.draw(st.booleans(), label=f"merge {i}"))
    notes, told, plain = _replayed_as_seen(events, seen)
    assert notes == Counter(discard_unseen_in_hand=merged["pile"], swap_unseen_in_hand=merged["seat"])
    assert told == plain


def _deal_seen_short(events, miss):
    """The game as a camera that missed cards of the first deal would send it: of the first round's deal
    cards, those ``miss`` picks are left out, at most one a seat (none where a card turned face up and the
    deal was spoiled). Returns the events and the seats seen short."""
    first_draw = next((i for i, e in enumerate(events) if isinstance(e, CardMoved) and e.from_zone == "stock"
                       and e.to_zone.startswith("hand")), 0)
    deal = [i for i, e in enumerate(events[:first_draw]) if isinstance(e, CardMoved) and e.from_zone == "stock"
            and e.to_zone.startswith("seat")]
    if any(events[i].face_up for i in deal):
        return events, set()
    short, missed = set(), set()
    for i in deal:
        if events[i].to_zone not in short and miss(i):
            short.add(events[i].to_zone)
            missed.add(i)
    return [e for i, e in enumerate(events) if i not in missed], short


@FAST
@given(legal_games(), st.data())
def test_a_first_deal_seen_a_card_short_at_some_seats_is_finished_when_the_opener_draws(game, data):
    events, _ = game
    seen, short = _deal_seen_short(events, lambda i: data.draw(st.booleans(), label=f"miss {i}"))
    notes, told, plain = _replayed_as_seen(events, seen)
    assert notes == Counter(deal_unseen=len(short))
    assert sorted(told) == sorted(plain)   # the round's start comes with the opener's draw, not the last card
