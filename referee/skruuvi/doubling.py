"""Doubling ("koputus", x2) and redoubling ("vastakoputus", x3), in the handbook's order.

- A bid contract: the opponent on the final bidder's left may double first; if he passes, his
  partner may.  After a double, the declarer on the doubler's left may redouble; if he passes,
  his partner may.
- Pass misère: the dealer begins and the chance goes clockwise; after a double, the player next
  after the doubler may redouble first, then his partner.
- Bolsevikki: the niskamies (on the player's right) begins and the round goes clockwise past the
  player; each defender doubles for himself alone.  The player speaks last and may redouble the
  defenders who doubled.

Passes are spoken only where a later player wants to speak: the first card led closes the
doubling, and whoever had not spoken has passed.  The puupää never speaks: its chance is passed
over, so after a double by the player on its right the declarer redoubles first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import FOUR, SEATS, Ring


class DoublingError(Exception):
    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Doubling:
    """Who may speak next (seat and what they may say), and what has been said."""

    kind: str  # "contract", "pass_misere" or "bolsevikki"
    queue: list[tuple[int, str]]
    doubled_by: list[int] = field(default_factory=list)
    redoubled_by: int | None = None
    player: int | None = None  # the bolsevikki player
    ring: Ring = FOUR

    def __post_init__(self) -> None:
        self.queue = [(s, may) for s, may in self.queue if s != self.ring.silent]

    def __deepcopy__(self, memo: dict) -> "Doubling":
        return Doubling(self.kind, list(self.queue), list(self.doubled_by), self.redoubled_by, self.player, self.ring)

    @property
    def over(self) -> bool:
        return not self.queue

    @property
    def multiplier(self) -> int:
        """x1, x2 doubled, x3 redoubled (a contract or a pass misère)."""
        return 3 if self.redoubled_by is not None else 2 if self.doubled_by else 1

    def multiplier_of(self, defender: int) -> int:
        """A bolsevikki defender's own multiplier."""
        if defender not in self.doubled_by:
            return 1
        return 3 if self.redoubled_by is not None else 2

    def call(self, seat: int, what: str) -> None:
        """``what`` is ``double``, ``redouble`` or ``pass``; DoublingError names what is wrong."""
        if not self.queue:
            raise DoublingError("doubling_over")
        turn, may = self.queue[0]
        if seat != turn:
            if what == "redouble" and not self.doubled_by:
                raise DoublingError("nothing_to_redouble")
            if any(s == seat for s, _ in self.queue):
                raise DoublingError("not_your_turn_to_double")
            raise DoublingError("may_not_double")
        if what == "pass":
            self.queue.pop(0)
        elif what != may:
            raise DoublingError("already_doubled" if what == "double" else "nothing_to_redouble")
        elif what == "double":
            self._double(seat)
        else:
            self.redoubled_by = seat
            self.queue = []
        if self.kind == "bolsevikki" and self.queue == [(self.player, "redouble")] and not self.doubled_by:
            self.queue = []  # nothing for the player to redouble

    def _double(self, seat: int) -> None:
        self.doubled_by.append(seat)
        if self.kind == "bolsevikki":
            self.queue.pop(0)
        else:
            first = self.ring.left_of(seat)
            self.queue = [(s, "redouble") for s in self.ring.voiced((first, self.ring.partner_of(first)))]


def for_contract(final_bidder: int, ring: Ring = FOUR) -> Doubling:
    first = ring.left_of(final_bidder)
    return Doubling("contract", [(first, "double"), (ring.partner_of(first), "double")], ring=ring)


def for_pass_misere(dealer: int, ring: Ring = FOUR) -> Doubling:
    return Doubling("pass_misere", [(ring.after(dealer, k), "double") for k in range(SEATS)], ring=ring)


def for_bolsevikki(player: int) -> Doubling:
    niskamies = FOUR.right_of(player)
    defenders = [niskamies, FOUR.left_of(player), FOUR.partner_of(player)]
    return Doubling("bolsevikki", [*((d, "double") for d in defenders), (player, "redouble")], player=player)
