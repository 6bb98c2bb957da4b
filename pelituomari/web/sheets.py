"""A game's state as an HTML fragment: Kiketti's pöytäkirja, Kimble's board, ledger and die, and any other
game's summary rendered as it comes, so a new engine shows up with no more work.

The live page and the kept record (pelituomari.web.record) show the same fragments, made here once per
change rather than in each phone's browser. Every text is escaped: player names come from the table.
"""

from __future__ import annotations

import json
import math
from html import escape
from typing import Any

from referee.kiketti.sheet import CALL_MARK, DOT

WORDS = {
    "fi": {"round": "Kierros", "penalty": "Kikettisakko", "final": "Lopputulos", "calls": "Kiketit",
           "unjudged": "? = kaikkia kortteja ei nähty", "penalty_cards": "Sakkokortit", "phase": "vaihe",
           "results": "Tulokset", "track": "Rata", "team": "Joukkue", "home": "Koti", "goal": "Maali",
           "queue": "Jono", "aside": "Kertoimen merkit", "ledger": "Sakkokirjanpito", "given": "Saatu",
           "drunk": "Juotu", "owed": "Velkaa", "die": "Nopan jakauma", "pops": "naksua", "winner": "Voittaja",
           "moral": "Moraalinen voittaja", "hembo": "Hembo sanomatta", "waiting": "Noppa {value}: valitse",
           "opening": "Avausnaksut", "colour": "Värin valinta", "sheet": "Pöytäkirja"},
    "en": {"round": "Round", "penalty": "Missing calls", "final": "Final", "calls": "Calls",
           "unjudged": "? = not every card was seen", "penalty_cards": "Penalty cards", "phase": "phase",
           "results": "Results", "track": "Track", "team": "Team", "home": "Home", "goal": "Goal",
           "queue": "Queue", "aside": "Multiplier markers", "ledger": "Fine ledger", "given": "Given",
           "drunk": "Drunk", "owed": "Owed", "die": "Die faces", "pops": "pops", "winner": "Winner",
           "moral": "Moral winner", "hembo": "Hembo not yet said", "waiting": "Die {value}: choose",
           "opening": "Opening pops", "colour": "Colour choice", "sheet": "Score sheet"},
}
KIMBLE_COLOURS = {"red": "#c62828", "blue": "#1565c0", "yellow": "#f9a825", "green": "#2e7d32"}
GENERIC_DEPTH = 4   # nesting shown of a summary before the rest is given as text


def sheet_html(game: str, summary: dict[str, Any], players: list[str], language: str,
               sheet_text: str | None = None) -> str:
    """The fragment for a game: its own view where it has one, else the summary as it comes."""
    if game == "kiketti":
        return kiketti_html(summary, language)
    if game == "kimble":
        return kimble_html(summary, language)
    return generic_html(summary, language, sheet_text)


# ---------------------------------------------------------------- Kiketti


