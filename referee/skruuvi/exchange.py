"""Card exchanges ("ylianto", "vaihto"): the face-down moves between hands and the centre that
each form prescribes, each move waiting for those that must come before it.

The handbook's exchanges, as moves (``C`` = the centre cards):

- alkupeli, a bid contract: the taker shows C, takes C, gives 4 to the partner, who gives 1 to
  every other player;
- kotka: the taker gives 4 to the partner and gets 4 back;
- pass misère: in alkupeli the dealer first deals C out unseen, one to each player clockwise
  from the left; then the dealer's partner and left-hand opponent each give 1 to their partner
  and get 1 back;
- the opponents' swap (alkupeli, unless the declarers opened at level 6 or 7): the opponent on
  the final bidder's left gives 1 to the partner and gets 1 back;
- bolsevikki: the player shows C, takes C, gives 1 to each of the other three.

A move is ``(giver, receiver)``: a seat, or ``CENTRE`` as the giver.  The moves of one step may
come in any order; a step's moves wait for the whole step before.

With three players the declarer chooses whether he or the puupää takes the centre cards (in kotka:
which of them gives first); the exchange's first move shows which (``alternatives``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from .cards import FOUR, SEATS, Ring

CENTRE = -1


class ExchangeError(Exception):
    """A move the exchange does not have, or one that comes too early; ``reason`` is a message key."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Exchange:
    """What is left of one exchange: stages one after another; within a stage, chains that run side
    by side (the two pairs of a pass misère); within a chain, steps one after another; within a
    step, moves in any order."""

    name: str
    stages: list[list[list[list[tuple[int, int]]]]]
    reveal: bool = False  # the centre cards must be shown before they are taken
    moves: int = 0        # moves made so far
    alternatives: tuple["Exchange", ...] = ()  # other orders the first move may choose instead

    def __deepcopy__(self, memo: dict) -> "Exchange":
        stages = [[[list(step) for step in chain] for chain in stage] for stage in self.stages]
        return Exchange(self.name, stages, self.reveal, self.moves, self.alternatives)

    @property
    def done(self) -> bool:
        return not self.stages and not self.reveal

    def show(self, cards: tuple[str, ...]) -> None:
        if not self.reveal:
            raise ExchangeError("centre_not_now")
        if len(cards) != 4:
            raise ExchangeError("centre_four_cards")
        self.reveal = False

    def move(self, giver: int, receiver: int) -> None:
        move = (giver, receiver)
        if self.alternatives:
            mine = self._first_moves()
            chosen = next((o for o in self.alternatives if move in o._first_moves() and move not in mine), None)
            if chosen is not None:
                self.stages = copy.deepcopy(chosen).stages
            self.alternatives = ()
        if self.stages:
            for chain in self.stages[0]:
                if move in chain[0]:
                    if giver == CENTRE and self.reveal:
                        raise ExchangeError("centre_not_shown")
                    chain[0].remove(move)
                    self.moves += 1
                    self._tidy()
                    return
        later = any(move in step for stage in self.stages for chain in stage for step in chain)
        raise ExchangeError("exchange_out_of_order" if later else "exchange_not_expected")

    def waiting(self) -> list[tuple[int, int]]:
        """The moves that may come next."""
        return sorted(set().union(*(e._first_moves() for e in (self, *self.alternatives))))

    def _first_moves(self) -> set[tuple[int, int]]:
        return {m for chain in self.stages[0] for m in chain[0]} if self.stages else set()

    def _tidy(self) -> None:
        for chain in self.stages[0]:
            while chain and not chain[0]:
                chain.pop(0)
        self.stages[0] = [chain for chain in self.stages[0] if chain]
        if not self.stages[0]:
            self.stages.pop(0)


def _chain(*steps: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    return [list(step) for step in steps]


def _deal_out(dealer: int, ring: Ring = FOUR) -> list[list[tuple[int, int]]]:
    """The centre cards dealt out unseen, one to each hand in turn clockwise from the dealer's left."""
    return _chain(*([(CENTRE, ring.after(dealer, k))] for k in range(1, SEATS + 1)))


def declared_alkupeli(taker: int, ring: Ring = FOUR) -> Exchange:
    """The taker shows and takes the centre, gives four to his partner, who gives one to each other
    hand; with the puupää the declarer may have it take the centre instead."""
    def order(taker: int) -> Exchange:
        mate = ring.partner_of(taker)
        others = [s for s in range(SEATS) if s != mate]
        return Exchange("alkupeli", [[_chain([(CENTRE, taker)] * 4, [(taker, mate)] * 4,
                                             [(mate, s) for s in others])]], reveal=True)
    return _either(order, taker, ring)


def kotka(taker: int, ring: Ring = FOUR) -> Exchange:
    """The taker gives four to his partner and gets four back; with the puupää either may give first."""
    def order(first: int) -> Exchange:
        mate = ring.partner_of(first)
        return Exchange("kotka", [[_chain([(first, mate)] * 4, [(mate, first)] * 4)]])
    return _either(order, taker, ring)


def _either(order, taker: int, ring: Ring) -> Exchange:
    exchange = order(taker)
    if ring.silent is not None and ring.partner_of(taker) == ring.silent:
        exchange.alternatives = (order(ring.silent),)
    return exchange


def pass_misere(dealer: int, centre: bool, ring: Ring = FOUR) -> Exchange:
    """Both pairs swap one card, the dealer's left-hand opponent and the dealer's partner giving
    first; in alkupeli after the centre cards have been dealt out."""
    swaps = [_chain([(first, ring.partner_of(first))], [(ring.partner_of(first), first)])
             for first in (ring.left_of(dealer), ring.partner_of(dealer))]
    stages = [[_deal_out(dealer, ring)]] if centre else []
    return Exchange("pass_misere", [*stages, swaps])


def opponents_swap(final_bidder: int, ring: Ring = FOUR) -> Exchange:
    first = ring.left_of(final_bidder)
    return Exchange("opponents_swap", [[_chain([(first, ring.partner_of(first))], [(ring.partner_of(first), first)])]])


def bolsevikki(player: int) -> Exchange:
    others = [s for s in range(SEATS) if s != player]
    return Exchange("bolsevikki", [[_chain([(CENTRE, player)] * 4, [(player, s) for s in others])]], reveal=True)


def centre_dealt_out(dealer: int) -> Exchange:
    """The traditional order's kotka when nobody bid bolsevikki: the centre cards go out unseen."""
    return Exchange("centre_out", [[_deal_out(dealer)]])
