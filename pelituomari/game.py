"""Wiring the referee to the games: every engine is imported here so that it registers."""

from __future__ import annotations

from typing import Iterable

from referee.core import Referee
from referee.events import Event

import referee.kiketti  # noqa: F401  (registers the engine)
import referee.kimble  # noqa: F401

from pelituomari.cli import CommandError


def referee_for(events: Iterable[Event], language: str = "fi", where: str = "log") -> Referee:
    """Replay a log into a referee; a log that cannot start a game is a CommandError naming it."""
    try:
        return Referee.replay(events, language)
    except ValueError as e:
        raise CommandError(f"{where}: {e}") from None