def kiketti_html(summary: dict[str, Any], language: str) -> str:
    """The pöytäkirja as the rule book keeps it: running totals, X after the caller's score, ⚫ at the
    edge of a round nobody called, a name underlined once it has made its calls."""
    w, sheet = WORDS[language], summary["score_sheet"]
    names, n = sheet["players"], len(sheet["players"])
    head = "".join(f'<th class="{"marked" if sheet["marked"][s] else ""}">{escape(names[s])}</th>' for s in range(n))
    rows = []
    for r in sheet["rows"]:
        cells = "".join(f"<td>{r['totals'][s]}{'?' if s in r['unjudged'] else ''}"
                        f"{'<b class=call>' + CALL_MARK + '</b>' if r['caller'] == s else ''}</td>" for s in range(n))
        rows.append(f"<tr><th>{r['round']}</th>{cells}<td class=dot>{DOT if r['wasted'] else ''}</td></tr>")
    if sheet["missing_call_points"] is not None:
        rows.append(f"<tr class=penalty><th>{w['penalty']}</th>"
                    + "".join(f"<td>{'+' + str(p) if p else '0'}</td>" for p in sheet["missing_call_points"])
                    + "<td></td></tr>")
        rows.append(f"<tr class=final><th>{w['final']}</th>" + "".join(f"<td>{t}</td>" for t in sheet["totals"])
                    + "<td></td></tr>")
    rows.append(f"<tr class=calls><th>{w['calls']}</th>" + "".join(f"<td>{c}</td>" for c in sheet["calls"])
                + "<td></td></tr>")
    out = [f'<table class="sheet kiketti"><thead><tr><th>{w["round"]}</th>{head}<th></th></tr></thead>'
           f"<tbody>{''.join(rows)}</tbody></table>"]
    if any(r["unjudged"] for r in sheet["rows"]):
        out.append(f"<p class=note>{w['unjudged']}</p>")
    pens = ", ".join(f"{escape(p)} {c}" for p, c in summary["penalty_cards"].items())
    out.append(f"<p>{w['penalty_cards']}: {pens}</p>")
    if summary["phase"] == "over":
        order = ", ".join(f"{s['place']}. {escape(s['name'])} {s['points']}" for s in sheet["standings"])
        out.append(f"<p class=result>{w['results']}: {order}</p>")
    else:
        out.append(f"<p>{w['round']} {summary['round']}/{summary['rounds']}, {w['phase']} {escape(summary['phase'])}</p>")
    return "".join(out)


# ---------------------------------------------------------------- Kimble


def kimble_html(summary: dict[str, Any], language: str) -> str:
    """The board (track, homes, goals), the choice the die waits for, the fine ledger and the die's faces."""
    w, out = WORDS[language], []
    board = summary["board"]
    if board is None:
        out.append(f"<p class=phase>{w['opening'] if summary['phase'] == 'opening' else w['colour']}</p>")
    else:
        out.append(kimble_board_svg(board))
        rows = "".join(
            f"<tr><th><i class=peg style=\"background:{KIMBLE_COLOURS[t['colour']]}\"></i>{escape(t['team'])}</th>"
            f"<td>{'●' * t['home']}{'○' * (4 - t['home'])}</td>"
            f"<td>{''.join('●' if h in t['goal'] else '○' for h in range(1, 5))}"
            f"{' +' + str(t['queue']) if t['queue'] else ''}</td><td>{t['aside'] or ''}</td></tr>"
            for t in board)
        out.append(f"<table class=teams><thead><tr><th>{w['team']}</th><th>{w['home']}</th><th>{w['goal']}</th>"
                   f"<th>{w['aside']}</th></tr></thead><tbody>{rows}</tbody></table>")
    if summary["waiting_for"] is not None:
        wait = summary["waiting_for"]
        choices = ", ".join(escape(c) for c in wait["moves"] + wait["options"])
        out.append(f"<p class=waiting>{w['waiting'].format(value=wait['value'])}: {choices}</p>")
    if summary["hembo_due"]:
        out.append(f"<p class=warn>{w['hembo']}: {', '.join(escape(t) for t in summary['hembo_due'])}</p>")
    ledger = summary["ledger"]
    rows = "".join(f"<tr><th>{escape(t['team'])}</th><td>{t['given']}</td><td>{t['drunk']}</td>"
                   f"<td class=\"{'owed' if t['owed'] else ''}\">{t['owed']}</td></tr>" for t in ledger["teams"])
    out.append(f"<h3>{w['ledger']} ({escape(ledger['unit'])})</h3><table class=ledger><thead><tr><th></th>"
               f"<th>{w['given']}</th><th>{w['drunk']}</th><th>{w['owed']}</th></tr></thead><tbody>{rows}</tbody></table>")
    out.append(die_html(summary["die_statistics"], language))
    if summary["winner"] is not None:
        moral = ", ".join(escape(t) for t in summary["moral_winners"]) or "-"
        out.append(f"<p class=result>{w['winner']}: {escape(summary['winner'])}. {w['moral']}: {moral}</p>")
    return "".join(out)


