"""Skruuvi test helpers: a scripted-table event writer and a seeded simulation of whole games.

``Table`` writes the events the camera and the players would produce, with a running clock, so a
rule test reads as a description of the table.  ``simulate`` plays a whole game with real cards
(deals, bidding, exchanges, doubling, legal play, bolsevikki) and returns its events with what the
simulation itself counted (each deal's contract and tricks), independent of the engine; with
``features`` it makes sure the game holds a pass misère, a doubled contract and a revoke found
later.  With three players it plays the puupää: its hand opposite the dealer, then opposite the
highest bidder, always passing, never doubling, its partner handling it.  Run as a script it
writes a game's log:

    python3 -m tests.referee.make_skruuvi_log --seed 1 --out skruuvi.jsonl
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from pathlib import Path

import referee.skruuvi  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import CardMoved, CardsRevealed, Declared, GameStarted, Source, write_jsonl
from referee.skruuvi.cards import FOUR, Ring

PLAYERS = ("Aino", "Eero", "Sanni", "Ville")
THREE = PLAYERS[:3]  # with the puupää, seat 3
SUITS = "scdh"
RANKS = "23456789TJQKA"
FRAME_S = 0.04  # a 25 fps camera


class Table:
    """Writes the events of a scripted Skruuvi game; every method advances the clock by ``dt``."""

    def __init__(self, players=PLAYERS, settings=None, t: float = 0.0):
        self.t = t
        self.events = [GameStarted(t=t, game="skruuvi", players=tuple(players), settings=dict(settings or {}))]

    def _at(self, dt: float) -> float:
        self.t = round(self.t + dt, 3)
        return self.t

    def move(self, src: str, dst: str, card: str | None = None, by: int | None = None, face_up: bool = False,
             dt: float = 1.0):
        self.events.append(CardMoved(t=self._at(dt), source=Source.CAMERA, card=card, from_zone=src, to_zone=dst,
                                     face_up=face_up, by=by, t_uncertainty=FRAME_S))
        return self

    def say(self, seat: int, what: str, value: str | None = None, dt: float = 2.0):
        self.events.append(Declared(t=self._at(dt), source=Source.MANUAL, by=seat, what=what, value=value))
        return self

    # ------------------------------------------------------------ the deal

    def deal(self, dealer: int, centre_after=(4, 16, 28, 40), centre: bool = True, dt: float = 0.35,
             ring: Ring = FOUR):
        """52 cards face down, one at a time clockwise from the dealer's left (round ``ring``: with the
        puupää, its hand opposite the dealer); with ``centre`` a card to the centre after the given
        numbers of cards to the hands."""
        to_hands = 0
        spots = list(centre_after) if centre else []
        while to_hands < (48 if centre else 52):
            if spots and to_hands == spots[0]:
                spots.pop(0)
                self.move("deck", "centre", by=dealer, dt=dt)
                continue
            self.move("deck", f"hand{ring.after(dealer, 1 + to_hands)}", by=dealer, dt=dt)
            to_hands += 1
        for _ in spots:
            self.move("deck", "centre", by=dealer, dt=dt)
        return self

    # ------------------------------------------------------------ calls

    def bid(self, seat: int, value: str, dt: float = 3.0):
        return self.say(seat, "bid", value, dt)

    def pass_(self, seat: int, dt: float = 1.5):
        return self.say(seat, "pass", None, dt)

    def passes(self, first: int, count: int, step: int = 1):
        """``count`` passes from ``first`` on, each by the next seat (``step`` 1) or alternately by
        the first and his partner (``step`` 2)."""
        for k in range(count):
            self.pass_((first + k * step) % 4)
        return self

    def double(self, seat: int):
        return self.say(seat, "double")

    def redouble(self, seat: int):
        return self.say(seat, "redouble")

    # ------------------------------------------------------------ exchanges and play

    def reveal(self, cards, zone: str = "centre", dt: float = 3.0):
        self.events.append(CardsRevealed(t=self._at(dt), source=Source.CAMERA, zone=zone, cards=tuple(cards)))
        return self

    def take_centre(self, seat: int, count: int = 4):
        for _ in range(count):
            self.move("centre", f"hand{seat}", by=seat, dt=0.8)
        return self

    def give(self, giver: int, receiver: int, count: int = 1, card: str | None = None):
        for _ in range(count):
            self.move(f"hand{giver}", f"hand{receiver}", card=card, by=giver, dt=2.5)
        return self

    def play(self, seat: int, card: str, dt: float = 3.0, zone: str | None = None):
        return self.move(zone or f"hand{seat}", "trick", card=card, by=seat, face_up=True, dt=dt)

    def trick(self, leader: int, *cards: str):
        """Four cards, from the leader clockwise."""
        for k, card in enumerate(cards):
            self.play((leader + k) % 4, card)
        return self

    def gather(self, winner: int, count: int = 4):
        for _ in range(count):
            self.move("trick", f"tricks{winner}", dt=0.3)
        return self


class Live(Table):
    """A ``Table`` whose every event goes straight to a referee; ``last`` holds the rulings of the
    latest event, ``rulings`` all of them."""

    def __init__(self, players=PLAYERS, settings=None, language: str = "en"):
        super().__init__(players, settings)
        self.ref = Referee(self.events[0], language)
        self.last: list = []
        self.rulings: list = []

    @property
    def engine(self):
        return self.ref.engine

    def _push(self):
        self.last = self.ref.push(self.events[-1])
        self.rulings += self.last
        return self

    def move(self, *args, **kwargs):
        super().move(*args, **kwargs)
        return self._push()

    def say(self, *args, **kwargs):
        super().say(*args, **kwargs)
        return self._push()

    def reveal(self, *args, **kwargs):
        super().reveal(*args, **kwargs)
        return self._push()

    def kinds(self, since: int = 0) -> list[str]:
        return [r.kind for r in self.rulings[since:]]


_GROUPS = ("AKQ", "234", "567", "89T")  # a trick's four ranks, the top card for its winner


def play_out(table: Table, leader: int, winners, trump: str | None = None, order=None,
             ring: Ring = FOUR) -> list[list[tuple[int, str]]]:
    """Play a deal's 13 tricks with cards chosen so that trick k is won by ``winners[k]`` (tricks
    1-12, everyone following suit); trick 13 is four jacks, won by its leader, who leads the trump's
    jack.  ``order`` lists the suit of each of the first 12 tricks (default: three of each suit,
    s c d h); the first trick of a suit holds its ace.  The hands play in turn round ``ring``.
    Returns each trick's (seat, card) plays."""
    order = list(order or [suit for suit in SUITS for _ in range(3)])
    used = {suit: 0 for suit in SUITS}
    tricks = []
    for number, suit in enumerate(order, start=1):
        k = used[suit]
        used[suit] += 1
        ranks = [_GROUPS[0][k], *_GROUPS[k + 1]]  # top card first
        winner = winners[number - 1]
        turn = [ring.after(leader, i) for i in range(4)]
        seats = [winner] + [s for s in turn if s != winner]
        cards = dict(zip(seats, (r + suit for r in ranks)))
        plays = [(s, cards[s]) for s in turn]
        for seat, card in plays:
            table.play(seat, card)
        tricks.append(plays)
        leader = winner
    lead_suit = trump or "s"
    others = [suit for suit in SUITS if suit != lead_suit]
    plays = [(leader, "J" + lead_suit)] + [(ring.after(leader, i), "J" + others[i - 1]) for i in range(1, 4)]
    for seat, card in plays:
        table.play(seat, card)
    tricks.append(plays)
    return tricks


