"""Skruuvi's card moves as the camera sees them (referee.camera.Moves).

The players hold their cards out of the camera's sight, so no zone is counted. A card played to a trick
is laid face up in the player's own ``playN`` and told as ``CardsRevealed(zone="playN", cards=...)`` as
soon as it lies still (``PLAY_SETTLE_S``: three frames at 15 fps, so the referee rules on it within the
latency the table wants); the engine reads each card there not told before as played from that hand. A
trick gathered face down to the winner's ``tricksN`` is told nothing: the referee decides a trick on its
fourth card. The deal and the exchanges, face down between held hands, are not seen either.
"""

from referee.camera import Moves

PLAY = "play"         # the zone kind where each player lays the card they play
PLAY_SETTLE_S = 0.15  # a card played is told once it has lain this still

MOVES = Moves(laid=(PLAY,), laid_settle_s=PLAY_SETTLE_S)
