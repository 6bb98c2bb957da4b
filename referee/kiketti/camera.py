"""Kiketti's card moves as the camera pairs them (referee.camera.Moves).

Each seat has its table cards (``seatN``, face down in a row) and a hand (``handN``, the card just
drawn); the stock and the pile are shared. A seat gains a card drawn and put among its table cards
(from its own hand), a wrong or late slap taken back from the pile, or a card from the stock (the deal,
a penalty card); a hand gains only the card drawn from the stock. A card landing on the pile is a discard
from a hand or a slap from a seat, and one the camera saw no zone lose was drawn and discarded in one
move, if a hand may have held it unseen. The round ends with the seats' cards turned face up.
"""

from referee.camera import PILE, STOCK, Moves, Origin

MOVES = Moves(
    counted=("seat", "hand"),
    held=("hand",),
    revealed=("seat",),
    gains={
        "seat": (Origin("hand", own=True, by_player=True),  # the drawn card put among the table cards
                 Origin(PILE),                               # a slap taken back: it was wrong or late
                 Origin(STOCK)),                             # dealt, or a penalty card
        "hand": (Origin(STOCK, by_player=True),),            # drawn
    },
    discards=("seat", "hand"),
    drawn_and_discarded=True,
)
