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

    def deal(self, dealer: int, counts=None, by: int | None = None, face_up_at: int | None = None,
             dt: float = 0.5, seats=None):
        """One card at a time to the non-dealer first; ``counts`` per seat of ``seats`` (the hand's players in
        turn order, default every seat; 10 each by default); ``face_up_at`` shows the k-th."""
        seats = tuple(range(len(self.events[0].players))) if seats is None else tuple(seats)
        left = dict(zip(seats, (10,) * len(seats) if counts is None else counts))
        i, k = (seats.index(dealer) + 1) % len(seats), 0
        while any(left.values()):
            seat = seats[i]
            if left[seat]:
                shown = k == face_up_at
                self.move("stock", f"hand{seat}", card="9s" if shown else None, face_up=shown, by=by, dt=dt)
                left[seat] -= 1
                k += 1
            i = (i + 1) % len(seats)
        return self

    def upcard(self, card: str, dt: float = 1.5, table: int | None = None):
        """The upcard turned (at a team game's ``table``: from its own stock to its own pile)."""
        k = "" if table is None else str(table)
        return self.move(f"stock{k}", f"pile{k}", card=card, face_up=True, dt=dt)

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
    while max(game.totals) < (rules["game_to"] or 100):
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


# ---------------------------------------------------------------- the bot at three players and in teams

@dataclass
class BotHandN:
    """One hand among ``seats`` as the bot counted it: points and win points by seat."""

    dealer: int
    seats: tuple[int, ...]
    case: str
    winner: int | None = None
    points: dict = field(default_factory=dict)
    win_points: dict = field(default_factory=dict)


@dataclass
class BotTeamHand:
    tables: list[BotHandN]
    score: object   # scoring.TeamHandScore


def bot_game_three(seed: int, settings=None, players=("Aino", "Eero", "Veera"), t: float = 0.0) -> BotGame:
    """A whole three-player game, until a player has more than its points (the book: over 100)."""
    rng = random.Random(seed)
    rules = dict(GinEngine.settings_defaults, **(settings or {}))
    table = Table(players, settings, t)
    game = BotGame(table.events, totals=[0, 0, 0])
    scoring = ScoringRules(rules["extras_toward_game"], rules["gin_bonus_two_melds_only"], rules["one_run_tenfold"])
    dealer = rules["first_dealer"]
    while max(game.totals) <= (rules["game_to"] or 100):
        result = _bot_hand_n(table, rng, dealer, (0, 1, 2), rules, scoring)
        game.hands.append(result)
        game.totals = [t + result.points.get(s, 0) for s, t in enumerate(game.totals)]
        if result.winner is not None:
            dealer = result.winner
        elif rules["dead_hand_dealer"] == "other":
            dealer = (dealer + 1) % 3
        table.t = round(table.t + rng.uniform(20, 45), 3)
    return game


