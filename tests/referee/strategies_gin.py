"""Gin rummy test helpers: hands for the meld search, a scripted-table event writer, and a bot
that plays whole games for the replay properties and the sample log."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from referee.events import CardLooked, CardMoved, CardsRevealed, Declared, GameStarted, Paused, Source
from referee.gin import GinEngine
from referee.gin.cards import DECK, RANKS, card_value
from referee.gin.melds import (best_arrangement, best_arrangements, best_with_lay_offs, deadwood, fits_in_melds,
                               is_run)
from referee.gin.scoring import ScoringRules, score_hand


def hands(size: int):
    """Any ``size`` different cards."""
    return st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)


@st.composite
def dense_hands(draw, size: int, ranks: int = 4):
    """``size`` cards out of ``ranks`` neighbouring ranks in every suit: sets and runs cross."""
    low = draw(st.integers(0, len(RANKS) - ranks))
    window = [card for card in DECK if low <= RANKS.index(card[0]) < low + ranks]
    return draw(st.lists(st.sampled_from(window), min_size=size, max_size=size, unique=True))


# ---------------------------------------------------------------- a scripted table

class Table:
    """Writes the events of a scripted gin rummy game; every method advances the clock by ``dt``."""

    def __init__(self, players=("Aino", "Eero"), settings=None, t: float = 0.0):
        self.t = t
        self.events = [GameStarted(t=t, game="gin", players=tuple(players), settings=dict(settings or {}))]

    def _at(self, dt: float) -> float:
        self.t = round(self.t + dt, 3)
        return self.t

    def _add(self, cls, dt, **fields):
        self.events.append(cls(t=self._at(dt), source=Source.MANUAL if cls is Declared else Source.CAMERA, **fields))
        return self

    def move(self, src: str, dst: str, card: str | None = None, face_up: bool = False, by: int | None = None,
             dt: float = 2.0):
        return self._add(CardMoved, dt, card=card, from_zone=src, to_zone=dst, face_up=face_up, by=by)

    def deal(self, dealer: int, counts=(10, 10), by: int | None = None, face_up_at: int | None = None,
             dt: float = 0.5):
        """One card at a time to the non-dealer first; ``counts`` per seat; ``face_up_at`` shows the k-th."""
        left = list(counts)
        seat, k = 1 - dealer, 0
        while any(left):
            if left[seat]:
                shown = k == face_up_at
                self.move("stock", f"hand{seat}", card="9s" if shown else None, face_up=shown, by=by, dt=dt)
                left[seat] -= 1
                k += 1
            seat = 1 - seat
        return self

    def upcard(self, card: str, dt: float = 1.5):
        return self.move("stock", "pile", card=card, face_up=True, dt=dt)

    def say(self, seat: int, what: str, value: str | None = None, dt: float = 2.0):
        return self._add(Declared, dt, by=seat, what=what, value=value)

    def pass_(self, seat: int, dt: float = 2.5):
        return self.say(seat, "pass", dt=dt)

    def take(self, seat: int, card: str, dt: float = 3.0):
        return self.move("pile", f"hand{seat}", card=card, face_up=True, dt=dt)

    def draw(self, seat: int, card: str | None = None, dt: float = 3.0):
        return self.move("stock", f"hand{seat}", card=card, dt=dt)

    def discard(self, seat: int, card: str, dt: float = 2.5):
        return self.move(f"hand{seat}", "pile", card=card, face_up=True, dt=dt)

    def turn(self, seat: int, card: str, take: str | None = None):
        """A draw (from the stock, or ``take`` from the pile) and a discard."""
        (self.take(seat, take) if take else self.draw(seat)).discard(seat, card)
        return self

    def knock(self, seat: int, value: int | None, declare_first: bool = False, dt: float = 2.0):
        """A face-down discard and the announcement (``value`` 0 says gin; None says nothing)."""
        what, said = ("gin", None) if value == 0 else ("knock", None if value is None else str(value))
        if declare_first:
            self.say(seat, what, said, dt=dt)
        self.move(f"hand{seat}", "pile", face_up=False, dt=dt)
        if not declare_first and value is not None:
            self.say(seat, what, said, dt=1.0)
        return self

    def reveal(self, zone: str, cards, dt: float = 3.0):
        return self._add(CardsRevealed, dt, zone=zone, cards=tuple(cards))

    def show(self, seat: int, melds=(), deadwood=()):
        """A player's melds (one flat list, as the camera reports a zone) and the cards left in hand."""
        if melds:
            self.reveal(f"melds{seat}", melds)
        if deadwood:
            self.reveal(f"hand{seat}", deadwood)
        return self

    def look(self, seat: int, zone: str = "stock", dt: float = 1.0):
        return self._add(CardLooked, dt, zone=zone, by=seat)

    def pause(self, on: bool, dt: float = 1.0):
        return self._add(Paused, dt, on=on)


# ---------------------------------------------------------------- a bot that plays whole games

@dataclass
class BotHand:
    """What the bot's own count says a hand came to, to hold the referee against."""

    dealer: int
    case: str
    winner: int | None = None
    points: tuple[int, ...] = (0, 0)
    win_points: tuple[int, ...] = (0, 0)


