"""The gin rummy score sheet: each game ("erä") hand by hand, its win line, and the main ledger.

As the rule book keeps it: per hand the running total toward the game's 100, the points for the
hands' wins on a line of their own (not counted toward the 100), the game's winner and what they
enter in the main ledger ("pääkirjanpito"), which runs over all games.  A dead hand is a row that
scores nothing.  With three players the winner's line also names what the second enters (the
book's ledger of differences).  The team game keeps ``TeamScoreSheet``: a column per team, each hand's
tables (who played whom, who won by how much) beside the team's points, and the ledger per team.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from .scoring import DEAD

UNJUDGED = "?"

_LABELS = {
    "fi": {"game": "Erä", "hand": "Jako", "win_line": "Voittopisteet", "winner": "Erän voittaja",
           "ledger": "Pääkirjanpito", "unjudged": "? = kaikkia kortteja ei voitu tarkistaa",
           "knock": "lopetus", "undercut": "alilyönti", "tie": "tasapeli", "gin": "gini", "dead": "kuollut jako"},
    "en": {"game": "Game", "hand": "Hand", "win_line": "Win points", "winner": "Game won by",
           "ledger": "Main ledger", "unjudged": "? = not every card could be checked",
           "knock": "knock", "undercut": "undercut", "tie": "tie", "gin": "gin", "dead": "dead hand"},
}


@dataclass(frozen=True)
class SheetRow:
    """One hand: its case, who knocked and won, the points it gave and the running totals after it."""

    hand: int
    case: str
    knocker: int | None
    winner: int | None
    deadwood: tuple[int, ...] | None
    points: tuple[int, ...]
    win_points: tuple[int, ...]
    totals: tuple[int, ...]
    win_totals: tuple[int, ...]
    unjudged: bool = False

    def __deepcopy__(self, memo) -> "SheetRow":
        return self  # frozen, and the referee copies the engine before every event


@dataclass
class GameRecord:
    """One game ("erä") to the points it is played to."""

    number: int
    seats: int
    rows: list[SheetRow] = field(default_factory=list)
    winner: int | None = None
    ledger_points: int = 0
    ledger_entries: tuple[int, ...] | None = None   # three players: what each enters (the winner's and the second's)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rows[-1].totals if self.rows else (0,) * self.seats

    @property
    def win_totals(self) -> tuple[int, ...]:
        return self.rows[-1].win_totals if self.rows else (0,) * self.seats


class ScoreSheet:
    """Every game's rows, its winner, and the main ledger."""

    def __init__(self, players: tuple[str, ...]):
        self.players = players
        self.games: list[GameRecord] = [GameRecord(1, len(players))]
        self.ledger = [0] * len(players)

    @property
    def game(self) -> GameRecord:
        """The game being played (or the last one, once all are over)."""
        return self.games[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.game.totals

    def add_hand(self, case: str, points, win_points, knocker: int | None = None, winner: int | None = None,
                 deadwood=None, unjudged: bool = False) -> SheetRow:
        game = self.game
        row = SheetRow(len(game.rows) + 1, case, knocker, winner, None if deadwood is None else tuple(deadwood),
                       tuple(points), tuple(win_points), tuple(t + p for t, p in zip(game.totals, points)),
                       tuple(t + p for t, p in zip(game.win_totals, win_points)), unjudged)
        game.rows.append(row)
        return row

    def add_dead_hand(self) -> SheetRow:
        zero = (0,) * len(self.players)
        return self.add_hand(DEAD, zero, zero)

    def finish_game(self, winner: int, ledger_points, win_line_to_ledger: bool = False) -> None:
        """Close the game: its winner's ledger entry, or (three players) each player's as a tuple (and,
        if so agreed, everyone's win line)."""
        game = self.game
        if isinstance(ledger_points, int):
            game.winner, game.ledger_points = winner, ledger_points
            self.ledger[winner] += ledger_points
        else:
            game.winner, game.ledger_points, game.ledger_entries = winner, ledger_points[winner], tuple(ledger_points)
            for seat, points in enumerate(ledger_points):
                self.ledger[seat] += points
        if win_line_to_ledger:
            for seat, points in enumerate(game.win_totals):
                self.ledger[seat] += points

    def new_game(self) -> None:
        self.games.append(GameRecord(len(self.games) + 1, len(self.players)))

    # ------------------------------------------------------------ formats

    def _cell(self, row: SheetRow, seat: int) -> str:
        return str(row.totals[seat]) + (UNJUDGED if row.unjudged else "")

    def _entries(self, g: GameRecord) -> tuple[int, ...]:
        if g.ledger_entries is not None:
            return g.ledger_entries
        return tuple(g.ledger_points if s == g.winner else 0 for s in range(len(self.players)))

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "games": [{"game": g.number, "winner": g.winner, "ledger_points": g.ledger_points,
                       **({} if g.ledger_entries is None else {"ledger_entries": list(g.ledger_entries)}),
                       "totals": list(g.totals), "win_totals": list(g.win_totals),
                       "rows": [{"hand": r.hand, "case": r.case, "knocker": r.knocker, "winner": r.winner,
                                 "deadwood": None if r.deadwood is None else list(r.deadwood),
                                 "points": list(r.points), "win_points": list(r.win_points),
                                 "totals": list(r.totals), "win_totals": list(r.win_totals),
                                 "unjudged": r.unjudged} for r in g.rows]}
                      for g in self.games],
            "ledger": list(self.ledger),
        }

    def to_csv(self) -> str:
        """The paper sheet as CSV: per hand the running totals and win line, per game its winner,
        then the main ledger."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        names = list(self.players)
        w.writerow(["game", "hand", *names, *(f"{n} win" for n in names), "case", "knocker", "winner"])
        for g in self.games:
            for r in g.rows:
                w.writerow([g.number, r.hand, *(self._cell(r, s) for s in range(len(names))), *r.win_totals, r.case,
                            "" if r.knocker is None else names[r.knocker], "" if r.winner is None else names[r.winner]])
            if g.winner is not None:
                w.writerow([g.number, "won", *(f"+{p}" if p else "0" for p in self._entries(g)), *g.win_totals, "", "",
                            names[g.winner]])
        w.writerow(["ledger", "", *self.ledger, *("" for _ in names), "", "", ""])
        return buf.getvalue()

    def render(self, language: str = "fi") -> str:
        """A terminal table per game, its win line and winner, then the main ledger."""
        labels = _LABELS[language]
        n = len(self.players)
        lines: list[str] = []
        for g in self.games:
            if not g.rows and g.winner is None and g.number > 1:
                continue  # a game not yet begun
            body = [[str(r.hand), *(self._cell(r, s) for s in range(n)),
                     labels[r.case] + ("" if r.winner is None else f": {self.players[r.winner]}")] for r in g.rows]
            body.append([labels["win_line"], *(str(p) for p in g.win_totals), ""])
            header = [f"{labels['game']} {g.number}: {labels['hand']}", *self.players, ""]
            widths = [max(len(row[i]) for row in [header, *body]) for i in range(n + 1)]
            for k, row in enumerate([header, *body]):
                cells = [row[0].ljust(widths[0]), *((c.ljust(w) if k == 0 else c.rjust(w))
                                                   for c, w in zip(row[1:n + 1], widths[1:]))]
                lines.append("  ".join([*cells, row[n + 1]]).rstrip())
            if g.winner is not None:
                won = f"{labels['winner']}: {self.players[g.winner]} +{g.ledger_points}"
                if g.ledger_entries is not None:
                    won += " (" + ", ".join(f"{self.players[s]} +{p}" if p else f"{self.players[s]} 0"
                                            for s, p in enumerate(g.ledger_entries) if s != g.winner) + ")"
                lines.append(won)
            lines.append("")
        lines.append(f"{labels['ledger']}: " + ", ".join(f"{p} {v}" for p, v in zip(self.players, self.ledger)))
        if any(r.unjudged for g in self.games for r in g.rows):
            lines.append(labels["unjudged"])
        return "\n".join(lines)


# ---------------------------------------------------------------- the team game

@dataclass(frozen=True)
class TableRow:
    """One table's hand in a team game: its two seats, its case, and the points each seat won there."""

    table: int
    seats: tuple[int, int]
    case: str
    knocker: int | None
    winner: int | None
    deadwood: tuple[int, int] | None
    points: tuple[int, int]
    win_points: tuple[int, int]
    unjudged: bool = False

    def to_json(self) -> dict:
        return {"table": self.table, "seats": list(self.seats), "case": self.case, "knocker": self.knocker,
                "winner": self.winner, "deadwood": None if self.deadwood is None else list(self.deadwood),
                "points": list(self.points), "win_points": list(self.win_points), "unjudged": self.unjudged}


