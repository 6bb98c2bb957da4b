"""The event vocabulary: the one contract between vision, hardware, people and the referee.

Every event is a frozen dataclass with a timestamp ``t`` (seconds on the table's clock) and a
``source``.  Observations are game-agnostic facts (a card moved between zones, a die settled);
each game's engine interprets them with its own state.  Control events (start, pause, undo,
correction) steer the referee itself.  Events serialise to one JSON object per line::

    {"v": 1, "type": "card_moved", "t": 12.5, "source": "camera", "card": "Td", ...}

Zones are plain strings named by the table calibration: ``stock``, ``pile`` (the discard pile),
``seat0``..``seat7`` (a player's table cards), ``hand0``..``hand7`` (a card a player holds after
drawing it), ``dome`` (the Kimble die).
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import types
import typing
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

SCHEMA_VERSION = 1

RANKS = "A23456789TJQK"
SUITS = "shdc"
_CARD = re.compile(f"^[{RANKS}][{SUITS}]$")
_ZONE = re.compile(r"^[a-z][a-z0-9_]*$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # terminal escapes and the like: never in a name
_REASON_CHARS = 1000
MAX_NUMBER = 2 ** 53  # a whole number beyond this is no count or time at a table (and not exact in JSON)
MAX_DEPTH = 32        # nesting deeper than any event needs
MAX_TEXT = 200        # characters: a longer string is no name, zone or word said at a table


class Source(StrEnum):
    """Who or what produced an event."""

    CAMERA = "camera"
    BUTTON = "button"
    SERIAL = "serial"
    MANUAL = "manual"


class EventError(ValueError):
    """An event that is not well-formed: names the field and the reason (and the line, if any)."""

    def __init__(self, field: str | None, reason: str, line: int | None = None):
        if len(reason) > _REASON_CHARS:  # a huge value is named, not echoed whole
            reason = reason[:_REASON_CHARS] + "… (cut)"
        self.field, self.reason, self.line = field, reason, line
        where = f"line {line}: " if line is not None else ""
        what = f"field '{field}': " if field else ""
        super().__init__(f"{where}{what}{reason}")

    def at_line(self, line: int) -> "EventError":
        return EventError(self.field, self.reason, line)


def seat_zone(seat: int) -> str:
    """The zone of a player's table cards."""
    return f"seat{seat}"


def hand_zone(seat: int) -> str:
    """The zone of the card a player holds after drawing it."""
    return f"hand{seat}"


def zone_seat(zone: str) -> int | None:
    """The seat a ``seatN`` or ``handN`` zone belongs to, or None for shared zones."""
    m = re.fullmatch(r"(?:seat|hand)(\d+)", zone)
    return int(m.group(1)) if m else None


EVENT_TYPES: dict[str, type["Event"]] = {}


def _register(name: str):
    def wrap(cls):
        cls.type = name
        EVENT_TYPES[name] = cls
        return cls

    return wrap


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened at the table, at time ``t`` (seconds), reported by ``source``."""

    type: ClassVar[str] = "event"
    t: float
    source: Source = Source.MANUAL

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            object.__setattr__(self, f.name, _coerce(f.name, value, _hints(type(self))[f.name]))
        if not math.isfinite(self.t) or self.t < 0:
            raise EventError("t", f"must be a finite time >= 0 seconds, got {self.t!r}")
        self.validate()

    def validate(self) -> None:
        """Check the fields together; raise EventError naming the field at fault."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"v": SCHEMA_VERSION, "type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None and f.metadata.get("omitted_when_none"):
                continue  # a field added later: older logs stay as they were written
            out[f.name] = _plain(value)
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------- observations


@_register("card_moved")
@dataclass(frozen=True, kw_only=True)
class CardMoved(Event):
    """A card went from one zone to another.

    ``card`` is its identity when the camera (or a person) saw its face, else None.  ``by`` is
    the seat whose hand moved it, when known: a slap of an opponent's card is a move from the
    opponent's ``seatN`` to ``pile`` by the slapper.  ``t`` is the first sighting at the
    destination, so the move happened at some time in ``[t - t_uncertainty, t]`` (a camera's frame
    interval, or longer where glare hid the place): the referee orders two moves only where those
    times cannot overlap.
    """

    card: str | None = None
    from_zone: str
    to_zone: str
    face_up: bool = False
    by: int | None = None
    t_uncertainty: float = 0.0

    def validate(self) -> None:
        _check_card("card", self.card)
        _check_zone("from_zone", self.from_zone)
        _check_zone("to_zone", self.to_zone)
        if self.from_zone == self.to_zone:
            raise EventError("to_zone", f"a move needs two different zones, got '{self.to_zone}' twice")
        _check_seat("by", self.by)
        if self.t_uncertainty < 0:
            raise EventError("t_uncertainty", "must be >= 0")


