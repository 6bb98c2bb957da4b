"""The state of one gin rummy hand: what the referee knows of each player's cards, the stock and
the pile, whose turn it is, and the hand's record.

A player's held cards are never seen until laid down, so a holding is a count and the cards known
to be in it: those taken from the pile, those the camera saw drawn, and all of them once they are
laid face up.  ``where`` names the place of every card whose place is known.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import DECK

DEAL, OFFER, PLAY, SHOWING = "deal", "offer", "play", "showing"
DRAW, DISCARD, LATE_DRAW = "draw", "discard", "late_draw"  # a turn's stages; late: discarded before drawing


@dataclass
class Holding:
    """One player's held cards as far as the referee knows them."""

    count: int = 0
    known: set[str] = field(default_factory=set)
    advance: int = 0     # stock cards taken out of turn, kept: they stand for the next turns' draws
    open: bool = False   # playing with open cards after a knock over the limit

    def take(self, card: str | None) -> None:
        self.count += 1
        if card is not None:
            self.known.add(card)

    def give(self, card: str | None) -> None:
        self.count -= 1
        if card is not None:
            self.known.discard(card)
        elif len(self.known) > self.count:
            self.known.clear()  # an unseen card left a hand of known cards: which one is not known


@dataclass
class Showing:
    """A knock being shown: what each player laid face up, and the knocker's count once closed.

    With three players (the book's variant) both defenders show, and each may lay off onto the
    knocker's melds and the other's: ``owner`` names the defender each card seen is counted to,
    ``closed`` the defenders whose showing is closed, ``chance`` a defender given one more look (to
    lay off onto the melds of the one who closed last)."""

    knocker: int
    announced: int | None = None
    declared: bool = False
    melds: dict[int, tuple[str, ...]] = field(default_factory=dict)     # the latest meldsN seen
    deadwood: dict[int, tuple[str, ...]] = field(default_factory=dict)  # the latest handN seen
    knocker_closed: bool = False
    knocker_melds: tuple[str, ...] = ()   # meldsN when the knocker's showing closed
    lay_offs: tuple[str, ...] = ()
    count: object = None                  # the knocker's showing.KnockerCount once closed
    unjudged: bool = False
    owner: dict[str, int] = field(default_factory=dict)        # three players: a defender card seen -> whose it is
    at: dict[str, tuple[str, int]] = field(default_factory=dict)  # three players: a card -> (kind, seat) it lies in
    closed: list[int] = field(default_factory=list)            # three players: defenders closed, in order
    chance: int | None = None                                  # three players: the defender given a last look
    chance_given: bool = False

    def shown(self, seat: int) -> set[str]:
        return set(self.melds.get(seat, ())) | set(self.deadwood.get(seat, ()))


@dataclass
class Hand:
    """One deal from the shuffle to the score (or the redeal, or the dead hand)."""

    number: int
    dealer: int
    players: tuple[int, ...]       # the seats playing this hand, in turn order (clockwise)
    knock_limit: int
    table: int = 0                 # the team game's table (its own stock and pile); 0 when there is one
    holdings: dict[int, Holding] = field(init=False)
    stock: int = len(DECK)
    pile: list[str | None] = field(default_factory=list)   # top last; None: a card seen face down
    where: dict[str, str] = field(default_factory=dict)    # card -> "pile", "stock" or "handN"
    phase: str = DEAL
    dealt: int = 0
    spoiled: bool = False          # a redeal was called: cards going back are not counted
    upcard: str | None = None
    offer_to: int | None = None
    acted: bool = False            # someone has passed, taken or drawn: a miscount is fixed no more
    stock_only: bool = False       # the upcard was refused by both: the draw is from the stock
    turn: int | None = None
    stage: str = DRAW
    turns: int = 0
    no_knock_turn: dict[int, int] = field(default_factory=dict)  # seat -> the turn it may not knock in
    looked_by: int | None = None   # who last saw a stock card by accident
    knock_pending: tuple[int, int | None] | None = None          # (seat, announced) before the discard
    showing: Showing | None = None
    waiting: bool = False          # the team game: this table waits for another's result (the book allows it)
    record: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.holdings = {seat: Holding() for seat in self.players}

    @property
    def non_dealer(self) -> int:
        """The forehand ("etumies"): the player after the dealer, who is offered the upcard first."""
        return self.other(self.dealer)

    def other(self, seat: int) -> int:
        """The player after ``seat`` in turn order (with two: the opponent)."""
        return self.players[(self.players.index(seat) + 1) % len(self.players)]

    def others(self, seat: int) -> tuple[int, ...]:
        """The other players, in turn order from ``seat``'s left."""
        i = self.players.index(seat)
        return tuple(self.players[(i + k) % len(self.players)] for k in range(1, len(self.players)))

    def place(self, card: str, zone: str | None) -> None:
        if zone is None:
            self.where.pop(card, None)
        else:
            self.where[card] = zone

    def note(self, seq: int, t: float, seat: int | None, action: str, **detail) -> None:
        self.record.append({"seq": seq, "t": t, "seat": seat, "action": action, **detail})
