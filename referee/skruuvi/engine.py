"""The Skruuvi referee: the deal, the bidding, the exchanges, the doubling, the play and the score
sheet, deal after deal through a game of three sitsi (Helsingin Suomalainen Klubi's handbook,
RULINGS section 4).

Seats are the table's places, 0-3 clockwise; partners sit opposite.  ``game_started.players``
names the players in their first sitsi's seats; the bookkeeper (setting ``bookkeeper``, a seat)
keeps his seat and the others move on after each sitsi (``reseated``).

Events, and what they mean here (zones ``deck``, ``centre``, ``trick``, ``handN``, ``tricksN``,
``penaltyN``, ``aside``):

- the shuffled deck, laid face up beside the next dealer: ``CardsRevealed(zone="deck",
  cards=(top,))``; an ace or a two on top is shuffled again (``reshuffle``);
- the deal: ``CardMoved(deck -> handN | centre)``, face down.  If the bidding starts before the
  camera saw every card dealt, the rest were dealt unseen (``deal_unseen``).  Cards of a finished
  deal going ``-> deck`` or ``-> aside`` before the next deal are taken as gathered up;
- spoken calls, ``Declared(by=seat, what=...)``:

  ==================  ==================================================================
  ``what``            ``value``
  ==================  ==================================================================
  ``bid``             a level 1-7 and a strain: ``s c d h misere grand``: ``"5h"``,
                      ``"6misere"``, ``"7grand"``
  ``pass``            none: a pass in the bidding, the doubling or a bolsevikki round
  ``double``          none: koputus
  ``redouble``        none: vastakoputus
  ``bolsevikki``      none: "I play the bolsevikki" (its round, and a claimant's choice)
  ``demand``          a suit ``s c d h``: the opponents demand a penalty card's suit led
  ``forbid``          a suit: the opponents forbid it for that lead
  ==================  ==================================================================

- the centre cards shown: ``CardsRevealed(zone="centre", cards=...)``; taken, given and swapped:
  ``CardMoved(centre | handN -> handM)`` face down, in the order the form prescribes (exchange.py);
- a card played: ``CardMoved(handN -> trick, card=..., face_up=True)`` (a penalty card may come
  from ``penaltyN``); a card the referee refused may go back ``trick -> handN``; a penalty card
  may be laid ``trick -> penaltyN``;
- a trick leaving the centre: ``CardMoved(trick -> tricksN)``, one per card, N a seat of the side
  that won it (the handbook turns each card towards the winning pair).  The referee decides the
  trick on its fourth card and needs no gathering; a card turned towards the wrong side is a
  ``trick_misplaced`` ruling.

What the camera sees (referee.skruuvi.camera) is a form of its own: the hands are held out of sight, so
it sees neither the deal nor the exchanges, and each player lays the card they play face up in their own
``playN``, told as ``CardsRevealed(zone="playN", cards=...)``: each card there not told before is N's
card played (as ``CardMoved(handN -> trick)``); the trick gathered is told nothing.  A call that comes
while no move of the exchange was seen (or a card played then) takes the exchange as made unseen
(``exchange_unseen``), as a bid before the deal was seen whole takes it as dealt (``deal_unseen``).

Three players play with the puupää (Kolmen pelaajan skruuvi), a dummy hand in seat 3 and the
players in seats 0-2 clockwise, none of them changing seats (cards.Ring): the puupää's hand is dealt
as the dealer's partner, opposite him, and each player looks at four of its cards (in kotka the
dealer at five) before they lie face down (``puupaa_look``); in the bidding its turn comes round and
the referee passes for it; its cards then move opposite the highest bidder, who chooses whether he
or the puupää takes the centre cards (kotka: which gives first), the first move of the exchange
showing which; he alone makes the final commitment; the opponents swap as usual; its chance to
double or redouble is passed over; its partner handles its cards (``by`` may be the partner) and
plays them face up after the opening lead (``puupaa_face_up``).  A pass misère keeps it the
dealer's partner.  The pairs score as usual and the puupää's points are nobody's.  The deal passes
on round the three all game (so each deals 8 of 24), the decks alternating.  There are no
bolsevikki and no reseating with three.  ``summary()["puupaa"]`` tells where its cards lie now: its
partner and the hands in clockwise order (``table``), for whoever maps the table's places to seats.

Readings of the handbook where RULINGS is silent or differs, each a setting: which opening bid
bars the opponents' swap (``opponents_swap_rule``), a final contract below level 5
(``low_final_contract``), the misère points (``misere_points``), the revoke's penalty tricks
(``revoke_penalty_tricks``), the bolsevikki order and block (``bolsevikki_*``), and the puupää's
declarer's final commitment: one call, a bid or a pass (``puupaa_final_bid = "one_call"``, the
handbook's "etupelaaja maalaa lopullisen sitoumuksensa"), or bidding on until he has passed twice
(``"bid_on"``, as a pair's jatkomaalaukset).
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from ..core import Engine, Impossible, Ruling, register
from ..events import ButtonPressed, CameraBlind, CardMoved, CardsRevealed, Declared, Event, GameStarted, Paused
from ..messages import Phrase
from . import doubling as doubling_rules
from . import exchange as exchanges
from .bidding import Auction, Bid, Continuation, parse_bid
from .bolsevikki import PLAYER, BolsevikkiRound, ClaimError, score_bolsevikki
from .camera import PLAY
from .cards import CARDS_IN_DECK, FOUR, PUUPAA, SEATS, SUITS, Ring, card_text
from .doubling import Doubling, DoublingError
from .exchange import CENTRE, Exchange, ExchangeError
from .messages import MESSAGES, bid_words, form_words, phase_words
from .play import Play
from .schedule import (DealPlan, SitsiPlan, check_seatings, deck_of, dealer_of, default_seatings)
from .scoring import MISERE_POINTS, DealScore, score_contract, score_pass_misere, with_penalty_tricks
from .sheet import ScoreSheet

PUUPAA_NAME = "Puupää"
_SEAT_ZONE = re.compile(r"^(hand|tricks|penalty)([0-3])$")
_PLAY_ZONE = re.compile(rf"^{PLAY}([0-3])$")
_COLLECT = ("deck", "aside")
_CALLS = ("bid", "pass", "double", "redouble", "bolsevikki", "demand", "forbid")
# rulings that accuse a player of a fault in the play: after a blind spell, the camera's word is not enough
_ACCUSING = ("revoke", "revoke_corrected", "lead_out_of_turn", "played_out_of_turn", "trick_misplaced",
             "penalty_choice")
_AFTER_EXCHANGE = ("bid", "pass", "double", "redouble")  # the calls of the phases an exchange leads to


@dataclass
class Deal:
    """One deal's state, from the first card dealt to the last trick."""

    number: int   # in the game, from 1
    sitsi: int    # from 1
    index: int    # in the sitsi, from 0
    plan: DealPlan
    dealer: int
    deck: str
    form: str
    phase: str = "deal"
    hands: list[int] = field(default_factory=lambda: [0] * SEATS)
    centre: int = 0
    dealt: list[int] = field(default_factory=list)   # each card's destination: a seat or CENTRE
    bolsevikki: BolsevikkiRound | None = None
    auction: Auction | None = None
    continuation: Continuation | None = None
    exchange: Exchange | None = None
    doubling: Doubling | None = None
    play: Play | None = None
    contract: Bid | None = None
    final_bidder: int | None = None
    taker: int | None = None
    player: int | None = None     # the bolsevikki player
    pass_misere: bool = False
    swap_allowed: bool = False
    centre_cards: tuple[str, ...] = ()
    faults_said: set[str] = field(default_factory=set)
    ring: Ring = FOUR             # the hands clockwise; with the puupää, where its cards lie now
    puupaa_shown: bool = False    # its cards turned face up (after the opening lead)
    in_play_zones: list[tuple[str, ...]] = field(default_factory=lambda: [()] * SEATS)  # as the camera last told them
    blind: bool = False           # the camera went blind during the play: its cards may come late or not at all
    unjudged: bool = False        # the play as seen no longer adds up: nothing more of it is ruled or scored

    def __deepcopy__(self, memo: dict) -> "Deal":
        clone = copy.copy(self)
        clone.hands, clone.dealt, clone.faults_said = list(self.hands), list(self.dealt), set(self.faults_said)
        clone.in_play_zones = list(self.in_play_zones)
        for name in ("bolsevikki", "auction", "continuation", "exchange", "doubling", "play"):
            setattr(clone, name, copy.deepcopy(getattr(self, name), memo))
        return clone

    @property
    def hand_size(self) -> int:
        return 12 if self.plan.centre else 13

    @property
    def dealt_in_full(self) -> bool:
        return all(h == self.hand_size for h in self.hands) and self.centre == (4 if self.plan.centre else 0)


