"""A game kept as one self-contained HTML page, to keep or share: the sheet as it stands, every ruling,
the die's and the pile's logs and every booked event. No script and nothing fetched: it opens offline.
"""

from __future__ import annotations

from html import escape
from importlib import resources

from referee.core import Referee, effective_events

from pelituomari.web.views import describe, event_records, page_state, ruling_json

WORDS = {
    "fi": {"title": "Pöytäkirja", "players": "Pelaajat", "over": "Peli on päättynyt", "going": "Peli on kesken",
           "rulings": "Tuomiot", "die_log": "Nopan naksut", "pile_log": "Pakkaan tulleet kortit", "events": "Kirjatut tapahtumat",
           "seq": "#", "t": "aika (s)", "what": "mitä", "who": "kuka", "kind": "laji", "value": "silmäluku",
           "card": "kortti", "from": "mistä", "out": "ei voimassa"},
    "en": {"title": "Score sheet", "players": "Players", "over": "The game is over", "going": "The game is in progress",
           "rulings": "Rulings", "die_log": "Die pops", "pile_log": "Cards onto the pile", "events": "Booked events",
           "seq": "#", "t": "time (s)", "what": "what", "who": "who", "kind": "kind", "value": "value",
           "card": "card", "from": "from", "out": "not in force"},
}


def record_html(referee: Referee, language: str = "fi", name: str = "") -> str:
    """The whole game as one page in ``language``; ``name`` says where it came from (a log, a store's game)."""
    w, state = WORDS[language], page_state(referee)
    players = state["players"]
    title = f"{state['title']} – {w['title']}" + (f" – {name}" if name else "")
    parts = [f"<!doctype html><html lang={language}><head><meta charset=utf-8>"
             f"<meta name=viewport content=\"width=device-width, initial-scale=1\"><title>{escape(title)}</title>"
             f"<style>{_style()}</style></head><body><main>",
             f"<h1>{escape(title)}</h1>",
             f"<p>{w['players']}: {escape(', '.join(players))}. {w['over'] if state['finished'] else w['going']}.</p>",
             f"<section class=sheet-box>{state['html'][language]}</section>"]
    records = event_records(referee)
    rows = "".join(f"<tr class=\"{'bad' if r['bad'] else ''}\"><td>{r['cause']}</td><td>{escape(r['kind'])}</td>"
                   f"<td>{escape(r[language])}</td></tr>" for r in _rulings(referee))
    parts.append(f"<h2>{w['rulings']}</h2><table><thead><tr><th>{w['seq']}</th><th>{w['kind']}</th><th></th></tr>"
                 f"</thead><tbody>{rows}</tbody></table>")
    parts.append(_die_log(referee, w))
    parts.append(_pile_log(referee, w))
    rows = "".join(f"<tr class=\"{'' if r['in_force'] else 'out'}\"><td>{r['seq']}</td><td>{r['t']:.2f}</td>"
                   f"<td>{escape(r['source'])}</td><td>{escape(r['text'])}"
                   f"{'' if r['in_force'] else ' (' + w['out'] + ')'}</td></tr>" for r in records)
    parts.append(f"<h2>{w['events']}</h2><table><thead><tr><th>{w['seq']}</th><th>{w['t']}</th><th></th>"
                 f"<th>{w['what']}</th></tr></thead><tbody>{rows}</tbody></table>")
    parts.append("</main></body></html>\n")
    return "".join(parts)


def _rulings(referee: Referee) -> list[dict]:
    return [ruling_json(r) for r in referee.rulings]


def _die_log(referee: Referee, w: dict[str, str]) -> str:
    """Every pop of the die where the game keeps a die log (Kimble's), with what it counted as."""
    log = referee.engine.summary().get("die_log")
    if not log:
        return ""
    rows = "".join(f"<tr><td>{p['seq']}</td><td>{p['t']:.2f}</td><td>{escape(p['team'] or '–')}</td>"
                   f"<td>{p['value'] if p['value'] is not None else '?'}</td><td>{escape(p['kind'])}</td></tr>" for p in log)
    return (f"<h2>{w['die_log']}</h2><table><thead><tr><th>{w['seq']}</th><th>{w['t']}</th><th>{w['who']}</th>"
            f"<th>{w['value']}</th><th>{w['kind']}</th></tr></thead><tbody>{rows}</tbody></table>")


def _pile_log(referee: Referee, w: dict[str, str]) -> str:
    """Every card booked onto the discard pile, in force, in log order (the discards and the slaps)."""
    players = list(referee.engine.players)
    moves = [(seq, e) for seq, e in effective_events(referee.log) if e.type == "card_moved" and e.to_zone == "pile"]
    if not moves:
        return ""
    rows = "".join(f"<tr><td>{seq}</td><td>{e.t:.2f}</td><td>{escape(describe(e, players))}</td></tr>" for seq, e in moves)
    return (f"<h2>{w['pile_log']}</h2><table><thead><tr><th>{w['seq']}</th><th>{w['t']}</th><th>{w['card']}</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>")


def _style() -> str:
    """The page's own style sheet, inlined so the record needs no other file."""
    return resources.files("pelituomari.web").joinpath("static/style.css").read_text(encoding="utf-8")
