"""Gin rummy's card moves as the camera sees them (referee.camera.Moves).

A player's cards are held in hand, out of the camera's sight, so no zone is counted: the camera sees
the pile and, at a hand's end, the meld areas. A card landing face up on the pile came from a hand (a
discard), the pile's top card taken off went into a hand (a draw from the pile), a card laid face down
on the pile is a knock; whose hand it is the referee knows from the turn. Cards laid face up in a
player's ``meldsN`` are told each time they change: the melds, the deadwood shown beside them, and
the defender's lay-offs onto them.
"""

from referee.camera import Moves

HAND = "hand"   # the players' hands, whose the camera cannot tell

MOVES = Moves(offstage=HAND, face_down_discards=True, laid=("melds",))
