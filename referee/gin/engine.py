"""The gin rummy referee: the deal, the upcard, turns, knocks, the showing, scores, games and ledger.

Observations map onto the game like this (zones: ``stock``, ``pile``, ``handN`` = player N's held
cards, ``meldsN`` = the cards N lays face up at the end of a hand):

- deal: ``stock -> handN`` face down, 10 each (11 to the non-dealer in the 11-card variant); a card
  seen face up in the deal, a dealer out of turn (``by``), both hands miscounted, or a
  ``Declared("cards_missing")`` at any time: a redeal.  Cards going back to the stock before a
  deal are the gathering and count for nothing;
- the upcard ``stock -> pile`` face up ends the deal; the non-dealer, then the dealer, takes it
  (``pile -> handN``) or says ``pass``; if both pass the non-dealer draws from the stock;
- a turn: a draw ``stock -> handN`` or ``pile -> handN``, then a discard ``handN -> pile``;
- a knock: a face-down discard and ``Declared("knock", value=deadwood)`` (or ``"gin"``), in
  either order; then ``CardsRevealed`` of the knocker's ``meldsN`` and ``handN`` (the deadwood), and
  the defender's ``meldsM`` and ``handM``; a later ``CardsRevealed`` of the knocker's ``meldsN``
  holding more cards shows the defender's lay-offs.  A showing closes when all of a player's
  cards are shown, or when the player says ``done``; the defender's closing scores the hand.

Readings of the book, each a setting where the book leaves a choice:

- the knocker's cards count at their least deadwood (the book's "value of the cards in no meld"),
  whatever the split shown; the defender's lay-offs count as laid (``lay_offs="as_laid"``) or at
  the best the cards allow (``"best"``); lay-offs onto gin are allowed, as the book does not forbid
  them (``lay_off_onto_gin``);
- the win's 20 points go on the win line, the undercut's 10 and gin's 20 toward the 100
  (``extras_toward_game``); the win line is not carried to the main ledger (``win_line_to_ledger``);
- the next hand is dealt by the previous hand's winner; after a dead hand by the same dealer
  (``dead_hand_dealer``); a player who draws the card that leaves two may still knock with that
  turn's discard (``last_draw_may_knock``);
- one hand miscounted after the deal is put right from the stock before play begins, both
  miscounted is a redeal (``one_hand_miscounted``);
- a knock over the limit leaves its face-down card as that turn's discard, and the defender plays
  next; the knocker's cards are then known, and the referee says when they must knock;
- a stock card taken out of turn (or a second draw) is kept and stands for the player's next
  draw; a card taken from the pile out of turn, or a discard out of turn, is refused;
- a player who saw a stock card may not knock in the turn it happened; the cards under the pile's
  top may be looked at only if agreed (``pile_may_be_inspected``).

The book's variants (``variant``: ``"two"``, ``"three"``, ``"teams"``; by default the players' number
says which: 2, 3, or an even 4 to 10):

- three players: all three are dealt ten, the forehand (the dealer's left) first; the upcard is offered
  to each in turn, the dealer last (``upcard_offer="everyone"``; ``"forehand_and_dealer"``: as with
  two, to those two only), then the forehand draws from the stock; play goes clockwise.  The hand is
  won by the lowest deadwood: the knocker on equal, of two equal defenders the first after the knocker
  in turn.  After the knocker has shown, both defenders show; each may lay off onto the knocker's melds
  and the other's.  Whose card a lay-off is the referee knows from the cards seen in each player's
  zones: a card laid into the knocker's ``meldsN``, or into a defender's whose showing is closed, is the
  lay-off of the defender still showing (the first in turn, while both are); one that was seen in a
  defender's own zones stays theirs wherever it goes.  When the second defender closes and the first
  could still lay off onto the second's melds, the first is given that look (``lay_off_chance``) before
  the hand is scored, unless lay-offs count at their best.  The winner scores the others' deadwood
  less its own, with the 20 for the win and the same extras; the game ends *over* ``game_to`` (100),
  and the main ledger is the book's differences (no 100 for the win: the book gives three players
  these entries instead).  A player who saw a stock card by accident gives the choice to the next
  player; a dead hand with ``dead_hand_dealer="other"`` is dealt by the next player;
- teams: two teams (``teams="alternate"``: every other seat, partners apart as at a bridge table;
  ``"halves"``: the first half of the players against the second), each player playing a two-player
  hand against one opponent at a table of their own, with its own stock and pile (zones ``stockK``,
  ``pileK``, table K being where the K-th player of the first team sits; a plain ``stock`` or ``pile`` is
  the table of the player moving).  With four players the opponents change every hand, with more they
  do not (the book; ``rotate_opponents`` overrides).  Each table's hand is scored as with two; when
  every table's hand has ended, the team whose players won more points than they lost scores the
  difference and 20 for the win, toward the game as the book's example adds it
  (``team_win_toward_game``); on equal nets, the 20 goes to the team that won more of the hand's tables
  (``team_even_hand="more_games"``, or ``"none"``).  The game is ``game_to`` points: by default the
  book's 125 with four players, 150, 175, 200 with six, eight, ten; partners play one game together, so
  ``games`` is 1.  A new hand begins only when every table's has ended: a deal at a table that has
  finished waits; a player at another table may say ``wait`` while a table's knock is being shown, and
  is told when its result is in.  At each table the next hand is dealt by the player who won their
  last hand; where both or neither did, by the one who did not deal it (after a dead hand between the
  same two, as ``dead_hand_dealer`` says); the first hand by the players of ``first_dealer``'s team.  The
  winning team enters 100 in the main ledger (200 if the other has no points), each member's line
  showing their team's.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..core import Engine, Impossible, Ruling, register
from ..events import ButtonPressed, CameraBlind, CardLooked, CardMoved, CardsRevealed, Declared, Event, Paused
from ..messages import Phrase
from .camera import HAND
from .cards import HAND_SIZE, card_value, sorted_cards
from .hand import DEAL, DISCARD, DRAW, LATE_DRAW, OFFER, PLAY, SHOWING, Hand, Showing
from .melds import deadwood
from .messages import MESSAGES
from .scoring import (DEAD, GIN, KNOCK, MORE_GAMES, NO_WIN, TEAM_GAME_TO, TIE, UNDERCUT, ScoringRules, TableResult,
                      WIN_POINTS, game_winner, ledger_points, score_hand, score_team_hand, score_three, three_game_winner,
                      three_ledger)
from .sheet import ScoreSheet, TableRow, TeamScoreSheet
from .showing import AS_LAID, BEST, check_record, count_defender, count_defenders, count_knocker

_SEAT_ZONE = re.compile(r"(hand|melds)(\d+)")
_TABLE_ZONE = re.compile(r"(stock|pile)(\d+)")   # the team game: table K's stock and pile
TWO, THREE, TEAMS = "two", "three", "teams"
VARIANTS = (TWO, THREE, TEAMS)
TEAM_ONLY = ("teams", "rotate_opponents", "team_win_toward_game", "team_even_hand")
DEAD_STOCK = 2  # the book: a hand with two cards left in the stock and no knock is dead
MOST_HELD = HAND_SIZE + 2  # a hand and two stock cards taken out of turn: no zone shows more

_REDEALS = {
    "face_up_in_deal": ("jaossa näkyi kortti", "a card was seen in the deal"),
    "wrong_dealer": ("jakaja jakoi väärällä vuorolla", "dealt out of turn"),
    "both_hands_wrong": ("molemmilla väärä määrä kortteja", "both players hold the wrong number of cards"),
    "all_hands_wrong": ("kaikilla väärä määrä kortteja", "every player holds the wrong number of cards"),
    "one_hand_wrong": ("toisella väärä määrä kortteja", "a player holds the wrong number of cards"),
    "cards_missing": ("pakasta puuttuu kortteja; merkityt pisteet ovat voimassa",
                      "cards are missing from the pack; the points entered stand"),
}
_SCORED = {KNOCK: "scored_knock", TIE: "scored_tie", UNDERCUT: "scored_undercut", GIN: "scored_gin"}


class _Archive(list):
    """Finished hands' records: never changed once kept, so a copy of the engine shares them."""

    def __deepcopy__(self, memo) -> "_Archive":
        return _Archive(self)