@register
class SkruuviEngine(Engine):
    """Skruuvi for four players, or three with the puupää (the handbook; RULINGS section 4)."""

    game = "skruuvi"
    settings_defaults: dict[str, Any] = {
        "bookkeeper": 0,                     # the bookkeeper's seat, kept all game
        "sitsit": 3,                         # the handbook: three, one with each partner
        "alkupeli_per_sitsi": 4,
        "kotka_per_sitsi": 4,                # the handbook allows shorter games, e.g. 2 and 2
        "seatings": None,                    # None: the others move one seat on after each sitsi
        "bolsevikki_sitsit": [],             # the sitsi (from 1) that have bolsevikki
        "bolsevikki_order": "block",         # "block" (p. 48) or "traditional" (12 deals, p. 54)
        "bolsevikki_block_deals": 8,
        "bolsevikki_block_ends_early": True,  # the block ends once all four have played it
        "opponents_swap_rule": "first_round_opening",  # or "pair_opening" (RULINGS' wording)
        "low_final_contract": "raise",       # raise to level 5 in its strain, or "refuse" the pass
        "misere_points": "zero_sum",         # or "own_only": a side scores its own aces and tricks
        "revoke_penalty_tricks": 2,
        "puupaa_final_bid": "one_call",      # or "bid_on": the lone declarer bids until he passes twice
    }

    def __init__(self, start: GameStarted):
        super().__init__(start)
        if len(self.players) not in (3, SEATS):
            raise ValueError(f"skruuvi is for four players, or three with the puupää, got {len(self.players)}")
        self.puupaa = len(self.players) == 3
        self._check_settings()
        s = self.settings
        self.bookkeeper = s["bookkeeper"]
        if self.puupaa:  # nobody changes seats: the puupää is everyone's partner in turn
            self.seatings = [(0, 1, 2)] * s["sitsit"]
        else:
            self.seatings = (default_seatings(self.bookkeeper, s["sitsit"]) if s["seatings"] is None
                             else check_seatings(s["seatings"], self.bookkeeper, s["sitsit"]))
        self.sheet = ScoreSheet(self.players, self.bookkeeper, s["sitsit"], self.seatings, s["misere_points"])
        self.over = False
        self.sitsi = 1
        self.plan = self._sitsi_plan(1)
        self.deals_played = 0
        self.last_play: Play | None = None  # the deal before, whose last trick may still be turned
        self.deal = self._new_deal(self.plan.next())

    def __deepcopy__(self, memo: dict) -> "SkruuviEngine":
        """The referee snapshots the engine before every event: share what is never changed once
        written (settings, seatings, the sheet's rows, finished tricks) and copy the rest."""
        clone = copy.copy(self)
        clone.sheet = self.sheet.snapshot()
        clone.plan = copy.deepcopy(self.plan, memo)
        clone.deal = copy.deepcopy(self.deal, memo)
        clone.last_play = copy.deepcopy(self.last_play, memo)
        return clone

    def _check_settings(self) -> None:
        s = self.settings
        whole = {"bookkeeper": (0, len(self.players) - 1), "sitsit": (1, 3), "alkupeli_per_sitsi": (0, 8),
                 "kotka_per_sitsi": (0, 8), "bolsevikki_block_deals": (4, 16), "revoke_penalty_tricks": (0, 13)}
        for name, (low, high) in whole.items():
            if isinstance(s[name], bool) or not isinstance(s[name], int) or not low <= s[name] <= high:
                raise ValueError(f"setting '{name}' must be a whole number {low}-{high}, got {s[name]!r}")
        if s["alkupeli_per_sitsi"] + s["kotka_per_sitsi"] == 0:
            raise ValueError("settings 'alkupeli_per_sitsi' and 'kotka_per_sitsi' leave a sitsi without deals")
        chosen = {"bolsevikki_order": ("block", "traditional"),
                  "opponents_swap_rule": ("first_round_opening", "pair_opening"),
                  "low_final_contract": ("raise", "refuse"), "misere_points": MISERE_POINTS,
                  "puupaa_final_bid": ("one_call", "bid_on")}
        for name, allowed in chosen.items():
            if s[name] not in allowed:
                raise ValueError(f"setting '{name}' must be one of {', '.join(allowed)}, got {s[name]!r}")
        sitsi = s["bolsevikki_sitsit"]
        if (not isinstance(sitsi, list) or len(set(sitsi)) != len(sitsi)
                or not all(isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= s["sitsit"] for k in sitsi)):
            raise ValueError(f"setting 'bolsevikki_sitsit' must list sitsi numbers 1-{s['sitsit']}, got {sitsi!r}")
        if not isinstance(s["bolsevikki_block_ends_early"], bool):
            raise ValueError("setting 'bolsevikki_block_ends_early' must be true or false")
        if self.puupaa and sitsi:
            raise ValueError("setting 'bolsevikki_sitsit': the bolsevikki is one player against three, "
                             "not played with the puupää")
        if self.puupaa and s["seatings"] is not None:
            raise ValueError("setting 'seatings': with the puupää nobody changes seats")

    def _sitsi_plan(self, sitsi: int) -> SitsiPlan:
        s = self.settings
        order = s["bolsevikki_order"] if sitsi in s["bolsevikki_sitsit"] else None
        return SitsiPlan(s["alkupeli_per_sitsi"], s["kotka_per_sitsi"], order, s["bolsevikki_block_deals"],
                         s["bolsevikki_block_ends_early"])

    def _new_deal(self, plan: DealPlan) -> Deal:
        index = self.plan.deals
        if self.puupaa:  # the deal passes on round the three all game, the puupää opposite the dealer
            dealer = (self.bookkeeper + 1 + self.deals_played) % 3
            return Deal(self.deals_played + 1, self.sitsi, index, plan, dealer, deck_of(self.deals_played),
                        plan.form, ring=Ring.puupaa(dealer))
        return Deal(self.deals_played + 1, self.sitsi, index, plan, dealer_of(self.bookkeeper, index),
                    deck_of(index), plan.form)

    # ------------------------------------------------------------ names

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat in the current sitsi (the puupää's in seat 3)."""
        names = tuple(self.players[p] for p in self.seatings[self.sitsi - 1])
        return names + (PUUPAA_NAME,) if self.puupaa else names

    def name(self, seat: int) -> str:
        return self.names[seat]

    # ------------------------------------------------------------ routing

    @property
    def finished(self) -> bool:
        return self.over

    def apply(self, event: Event, seq: int) -> list[Ruling]:
        if self.over and not _tidying(event):
            raise MESSAGES.impossible("game_is_over")
        if isinstance(event, CardMoved):
            return self._moved(event)
        if isinstance(event, CardsRevealed):
            return self._revealed(event)
        if isinstance(event, Declared):
            return self._declared(event)
        if isinstance(event, (Paused, ButtonPressed)):
            return []  # nothing in the rules turns on a pause or the button
        if isinstance(event, CameraBlind):
            return self._blind(event)
        raise MESSAGES.impossible("event_not_used", type=event.type)

    # ------------------------------------------------------------ the camera blind

    def _blind(self, e: CameraBlind) -> list[Ruling]:
        """Said, and nothing done in the dark ruled on. The calls are heard, not seen; a card played in the
        dark is told when the camera sees it again, out of its order, or never (its trick turned meanwhile):
        for the rest of the play no one is accused on the camera's word, and once the play seen no longer
        adds up the deal is left unscored rather than scored on a guess."""
        deal = self.deal
        if deal.contract is not None or deal.pass_misere:   # the play may have begun in the dark
            deal.blind = True
        return [MESSAGES.ruling("unseen", data={"since": e.t, "until": e.until}, since=e.t, until=e.until)]

    def _doubted(self, judge) -> list[Ruling]:
        """The play's rulings after a blind spell: an accusation, or a card that does not fit, leaves the
        deal unjudged (said once) instead of ruling on what the camera may have missed."""
        deal = self.deal
        if deal.unjudged:
            return []
        if not deal.blind:
            return judge()
        try:
            rulings = judge()
            if not any(r.kind in _ACCUSING for r in rulings):
                return rulings
        except Impossible:
            pass
        return [self._unjudged()]

    def _unjudged(self) -> Ruling:
        deal = self.deal
        deal.unjudged = True
        return MESSAGES.ruling("unseen", data={"deal": deal.number}, key="deal_unjudged", deal=deal.number)

    def _zone(self, zone: str) -> tuple[str, int | None]:
        if zone in ("deck", "centre", "trick", "aside"):
            return zone, None
        m = _SEAT_ZONE.match(zone)
        if not m:
            raise MESSAGES.impossible("zone_unknown", zone=zone)
        return m.group(1), int(m.group(2))

    def _moved(self, e: CardMoved) -> list[Ruling]:
        (src, src_seat), (dst, dst_seat) = self._zone(e.from_zone), self._zone(e.to_zone)
        deal = self.deal
        if src in ("hand", "penalty") and e.by is not None and e.by != src_seat and not (
                src_seat == deal.ring.silent and e.by == deal.ring.partner_of(src_seat)):  # the puupää's partner
            raise MESSAGES.impossible("seat_mismatch", (e.by,), zone=e.from_zone, player=self.name(e.by))
        if dst in _COLLECT:
            if deal.phase == "deal" and not deal.dealt or self.over:
                return []  # the last deal's cards gathered up
            raise MESSAGES.impossible("not_collecting", zone=e.to_zone)
        if src == "deck":
            return self._dealt(dst, dst_seat)
        if dst == "trick" and src in ("hand", "penalty"):
            return self._doubted(lambda: self._played(src_seat, e.card, src == "penalty"))
        if src == "trick":
            return self._doubted(lambda: self._from_trick(dst, dst_seat, e.card))
        if dst == "hand" and src in ("centre", "hand"):
            return self._exchanged(CENTRE if src == "centre" else src_seat, dst_seat)
        if src == "penalty" and dst == "hand":
            raise MESSAGES.impossible("penalty_card_stays", (src_seat,), card=e.card or "?")
        raise MESSAGES.impossible("move_not_understood", source=e.from_zone, target=e.to_zone)

    def _declared(self, e: Declared) -> list[Ruling]:
        seat, what = e.by, e.what
        if seat >= SEATS:
            raise MESSAGES.impossible("seat_unknown", seat=seat)
        if self.puupaa and seat == PUUPAA:
            raise MESSAGES.impossible("puupaa_silent", what=what)
        if what not in _CALLS:
            raise MESSAGES.impossible("unknown_declaration", (seat,), what=what)
        deal = self.deal
        rulings: list[Ruling] = []
        if deal.phase == "play" and (deal.blind or deal.unjudged) and what in ("bid", "pass", "bolsevikki"):
            if not deal.unjudged:   # the next deal's bidding, and this one's play never seen to its end
                rulings.append(self._unjudged())
            rulings += self._next_deal(deal.form)
            if self.over:
                raise MESSAGES.impossible("game_is_over")
            deal = self.deal
        if deal.phase == "deal" and what in ("bid", "pass", "bolsevikki"):
            rulings += self._deal_done(unseen=True)
        if self._exchange_unseen_now() and what in _AFTER_EXCHANGE:
            rulings += self._exchange_unseen()
        phase = deal.phase
        if phase == "bolsevikki_round" and what in ("bolsevikki", "pass"):
            return rulings + self._bolsevikki_call(seat, what == "bolsevikki")
        if phase == "bidding" and what in ("bid", "pass"):
            return rulings + self._bid(seat, what, e.value)
        if phase == "continuation" and what in ("bid", "pass"):
            return rulings + self._continue(seat, what, e.value)
        if phase == "bolsevikki_call" and what in ("bid", "pass") and seat == deal.player:
            return rulings + self._bolsevikki_final(seat, what, e.value)
        if phase == "bolsevikki_call" and what in ("double", "pass"):  # the player kept his seven misère
            rulings += self._bolsevikki_stands()
            phase = deal.phase
        if phase == "swap" and what in ("double", "redouble", "pass"):
            self._start_doubling()
            phase = deal.phase
        if phase == "doubling" and what in ("double", "redouble", "pass"):
            return rulings + self._double(seat, what)
        if phase == "play" and what in ("demand", "forbid"):
            if e.value not in SUITS:
                raise MESSAGES.impossible("not_a_suit", (seat,), value=e.value or "")
            return rulings + deal.play.choose(seat, what, e.value)
        raise MESSAGES.impossible("not_now", (seat,), what=what, phase=phase_words(phase))

    # ------------------------------------------------------------ the deal

    def _dealt(self, dst: str, seat: int | None) -> list[Ruling]:
        deal = self.deal
        if deal.phase != "deal":
            raise MESSAGES.impossible("not_dealing")
        if dst == "centre" and deal.plan.centre and deal.centre < 4:
            deal.centre += 1
            deal.dealt.append(CENTRE)
        elif dst == "hand" and deal.hands[seat] < deal.hand_size:
            deal.hands[seat] += 1
            deal.dealt.append(seat)
        else:
            raise MESSAGES.impossible("deal_too_many", zone=dst if seat is None else f"{dst}{seat}")
        rulings = self._deal_faults()
        if deal.dealt_in_full:
            rulings += self._deal_done(unseen=False)
        return rulings

    def _deal_faults(self) -> list[Ruling]:
        """The handbook's dealing: one card at a time clockwise from the dealer's left; the centre
        cards neither the pack's first or last card nor four in a row.  Said once a deal each."""
        deal = self.deal
        dealt = deal.dealt
        to_hands = [d for d in dealt if d != CENTRE]
        faults = []
        if dealt[-1] != CENTRE and to_hands[-1] != deal.ring.after(deal.dealer, len(to_hands)):
            faults.append("order")
        if dealt[-1] == CENTRE and len(dealt) in (1, CARDS_IN_DECK):
            faults.append("end_card")
        if dealt[-4:] == [CENTRE] * 4:
            faults.append("four_in_a_row")
        out = []
        for fault in faults:
            if fault not in deal.faults_said:
                deal.faults_said.add(fault)
                out.append(MESSAGES.ruling("misdeal", (deal.dealer,), key=f"misdeal_{fault}",
                                           data={"fault": fault, "card": len(dealt)}, dealer=self.name(deal.dealer)))
        return out

    def _deal_done(self, unseen: bool) -> list[Ruling]:
        deal = self.deal
        rulings = []
        if unseen:
            missing = {f"hand{s}": deal.hand_size - deal.hands[s]
                       for s in range(SEATS) if deal.hands[s] < deal.hand_size}
            if deal.plan.centre and deal.centre < 4:
                missing["centre"] = 4 - deal.centre
            if missing:
                rulings.append(MESSAGES.ruling("deal_unseen", data={"missing": missing},
                                               count=sum(missing.values())))
            deal.hands = [deal.hand_size] * SEATS
            deal.centre = 4 if deal.plan.centre else 0
        if self.puupaa:
            rulings.append(self._puupaa_look())
        if deal.plan.bolsevikki_round:
            deal.phase = "bolsevikki_round"
            deal.bolsevikki = BolsevikkiRound(deal.dealer, frozenset(self.plan.yet_to_play), deal.plan.forced)
            if deal.plan.forced:
                rulings.append(MESSAGES.ruling("bolsevikki_forced", tuple(self.plan.yet_to_play),
                                               data={"yet_to_play": self.plan.yet_to_play},
                                               players=", ".join(self.name(s) for s in self.plan.yet_to_play)))
        else:
            self._start_auction()
        return rulings

    def _puupaa_look(self) -> Ruling:
        """The handbook: each player looks at four of the puupää's cards (in kotka the dealer at five),
        then lays them face down in rows by suit."""
        deal = self.deal
        looks = {s: 4 + (deal.form == "kotka" and s == deal.dealer) for s in range(3)}
        return MESSAGES.ruling("puupaa_look", tuple(range(3)), data={"looks": looks},
                               key="puupaa_look_kotka" if deal.form == "kotka" else "puupaa_look",
                               dealer=self.name(deal.dealer))

    def _start_auction(self) -> None:
        deal = self.deal
        deal.phase = "bidding"
        deal.auction = Auction(deal.form, deal.dealer, deal.ring)

    # ------------------------------------------------------------ bolsevikki round

    def _bolsevikki_call(self, seat: int, claim: bool) -> list[Ruling]:
        deal = self.deal
        rnd = deal.bolsevikki
        choosing = rnd.choosing
        try:
            rnd.call(seat, claim)
        except ClaimError as err:
            raise MESSAGES.impossible(err.reason, (seat,), player=self.name(seat),
                                      turn=self.name(rnd.turn)) from None
        if rnd.player is not None:
            return self._bolsevikki_player(rnd.player, forced=not rnd.claimants)
        if rnd.choosing and not choosing:
            claimants = rnd.claimants
            return [MESSAGES.ruling("bolsevikki_claims", (rnd.turn,),
                                    data={"claimants": claimants, "chooser": rnd.turn},
                                    players=", ".join(self.name(s) for s in claimants), chooser=self.name(rnd.turn))]
        if rnd.thrown_in:
            return self._no_claim()
        return []

    def _bolsevikki_player(self, player: int, forced: bool) -> list[Ruling]:
        deal = self.deal
        deal.form, deal.player, deal.phase = "bolsevikki", player, "exchange"
        deal.contract, deal.final_bidder = Bid(7, "misere"), player
        deal.exchange = exchanges.bolsevikki(player)
        return [MESSAGES.ruling("bolsevikki_player", (player,),
                                data={"player": player, "forced": forced, "niskamies": FOUR.right_of(player)},
                                key="bolsevikki_forced_player" if forced else "bolsevikki_player",
                                player=self.name(player), niskamies=self.name(FOUR.right_of(player)))]

    def _no_claim(self) -> list[Ruling]:
        """Nobody bid the bolsevikki: a block deal is thrown in, a traditional one goes on."""
        deal = self.deal
        if deal.plan.form != "bolsevikki":  # the traditional order: the deal goes on as usual
            if deal.form == "kotka":
                deal.phase = "exchange"
                deal.exchange = exchanges.centre_dealt_out(deal.dealer)
                return [MESSAGES.ruling("no_bolsevikki", key="no_bolsevikki_kotka", data={"form": "kotka"})]
            self._start_auction()
            return [MESSAGES.ruling("no_bolsevikki", data={"form": deal.form}, form=form_words(deal.form))]
        rulings = [MESSAGES.ruling("thrown_in", data={"deal": deal.number}, deal=deal.number)]
        self.sheet.add_thrown_in(deal.number, deal.sitsi, self.names[deal.dealer])
        return rulings + self._next_deal("thrown_in")

    def _bolsevikki_final(self, seat: int, what: str, value: str | None) -> list[Ruling]:
        deal = self.deal
        rulings = []
        if what == "bid":
            bid = self._parse(seat, value)
            counted = Bid(7, bid.strain)
            if counted != bid:
                rulings.append(MESSAGES.ruling("bid_raised", (seat,), data={"said": bid.text, "bid": counted.text},
                                               said=bid_words(bid.text), bid=bid_words(counted.text)))
            deal.contract = counted
        return rulings + self._bolsevikki_stands()

    def _bolsevikki_stands(self) -> list[Ruling]:
        """The player's final call is made (or, with a defender speaking or leading, was a pass)."""
        self._start_doubling()
        return [self._contract_ruling()]

    # ------------------------------------------------------------ bidding

    def _parse(self, seat: int, value: str | None) -> Bid:
        try:
            return parse_bid(value)
        except ValueError:
            raise MESSAGES.impossible("not_a_bid", (seat,), value=value or "") from None

    def _bid(self, seat: int, what: str, value: str | None) -> list[Ruling]:
        deal = self.deal
        auction = deal.auction
        if seat != auction.turn:
            raise MESSAGES.impossible("not_your_turn_to_bid", (seat,), player=self.name(seat),
                                      turn=self.name(auction.turn))
        rulings = []
        if what == "bid":
            bid = self._parse(seat, value)
            counted = auction.lowest(bid)
            if counted is None:
                raise MESSAGES.impossible("bid_cannot_be_raised", (seat,), bid=bid_words(bid.text),
                                          high=bid_words(auction.high.text))
            auction.call(seat, bid)
            if counted != bid:
                rulings.append(MESSAGES.ruling("bid_raised", (seat,), data={"said": bid.text, "bid": counted.text},
                                               said=bid_words(bid.text), bid=bid_words(counted.text)))
        else:
            auction.call(seat, None)
        if auction.pass_misere:
            return rulings + self._pass_misere()
        if auction.over:
            return rulings + self._auction_over()
        return rulings

    def _pass_misere(self) -> list[Ruling]:
        deal = self.deal
        deal.pass_misere, deal.phase = True, "exchange"
        deal.exchange = exchanges.pass_misere(deal.dealer, deal.centre > 0, deal.ring)
        leader = deal.ring.left_of(deal.dealer)
        return [MESSAGES.ruling("pass_misere", data={"dealer": deal.dealer, "leader": leader,
                                                     "centre_out": deal.centre > 0},
                                key="pass_misere_centre" if deal.centre else "pass_misere",
                                dealer=self.name(deal.dealer), leader=self.name(leader))]

    def _auction_over(self) -> list[Ruling]:
        deal = self.deal
        auction = deal.auction
        deal.taker = auction.high_by
        deal.contract, deal.final_bidder = auction.high, auction.high_by
        deal.phase = "exchange"
        if self.puupaa:  # its cards move opposite the highest bidder
            deal.ring = Ring.puupaa(deal.taker)
        deal.exchange = (exchanges.declared_alkupeli(deal.taker, deal.ring) if deal.form == "alkupeli"
                         else exchanges.kotka(deal.taker, deal.ring))
        key = ("bidding_over_puupaa_kotka" if deal.form == "kotka" else "bidding_over_puupaa") if self.puupaa \
            else "bidding_over"
        return [MESSAGES.ruling("bidding_over", (deal.taker,), data={"bid": auction.high.text, "taker": deal.taker},
                                key=key, bid=bid_words(auction.high.text), player=self.name(deal.taker))]

    def _continue(self, seat: int, what: str, value: str | None) -> list[Ruling]:
        deal = self.deal
        cont = deal.continuation
        if seat not in cont.seats:
            raise MESSAGES.impossible("not_a_declarer", (seat,), player=self.name(seat))
        if seat != cont.turn:
            raise MESSAGES.impossible("not_your_turn_to_bid", (seat,), player=self.name(seat),
                                      turn=self.name(cont.turn))
        rulings = []
        refuse = self.settings["low_final_contract"] == "refuse"
        if what == "bid":
            bid = self._parse(seat, value)
            counted = cont.lowest(bid)
            if counted is None:
                raise MESSAGES.impossible("bid_cannot_be_raised", (seat,), bid=bid_words(bid.text),
                                          high=bid_words(cont.contract.text))
            if refuse and cont.one_call and counted.level < 5:
                raise MESSAGES.impossible("final_contract_below_five", (seat,), bid=bid_words(counted.text))
            cont.call(seat, bid)
            if counted != bid:
                rulings.append(MESSAGES.ruling("bid_raised", (seat,), data={"said": bid.text, "bid": counted.text},
                                               said=bid_words(bid.text), bid=bid_words(counted.text)))
        else:
            if cont.contract.level < 5 and cont.would_end and refuse:
                raise MESSAGES.impossible("final_contract_below_five", (seat,), bid=bid_words(cont.contract.text))
            cont.call(seat, None)
        if not cont.over:
            return rulings
        low = cont.contract.level < 5
        deal.contract, deal.final_bidder = cont.contract, cont.contract_by
        if low:
            raised = Bid(5, cont.contract.strain)
            rulings.append(MESSAGES.ruling("contract_raised", (deal.final_bidder,),
                                           data={"from": deal.contract.text, "to": raised.text},
                                           bid=bid_words(deal.contract.text), raised=bid_words(raised.text)))
            deal.contract = raised
        deal.swap_allowed = deal.form == "alkupeli" and self._opponents_may_swap()
        rulings.append(self._contract_ruling())
        if deal.swap_allowed:
            deal.phase = "swap"
            deal.exchange = exchanges.opponents_swap(deal.final_bidder, deal.ring)
        else:
            self._start_doubling()
        return rulings

    def _opponents_may_swap(self) -> bool:
        """Not if the declarers' opening bid was at level 6 or 7: made in the first bidding round
        (the handbook's words) or in any (``pair_opening``, RULINGS' words)."""
        deal = self.deal
        opening = deal.auction.opening_of((deal.final_bidder, deal.ring.partner_of(deal.final_bidder)))
        if opening is None:
            return True
        round_, bid = opening
        if self.settings["opponents_swap_rule"] == "first_round_opening" and round_ != 1:
            return True
        return bid.level < 6

    def _contract_ruling(self) -> Ruling:
        deal = self.deal
        if deal.form == "bolsevikki":
            declarers = [deal.player]
            leader = FOUR.right_of(deal.player)
        else:
            declarers = sorted(deal.ring.voiced((deal.final_bidder, deal.ring.partner_of(deal.final_bidder))))
            leader = deal.ring.left_of(deal.final_bidder)
        return MESSAGES.ruling("contract", tuple(declarers),
                               data={"contract": deal.contract.text, "by": deal.final_bidder, "declarers": declarers,
                                     "leader": leader, "opponents_swap": deal.swap_allowed},
                               key="contract_swap" if deal.swap_allowed else "contract",
                               bid=bid_words(deal.contract.text), player=self.name(deal.final_bidder),
                               leader=self.name(leader))

    # ------------------------------------------------------------ exchanges

    def _revealed(self, e: CardsRevealed) -> list[Ruling]:
        deal = self.deal
        if m := _PLAY_ZONE.match(e.zone):
            return self._doubted(lambda: self._seen_played(int(m.group(1)), e.cards))
        if e.zone == "deck":
            return self._deck_top(e.cards)
        if e.zone != "centre":
            raise MESSAGES.impossible("reveal_not_used", zone=e.zone)
        if deal.phase != "exchange" or not deal.exchange.reveal:
            raise MESSAGES.impossible("centre_not_now")
        try:
            deal.exchange.show(e.cards)
        except ExchangeError as err:
            raise MESSAGES.impossible(err.reason, count=len(e.cards)) from None
        deal.centre_cards = tuple(e.cards)
        return []

    def _deck_top(self, cards: tuple[str, ...]) -> list[Ruling]:
        """The handbook: the shuffler lays the deck face up, and no ace or two may lie on top."""
        deal = self.deal
        if deal.phase != "deal" or deal.dealt or len(cards) != 1:
            raise MESSAGES.impossible("deck_top_not_now")
        if cards[0][0] not in "A2":
            return []
        shuffler = deal.ring.left_of(deal.dealer)
        return [MESSAGES.ruling("reshuffle", (shuffler,), data={"card": cards[0], "shuffler": shuffler},
                                player=self.name(shuffler), card=card_text(cards[0]))]

    def _exchanged(self, giver: int, receiver: int) -> list[Ruling]:
        deal = self.deal
        if deal.phase not in ("exchange", "swap"):
            raise MESSAGES.impossible("no_exchange_now", phase=phase_words(deal.phase))
        if giver == CENTRE and deal.centre == 0 or giver != CENTRE and deal.hands[giver] == 0:
            raise MESSAGES.impossible("nothing_to_give", zone="centre" if giver == CENTRE else f"hand{giver}")
        try:
            deal.exchange.move(giver, receiver)
        except ExchangeError as err:
            raise MESSAGES.impossible(err.reason, (receiver,) if giver == CENTRE else (giver,),
                                      move=self._move_words([(giver, receiver)]),
                                      waiting=self._move_words(deal.exchange.waiting())) from None
        if giver == CENTRE:
            deal.centre -= 1
        else:
            deal.hands[giver] -= 1
        deal.hands[receiver] += 1
        if not deal.exchange.done:
            return []
        return self._exchange_done()

    def _move_words(self, moves: list[tuple[int, int]]) -> Phrase:
        """Exchange moves as words: 'Eero → Ville, keskikortit → Aino'."""
        def words(centre: str) -> str:
            return ", ".join(f"{centre if g == CENTRE else self.name(g)} → {self.name(r)}" for g, r in moves) or "-"
        return Phrase(words("keskikortit"), words("centre"))

    def _exchange_unseen_now(self) -> bool:
        """Whether the exchange is under way with none of its moves seen (the camera sees none)."""
        deal = self.deal
        return deal.phase == "exchange" and deal.exchange.moves == 0

    def _exchange_unseen(self) -> list[Ruling]:
        """The next phase has begun with no move of the exchange seen: it was made unseen, every hand
        left with 13 cards and the centre empty."""
        deal = self.deal
        count = sum(len(step) for stage in deal.exchange.stages for chain in stage for step in chain)
        ruling = MESSAGES.ruling("exchange_unseen", data={"exchange": deal.exchange.name, "moves": count}, count=count)
        deal.hands, deal.centre = [CARDS_IN_DECK // SEATS] * SEATS, 0
        deal.exchange.stages, deal.exchange.reveal = [], False
        return [ruling, *self._exchange_done()]

    def _exchange_done(self) -> list[Ruling]:
        deal = self.deal
        name = deal.exchange.name
        deal.exchange = None
        if name in ("alkupeli", "kotka"):
            deal.phase = "continuation"
            deal.continuation = Continuation(deal.form, deal.taker, deal.contract, deal.final_bidder, deal.ring,
                                             self.puupaa and self.settings["puupaa_final_bid"] == "one_call")
            return []
        if name == "bolsevikki":
            deal.phase = "bolsevikki_call"
            return []
        if name == "centre_out":
            self._start_auction()
            return []
        self._start_doubling()  # a pass misère, or the opponents' swap
        return []

    # ------------------------------------------------------------ doubling

    def _start_doubling(self) -> None:
        deal = self.deal
        if deal.phase == "swap" and deal.exchange is not None and deal.exchange.moves and not deal.exchange.done:
            raise MESSAGES.impossible("swap_not_finished")
        deal.exchange = None
        deal.phase = "doubling"
        if deal.form == "bolsevikki":
            deal.doubling = doubling_rules.for_bolsevikki(deal.player)
        elif deal.pass_misere:
            deal.doubling = doubling_rules.for_pass_misere(deal.dealer, deal.ring)
        else:
            deal.doubling = doubling_rules.for_contract(deal.final_bidder, deal.ring)

    def _double(self, seat: int, what: str) -> list[Ruling]:
        deal = self.deal
        doubling = deal.doubling
        try:
            doubling.call(seat, what)
        except DoublingError as err:
            turn = doubling.queue[0][0] if doubling.queue else seat
            raise MESSAGES.impossible(err.reason, (seat,), player=self.name(seat), turn=self.name(turn)) from None
        if what == "pass":
            return []
        multiplier = doubling.multiplier_of(seat) if doubling.kind == "bolsevikki" and what == "double" \
            else doubling.multiplier
        return [MESSAGES.ruling("doubled" if what == "double" else "redoubled", (seat,),
                                data={"by": seat, "multiplier": multiplier}, player=self.name(seat))]

    # ------------------------------------------------------------ play

    def _start_play(self) -> None:
        deal = self.deal
        ring = deal.ring
        if deal.form == "bolsevikki":
            leader, trump = ring.right_of(deal.player), deal.contract.trump
            sides = tuple(PLAYER if s == deal.player else 1 - PLAYER for s in range(SEATS))
        else:
            leader = ring.left_of(deal.dealer if deal.pass_misere else deal.final_bidder)
            trump = None if deal.pass_misere else deal.contract.trump
            sides = tuple(ring.side_of(s) for s in range(SEATS))
        deal.phase = "play"
        deal.play = Play(trump, leader, deal.hands, sides, self.names, ring)

    def _played(self, seat: int, card: str | None, from_penalty: bool) -> list[Ruling]:
        deal = self.deal
        if card is None:
            raise MESSAGES.impossible("card_unread", (seat,), player=self.name(seat))
        rulings = self._exchange_unseen() if self._exchange_unseen_now() else []
        if deal.phase == "bolsevikki_call":
            rulings += self._bolsevikki_stands()
        if deal.phase == "swap":
            self._start_doubling()
        if deal.phase == "doubling":
            self._start_play()
        if deal.phase != "play":
            raise MESSAGES.impossible("not_playing_now", (seat,), phase=phase_words(deal.phase))
        rulings += deal.play.play(seat, card, from_penalty)
        if self.puupaa and not deal.puupaa_shown and deal.play.current.number == 1 and deal.play.current.plays:
            deal.puupaa_shown = True
            partner = deal.ring.partner_of(PUUPAA)
            rulings.append(MESSAGES.ruling("puupaa_face_up", (partner,), data={"partner": partner},
                                           player=self.name(partner)))
        if deal.play.over:
            rulings += self._score()
        return rulings

    def _seen_played(self, seat: int, cards: tuple[str, ...]) -> list[Ruling]:
        """The cards the camera sees lying in seat's play zone now: each not there when it last told them
        in this deal was played from the hand, in table order (one, but for a revoke corrected beside the
        wrong card)."""
        zones = self.deal.in_play_zones
        before, zones[seat] = zones[seat], tuple(cards)
        rulings: list[Ruling] = []
        for card in cards:
            if card not in before:
                rulings += self._played(seat, card, False)
        return rulings

    def _from_trick(self, dst: str, seat: int | None, card: str | None) -> list[Ruling]:
        play = self.deal.play
        if dst == "tricks" and self.last_play is not None and self.last_play.ungathered:
            return self.last_play.gather(seat)  # the last deal's last trick, turned after its scoring
        if play is None:
            raise MESSAGES.impossible("not_playing_now", phase=phase_words(self.deal.phase))
        if dst == "tricks":
            return play.gather(seat)
        if dst not in ("penalty", "hand"):
            raise MESSAGES.impossible("move_not_understood", source="trick", target=dst)
        if card is None:
            raise MESSAGES.impossible("card_unread", (seat,), player=self.name(seat))
        if dst == "penalty":
            if card not in play.exposed[seat]:
                raise MESSAGES.impossible("not_a_penalty_card", (seat,), card=card)
            return []
        play.take_back(seat, card)
        return []

    # ------------------------------------------------------------ scoring

    def _score(self) -> list[Ruling]:
        deal = self.deal
        play = deal.play
        mode = self.settings["misere_points"]
        misere = deal.pass_misere or deal.contract.misere
        taken = [play.tricks_of_side(0), play.tricks_of_side(1)]
        tricks = taken
        for revoke in play.revokes:
            tricks = with_penalty_tricks(tricks, revoke["side"], misere, self.settings["revoke_penalty_tricks"])
        aces = play.aces()
        if deal.form == "bolsevikki":
            multipliers = {s: deal.doubling.multiplier_of(s) for s in range(SEATS) if s != deal.player}
            score = score_bolsevikki(deal.player, deal.contract, tricks[PLAYER], aces, multipliers, mode)
            contract = deal.contract.text
        elif deal.pass_misere:
            score = score_pass_misere(play.sides, tricks, aces, deal.doubling.multiplier, mode)
            contract = "pass_misere"
        else:
            declarers = play.sides[deal.final_bidder]
            score = score_contract(deal.contract, declarers, play.sides, tricks, aces, deal.doubling.multiplier, mode)
            contract = deal.contract.text
        return self._record(score, contract, taken, tricks)

    def _record(self, score: DealScore, contract: str, taken: list[int], tricks: list[int]) -> list[Ruling]:
        """``taken``: tricks per side as played; ``tricks``: as counted, the penalty tricks moved."""
        deal = self.deal
        seating = self.seatings[self.sitsi - 1]
        by_player = [0] * len(self.players)
        for seat, player in enumerate(seating):  # the puupää's points are nobody's
            by_player[player] = score.points[seat]
        multiplier = 1 if deal.form == "bolsevikki" else deal.doubling.multiplier
        me_side = None if deal.form == "bolsevikki" else deal.play.sides[seating.index(self.bookkeeper)]
        self.sheet.add_deal(deal.number, deal.sitsi, deal.form, contract, multiplier, self._by_name(),
                            self.names[deal.dealer], by_player, score.detail, me_side)
        data = {"deal": deal.number, "sitsi": deal.sitsi, "form": deal.form, "contract": contract,
                "by": None if deal.pass_misere else deal.final_bidder, "taken": taken, "tricks": tricks,
                "scores": list(score.points), "players": dict(zip(self.players, by_player)),
                "revokes": len(deal.play.revokes), **{k: v for k, v in score.detail.items() if k != "contract"}}
        listing = ", ".join(f"{self.name(s)} {score.points[s]:+d}" for s in range(SEATS))
        rulings = [MESSAGES.ruling("deal_scored", tuple(range(len(self.players))), data=data, deal=deal.number,
                                   bid=bid_words(contract), listing=listing)]
        return rulings + self._next_deal(deal.form)

    def _by_name(self) -> str | None:
        deal = self.deal
        return None if deal.pass_misere else self.name(deal.final_bidder)

    def _next_deal(self, played: str) -> list[Ruling]:
        deal = self.deal
        self.last_play = deal.play
        self.plan.record(deal.plan, played, deal.player)
        self.deals_played += 1
        rulings: list[Ruling] = []
        plan = self.plan.next()
        if plan is None:
            rulings += self._sitsi_over()
            if self.over:
                return rulings
            plan = self.plan.next()
        self.deal = self._new_deal(plan)
        return rulings

    def _sitsi_over(self) -> list[Ruling]:
        done = self.sitsi
        totals = self.sheet.sitsi_totals(done)
        rulings = [MESSAGES.ruling("sitsi_over", data={"sitsi": done, "totals": dict(zip(self.players, totals))},
                                   sitsi=done, listing=", ".join(f"{p} {t:+d}" for p, t in zip(self.players, totals)))]
        if done == self.settings["sitsit"]:
            self.over = True
            return rulings + self._game_over()
        self.sitsi += 1
        self.plan = self._sitsi_plan(self.sitsi)
        if self.puupaa:
            return rulings
        names = self.names
        rulings.append(MESSAGES.ruling("reseated", tuple(range(SEATS)),
                                       data={"sitsi": self.sitsi, "seats": list(names)},
                                       sitsi=self.sitsi, seating=", ".join(names),
                                       pairs=f"{names[0]} & {names[2]}, {names[1]} & {names[3]}"))
        return rulings

    def _game_over(self) -> list[Ruling]:
        standings = self.sheet.standings()
        listing = ", ".join(f"{s['place']}. {s['name']} {s['points']:+d}" for s in standings)
        seating = self.seatings[self.sitsi - 1]
        return [MESSAGES.ruling("game_over", tuple(seating.index(self.players.index(s["name"])) for s in standings),
                                data={"standings": standings, "bolsevikki": self.sheet.bolsevikki_results()},
                                listing=listing)]

    # ------------------------------------------------------------ reporting

    def summary(self) -> dict[str, Any]:
        deal = self.deal
        out: dict[str, Any] = {
            "sitsi": self.sitsi,
            "deal": deal.number,
            "deal_in_sitsi": deal.index + 1,
            "form": deal.form,
            "phase": "over" if self.over else deal.phase,
            "seats": list(self.names),
            "bookkeeper": self.bookkeeper,
            "dealer": deal.dealer,
            "deck": deal.deck,
            "shuffler": deal.ring.left_of(deal.dealer),
            "cutter": deal.ring.right_of(deal.dealer),
            "hands": list(deal.hands),
            "centre": deal.centre,
            "centre_cards": list(deal.centre_cards),
        }
        if self.puupaa:
            out["puupaa"] = {"seat": PUUPAA, "partner": deal.ring.partner_of(PUUPAA), "table": list(deal.ring.order)}
        if deal.bolsevikki is not None:
            out["bolsevikki_round"] = {"calls": [[s, c] for s, c in deal.bolsevikki.calls],
                                       "player": deal.bolsevikki.player, "forced": deal.plan.forced}
        if deal.auction is not None:
            out["bidding"] = [[c.seat, c.bid.text if c.bid else "pass"] for c in deal.auction.calls]
        if deal.continuation is not None:
            out["continuation"] = [[c.seat, c.bid.text if c.bid else "pass"] for c in deal.continuation.calls]
        if deal.contract is not None or deal.pass_misere:
            out["contract"] = "pass_misere" if deal.pass_misere else deal.contract.text
            out["by"] = None if deal.pass_misere else deal.final_bidder
        if deal.exchange is not None:
            out["exchange"] = {"name": deal.exchange.name, "reveal": deal.exchange.reveal,
                               "waiting": [["centre" if g == CENTRE else g, r] for g, r in deal.exchange.waiting()]}
        if deal.doubling is not None:
            out["doubling"] = {"doubled_by": list(deal.doubling.doubled_by), "redoubled_by": deal.doubling.redoubled_by,
                               "multiplier": deal.doubling.multiplier,
                               "next": deal.doubling.queue[0][0] if deal.doubling.queue else None}
        if deal.play is not None:
            out["play"] = deal.play.to_json()
        out["score_sheet"] = self.sheet.to_json()
        out["standings"] = self.sheet.standings()
        return out

    def render(self, language: str = "fi") -> str:
        deal = self.deal
        lines = [self.sheet.render(language), ""]
        if self.over:
            lines.append(MESSAGES.words("render_over")[0 if language == "fi" else 1])
        else:
            fi, en = MESSAGES.words("render_state", sitsi=self.sitsi, deal=deal.index + 1, form=form_words(deal.form),
                                    dealer=self.name(deal.dealer), phase=phase_words(deal.phase))
            lines.append(fi if language == "fi" else en)
        return "\n".join(lines)


def _tidying(event: Event) -> bool:
    """After the game: the last trick turned over, the cards gathered up."""
    return isinstance(event, CardMoved) and (event.to_zone in _COLLECT or event.to_zone.startswith("tricks"))
