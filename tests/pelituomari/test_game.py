"""The games' registry: every game described once, and every part of the application asking it."""

import pytest

from calibration.zones import ZoneError
from pelituomari.cli import build_parser
from pelituomari.game import DEFAULT_GAME, GAMES, find_game
from referee.core import Referee
from referee.events import GameStarted


def test_each_game_is_named_as_its_engine_and_its_start_names_it():
    assert list(GAMES) == ["kiketti", "kimble", "gin", "skruuvi"] and DEFAULT_GAME == "kiketti"
    for name, game in GAMES.items():
        assert game.engine.game == name
        start = GameStarted(t=0.0, game=name, players=game.players(2 if game.player_zone else 4))
        assert type(Referee(start).engine) is game.engine


def test_a_game_not_registered_is_refused_naming_those_that_are():
    with pytest.raises(ValueError, match="unknown game 'shogi'; known: kiketti, kimble, gin, skruuvi"):
        find_game("shogi")


def test_each_default_layout_holds_the_zones_its_game_needs_and_looks_at():
    for game in GAMES.values():
        for seats in game.seats:
            width, depth = (float(v) for v in game.table_mm(seats).split("x"))
            zones = game.layout((width, depth), seats)
            assert set(game.needed_zones) <= set(zones)
            assert {z for group in game.zone_groups(zones) for z in group} <= set(zones)
    assert GAMES["kiketti"].zone_groups(GAMES["kiketti"].layout((1200.0, 1000.0), 3)) == [
        ("stock", "pile"), ("seat0", "hand0"), ("seat1", "hand1"), ("seat2", "hand2")]
    with pytest.raises(ZoneError, match="the default Kiketti layout has 2-4 seats, got 5"):
        GAMES["kiketti"].layout((1200.0, 1000.0), 5)
    assert GAMES["skruuvi"].zone_groups(GAMES["skruuvi"].layout((1000.0, 800.0), 4)) == [
        ("centre", "play0", "play1", "play2", "play3"), ("tricks0",), ("tricks1",), ("tricks2",), ("tricks3",)]


def test_players_when_none_are_named_are_one_a_seat_or_the_games_own():
    assert GAMES["kiketti"].players(3) == ("Pelaaja1", "Pelaaja2", "Pelaaja3")
    assert GAMES["kimble"].players(0) == ("Punaiset", "Siniset", "Keltaiset", "Vihreät")
    assert GAMES["skruuvi"].players(4) == ("Pelaaja1", "Pelaaja2", "Pelaaja3", "Pelaaja4")


@pytest.mark.parametrize("command", [["run"], ["calibrate"], ["replay"]])
def test_the_commands_offer_every_registered_game(command):
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices[command[0]]
    option = next(a for a in sub._actions if a.dest in ("game", "sample"))
    assert list(option.choices) == list(GAMES)


def test_each_game_ships_a_sample_log_its_engine_replays():
    from pelituomari.commands.replay import load_events

    for name, game in GAMES.items():
        events, where = load_events(None, name)
        assert where == f"sample:{name}" and events[0].game == name
        assert type(Referee.replay(events).engine) is game.engine


def test_each_game_hands_the_tracker_its_card_moves():
    """Kiketti's seats and hands are counted and nothing of Kimble's table is; the pipeline's tracker pairs
    the moves as its game says."""
    from calibration.table import TableCalibration
    from pelituomari.commands.run import sample_paths
    from pelituomari.pipeline import Pipeline
    from referee.kiketti.camera import MOVES

    kiketti, kimble = GAMES["kiketti"], GAMES["kimble"]
    assert kiketti.camera is MOVES
    assert [z for z in kiketti.layout((1200.0, 1000.0), 3) if kiketti.camera.is_counted(z)] == [
        "seat0", "hand0", "seat1", "hand1", "seat2", "hand2"]
    assert not any(kimble.camera.is_counted(z) for z in kimble.layout((640.0, 400.0), 4))
    skruuvi = GAMES["skruuvi"]
    assert [z for z in skruuvi.layout((1000.0, 800.0), 4) if skruuvi.camera.is_laid(z)] == [
        "play0", "play1", "play2", "play3"]
    for name, game in GAMES.items():
        calibration = TableCalibration.load(sample_paths(name)[1])
        start = GameStarted(t=0.0, game=name, players=game.players(2 if game.player_zone else 4))
        pipeline = Pipeline(calibration, None, Referee(start), name)
        assert pipeline.tracker.matcher.moves is game.camera