# ---------------------------------------------------------------- the simulation


def _strain_rank(form: str, strain: str) -> int:
    order = ("s", "c", "d", "h", "misere", "grand") if form == "kotka" else ("misere", "s", "c", "d", "h", "grand")
    return order.index(strain)


def _higher(form: str, bid: tuple[int, str], than: tuple[int, str] | None) -> bool:
    return than is None or (bid[0], _strain_rank(form, bid[1])) > (than[0], _strain_rank(form, than[1]))


def _lowest(form: str, strain: str, above: tuple[int, str] | None, floor: int) -> int:
    level = floor
    while not _higher(form, (level, strain), above):
        level += 1
    return level


def _trick_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    led = plays[0][1][1]
    return max(plays, key=lambda p: (2 if p[1][1] == trump else 1 if p[1][1] == led else 0, RANKS.index(p[1][0])))[0]


@dataclass
class SimDeal:
    """What the simulation itself knows of a deal, to check the engine against."""

    number: int
    sitsi: int
    form: str
    contract: str | None       # "5h", "pass_misere", "7misere"; None for a thrown-in deal
    by: int | None             # final bidder or bolsevikki player (a seat)
    tricks: list[int] = field(default_factory=lambda: [0, 0])  # per side (seat % 2; bolsevikki: 0 player)
    revoked: int | None = None  # the seat that revoked
    multiplier: int = 1


