"""The Kiketti score sheet ("pöytäkirja"), kept the way the rule book tells the scorer to keep it.

One column per player in seating order; after every round the running total; an X after the
score of the round's caller; a dot (⚫) at the right edge of a round nobody called; a player's
name underlined once they have called the required number of times.  After the last round the
missing-call penalty is added and the standings are read out from last place to first.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

DOT = "⚫"
CALL_MARK = "X"
UNDERLINE = "‾"

_LABELS = {
    "fi": {"round": "Kierros", "penalty": "Kikettisakko", "final": "Lopputulos", "calls": "Kiketit",
           "unjudged": "? = kaikkia kortteja ei nähty"},
    "en": {"round": "Round", "penalty": "Missing calls", "final": "Final", "calls": "Calls",
           "unjudged": "? = not every card was seen"},
}


@dataclass(frozen=True)
class SheetRow:
    """One played round: its scores, the running totals after it, and who called."""

    round: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    caller: int | None
    case: str
    unjudged: tuple[int, ...] = ()

    @property
    def wasted(self) -> bool:
        """A "hukkakierros": nobody called."""
        return self.caller is None


@dataclass(frozen=True)
class Standing:
    place: int
    seat: int
    name: str
    points: int


class ScoreSheet:
    """Running totals per round, calls and the end-of-game missing-call penalty."""

    def __init__(self, players: tuple[str, ...], required_calls: int):
        self.players = players
        self.required_calls = required_calls
        self.rows: list[SheetRow] = []
        self.calls = [0] * len(players)
        self.missing_call_points: tuple[int, ...] | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        """Current totals, including the missing-call penalty once the game is over."""
        base = self.rows[-1].totals if self.rows else (0,) * len(self.players)
        if self.missing_call_points is None:
            return base
        return tuple(b + p for b, p in zip(base, self.missing_call_points))

    def marked(self, seat: int) -> bool:
        """Underlined name: the player has made all the calls the game requires."""
        return self.calls[seat] >= self.required_calls

    def add_round(self, scores, caller: int | None, case: str, unjudged=()) -> SheetRow:
        before = self.rows[-1].totals if self.rows else (0,) * len(self.players)
        row = SheetRow(len(self.rows) + 1, tuple(scores), tuple(b + s for b, s in zip(before, scores)),
                       caller, case, tuple(unjudged))
        self.rows.append(row)
        return row

    def finish(self, points_per_missing_call: int) -> tuple[int, ...]:
        """Add the penalty for every call a player still lacks; return it per seat."""
        self.missing_call_points = tuple(points_per_missing_call * max(0, self.required_calls - c)
                                         for c in self.calls)
        return self.missing_call_points

    def standings(self) -> list[Standing]:
        """Best first; equal totals share a place (1, 2, 2, 4)."""
        order = sorted(range(len(self.players)), key=lambda s: (self.totals[s], s))
        out: list[Standing] = []
        for i, seat in enumerate(order):
            place = out[-1].place if out and out[-1].points == self.totals[seat] else i + 1
            out.append(Standing(place, seat, self.players[seat], self.totals[seat]))
        return out

    # ------------------------------------------------------------ formats

    def cell(self, row: SheetRow, seat: int) -> str:
        text = str(row.totals[seat])
        if seat in row.unjudged:
            text += "?"
        return text + (CALL_MARK if row.caller == seat else "")

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "marked": [self.marked(s) for s in range(len(self.players))],
            "calls": list(self.calls),
            "rows": [{"round": r.round, "scores": list(r.scores), "totals": list(r.totals),
                      "caller": r.caller, "wasted": r.wasted, "case": r.case,
                      "unjudged": list(r.unjudged)} for r in self.rows],
            "missing_call_points": None if self.missing_call_points is None else list(self.missing_call_points),
            "totals": list(self.totals),
            "standings": [{"place": s.place, "seat": s.seat, "name": s.name, "points": s.points}
                          for s in self.standings()],
        }

    def to_csv(self) -> str:
        """The paper sheet as CSV: a header of names, a row per round, then calls and penalty."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["round", *self.players, "wasted"])
        for r in self.rows:
            w.writerow([r.round, *(self.cell(r, s) for s in range(len(self.players))), DOT if r.wasted else ""])
        w.writerow(["calls", *self.calls, ""])
        w.writerow(["underlined", *("yes" if self.marked(s) else "no" for s in range(len(self.players))), ""])
        if self.missing_call_points is not None:
            w.writerow(["missing_calls", *self.missing_call_points, ""])
            w.writerow(["final", *self.totals, ""])
        return buf.getvalue()

    def render(self, language: str = "fi") -> str:
        """A terminal table; underlined names get a line of ‾ beneath them."""
        labels = _LABELS[language]
        n = len(self.players)
        body = [[str(r.round), *(self.cell(r, s) for s in range(n)), DOT if r.wasted else ""] for r in self.rows]
        if self.missing_call_points is not None:
            body.append([labels["penalty"], *(f"+{p}" if p else "0" for p in self.missing_call_points), ""])
            body.append([labels["final"], *(str(t) for t in self.totals), ""])
        body.append([labels["calls"], *(str(c) for c in self.calls), ""])
        header = [labels["round"], *self.players, ""]
        under = ["", *(UNDERLINE * len(self.players[s]) if self.marked(s) else "" for s in range(n)), ""]
        widths = [max(len(row[i]) for row in [header, *body]) for i in range(n + 1)]

        def line(cells, align_right=True):
            first = cells[0].ljust(widths[0])
            rest = [(c.rjust(w) if align_right else c.ljust(w)) for c, w in zip(cells[1:n + 1], widths[1:])]
            return "  ".join([first, *rest, cells[n + 1]]).rstrip()

        lines = [line(header, align_right=False)]
        if any(self.marked(s) for s in range(n)):
            lines.append(line(under, align_right=False))
        lines += [line(row) for row in body]
        if any(r.unjudged for r in self.rows):
            lines.append(labels["unjudged"])
        return "\n".join(lines)
