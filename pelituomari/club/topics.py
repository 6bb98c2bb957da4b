"""The evening's MQTT topics, in one place (docs/mqtt.md).

Each table writes only under ``pelituomari/tables/<table>/`` and reads only ``pelituomari/requests/<table>``;
the hub reads every table's tree and writes requests. Keeping the two trees apart is what lets the broker's
ACL say so with two patterns (deploy/mosquitto/pelituomari.acl).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ROOT = "pelituomari"
HUB_USER = "hub"   # the hub's MQTT user; no table may take its name (the ACL's patterns would let it write as one)
TABLE_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")

ALL_LOGS = f"{ROOT}/tables/+/games/+/log"
ALL_STATUS = f"{ROOT}/tables/+/status"


def check_table_name(name: str) -> str:
    """The name, or a ValueError saying what a table's name may be (it is a topic level and an MQTT user)."""
    if not TABLE_NAME.fullmatch(name):
        raise ValueError(f"table name {name!r}: use 1-64 lower-case letters, digits, '-' or '_', "
                         f"beginning with a letter or digit (it names the table's topics and MQTT user)")
    if name == HUB_USER:
        raise ValueError(f"table name {name!r} is the hub's MQTT user; name the table otherwise")
    return name


def log_topic(table: str, game_id: int) -> str:
    """Where a table's game is published, one message per log position."""
    return f"{ROOT}/tables/{table}/games/{game_id}/log"


def status_topic(table: str) -> str:
    """The table's retained status: its game, how far its log goes, whether it is online."""
    return f"{ROOT}/tables/{table}/status"


def request_topic(table: str) -> str:
    """Where the hub asks a table to send positions of its log again."""
    return f"{ROOT}/requests/{table}"


@dataclass(frozen=True)
class Topic:
    kind: str                # "log" or "status"
    table: str
    game_id: int | None = None


def parse(topic: str) -> Topic | None:
    """What a topic of a table's tree is; None for anything else."""
    parts = topic.split("/")
    if len(parts) < 3 or parts[0] != ROOT or parts[1] != "tables" or not TABLE_NAME.fullmatch(parts[2]):
        return None
    if len(parts) == 4 and parts[3] == "status":
        return Topic("status", parts[2])
    if len(parts) == 6 and parts[3] == "games" and parts[5] == "log" and parts[4].isdigit():
        return Topic("log", parts[2], int(parts[4]))
    return None