@_register("card_looked")
@dataclass(frozen=True, kw_only=True)
class CardLooked(Event):
    """Someone lifted a face-down card in ``zone``, looked at it and put it back."""

    zone: str
    by: int | None = None

    def validate(self) -> None:
        _check_zone("zone", self.zone)
        _check_seat("by", self.by)


@_register("cards_swapped")
@dataclass(frozen=True, kw_only=True)
class CardsSwapped(Event):
    """A face-down card of ``zone_a`` and one of ``zone_b`` changed places (``looked``: one was
    looked at first, as a Kiketti king allows)."""

    zone_a: str
    zone_b: str
    by: int | None = None
    looked: bool = False

    def validate(self) -> None:
        _check_zone("zone_a", self.zone_a)
        _check_zone("zone_b", self.zone_b)
        _check_seat("by", self.by)


@_register("cards_revealed")
@dataclass(frozen=True, kw_only=True)
class CardsRevealed(Event):
    """All cards of ``zone`` were turned face up (a round's end): their identities."""

    zone: str
    cards: tuple[str, ...]

    def validate(self) -> None:
        _check_zone("zone", self.zone)
        for i, card in enumerate(self.cards):
            _check_card(f"cards[{i}]", card)
        if len(set(self.cards)) != len(self.cards):
            raise EventError("cards", f"a card appears twice: {sorted(self.cards)}")


@_register("die_settled")
@dataclass(frozen=True, kw_only=True)
class DieSettled(Event):
    """The die came to rest after a pop; ``value`` is None when it could not be read (leaning,
    hidden, flickering).  ``by`` is the seat or team that popped, when known."""

    value: int | None
    zone: str = "dome"
    by: int | None = None

    def validate(self) -> None:
        if self.value is not None and not 1 <= self.value <= 6:
            raise EventError("value", f"a die shows 1-6, got {self.value}")
        _check_zone("zone", self.zone)
        _check_seat("by", self.by)


@_register("button_pressed")
@dataclass(frozen=True, kw_only=True)
class ButtonPressed(Event):
    """A push button was released after ``duration_s``; ``long`` says it passed the hold time.
    ``seat`` names the seat of a per-seat button, None for the shared one."""

    seat: int | None = None
    long: bool = False
    duration_s: float = 0.0

    def validate(self) -> None:
        _check_seat("seat", self.seat)
        if self.duration_s < 0:
            raise EventError("duration_s", "must be >= 0")


@_register("pad_slapped")
@dataclass(frozen=True, kw_only=True)
class PadSlapped(Event):
    """A seat's slap pad was hit; ``t`` is the pad's time corrected to the table clock, give or take
    ``t_uncertainty`` (the clock fit's error)."""

    seat: int
    t_uncertainty: float = 0.0

    def validate(self) -> None:
        _check_seat("seat", self.seat)
        if self.t_uncertainty < 0:
            raise EventError("t_uncertainty", "must be >= 0")


@_register("declared")
@dataclass(frozen=True, kw_only=True)
class Declared(Event):
    """A player or team said something the rules care about: ``kiketti``, ``hembo``, ``raise``,
    ``consent``, ``refuse``, ``kps_won`` (won rock-paper-scissors), ...; ``value`` what was said
    with it, where the game needs one (a knocker's announced deadwood ``"7"``, a bid ``"5h"``)."""

    by: int
    what: str
    value: str | None = field(default=None, metadata={"omitted_when_none": True})

    def validate(self) -> None:
        _check_seat("by", self.by)
        if not _ZONE.match(self.what):
            raise EventError("what", f"must be a lower-case word, got {self.what!r}")


@_register("camera_blind")
@dataclass(frozen=True, kw_only=True)
class CameraBlind(Event):
    """The camera saw nothing from ``t`` to ``until`` (a lamp off, a hand over the lens, a camera
    re-exposing), so whatever was done then went unseen, and when: the referee rules on nothing whose
    timing fell in the dark. What the camera saw once it saw again is the table as it now is, for the
    referee to set its count by (a move the table proves was made is booked as made unseen):
    ``counts`` the cards in each zone the game counts (a seat's row, a hand), ``pile_top`` the card read
    on top of the pile (None: none read), ``pile_face_down`` whether a card lies face down on its top."""

    until: float
    counts: dict[str, int] = field(default_factory=dict)
    pile_top: str | None = None
    pile_face_down: bool = False

    def validate(self) -> None:
        if not math.isfinite(self.until) or self.until < self.t:
            raise EventError("until", f"must be a time >= t ({self.t}), got {self.until!r}")
        for zone, n in self.counts.items():
            _check_zone(f"counts.{zone}", zone)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise EventError(f"counts.{zone}", f"a count of cards is a whole number >= 0, got {n!r}")
        _check_card("pile_top", self.pile_top)


