"""A referee's state as the page's JSON: what the page shows (the sheet in each language, whose turn,
the pause), each booked event as the correction list shows it, each ruling in both languages.

Made by the thread that owns the referee, right after it ruled, so the web thread never reads a referee
while it changes.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from referee.core import ENGINES, LANGUAGES, Referee, Ruling, effective_events
from referee.events import Correction, Event, GameStarted, Undo

from pelituomari.game import GAMES
from pelituomari.web.declarations import words_for
from pelituomari.web.sheets import sheet_html

OWN_VIEWS = ("kiketti", "kimble")   # games whose sheet has a view of its own (pelituomari.web.sheets)
CONTROL = ("game_started", "undo", "correction")   # booked events no correction can target
# rulings that stand out on the page, as does any that gives a penalty
BAD_KINDS = ("wrong_slap", "late_slap", "penalty", "fine", "impossible", "illegal_move", "out_of_turn",
             "turn_forfeited", "early_reveal")


def load_engine(game: str) -> None:
    """Register the engine of a game that the application does not import itself (referee/<game>/, such as
    gin rummy's), where there is one; where there is none, the Referee names the games it knows."""
    if game not in ENGINES and re.fullmatch(r"[a-z][a-z0-9_]*", game):
        try:
            importlib.import_module(f"referee.{game}")
        except ImportError:
            pass


def page_state(referee: Referee) -> dict[str, Any]:
    """What the page shows of the game now."""
    engine, game = referee.engine, referee.game
    summary = engine.summary()
    players = list(engine.players)
    sheet = getattr(engine, "sheet", None)
    html = {}
    for language in LANGUAGES:
        text = sheet.render(language) if sheet is not None and game not in OWN_VIEWS else None
        html[language] = sheet_html(game, summary, players, language, text)
    ledger = summary.get("ledger")
    known = GAMES.get(game)
    return {
        "game": game,
        "title": known.title if known is not None else game.capitalize(),
        "players": players,
        "version": len(referee.log),
        "finished": engine.finished,
        "paused": bool(summary.get("paused")),
        "turn": turn_name(summary.get("turn"), players),
        "phase": summary.get("phase"),
        "html": html,
        "declarations": words_for(game),
        "drinks": isinstance(ledger, dict) and "teams" in ledger,   # a fine ledger that fines are drunk from
    }


def turn_name(turn: Any, players: list[str]) -> str | None:
    """Whose turn the summary says: a seat number or already a name."""
    if isinstance(turn, bool) or turn is None:
        return None
    if isinstance(turn, int):
        return players[turn] if 0 <= turn < len(players) else None
    return str(turn)


def ruling_json(ruling: Ruling) -> dict[str, Any]:
    """A ruling in both languages, marked when it is one that should stand out (a wrong slap, a fine)."""
    out = {"kind": ruling.kind, "fi": ruling.fi, "en": ruling.en, "seats": list(ruling.seats),
           "cause": ruling.cause, "bad": ruling.kind in BAD_KINDS or ruling.penalty > 0}
    if ruling.penalty:
        out["penalty"], out["unit"] = ruling.penalty, ruling.unit
    return out


def event_records(referee: Referee) -> list[dict[str, Any]]:
    """Every booked event, each marked whether it is still in force (not undone nor deleted)."""
    in_force = {seq for seq, _ in effective_events(referee.log)}
    players = list(referee.engine.players)
    return [event_record(seq, event, seq in in_force, players) for seq, event in enumerate(referee.log)]


def event_record(seq: int, event: Event, in_force: bool, players: list[str]) -> dict[str, Any]:
    return {"seq": seq, "t": round(event.t, 2), "type": event.type, "source": str(event.source),
            "text": describe(event, players), "event": event.to_json(), "in_force": in_force,
            "correctable": event.type not in CONTROL}


def describe(event: Event, players: list[str]) -> str:
    """One line for a booked event, in the words of the event vocabulary (docs/events.md)."""
    data = event.to_json()

    def who(key: str) -> str:
        seat = data.get(key)
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else ""

    if isinstance(event, GameStarted):
        return f"{event.game}: {', '.join(event.players)}"
    if isinstance(event, Undo):
        return "undo"
    if isinstance(event, Correction):
        what = "delete" if event.replacement is None else describe(event.replacement, players)
        return f"#{event.target} → {what}"
    kind = event.type
    if kind == "card_moved":
        by = who("by")
        return f"{data['card'] or '?'} {data['from_zone']} → {data['to_zone']}" + (f" ({by})" if by else "")
    if kind == "die_settled":
        by = who("by")
        return f"die {data['value'] if data['value'] is not None else '?'}" + (f" ({by})" if by else "")
    if kind == "declared":
        return f"{who('by') or data['by']}: {data['what']}" + (f" {data['value']}" if data.get("value") else "")
    if kind == "fine_drunk":
        return f"{who('team') or data['team']}: {data['count']} drunk"
    if kind == "piece_moved":
        return f"{who('team') or data['team']}: {data['from_place']} → {data['to_place']}"
    if kind == "paused":
        return "pause on" if data["on"] else "pause off"
    rest = {k: v for k, v in data.items() if k not in ("v", "type", "t", "source")}
    return f"{kind} " + " ".join(f"{k}={v}" for k, v in rest.items())