@dataclass(frozen=True)
class TeamRow:
    """One hand of the team game: every table's hand, the team that won it and the running totals."""

    hand: int
    tables: tuple[TableRow, ...]
    winner: int | None
    nets: tuple[int, int]
    points: tuple[int, int]
    win_points: tuple[int, int]
    totals: tuple[int, int]
    win_totals: tuple[int, int]

    def __deepcopy__(self, memo) -> "TeamRow":
        return self

    @property
    def unjudged(self) -> bool:
        return any(t.unjudged for t in self.tables)


@dataclass
class TeamGameRecord:
    number: int
    rows: list[TeamRow] = field(default_factory=list)
    winner: int | None = None
    ledger_points: int = 0

    @property
    def totals(self) -> tuple[int, int]:
        return self.rows[-1].totals if self.rows else (0, 0)

    @property
    def win_totals(self) -> tuple[int, int]:
        return self.rows[-1].win_totals if self.rows else (0, 0)


class TeamScoreSheet:
    """The team game's sheet: a column per team (its members' names), each hand's tables beside it, the
    win line, the winning team and the main ledger per team (each member's is their team's)."""

    def __init__(self, players: tuple[str, ...], teams: tuple[tuple[int, ...], tuple[int, ...]]):
        self.players = players
        self.teams = teams
        self.team_of = {seat: k for k, team in enumerate(teams) for seat in team}
        self.names = tuple(" & ".join(players[s] for s in team) for team in teams)
        self.games: list[TeamGameRecord] = [TeamGameRecord(1)]
        self.ledger = [0, 0]

    @property
    def game(self) -> TeamGameRecord:
        return self.games[-1]

    @property
    def totals(self) -> tuple[int, int]:
        return self.game.totals

    @property
    def player_ledger(self) -> list[int]:
        return [self.ledger[self.team_of[s]] for s in range(len(self.players))]

    def add_hand(self, tables, score) -> TeamRow:
        """A hand's tables (TableRow each) and its scoring.TeamHandScore."""
        game = self.game
        row = TeamRow(len(game.rows) + 1, tuple(tables), score.winner, tuple(score.nets), tuple(score.points),
                      tuple(score.win_points), tuple(t + p for t, p in zip(game.totals, score.points)),
                      tuple(t + p for t, p in zip(game.win_totals, score.win_points)))
        game.rows.append(row)
        return row

    def finish_game(self, winner: int, ledger_points: int, win_line_to_ledger: bool = False) -> None:
        game = self.game
        game.winner, game.ledger_points = winner, ledger_points
        self.ledger[winner] += ledger_points
        if win_line_to_ledger:
            for team, points in enumerate(game.win_totals):
                self.ledger[team] += points

    def new_game(self) -> None:
        self.games.append(TeamGameRecord(len(self.games) + 1))

    # ------------------------------------------------------------ formats

    def _table_text(self, t: TableRow, labels: dict) -> str:
        a, b = (self.players[s] for s in t.seats)
        if t.winner is None:
            return f"{a}–{b}: {labels[t.case]}"
        return f"{a}–{b}: {self.players[t.winner]} {t.points[t.seats.index(t.winner)]} ({labels[t.case]})"

    def _cell(self, row: TeamRow, team: int) -> str:
        return str(row.totals[team]) + (UNJUDGED if row.unjudged else "")

    def to_json(self) -> dict:
        return {
            "players": list(self.players),
            "teams": [{"name": name, "seats": list(team)} for name, team in zip(self.names, self.teams)],
            "games": [{"game": g.number, "winner": g.winner, "ledger_points": g.ledger_points,
                       "totals": list(g.totals), "win_totals": list(g.win_totals),
                       "rows": [{"hand": r.hand, "tables": [t.to_json() for t in r.tables], "winner": r.winner,
                                 "nets": list(r.nets), "points": list(r.points), "win_points": list(r.win_points),
                                 "totals": list(r.totals), "win_totals": list(r.win_totals),
                                 "unjudged": r.unjudged} for r in g.rows]}
                      for g in self.games],
            "ledger": list(self.ledger),
            "player_ledger": self.player_ledger,
        }

    def to_csv(self) -> str:
        """Per hand the teams' running totals and win line, the team that won it and its tables; per game
        its winner; then the main ledger per team."""
        labels = _LABELS["en"]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        names = list(self.names)
        w.writerow(["game", "hand", *names, *(f"{n} win" for n in names), "winner", "tables"])
        for g in self.games:
            for r in g.rows:
                w.writerow([g.number, r.hand, *(self._cell(r, k) for k in (0, 1)), *r.win_totals,
                            "" if r.winner is None else names[r.winner],
                            "; ".join(self._table_text(t, labels) for t in r.tables)])
            if g.winner is not None:
                w.writerow([g.number, "won", *(f"+{g.ledger_points}" if k == g.winner else "0" for k in (0, 1)),
                            *g.win_totals, names[g.winner], ""])
        w.writerow(["ledger", "", *self.ledger, "", "", "", ""])
        return buf.getvalue()

    def render(self, language: str = "fi") -> str:
        """A terminal table per game: the teams' running totals, each hand's tables; the win line, the
        winning team, then the main ledger."""
        labels = _LABELS[language]
        lines: list[str] = []
        for g in self.games:
            if not g.rows and g.winner is None and g.number > 1:
                continue
            body = [[str(r.hand), *(self._cell(r, k) for k in (0, 1)),
                     "; ".join(self._table_text(t, labels) for t in r.tables)] for r in g.rows]
            body.append([labels["win_line"], *(str(p) for p in g.win_totals), ""])
            header = [f"{labels['game']} {g.number}: {labels['hand']}", *self.names, ""]
            widths = [max(len(row[i]) for row in [header, *body]) for i in range(3)]
            for k, row in enumerate([header, *body]):
                cells = [row[0].ljust(widths[0]), *((c.ljust(w) if k == 0 else c.rjust(w))
                                                   for c, w in zip(row[1:3], widths[1:]))]
                lines.append("  ".join([*cells, row[3]]).rstrip())
            if g.winner is not None:
                lines.append(f"{labels['winner']}: {self.names[g.winner]} +{g.ledger_points}")
            lines.append("")
        lines.append(f"{labels['ledger']}: " + ", ".join(f"{n} {v}" for n, v in zip(self.names, self.ledger)))
        if any(r.unjudged for g in self.games for r in g.rows):
            lines.append(labels["unjudged"])
        return "\n".join(lines)
