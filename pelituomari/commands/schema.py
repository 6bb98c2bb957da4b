"""`pelituomari schema`: print the JSON Schema of the event vocabulary (docs/events.schema.json)."""

from __future__ import annotations

import json
import sys


def add_parser(sub) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of one event line")
    p.set_defaults(func=run)


def run(args) -> int:
    from referee.schema import event_schema

    json.dump(event_schema(), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
