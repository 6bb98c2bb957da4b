"""The Kiketti referee: deal, peeks, turns, powers, slaps, calls, reveals and scoring.

Observations map onto the game like this (zones: ``stock``, ``pile``, ``seatN`` = player N's
face-down table cards, ``handN`` = the card N holds after drawing):

- deal: ``stock -> seatN`` face down, 4 per seat; a card face up during the deal is a redeal;
- turn: draw ``stock -> handN``; then discard ``handN -> pile`` (7-K: a power may follow as
  ``CardLooked``/``CardsSwapped``), or swap in ``handN -> seatN`` and ``seatN -> pile``; a card
  straight ``stock -> pile`` (the camera did not see it held) is the discard of the player holding
  the drawn card, or else the draw and discard of the player due to draw;
- slap: ``seatM -> pile`` by S while a card is on the pile; a wrong or late card goes back
  ``pile -> seatM``; penalty cards are ``stock -> seatS``;
- call: ``Declared(what="kiketti")`` or a short button press; reveal: ``CardsRevealed``.

The engine counts cards per zone, not identities: a face-down card is unknown until the camera
sees its face, and scoring uses only the revealed cards (what could not be seen is reported as
``unjudged``, never guessed).  Owed cards (penalty cards, wrong or late slaps going back, a card
seen by accident being replaced) are tracked until the table shows them done; a table counts as
empty only when nothing is owed back to it.

Timing: a card landed on the pile at some time in ``[t - t_uncertainty, t]`` (``t`` is when it was
first seen there; a slap pad's hit is its time give or take its ``t_uncertainty``), and at least
``timing_resolution_s`` before it was seen.  Two landings by different players whose times could be
in either order, and whose order changes the outcome, go to rock-paper-scissors ("KPS") and
wait for ``Declared(what="kps_won")``; events meanwhile are held and judged after it.  A slap
pad's hit gives its seat's slap time; when pads show the later-seen slap was first, the two are
judged again in that order (``order_corrected``).

Pause: while the referee is paused (long press or ``Paused``) table events are held, not lost,
and judged in their order on resume, so the state always follows the table.

Camera blind (``CameraBlind``): nothing done in the dark is ruled on; the counts and the pile's top
the camera found after it set the referee's (``_blind``), and whoever draws next is due where turns
may have gone by unseen.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import Engine, Impossible, Ruling, register
from ..events import (ButtonPressed, CameraBlind, CardLooked, CardMoved, CardsRevealed, CardsSwapped, Declared,
                     Event, Paused, PadSlapped, hand_zone, seat_zone, zone_seat)
from .cards import POWERS, hand_points, rank
from .messages import MESSAGES, PLAYER_ZONES, POWER_STATES, joined, penalty_cards, phrase
from .scoring import score_round
from .sheet import ScoreSheet

DECK_SIZE = 52
CARDS_DEALT = 4
PEEKS = 2  # the book: everyone may look at 2 own cards at the start


@dataclass
class Landing:
    """The latest card to land on the pile, kept to order it against the next one."""

    seq: int
    event: CardMoved
    seat: int
    t: float
    earliest: float  # it landed at some time from earliest to latest
    latest: float
    before: KikettiEngine  # the engine before this landing (without its own latest landing)
    by_pad: bool = False   # its time is a slap pad's, not the camera's first sighting


@dataclass
class KpsWait:
    """Two landings the referee could not order: waiting for the rock-paper-scissors winner."""

    first: Landing
    second_seq: int
    second: CardMoved
    seats: tuple[int, int]


@dataclass
class Round:
    """Everything that is reset when a new round is dealt."""

    n: int
    dealer: int
    opener: int
    table: list[int] = field(init=False)    # face-down cards per seat, as on the table now
    holds_turn_card: list[bool] = field(init=False)  # the card drawn for the seat's turn
    owed_to_stock: list[int] = field(init=False)     # cards drawn out of turn, going back
    has_drawn: list[bool] = field(init=False)
    peeks: list[int] = field(init=False)
    owed_penalty: list[int] = field(init=False)
    owed_replace_out: list[int] = field(init=False)  # a card seen by accident, back to the stock
    owed_replace_in: list[int] = field(init=False)   # and its replacement from the stock
    turn: int = field(init=False)
    stock: int = DECK_SIZE
    pile: list[str] = field(default_factory=list)    # cards accepted on the pile, top last
    phase: str = "deal"            # deal -> play -> reveal
    redealing: bool = False
    stage: str = "draw"            # draw (opener to draw), hold, swap_in, done (power window open)
    power: str | None = None       # rank discarded from the stock, "swap_in", "none" or "used"
    looked_zone: str | None = None  # a king's looked-at card, for its optional swap
    opener_drew: bool = False
    previous_turn: int | None = None    # whose turn the latest draw ended
    turn_began_t: float | None = None   # when the current turn's card was drawn
    caller: int | None = None
    final_turns: list[int] = field(default_factory=list)
    ended: bool = False            # a table was emptied: the round is over at once
    emptied_by: int | None = None
    owed_returns: list[tuple[str, int]] = field(default_factory=list)   # (card, seat) pile -> seat
    shown: set[str] = field(default_factory=set)   # shown to all, now face down on some table
    swaps_to_undo: list[tuple[str, str]] = field(default_factory=list)
    discards: int = 0              # turn discards so far: a slap attempt is against one of them
    wrong_slaps: dict[tuple[int, int], int] = field(default_factory=dict)
    revealed: dict[int, tuple[str, ...]] = field(default_factory=dict)
    unseen: set[int] = field(default_factory=set)   # seats whose points could not be fully judged
    turn_unseen: bool = False      # turns may have gone by while the camera was blind: whoever draws next is due
    landed_unseen: set[str] = field(default_factory=set)  # found on the pile's top after the camera was blind
    top_unknown: bool = False      # what lies on the pile's top is not known (a card under it landed unseen)
    unsure: bool = False           # the camera was blind this round: what seems impossible is the referee's doubt
    penalty_unseen: list[int] = field(init=False)  # penalty cards a seat may be given for a slap judged unseen

    def __post_init__(self) -> None:
        n = self.n
        self.table, self.holds_turn_card, self.owed_to_stock = [0] * n, [False] * n, [0] * n
        self.has_drawn, self.peeks = [False] * n, [0] * n
        self.owed_penalty, self.owed_replace_out, self.owed_replace_in = [0] * n, [0] * n, [0] * n
        self.penalty_unseen = [0] * n
        self.turn = self.opener

    def holding(self, seat: int) -> int:
        """Cards the seat has or is owed back: a table is empty only when this is 0."""
        back = sum(1 for _, s in self.owed_returns if s == seat)
        return self.table[seat] + self.owed_penalty[seat] + back + self.owed_replace_in[seat]


@register
class KikettiEngine(Engine):
    """Kiketti for 2-8 players (rule book ``kiketti.md``, RULINGS section 1)."""

    game = "kiketti"
    settings_defaults: dict[str, Any] = {
        "first_dealer": 0,
        "rounds": None,                      # None: 2n + 2
        "wrong_slap_cap": 3,                 # wrong slaps that count per attempt
        "penalty_cards_per_wrong_slap": 2,
        "penalty_cards_per_slapped_card": 2,  # to the owner of a card an opponent slapped right
        "penalty_cards_per_misplay": 1,       # out-of-turn draw, power used wrongly
        "missing_call_penalty": 100,
        "required_calls": 2,
        "timing_resolution_s": 0.02,
        "pad_match_window_s": 2.0,           # a pad hit older than this is not a slap's time
        "late_first_peek": True,             # book: a player who has not had their 2 peeks may
                                             # still take them after the opener drew (RULINGS: no)
        "accidental_look_penalty_cards": 0,  # book: a card seen by accident is only replaced
        "late_call_grace_s": 2.0,            # book: if the next player draws too early, the
                                             # previous one may still call (RULINGS: silent)
    }

    def __init__(self, start):
        super().__init__(start)
        self.n = len(self.players)
        self._check_settings()
        s = self.settings
        self.rounds_total = s["rounds"] if s["rounds"] is not None else 2 * self.n + 2
        self.sheet = ScoreSheet(self.players, s["required_calls"])
        self.penalty_cards = [0] * self.n
        self.last_caller: int | None = None
        self.over = False
        self.frozen = False
        self.held: list[tuple[int, Event]] = []
        self.kps: KpsWait | None = None
        self.landing: Landing | None = None
        self.pads: dict[int, tuple[float, float]] = {}
        self.round_index = 0
        self.r = self._new_round()

    def _check_settings(self) -> None:
        s = self.settings
        if not 2 <= self.n <= 8:
            raise ValueError(f"kiketti is for 2-8 players, got {self.n}")
        whole = {"first_dealer": 0, "wrong_slap_cap": 1, "penalty_cards_per_wrong_slap": 0,
                 "penalty_cards_per_slapped_card": 0, "penalty_cards_per_misplay": 0,
                 "missing_call_penalty": 0, "required_calls": 0, "accidental_look_penalty_cards": 0}
        for name, low in whole.items():
            if isinstance(s[name], bool) or not isinstance(s[name], int) or s[name] < low:
                raise ValueError(f"setting '{name}' must be a whole number >= {low}, got {s[name]!r}")
        if s["first_dealer"] >= self.n:
            raise ValueError(f"setting 'first_dealer' must be a seat 0-{self.n - 1}, got {s['first_dealer']}")
        if s["rounds"] is not None and (isinstance(s["rounds"], bool) or not isinstance(s["rounds"], int)
                                        or s["rounds"] < 1):
            raise ValueError(f"setting 'rounds' must be a whole number >= 1 or null, got {s['rounds']!r}")
        for name in ("timing_resolution_s", "pad_match_window_s", "late_call_grace_s"):
            if isinstance(s[name], bool) or not isinstance(s[name], (int, float)) or s[name] < 0:
                raise ValueError(f"setting '{name}' must be a number of seconds >= 0, got {s[name]!r}")
        if not isinstance(s["late_first_peek"], bool):
            raise ValueError(f"setting 'late_first_peek' must be true or false, got {s['late_first_peek']!r}")

    # ------------------------------------------------------------ routing

    @property
    def finished(self) -> bool:
        return self.over

    def apply(self, event: Event, seq: int) -> list[Ruling]:
        if isinstance(event, Paused) or (isinstance(event, ButtonPressed) and event.long):
            return self._pause(event)
        if self.frozen or (self.kps and not _is_kps_won(event)):
            self.held.append((seq, event))
            return []
        if self.over:
            raise MESSAGES.impossible("game_over")
        if not self.r.unsure or not isinstance(event, (CardMoved, CardsRevealed)):
            return self._dispatch(event, seq)
        saved = self._save()
        try:
            return self._dispatch(event, seq)
        except Impossible:  # on a table the camera lost sight of this round, the referee's count is in doubt
            self._restore(saved)
            return []

    def _dispatch(self, event: Event, seq: int) -> list[Ruling]:
        if not _is_landing(event) and not isinstance(event, PadSlapped):
            self.landing = None  # only back-to-back landings are ordered against each other
        if isinstance(event, CardMoved):
            return self._moved(event, seq)
        if isinstance(event, CardLooked):
            return self._looked(event)
        if isinstance(event, CardsSwapped):
            return self._swapped(event)
        if isinstance(event, CardsRevealed):
            return self._revealed(event)
        if isinstance(event, CameraBlind):
            return self._blind(event)
        if isinstance(event, PadSlapped):
            self._seat(event.seat, "seat")
            self.pads[event.seat] = (event.t, event.t_uncertainty)
            return []
        if isinstance(event, ButtonPressed):
            return self._call(event.seat, event.t)
        if isinstance(event, Declared):
            if event.what == "kiketti":
                return self._call(event.by, event.t)
            if event.what == "kps_won":
                return self._kps_won(event.by, seq)
            raise MESSAGES.impossible("unknown_declaration", (event.by,), what=event.what)
        raise MESSAGES.impossible("foreign_event", type=event.type)

    def _run_held(self) -> list[Ruling]:
        """Judge the events held during a pause or a KPS, in their order, each on its own."""
        items, self.held = self.held, []
        out: list[Ruling] = []
        for seq, event in items:
            saved = self._save()
            try:
                rulings = self.apply(event, seq)
            except Impossible as e:
                self._restore(saved)
                rulings = [e.ruling()]
            out += [_caused(r, seq) for r in rulings]
        return out

    def _save(self) -> KikettiEngine:
        """A copy of this engine to go back to, made as the referee makes its snapshots; the latest landing
        is left out, as it holds such a copy itself."""
        landing, self.landing = self.landing, None
        try:
            return copy.deepcopy(self)
        finally:
            self.landing = landing

    def _restore(self, saved: KikettiEngine) -> None:
        """Go back to a saved copy, which stays as saved."""
        self._become(copy.deepcopy(saved))

    def _become(self, other: KikettiEngine) -> None:
        """Take over the state of ``other``, a copy of this engine (saved, or tried in another order)."""
        self.__dict__ = other.__dict__

    # ------------------------------------------------------------ pause

    def _pause(self, event: Event) -> list[Ruling]:
        on = (not self.frozen) if isinstance(event, ButtonPressed) else event.on
        if on == self.frozen:
            raise MESSAGES.impossible("already_paused" if on else "not_paused")
        self.frozen = on
        if on:
            return [MESSAGES.ruling("paused")]
        rulings = [MESSAGES.ruling("resumed")]
        return rulings + (self._run_held() if not self.kps else [])

    # ------------------------------------------------------------ rounds

    def _new_round(self) -> Round:
        dealer = (self.settings["first_dealer"] + self.round_index) % self.n
        opener = self.last_caller if self.last_caller is not None else (dealer + 1) % self.n
        self.landing, self.pads = None, {}
        return Round(self.n, dealer, opener)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def _seat(self, seat: int | None, what: str) -> int:
        if seat is None or seat >= self.n:
            raise MESSAGES.impossible("no_such_seat", seat=seat, what=what, last=self.n - 1)
        return seat

    def _zone_seat(self, zone: str, kind: str) -> int:
        seat = zone_seat(zone)
        if seat is None or not zone.startswith(kind):
            raise MESSAGES.impossible("not_a_player_zone", zone=zone, place=PLAYER_ZONES[kind])
        return self._seat(seat, zone)

    # ------------------------------------------------------------ card moves

    def _moved(self, e: CardMoved, seq: int) -> list[Ruling]:
        src, dst = _zone_kind(e.from_zone), _zone_kind(e.to_zone)
        if dst == "pile" and src in ("seat", "hand", "stock"):
            return self._landing(e, seq)
        handlers = {
            ("stock", "seat"): self._card_to_table,
            ("stock", "hand"): self._draw,
            ("hand", "seat"): self._swap_in,
            ("hand", "stock"): self._hand_back,
            ("pile", "seat"): self._card_back,
            ("seat", "stock"): self._table_to_stock,
            ("pile", "stock"): self._turn_pile,
        }
        if (src, dst) not in handlers:
            raise MESSAGES.impossible("no_such_move", src=e.from_zone, dst=e.to_zone)
        return handlers[(src, dst)](e)

    def _card_to_table(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.to_zone, "seat")
        if r.phase == "deal":
            return self._deal(e, seat)
        if not r.owed_penalty[seat] and not r.owed_replace_in[seat] and r.penalty_unseen[seat]:
            self._take_from_stock()
            r.penalty_unseen[seat] -= 1
            r.table[seat] += 1
            return []
        if not r.owed_penalty[seat] and not r.owed_replace_in[seat] and r.unsure and r.pile[-1:] and \
                r.pile[-1] in r.landed_unseen:
            # a card come to a seat that no hand or pile was seen losing, the pile's top landed unseen: that
            # card taken back (the camera saw the top go only as the card beneath showed)
            return self._card_back(replace(e, card=r.pile[-1], from_zone="pile"))
        if not r.owed_penalty[seat] and not r.owed_replace_in[seat] and r.unsure:
            self._take_from_stock()  # owed for something done unseen (a slap judged in the dark), as given
            r.table[seat] += 1
            return []
        if not r.owed_penalty[seat] and not r.owed_replace_in[seat]:
            return self._straight_swap_in(e, seat)
        self._take_from_stock()
        if r.owed_penalty[seat]:
            r.owed_penalty[seat] -= 1
        else:
            r.owed_replace_in[seat] -= 1
        r.table[seat] += 1
        return []

    def _straight_swap_in(self, e: CardMoved, seat: int) -> list[Ruling]:
        """A card straight from the stock to a seat owed none: the drawn card put among the player's table
        cards from a hand the camera missed (the turn's draw too, unless the card was already held), told
        so the players can correct it if the camera guessed wrong."""
        r = self.r
        held = r.phase == "play" and r.stage == "hold" and r.turn == seat and r.holds_turn_card[seat]
        if not held and seat != self._next_drawer():
            raise MESSAGES.impossible("not_owed_from_stock", (seat,), player=self.name(seat))
        told = MESSAGES.ruling("swap_unseen_in_hand", (seat,), player=self.name(seat))
        return self._through_hand_unseen(e, seat, held, told, self._swap_in)

    def _through_hand_unseen(self, e: CardMoved, seat: int, held: bool, told: Ruling, then) -> list[Ruling]:
        """A card the camera saw come from the stock that went through seat's hand unseen: the turn's draw
        (unless the card was already held), what the referee tells of its guess, then the move on from the
        hand (then: _discard or _swap_in)."""
        hand = hand_zone(seat)
        drawn = [] if held else self._draw(replace(e, card=None, from_zone="stock", to_zone=hand, face_up=False,
                                                   by=seat))
        return [*drawn, told, *then(replace(e, from_zone=hand, by=seat))]

    def _deal(self, e: CardMoved, seat: int) -> list[Ruling]:
        r = self.r
        if e.face_up:
            self.r = Round(self.n, r.dealer, r.opener)
            self.r.redealing = True
            return [MESSAGES.ruling("redeal", (r.dealer,))]
        if r.table[seat] >= CARDS_DEALT:
            raise MESSAGES.impossible("fully_dealt", (seat,), player=self.name(seat), n=CARDS_DEALT)
        r.redealing = False
        r.table[seat] += 1
        r.stock -= 1
        if all(c == CARDS_DEALT for c in r.table):
            return [self._play_begins()]
        return []

    def _play_begins(self) -> Ruling:
        r = self.r
        r.phase = "play"
        no = self.round_index + 1
        return MESSAGES.ruling("round_started", (r.opener,), round=no, rounds=self.rounds_total,
                               dealer=self.name(r.dealer), opener=self.name(r.opener),
                               data={"round": no, "dealer": r.dealer, "opener": r.opener})

    def _deal_seen_short(self, drawer: int) -> list[Ruling]:
        """The opener draws while the camera saw some seats dealt one card short: those cards were dealt
        unseen (under a lamp's reflection, say), so the deal is taken as finished, saying so. Any other
        draw in the deal is impossible."""
        r = self.r
        short = [seat for seat in range(self.n) if r.table[seat] < CARDS_DEALT]
        if drawer != r.opener or r.redealing or any(r.table[seat] < CARDS_DEALT - 1 for seat in short):
            raise MESSAGES.impossible("draw_in_deal", (drawer,))
        told = [MESSAGES.ruling("deal_unseen", (seat,), player=self.name(seat)) for seat in short]
        r.table, r.stock = [CARDS_DEALT] * self.n, r.stock - len(short)
        return [*told, self._play_begins()]

    def _take_from_stock(self) -> None:
        if self.r.stock <= 0:
            raise MESSAGES.impossible("stock_empty")
        self.r.stock -= 1

    def _next_drawer(self, seat: int | None = None) -> int | None:
        """Who is due to draw; seat: the one who draws, due whoever it is after turns gone by unseen (but for
        a seat whose last turn after a call is played)."""
        r = self.r
        if r.phase != "play" or r.ended:
            return None
        if r.turn_unseen and seat is not None and r.stage in ("draw", "done", "swap_in") and (
                r.caller is None or seat in r.final_turns):
            return seat
        if r.stage == "draw":
            return r.turn
        if r.stage != "done":
            return None
        nxt = (r.turn + 1) % self.n
        if r.caller is not None and nxt not in r.final_turns:
            return None
        return nxt

    def _draw(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.to_zone, "hand")
        told = self._deal_seen_short(seat) if r.phase == "deal" else []
        self._take_from_stock()
        if seat != self._next_drawer(seat):
            r.owed_to_stock[seat] += 1
            return [self._penalty(seat, self.settings["penalty_cards_per_misplay"], "out_of_turn_draw",
                                  player=self.name(seat))]
        r.holds_turn_card[seat] = True
        r.previous_turn = r.turn if r.stage == "done" and not r.turn_unseen else None
        r.turn_unseen = False
        r.turn_began_t = e.t
        r.turn, r.stage, r.power, r.looked_zone = seat, "hold", None, None
        r.opener_drew = True
        r.has_drawn[seat] = True
        if r.caller is not None:
            r.final_turns.remove(seat)
        return told

    def _hand_back(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.from_zone, "hand")
        if not r.owed_to_stock[seat]:
            raise MESSAGES.impossible("nothing_owed_to_stock", (seat,), player=self.name(seat))
        r.owed_to_stock[seat] -= 1
        r.stock += 1
        return []

    def _swap_in(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.from_zone, "hand")
        if self._zone_seat(e.to_zone, "seat") != seat:
            raise MESSAGES.impossible("swap_in_elsewhere", (seat,))
        if not r.holds_turn_card[seat] or r.stage != "hold":
            raise MESSAGES.impossible("not_drawn", (seat,), player=self.name(seat))
        r.holds_turn_card[seat] = False
        r.table[seat] += 1
        r.stage = "swap_in"
        return []

    def _card_back(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.to_zone, "seat")
        owed = [i for i, (card, s) in enumerate(r.owed_returns) if s == seat and e.card in (None, card)]
        back = e.card if e.card is not None else (r.pile[-1] if r.pile else None)
        if not owed and back in r.landed_unseen and back in r.pile:
            # slapped while the camera was blind and taken back: wrong (or late), as judged unseen; the
            # penalty cards the players give for it are taken as given
            r.landed_unseen.discard(back)
            r.pile.remove(back)
            r.shown.add(back)
            r.top_unknown = True  # what it covered landed unseen too, as far as the referee knows
            r.table[seat] += 1
            r.penalty_unseen[seat] += self.settings["penalty_cards_per_wrong_slap"]
            return []
        if not owed:
            raise MESSAGES.impossible("not_owed_from_pile", (seat,), card=e.card or "", player=self.name(seat))
        r.shown.add(r.owed_returns.pop(owed[0])[0])
        r.table[seat] += 1
        return []

    def _table_to_stock(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.from_zone, "seat")
        if r.phase == "deal" and r.redealing:
            return []  # gathering the cards of a spoiled deal
        if not r.owed_replace_out[seat] or not r.table[seat]:
            raise MESSAGES.impossible("table_card_not_owed", (seat,), player=self.name(seat))
        r.owed_replace_out[seat] -= 1
        r.owed_replace_in[seat] += 1
        r.table[seat] -= 1
        r.stock += 1
        return []

    def _turn_pile(self, e: CardMoved) -> list[Ruling]:
        r = self.r
        if r.stock > 0 or len(r.pile) < 2:
            raise MESSAGES.impossible("pile_not_turnable")
        r.stock = len(r.pile) - 1
        r.pile = r.pile[-1:]
        return []

    # ------------------------------------------------------------ the camera blind

    def _blind(self, e: CameraBlind) -> list[Ruling]:
        """The camera saw nothing for a while: nothing done then is ruled on (whose turn, how fast, which
        card a slap was against: unseen), the referee says so, and takes the table as the camera found it
        after (``e.counts``, ``e.pile_top``) for its count: a drawn card gone from a hand was played (swapped
        in, where its seat's row gained a card it was not owed: the next card out of the row is its swap), a
        card now in a hand drawn, a seat's cards as many as lie there (owed cards it gained paid), a new card
        on the pile's top landed unseen (taken back to a seat, it was a wrong slap judged unseen: no ruling,
        and its penalty cards are taken as given). Where the table changed, turns may have gone by (whoever
        draws next is due), and for the rest of the round what seems impossible is the referee's doubt."""
        r = self.r
        self.landing, self.pads = None, {}
        told = [MESSAGES.ruling("unseen", data={"since": e.t, "until": e.until}, since=e.t, until=e.until)]
        if not e.counts or r.phase == "reveal" or r.ended:
            return told
        seen = list(r.table)  # the cards the referee saw on each seat's table before the dark
        if r.phase == "deal":
            played = e.pile_top is not None or any(e.counts.get(hand_zone(seat), 0) for seat in range(self.n))
            if not played and any(e.counts.get(seat_zone(seat), 0) < CARDS_DEALT for seat in range(self.n)):
                for seat in range(self.n):
                    self._table_found(seat, e.counts.get(seat_zone(seat), r.table[seat]))
                r.unsure = r.unsure or r.table != seen
                return told
            for seat in range(self.n):  # dealt in the dark (a card on the pile, or drawn: play has begun)
                r.stock, r.table[seat] = max(0, r.stock - (CARDS_DEALT - r.table[seat])), CARDS_DEALT
            told.append(self._play_begins())
        before = (list(r.table), list(r.holds_turn_card), r.pile[-1:])
        gained = [self._table_found(seat, e.counts[seat_zone(seat)]) if seat_zone(seat) in e.counts else 0
                  for seat in range(self.n)]
        for seat in range(self.n):
            held = e.counts.get(hand_zone(seat))
            if held == 0 and r.holds_turn_card[seat]:  # the drawn card played: discarded (or swapped in and
                r.holds_turn_card[seat] = False         # one put out)
                r.stage, r.power = "done", "none"
            if held == 0 and r.owed_to_stock[seat]:
                r.owed_to_stock[seat], r.stock = 0, r.stock + r.owed_to_stock[seat]
        for seat in [seat for seat in range(self.n) if gained[seat] > 0][-1:]:
            # a card it was not owed among a seat's table cards: its drawn card swapped in, the next card out of
            # its row its swap (drawn in the dark too, unless it held the card)
            r.holds_turn_card[seat], r.has_drawn[seat], r.opener_drew = False, True, True
            r.turn, r.stage, r.power, r.looked_zone, r.previous_turn = seat, "swap_in", None, None, None
        if e.pile_top is None:
            r.top_unknown = bool(r.pile)  # the pile's top not read: what lies there now is not known
        elif e.pile_top not in r.pile[-1:]:
            if e.pile_top in r.pile:
                r.pile.remove(e.pile_top)
            r.pile.append(e.pile_top)
            r.landed_unseen.add(e.pile_top)
            r.shown.discard(e.pile_top)
            r.discards += 1
            r.power = rank(e.pile_top) if rank(e.pile_top) in POWERS and r.stage == "done" else r.power
            r.top_unknown = False
        due = self._next_drawer()
        drew = sorted((seat for seat in range(self.n) if e.counts.get(hand_zone(seat), 0) > r.holds_turn_card[seat]
                       + r.owed_to_stock[seat]), key=lambda seat: seat != due)
        if (list(r.table), list(r.holds_turn_card), r.pile[-1:]) != before or drew or r.table != seen:
            r.turn_unseen = r.unsure = True  # the table changed in the dark: the referee's count is in doubt
        for seat in drew[1:]:  # more hands hold a card than one turn's: drawn out of turn, unseen, going back
            r.owed_to_stock[seat] += 1
            r.stock = max(0, r.stock - 1)
        for seat in drew[:1]:  # a player holds the turn's card: it was drawn unseen
            r.stock = max(0, r.stock - 1)
            r.holds_turn_card[seat], r.has_drawn[seat], r.opener_drew = True, True, True
            r.turn, r.stage, r.power, r.looked_zone = seat, "hold", None, None
            r.turn_began_t, r.previous_turn, r.turn_unseen = e.until, None, False
            if r.caller is not None and seat in r.final_turns:
                r.final_turns.remove(seat)
        emptied = [self._emptied(seat) for seat in range(self.n) if r.holding(seat) == 0 and seen[seat]][:1]
        return told + emptied

    def _table_found(self, seat: int, count: int) -> int:
        """A seat found holding ``count`` cards after the camera was blind: the cards owed to it that it gained
        were paid (penalty cards, slaps gone back, a replacement), the cards it lost went unseen (slapped,
        swapped out). Returns how many it gained in play that it was not owed."""
        r = self.r
        gained, unowed = count - r.table[seat], 0
        for _ in range(max(0, gained)):
            if (back := next((i for i, (_, s) in enumerate(r.owed_returns) if s == seat), None)) is not None:
                r.shown.add(r.owed_returns.pop(back)[0])
                continue
            if r.owed_penalty[seat]:
                r.owed_penalty[seat] -= 1
            elif r.owed_replace_in[seat]:
                r.owed_replace_in[seat] -= 1
            elif r.penalty_unseen[seat]:
                r.penalty_unseen[seat] -= 1
            elif r.phase == "play":
                unowed += 1  # a drawn card put among the table cards
                if r.holds_turn_card[seat] and unowed == 1:
                    continue  # the card held, drawn from the stock already
            r.stock = max(0, r.stock - 1)
        r.table[seat] = count
        return unowed

    # ------------------------------------------------------------ the pile: discards and slaps

    def _landing(self, e: CardMoved, seq: int) -> list[Ruling]:
        """A card lands on the pile; order it against the previous landing first."""
        seat, t, earliest, latest, by_pad = self._lander(e)
        prev = self.landing
        if prev is not None and prev.seat != seat:
            close = earliest < prev.latest and prev.earliest < latest  # either may have been first
            if close or t < prev.t:
                as_seen = self._trial([(seq, e)])
                swapped = self._trial([(seq, e), (prev.seq, prev.event)], start=prev.before)
                possible = not any(x.kind == "impossible" for x in as_seen[1] + swapped[1])
                if possible and _fingerprint(as_seen[0]) != _fingerprint(swapped[0]):
                    if close:
                        self.kps = KpsWait(prev, seq, e, (prev.seat, seat))
                        return [MESSAGES.ruling("kps", (prev.seat, seat), data={"dt": round(abs(t - prev.t), 4)},
                                                first=self.name(prev.seat), second=self.name(seat))]
                    engine, rulings = swapped
                    pads = self.pads  # pad hits already matched stay matched
                    self._become(engine)
                    self.landing, self.pads = None, pads
                    timed = "order_corrected" if by_pad or prev.by_pad else "order_corrected_seen"
                    note = MESSAGES.ruling("order_corrected", (seat, prev.seat), key=timed, player=self.name(seat),
                                           data={"replaces": [prev.seq]})
                    return [note, *rulings]
        before = self._save()
        rulings = self._land(e, seq)
        self.landing = Landing(seq, e, seat, t, earliest, latest, before, by_pad)
        return rulings

    def _lander(self, e: CardMoved) -> tuple[int, float, float, float, bool]:
        """Who put the card on the pile, when it was seen, from when to when it landed, and whether a pad
        timed it: a card seen first at t landed before (by its t_uncertainty, and at least the timing
        resolution); a matching slap-pad hit gives the time, give or take the pad's uncertainty."""
        resolution = self.settings["timing_resolution_s"]
        zone = _zone_kind(e.from_zone)
        if zone == "hand":
            seat = self._zone_seat(e.from_zone, zone)
        elif zone == "stock":
            seat, _ = self._straight_discarder(e.card)
        else:
            seat = e.by
        if seat is None:
            raise MESSAGES.impossible("lander_unseen")
        self._seat(seat, "by")
        pad = self.pads.get(seat)
        if zone == "seat" and pad and 0 <= e.t - pad[0] <= self.settings["pad_match_window_s"]:
            del self.pads[seat]
            t, tu = pad
            return seat, t, t - max(tu, resolution), t + tu, True
        return seat, e.t, e.t - max(e.t_uncertainty, resolution), e.t, False

    def _trial(self, events, start: KikettiEngine | None = None):
        """Apply events to a copy of the engine (or of a saved one) without order checks."""
        trial = copy.deepcopy(start) if start is not None else self._save()
        rulings: list[Ruling] = []
        try:
            for seq, event in events:
                rulings += [_caused(r, seq) for r in trial._land(event, seq)]
        except Impossible as e:
            rulings.append(e.ruling())
        return trial, rulings

    def _land(self, e: CardMoved, seq: int) -> list[Ruling]:
        if e.card is None:
            raise MESSAGES.impossible("card_unread")
        if e.card in self.r.pile:
            raise MESSAGES.impossible("card_on_pile", card=e.card)
        if _zone_kind(e.from_zone) in ("hand", "stock"):
            if e.card in self.r.shown:
                raise MESSAGES.impossible("card_on_table", card=e.card)
            return self._straight_discard(e) if e.from_zone == "stock" else self._discard(e)
        self.r.shown.discard(e.card)
        seat = self._zone_seat(e.from_zone, "seat")
        r = self.r
        if r.unsure and r.stage == "hold" and r.turn == seat and e.by in (None, seat) and r.holds_turn_card[seat]:
            # after the dark, the player holding the drawn card lays a card: its discard, as far as the referee
            # can tell (the camera's count of the seat, and so where the card came from, is in doubt)
            return self._discard(replace(e, from_zone=hand_zone(seat)))
        if r.stage == "swap_in" and r.turn == seat and e.by in (None, seat) and not r.ended:
            r.table[seat] -= 1
            r.pile.append(e.card)
            r.stage, r.power, r.top_unknown = "done", "swap_in", False
            r.discards += 1
            return []
        return self._slap(e, self._seat(e.by, "by"), seat)

    def _discard(self, e: CardMoved) -> list[Ruling]:
        r, seat = self.r, self._zone_seat(e.from_zone, "hand")
        if not r.holds_turn_card[seat] and r.owed_to_stock[seat]:
            raise MESSAGES.impossible("out_of_turn_card_to_pile", (seat,), player=self.name(seat))
        if not r.holds_turn_card[seat] or r.stage != "hold":
            raise MESSAGES.impossible("no_turn_card", (seat,), player=self.name(seat))
        r.holds_turn_card[seat] = False
        r.pile.append(e.card)
        r.discards += 1
        r.stage, r.top_unknown = "done", False
        r.power = rank(e.card) if rank(e.card) in POWERS and not r.ended else "none"
        return []

    def _straight_discarder(self, card: str | None) -> tuple[int, bool]:
        """Whose discard a card straight from the stock to the pile is, and whether they held it: the player
        holding the drawn card, else the player due to draw (who drew and discarded in one move, or in a
        hand the camera missed)."""
        r = self.r
        if r.phase == "play" and r.stage == "hold" and r.holds_turn_card[r.turn]:
            return r.turn, True
        seat = self._next_drawer()
        if seat is None:
            raise MESSAGES.impossible("nobody_to_draw", card=card or phrase("unread_card"))
        return seat, False

    def _straight_discard(self, e: CardMoved) -> list[Ruling]:
        """A card straight from the stock to the pile: the turn's draw (unless the card was already held)
        and discard, told so the players can correct it if the camera guessed wrong."""
        seat, held = self._straight_discarder(e.card)
        told = MESSAGES.ruling("discard_unseen_in_hand", (seat,), data={"card": e.card}, player=self.name(seat),
                               card=e.card)
        return self._through_hand_unseen(e, seat, held, told, self._discard)

    def _slap(self, e: CardMoved, slapper: int, owner: int) -> list[Ruling]:
        r, card = self.r, e.card
        if r.phase == "deal":
            raise MESSAGES.impossible("slap_in_deal", (slapper,))
        if not r.pile:
            raise MESSAGES.impossible("pile_empty", (slapper,))
        if r.table[owner] == 0:
            raise MESSAGES.impossible("no_table_cards", (owner,), player=self.name(owner))
        r.table[owner] -= 1
        if owner == slapper:
            whose = phrase("own_card", card=card)
        else:
            whose = phrase("others_card", owner=self.name(owner), card=card)
        if r.ended or r.phase == "reveal":
            r.owed_returns.append((card, owner))
            return [MESSAGES.ruling("late_slap", (slapper,), data={"card": card, "owner": owner},
                                    slapper=self.name(slapper), whose=whose)]
        if r.top_unknown:  # what it was slapped onto went unseen: not judged; taken back, it was wrong
            r.pile.append(card)
            r.landed_unseen.add(card)
            r.top_unknown = False
            return [self._emptied(owner)] if r.holding(owner) == 0 else []
        top = r.pile[-1]
        if rank(card) == rank(top):
            r.pile.append(card)
            rulings = [MESSAGES.ruling("correct_slap", (slapper,), data={"card": card, "owner": owner},
                                       slapper=self.name(slapper), whose=whose, top=top)]
            if owner != slapper:
                n = self.settings["penalty_cards_per_slapped_card"]
                rulings.append(self._penalty(owner, n, "slapped_by_opponent", slapper=self.name(slapper),
                                             owner=self.name(owner)))
            if r.holding(owner) == 0:
                rulings.append(self._emptied(owner))
            return rulings
        r.owed_returns.append((card, owner))
        attempt = (slapper, r.discards)
        r.wrong_slaps[attempt] = r.wrong_slaps.get(attempt, 0) + 1
        count, cap = r.wrong_slaps[attempt], self.settings["wrong_slap_cap"]
        slap = {"slapper": self.name(slapper), "whose": whose, "top": top}
        if count > cap:
            return [MESSAGES.ruling("wrong_slap", (slapper,), key="wrong_slap_over_cap", cap=cap, **slap,
                                    data={"card": card, "owner": owner, "wrong_in_attempt": count, "over_cap": True})]
        n = self.settings["penalty_cards_per_wrong_slap"]
        r.owed_penalty[slapper] += n
        self.penalty_cards[slapper] += n
        return [MESSAGES.ruling("wrong_slap", (slapper,), penalty=n, unit="card", cards=penalty_cards(n), **slap,
                                data={"card": card, "owner": owner, "wrong_in_attempt": count})]

    def _emptied(self, seat: int) -> Ruling:
        r = self.r
        r.ended, r.emptied_by = True, seat
        if r.caller is not None and r.caller != seat:
            return MESSAGES.ruling("table_emptied", (seat,), key="table_emptied_call_fails", player=self.name(seat),
                                   caller=self.name(r.caller))
        return MESSAGES.ruling("table_emptied", (seat,), player=self.name(seat))

    def _penalty(self, seat: int, n: int, reason: str, key: str | None = None, **why: Any) -> Ruling:
        """Penalty cards for ``reason``, worded by message ``key`` (default: the reason) with fields ``why``."""
        self.r.owed_penalty[seat] += n
        self.penalty_cards[seat] += n
        return MESSAGES.ruling("penalty", (seat,), penalty=n, unit="card", data={"reason": reason},
                               why=phrase(key or reason, **why), cards=penalty_cards(n), player=self.name(seat))

    # ------------------------------------------------------------ KPS

    def _kps_won(self, winner: int, seq: int) -> list[Ruling]:
        wait = self.kps
        if wait is None:
            raise MESSAGES.impossible("no_kps_pending", (winner,))
        if winner not in wait.seats:
            a, b = wait.seats
            raise MESSAGES.impossible("not_in_kps", (winner,), first=self.name(a), second=self.name(b))
        held, pads = self.held, self.pads
        order = [(wait.second_seq, wait.second)]
        if winner != wait.first.seat:
            self._restore(wait.first.before)
            order.append((wait.first.seq, wait.first.event))
        self.kps, self.held, self.landing, self.pads = None, [], None, pads
        replaced = {"replaces": [wait.first.seq]} if winner != wait.first.seat else {}
        rulings = [MESSAGES.ruling("kps_settled", (winner,), player=self.name(winner), data=replaced)]
        for s, event in order:
            rulings += [_caused(r, s) for r in self._land(event, s)]
        self.held = held
        return rulings + self._run_held()

    # ------------------------------------------------------------ looks and swaps

    def _in_power_window(self, seat: int) -> bool:
        r = self.r
        return r.phase == "play" and not r.ended and r.turn == seat and r.stage == "done"

    def _looked(self, e: CardLooked) -> list[Ruling]:
        r = self.r
        if e.by is None:
            raise MESSAGES.impossible("looker_unseen")
        by, owner = self._seat(e.by, "by"), self._zone_seat(e.zone, "seat")
        if r.table[owner] == 0:
            raise MESSAGES.impossible("no_table_cards_to_look", (owner,), player=self.name(owner))
        if r.ended:
            return []  # the round is over and every card is about to be revealed
        if self._in_power_window(by):
            return self._power_look(by, owner, e.zone)
        if owner != by:
            return [MESSAGES.ruling("must_slap", (by,), player=self.name(by), owner=self.name(owner))]
        late_ok = self.settings["late_first_peek"] and not r.has_drawn[by] and r.peeks[by] < PEEKS
        if r.phase == "deal" or not r.opener_drew or late_ok:
            r.peeks[by] += 1
            return []
        if r.phase == "play" and r.turn == by and r.stage != "draw":
            return [self._misuse(by, "no_power_to_look_own")]
        n = self.settings["accidental_look_penalty_cards"]
        r.owed_replace_out[by] += 1
        rulings = [MESSAGES.ruling("card_seen", (by,), player=self.name(by))]
        if n:
            rulings.append(self._penalty(by, n, "card_seen", "looked_at_own_card", player=self.name(by)))
        return rulings

    def _power_look(self, by: int, owner: int, zone: str) -> list[Ruling]:
        r = self.r
        power = POWERS.get(r.power or "")
        if power == "look_own" and owner == by:
            r.power = "used"
            return []
        if power == "look_other" and owner != by:
            r.power = "used"
            return []
        if power == "look_swap" and owner != by and r.looked_zone is None:
            r.looked_zone = zone
            return []
        return [self._misuse(by, "looked_own" if owner == by else "looked_other")]

    def _misuse(self, seat: int, how: str) -> Ruling:
        """A power used wrongly; ``how`` is the message key of what was done."""
        r = self.r
        power = r.power if r.power in POWERS else POWER_STATES[r.power]
        r.power = "used"
        return self._penalty(seat, self.settings["penalty_cards_per_misplay"], "power_misuse", power=power,
                             how=phrase(how))

    def _swapped(self, e: CardsSwapped) -> list[Ruling]:
        r = self.r
        pair = (e.zone_a, e.zone_b)
        a, b = self._zone_seat(e.zone_a, "seat"), self._zone_seat(e.zone_b, "seat")
        if not r.table[a] or not r.table[b]:
            empty = a if not r.table[a] else b
            raise MESSAGES.impossible("no_table_cards_to_swap", (empty,), player=self.name(empty))
        if a == b:
            return []  # rearranging one's own cards is allowed at any time
        if r.ended:
            return []  # the book lets a swap already under way when a table emptied be finished
        if pair in r.swaps_to_undo or pair[::-1] in r.swaps_to_undo:
            r.swaps_to_undo.remove(pair if pair in r.swaps_to_undo else pair[::-1])
            return []
        if e.by is None:
            raise MESSAGES.impossible("swapper_unseen")
        by = self._seat(e.by, "by")
        own = seat_zone(by)
        other = e.zone_b if e.zone_a == own else e.zone_a if e.zone_b == own else None
        power = POWERS.get(r.power or "") if self._in_power_window(by) else None
        right = other is not None and (
            (power == "blind_swap" and not e.looked)
            or (power == "look_swap" and r.looked_zone == other)
            or (power == "look_swap" and r.looked_zone is None and e.looked))
        if right:
            r.power = "used"
            return []
        r.swaps_to_undo.append(pair)
        if not self._in_power_window(by):
            return [self._penalty(by, self.settings["penalty_cards_per_misplay"], "power_misuse",
                                  "swapped_without_power", player=self.name(by))]
        return [self._misuse(by, "swapped")]

    # ------------------------------------------------------------ calls and the round's end

    def _rushed(self, t: float) -> bool:
        """The book: a player whose next player drew too early may still call; "too early" is
        read as within ``late_call_grace_s`` of that draw."""
        r = self.r
        return (r.previous_turn is not None and r.turn_began_t is not None
                and t - r.turn_began_t <= self.settings["late_call_grace_s"])

    def _call(self, seat: int | None, t: float) -> list[Ruling]:
        r = self.r
        if seat is None:  # the shared button: the player whose turn it is, or was a moment ago
            rushed = r.phase == "play" and r.stage == "hold" and self._rushed(t)
            seat = r.previous_turn if rushed else r.turn if r.phase == "play" else None
            if seat is None:
                raise MESSAGES.impossible("button_without_turn")
        self._seat(seat, "seat")
        bad = None
        late = r.turn != seat and seat == r.previous_turn and self._rushed(t)
        if r.ended:
            bad = "bad_call_round_ended"
        elif r.phase != "play":
            bad = "bad_call_no_round"
        elif r.caller is not None:
            bad = "bad_call_already_called"
        elif r.turn != seat and not late:
            bad = "bad_call_not_turn"
        elif r.stage != "done" and not late:
            bad = "bad_call_before_playing"
        if bad:
            return [MESSAGES.ruling("bad_call", (seat,), key=bad, player=self.name(seat), turn=self.name(r.turn),
                                    caller=self.name(r.caller) if r.caller is not None else "")]
        r.caller = seat
        # a rushed next player is already playing their last turn
        r.final_turns = [(seat + i) % self.n for i in range(2 if late else 1, self.n)]
        self.sheet.calls[seat] += 1
        self.last_caller = seat
        return [MESSAGES.ruling("kiketti_called", (seat,), key="kiketti_called_late" if late else None,
                                data={"calls": self.sheet.calls[seat], "late": late}, player=self.name(seat),
                                turn=self.name(r.turn))]

    def _ready_to_reveal(self) -> bool:
        r = self.r
        return r.ended or (r.caller is not None and not r.final_turns and r.stage == "done")

    def _revealed(self, e: CardsRevealed) -> list[Ruling]:
        r = self.r
        seat = self._zone_seat(e.zone, "seat")
        rulings: list[Ruling] = []
        if r.phase == "deal":
            raise MESSAGES.impossible("reveal_in_deal", (seat,))
        if not self._ready_to_reveal() and not r.unsure:  # unsure: the round may have ended in the dark
            if r.caller is not None and r.final_turns == [seat] and r.stage == "done":
                r.final_turns = []
                rulings.append(MESSAGES.ruling("turn_forfeited", (seat,), player=self.name(seat)))
            else:
                r.shown.update(e.cards)
                return [MESSAGES.ruling("early_reveal", (seat,), data={"cards": list(e.cards)},
                                        player=self.name(seat))]
        if seat in r.revealed:
            raise MESSAGES.impossible("already_revealed", (seat,), player=self.name(seat))
        elsewhere = [c for c in e.cards if c in r.pile or any(c in cs for cs in r.revealed.values())]
        if elsewhere:
            raise MESSAGES.impossible("cards_elsewhere", (seat,), cards=", ".join(elsewhere))
        r.phase = "reveal"
        r.revealed[seat] = e.cards
        problems = []
        if r.unsure:  # the referee's count is in doubt: the cards revealed are the seat's
            r.table[seat] = len(e.cards)
            r.owed_penalty[seat] = r.owed_replace_in[seat] = r.penalty_unseen[seat] = 0
            r.owed_returns = [(card, s) for card, s in r.owed_returns if s != seat]
        if len(e.cards) != r.table[seat]:
            problems.append(phrase("count_differs", seen=len(e.cards), table=r.table[seat]))
        missing = r.holding(seat) - r.table[seat]
        if missing:
            problems.append(phrase("owed_not_on_table", missing=missing))
        if problems:
            r.unseen.add(seat)
            rulings.append(MESSAGES.ruling("unjudged", (seat,), player=self.name(seat),
                                           problems=joined(problems, "; ")))
        if all(s in r.revealed or r.holding(s) == 0 for s in range(self.n)):
            rulings += ([] if r.unsure else self._lost_cards()) + self._score()
        return rulings

    def _lost_cards(self) -> list[Ruling]:
        """Cards everyone saw go back to a table must turn up in some reveal."""
        revealed = {c for cards in self.r.revealed.values() for c in cards}
        lost = sorted(self.r.shown - revealed)
        if not lost:
            return []
        return [MESSAGES.ruling("unjudged", key="cards_lost", data={"cards": lost}, cards=", ".join(lost))]

    def _score(self) -> list[Ruling]:
        r = self.r
        hands = [r.revealed.get(s, ()) for s in range(self.n)]
        own = [hand_points(h) for h in hands]
        result = score_round(own, [len(h) for h in hands], r.caller, r.emptied_by)
        row = self.sheet.add_round(result.scores, r.caller, result.case, sorted(r.unseen))
        listing = ", ".join(f"{self.name(s)} {result.scores[s]}" for s in range(self.n))
        caller = self.name(r.caller) if r.caller is not None else ""
        rulings = [MESSAGES.ruling("round_scored", tuple(range(self.n)), round=row.round, listing=listing,
                                   why=phrase(result.case, caller=caller),
                                   data={"round": row.round, "own": own, "scores": list(result.scores),
                                         "totals": list(row.totals), "case": result.case, "caller": r.caller,
                                         "unjudged": sorted(r.unseen)})]
        self.round_index += 1
        if self.round_index < self.rounds_total:
            self.r = self._new_round()
            return rulings
        return rulings + self._game_over()

    def _game_over(self) -> list[Ruling]:
        self.over = True
        s = self.settings
        missing = self.sheet.finish(s["missing_call_penalty"])
        rulings = []
        for seat, points in enumerate(missing):
            if points:
                lacking = points // s["missing_call_penalty"] if s["missing_call_penalty"] else 0
                rulings.append(MESSAGES.ruling("missing_calls", (seat,), penalty=points, unit="point",
                                               player=self.name(seat), lacking=lacking, points=points))
        order = list(reversed(self.sheet.standings()))
        standings = joined((phrase("standing", place=st.place, name=st.name, points=st.points) for st in order), ", ")
        rulings.append(MESSAGES.ruling("game_over", tuple(st.seat for st in order), key="final_standings",
                                       standings=standings,
                                       data={"standings": [{"place": st.place, "name": st.name, "points": st.points}
                                                           for st in order]}))
        return rulings

    # ------------------------------------------------------------ reporting

    def summary(self) -> dict[str, Any]:
        r = self.r
        return {
            "round": min(self.round_index + 1, self.rounds_total),
            "rounds": self.rounds_total,
            "phase": "over" if self.over else r.phase,
            "paused": self.frozen,
            "kps_pending": list(self.kps.seats) if self.kps else None,
            "dealer": r.dealer,
            "opener": r.opener,
            "turn": r.turn,
            "caller": r.caller,
            "table_cards": list(r.table),
            "stock": r.stock,
            "pile_top": r.pile[-1] if r.pile else None,
            "owed_penalty_cards": list(r.owed_penalty),
            "penalty_cards": dict(zip(self.players, self.penalty_cards)),
            "calls": dict(zip(self.players, self.sheet.calls)),
            "score_sheet": self.sheet.to_json(),
            "standings": self.sheet.to_json()["standings"],
        }

    def render(self, language: str = "fi") -> str:
        fi = language == "fi"
        lines = [self.sheet.render(language), ""]
        pens = ", ".join(f"{p} {c}" for p, c in zip(self.players, self.penalty_cards))
        lines.append(("Sakkokortit: " if fi else "Penalty cards: ") + pens)
        if self.over:
            order = list(reversed(self.sheet.standings()))
            lines.append(("Tulokset viimeisestä ensimmäiseen: " if fi else "Results, last to first: ")
                         + ", ".join(f"{s.place}. {s.name} {s.points}" for s in order))
        else:
            lines.append((f"Kierros {self.round_index + 1}/{self.rounds_total}, vaihe {self.r.phase}" if fi else
                          f"Round {self.round_index + 1}/{self.rounds_total}, phase {self.r.phase}"))
        return "\n".join(lines)


def _zone_kind(zone: str) -> str:
    if zone in ("stock", "pile"):
        return zone
    if zone.startswith("seat") and zone_seat(zone) is not None:
        return "seat"
    if zone.startswith("hand") and zone_seat(zone) is not None:
        return "hand"
    raise MESSAGES.impossible("unknown_zone", zone=zone)


def _is_landing(event: Event) -> bool:
    return isinstance(event, CardMoved) and event.to_zone == "pile" and event.from_zone != "stock"


def _is_kps_won(event: Event) -> bool:
    return isinstance(event, Declared) and event.what == "kps_won"


def _caused(ruling: Ruling, seq: int) -> Ruling:
    return ruling if ruling.cause is not None else replace(ruling, cause=seq)


def _fingerprint(engine: KikettiEngine) -> tuple:
    """What the order of two landings can change: counts, debts, the round's end, the top rank."""
    r = engine.r
    return (r.ended, r.emptied_by, tuple(r.table), tuple(r.owed_penalty), tuple(sorted(r.owed_returns)),
            rank(r.pile[-1]) if r.pile else None, tuple(engine.penalty_cards), r.stage, r.turn)
