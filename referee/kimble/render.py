"""Terminal rendering of a Kimble game: the 28 track squares, homes, goals, multipliers, ledger."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import COLOURS, SPACING, TRACK

if TYPE_CHECKING:
    from .engine import Kimble

_WORDS = {
    "fi": {"track": "Rata", "home": "koti", "goal": "maali", "queue": "jono", "aside": "kertoimen merkit",
           "ledger": "Sakkokirjanpito", "given": "saatu", "drunk": "juotu", "owed": "velkaa",
           "turn": "Vuoro", "paused": "TAUKO", "winner": "Voittaja", "moral": "Moraalinen voittaja",
           "die": "Noppa", "waiting": "odottaa valintaa", "opening": "Avausnaksut", "colour": "Värin valinta",
           "stats": "Nopan jakauma"},
    "en": {"track": "Track", "home": "home", "goal": "goal", "queue": "queue", "aside": "multiplier markers",
           "ledger": "Fine ledger", "given": "given", "drunk": "drunk", "owed": "owed",
           "turn": "Turn", "paused": "PAUSED", "winner": "Winner", "moral": "Moral winner",
           "die": "Die", "waiting": "waiting for a choice", "opening": "Opening pops", "colour": "Colour choice",
           "stats": "Die faces"},
}


def render(game: "Kimble", language: str) -> str:
    w = _WORDS[language]
    names, lines = game.players, []
    if game.board is None:
        lines.append(w["opening"] if game.phase == "opening" else w["colour"])
    else:
        lines += _board_lines(game, w)
    lines.append("")
    lines.append(f"{w['ledger']} ({game.settings['fine_unit']}):")
    width = max(len(n) for n in names)
    lines.append(f"  {'':{width}}  {w['given']:>6} {w['drunk']:>6} {w['owed']:>6}")
    for t, name in enumerate(names):
        lines.append(f"  {name:{width}}  {game.ledger.given(t):>6} {game.ledger.drunk[t]:>6} {game.ledger.owed(t):>6}")
    stats = game.dice.statistics()
    faces = " ".join(f"{v + 1}:{c}" for v, c in enumerate(stats["counts"]))
    p = "-" if stats["p_value"] is None else f"chi2={stats['chi2']:.3f} p={stats['p_value']:.3f}"
    lines.append(f"{w['stats']}: {faces}  {p}")
    if game.winner is not None:
        lines.append(f"{w['winner']}: {names[game.winner]}")
        moral = ", ".join(names[t] for t in game.ledger.moral_winners()) or "-"
        lines.append(f"{w['moral']}: {moral}")
    return "\n".join(lines)


def _board_lines(game: "Kimble", w: dict[str, str]) -> list[str]:
    board, names = game.board, game.players
    cells = ["."] * TRACK
    for team, side in enumerate(board.sides):
        for rel, mult in side.stacks.items():
            letter = COLOURS[side.colour][0].upper()
            cells[board.square(team, rel)] = letter + (str(mult) if mult > 1 else "")
    lines = [f"{w['track']}:"]
    for colour in range(len(COLOURS)):
        row = []
        for sq in range(colour * SPACING, (colour + 1) * SPACING):
            mark = "*" if sq % SPACING == 0 else " "
            row.append(f"{sq:>2}{mark}{cells[sq]:<2}")
        lines.append("  " + " ".join(row))
    lines.append("  (* = start / mine square of " + ", ".join(COLOURS) + ")")
    for team, side in enumerate(board.sides):
        goal = "".join("●" if full else "○" for full in side.goal)
        extra = f" +{side.queue} {w['queue']}" if side.queue else ""
        aside = f", {w['aside']} {side.aside}" if side.aside else ""
        lines.append(f"  {names[team]} ({COLOURS[side.colour]}): {w['home']} {'●' * side.home}{'○' * (4 - side.home)}"
                     f"  {w['goal']} [{goal}]{extra}{aside}")
    status = f"{w['turn']}: {names[game.turn]}" if game.turn is not None and game.phase == "play" else ""
    if game.value is not None:
        status += f", {w['die']} {game.value} ({w['waiting']})"
    if game.paused:
        status += f"  {w['paused']}"
    if status:
        lines.append(status)
    return lines