@dataclass
class BotGame:
    events: list
    hands: list[BotHand] = field(default_factory=list)
    totals: list[int] = field(default_factory=lambda: [0, 0])


def _improves(hand: list[str], card: str) -> bool:
    """Taking ``card`` leaves less deadwood, and the card is kept."""
    best = best_arrangement([*hand, card])
    return best.discard != card and best.value < deadwood(hand)


def bot_game(seed: int, settings=None, players=("Aino", "Eero"), t: float = 0.0) -> BotGame:
    """A whole game to its points, played by a bot that draws and discards legally and knocks
    whenever it may (in some hands it waits for 4 or less, or for gin, so that hands also die and
    get undercut), dealt from a deck shuffled by ``seed``; deterministic, with a table's pace."""
    rng = random.Random(seed)
    rules = dict(GinEngine.settings_defaults, **(settings or {}))
    table = Table(players, settings, t)
    game = BotGame(table.events)
    scoring = ScoringRules(rules["extras_toward_game"], rules["gin_bonus_two_melds_only"], rules["one_run_tenfold"])
    dealer = rules["first_dealer"]
    while max(game.totals) < rules["game_to"]:
        result = _bot_hand(table, rng, dealer, rules, scoring)
        game.hands.append(result)
        game.totals = [t + p for t, p in zip(game.totals, result.points)]
        if result.winner is not None:
            dealer = result.winner
        table.t = round(table.t + rng.uniform(20, 45), 3)   # gathering and shuffling
    return game


def _bot_hand(table: Table, rng: random.Random, dealer: int, rules: dict, scoring: ScoringRules) -> BotHand:
    deck = list(DECK)
    rng.shuffle(deck)
    other = 1 - dealer
    eleven = rules["eleven_cards"]
    hands = {other: [deck.pop() for _ in range(10 + eleven)], dealer: [deck.pop() for _ in range(10)]}
    table.deal(dealer, counts=(10 + eleven * (dealer == 1), 10 + eleven * (dealer == 0)), by=dealer,
               dt=round(rng.uniform(0.4, 0.7), 2))
    limit = rules["knock_limit"]
    waits_for = rng.choice((None, None, None, 4, 0))  # most hands it knocks as soon as it may
    turn, pile = other, []
    if not eleven:
        up = deck.pop()
        pile.append(up)
        table.upcard(up)
        if limit == "upcard":
            limit = card_value(up)
        for seat in (other, dealer):
            if _improves(hands[seat], up):
                hands[seat].append(pile.pop())
                table.take(seat, up, dt=round(rng.uniform(2, 5), 2))
                turn = seat
                break
            table.pass_(seat, dt=round(rng.uniform(1.5, 4), 2))
        else:
            hands[other].append(deck.pop())
            table.draw(other, dt=round(rng.uniform(2, 5), 2))
    while True:  # whoever holds 11 cards discards; a player holding 10 draws first
        hand = hands[turn]
        if len(hand) == 10:
            if pile and _improves(hand, pile[-1]):
                hand.append(pile.pop())
                table.take(turn, hand[-1], dt=round(rng.uniform(2, 6), 2))
            else:
                hand.append(deck.pop())
                table.draw(turn, dt=round(rng.uniform(2, 6), 2))
        best = best_arrangement(hand)
        hand.remove(best.discard)
        if best.value <= (limit if waits_for is None else min(limit, waits_for)):
            pile.append(best.discard)
            table.knock(turn, best.value, declare_first=rng.random() < 0.5, dt=round(rng.uniform(2, 4), 2))
            return _bot_show(table, rng, turn, hands, dealer, scoring, rules["lay_off_onto_gin"])
        pile.append(best.discard)
        table.discard(turn, best.discard, dt=round(rng.uniform(2, 6), 2))
        if len(deck) <= 2:
            return BotHand(dealer, "dead")
        turn = 1 - turn


def _bot_show(table: Table, rng: random.Random, knocker: int, hands, dealer: int, scoring: ScoringRules,
              onto_gin: bool) -> BotHand:
    defender = 1 - knocker
    listed = best_arrangements(hands[knocker])
    mine = listed[0]
    groupings = [a.melds for a in listed] if mine.value or onto_gin else []
    melds = [c for meld in mine.melds for c in meld]
    table.show(knocker, melds, mine.deadwood)
    theirs = best_with_lay_offs(hands[defender], groupings)
    own = [c for meld in theirs.melds for c in meld]
    if own:
        table.reveal(f"melds{defender}", own, dt=round(rng.uniform(3, 6), 2))
    if theirs.lay_offs:
        table.reveal(f"melds{knocker}", [*melds, *theirs.lay_offs], dt=round(rng.uniform(2, 5), 2))
    if theirs.deadwood:
        table.reveal(f"hand{defender}", theirs.deadwood, dt=round(rng.uniform(2, 4), 2))
    deadwoods = [0, 0]
    deadwoods[knocker], deadwoods[defender] = mine.value, theirs.value
    fewest = None if mine.value else next((n for n in (1, 2) if fits_in_melds(hands[knocker], n)), 3)
    score = score_hand(knocker, tuple(deadwoods), knocker_melds=fewest, one_run=is_run(hands[knocker]), rules=scoring)
    return BotHand(dealer, score.case, score.winner, score.points, score.win_points)
