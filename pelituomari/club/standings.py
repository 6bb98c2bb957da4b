"""The evening's standings across tables and games: each player's (or Kimble team's) totals summed over
every game of that kind received, a name being the same player at whatever table.

What a game adds, from its engine's summary:

* Kiketti: the score sheet's totals (fewest points first);
* gin rummy: the main ledger's points (most first);
* Skruuvi: the standings' points (most first);
* AS-Kimble: each team's fines given, drunk and still owed (most given first).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Iterable

from pelituomari.game import GAMES


@dataclass(frozen=True)
class Rule:
    columns: tuple[str, ...]     # what is summed, the first one ranked on
    fewest_first: bool
    points: Callable[[dict[str, Any], list[str]], dict[str, tuple[int, ...]]]   # (summary, players) -> name: sums


def kiketti_points(summary: dict[str, Any], players: list[str]) -> dict[str, tuple[int, ...]]:
    sheet = summary["score_sheet"]
    return {name: (total,) for name, total in zip(sheet["players"], sheet["totals"])}


def gin_points(summary: dict[str, Any], players: list[str]) -> dict[str, tuple[int, ...]]:
    return {name: (points,) for name, points in zip(players, summary["ledger"])}


def skruuvi_points(summary: dict[str, Any], players: list[str]) -> dict[str, tuple[int, ...]]:
    return {row["name"]: (row["points"],) for row in summary["standings"]}


def kimble_fines(summary: dict[str, Any], players: list[str]) -> dict[str, tuple[int, ...]]:
    return {t["team"]: (t["given"], t["drunk"], t["owed"]) for t in summary["ledger"]["teams"]}


RULES: dict[str, Rule] = {
    "kiketti": Rule(("points",), True, kiketti_points),
    "gin": Rule(("points",), False, gin_points),
    "skruuvi": Rule(("points",), False, skruuvi_points),
    "kimble": Rule(("given", "drunk", "owed"), False, kimble_fines),
}
TITLES = {"skruuvi": "Skruuvi"}

WORDS = {
    "fi": {"standings": "Illan tilanne", "name": "Nimi", "games": "pelit", "points": "pisteet", "given": "saatu",
           "drunk": "juotu", "owed": "velkaa", "fewest": "vähiten ensin", "most": "eniten ensin",
           "none": "Ei vielä pelejä."},
    "en": {"standings": "The evening's standings", "name": "Name", "games": "games", "points": "points",
           "given": "given", "drunk": "drunk", "owed": "owed", "fewest": "fewest first", "most": "most first",
           "none": "No games yet."},
}


def standings(games: Iterable[tuple[str, dict[str, Any], list[str]]]) -> list[dict[str, Any]]:
    """(game name, its summary, its players) of every game of the evening -> one section per kind of game:
    {"game", "title", "columns", "fewest_first", "rows": [{"name", "games", "totals"}] ranked}."""
    sums: dict[str, dict[str, list]] = {}
    for game, summary, players in games:
        rule = RULES.get(game)
        if rule is None:
            continue
        for name, points in rule.points(summary, players).items():
            row = sums.setdefault(game, {}).setdefault(name, [0, [0] * len(rule.columns)])
            row[0] += 1
            row[1] = [a + b for a, b in zip(row[1], points)]
    out = []
    for game in (g for g in RULES if g in sums):
        rule = RULES[game]
        rows = [{"name": name, "games": n, "totals": totals} for name, (n, totals) in sums[game].items()]
        rows.sort(key=lambda r: (r["totals"][0] if rule.fewest_first else -r["totals"][0], r["name"]))
        title = GAMES[game].title if game in GAMES else TITLES.get(game, game.capitalize())
        out.append({"game": game, "title": title, "columns": list(rule.columns), "fewest_first": rule.fewest_first,
                    "rows": rows})
    return out


def standings_html(sections: list[dict[str, Any]], language: str) -> str:
    """The standings as the evening's page shows them; names escaped (they come from the tables)."""
    w = WORDS[language]
    if not sections:
        return f"<h2>{w['standings']}</h2><p class=note>{w['none']}</p>"
    out = [f"<h2>{w['standings']}</h2>"]
    for s in sections:
        head = "".join(f"<th>{w[c]}</th>" for c in s["columns"])
        rows = "".join(f"<tr><td>{n}.</td><th>{escape(r['name'])}</th><td>{r['games']}</td>"
                       + "".join(f"<td>{v}</td>" for v in r["totals"]) + "</tr>"
                       for n, r in enumerate(s["rows"], start=1))
        order = w["fewest"] if s["fewest_first"] else w["most"]
        out.append(f"<h3>{escape(s['title'])} <small>({w[s['columns'][0]]}, {order})</small></h3>"
                   f"<table class=standings><thead><tr><th></th><th>{w['name']}</th><th>{w['games']}</th>{head}</tr>"
                   f"</thead><tbody>{rows}</tbody></table>")
    return "".join(out)
