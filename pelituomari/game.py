"""The games the referee knows, each described once (as python-chess's ``chess.variant`` keeps its
variants): its engine, its table's zones, what the camera looks at together, its sample, the players
it starts with when none are named, and the buzzer's answers to its rulings.

Every question whose answer differs by game asks its ``Game`` here, so adding a game is its engine's
package plus one entry in ``GAMES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from calibration.zones import Zone, gin_layout, kiketti_layout, kimble_layout, skruuvi_layout
from referee.camera import Moves
from referee.core import Engine, Referee
from referee.events import Event
from referee.gin import GinEngine
from referee.gin.camera import MOVES as GIN_MOVES
from referee.kiketti import KikettiEngine
from referee.kiketti.camera import MOVES as KIKETTI_MOVES
from referee.kimble import Kimble
from referee.skruuvi import SkruuviEngine
from referee.skruuvi.camera import MOVES as SKRUUVI_MOVES

from pelituomari.cli import CommandError


@dataclass(frozen=True)
class Game:
    """One game, as every part of the application needs to know it."""

    name: str                        # as GameStarted.game and --game name it
    title: str
    engine: type[Engine]
    layout: Callable[[tuple[float, float], int], dict[str, Zone]]   # (table mm, seats) -> its default zones
    table_mm: Callable[[int], str]   # the default table for that many seats, WIDTHxDEPTH mm
    needed_zones: tuple[str, ...]    # a calibration without them cannot referee the game
    zone_groups: Callable[[Iterable[str]], list[tuple[str, ...]]]   # zones the camera looks at together
    players: Callable[[int], tuple[str, ...]]   # who plays when no one is named, for the calibration's seats
    player_zone: str | None          # the zone kind each player has one of (seatN, meldsN, playN); None: none
    render_sample: Callable[[Path], None]   # writes its sample video, calibration and truth into a folder
    camera: Moves                    # its card moves as the tracker pairs them (Moves(): no cards, a die at most)
    answers: dict[str, str] = field(default_factory=dict)   # ruling kind -> hardware.feedback pattern name
    seats: tuple[int, ...] = (2, 3, 4)   # the seat counts its default layout is drawn for
    default_seats: int | None = None     # what calibrate draws when not told; None: the most of ``seats``

    def calibrated_seats(self) -> int:
        """The seats `calibrate` lays out when --seats is not given."""
        return max(self.seats) if self.default_seats is None else self.default_seats


def kiketti_zone_groups(zones: Iterable[str]) -> list[tuple[str, ...]]:
    """The stock with the pile, then each seat with its hand."""
    zones = list(zones)
    groups = [tuple(z for z in ("stock", "pile") if z in zones)]
    for seat in sorted((z for z in zones if z.startswith("seat")), key=lambda z: int(z[4:])):
        hand = "hand" + seat[4:]
        groups.append((seat, hand) if hand in zones else (seat,))
    return [g for g in groups if g]


def gin_zone_groups(zones: Iterable[str]) -> list[tuple[str, ...]]:
    """The stock with the pile, then each player's meld area."""
    zones = list(zones)
    groups = [tuple(z for z in ("stock", "pile") if z in zones)]
    groups += [(z,) for z in sorted((z for z in zones if z.startswith("melds")), key=lambda z: int(z[5:]))]
    return [g for g in groups if g]


def skruuvi_zone_groups(zones: Iterable[str]) -> list[tuple[str, ...]]:
    """The centre with the four play zones (a trick's cards), then each player's tricks."""
    zones = list(zones)
    groups = [tuple(z for z in zones if z == "centre" or z.startswith("play"))]
    groups += [(z,) for z in sorted((z for z in zones if z.startswith("tricks")), key=lambda z: int(z[6:]))]
    return [g for g in groups if g]


def kimble_zone_groups(zones: Iterable[str]) -> list[tuple[str, ...]]:
    """The dome alone: the board's pegs are moved by the players' word, not read."""
    return [("dome",)] if "dome" in zones else []


def rendered_by(function: str) -> Callable[[Path], None]:
    """pelituomari.samplegen's function of that name, imported when a sample is rendered (it needs OpenCV,
    which replaying a log does not)."""
    def render(out: Path) -> None:
        from pelituomari import samplegen
        getattr(samplegen, function)(out)
    return render


GAMES: dict[str, Game] = {game.name: game for game in (
    Game("kiketti", "Kiketti", KikettiEngine, lambda table, seats: kiketti_layout(seats, table),
         lambda seats: "900x560" if seats == 2 else "1200x1000", ("stock", "pile", "seat0", "seat1"),
         kiketti_zone_groups, lambda seats: tuple(f"Pelaaja{n + 1}" for n in range(seats)), "seat",
         rendered_by("render_kiketti"), KIKETTI_MOVES,
         {"kiketti_called": "call_heard", "wrong_slap": "wrong_slap"}),
    Game("kimble", "AS-Kimble", Kimble, lambda table, seats: kimble_layout(table), lambda seats: "640x400",
         ("dome",), kimble_zone_groups, lambda seats: ("Punaiset", "Siniset", "Keltaiset", "Vihreät"), None,
         rendered_by("render_kimble"), Moves()),
    # gin: the engine takes 2, 3, or two teams of 4-10 (its ``variant``); the camera's layout 3 or 2 seats, 2 by
    # default (the team game is two games at one table, two piles, and is refereed from the players' word)
    Game("gin", "Gini-rommi", GinEngine, lambda table, seats: gin_layout(seats, table),
         lambda seats: "1000x800" if seats == 2 else "1200x1000", ("stock", "pile", "melds0", "melds1"),
         gin_zone_groups, lambda seats: tuple(f"Pelaaja{n + 1}" for n in range(seats)), "melds",
         rendered_by("render_gin"), GIN_MOVES, {"knocked": "call_heard", "impossible": "wrong_slap"}, seats=(2, 3),
         default_seats=2),
    Game("skruuvi", "Skruuvi", SkruuviEngine, lambda table, seats: skruuvi_layout(4, table),  # 3: the puupää's place
         lambda seats: "1000x800", ("play0", "play1", "play2", "play3"), skruuvi_zone_groups,
         lambda seats: tuple(f"Pelaaja{n + 1}" for n in range(3 if seats == 3 else 4)), "play",
         rendered_by("render_skruuvi"),
         SKRUUVI_MOVES, {"contract": "call_heard", "revoke": "wrong_slap", "lead_out_of_turn": "wrong_slap",
                         "revoke_corrected": "fine_given", "trick_misplaced": "wrong_slap",
                         "impossible": "wrong_slap"}, seats=(3, 4)),
)}
DEFAULT_GAME = "kiketti"


def find_game(name: str) -> Game:
    """The game of that name; a ValueError naming the games known."""
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


def referee_for(events: Iterable[Event], language: str = "fi", where: str = "log") -> Referee:
    """Replay a log into a referee; a log that cannot start a game is a CommandError naming it."""
    try:
        return Referee.replay(events, language)
    except ValueError as e:
        raise CommandError(f"{where}: {e}") from None
