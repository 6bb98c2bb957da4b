"""A live game session: events in (from any source), stored first, then refereed.

Every event is committed to the event store before the referee sees it, so whatever the referee
has ruled on survives a crash, and `pelituomari resume` rebuilds the same state by replay.
"""

from __future__ import annotations

from typing import Callable, Iterable, TextIO

from referee.core import Referee, Ruling
from referee.events import Event, EventError, GameStarted, loads

from pelituomari.store import EventStore, StoreError


class Session:
    """One stored game and its referee."""

    def __init__(self, store: EventStore, game_id: int, referee: Referee):
        self.store, self.game_id, self.referee = store, game_id, referee

    @classmethod
    def start(cls, store: EventStore, start: GameStarted, language: str = "fi") -> "Session":
        referee = Referee(start, language)  # fails on an unknown game before anything is stored
        return cls(store, store.new_game(start), referee)

    @classmethod
    def resume(cls, store: EventStore, game_id: int | None = None, language: str = "fi") -> "Session":
        if game_id is None:
            latest = store.latest_game()
            if latest is None:
                raise LookupError(f"{store.path} holds no game to resume")
            game_id = latest.id
        return cls(store, game_id, Referee.replay(store.events(game_id), language))

    def push(self, event: Event) -> list[Ruling]:
        self.store.append(self.game_id, event)
        return self.referee.push(event)


def feed_lines(
    lines: Iterable[str],
    push: Callable[[Event], list[Ruling]],
    announce: Callable[[Ruling], None],
    errors: TextIO,
    first_line: int = 1,
) -> int:
    """Parse and push JSON Lines events one at a time; a bad line is reported with its number and
    skipped (the events before and after it still count).  Returns the number of bad lines.  A line
    the store cannot keep (held too long by another program, a full disk) stops the feed with a
    StoreError naming it: what follows is not read, so nothing is refereed that was not stored."""
    bad = 0
    for n, line in enumerate(lines, start=first_line):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            event = loads(line, n)
            rulings = push(event)
        except StoreError as e:
            raise StoreError(f"line {n}: {e}; it and the lines after it were not read "
                             f"(carry on with `pelituomari resume` once the store is free)") from None
        except (EventError, ValueError) as e:
            bad += 1
            print(f"rejected: {e}" if isinstance(e, EventError) else f"rejected: line {n}: {e}", file=errors)
            continue
        for ruling in rulings:
            announce(ruling)
    return bad
