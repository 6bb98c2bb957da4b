"""The evening's MQTT payloads: compact JSON, one object a message (docs/mqtt.md).

A log message carries one log position: the event stored there and the rulings the table's referee made on
it, in both languages, so that the hub can check its own replay against the table's, and anything else
listening (a home hub's dashboard) can show the rulings without a referee of its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from referee.core import Ruling
from referee.events import Event, EventError, from_json

VERSION = 1


class WireError(ValueError):
    """A payload that is not one of the evening's messages; the message says what is wrong with it."""


@dataclass(frozen=True)
class Position:
    """One log position of a table's game as published."""

    seq: int
    event: Event
    rulings: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Status:
    online: bool
    game_id: int | None = None
    game: str | None = None
    last: int | None = None   # the log's last position when it was said


@dataclass(frozen=True)
class Request:
    """Send positions first..last (inclusive) of a game again."""

    game_id: int
    first: int
    last: int


def ruling_payload(ruling: Ruling) -> dict[str, Any]:
    """A ruling as the evening publishes it: its JSON (referee.core.Ruling.to_json) in both languages."""
    out = ruling.to_json()
    del out["message"]
    return {**out, "fi": ruling.fi, "en": ruling.en}


def _dumps(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def position_message(seq: int, event: Event, rulings: list[Ruling]) -> bytes:
    return _dumps({"v": VERSION, "seq": seq, "event": event.to_json(),
                   "rulings": [ruling_payload(r) for r in rulings]})


def status_message(status: Status) -> bytes:
    return _dumps({"v": VERSION, "online": status.online, "game_id": status.game_id, "game": status.game,
                   "last": status.last})


def request_message(request: Request) -> bytes:
    return _dumps({"v": VERSION, "game_id": request.game_id, "from": request.first, "to": request.last})


def _object(payload: bytes, what: str) -> dict[str, Any]:
    try:
        data = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as e:
        raise WireError(f"{what}: not JSON ({e})") from None
    if not isinstance(data, dict):
        raise WireError(f"{what}: not a JSON object")
    if data.get("v") != VERSION:
        raise WireError(f"{what}: version {data.get('v')!r}, this program reads {VERSION}")
    return data


def _count(data: dict[str, Any], key: str, what: str, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise WireError(f"{what}: '{key}' must be a whole number >= 0, got {value!r}")
    return value


def read_position(payload: bytes) -> Position:
    data = _object(payload, "log message")
    seq = _count(data, "seq", "log message")
    rulings = data.get("rulings")
    if not isinstance(rulings, list) or not all(isinstance(r, dict) for r in rulings):
        raise WireError(f"log message {seq}: 'rulings' must be a list of objects")
    if not isinstance(data.get("event"), dict):
        raise WireError(f"log message {seq}: 'event' must be an event object")
    try:
        event = from_json(data["event"])
    except EventError as e:
        raise WireError(f"log message {seq}: {e}") from None
    return Position(seq, event, tuple(rulings))


def read_status(payload: bytes) -> Status:
    data = _object(payload, "status")
    game = data.get("game")
    if not isinstance(data.get("online"), bool) or not (game is None or isinstance(game, str)):
        raise WireError("status: 'online' must be true or false and 'game' a name or null")
    return Status(data["online"], _count(data, "game_id", "status", optional=True), game,
                  _count(data, "last", "status", optional=True))


def read_request(payload: bytes) -> Request:
    data = _object(payload, "request")
    first, last = _count(data, "from", "request"), _count(data, "to", "request")
    if last < first:
        raise WireError(f"request: 'to' {last} is before 'from' {first}")
    return Request(_count(data, "game_id", "request"), first, last)