def bot_game_teams(seed: int, settings=None, players=("Aino", "Eero", "Veera", "Olli"), t: float = 0.0):
    """A whole team game: every hand each table's two play it out, one table after the other (the
    tables are independent), until a team has the game's points.  Returns (events, team hands)."""
    from referee.gin.scoring import TEAM_GAME_TO, TableResult, HandScore, score_team_hand

    rng = random.Random(seed)
    rules = dict(GinEngine.settings_defaults, **(settings or {}))
    n = len(players)
    table = Table(players, settings, t)
    scoring = ScoringRules(rules["extras_toward_game"], rules["gin_bonus_two_melds_only"], rules["one_run_tenfold"])
    teams = (tuple(range(0, n, 2)), tuple(range(1, n, 2))) if rules["teams"] == "alternate" else \
        (tuple(range(n // 2)), tuple(range(n // 2, n)))
    team_of = {s: k for k, team in enumerate(teams) for s in team}
    rotate = n == 4 if rules["rotate_opponents"] is None else rules["rotate_opponents"]
    game_to = rules["game_to"] or TEAM_GAME_TO[n]
    totals, played, hands = [0, 0], [], []
    last: dict = {}   # frozenset(pair) -> (dealer, dead)
    won, dealt = set(), set()
    while max(totals) < game_to:
        shift = len(played) % len(teams[0]) if rotate else 0
        pairs = [(a, teams[1][(k + shift) % len(teams[1])]) for k, a in enumerate(teams[0])]
        results = []
        for k, (a, b) in enumerate(pairs):
            if not played:
                dealer = (a, b)[team_of[rules["first_dealer"]]]
            elif (a in won) != (b in won):
                dealer = a if a in won else b
            elif frozenset((a, b)) in last and last[frozenset((a, b))][1]:
                old = last[frozenset((a, b))][0]
                dealer = old if rules["dead_hand_dealer"] == "same" else ({a, b} - {old}).pop()
            elif (a in dealt) != (b in dealt):
                dealer = b if a in dealt else a
            else:
                dealer = a
            results.append(_bot_hand_n(table, rng, dealer, (a, b), rules, scoring, k))
        won = {r.winner for r in results if r.winner is not None}
        dealt = {r.dealer for r in results}
        last = {frozenset(r.seats): (r.dealer, r.case == "dead") for r in results}
        scored = [TableResult(r.seats, None if r.case == "dead" else HandScore(
            r.case, r.seats.index(r.winner), tuple(r.points[s] for s in r.seats),
            tuple(r.win_points[s] for s in r.seats))) for r in results]
        team = score_team_hand(team_of, scored, win_toward_game=rules["team_win_toward_game"],
                               even=rules["team_even_hand"])
        totals = [t + p for t, p in zip(totals, team.points)]
        played.append(pairs)
        hands.append(BotTeamHand(results, team))
        table.t = round(table.t + rng.uniform(20, 45), 3)
    return table.events, hands, totals


def _bot_hand_n(table: Table, rng: random.Random, dealer: int, seats: tuple[int, ...], rules: dict,
                scoring: ScoringRules, k: int | None = None) -> BotHandN:
    """One hand among ``seats`` (two at a team game's table ``k``, or three), played as bot_game's."""
    deck = list(DECK)
    rng.shuffle(deck)
    n = len(seats)

    def after(seat):
        return seats[(seats.index(seat) + 1) % n]

    forehand = after(dealer)
    order = [forehand]
    while order[-1] != dealer:
        order.append(after(order[-1]))
    eleven = rules["eleven_cards"]
    hands = {s: [deck.pop() for _ in range(10 + (eleven and s == forehand))] for s in order}
    table.deal(dealer, counts=[len(hands[s]) for s in seats], by=dealer, seats=seats,
               dt=round(rng.uniform(0.4, 0.7), 2))
    limit = rules["knock_limit"]
    waits_for = rng.choice((None, None, None, 4, 0))
    turn, pile = forehand, []
    if not eleven:
        up = deck.pop()
        pile.append(up)
        table.upcard(up, table=k)
        if limit == "upcard":
            limit = card_value(up)
        offer = order if rules["upcard_offer"] == "everyone" else [forehand, dealer]
        for seat in offer:
            if _improves(hands[seat], up):
                hands[seat].append(pile.pop())
                table.take(seat, up, dt=round(rng.uniform(2, 5), 2))
                turn = seat
                break
            table.pass_(seat, dt=round(rng.uniform(1.5, 4), 2))
        else:
            hands[forehand].append(deck.pop())
            table.draw(forehand, dt=round(rng.uniform(2, 5), 2))
    while True:
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
        pile.append(best.discard)
        if best.value <= (limit if waits_for is None else min(limit, waits_for)):
            table.knock(turn, best.value, declare_first=rng.random() < 0.5, dt=round(rng.uniform(2, 4), 2))
            return _bot_show_n(table, rng, turn, hands, dealer, seats, scoring, rules)
        table.discard(turn, best.discard, dt=round(rng.uniform(2, 6), 2))
        if len(deck) <= 2:
            return BotHandN(dealer, seats, "dead")
        turn = after(turn)


def _bot_show_n(table: Table, rng: random.Random, knocker: int, hands, dealer: int, seats, scoring: ScoringRules,
                rules: dict) -> BotHandN:
    from referee.gin.scoring import score_three
    from referee.gin.showing import BEST, _extended, count_defender, count_defenders

    listed = best_arrangements(hands[knocker])
    mine = listed[0]
    may = bool(mine.value) or rules["lay_off_onto_gin"]
    groupings = [a.melds for a in listed] if may else []
    melds = [c for meld in mine.melds for c in meld]
    table.show(knocker, melds, mine.deadwood)
    fewest = None if mine.value else next((m for m in (1, 2) if fits_in_melds(hands[knocker], m)), 3)
    one_run = is_run(hands[knocker])
    i = seats.index(knocker)
    defenders = [seats[(i + j) % len(seats)] for j in range(1, len(seats))]
    if len(seats) == 2:
        (defender,) = defenders
        theirs = best_with_lay_offs(hands[defender], groupings)
        own = [c for meld in theirs.melds for c in meld]
        if own:
            table.reveal(f"melds{defender}", own, dt=round(rng.uniform(3, 6), 2))
        if theirs.lay_offs:
            table.reveal(f"melds{knocker}", [*melds, *theirs.lay_offs], dt=round(rng.uniform(2, 5), 2))
        if theirs.deadwood:
            table.reveal(f"hand{defender}", theirs.deadwood, dt=round(rng.uniform(2, 4), 2))
        local = [0, 0]
        local[seats.index(knocker)], local[seats.index(defender)] = mine.value, theirs.value
        score = score_hand(seats.index(knocker), tuple(local), knocker_melds=fewest, one_run=one_run, rules=scoring)
    else:
        first, second = defenders
        zones = {s: [] for s in seats}
        zones[knocker] = list(melds)
        a1 = best_with_lay_offs(hands[first], groupings)
        shown = {first: ([c for m in a1.melds for c in m], list(a1.deadwood), list(a1.lay_offs))}
        zones[first] = list(shown[first][0])   # the zone, which the second's lay-offs may join
        if zones[first]:
            table.reveal(f"melds{first}", zones[first], dt=round(rng.uniform(3, 6), 2))
        if a1.lay_offs:
            zones[knocker] += a1.lay_offs
            table.reveal(f"melds{knocker}", zones[knocker], dt=round(rng.uniform(2, 5), 2))
        if a1.deadwood:
            table.reveal(f"hand{first}", a1.deadwood, dt=round(rng.uniform(2, 4), 2))
        onto = [tuple(_extended(m, a1.lay_offs) for m in g) + a1.melds for g in groupings] or [a1.melds]
        a2 = best_with_lay_offs(hands[second], onto)
        shown[second] = ([c for m in a2.melds for c in m], list(a2.deadwood), list(a2.lay_offs))
        if shown[second][0]:
            table.reveal(f"melds{second}", shown[second][0], dt=round(rng.uniform(3, 6), 2))
        if a2.lay_offs:
            target = knocker if may else first
            zones[target] += a2.lay_offs
            table.reveal(f"melds{target}", zones[target], dt=round(rng.uniform(2, 5), 2))
        if a2.deadwood:
            table.reveal(f"hand{second}", a2.deadwood, dt=round(rng.uniform(2, 4), 2))
        counts = count_defenders(shown, groupings, may, rules["lay_offs"])
        alone = count_defender(*shown[first], groupings, may, BEST)
        dc = counts[first]
        if rules["lay_offs"] != BEST and dc.counted.value > dc.best.value and dc.best.value < alone.best.value:
            extra = [c for c in dc.best.lay_offs if c not in shown[first][2]]   # the last look: onto the second's
            shown[first] = ([c for c in shown[first][0] if c not in extra],
                            [c for c in shown[first][1] if c not in extra], [*shown[first][2], *extra])
            table.reveal(f"melds{second}", [*shown[second][0], *extra], dt=round(rng.uniform(2, 4), 2))
            counts = count_defenders(shown, groupings, may, rules["lay_offs"])
        deadwoods = [0, 0, 0]
        deadwoods[knocker] = mine.value
        for d in defenders:
            deadwoods[d] = counts[d].deadwood
        score = score_three(knocker, tuple(deadwoods), knocker_melds=fewest, one_run=one_run, rules=scoring)
    return BotHandN(dealer, seats, score.case, seats[score.winner], dict(zip(seats, score.points)),
                    dict(zip(seats, score.win_points)))