class Sim:
    """One simulated game: the rules as the table keeps them, real cards, seeded choices."""

    def __init__(self, seed: int, settings: dict | None = None, features: bool = True, players=PLAYERS):
        self.rng = random.Random(seed)
        self.three = len(players) == 3
        self.order = (0, 1, 2, 3)  # the hands clockwise, as they sit now
        self.settings = {"bookkeeper": 0, "sitsit": 3, "alkupeli_per_sitsi": 4, "kotka_per_sitsi": 4,
                         "bolsevikki_sitsit": [], "bolsevikki_order": "block", "bolsevikki_block_deals": 8,
                         **(settings or {})}
        self.table = Table(players, settings or {}, t=0.0)
        self.deals: list[SimDeal] = []
        per_sitsi = self.settings["alkupeli_per_sitsi"] + self.settings["kotka_per_sitsi"]
        ordinary = list(range(per_sitsi * self.settings["sitsit"]))
        alkupeli = [i for i in ordinary if i % per_sitsi < self.settings["alkupeli_per_sitsi"]]
        self.feature_pass_misere = self.rng.choice(alkupeli) if features and alkupeli else None
        rest = [i for i in ordinary if i != self.feature_pass_misere]
        picked = self.rng.sample(rest, min(2, len(rest))) if features else []
        self.feature_double, self.feature_revoke = (picked + [None, None])[:2]

    # ------------------------------------------------------------ the table

    def _after(self, seat: int, k: int = 1) -> int:
        return self.order[(self.order.index(seat) + k) % 4]

    def _seat_puupaa(self, opposite: int) -> None:
        """With three players: the puupää's hand (seat 3) opposite ``opposite``."""
        if self.three:
            self.order = (opposite, (opposite + 1) % 3, 3, (opposite + 2) % 3)

    def _sides(self) -> tuple[int, ...]:
        return tuple(self.order.index(s) % 2 for s in range(4))

    # ------------------------------------------------------------ the game

    def run(self) -> "Sim":
        s = self.settings
        ordinary = 0
        b = s["bookkeeper"]
        for sitsi in range(1, s["sitsit"] + 1):
            forms = ["alkupeli"] * s["alkupeli_per_sitsi"] + ["kotka"] * s["kotka_per_sitsi"]
            bolsevikki = s["bolsevikki_order"] if sitsi in s["bolsevikki_sitsit"] else None
            played: set[int] = set()
            index = 0
            while bolsevikki == "block" and index < s["bolsevikki_block_deals"] and len(played) < 4:
                forced = s["bolsevikki_block_deals"] - index <= 4 - len(played)
                self._bolsevikki((b + 1 + index) % 4, sitsi, played, forced)
                index += 1
            while forms or bolsevikki == "traditional" and len(played) < 4:
                dealer = (b + 1 + ordinary) % 3 if self.three else (b + 1 + index) % 4
                index += 1
                if bolsevikki == "traditional" and len(played) < 4:
                    dealt = self._bolsevikki(dealer, sitsi, played, len(forms) == 0, go_on=True)
                    if dealt is None:
                        continue
                    self._ordinary(forms.pop(0), dealer, sitsi, ordinary, dealt)
                else:
                    self._ordinary(forms.pop(0), dealer, sitsi, ordinary)
                ordinary += 1
            self.table._at(120.0)  # the players change seats
        return self

    def _deal(self, dealer: int, centre: bool) -> tuple[dict[int, list[str]], list[str]]:
        deck = [r + s for s in SUITS for r in RANKS]
        self.rng.shuffle(deck)
        self.table.reveal([deck[-1]], zone="deck", dt=self.rng.uniform(20, 40))  # laid face up by the shuffler
        while deck[-1][0] in "A2":  # no ace or two on top: shuffled again
            self.rng.shuffle(deck)
            self.table.reveal([deck[-1]], zone="deck", dt=self.rng.uniform(10, 20))
        self.table._at(self.rng.uniform(10, 20))  # the dealer takes it, the cut
        spots = sorted(self.rng.sample(range(1, 48), 4)) if centre else []
        while centre and spots[3] - spots[0] == 3:
            spots = sorted(self.rng.sample(range(1, 48), 4))
        hands: dict[int, list[str]] = {s: [] for s in range(4)}
        middle: list[str] = []
        to_hands = 0
        for card in deck:
            if centre and len(middle) < 4 and to_hands == spots[len(middle)]:
                middle.append(card)
                self.table.move("deck", "centre", by=dealer, dt=0.35)
                continue
            seat = self._after(dealer, 1 + to_hands)
            hands[seat].append(card)
            self.table.move("deck", f"hand{seat}", by=dealer, dt=0.35)
            to_hands += 1
        return hands, middle

    def _give(self, hands, giver: int, receiver: int, card: str | None = None) -> None:
        card = card or self.rng.choice(hands[giver])
        hands[giver].remove(card)
        hands[receiver].append(card)
        self.table.give(giver, receiver)

    # ------------------------------------------------------------ alkupeli and kotka

    def _ordinary(self, form: str, dealer: int, sitsi: int, ordinary: int, dealt=None) -> None:
        """An alkupeli or kotka; ``dealt``: the hands and centre of a deal whose bolsevikki round
        nobody claimed (the traditional order), a kotka's centre then dealt out unseen."""
        t = self.table
        centre = form == "alkupeli"
        self._seat_puupaa(dealer)
        hands, middle = dealt or self._deal(dealer, centre)
        if dealt and not centre:
            for k in range(1, 5):
                hands[(dealer + k) % 4].append(middle.pop())
                t.move("centre", f"hand{(dealer + k) % 4}", by=dealer, dt=0.8)
        deal = SimDeal(len(self.deals) + 1, sitsi, form, None, None)
        self.deals.append(deal)
        high, high_by, calls = self._auction(form, dealer, pass_misere=ordinary == self.feature_pass_misere)
        if high is None:
            deal.contract = "pass_misere"
            if centre:
                for k in range(1, 5):
                    card = middle.pop()
                    hands[self._after(dealer, k)].append(card)
                    t.move("centre", f"hand{self._after(dealer, k)}", by=dealer, dt=0.8)
            first = [self._after(dealer, 1), self._after(dealer, 2)]
            for seat in first:
                self._give(hands, seat, self._after(seat, 2))
            for seat in first:
                self._give(hands, self._after(seat, 2), seat)
            deal.multiplier = self._double_pass_misere(dealer, ordinary == self.feature_double)
            self._play(deal, hands, self._after(dealer, 1), None, self._sides(), ordinary == self.feature_revoke)
            return
        self._seat_puupaa(high_by)  # its cards move opposite the highest bidder
        taker = high_by
        if self.three and self.rng.random() < 0.5:
            taker = 3  # the declarer has the puupää take the centre (in kotka: give first)
        mate = self._after(taker, 2)
        if centre:
            t.reveal(middle).take_centre(taker)
            hands[taker] += middle
            for _ in range(4):
                self._give(hands, taker, mate)
            for seat in (taker, self._after(mate, 1), self._after(mate, 3)):
                self._give(hands, mate, seat)
        else:
            for _ in range(4):
                self._give(hands, taker, mate)
            for _ in range(4):
                self._give(hands, mate, taker)
        contract, final = self._continue(form, high_by, high, high_by)
        deal.contract, deal.by = f"{contract[0]}{contract[1]}", final
        if centre and self._swap_allowed(calls, final) and self.rng.random() < 0.8:
            first = self._after(final, 1)
            self._give(hands, first, self._after(first, 2))
            self._give(hands, self._after(first, 2), first)
        deal.multiplier = self._double_contract(final, ordinary == self.feature_double)
        trump = contract[1] if contract[1] in SUITS else None
        self._play(deal, hands, self._after(final, 1), trump, self._sides(), ordinary == self.feature_revoke)

    def _auction(self, form: str, dealer: int, pass_misere: bool):
        """Calls until every player has passed twice in a row, or four passes in the first round."""
        floor = 6 if form == "kotka" else 1
        calls: list[tuple[int, tuple[int, str] | None]] = []
        high, high_by, trailing = None, None, 0
        while True:
            seat = self._after(dealer, len(calls))
            if self.three and seat == 3:  # the puupää passes, unspoken
                calls.append((seat, None))
                trailing += 1
                if len(calls) == 4 and high is None:
                    return None, None, calls
                if high is not None and trailing == 8:
                    return high, high_by, calls
                continue
            bids = sum(1 for _, b in calls if b)
            want = 0.0 if pass_misere and len(calls) < 4 else (0.45 if high is None else 0.35 / (1 + bids))
            if not pass_misere and len(calls) == 3 and high is None:
                want = 1.0  # somebody opens (the feature's pass misère aside)
            bid = None
            if self.rng.random() < want:
                strain = self.rng.choice(("s", "c", "d", "h", "misere", "grand"))
                level = _lowest(form, strain, high, floor) + (1 if self.rng.random() < 0.15 else 0)
                if level <= 7 and not (high is not None and high[0] >= 6 and self.rng.random() < 0.7):
                    bid = (level, strain)
            calls.append((seat, bid))
            if bid:
                self.table.bid(seat, f"{bid[0]}{bid[1]}")
                high, high_by, trailing = bid, seat, 0
            else:
                self.table.pass_(seat)
                trailing += 1
            if len(calls) == 4 and high is None:
                return None, None, calls
            if high is not None and trailing == 8:
                return high, high_by, calls

    def _continue(self, form: str, taker: int, high, high_by: int):
        """The declarers bid on (the taker first) to a contract of level 5 at least, then pass twice each;
        with the puupää the highest bidder alone, in one call."""
        contract, by = high, high_by
        if self.three:
            if contract[0] < 5 or self.rng.random() < 0.25:
                strain = self.rng.choice(("s", "c", "d", "h", "misere", "grand"))
                level = max(5, _lowest(form, strain, contract, 1))
                if level <= 7:
                    self.table.bid(taker, f"{level}{strain}")
                    return (level, strain), taker
            self.table.pass_(taker)
            return contract, by
        seats = (taker, (taker + 2) % 4)
        turn = 0
        if contract[0] < 5 or self.rng.random() < 0.25:
            strain = self.rng.choice(("s", "c", "d", "h", "misere", "grand"))
            level = max(5, _lowest(form, strain, contract, 1))
            if level <= 7:  # always so below level 5
                contract, by = (level, strain), seats[0]
                self.table.bid(seats[0], f"{level}{strain}")
                turn = 1
        for k in range(4):
            self.table.pass_(seats[(turn + k) % 2])
        return contract, by

    def _swap_allowed(self, calls, final: int) -> bool:
        for i, (seat, bid) in enumerate(calls):
            if bid and seat in (final, self._after(final, 2)):
                return not (i < 4 and bid[0] >= 6)
        return True

    def _double_contract(self, final: int, feature: bool) -> int:
        first, second = self._after(final, 1), self._after(final, 3)
        if not feature and self.rng.random() > 0.12:
            return 1
        doubler = first if self.rng.random() < 0.6 else second
        if doubler == second:
            self.table.pass_(first)
        self.table.double(doubler)
        if self.rng.random() < 0.25:
            self.table.redouble(next(s for s in (self._after(doubler, 1), self._after(doubler, 3)) if s != 3 or
                                     not self.three))
            return 3
        return 2

    def _double_pass_misere(self, dealer: int, feature: bool) -> int:
        if not feature and self.rng.random() > 0.1:
            return 1
        speakers = [self._after(dealer, i) for i in range(4) if not (self.three and self._after(dealer, i) == 3)]
        k = self.rng.randrange(len(speakers))
        for seat in speakers[:k]:
            self.table.pass_(seat)
        self.table.double(speakers[k])
        return 2

    # ------------------------------------------------------------ bolsevikki

    def _bolsevikki(self, dealer: int, sitsi: int, played: set[int], forced: bool, go_on: bool = False):
        """A deal opening with a bolsevikki round; with nobody claiming, a block deal is thrown in,
        and with ``go_on`` (the traditional order) its hands and centre come back to play on."""
        t = self.table
        hands, middle = self._deal(dealer, True)
        claims = []
        for k in range(4):
            seat = (dealer + k) % 4
            if seat not in played and self.rng.random() < (0.5 if forced else 0.3):
                claims.append(seat)
                t.say(seat, "bolsevikki")
            else:
                t.pass_(seat)
        if not claims and not forced and go_on:
            return hands, middle
        deal = SimDeal(len(self.deals) + 1, sitsi, "bolsevikki", None, None)
        self.deals.append(deal)
        if not claims and not forced:
            deal.form = "thrown_in"
            for seat in range(4):
                for _ in range(12):
                    t.move(f"hand{seat}", "aside", dt=0.05)
            for _ in range(4):
                t.move("centre", "aside", dt=0.05)
            return
        if not claims:
            player = next((dealer + k) % 4 for k in range(4) if (dealer + k) % 4 not in played)
        elif len(claims) == 1:
            player = claims[0]
        else:
            player = claims[-1]
            for seat in claims[:-1]:
                if self.rng.random() < 0.5:
                    t.say(seat, "bolsevikki")
                    player = seat
                    break
                t.pass_(seat)
        played.add(player)
        t.reveal(middle).take_centre(player)
        hands[player] += middle
        for k in (1, 2, 3):
            self._give(hands, player, (player + k) % 4)
        strain = "misere"
        if self.rng.random() < 0.15:
            strain = self.rng.choice(("s", "c", "d", "h", "grand"))
            t.bid(player, f"7{strain}")
        else:
            t.pass_(player)
        deal.contract, deal.by = f"7{strain}", player
        order = ((player + 3) % 4, (player + 1) % 4, (player + 2) % 4)  # the niskamies first
        doublers = [seat for seat in order if self.rng.random() < 0.25]
        redouble = bool(doublers) and self.rng.random() < 0.3
        spoken = order if redouble else order[:order.index(doublers[-1]) + 1] if doublers else ()
        for seat in spoken:  # passes are said where someone after wants to speak
            t.say(seat, "double" if seat in doublers else "pass")
        if redouble:
            t.redouble(player)
        sides = tuple(0 if s == player else 1 for s in range(4))
        trump = strain if strain in SUITS else None
        self._play(deal, hands, (player + 3) % 4, trump, sides, False)
        return None

    # ------------------------------------------------------------ play

    def _play(self, deal: SimDeal, hands, leader: int, trump: str | None, sides, revoke: bool) -> None:
        t = self.table
        for number in range(1, 14):
            plays: list[tuple[int, str]] = []
            for k in range(4):
                seat = self._after(leader, k)
                hand = hands[seat]
                led = plays[0][1][1] if plays else None
                follow = [c for c in hand if c[1] == led]
                other = [c for c in hand if c[1] != led]
                if revoke and deal.revoked is None and plays and follow and other and number >= 2:
                    card = self.rng.choice(other)
                    deal.revoked = seat
                else:
                    card = self.rng.choice(follow or hand)
                hand.remove(card)
                plays.append((seat, card))
                t.play(seat, card, dt=self.rng.uniform(2.5, 10.0))
            leader = _trick_winner(plays, trump)
            deal.tricks[sides[leader]] += 1
            t.gather(leader)


