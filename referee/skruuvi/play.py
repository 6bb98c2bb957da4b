"""Play: tricks, following suit, trumps, and the rulings on irregular play.

The referee never sees a hand, only the cards played.  So it remembers every suit each player has
shown out of (played another suit to a trick led in it); a later card of that suit from that
player proves the earlier card a revoke.  The handbook's rulings (Sääntörikkomuksista):

- a revoke noticed in the trick: the player plays a card of the led suit after his wrong card;
  the wrong card stays out as a penalty card and the right one takes its place.  The trick lies
  open until the next lead, so a player other than the next leader may still correct it then;
- a revoke found later (the player shows the suit in a later trick): two penalty tricks, counted
  when the deal is scored;
- a lead by the wrong player: the card becomes a penalty card and the right player leads;
- a penalty card: when its owner's side next has the lead, the opponents may demand or forbid its
  suit for that lead (``Declared(what="demand"|"forbid", value=suit)``); whenever its suit is led,
  the owner must play it;
- a card played stands: once a card is in a trick it does not go back to the hand.

A card played before its turn to a trick already led stands without penalty: the order of the
followers does not change who wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..core import Ruling
from .cards import FOUR, SEATS, SUIT_WORDS, TRICKS, Ring, card_text, is_ace, rank_of, suit_of
from .messages import MESSAGES


_CHOICE_KINDS = {"demand": "lead_demanded", "forbid": "lead_forbidden"}


@dataclass
class Trick:
    number: int
    leader: int
    plays: list[tuple[int, str]] = field(default_factory=list)  # (seat, card) as played

    @property
    def led(self) -> str | None:
        return suit_of(self.plays[0][1]) if self.plays else None

    @property
    def seats(self) -> set[int]:
        return {seat for seat, _ in self.plays}

    def copy(self) -> "Trick":
        return Trick(self.number, self.leader, list(self.plays))

    def card_of(self, seat: int) -> str | None:
        return next((card for s, card in self.plays if s == seat), None)

    def winner(self, trump: str | None) -> int:
        led = self.led

        def strength(play: tuple[int, str]) -> tuple[int, int]:
            suit = suit_of(play[1])
            return (2 if suit == trump else 1 if suit == led else 0), rank_of(play[1])

        return max(self.plays, key=strength)[0]

    def to_json(self, trump: str | None) -> dict:
        return {"trick": self.number, "leader": self.leader, "seats": [s for s, _ in self.plays],
                "cards": [c for _, c in self.plays],
                "winner": self.winner(trump) if len(self.plays) == SEATS else None}


class Play:
    """The 13 tricks of one deal.  ``sides`` gives each seat its side (0 or 1): the pairs, or in a
    bolsevikki the player against the three defenders; ``ring`` the order of play."""

    def __init__(self, trump: str | None, leader: int, hands: list[int], sides: tuple[int, ...],
                 names: tuple[str, ...], ring: Ring = FOUR):
        self.trump = trump
        self.ring = ring
        self.sides = sides
        self.names = names
        self.hands = list(hands)
        self.exposed: dict[int, list[str]] = {s: [] for s in range(SEATS)}
        self.offered: set[str] = set()  # penalty cards whose lead choice has been given
        self.choice_open: list[str] = []  # the penalty cards the opponents may choose on now
        self.choice: tuple[str, str] | None = None  # ("demand" | "forbid", suit) for the next lead
        self.tricks: list[Trick] = []
        self.gathered: list[int] = []  # cards seen leaving the centre, per completed trick
        self.current = Trick(1, leader)
        self.shown_out: dict[int, dict[str, int]] = {s: {} for s in range(SEATS)}  # suit -> trick
        self.seen: set[str] = set()
        self.revokes: list[dict] = []  # found later: seat, side, trick, suit

    def __deepcopy__(self, memo: dict) -> "Play":
        """Finished tricks are shared, but for the last (a revoke corrected before the next lead
        changes it); the rest is copied."""
        clone = copy.copy(self)
        clone.hands = list(self.hands)
        clone.exposed = {s: list(cards) for s, cards in self.exposed.items()}
        clone.offered = set(self.offered)
        clone.choice_open = list(self.choice_open)
        clone.tricks = self.tricks[:-1] + [t.copy() for t in self.tricks[-1:]]
        clone.gathered = list(self.gathered)
        clone.current = self.current.copy()
        clone.shown_out = {s: dict(suits) for s, suits in self.shown_out.items()}
        clone.seen = set(self.seen)
        clone.revokes = list(self.revokes)
        return clone

    # ------------------------------------------------------------ state

    @property
    def over(self) -> bool:
        return len(self.tricks) == TRICKS

    @property
    def next_to_play(self) -> int:
        return self.ring.after(self.current.leader, len(self.current.plays))

    @property
    def ungathered(self) -> int:
        """Cards of finished tricks not yet seen leaving the centre."""
        return SEATS * len(self.tricks) - sum(self.gathered)

    def tricks_of_side(self, side: int) -> int:
        return sum(1 for t in self.tricks if self.sides[t.winner(self.trump)] == side)

    def aces(self) -> list[tuple[int, str, int]]:
        """(trick number, ace, the side that took it) for every ace, in the order of the tricks."""
        return [(t.number, card, self.sides[t.winner(self.trump)])
                for t in self.tricks for _, card in t.plays if is_ace(card)]

    # ------------------------------------------------------------ cards

    def play(self, seat: int, card: str, from_penalty_zone: bool = False) -> list[Ruling]:
        if self.over:
            raise MESSAGES.impossible("play_over", (seat,))
        if card in self.seen:
            raise MESSAGES.impossible("card_already_played", (seat,), card=card_text(card))
        owner = next((s for s, cards in self.exposed.items() if card in cards), None)
        if owner is not None and owner != seat:
            raise MESSAGES.impossible("penalty_card_of_other", (seat,), card=card_text(card), owner=self.names[owner])
        exposed = owner == seat
        if from_penalty_zone and not exposed:
            raise MESSAGES.impossible("not_a_penalty_card", (seat,), card=card_text(card))
        if not exposed and self.hands[seat] == 0:
            raise MESSAGES.impossible("no_cards_left", (seat,), player=self.names[seat])
        current = self.current
        if not current.plays:
            last = self.tricks[-1] if self.tricks else None
            if last is not None and seat != current.leader and self._corrects(last, seat, card):
                return self._correct(last, seat, card, exposed, reopened=True)
            if seat != current.leader:
                return self._wrong_lead(seat, card, exposed)
            return self._lead(seat, card, exposed)
        if seat in current.seats:
            if self._corrects(current, seat, card):
                return self._correct(current, seat, card, exposed)
            raise MESSAGES.impossible("already_played_to_trick", (seat,), player=self.names[seat],
                                      trick=current.number)
        return self._follow(seat, card, exposed)

    def _take(self, seat: int, card: str, exposed: bool) -> None:
        if exposed:
            self.exposed[seat].remove(card)
        else:
            self.hands[seat] -= 1
        self.seen.add(card)

    def _found_revoke(self, seat: int, card: str) -> list[Ruling]:
        """A card of a suit the seat showed out of earlier: that earlier card was a revoke."""
        suit = suit_of(card)
        trick = self.shown_out[seat].pop(suit, None)
        if trick is None:
            return []
        self.revokes.append({"seat": seat, "side": self.sides[seat], "trick": trick, "suit": suit})
        return [MESSAGES.ruling("revoke", (seat,), penalty=2, unit="trick",
                                data={"trick": trick, "suit": suit, "card": card, "found_in": self.current.number},
                                player=self.names[seat], trick=trick, suit=SUIT_WORDS[suit], card=card_text(card))]

    def _lead(self, seat: int, card: str, exposed: bool) -> list[Ruling]:
        current = self.current
        if self.choice is not None:
            kind, suit = self.choice
            own = [c for c in self.exposed[seat] if suit_of(c) == suit]
            if kind == "demand" and suit_of(card) != suit and own:
                raise MESSAGES.impossible("must_lead_demanded_suit", (seat,), suit=SUIT_WORDS[suit])
            if kind == "demand" and suit_of(card) == suit and own and not exposed:
                raise MESSAGES.impossible("must_play_penalty_card", (seat,), card=card_text(own[0]))
            if kind == "forbid" and suit_of(card) == suit:
                raise MESSAGES.impossible("suit_forbidden", (seat,), suit=SUIT_WORDS[suit])
        rulings = self._found_revoke(seat, card)
        if self.choice is not None and self.choice[0] == "demand" and suit_of(card) != self.choice[1]:
            self.shown_out[seat].setdefault(self.choice[1], current.number)  # he says he has none
        self.choice, self.choice_open = None, []
        self._take(seat, card, exposed)
        current.plays.append((seat, card))
        return rulings

    def _wrong_lead(self, seat: int, card: str, exposed: bool) -> list[Ruling]:
        rulings = self._found_revoke(seat, card)
        if not exposed:
            self.hands[seat] -= 1
            self.exposed[seat].append(card)
        leader = self.current.leader
        rulings.append(MESSAGES.ruling("lead_out_of_turn", (seat,), penalty=0 if exposed else 1, unit="card",
                                       data={"card": card, "leader": leader}, player=self.names[seat],
                                       card=card_text(card), leader=self.names[leader]))
        return rulings + self._offer_choice()

    def _follow(self, seat: int, card: str, exposed: bool) -> list[Ruling]:
        current = self.current
        led = current.led
        owed = [c for c in self.exposed[seat] if suit_of(c) == led]
        if owed and card not in owed:
            raise MESSAGES.impossible("must_play_penalty_card", (seat,), card=card_text(owed[0]))
        rulings = self._found_revoke(seat, card)
        expected = self.next_to_play
        if seat != expected:
            rulings.append(MESSAGES.ruling("played_out_of_turn", (seat,), data={"card": card, "expected": expected},
                                           player=self.names[seat], expected=self.names[expected]))
        if suit_of(card) != led:
            self.shown_out[seat].setdefault(led, current.number)
        self._take(seat, card, exposed)
        current.plays.append((seat, card))
        if len(current.plays) == SEATS:
            rulings += self._close_trick()
        return rulings

    def _corrects(self, trick: Trick, seat: int, card: str) -> bool:
        """The seat's card in the trick was off the led suit and this one follows it: a correction."""
        own = trick.card_of(seat)
        return own is not None and suit_of(own) != trick.led and suit_of(card) == trick.led

    def _correct(self, trick: Trick, seat: int, card: str, exposed: bool, reopened: bool = False) -> list[Ruling]:
        wrong = trick.card_of(seat)
        earlier = self.shown_out[seat].pop(trick.led, None)
        rulings: list[Ruling] = []
        if earlier is not None and earlier < trick.number:  # an older revoke in the suit comes to light too
            self.shown_out[seat][trick.led] = earlier
            rulings += self._found_revoke(seat, card)
        self._take(seat, card, exposed)
        trick.plays = [(s, card if s == seat else c) for s, c in trick.plays]
        self.seen.discard(wrong)
        self.exposed[seat].append(wrong)
        data = {"trick": trick.number, "card": wrong, "replaced_by": card}
        if reopened:
            data["winner"] = trick.winner(self.trump)
            self.current.leader = data["winner"]
        rulings.append(MESSAGES.ruling("revoke_corrected", (seat,), penalty=1, unit="card", data=data,
                                       player=self.names[seat], card=card_text(wrong), right=card_text(card)))
        return rulings + (self._offer_choice() if reopened else [])

    def _close_trick(self) -> list[Ruling]:
        trick = self.current
        winner = trick.winner(self.trump)
        self.tricks.append(trick)
        self.gathered.append(0)
        self.current = Trick(trick.number + 1, winner)
        rulings = [MESSAGES.ruling("trick_won", (winner,), data=trick.to_json(self.trump),
                                   player=self.names[winner], trick=trick.number)]
        return rulings + ([] if self.over else self._offer_choice())

    # ------------------------------------------------------------ penalty cards

    def _penalty_cards_of_side(self, side: int) -> list[str]:
        return [c for s in range(SEATS) if self.sides[s] == side for c in self.exposed[s]]

    def _offer_choice(self) -> list[Ruling]:
        """At a lead by a side with penalty cards not yet offered, the opponents may choose."""
        if self.current.plays:
            return []
        leader = self.current.leader
        side = self.sides[leader]
        cards = [c for c in self._penalty_cards_of_side(side) if c not in self.offered]
        if not cards:
            return []
        self.offered.update(cards)
        self.choice_open = cards
        choosers = tuple(s for s in range(SEATS) if self.sides[s] != side)
        return [MESSAGES.ruling("penalty_choice", choosers, data={"cards": cards, "leader": leader},
                                leader=self.names[leader], cards=", ".join(card_text(c) for c in cards))]

    def choose(self, seat: int, what: str, suit: str | None) -> list[Ruling]:
        """The opponents demand (``demand``) or forbid (``forbid``) a penalty card's suit."""
        if not self.choice_open or self.current.plays:
            raise MESSAGES.impossible("no_choice_now", (seat,))
        leader = self.current.leader
        if self.sides[seat] == self.sides[leader]:
            raise MESSAGES.impossible("not_an_opponent", (seat,), player=self.names[seat])
        if suit not in {suit_of(c) for c in self.choice_open}:
            raise MESSAGES.impossible("not_a_penalty_suit", (seat,), suit=suit or "")
        self.choice, self.choice_open = (what, suit), []
        return [MESSAGES.ruling(_CHOICE_KINDS[what], (leader,),
                                data={"suit": suit, "by": seat}, player=self.names[leader], suit=SUIT_WORDS[suit])]

    # ------------------------------------------------------------ cards leaving the centre

    def gather(self, zone_seat: int) -> list[Ruling]:
        """A card of a finished trick turned towards the side that won it (``trick -> tricksN``)."""
        for i, trick in enumerate(self.tricks):
            if self.gathered[i] < SEATS:
                self.gathered[i] += 1
                winner = trick.winner(self.trump)
                if self.sides[zone_seat] != self.sides[winner]:
                    return [MESSAGES.ruling("trick_misplaced", (zone_seat,),
                                            data={"trick": trick.number, "winner": winner},
                                            trick=trick.number, player=self.names[winner])]
                return []
        raise MESSAGES.impossible("nothing_to_gather")

    def take_back(self, seat: int, card: str) -> None:
        """A card lifted from the trick back to the hand: only one the referee did not accept."""
        if card in self.seen:
            raise MESSAGES.impossible("played_card_stands", (seat,), card=card_text(card))
        if any(card in cards for cards in self.exposed.values()):
            raise MESSAGES.impossible("penalty_card_stays", (seat,), card=card_text(card))

    def to_json(self) -> dict:
        return {
            "trump": self.trump,
            "tricks": [t.to_json(self.trump) for t in self.tricks],
            "current": self.current.to_json(self.trump) if not self.over else None,
            "next_to_play": None if self.over else self.next_to_play,
            "hands": list(self.hands),
            "penalty_cards": {str(s): list(cards) for s, cards in self.exposed.items() if cards},
            "shown_out": {str(s): sorted(suits) for s, suits in self.shown_out.items() if suits},
            "revokes": list(self.revokes),
            "choice": list(self.choice) if self.choice else None,
        }
