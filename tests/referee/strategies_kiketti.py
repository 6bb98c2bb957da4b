"""Kiketti test helpers: a scripted-table event writer and hypothesis strategies for legal games.

``Table`` writes the events the camera, pads and button would send for a scripted game, with a
running clock, so tests (and the sample-game generator) read like a description of the table.
``legal_games`` simulates whole random rounds with real card identities and returns the events
together with what the simulation itself counted (wrong slaps within the cap, right slaps of
opponents' cards), independent of the engine under test.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from referee.events import (ButtonPressed, CardLooked, CardMoved, CardsRevealed, CardsSwapped, Declared,
                            GameStarted, PadSlapped, Paused, Source, Undo)

CAMERA_FRAME_S = 0.04  # a 25 fps camera: the landing time is known to one frame


class Table:
    """Writes the events of a scripted Kiketti game; every method advances the clock by ``dt``."""

    def __init__(self, players=("Aino", "Eero", "Sanni", "Ville"), settings=None, t=0.0):
        self.n = len(players)
        self.t = t
        self.events = [GameStarted(t=t, game="kiketti", players=tuple(players), settings=dict(settings or {}))]

    def _at(self, dt: float) -> float:
        self.t = round(self.t + dt, 3)
        return self.t

    def _move(self, dt, card, src, dst, by=None, face_up=False, t_uncertainty=CAMERA_FRAME_S):
        self.events.append(CardMoved(t=self._at(dt), source=Source.CAMERA, card=card, from_zone=src,
                                     to_zone=dst, face_up=face_up, by=by, t_uncertainty=t_uncertainty))
        return self

    def deal(self, dealer: int, face_up_at: int | None = None, dt: float = 0.4):
        """4 cards to each seat from the dealer's left; ``face_up_at`` turns the k-th card over."""
        for k in range(4 * self.n):
            seat = (dealer + 1 + k % self.n) % self.n
            self._move(dt, None, "stock", f"seat{seat}", by=dealer, face_up=k == face_up_at)
            if k == face_up_at:
                return self
        return self

    def gather(self, counts: dict[int, int], dt: float = 0.3):
        """Cards of a spoiled deal going back to the stock."""
        for seat, count in counts.items():
            for _ in range(count):
                self._move(dt, None, f"seat{seat}", "stock", by=None)
        return self

    def peek(self, seat: int, times: int = 2, dt: float = 1.0):
        for _ in range(times):
            self.events.append(CardLooked(t=self._at(dt), source=Source.CAMERA, zone=f"seat{seat}", by=seat))
        return self

    def draw(self, seat: int, dt: float = 3.0):
        return self._move(dt, None, "stock", f"hand{seat}", by=seat)

    def discard(self, seat: int, card: str, dt: float = 2.5):
        return self._move(dt, card, f"hand{seat}", "pile", by=seat, face_up=True)

    def turn(self, seat: int, card: str):
        """Draw and discard straight to the pile."""
        return self.draw(seat).discard(seat, card)

    def swap_in(self, seat: int, card_out: str, dt: float = 2.0):
        """Put the drawn card among the table cards and move ``card_out`` to the pile."""
        self._move(dt, None, f"hand{seat}", f"seat{seat}", by=seat)
        return self._move(1.0, card_out, f"seat{seat}", "pile", by=seat, face_up=True)

    def hand_back(self, seat: int, dt: float = 1.5):
        return self._move(dt, None, f"hand{seat}", "stock", by=seat)

    def slap(self, by: int, owner: int, card: str, dt: float = 0.9, pad: bool = False,
             t_uncertainty: float = CAMERA_FRAME_S):
        if pad:
            self.events.append(PadSlapped(t=self._at(dt), source=Source.SERIAL, seat=by, t_uncertainty=0.002))
            dt = 0.05
        return self._move(dt, card, f"seat{owner}", "pile", by=by, face_up=True, t_uncertainty=t_uncertainty)

    def back(self, card: str, owner: int, dt: float = 1.2):
        """A wrong or late slapped card goes back to its owner's table."""
        return self._move(dt, card, "pile", f"seat{owner}", face_up=True)

    def penalty(self, seat: int, count: int, dt: float = 1.0):
        for _ in range(count):
            self._move(dt, None, "stock", f"seat{seat}", by=seat)
        return self

    def replace(self, seat: int, dt: float = 1.5):
        """A card seen by accident goes into the stock and a new one comes in its place."""
        self._move(dt, None, f"seat{seat}", "stock", by=seat)
        return self._move(1.0, None, "stock", f"seat{seat}", by=seat)

    def look(self, by: int, owner: int, dt: float = 2.0):
        self.events.append(CardLooked(t=self._at(dt), source=Source.CAMERA, zone=f"seat{owner}", by=by))
        return self

    def swap(self, by: int, a: int, b: int, looked: bool = False, dt: float = 2.0):
        self.events.append(CardsSwapped(t=self._at(dt), source=Source.CAMERA, zone_a=f"seat{a}",
                                        zone_b=f"seat{b}", by=by, looked=looked))
        return self

    def call(self, seat: int, dt: float = 1.0):
        self.events.append(Declared(t=self._at(dt), source=Source.MANUAL, by=seat, what="kiketti"))
        return self

    def button(self, seat: int | None = None, long: bool = False, dt: float = 1.0):
        self.events.append(ButtonPressed(t=self._at(dt), source=Source.BUTTON, seat=seat, long=long,
                                         duration_s=2.5 if long else 0.2))
        return self

    def pause(self, on: bool, dt: float = 1.0):
        self.events.append(Paused(t=self._at(dt), source=Source.MANUAL, on=on))
        return self

    def kps_won(self, seat: int, dt: float = 5.0):
        self.events.append(Declared(t=self._at(dt), source=Source.MANUAL, by=seat, what="kps_won"))
        return self

    def reveal(self, seat: int, cards, dt: float = 2.0):
        self.events.append(CardsRevealed(t=self._at(dt), source=Source.CAMERA, zone=f"seat{seat}",
                                         cards=tuple(cards)))
        return self

    def wait(self, dt: float):
        self._at(dt)
        return self