@register
class GinEngine(Engine):
    """Gin rummy for two players, and the book's three-player and team variants (rule book
    ``gin-rommi.txt``, RULINGS section 3)."""

    game = "gin"
    settings_defaults: dict[str, Any] = {
        "variant": None,                    # "two", "three", "teams"; None: by the number of players
        "first_dealer": 0,
        "knock_limit": 10,                  # or "upcard": the first upcard's value (a variant)
        "eleven_cards": False,              # variant: 11 to the non-dealer, who opens by discarding
        "game_to": None,                    # None: the book's, 100 (three: over 100), teams 125/150/175/200
        "games": 1,                         # games ("erä") to play; None: until stopped
        "extras_toward_game": True,
        "win_line_to_ledger": False,
        "gin_bonus_two_melds_only": False,  # variant
        "one_run_tenfold": False,           # variant
        "lay_off_onto_gin": True,
        "lay_offs": AS_LAID,
        "one_hand_miscounted": "fix",       # or "redeal"
        "dead_hand_dealer": "same",         # or "other"
        "last_draw_may_knock": True,
        "pile_may_be_inspected": False,
        "upcard_offer": "everyone",         # three players: to each in turn, the dealer last; or "forehand_and_dealer"
        "teams": "alternate",               # teams: every other seat; or "halves"
        "rotate_opponents": None,           # teams: None: the book's (four players rotate, more do not)
        "team_win_toward_game": True,       # teams: the 20 for the hand counts toward the game (the book's example)
        "team_even_hand": MORE_GAMES,       # teams, equal nets: the 20 to who won more tables, or "none"
    }

    def __init__(self, start):
        super().__init__(start)
        self.n = len(self.players)
        self.variant = self._check_settings(start.settings)
        s = self.settings
        self.rules = ScoringRules(s["extras_toward_game"], s["gin_bonus_two_melds_only"], s["one_run_tenfold"])
        self.game_to = s["game_to"] if s["game_to"] is not None else TEAM_GAME_TO.get(self.n, 100) \
            if self.variant == TEAMS else 100
        self.history = _Archive()
        self.paused = False
        self.over = False
        self.now = start.t
        if self.variant == TEAMS:
            self._start_teams()
        else:
            self.sheet = ScoreSheet(self.players)
            self.hand = self._new_hand(s["first_dealer"])
        self.knock_unseen: Hand | None = None  # the hand whose knock was made while the camera was blind
        self.turn_unseen: Hand | None = None   # the hand whose turns may have gone by while the camera was blind
        self.shown_unseen: Hand | None = None  # the hand whose cards were laid while the camera was blind
        self.held_shown: list[tuple[CardsRevealed, int]] = []  # a defender's cards seen before the knocker's

    def _check_settings(self, given) -> str:
        """The settings checked, by name; the variant for the players' number."""
        s = self.settings
        variant = s["variant"]
        if variant is not None and variant not in VARIANTS:
            raise ValueError(f"setting 'variant' must be one of {', '.join(VARIANTS)} (or null: by the number of "
                             f"players), got {variant!r}")
        n = self.n
        teams_ok = n % 2 == 0 and 4 <= n <= max(TEAM_GAME_TO)
        if variant is None:
            variant = TWO if n == 2 else THREE if n == 3 else TEAMS if teams_ok else None
            if variant is None:
                raise ValueError(f"gin is played by 2 or 3 players, or by two teams of 4, 6, 8 or 10 players in all "
                                 f"(the book), got {n}")
        elif variant == TWO and n != 2:
            raise ValueError(f"gin's two-player game needs 2 players, got {n}")
        elif variant == THREE and n != 3:
            raise ValueError(f"gin's three-player variant needs 3 players, got {n}")
        elif variant == TEAMS and not teams_ok:
            raise ValueError(f"gin's team game needs an even number of players, 4 to 10 (two teams; the book's "
                             f"game is 125 points with four, 150, 175 or 200 with more), got {n}")
        if variant != TEAMS:
            for name in TEAM_ONLY:
                if name in given:
                    raise ValueError(f"setting '{name}' is for the team game (4 to 10 players), not for {n} players")
        for name, low in (("first_dealer", 0),):
            if isinstance(s[name], bool) or not isinstance(s[name], int) or s[name] < low:
                raise ValueError(f"setting '{name}' must be a whole number >= {low}, got {s[name]!r}")
        game_to = s["game_to"]
        if game_to is not None and (isinstance(game_to, bool) or not isinstance(game_to, int) or game_to < 1):
            raise ValueError(f"setting 'game_to' must be a whole number >= 1 or null (the book's), got {game_to!r}")
        if s["first_dealer"] >= self.n:
            raise ValueError(f"setting 'first_dealer' must be a seat 0-{self.n - 1}, got {s['first_dealer']}")
        limit = s["knock_limit"]
        if limit != "upcard" and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise ValueError(f"setting 'knock_limit' must be a whole number >= 0 or 'upcard', got {limit!r}")
        if limit == "upcard" and s["eleven_cards"]:
            raise ValueError("setting 'knock_limit' 'upcard' needs an upcard, and the 11-card deal turns none")
        games = s["games"]
        if games is not None and (isinstance(games, bool) or not isinstance(games, int) or games < 1):
            raise ValueError(f"setting 'games' must be a whole number >= 1 or null, got {games!r}")
        for name in ("eleven_cards", "extras_toward_game", "win_line_to_ledger", "gin_bonus_two_melds_only",
                     "one_run_tenfold", "lay_off_onto_gin", "last_draw_may_knock", "pile_may_be_inspected",
                     "team_win_toward_game"):
            if not isinstance(s[name], bool):
                raise ValueError(f"setting '{name}' must be true or false, got {s[name]!r}")
        if s["rotate_opponents"] is not None and not isinstance(s["rotate_opponents"], bool):
            raise ValueError(f"setting 'rotate_opponents' must be true, false or null (the book's), "
                             f"got {s['rotate_opponents']!r}")
        for name, choices in (("lay_offs", (AS_LAID, BEST)), ("one_hand_miscounted", ("fix", "redeal")),
                              ("dead_hand_dealer", ("same", "other")),
                              ("upcard_offer", ("everyone", "forehand_and_dealer")),
                              ("teams", ("alternate", "halves")), ("team_even_hand", (MORE_GAMES, NO_WIN))):
            if s[name] not in choices:
                raise ValueError(f"setting '{name}' must be one of {', '.join(choices)}, got {s[name]!r}")
        if variant == TEAMS and s["games"] != 1:
            raise ValueError(f"in gin's team game partners play one game together (the book): setting 'games' "
                             f"must be 1, got {s['games']!r}; start the next game with its new teams")
        return variant

    @property
    def finished(self) -> bool:
        return self.over

    def name(self, seat: int) -> str:
        return self.players[seat]

    def _limit(self) -> int:
        limit = self.settings["knock_limit"]
        return limit if isinstance(limit, int) else 10

    def _new_hand(self, dealer: int) -> Hand:
        return Hand(len(self.sheet.game.rows) + 1, dealer, tuple(range(self.n)), self._limit())

    def _fresh(self, h: Hand) -> Hand:
        """The same hand dealt again (a redeal): the same players, dealer and table."""
        return Hand(h.number, h.dealer, h.players, self._limit(), h.table)

    # ------------------------------------------------------------ the team game's tables

    def _start_teams(self) -> None:
        s = self.settings
        if s["teams"] == "alternate":
            self.teams = (tuple(range(0, self.n, 2)), tuple(range(1, self.n, 2)))
        else:
            self.teams = (tuple(range(self.n // 2)), tuple(range(self.n // 2, self.n)))
        self.sheet = TeamScoreSheet(self.players, self.teams)
        self.team_of = self.sheet.team_of
        rotate = s["rotate_opponents"]
        self.rotate = self.n == 4 if rotate is None else rotate
        self.done: dict[int, tuple[TableResult, TableRow]] = {}   # the tables whose hand has ended
        self.at = 0                                              # the table the event being applied is at
        dealers_team = self.team_of[s["first_dealer"]]
        self.tables = [Hand(1, pair[dealers_team], pair, self._limit(), k) for k, pair in enumerate(self._pairs(0))]
        self.hand = self.tables[0]

    def _pairs(self, played: int) -> list[tuple[int, int]]:
        """Who plays whom at each table after ``played`` hands: table K holds the first team's K-th player."""
        first, second = self.teams
        shift = played % len(first) if self.rotate else 0
        return [(a, second[(k + shift) % len(second)]) for k, a in enumerate(first)]

    def _table_of_seat(self, seat: int) -> int:
        return next(k for k, h in enumerate(self.tables) if seat in h.players)

    # ------------------------------------------------------------ routing

    def apply(self, event: Event, seq: int) -> list[Ruling]:
        self.now = event.t
        if isinstance(event, Paused):
            return self._pause(event.on)
        if self.over:
            raise MESSAGES.impossible("game_over")
        if self.variant == TEAMS:
            return self._at_table(event, seq)
        return self._dispatch(event, seq)

    def _dispatch(self, event: Event, seq: int) -> list[Ruling]:
        if isinstance(event, CardMoved):
            return self._moved(event, seq)
        if isinstance(event, CameraBlind):
            return self._blind(event, seq)
        if isinstance(event, CardsRevealed):
            return self._revealed(event, seq)
        if isinstance(event, CardLooked):
            return self._looked(event, seq)
        if isinstance(event, Declared):
            return self._declared(event, seq)
        if isinstance(event, ButtonPressed):
            return self._pressed(event, seq)
        raise MESSAGES.impossible("unknown_event", type=event.type)

    def _pressed(self, e: ButtonPressed, seq: int) -> list[Ruling]:
        """The table's button: held, a pause; pressed, a pass while the upcard is offered (the camera cannot
        see a pass), or the end of a player's showing (whose is open unless the button has a seat)."""
        if e.long:
            return self._pause(not self.paused)
        h = self.hand
        if h.phase == OFFER:
            return self._pass(h.offer_to if e.seat is None else self._seat(e.seat), seq, e.t)
        if h.phase == SHOWING:
            s = h.showing
            seat = (s.knocker if not s.knocker_closed else self._showing_now(h)) if e.seat is None else e.seat
            return self._done(self._seat(seat), seq)
        raise MESSAGES.impossible("button_not_now")

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.n:
            raise MESSAGES.impossible("no_such_seat", seat=seat, last=self.n - 1)
        return seat

    def _zone(self, zone: str) -> tuple[str, int | None]:
        if zone in ("stock", "pile"):
            return zone, None
        m = _TABLE_ZONE.fullmatch(zone)
        if m and self.variant == TEAMS:
            if int(m.group(2)) != self.hand.table:
                raise MESSAGES.impossible("tables_mixed", zones=zone)
            return m.group(1), None
        m = _SEAT_ZONE.fullmatch(zone)
        if not m:
            raise MESSAGES.impossible("not_a_gin_zone", zone=zone)
        return m.group(1), self._seat(int(m.group(2)))

    def _moved(self, e: CardMoved, seq: int) -> list[Ruling]:
        if HAND in (e.from_zone, e.to_zone):
            return self._seen_move(e, seq)
        src, src_seat = self._zone(e.from_zone)
        dst, dst_seat = self._zone(e.to_zone)
        h = self.hand
        if h.phase == DEAL:
            return self._deal_move(e, seq, src, src_seat, dst, dst_seat)
        if (src, dst) == ("stock", "hand") or (src, dst) == ("pile", "hand"):
            return self._draw(dst_seat, src, e, seq)
        if (src, dst) == ("hand", "pile"):
            return self._discard(src_seat, e, seq)
        if (src, dst) == ("hand", "stock") and self._fixable(src_seat, -1):
            return self._fix(src_seat, -1, e, seq)
        raise MESSAGES.impossible("move_not_in_gin", src=e.from_zone, dst=e.to_zone)

    # ------------------------------------------------------------ what the camera sees

    def _seen_move(self, e: CardMoved, seq: int) -> list[Ruling]:
        """A move the camera saw to or from a hand it cannot see (referee.gin.camera): whose hand the turn
        says. It never sees a deal (the cards go into held hands) nor a draw from the stock, so a first
        card on the pile ends a deal not seen, and a discard before any draw was seen follows a stock draw
        (with the upcard still offered: both passed, said or not, and the non-dealer drew)."""
        h = self.hand
        if self.turn_unseen is h and h.phase == PLAY and (e.from_zone, e.to_zone) == (HAND, "pile") and not e.face_up:
            self.knock_unseen = h  # a knock, whose turn is not known: the first to lay cards face up tells
            return []
        if (e.from_zone, e.to_zone) == ("pile", HAND):
            seat = h.offer_to if h.phase == OFFER else h.turn
            return self._moved(replace(e, to_zone=f"hand{seat}", by=seat), seq)
        if (e.from_zone, e.to_zone) != (HAND, "pile"):
            raise MESSAGES.impossible("move_not_in_gin", src=e.from_zone, dst=e.to_zone)
        if h.phase == DEAL:
            if not h.dealt and not h.spoiled:
                self._deal_unseen(seq, e.t)
            if self.settings["eleven_cards"]:  # no upcard: the non-dealer opens by discarding
                return self._moved(replace(e, from_zone=f"hand{h.non_dealer}", by=h.non_dealer), seq)
            return self._moved(replace(e, from_zone="stock", by=None), seq)
        rulings: list[Ruling] = []
        while h.phase == OFFER:
            rulings += self._pass(h.offer_to, seq, e.t)
        if h.phase == PLAY and h.stage == DRAW:
            drawn = replace(e, card=None, from_zone="stock", to_zone=f"hand{h.turn}", face_up=False, by=h.turn)
            rulings += self._moved(drawn, seq)
            if self.hand is not h:
                return rulings  # the draw left a dead hand
        seat = h.turn
        return rulings + self._moved(replace(e, from_zone=f"hand{seat}", by=seat), seq)

    def _deal_unseen(self, seq: int, t: float) -> None:
        """The deal into held hands, which the camera does not see: taken as dealt right."""
        h = self.hand
        for seat in h.players:
            for _ in range(self._wanted(seat)):
                h.holdings[seat].take(None)
                h.dealt, h.stock = h.dealt + 1, h.stock - 1
        h.note(seq, t, h.dealer, "deal_unseen")

    # ------------------------------------------------------------ the deal

    def _deal_move(self, e: CardMoved, seq: int, src: str, src_seat, dst: str, dst_seat) -> list[Ruling]:
        h = self.hand
        if dst == "stock" and (h.dealt == 0 or h.spoiled):
            return []  # the cards gathered for the deal
        if (src, dst) == ("stock", "hand"):
            if h.spoiled:
                if e.by is not None and e.by != h.dealer:
                    return []  # the spoiled deal going on: it is dealt again
                self.hand = h = self._fresh(h)
            if e.by is not None and e.by != h.dealer:
                return self._redeal(seq, "wrong_dealer")
            h.dealt += 1
            h.stock -= 1
            h.holdings[dst_seat].take(None)
            if e.face_up:
                return self._redeal(seq, "face_up_in_deal", card=e.card)
            return []
        if (src, dst) == ("stock", "pile") and not h.spoiled:
            if self.settings["eleven_cards"]:
                raise MESSAGES.impossible("no_upcard_in_eleven", offer=self.name(h.non_dealer))
            return self._upcard(e, seq)
        if (src, dst) == ("hand", "pile") and self.settings["eleven_cards"] and src_seat == h.non_dealer \
                and not h.spoiled and h.dealt:
            rulings = self._end_deal(seq)
            if self.hand is not h:
                return rulings  # redealt
            return rulings + self._discard(src_seat, e, seq)
        raise MESSAGES.impossible("deal_not_done")

    def _upcard(self, e: CardMoved, seq: int) -> list[Ruling]:
        h = self.hand
        if e.card is not None and h.where.get(e.card):
            raise MESSAGES.impossible("card_elsewhere", card=e.card, place=h.where[e.card])
        h.stock -= 1
        h.pile.append(e.card)
        h.upcard = e.card
        if e.card is not None:
            h.place(e.card, "pile")
        h.note(seq, e.t, None, "upcard", card=e.card)
        rulings = self._end_deal(seq)
        if self.hand is not h:
            return rulings  # redealt
        if self.settings["knock_limit"] == "upcard" and e.card is not None:
            h.knock_limit = card_value(e.card)
        h.phase, h.offer_to = OFFER, h.non_dealer
        return rulings + [MESSAGES.ruling(
            "hand_dealt", (h.dealer, h.non_dealer), hand=h.number, dealer=self.name(h.dealer), upcard=e.card or "?",
            offer=self.name(h.non_dealer), limit=h.knock_limit,
            data={"game": self.sheet.game.number, "hand": h.number, "dealer": h.dealer, "upcard": e.card,
                  "knock_limit": h.knock_limit})]

    def _wanted(self, seat: int) -> int:
        extra = self.settings["eleven_cards"] and seat == self.hand.non_dealer
        return HAND_SIZE + extra

    def _end_deal(self, seq: int) -> list[Ruling]:
        """Count the hands when the deal ends: both wrong is a redeal, one wrong is put right (or
        redealt, as agreed); the 11-card deal then opens with the non-dealer's discard."""
        h = self.hand
        wrong = [s for s in h.players if h.holdings[s].count != self._wanted(s)]
        counts = [x.count for x in h.holdings.values()]
        if len(wrong) == len(h.players):
            return self._redeal(seq, "both_hands_wrong" if len(wrong) == 2 else "all_hands_wrong", counts=counts)
        if wrong and self.settings["one_hand_miscounted"] == "redeal":
            return self._redeal(seq, "one_hand_wrong", counts=counts)
        rulings = [MESSAGES.ruling("hand_size_wrong", (s,), player=self.name(s), have=h.holdings[s].count,
                                   want=self._wanted(s), data={"have": h.holdings[s].count, "want": self._wanted(s)})
                   for s in wrong]
        if self.settings["eleven_cards"]:
            h.phase = PLAY
            h.turn, h.turns, h.stage = h.non_dealer, 1, DISCARD
            rulings.append(MESSAGES.ruling(
                "hand_dealt", (h.dealer, h.non_dealer), key="hand_dealt_eleven", hand=h.number,
                dealer=self.name(h.dealer), offer=self.name(h.non_dealer), limit=h.knock_limit,
                data={"game": self.sheet.game.number, "hand": h.number, "dealer": h.dealer, "upcard": None,
                      "knock_limit": h.knock_limit}))
        return rulings

    def _redeal(self, seq: int, why: str, **detail) -> list[Ruling]:
        h = self.hand
        self._archive(h, {"case": "redeal", "reason": why, **detail})
        self.hand = self._fresh(h)
        self.hand.spoiled = True
        fi, en = _REDEALS[why]
        return [MESSAGES.ruling("redeal", h.players, why=Phrase(fi, en), dealer=self.name(h.dealer),
                                data={"reason": why, "dealer": h.dealer, **detail})]

    def _fixable(self, seat: int, step: int) -> bool:
        """A miscounted hand is put right from the stock while nobody has yet played."""
        h = self.hand
        if h.phase != OFFER or h.acted:
            return False
        have, want = h.holdings[seat].count, self._wanted(seat)
        return have < want if step > 0 else have > want

    def _fix(self, seat: int, step: int, e: CardMoved, seq: int) -> list[Ruling]:
        h = self.hand
        if step > 0:
            h.stock -= 1
            h.holdings[seat].take(None)
        else:
            h.stock += 1
            h.holdings[seat].give(None)
        h.note(seq, e.t, seat, "fix", step=step)
        return []

    def _cards_missing(self, seq: int) -> list[Ruling]:
        return self._redeal(seq, "cards_missing")

    # ------------------------------------------------------------ the upcard and turns

    def _pass(self, seat: int, seq: int, t: float) -> list[Ruling]:
        h = self.hand
        if h.phase != OFFER:
            raise MESSAGES.impossible("no_offer", (seat,))
        if seat != h.offer_to:
            raise MESSAGES.impossible("upcard_not_offered", (seat,), offer=self.name(h.offer_to))
        h.note(seq, t, seat, "pass")
        h.acted = True
        if seat != h.dealer:  # on to the next player (three: each in turn), the dealer last
            h.offer_to = h.dealer if self.settings["upcard_offer"] != "everyone" else h.other(seat)
            return []
        h.offer_to, h.phase, h.stock_only = None, PLAY, True
        return self._begin_turn(h.non_dealer)

    def _begin_turn(self, seat: int) -> list[Ruling]:
        h = self.hand
        h.turn, h.turns, h.stage = seat, h.turns + 1, DRAW
        hold = h.holdings[seat]
        if hold.advance:
            hold.advance -= 1
            h.stage = DISCARD
            return self._knock_due(seat)
        return []

    def _end_turn(self, seq: int) -> list[Ruling]:
        h = self.hand
        if h.stock <= DEAD_STOCK:
            return self._dead(seq)
        return self._begin_turn(h.other(h.turn))

    def _draw(self, seat: int, source: str, e: CardMoved, seq: int) -> list[Ruling]:
        h = self.hand
        if h.phase == SHOWING:
            raise MESSAGES.impossible("not_your_turn", (seat,), turn=self.name(h.showing.knocker))
        if h.phase == OFFER:
            if source == "pile":
                if seat != h.offer_to:
                    raise MESSAGES.impossible("upcard_not_offered", (seat,), offer=self.name(h.offer_to))
                self._take(seat, source, e, seq, "take_upcard")
                h.phase, h.offer_to = PLAY, None
                h.turn, h.turns, h.stage = seat, h.turns + 1, DISCARD
                return []
            if self._fixable(seat, +1):
                return self._fix(seat, +1, e, seq)
            if seat == h.offer_to == h.non_dealer:  # drawing instead of taking the upcard declines it
                h.offer_to = h.dealer if self.settings["upcard_offer"] != "everyone" else h.other(seat)
            return self._out_of_turn_draw(seat, e, seq)
        if seat != h.turn:
            if h.stage == LATE_DRAW:  # the player due to draw after discarding never did
                forgone = h.turn
                rulings = [MESSAGES.ruling("draw_forgone", (forgone,), player=self.name(forgone),
                                           count=h.holdings[forgone].count,
                                           data={"count": h.holdings[forgone].count})]
                rulings += self._begin_turn(seat)
                return rulings + self._draw(seat, source, e, seq)
            if source == "pile":
                raise MESSAGES.impossible("not_your_turn", (seat,), turn=self.name(h.turn))
            return self._out_of_turn_draw(seat, e, seq)
        if h.stage == DISCARD:
            if source == "pile":
                raise MESSAGES.impossible("already_drew", (seat,), player=self.name(seat))
            return self._out_of_turn_draw(seat, e, seq)
        if source == "pile" and h.stock_only:
            raise MESSAGES.impossible("must_draw_from_stock", (seat,), player=self.name(seat))
        late = h.stage == LATE_DRAW
        self._take(seat, source, e, seq, "draw")
        if source == "stock" and h.stock <= DEAD_STOCK and not self.settings["last_draw_may_knock"]:
            return self._dead(seq)
        if late:
            return self._end_turn(seq)
        h.stage = DISCARD
        return self._knock_due(seat)

    def _take(self, seat: int, source: str, e: CardMoved, seq: int, action: str) -> None:
        """Move a card into a hand, checking it can be the card named."""
        h = self.hand
        zone = f"hand{seat}"
        if source == "stock":
            if h.stock <= 0:
                raise MESSAGES.impossible("stock_empty", (seat,))
            card = e.card
            if card is not None and h.where.get(card, "stock") != "stock":
                raise MESSAGES.impossible("card_elsewhere", (seat,), card=card, place=h.where[card])
            h.stock -= 1
        else:
            if not h.pile:
                raise MESSAGES.impossible("pile_empty", (seat,))
            top = h.pile[-1]
            card = e.card if e.card is not None else top
            if top is not None and card != top:
                raise MESSAGES.impossible("not_pile_top", (seat,), card=card, top=top)
            if top is None and card is not None and h.where.get(card) is not None:
                raise MESSAGES.impossible("card_elsewhere", (seat,), card=card, place=h.where[card])
            h.pile.pop()
        h.holdings[seat].take(card)
        if card is not None:
            h.place(card, zone)
        h.stock_only, h.acted = False, True
        h.note(seq, e.t, seat, action, source=source, card=card)

    def _out_of_turn_draw(self, seat: int, e: CardMoved, seq: int) -> list[Ruling]:
        self._take(seat, "stock", e, seq, "draw_out_of_turn")
        self.hand.holdings[seat].advance += 1
        return [MESSAGES.ruling("out_of_turn_draw", (seat,), player=self.name(seat),
                                data={"card": e.card, "advance": self.hand.holdings[seat].advance})]

    def _discard(self, seat: int, e: CardMoved, seq: int) -> list[Ruling]:
        h = self.hand
        if h.phase in (OFFER, SHOWING):
            whose = h.offer_to if h.phase == OFFER else h.showing.knocker
            raise MESSAGES.impossible("not_your_turn", (seat,), turn=self.name(whose))
        if seat != h.turn:
            raise MESSAGES.impossible("not_your_turn", (seat,), turn=self.name(h.turn))
        if h.stage == DRAW:
            if not e.face_up:
                raise MESSAGES.impossible("knock_before_draw", (seat,))
            self._put(seat, e, seq)
            h.stage = LATE_DRAW
            return [MESSAGES.ruling("discard_before_draw", (seat,), player=self.name(seat), data={"card": e.card})]
        if h.stage == LATE_DRAW:
            raise MESSAGES.impossible("already_discarded", (seat,), player=self.name(seat))
        pending = h.knock_pending
        if not e.face_up or pending:
            refused = self._knock_refused(seat)
            if refused:
                self._put(seat, e, seq)
                h.note(seq, e.t, seat, "knock_refused")
                return refused + self._end_turn(seq)
            self._put(seat, e, seq, knock=True)
            announced = pending[1] if pending else None
            return self._knock(seat, seq, e.t, announced, declared=bool(pending))
        could = self._open_deadwood(seat)
        self._put(seat, e, seq)
        rulings = []
        if could is not None and could <= h.knock_limit:
            rulings.append(MESSAGES.ruling("knock_missed", (seat,), player=self.name(seat), deadwood=could,
                                           data={"deadwood": could}))
        return rulings + self._end_turn(seq)

    def _put(self, seat: int, e: CardMoved, seq: int, knock: bool = False) -> None:
        """A card from a hand to the pile; a knock's face-down card leaves the known cards as they
        are, for the showing to tell which it was."""
        h = self.hand
        hold = h.holdings[seat]
        if hold.count <= 0:
            raise MESSAGES.impossible("no_cards", (seat,), player=self.name(seat))
        card = e.card
        if card is not None and h.where.get(card, f"hand{seat}") != f"hand{seat}":
            raise MESSAGES.impossible("card_elsewhere", (seat,), card=card, place=h.where[card])
        if knock and card is None:
            hold.count -= 1
        else:
            hold.give(card)
        h.pile.append(card)
        if card is not None:
            h.place(card, "pile")
        h.note(seq, e.t, seat, "knock_discard" if knock else "discard", card=card, face_up=e.face_up)

    def _dead(self, seq: int) -> list[Ruling]:
        h = self.hand
        if self.variant == TEAMS:
            self._archive(h, {"case": "dead"})
            told = MESSAGES.ruling("dead_hand", h.players, left=h.stock,
                                   data={"stock": h.stock, "next_dealer": None, "table": h.table})
            row = TableRow(h.table, h.players, DEAD, None, None, None, (0, 0), (0, 0))
            return [told] + self._table_over(h, TableResult(h.players, None), row)
        self.sheet.add_dead_hand()
        self._archive(h, {"case": "dead"})
        dealer = h.dealer if self.settings["dead_hand_dealer"] == "same" else h.other(h.dealer)
        self.hand = self._new_hand(dealer)
        return [MESSAGES.ruling("dead_hand", h.players, left=h.stock,
                                data={"stock": h.stock, "next_dealer": dealer})]

    # ------------------------------------------------------------ knocking

    def _announced(self, what: str, value: str | None) -> int | None:
        if what == "gin":
            return 0
        if value is None:
            return None
        if not value.strip().isdigit():
            raise MESSAGES.impossible("announcement_unreadable", value=value)
        return int(value)

    def _declare_knock(self, seat: int, what: str, value: str | None, seq: int, t: float) -> list[Ruling]:
        announced = self._announced(what, value)
        h = self.hand
        rulings: list[Ruling] = []
        if h.phase == DEAL and self.settings["eleven_cards"] and seat == h.non_dealer and h.dealt and not h.spoiled:
            rulings = self._end_deal(seq)
            if self.hand is not h:
                return rulings  # redealt
        if h.phase == PLAY and h.turn == seat and h.stage == DISCARD and not h.knock_pending:
            refused = self._knock_refused(seat)
            if refused:
                return rulings + refused
            h.knock_pending = (seat, announced)
            h.note(seq, t, seat, "knock_declared", announced=announced)
            return rulings
        if h.record and h.record[-1]["action"] == "knock_refused" and h.record[-1]["seat"] == seat:
            return rulings  # the announcement of the knock just refused
        s = h.showing
        if h.phase == SHOWING and s.knocker == seat and not s.declared and not s.knocker_closed:
            s.announced, s.declared = announced, True
            h.note(seq, t, seat, "knock_declared", announced=announced)
            return rulings
        raise MESSAGES.impossible("knock_not_now", (seat,), player=self.name(seat))

    def _knock_refused(self, seat: int) -> list[Ruling]:
        """The book: a player who saw a stock card by accident may not knock before the next turn."""
        h = self.hand
        if h.no_knock_turn.get(seat) != h.turns:
            return []
        h.knock_pending = None
        return [MESSAGES.ruling("knock_refused", (seat,), player=self.name(seat))]

    def _knock(self, seat: int, seq: int, t: float, announced: int | None, declared: bool) -> list[Ruling]:
        h = self.hand
        h.phase, h.knock_pending = SHOWING, None
        h.showing = Showing(seat, announced, declared)
        if announced is None:
            said = Phrase("ei vielä ilmoitusta", "nothing announced yet")
        elif announced == 0:
            said = Phrase("gini", "gin")
        else:
            said = Phrase(f"ilmoitti {announced}", f"announced {announced}")
        return [MESSAGES.ruling("knocked", (seat,), player=self.name(seat), said=said,
                                data={"announced": announced})]

    def _open_deadwood(self, seat: int) -> int | None:
        """The least deadwood of an open hand all of whose cards are known (after the best discard
        when it holds the drawn card), else None."""
        hold = self.hand.holdings[seat]
        if not hold.open or len(hold.known) != hold.count or not hold.count:
            return None
        return deadwood(hold.known)

    def _knock_due(self, seat: int) -> list[Ruling]:
        could = self._open_deadwood(seat)
        if could is None or could > self.hand.knock_limit:
            return []
        return [MESSAGES.ruling("knock_due", (seat,), player=self.name(seat), deadwood=could,
                                data={"deadwood": could})]

    # ------------------------------------------------------------ the camera blind

    def _blind(self, e: CameraBlind, seq: int) -> list[Ruling]:
        """The camera saw nothing for a while: said, and nothing done then is ruled on. Where the pile shows
        turns went by, what the hands took and gave is no longer known; a card found face down on it (or
        seen laid so before whose turn is known again) is a knock made unseen, whose knocker the first cards
        laid face up tell (``_knock_found``); a new card face up on its top, the turn's draw and discard
        made unseen. Cards laid in the dark during a showing are seen at once: the knocker's go first."""
        h = self.hand
        told = [MESSAGES.ruling("unseen", data={"since": e.t, "until": e.until}, since=e.t, until=e.until)]
        if h.phase == SHOWING:
            self.shown_unseen = h  # what was laid in the dark is seen at once: whose came first is not
        knock = e.pile_face_down and h.pile[-1:] != [None]
        if h.phase != PLAY or not knock and (e.pile_top is None or e.pile_top in h.pile[-1:]):
            return told
        self.turn_unseen = h  # some turns went by: the cards they took and gave are not known
        for hold in h.holdings.values():
            hold.known.clear()
        for card in [card for card, place in h.where.items() if place != "stock" and card not in h.pile[-1:]]:
            del h.where[card]
        if knock:
            self.knock_unseen = h
        elif h.turn is not None:
            seat = h.turn
            moves = [] if h.stage == DISCARD else [CardMoved(t=e.until, from_zone="stock", to_zone=f"hand{seat}")]
            moves.append(CardMoved(t=e.until, card=e.pile_top, from_zone=f"hand{seat}", to_zone="pile", face_up=True))
            try:
                for move in moves:
                    told += [r for r in self._moved(move, seq) if r.kind == "dead_hand"]
            except Impossible:
                pass  # not the turn's own: which turns went by is not known, and nothing is ruled on them
        return told

    def _knock_found(self, seat: int, seq: int, t: float) -> list[Ruling]:
        """The knock made while the camera was blind is ``seat``'s, the first to lay cards face up: the turns
        to it went by unseen (the turn's discard, its own draw), then it knocked, holding a hand and its
        drawn card, as every other player a hand."""
        h, self.knock_unseen = self.hand, None
        if h.turn != seat:
            if h.stage == DISCARD:
                h.pile.append(None)  # the discard not seen, under the knock
            h.turn, h.turns, h.stage = seat, h.turns + 1, DRAW
        if h.stage == DRAW:
            h.stock -= 1
        for player, hold in h.holdings.items():  # a hand each, and the knocker's drawn card
            hold.count = HAND_SIZE + (player == seat)
        h.stage = DISCARD
        self._put(seat, CardMoved(t=t, from_zone=f"hand{seat}", to_zone="pile"), seq, knock=True)
        return self._knock(seat, seq, t, None, declared=False)

    # ------------------------------------------------------------ the showing

    def _revealed(self, e: CardsRevealed, seq: int) -> list[Ruling]:
        kind, seat = self._zone(e.zone)
        h = self.hand
        if self.knock_unseen is h and h.phase == PLAY and kind in ("melds", "hand"):
            return self._knock_found(seat, seq, e.t) + self._revealed(e, seq)
        if self.shown_unseen is h and h.phase == SHOWING and kind in ("melds", "hand"):
            s = h.showing
            if seat != s.knocker and not s.knocker_closed and not s.shown(s.knocker):
                self.held_shown.append((e, seq))  # the knocker's cards, laid first, are seen with them
                return []
            if seat == s.knocker and self.held_shown:
                held, self.held_shown, self.shown_unseen = self.held_shown, [], None
                return self._revealed(e, seq) + [r for shown, at in held for r in self._revealed(shown, at)]
        if kind == "stock":
            return self._stock_exposed(e.cards, seq, e.t)
        if kind == "pile" or h.phase != SHOWING:
            raise MESSAGES.impossible("nothing_to_show")
        s = h.showing
        knocker, cards = s.knocker, tuple(e.cards)
        if seat == knocker and not s.knocker_closed:
            (s.melds if kind == "melds" else s.deadwood)[seat] = cards
            self._check_size(seat, s.shown(seat), e.zone)
            h.note(seq, e.t, seat, "show", zone=e.zone, cards=list(cards))
            if len(s.shown(seat)) >= h.holdings[seat].count:
                return self._close_knocker(seq)
            return []
        if len(h.players) > 2:
            return self._revealed_three(kind, seat, cards, seq, e.t)
        if seat == knocker:
            if kind == "hand":
                if set(cards) == set(s.deadwood.get(seat, ())):
                    return []
                raise MESSAGES.impossible("showing_closed", (seat,), player=self.name(seat))
            lost = set(s.knocker_melds) - set(cards)
            if lost:
                raise MESSAGES.impossible("melds_changed", (seat,), cards=", ".join(sorted_cards(lost)))
            lay_offs = sorted_cards(set(cards) - set(s.count.cards))
            if lay_offs == s.lay_offs:
                return []  # seen again as it was
            self._check_size(h.other(seat), s.shown(h.other(seat)) | set(lay_offs), e.zone)
            s.lay_offs = lay_offs
            h.note(seq, e.t, h.other(seat), "lay_off", cards=list(s.lay_offs))
            return self._defender_progress(seq)
        rulings = [] if s.knocker_closed else self._close_knocker(seq)
        if self.hand is not h or h.phase != SHOWING:
            return rulings  # the knock did not stand: play goes on
        (s.melds if kind == "melds" else s.deadwood)[seat] = cards
        self._check_size(seat, s.shown(seat) | set(s.lay_offs), e.zone)
        h.note(seq, e.t, seat, "show", zone=e.zone, cards=list(cards))
        return rulings + self._defender_progress(seq)

    def _check_size(self, seat: int, cards: set[str], zone: str) -> None:
        """No player shows more cards than a hand can hold (nor makes the referee arrange them)."""
        if len(cards) > MOST_HELD:
            raise MESSAGES.impossible("too_many_cards", (seat,), player=self.name(seat), zone=zone, count=len(cards),
                                      most=MOST_HELD)

    def _defender_progress(self, seq: int) -> list[Ruling]:
        h = self.hand
        s = h.showing
        defender = h.other(s.knocker)
        if len(s.shown(defender) | set(s.lay_offs)) >= h.holdings[defender].count:
            return self._close_defender(seq)
        return []

    def _done(self, seat: int, seq: int) -> list[Ruling]:
        h = self.hand
        if h.phase != SHOWING:
            raise MESSAGES.impossible("nothing_to_close", (seat,))
        s = h.showing
        if len(h.players) > 2:
            return self._done_three(seat, seq)
        rulings = [] if s.knocker_closed else self._close_knocker(seq)
        if seat == s.knocker or self.hand is not h or h.phase != SHOWING:
            return rulings
        return rulings + self._close_defender(seq)

    def _check_shown(self, seat: int, cards, knocker: bool) -> list[Ruling]:
        """Compare a player's shown cards with the hand's record; afterwards they are known."""
        h = self.hand
        hold = h.holdings[seat]
        found = check_record(cards, f"hand{seat}", h.where, hold.known, hold.count)
        missing = found.missing
        if knocker and len(missing) == 1 and h.pile and h.pile[-1] is None:
            h.pile[-1] = missing[0]  # the one known card not shown is the knock's face-down discard
            h.place(missing[0], "pile")
            missing = ()
        name = self.name(seat)
        rulings = []
        if found.seen != found.counted:
            rulings.append(MESSAGES.ruling("count_mismatch", (seat,), player=name, seen=found.seen,
                                           counted=found.counted, data={"seen": found.seen, "counted": found.counted}))
        if found.elsewhere:
            rulings.append(MESSAGES.ruling(
                "card_conflict", (seat,), key="card_elsewhere_shown", player=name,
                cards=", ".join(found.elsewhere), places=", ".join(found.elsewhere.values()),
                data={"elsewhere": dict(found.elsewhere)}))
        if missing:
            rulings.append(MESSAGES.ruling("card_conflict", (seat,), key="card_not_shown", player=name,
                                           cards=", ".join(missing), data={"missing": list(missing)}))
        if rulings:
            h.showing.unjudged = True
        for card in cards:
            h.place(card, f"hand{seat}")
        hold.known = set(cards)
        return rulings

    def _close_knocker(self, seq: int) -> list[Ruling]:
        h = self.hand
        s = h.showing
        knocker = s.knocker
        melds, left = s.melds.get(knocker, ()), s.deadwood.get(knocker, ())
        count = count_knocker(melds, left)
        rulings = self._check_shown(knocker, count.cards, knocker=True)
        name, kd = self.name(knocker), count.deadwood
        if s.announced is None:
            rulings.append(MESSAGES.ruling("knock_unannounced", (knocker,), player=name, deadwood=kd,
                                           data={"deadwood": kd}))
        elif s.announced != kd:
            rulings.append(MESSAGES.ruling("wrong_announcement", (knocker,), player=name, announced=s.announced,
                                           deadwood=kd, data={"announced": s.announced, "deadwood": kd}))
        if left and count.shown_deadwood != kd:  # all laid in the meld zone: the referee arranges them
            rulings.append(MESSAGES.ruling("rearranged", (knocker,), player=name, shown=count.shown_deadwood,
                                           deadwood=kd, data={"shown": count.shown_deadwood, "deadwood": kd,
                                                              "melds": [list(m) for m in count.arrangement.melds]}))
        if kd > h.knock_limit:
            h.holdings[knocker].open = True
            h.showing, h.phase = None, PLAY
            h.note(seq, self.now, knocker, "knock_over_limit", deadwood=kd)
            rulings.append(MESSAGES.ruling("knock_over_limit", (knocker,), player=name, deadwood=kd,
                                           limit=h.knock_limit, data={"deadwood": kd, "limit": h.knock_limit}))
            return rulings + self._end_turn(seq)  # the face-down card was the turn's discard
        s.knocker_closed, s.knocker_melds, s.count = True, sorted_cards(melds), count
        gin = Phrase(", gini", ", gin") if kd == 0 else Phrase("", "")
        names = [self.name(d) for d in h.others(knocker)]
        rulings.append(MESSAGES.ruling(
            "knock_shown", (knocker,), key="knock_shown" if len(names) == 1 else "knock_shown_three", player=name,
            deadwood=kd, gin=gin,
            defender=Phrase(" ja ".join(names), " and ".join(names)),
            data={"deadwood": kd, "gin": kd == 0, "melds": [list(m) for m in count.arrangement.melds],
                  "deadwood_cards": list(count.arrangement.deadwood)}))
        return rulings


    def _defender_counted(self, defender: int, knocker: int, dc, may_lay_off: bool,
                          laid_deadwood: bool) -> list[Ruling]:
        """What a defender's count says beside what was laid: a lay-off missed, the deadwood arranged
        otherwise than shown, cards short (10 points each to the knocker)."""
        name, rulings = self.name(defender), []
        if may_lay_off and dc.best.value < dc.counted.value:
            rulings.append(MESSAGES.ruling("lay_off_missed", (defender,), player=name,
                                           cards=", ".join(dc.best.lay_offs), deadwood=dc.best.value,
                                           data={"cards": list(dc.best.lay_offs), "deadwood": dc.best.value}))
        if laid_deadwood and dc.shown_deadwood != dc.deadwood:
            rulings.append(MESSAGES.ruling("rearranged", (defender,), player=name, shown=dc.shown_deadwood,
                                           deadwood=dc.deadwood, data={"shown": dc.shown_deadwood,
                                                                       "deadwood": dc.deadwood,
                                                                       "melds": [list(m) for m in dc.counted.melds]}))
        if dc.short:
            points = 10 * dc.short
            rulings.append(MESSAGES.ruling("defender_short", (defender,), penalty=points, unit="point", player=name,
                                           missing=dc.short, knocker=self.name(knocker), points=points,
                                           data={"missing": dc.short, "to": knocker}))
        return rulings
    def _close_defender(self, seq: int) -> list[Ruling]:
        h = self.hand
        s = h.showing
        knocker = s.knocker
        defender = h.other(knocker)
        count = s.count
        may = count.deadwood > 0 or self.settings["lay_off_onto_gin"]
        dc = count_defender(s.melds.get(defender, ()), s.deadwood.get(defender, ()), s.lay_offs, count.groupings,
                            may, self.settings["lay_offs"])
        rulings = self._check_shown(defender, dc.cards, knocker=False)
        name = self.name(defender)
        if s.lay_offs and not may:
            rulings.append(MESSAGES.ruling("no_lay_off_on_gin", (defender,), player=name,
                                           cards=", ".join(s.lay_offs), data={"cards": list(s.lay_offs)}))
        elif dc.refused:
            rulings.append(MESSAGES.ruling("lay_off_refused", (defender,), player=name, cards=", ".join(dc.refused),
                                           data={"cards": list(dc.refused)}))
        rulings += self._defender_counted(defender, knocker, dc, may, bool(s.deadwood.get(defender)))
        local = h.players.index  # a seat's place in the hand's lists: the seat itself, but at a team game's table
        deadwoods = [0] * len(h.players)
        deadwoods[local(knocker)], deadwoods[local(defender)] = count.deadwood, dc.deadwood
        score = score_hand(local(knocker), tuple(deadwoods), short_cards=dc.short, knocker_melds=count.fewest_melds,
                           one_run=count.one_run, rules=self.rules)
        winner = h.players[score.winner]
        result = {
            "case": score.case, "knocker": knocker, "winner": winner, "announced": s.announced,
            "deadwood": deadwoods, "points": list(score.points), "win_points": list(score.win_points),
            "knocker_melds": [list(m) for m in count.arrangement.melds],
            "knocker_deadwood": list(count.arrangement.deadwood),
            "defender_melds": [list(m) for m in dc.counted.melds], "lay_offs": list(dc.counted.lay_offs),
            "defender_deadwood": list(dc.counted.deadwood), "short": dc.short, "unjudged": s.unjudged}
        if self.variant == TEAMS:
            return rulings + self._table_scored(h, score, result)
        row = self.sheet.add_hand(score.case, score.points, score.win_points, knocker=knocker, winner=score.winner,
                                  deadwood=deadwoods, unjudged=s.unjudged)
        loser = h.other(score.winner)
        rulings.append(MESSAGES.ruling(
            "hand_scored", h.players, key=_SCORED[score.case], hand=row.hand,
            winner=self.name(score.winner), mine=deadwoods[score.winner], theirs=deadwoods[loser],
            points=score.points[score.winner], win=score.win_points[score.winner],
            totals=", ".join(f"{p} {t}" for p, t in zip(self.players, row.totals)),
            data={"game": self.sheet.game.number, "hand": row.hand, "case": score.case, "knocker": knocker,
                  "winner": score.winner, "deadwood": deadwoods, "points": list(score.points),
                  "win_points": list(score.win_points), "totals": list(row.totals), "win_totals": list(row.win_totals),
                  "unjudged": s.unjudged, **score.detail}))
        self._archive(h, result)
        return rulings + self._after_hand(score.winner)

    def _after_hand(self, winner: int) -> list[Ruling]:
        """The game is won at its points (three players: over them); the hand's winner deals the next hand
        (the book)."""
        game = self.sheet.game
        if self.variant == THREE:
            champion = three_game_winner(game.totals, self.game_to, winner)
        else:
            champion = game_winner(game.totals, self.game_to, winner)
        rulings = []
        if champion is not None:
            totals = ", ".join(f"{p} {t}" for p, t in zip(self.players, game.totals))
            if self.variant == THREE:
                entries = three_ledger(game.totals, champion)
                points = entries[champion]
                second = max((s for s in range(self.n) if s != champion), key=lambda s: entries[s])
                self.sheet.finish_game(champion, entries, self.settings["win_line_to_ledger"])
                rulings.append(MESSAGES.ruling(
                    "game_won", (champion, second), key="game_won_three", player=self.name(champion),
                    game=game.number, points=points, second=self.name(second), second_points=entries[second],
                    totals=totals,
                    data={"game": game.number, "totals": list(game.totals), "win_totals": list(game.win_totals),
                          "ledger_points": points, "ledger_entries": list(entries), "ledger": list(self.sheet.ledger)}))
            else:
                points = ledger_points(champion, game.totals)
                self.sheet.finish_game(champion, points, self.settings["win_line_to_ledger"])
                rulings.append(MESSAGES.ruling(
                    "game_won", (champion,), player=self.name(champion), game=game.number, points=points,
                    totals=totals,
                    data={"game": game.number, "totals": list(game.totals), "win_totals": list(game.win_totals),
                          "ledger_points": points, "ledger": list(self.sheet.ledger)}))
            games = self.settings["games"]
            if games is not None and len(self.sheet.games) >= games:
                self.over = True
                return rulings
            self.sheet.new_game()
        self.hand = self._new_hand(winner)
        return rulings

    # ------------------------------------------------------------ three players' showing

    def _showing_now(self, h: Hand) -> int:
        """Whose showing is open once the knocker's closed: the defender (three: the one given a last look,
        else the first in turn from the knocker's left not yet closed)."""
        s = h.showing
        if len(h.players) == 2:
            return h.other(s.knocker)
        if s.chance is not None:
            return s.chance
        return next(d for d in h.others(s.knocker) if d not in s.closed)

    def _revealed_three(self, kind: str, seat: int, cards: tuple[str, ...], seq: int, t: float) -> list[Ruling]:
        """Three players: a zone's cards seen once the knocker's showing closed (or closing it).  Each new
        card is a defender's: one known in a hand is that hand's; one in a defender's own zone while
        their showing is open, theirs; one laid into the knocker's melds or a closed defender's, the
        lay-off of the defender showing now.  A card once counted to a defender stays theirs."""
        h = self.hand
        s = h.showing
        knocker = s.knocker
        rulings = [] if s.knocker_closed else self._close_knocker(seq)
        if self.hand is not h or h.phase != SHOWING:
            return rulings  # the knock did not stand: play goes on
        if seat == knocker:
            if kind == "hand":
                if set(cards) == set(s.deadwood.get(seat, ())):
                    return rulings
                raise MESSAGES.impossible("showing_closed", (seat,), player=self.name(seat))
            lost = set(s.knocker_melds) - set(cards)
            if lost:
                raise MESSAGES.impossible("melds_changed", (seat,), cards=", ".join(sorted_cards(lost)))
        mine = set(s.count.cards)
        defenders = h.others(knocker)
        for card in cards:
            if card in mine:
                if (kind, seat) != ("melds", knocker):
                    raise MESSAGES.impossible("card_elsewhere", (seat,), card=card, place=f"melds{knocker}")
                continue
            if card in s.owner:
                continue
            owner = next((d for d in defenders if card in h.holdings[d].known), None)
            if owner is None:
                own = seat != knocker and (seat not in s.closed or seat == s.chance)
                owner = seat if own else self._showing_now(h)
            s.owner[card] = owner
        where = (kind, seat)
        for card in [c for c, place in s.at.items() if place == where and c not in cards]:
            del s.at[card]  # gone from this zone: where to, the next look tells
        for card in cards:
            if card not in mine:
                s.at[card] = where
        (s.melds if kind == "melds" else s.deadwood)[seat] = cards
        for d in defenders:
            self._check_size(d, set(c for part in self._three_cards(h, d) for c in part), f"{kind}{seat}")
        h.note(seq, t, seat, "show", zone=f"{kind}{seat}", cards=list(cards))
        return rulings + self._three_progress(seq)

    def _three_cards(self, h: Hand, seat: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """A defender's cards as they now lie: in its own melds zone, its own hand zone, and laid elsewhere."""
        s = h.showing
        cards = [(c, place) for c, place in s.at.items() if s.owner.get(c) == seat]
        return (sorted_cards(c for c, (k, x) in cards if x == seat and k == "melds"),
                sorted_cards(c for c, (k, x) in cards if x == seat and k == "hand"),
                sorted_cards(c for c, (k, x) in cards if x != seat))

    def _three_counts(self, h: Hand) -> dict:
        s = h.showing
        may = s.count.deadwood > 0 or self.settings["lay_off_onto_gin"]
        shown = {d: self._three_cards(h, d) for d in h.others(s.knocker)}
        return count_defenders(shown, s.count.groupings, may, self.settings["lay_offs"])

    def _three_progress(self, seq: int) -> list[Ruling]:
        """A defender whose cards all lie shown is closed; both closed, the hand is scored (after the
        first's last look, where it could lay off onto the second's melds)."""
        h = self.hand
        s = h.showing
        for d in h.others(s.knocker):
            if d not in s.closed and sum(map(len, self._three_cards(h, d))) >= h.holdings[d].count:
                s.closed.append(d)
        if s.chance is not None:
            dc = self._three_counts(h)[s.chance]
            if dc.counted.value > dc.best.value:
                return []
            s.chance = None
            return self._score_three(seq)
        if len(s.closed) == len(h.players) - 1:
            return self._three_all_closed(seq)
        return []

    def _three_all_closed(self, seq: int) -> list[Ruling]:
        h = self.hand
        s = h.showing
        first, last = s.closed
        if self.settings["lay_offs"] == AS_LAID and not s.chance_given:
            dc = self._three_counts(h)[first]
            melds, deadwood, laid = self._three_cards(h, first)
            may = s.count.deadwood > 0 or self.settings["lay_off_onto_gin"]
            alone = count_defender(melds, deadwood, laid, s.count.groupings if may else [], may, BEST)
            if dc.counted.value > dc.best.value and dc.best.value < alone.best.value:
                s.chance, s.chance_given = first, True
                h.note(seq, self.now, first, "lay_off_chance")
                return [MESSAGES.ruling("lay_off_chance", (first,), player=self.name(first), other=self.name(last),
                                        data={"deadwood": dc.counted.value, "could": dc.best.value})]
        return self._score_three(seq)

    def _done_three(self, seat: int, seq: int) -> list[Ruling]:
        h = self.hand
        s = h.showing
        rulings = [] if s.knocker_closed else self._close_knocker(seq)
        if seat == s.knocker or self.hand is not h or h.phase != SHOWING:
            return rulings
        if s.chance is not None:
            if seat != s.chance:
                return rulings
            s.chance = None
            return rulings + self._score_three(seq)
        if seat not in s.closed:
            s.closed.append(seat)
        if len(s.closed) == len(h.players) - 1:
            return rulings + self._three_all_closed(seq)
        return rulings

    def _score_three(self, seq: int) -> list[Ruling]:
        """Both defenders counted (each with its lay-offs onto the knocker's melds and the other's), the
        hand scored: the lowest wins the others' deadwood less its own (scoring.score_three)."""
        h = self.hand
        s = h.showing
        knocker, count = s.knocker, s.count
        may = count.deadwood > 0 or self.settings["lay_off_onto_gin"]
        defenders = h.others(knocker)
        shown = {d: self._three_cards(h, d) for d in defenders}
        counts = count_defenders(shown, count.groupings, may, self.settings["lay_offs"])
        rulings: list[Ruling] = []
        for d in defenders:
            dc, name = counts[d], self.name(d)
            rulings += self._check_shown(d, dc.cards, knocker=False)
            onto_gin = [c for c in shown[d][2] if s.at[c][1] == knocker]
            if onto_gin and not may:
                rulings.append(MESSAGES.ruling("no_lay_off_on_gin", (d,), player=name, cards=", ".join(onto_gin),
                                               data={"cards": onto_gin}))
            elif dc.refused:
                rulings.append(MESSAGES.ruling("lay_off_refused", (d,), player=name, cards=", ".join(dc.refused),
                                               data={"cards": list(dc.refused)}))
            rulings += self._defender_counted(d, knocker, dc, True, bool(shown[d][1]))
        deadwoods = [0] * self.n
        deadwoods[knocker] = count.deadwood
        for d in defenders:
            deadwoods[d] = counts[d].deadwood
        short = sum(counts[d].short for d in defenders)
        score = score_three(knocker, tuple(deadwoods), knocker_melds=count.fewest_melds, short_cards=short,
                            one_run=count.one_run, rules=self.rules)
        row = self.sheet.add_hand(score.case, score.points, score.win_points, knocker=knocker, winner=score.winner,
                                  deadwood=deadwoods, unjudged=s.unjudged)
        theirs = [f"{self.name(o)} {deadwoods[o]}" for o in h.others(score.winner)]
        rulings.append(MESSAGES.ruling(
            "hand_scored", h.players, key="scored_gin_three" if score.case == GIN else _SCORED[score.case],
            hand=row.hand, winner=self.name(score.winner), mine=deadwoods[score.winner],
            theirs=Phrase(" ja ".join(theirs), " and ".join(theirs)), points=score.points[score.winner],
            win=score.win_points[score.winner], totals=", ".join(f"{p} {t}" for p, t in zip(self.players, row.totals)),
            data={"game": self.sheet.game.number, "hand": row.hand, "case": score.case, "knocker": knocker,
                  "winner": score.winner, "deadwood": deadwoods, "points": list(score.points),
                  "win_points": list(score.win_points), "totals": list(row.totals), "win_totals": list(row.win_totals),
                  "unjudged": s.unjudged, **score.detail}))
        self._archive(h, {
            "case": score.case, "knocker": knocker, "winner": score.winner, "announced": s.announced,
            "deadwood": deadwoods, "points": list(score.points), "win_points": list(score.win_points),
            "knocker_melds": [list(m) for m in count.arrangement.melds],
            "knocker_deadwood": list(count.arrangement.deadwood),
            "defenders": [{"seat": d, "melds": [list(m) for m in counts[d].counted.melds],
                           "lay_offs": list(counts[d].counted.lay_offs), "deadwood": list(counts[d].counted.deadwood),
                           "short": counts[d].short} for d in defenders],
            "unjudged": s.unjudged})
        return rulings + self._after_hand(score.winner)

    # ------------------------------------------------------------ the team game

    def _at_table(self, event: Event, seq: int) -> list[Ruling]:
        """The team game: the event is applied to the hand at its table (named by its seat or its zones)."""
        if not isinstance(event, (CardMoved, CardsRevealed, CardLooked, Declared, ButtonPressed)):
            self.hand = self.tables[self.at]
            return self._dispatch(event, seq)
        table = self._table_for(event)
        self.at = table
        if table in self.done:
            return self._table_finished(event, table)
        self.hand = h = self.tables[table]
        if h.waiting and isinstance(event, CardMoved):
            h.waiting = False  # they play on
        rulings = self._dispatch(event, seq)
        if table not in self.done:
            self.tables[table] = self.hand
        return rulings

    def _table_for(self, e: Event) -> int:
        if isinstance(e, CardMoved):
            zones, seat = (e.from_zone, e.to_zone), e.by
        elif isinstance(e, (CardsRevealed, CardLooked)):
            zones, seat = (e.zone,), getattr(e, "by", None)
        elif isinstance(e, Declared):
            zones, seat = (), e.by
        else:
            zones, seat = (), e.seat
        found = set()
        for zone in zones:
            m = _TABLE_ZONE.fullmatch(zone)
            if m:
                k = int(m.group(2))
                if not 0 <= k < len(self.tables):
                    raise MESSAGES.impossible("no_such_table", table=k, last=len(self.tables) - 1)
                found.add(k)
            m = _SEAT_ZONE.fullmatch(zone)
            if m:
                found.add(self._table_of_seat(self._seat(int(m.group(2)))))
        if not found and seat is not None:
            found.add(self._table_of_seat(self._seat(seat)))
        if len(found) > 1:
            raise MESSAGES.impossible("tables_mixed", zones=", ".join(zones))
        if found:
            return found.pop()
        fits = [k for k, h in enumerate(self.tables) if k not in self.done and self._could_be(h, e)]
        if len(fits) == 1:
            return fits[0]
        raise MESSAGES.impossible("which_table", last=len(self.tables) - 1)

    @staticmethod
    def _could_be(h: Hand, e: Event) -> bool:
        """Whether an event naming no table can be this table's: an upcard turned, the button pressed."""
        if isinstance(e, CardMoved):
            return (e.from_zone, e.to_zone) == ("stock", "pile") and h.phase == DEAL and h.dealt > 0
        if isinstance(e, ButtonPressed):
            return h.phase in (OFFER, SHOWING)
        return False

    def _table_finished(self, e: Event, table: int) -> list[Ruling]:
        """A table whose hand has ended waits for the others' (the book): its cards may be gathered."""
        if isinstance(e, CardMoved) and e.to_zone.startswith("stock"):
            return []
        left = ", ".join(str(k) for k in range(len(self.tables)) if k not in self.done)
        raise MESSAGES.impossible("table_done", self.tables[table].players, table=table, left=left)

    def _table_scored(self, h: Hand, score, result: dict) -> list[Ruling]:
        """A table's hand, scored as with two: said, kept for the team hand; the team's points come when
        every table's hand has ended."""
        winner = h.players[score.winner]
        loser = h.other(winner)
        team = self.team_of[winner]
        labels = {"fi": ("lopetus", "alilyönti", "tasapeli", "gini"), "en": ("knock", "undercut", "tie", "gin")}
        case = (KNOCK, UNDERCUT, TIE, GIN).index(score.case)
        deadwoods = result["deadwood"]
        ruling = MESSAGES.ruling(
            "hand_scored", h.players, key="table_scored", table=h.table, hand=h.number, winner=self.name(winner),
            case=Phrase(labels["fi"][case], labels["en"][case]), mine=deadwoods[score.winner],
            theirs=deadwoods[h.players.index(loser)], points=score.points[score.winner], team=self.sheet.names[team],
            data={"game": self.sheet.game.number, "hand": h.number, "table": h.table, "seats": list(h.players),
                  "case": score.case, "knocker": result["knocker"], "winner": winner, "deadwood": deadwoods,
                  "points": list(score.points), "win_points": list(score.win_points), "unjudged": result["unjudged"],
                  **score.detail})
        self._archive(h, {**result, "table": h.table, "seats": list(h.players)})
        row = TableRow(h.table, h.players, score.case, result["knocker"], winner, tuple(deadwoods), score.points,
                       score.win_points, result["unjudged"])
        return [ruling] + self._table_over(h, TableResult(h.players, score), row)

    def _table_over(self, h: Hand, result: TableResult, row: TableRow) -> list[Ruling]:
        self.done[h.table] = (result, row)
        rulings = []
        for k, other in enumerate(self.tables):
            if other.waiting and k not in self.done:
                other.waiting = False
                rulings.append(MESSAGES.ruling("wait_over", other.players, table=h.table,
                                               data={"table": k, "over": h.table}))
        if len(self.done) < len(self.tables):
            return rulings
        return rulings + self._team_hand_over()

    def _team_hand_over(self) -> list[Ruling]:
        """Every table's hand has ended: the teams' nets and the 20, the game won at its points, or the next
        hand's pairs and dealers."""
        s = self.settings
        tables = range(len(self.tables))
        results = [self.done[k][0] for k in tables]
        score = score_team_hand(self.team_of, results, win_toward_game=s["team_win_toward_game"],
                                even=s["team_even_hand"])
        row = self.sheet.add_hand([self.done[k][1] for k in tables], score)
        names = self.sheet.names
        totals = ", ".join(f"{n} {t}" for n, t in zip(names, row.totals))
        data = {"game": self.sheet.game.number, "hand": row.hand, "winner": score.winner, "nets": list(score.nets),
                "games_won": list(score.games_won), "points": list(score.points), "win_points": list(score.win_points),
                "totals": list(row.totals), "win_totals": list(row.win_totals)}
        everyone = tuple(range(self.n))
        if score.winner is None:
            rulings = [MESSAGES.ruling("team_hand_scored", everyone, key="team_hand_even", hand=row.hand,
                                       totals=totals, data=data)]
        else:
            w = score.winner
            rulings = [MESSAGES.ruling("team_hand_scored", everyone, hand=row.hand, team=names[w], net=score.nets[w],
                                       points=score.nets[w] + WIN_POINTS, totals=totals, data=data)]
        champion = game_winner(self.sheet.totals, self.game_to, score.winner)
        if champion is not None:
            points = ledger_points(champion, self.sheet.totals)
            self.sheet.finish_game(champion, points, s["win_line_to_ledger"])
            rulings.append(MESSAGES.ruling(
                "game_won", self.teams[champion], key="team_game_won", team=names[champion],
                game=self.sheet.game.number, points=points, totals=totals,
                data={"game": self.sheet.game.number, "team": champion, "totals": list(self.sheet.totals),
                      "win_totals": list(self.sheet.game.win_totals), "ledger_points": points,
                      "ledger": self.sheet.player_ledger, "team_ledger": list(self.sheet.ledger)}))
            self.over = True  # partners play one game together (the book): ``games`` is 1
            return rulings
        self._deal_tables(results)
        return rulings

    def _deal_tables(self, results: list[TableResult]) -> None:
        """The next hand's tables: the pairs (rotated with four players), each dealt by the player who won
        their last hand; both or neither: the same two after a dead hand as ``dead_hand_dealer`` says, else
        the one who did not deal, else the first team's player."""
        played = len(self.sheet.game.rows)
        won = {r.seats[r.score.winner] for r in results if r.score is not None}
        dealt = {h.dealer for h in self.tables}
        before = {frozenset(h.players): (h, self.done[k][0]) for k, h in enumerate(self.tables)}
        tables = []
        for k, (a, b) in enumerate(self._pairs(played)):
            last = before.get(frozenset((a, b)))
            if (a in won) != (b in won):
                dealer = a if a in won else b
            elif last is not None and last[1].score is None:
                old = last[0]
                dealer = old.dealer if self.settings["dead_hand_dealer"] == "same" else old.other(old.dealer)
            elif (a in dealt) != (b in dealt):
                dealer = b if a in dealt else a
            else:
                dealer = a
            tables.append(Hand(played + 1, dealer, (a, b), self._limit(), k))
        self.tables, self.done = tables, {}
        self.hand = self.tables[self.at]

    def _wait(self, seat: int, seq: int, t: float) -> list[Ruling]:
        """The book: while another table's hand is being finished, either player here may hold their game
        until its result is known."""
        h = self.hand
        knocked = [k for k, other in enumerate(self.tables)
                   if k != h.table and k not in self.done and other.phase == SHOWING]
        if not knocked:
            raise MESSAGES.impossible("nothing_to_wait_for", (seat,), player=self.name(seat))
        h.waiting = True
        h.note(seq, t, seat, "wait", tables=knocked)
        return [MESSAGES.ruling("table_waits", h.players, player=self.name(seat), table=knocked[0],
                                data={"table": h.table, "for": knocked})]

    # ------------------------------------------------------------ other declarations and looks

    def _declared(self, e: Declared, seq: int) -> list[Ruling]:
        seat = self._seat(e.by)
        if e.what == "pass":
            return self._pass(seat, seq, e.t)
        if e.what in ("knock", "gin"):
            return self._declare_knock(seat, e.what, e.value, seq, e.t)
        if e.what == "done":
            return self._done(seat, seq)
        if e.what == "cards_missing":
            return self._cards_missing(seq)
        if e.what == "wait" and self.variant == TEAMS:
            return self._wait(seat, seq, e.t)
        raise MESSAGES.impossible("unknown_declaration", (seat,), what=e.what)

    def _looked(self, e: CardLooked, seq: int) -> list[Ruling]:
        kind, _ = self._zone(e.zone)
        if e.by is None:
            return []
        seat, h = self._seat(e.by), self.hand
        if kind == "stock" and h.phase != SHOWING:
            if h.phase == PLAY and h.turn == seat:
                h.no_knock_turn[seat] = h.turns
            h.looked_by = seat
            h.note(seq, e.t, seat, "stock_seen")
            return [MESSAGES.ruling("stock_seen", (seat,), player=self.name(seat), opponent=self.name(h.other(seat)),
                                    data={"may_not_knock_this_turn": h.no_knock_turn.get(seat) == h.turns})]
        if kind == "pile" and not self.settings["pile_may_be_inspected"]:
            return [MESSAGES.ruling("pile_looked", (seat,), player=self.name(seat))]
        return []

    def _stock_exposed(self, cards, seq: int, t: float) -> list[Ruling]:
        h = self.hand
        for card in cards:
            if h.where.get(card, "stock") != "stock":
                raise MESSAGES.impossible("card_elsewhere", card=card, place=h.where[card])
        for card in cards:
            h.place(card, "stock")
        h.note(seq, t, h.looked_by, "stock_exposed", cards=list(cards))
        opponent = () if h.looked_by is None else (h.other(h.looked_by),)
        return [MESSAGES.ruling("stock_cards_exposed", opponent, cards=", ".join(cards),
                                opponent=self.name(opponent[0]) if opponent else "?", data={"cards": list(cards)})]

    def _pause(self, on: bool) -> list[Ruling]:
        if on == self.paused:
            raise MESSAGES.impossible("already_paused" if on else "not_paused")
        self.paused = on
        return [MESSAGES.ruling("paused" if on else "resumed")]

    # ------------------------------------------------------------ reporting

    def _archive(self, h: Hand, result: dict) -> None:
        self.history.append(self._record(h, result))

    def _record(self, h: Hand, result: dict | None) -> dict:
        out = {"game": self.sheet.game.number, "hand": h.number, "dealer": h.dealer, "upcard": h.upcard,
               "knock_limit": h.knock_limit, "actions": list(h.record), "result": result}
        if self.variant == TEAMS:
            out = {"table": h.table, "players": list(h.players), **out}
        return out

    def summary(self) -> dict[str, Any]:
        if self.variant == TEAMS:
            return self._team_summary()
        h = self.hand
        hands = list(self.history) + ([] if self.over else [self._record(h, None)])
        return {
            "game": self.sheet.game.number,
            "hand": h.number,
            "phase": "over" if self.over else h.phase,
            "paused": self.paused,
            "dealer": h.dealer,
            "turn": h.turn,
            "stage": h.stage if h.phase == PLAY else None,
            "offer_to": h.offer_to,
            "knock_limit": h.knock_limit,
            "knocker": h.showing.knocker if h.showing else None,
            "stock": h.stock,
            "pile_top": h.pile[-1] if h.pile else None,
            "held": [x.count for x in h.holdings.values()],
            "known": [list(sorted_cards(x.known)) for x in h.holdings.values()],
            "open": [x.open for x in h.holdings.values()],
            "totals": list(self.sheet.totals),
            "win_totals": list(self.sheet.game.win_totals),
            "ledger": list(self.sheet.ledger),
            "score_sheet": self.sheet.to_json(),
            "hands": hands,
            **({} if self.variant == TWO else {"variant": self.variant, "game_to": self.game_to}),
        }

    def _team_summary(self) -> dict[str, Any]:
        """The team game: each table's hand, the teams' totals; ``ledger`` per player (their team's)."""
        tables = []
        for k, h in enumerate(self.tables):
            holds = [h.holdings[seat] for seat in h.players]
            tables.append({
                "table": k, "players": list(h.players), "hand": h.number,
                "phase": "over" if self.over else "done" if k in self.done else h.phase, "waiting": h.waiting,
                "dealer": h.dealer, "turn": h.turn, "stage": h.stage if h.phase == PLAY else None,
                "offer_to": h.offer_to, "knock_limit": h.knock_limit,
                "knocker": h.showing.knocker if h.showing else None, "stock": h.stock,
                "pile_top": h.pile[-1] if h.pile else None, "held": [x.count for x in holds],
                "known": [list(sorted_cards(x.known)) for x in holds], "open": [x.open for x in holds]})
        current = [] if self.over else [self._record(h, None) for k, h in enumerate(self.tables) if k not in self.done]
        return {
            "variant": TEAMS,
            "game": self.sheet.game.number,
            "hand": len(self.sheet.game.rows) + (0 if self.over else 1),
            "phase": "over" if self.over else PLAY,
            "paused": self.paused,
            "turn": None,
            "teams": [list(team) for team in self.teams],
            "team_names": list(self.sheet.names),
            "game_to": self.game_to,
            "tables": tables,
            "totals": list(self.sheet.totals),
            "win_totals": list(self.sheet.game.win_totals),
            "ledger": self.sheet.player_ledger,
            "team_ledger": list(self.sheet.ledger),
            "score_sheet": self.sheet.to_json(),
            "hands": list(self.history) + current,
        }

    def render(self, language: str = "fi") -> str:
        fi = language == "fi"
        lines = [self.sheet.render(language)]
        if self.over:
            return "\n".join(lines)
        if self.variant == TEAMS:
            lines.append("")
            for k, h in enumerate(self.tables):
                who = "–".join(self.name(s) for s in h.players)
                head = f"Pöytä {k} ({who}), " if fi else f"Table {k} ({who}), "
                if k in self.done:
                    lines.append(head + ("jako päättyi, odottaa muita pöytiä" if fi else
                                         "hand over, waiting for the other tables"))
                else:
                    lines.append(head + self._status(h, fi)[0].lower() + self._status(h, fi)[1:])
            if self.paused:
                lines.append("(TAUKO)" if fi else "(PAUSED)")
            return "\n".join(lines)
        return "\n".join(lines + ["", self._status(self.hand, fi)])

    def _status(self, h: Hand, fi: bool) -> str:
        status = (f"Erä {self.sheet.game.number}, jako {h.number}: " if fi else
                  f"Game {self.sheet.game.number}, hand {h.number}: ")
        if h.phase == PLAY:
            stage = {DRAW: ("nostaa", "to draw"), DISCARD: ("panee pois", "to discard"),
                     LATE_DRAW: ("nostaa", "to draw")}[h.stage][0 if fi else 1]
            status += f"{self.name(h.turn)} {stage}"
        elif h.phase == OFFER:
            status += (f"avokortti tarjolla: {self.name(h.offer_to)}" if fi else
                       f"upcard offered to {self.name(h.offer_to)}")
        elif h.phase == SHOWING:
            status += (f"{self.name(h.showing.knocker)} lopetti" if fi else f"{self.name(h.showing.knocker)} knocked")
        else:
            status += f"{self.name(h.dealer)} jakaa" if fi else f"{self.name(h.dealer)} deals"
        top = h.pile[-1] if h.pile else None
        status += (f"; pakassa {h.stock}, avopakan päällä {top or '-'}" if fi else
                   f"; stock {h.stock}, pile top {top or '-'}")
        if h.waiting:
            status += " (odottaa toisen pöydän tulosta)" if fi else " (waiting for another table's result)"
        if self.paused and self.variant != TEAMS:
            status += " (TAUKO)" if fi else " (PAUSED)"
        return status
