"""A JSON Schema (draft 2020-12) for the event vocabulary, derived from the event dataclasses.

Derived, not hand-written, so that it cannot drift from the code; `docs/events.schema.json` is
this schema as shipped, and a test keeps the two equal.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from .events import EVENT_TYPES, MAX_NUMBER, MAX_TEXT, SCHEMA_VERSION, Event, Source, _hints

_PATTERNS = {"card": "^[A23456789TJQK][shdc]$", "zone": "^[a-z][a-z0-9_]*$",
             "text": "^[^\\u0000-\\u001f\\u007f-\\u009f]*$"}
_SEATS = ("by", "seat", "team")                 # a seat or team: 0-15
_DURATIONS = ("t_uncertainty", "duration_s")    # seconds, never negative


def _field_schema(name: str, hint: Any) -> dict[str, Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in args if a is not type(None)]
        return {"anyOf": [_field_schema(name, inner), {"type": "null"}]}
    if hint is Source:
        return {"enum": [s.value for s in Source]}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        if name in _SEATS:
            return {"type": "integer", "minimum": 0, "maximum": 15}
        return {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}
    if hint is float:
        if name in _DURATIONS:
            return {"type": "number", "minimum": 0, "maximum": MAX_NUMBER}
        return {"type": "number", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}
    if hint is str:
        if name == "card" or name == "cards":
            return {"type": "string", "pattern": _PATTERNS["card"]}
        if "zone" in name:
            return {"type": "string", "pattern": _PATTERNS["zone"]}
        return {"type": "string", "maxLength": MAX_TEXT, "pattern": _PATTERNS["text"]}
    if origin is tuple:
        return {"type": "array", "items": _field_schema(name, args[0])}
    if origin is dict:
        return {"type": "object"}
    if isinstance(hint, type) and issubclass(hint, Event):
        return {"$ref": "#"}
    raise TypeError(f"no schema for field {name}: {hint!r}")


def _event_schema(name: str, cls: type[Event]) -> dict[str, Any]:
    hints = _hints(cls)
    props: dict[str, Any] = {"v": {"const": SCHEMA_VERSION}, "type": {"const": name}}
    required = ["type"]
    for f in dataclasses.fields(cls):
        props[f.name] = _field_schema(f.name, hints[f.name])
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    props["t"]["minimum"] = 0
    return {
        "title": name,
        "description": " ".join((cls.__doc__ or "").split()),
        "type": "object",
        "properties": props,
        "required": required,
        "additionalProperties": False,
    }


def event_schema() -> dict[str, Any]:
    """The schema of one JSON Lines event line."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:pelituomari:events:v{SCHEMA_VERSION}",
        "title": "pelituomari event",
        "oneOf": [_event_schema(name, EVENT_TYPES[name]) for name in sorted(EVENT_TYPES)],
    }