def die_html(stats: dict[str, Any], language: str) -> str:
    """The die's faces as bars, with Pearson's chi-square against a fair die once it has been popped."""
    w, counts = WORDS[language], stats["counts"]
    most = max(counts) or 1
    bars = "".join(f"<div class=bar><span style=\"height:{round(100 * c / most)}%\"></span><b>{c}</b><i>{face}</i></div>"
                   for face, c in enumerate(counts, start=1))
    test = "" if stats["p_value"] is None else f" χ² = {stats['chi2']:.2f}, p = {stats['p_value']:.3f}"
    return f"<h3>{w['die']}</h3><div class=die>{bars}</div><p class=note>{stats['pops']} {w['pops']}{test}</p>"


def kimble_board_svg(board: list[dict[str, Any]], size: int = 220) -> str:
    """The 28 track squares on a ring, each colour's start square ringed in its colour, a stack drawn as
    its team's peg with its multiplier."""
    c, radius, cell = size / 2, size / 2 - 16, 9
    colour_of_start = {int(t["start"][5:]): KIMBLE_COLOURS[t["colour"]] for t in board}
    pegs = {s["square"]: (KIMBLE_COLOURS[t["colour"]], s["multiplier"]) for t in board for s in t["track"]}
    parts = [f'<svg class=board viewBox="0 0 {size} {size}" width="{size}" height="{size}" role="img">']
    for square in range(28):
        angle = 2 * math.pi * square / 28 - math.pi / 2
        x, y = c + radius * math.cos(angle), c + radius * math.sin(angle)
        ring = colour_of_start.get(square, "#999")
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell}" fill="#fff" stroke="{ring}" '
                     f'stroke-width="{3 if square in colour_of_start else 1}"/>')
        if square in pegs:
            fill, mult = pegs[square]
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell - 2}" fill="{fill}"/>')
            if mult > 1:
                parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="11" fill="#fff">'
                             f"{mult}</text>")
    parts.append("</svg>")
    return "".join(parts)


# ---------------------------------------------------------------- any other game


def generic_html(summary: dict[str, Any], language: str, sheet_text: str | None = None) -> str:
    """The engine's own score sheet as it prints it, then its summary: objects as rows of name and value,
    lists of like objects as tables."""
    out = []
    if sheet_text:
        out.append(f"<h3>{WORDS[language]['sheet']}</h3><pre class=sheet-text>{escape(sheet_text)}</pre>")
    out.append(value_html(summary, 0))
    return "".join(out)


def value_html(value: Any, depth: int) -> str:
    if isinstance(value, dict):
        if not value:
            return "–"
        if depth >= GENERIC_DEPTH:
            return f"<code>{escape(_short(value))}</code>"
        rows = "".join(f"<tr><th>{escape(_label(k))}</th><td>{value_html(v, depth + 1)}</td></tr>" for k, v in value.items())
        return f"<table class=kv>{rows}</table>"
    if isinstance(value, list):
        if not value:
            return "–"
        if all(isinstance(v, dict) for v in value) and len({tuple(v) for v in value}) == 1 and depth < GENERIC_DEPTH:
            keys = list(value[0])
            head = "".join(f"<th>{escape(_label(k))}</th>" for k in keys)
            body = "".join("<tr>" + "".join(f"<td>{value_html(v[k], depth + 1)}</td>" for k in keys) + "</tr>"
                           for v in value)
            return f"<table class=list><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        if all(not isinstance(v, (dict, list)) for v in value):
            return escape(", ".join(_scalar(v) for v in value))
        return "<ol>" + "".join(f"<li>{value_html(v, depth + 1)}</li>" for v in value) + "</ol>"
    return escape(_scalar(value))


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _scalar(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def _short(value: Any, chars: int = 200) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= chars else text[:chars] + "…"