# ---------------------------------------------------------------- simulated legal games

RANKS = "A23456789TJQK"
DECK = [r + s for r in RANKS for s in "shdc"]


class SimGame:
    """A legal random Kiketti round played with real cards, recording the events and its own
    count of the penalties that slaps must cause."""

    def __init__(self, n: int, seed: int, draw, cap: int = 3):
        """``draw`` is hypothesis's draw function: the simulation's choices are shrinkable."""
        self.n, self.draw, self.cap = n, draw, cap
        self.rng = random.Random(seed)
        self.table = Table(players=tuple(f"P{i}" for i in range(n)))
        self.counted_wrong = 0         # wrong slaps within the cap
        self.slapped_opponent = 0      # right slaps of an opponent's card

    def play_round(self, dealer: int, opener: int) -> int | None:
        """One round; returns the caller (None if a table was emptied without a call)."""
        tb, n = self.table, self.n
        deck = DECK[:]
        self.rng.shuffle(deck)
        seats = [[deck.pop() for _ in range(4)] for _ in range(n)]
        tb.deal(dealer)
        pile: list[str] = []
        caller, last_turns, turn = None, [], opener
        while True:
            if caller is not None and not last_turns:
                break
            card = deck.pop()
            tb.draw(turn)
            if seats[turn] and self.draw(st.booleans()):
                i = self.draw(st.integers(0, len(seats[turn]) - 1))
                out = seats[turn][i]
                seats[turn][i] = card
                tb.swap_in(turn, out)
                pile.append(out)
            else:
                tb.discard(turn, card)
                pile.append(card)
            if caller is not None:
                last_turns.remove(turn)
            emptied = self._slaps(seats, pile, deck)
            if emptied is not None:
                break
            # a call ends the round before the stock can run out
            if caller is None and (self.draw(st.integers(0, 3)) == 0 or len(deck) < 14):
                tb.call(turn)
                caller = turn
                last_turns = [(turn + k) % n for k in range(1, n)]
            turn = (turn + 1) % n
        for s in range(n):
            if seats[s]:
                tb.reveal(s, seats[s])
        return caller

    def _slaps(self, seats, pile, deck) -> int | None:
        """A few slaps against the top card: right or wrong, own or an opponent's."""
        tb, n = self.table, self.n
        wrong_by: dict[int, int] = {}
        by = 0
        for _ in range(self.draw(st.integers(0, 5))):
            if not self.draw(st.booleans()):  # often the same player slaps again
                by = self.draw(st.integers(0, n - 1))
            matching = [(o, i) for o in range(n) for i, c in enumerate(seats[o]) if c[0] == pile[-1][0]]
            if matching and self.draw(st.booleans()):
                owner, i = self.draw(st.sampled_from(matching))
            else:
                owner = self.draw(st.integers(0, n - 1))
                if not seats[owner]:
                    continue
                i = self.draw(st.integers(0, len(seats[owner]) - 1))
            if len(deck) < 8:
                continue
            card = seats[owner][i]
            tb.slap(by, owner, card, dt=1.1)
            if card[0] == pile[-1][0]:
                seats[owner].pop(i)
                pile.append(card)
                if owner != by:
                    self.slapped_opponent += 1
                    tb.penalty(owner, 2)
                    seats[owner] += [deck.pop(), deck.pop()]
                elif not seats[owner]:
                    return owner
            else:
                tb.back(card, owner)
                wrong_by[by] = wrong_by.get(by, 0) + 1
                if wrong_by[by] <= self.cap:
                    self.counted_wrong += 1
                    tb.penalty(by, 2)
                    seats[by] += [deck.pop(), deck.pop()]
        return None