_PLACE = re.compile(r"^(home|aside|queue|track([0-9]|1[0-9]|2[0-7])|goal[1-4])$")


@_register("piece_moved")
@dataclass(frozen=True, kw_only=True)
class PieceMoved(Event):
    """A board-game piece of ``team`` was seen going from one place to another.

    Places are named as the camera sees the board, whatever the game: ``home`` (the team's home
    holes), ``track0``..``track27`` (absolute squares counted clockwise from the start square of
    colour 0), ``goal1``..``goal4`` (the team's own goal holes), ``queue`` (beside goal 1) and
    ``aside`` (a piece set next to the goal as a multiplier marker).  A stack of pieces moves as one.
    """

    team: int
    from_place: str
    to_place: str

    def validate(self) -> None:
        _check_seat("team", self.team)
        for name in ("from_place", "to_place"):
            if not _PLACE.match(getattr(self, name)):
                raise EventError(name, "a place is home, aside, queue, track0..track27 or goal1..goal4, "
                                 f"got {getattr(self, name)!r}")
        if self.from_place == self.to_place:
            raise EventError("to_place", f"a move needs two different places, got '{self.to_place}' twice")


@_register("fine_drunk")
@dataclass(frozen=True, kw_only=True)
class FineDrunk(Event):
    """The bookkeeper saw ``team`` drink ``count`` fines (Kimble's fine ledger)."""

    team: int
    count: int = 1

    def validate(self) -> None:
        _check_seat("team", self.team)
        if self.count < 1:
            raise EventError("count", f"a team drinks at least 1 fine, got {self.count}")


# ---------------------------------------------------------------- control


@_register("game_started")
@dataclass(frozen=True, kw_only=True)
class GameStarted(Event):
    """A new game: which one, the players (or teams) in seating order, and its settings."""

    game: str
    players: tuple[str, ...]
    settings: dict[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        if not self.game:
            raise EventError("game", "must name a game")
        if not self.players:
            raise EventError("players", "a game needs players")
        if len(set(self.players)) != len(self.players):
            raise EventError("players", f"names must differ, got {list(self.players)}")


@_register("paused")
@dataclass(frozen=True, kw_only=True)
class Paused(Event):
    """A pause was declared (``on``) or ended."""

    on: bool


@_register("undo")
@dataclass(frozen=True, kw_only=True)
class Undo(Event):
    """Take back the latest event still in effect (the log itself is never edited)."""


@_register("correction")
@dataclass(frozen=True, kw_only=True)
class Correction(Event):
    """Replace the event at log position ``target`` by ``replacement`` (None deletes it);
    the state is re-derived by replay."""

    target: int
    replacement: Event | None = None

    def validate(self) -> None:
        if self.target < 0:
            raise EventError("target", "must be a log position >= 0")
        if isinstance(self.replacement, (Correction, Undo, GameStarted)):
            raise EventError("replacement", f"cannot be a '{self.replacement.type}' event")


# ---------------------------------------------------------------- serialisation


def from_json(data: Any) -> Event:
    """Build an event from its JSON object; raise EventError naming the field at fault."""
    if not isinstance(data, dict):
        raise EventError(None, f"an event is a JSON object, got {type(data).__name__}")
    version = data.get("v", SCHEMA_VERSION)
    if version != SCHEMA_VERSION:
        raise EventError("v", f"unknown schema version {_shown(version)} (this referee reads {SCHEMA_VERSION})")
    name = data.get("type")
    if not isinstance(name, str) or name not in EVENT_TYPES:
        raise EventError("type", f"unknown event type {_shown(name)}; known: {', '.join(sorted(EVENT_TYPES))}")
    cls = EVENT_TYPES[name]
    names = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - set(names) - {"v", "type"})
    if unknown:
        raise EventError(unknown[0], f"not a field of '{name}'")
    kwargs: dict[str, Any] = {}
    for fname, f in names.items():
        if fname in data:
            kwargs[fname] = data[fname]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise EventError(fname, f"missing (required by '{name}')")
    if name == "correction" and kwargs.get("replacement") is not None:
        try:
            kwargs["replacement"] = from_json(kwargs["replacement"])
        except EventError as e:
            raise EventError(f"replacement.{e.field}", e.reason) from None
    try:
        return cls(**kwargs)
    except EventError:
        raise
    except (TypeError, ValueError) as e:
        raise EventError(None, str(e)) from None