def simulate(seed: int, settings: dict | None = None, features: bool = True,
             players=PLAYERS) -> tuple[list, list[SimDeal]]:
    """A whole game's events and the simulation's own account of each deal."""
    sim = Sim(seed, settings, features, players).run()
    return sim.table.events, sim.deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bolsevikki-sitsi", type=int, default=1, help="the sitsi with a bolsevikki block, 0: none")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    settings = {"bolsevikki_sitsit": [args.bolsevikki_sitsi]} if args.bolsevikki_sitsi else {}
    events, deals = simulate(args.seed, settings)
    played = [d for d in deals if d.form in ("alkupeli", "kotka")]
    block = f", a bolsevikki block in sitsi {args.bolsevikki_sitsi}" if args.bolsevikki_sitsi else ""
    header = (f"# Sample Skruuvi game: 4 players, 3 sitsi of {len(played)} deals{block} (a pass misère, a doubled "
              f"contract, a revoke). Generated by tests/referee/make_skruuvi_log.py --seed {args.seed}"
              f"{'' if args.bolsevikki_sitsi == 1 else f' --bolsevikki-sitsi {args.bolsevikki_sitsi}'}.\n")
    args.out.write_text(header + write_jsonl(events), encoding="utf-8")


if __name__ == "__main__":
    main()