@st.composite
def legal_games(draw, max_rounds: int = 2):
    """(events, sim) for a legal game of 2-5 players and 1-``max_rounds`` rounds."""
    n = draw(st.integers(2, 5))
    rounds = draw(st.integers(1, max_rounds))
    sim = SimGame(n, draw(st.integers(0, 2**32 - 1)), draw)
    sim.table.events[0] = GameStarted(t=0.0, game="kiketti", players=tuple(f"P{i}" for i in range(n)),
                                      settings={"rounds": rounds})
    last_caller = None
    for r in range(rounds):
        dealer = r % n
        opener = last_caller if last_caller is not None else (dealer + 1) % n
        caller = sim.play_round(dealer, opener)
        last_caller = caller if caller is not None else last_caller
        sim.table.wait(30.0)
    return sim.table.events, sim


# ---------------------------------------------------------------- noise: well-formed, mostly wrong

_ZONES = st.sampled_from(["stock", "pile", "seat0", "seat1", "seat2", "seat5", "hand0", "hand1", "hand7", "dome"])
_BY = st.one_of(st.none(), st.integers(0, 4))
_CARDS = st.sampled_from(DECK[:20])


def _move(t, card, a, b, face_up, by, tu):
    b = b if b != a else ("pile" if a != "pile" else "stock")
    return CardMoved(t=t, card=card, from_zone=a, to_zone=b, face_up=face_up, by=by, t_uncertainty=tu)


def any_event(t: float):
    """Any well-formed event at time ``t``: the referee must answer it, never crash."""
    return st.one_of(
        st.builds(_move, st.just(t), st.one_of(st.none(), _CARDS), _ZONES, _ZONES, st.booleans(), _BY,
                  st.sampled_from([0.0, 0.04, 0.5])),
        st.builds(lambda z, by: CardLooked(t=t, zone=z, by=by), _ZONES, _BY),
        st.builds(lambda a, b, by, lk: CardsSwapped(t=t, zone_a=a, zone_b=b, by=by, looked=lk),
                  _ZONES, _ZONES, _BY, st.booleans()),
        st.builds(lambda z, cs: CardsRevealed(t=t, zone=z, cards=tuple(dict.fromkeys(cs))), _ZONES,
                  st.lists(_CARDS, max_size=5)),
        st.builds(lambda by, w: Declared(t=t, by=by, what=w), st.integers(0, 4),
                  st.sampled_from(["kiketti", "kps_won", "hembo"])),
        st.builds(lambda seat, long: ButtonPressed(t=t, seat=seat, long=long), _BY, st.booleans()),
        st.builds(lambda seat: PadSlapped(t=t, seat=seat), st.integers(0, 4)),
        st.builds(lambda on: Paused(t=t, on=on), st.booleans()),
        st.just(Undo(t=t)),
    )


@st.composite
def mangled_games(draw):
    """A legal game with events dropped, repeated or inserted at random."""
    events, _ = draw(legal_games(max_rounds=1))
    events = list(events)
    for _ in range(draw(st.integers(1, 8))):
        k = draw(st.integers(1, len(events) - 1))
        how = draw(st.sampled_from(["drop", "repeat", "insert"]))
        if how == "drop" and len(events) > 2:
            del events[k]
        elif how == "repeat":
            events.insert(k, events[k])
        else:
            events.insert(k, draw(any_event(events[k - 1].t)))
    return events