def loads(line: str, line_no: int | None = None) -> Event:
    """Parse one JSON Lines line into an event."""
    try:
        data = json.loads(line, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise EventError(None, f"not valid JSON: {e.msg} at column {e.colno}", line_no) from None
    except RecursionError:
        raise EventError(None, "not an event: nested too deeply", line_no) from None
    except ValueError as e:  # NaN, Infinity, or a number of thousands of digits
        reason = str(e) if "JSON allows" in str(e) else "a number of thousands of digits"
        raise EventError(None, f"not valid JSON: {reason}", line_no) from None
    try:
        return from_json(data)
    except EventError as e:
        raise e.at_line(line_no) if line_no is not None else e


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def read_jsonl(lines: typing.Iterable[str]) -> list[Event]:
    """Parse a whole log; the first bad line stops it with its line number (nothing is applied)."""
    events = []
    for n, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            events.append(loads(line, n))
    return events


def write_jsonl(events: typing.Iterable[Event]) -> str:
    return "".join(e.dumps() + "\n" for e in events)


# ---------------------------------------------------------------- field checks


def _check_card(name: str, card: str | None) -> None:
    if card is not None and not _CARD.match(card):
        raise EventError(name, f"a card is rank {RANKS} + suit {SUITS} (e.g. 'Td'), got {card!r}")


def _check_zone(name: str, zone: str) -> None:
    if not _ZONE.match(zone):
        raise EventError(name, f"a zone is a lower-case name like 'pile' or 'seat2', got {zone!r}")


def _check_seat(name: str, seat: int | None) -> None:
    if seat is not None and not 0 <= seat < 16:
        raise EventError(name, f"a seat is a number 0-15, got {seat}")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _coerce(name: str, value: Any, hint: Any) -> Any:
    """Check ``value`` against a field's type, converting JSON forms (lists, strings) to it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _coerce(name, value, inner)
    if hint is Any:
        _check_plain(name, value)
        return value
    if hint is Source:
        try:
            return Source(value)
        except ValueError:
            raise EventError(name, f"must be one of {[s.value for s in Source]}, got {_shown(value)}") from None
    if hint is bool:
        if not isinstance(value, bool):
            raise EventError(name, f"must be true or false, got {_shown(value)}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise EventError(name, f"must be a whole number, got {_shown(value)}")
        _check_plain(name, value)
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise EventError(name, f"must be a number, got {_shown(value)}")
        _check_plain(name, value)
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise EventError(name, f"must be a string, got {_shown(value)}")
        _check_plain(name, value)
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise EventError(name, f"must be a list, got {_shown(value)}")
        return tuple(_coerce(f"{name}[{i}]", v, args[0]) for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise EventError(name, f"must be a JSON object, got {_shown(value)}")
        _check_plain(name, value)
        return dict(value)
    if isinstance(hint, type) and issubclass(hint, Event):
        if not isinstance(value, Event):
            raise EventError(name, f"must be an event, got {_shown(value)}")
        return value
    raise TypeError(f"field {name}: unsupported type {hint!r}")


def _check_plain(name: str, value: Any, depth: int = 0) -> None:
    """Refuse what a table never says and what would break a later reader: a number that is not finite or
    is beyond MAX_NUMBER, a string longer than MAX_TEXT or with control characters or a lone surrogate
    (not UTF-8), nesting deeper than MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise EventError(name, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, float) and not math.isfinite(value):
        raise EventError(name, f"must be a finite number, got {value!r}")
    if isinstance(value, (int, float)) and abs(value) > MAX_NUMBER:
        raise EventError(name, f"must lie within ±2^53, got a number of about "
                               f"{round(int(abs(value)).bit_length() * math.log10(2))} digits")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise EventError(name, f"must be at most {MAX_TEXT} characters, got {len(value)}")
        if _CONTROL.search(value):
            raise EventError(name, f"must not hold control characters, got {ascii(value)}")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise EventError(name, f"must be valid Unicode (a lone surrogate), got {ascii(value)}") from None
    if isinstance(value, dict):
        for key, item in value.items():
            _check_plain(f"{name}.{key}", key, depth + 1)
            _check_plain(f"{name}.{key}", item, depth + 1)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check_plain(f"{name}[{i}]", item, depth + 1)


def _shown(value: Any, chars: int = 60) -> str:
    """A value as an error names it: its repr, cut short (a 5 MB value is not echoed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        return "a number of many digits"
    text = ascii(value)
    return text if len(text) <= chars else text[:chars] + "…"


def _plain(value: Any) -> Any:
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    return value
