"""The Skruuvi score sheet, laid out as the handbook's form (Skruuvin pistelaskulomake).

Per sitsi the alkupeli and kotka deals, each with the bookkeeper's pair's points ("Me") and their
running total ("Yht"); the misère deals' helper columns (the aces 1-4 by their tricks' numbers,
the trick points, the total, all for "Me"); the sitsi totals; the bolsevikki book, kept per player
and entered a third of it; and the result per player: Sitsi 1, Sitsi 2, Sitsit 1 ja 2 yht,
Sitsi 3, Lopputulos.  Points are kept per player, so a player moving seat between sitsi keeps
his own; a pair's points are the same for both partners.

With three players (puupää) the pairs change with every deal, the puupää partnering whoever bid
highest, so "Me" alone no longer tells the others' points: each deal's line also gives every
player's points, and the sitsi's sum line every player's total.  The puupää's own points are
nobody's.
"""

from __future__ import annotations

import copy
import csv
import io
from dataclasses import dataclass
from typing import Any

from .bolsevikki import book_result
from .cards import SEATS, SUIT_SYMBOLS, card_text

_LABELS = {
    "fi": {"title": "Skruuvin pöytäkirja", "me": "Me", "total": "Yht", "sitsi": "Sitsi", "deal": "Jako",
           "alkupeli": "Alkupelit", "kotka": "Kotkat", "bolsevikki": "Bolsevikit", "sum": "Yhteensä",
           "misere": "Misäärit", "ace": "{n}. ässä", "tricks": "Tikit", "player": "Pelaaja",
           "first_two": "Sitsit 1 ja 2 yht", "final": "Lopputulos", "third": "/ 3", "thrown_in": "heitetty",
           "contract": "Sopimus", "pass_misere": "passimisääri", "misere_short": "mis", "grand_short": "gr",
           "bookkeeper": "Me = {name}", "puupaa": "puupään kanssa"},
    "en": {"title": "Skruuvi score sheet", "me": "Us", "total": "Total", "sitsi": "Sitsi", "deal": "Deal",
           "alkupeli": "Alkupeli", "kotka": "Kotka", "bolsevikki": "Bolsevikki", "sum": "Total",
           "misere": "Misère", "ace": "ace {n}", "tricks": "Tricks", "player": "Player",
           "first_two": "Sitsi 1 and 2", "final": "Result", "third": "/ 3", "thrown_in": "thrown in",
           "contract": "Contract", "pass_misere": "pass misère", "misere_short": "mis", "grand_short": "gr",
           "bookkeeper": "Us = {name}", "puupaa": "with the puupää"},
}


@dataclass(frozen=True)
class DealRow:
    """One deal on the sheet: points per player in ``game_started`` order."""

    deal: int
    sitsi: int
    form: str                 # alkupeli, kotka, bolsevikki, thrown_in
    number: int               # its place among the sitsi's deals of that form, from 1
    contract: str | None      # "5h", "6misere", "7grand", "pass_misere"
    multiplier: int
    by: str | None            # the final bidder or the bolsevikki player
    dealer: str
    points: tuple[int, ...]
    misere: dict | None       # the bookkeeper's side's aces and trick points, for the helper columns


def contract_label(contract: str | None, multiplier: int, language: str) -> str:
    """'5♥', '6 mis x2', '7 gr', 'pass misère'."""
    labels = _LABELS[language]
    if contract is None:
        return ""
    if contract == "pass_misere":
        text = labels["pass_misere"]
    else:
        level, strain = contract[0], contract[1:]
        text = level + (SUIT_SYMBOLS.get(strain) or " " + labels[f"{strain}_short"])
    return text + (f" x{multiplier}" if multiplier > 1 else "")


class ScoreSheet:
    """Every deal's points per player, the sitsi totals, the bolsevikki book and the result."""

    def __init__(self, players: tuple[str, ...], bookkeeper: int, sitsit: int, seatings: list[tuple[int, ...]],
                 misere_points: str = "zero_sum"):
        self.players = players
        self.bookkeeper = bookkeeper  # a player index; the bookkeeper keeps seat and index alike
        self.sitsit = sitsit
        self.seatings = seatings
        self.misere_points = misere_points
        self.puupaa = len(players) == 3
        self.rows: list[DealRow] = []

    def snapshot(self) -> "ScoreSheet":
        """A copy to roll back to: rows are never changed once written, so they are shared."""
        clone = copy.copy(self)
        clone.rows = list(self.rows)
        return clone

    # ------------------------------------------------------------ recording

    def _number(self, sitsi: int, form: str) -> int:
        """A deal's number among its kind: a bolsevikki block counts its thrown-in deals too."""
        kinds = ("bolsevikki", "thrown_in") if form in ("bolsevikki", "thrown_in") else (form,)
        return 1 + sum(1 for r in self.rows if r.sitsi == sitsi and r.form in kinds)

    def add_deal(self, deal: int, sitsi: int, form: str, contract: str, multiplier: int, by: str | None, dealer: str,
                 points: list[int], detail: dict[str, Any], me_side: int | None) -> DealRow:
        """``me_side``: the bookkeeper's side in the play's numbering (0/1), for a pair's misère."""
        misere = None
        if me_side is not None and form != "bolsevikki" and (contract == "pass_misere" or "misere" in contract):
            misere = self._misere_line(detail, me_side, points[self.bookkeeper])
        row = DealRow(deal, sitsi, form, self._number(sitsi, form), contract, multiplier, by, dealer,
                      tuple(points), misere)
        self.rows.append(row)
        return row

    def add_thrown_in(self, deal: int, sitsi: int, dealer: str) -> DealRow:
        row = DealRow(deal, sitsi, "thrown_in", self._number(sitsi, "thrown_in"), None, 1, None, dealer,
                      (0,) * len(self.players), None)
        self.rows.append(row)
        return row

    def _misere_line(self, detail: dict, me: int, total: int) -> dict:
        aces = [[n, card, -n if took == me else (n if self.misere_points == "zero_sum" else 0)]
                for n, card, took in detail["aces"]]
        return {"aces": aces, "tricks": total - sum(points for *_, points in aces), "total": total}

    # ------------------------------------------------------------ totals

    def sitsi_rows(self, sitsi: int, form: str) -> list[DealRow]:
        return [r for r in self.rows if r.sitsi == sitsi and r.form == form]

    def sitsi_totals(self, sitsi: int) -> tuple[int, ...]:
        """Each player's points in the sitsi's alkupeli and kotka deals."""
        rows = self.sitsi_rows(sitsi, "alkupeli") + self.sitsi_rows(sitsi, "kotka")
        return tuple(sum(r.points[p] for r in rows) for p in range(len(self.players)))

    def bolsevikki_totals(self) -> tuple[int, ...]:
        rows = [r for r in self.rows if r.form == "bolsevikki"]
        return tuple(sum(r.points[p] for r in rows) for p in range(len(self.players)))

    def bolsevikki_results(self) -> dict[str, dict[str, int]]:
        return {name: {"total": total, "result": book_result(total)}
                for name, total in zip(self.players, self.bolsevikki_totals())}

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's result: the sitsi totals and a third of the bolsevikki book."""
        book = self.bolsevikki_totals()
        return tuple(sum(self.sitsi_totals(k)[p] for k in range(1, self.sitsit + 1)) + book_result(book[p])
                     for p in range(len(self.players)))

    def standings(self) -> list[dict[str, Any]]:
        """Most points first; equal totals share a place (1, 2, 2, 4)."""
        totals = self.totals
        order = sorted(range(len(self.players)), key=lambda p: (-totals[p], p))
        out: list[dict[str, Any]] = []
        for i, p in enumerate(order):
            place = out[-1]["place"] if out and out[-1]["points"] == totals[p] else i + 1
            out.append({"place": place, "name": self.players[p], "points": totals[p]})
        return out

    def pairs(self, sitsi: int) -> tuple[tuple[str, ...], ...]:
        """The sitsi's pairs, the bookkeeper's first; none with the puupää."""
        if self.puupaa:
            return ()
        seats = self.seatings[sitsi - 1]
        mine = next(s for s in range(SEATS) if seats[s] == self.bookkeeper)
        return ((self.players[seats[mine]], self.players[seats[(mine + 2) % SEATS]]),
                (self.players[seats[(mine + 1) % SEATS]], self.players[seats[(mine + 3) % SEATS]]))

    # ------------------------------------------------------------ formats

    def _row_json(self, r: DealRow) -> dict[str, Any]:
        return {"deal": r.deal, "number": r.number, "form": r.form, "contract": r.contract,
                "multiplier": r.multiplier, "by": r.by, "dealer": r.dealer, "me": r.points[self.bookkeeper],
                "points": dict(zip(self.players, r.points)), "misere": r.misere}

    def to_json(self) -> dict[str, Any]:
        sitsit = []
        for k in range(1, self.sitsit + 1):
            running = 0
            forms = {}
            for form in ("alkupeli", "kotka"):
                rows = []
                for r in self.sitsi_rows(k, form):
                    running += r.points[self.bookkeeper]
                    rows.append({**self._row_json(r), "total": running})
                forms[form] = rows
            sitsit.append({"sitsi": k, "pairs": [list(p) for p in self.pairs(k)], **forms,
                           "total": self.sitsi_totals(k)[self.bookkeeper],
                           "totals": dict(zip(self.players, self.sitsi_totals(k)))})
        book = [self._row_json(r) for r in self.rows if r.form in ("bolsevikki", "thrown_in")]
        results = []
        totals = self.totals
        for p, name in enumerate(self.players):
            per_sitsi = [self.sitsi_totals(k)[p] for k in range(1, self.sitsit + 1)]
            results.append({"name": name, "sitsi": per_sitsi, "first_two": sum(per_sitsi[:2]),
                            "bolsevikki": book_result(self.bolsevikki_totals()[p]), "final": totals[p]})
        return {"players": list(self.players), "bookkeeper": self.players[self.bookkeeper], "sitsit": sitsit,
                "misere": [{"deal": r.deal, "sitsi": r.sitsi, "form": r.form, "number": r.number,
                            "contract": r.contract, **r.misere} for r in self.rows if r.misere],
                "bolsevikki": {"rows": book, **{"results": self.bolsevikki_results()}},
                "results": results, "standings": self.standings()}

    def to_csv(self) -> str:
        """One line per deal (sitsi, form, number, contract, by, dealer, Me, Yht, each player); the
        misère deals' helper columns, one line each (the "Me" points of aces 1-4, the trick points,
        the total); then one line per player with the form's result columns."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["sitsi", "form", "number", "contract", "multiplier", "by", "dealer", "me", "total",
                    *self.players])
        running: dict[int, int] = {}
        for r in self.rows:
            me = r.points[self.bookkeeper]
            if r.form in ("alkupeli", "kotka"):
                running[r.sitsi] = running.get(r.sitsi, 0) + me
            w.writerow([r.sitsi, r.form, r.number, r.contract or "", r.multiplier, r.by or "", r.dealer, me,
                        running.get(r.sitsi, 0) if r.form in ("alkupeli", "kotka") else "", *r.points])
        misere = [r for r in self.rows if r.misere]
        if misere:
            w.writerow([])
            w.writerow(["sitsi", "form", "number", "contract", "ace1", "ace2", "ace3", "ace4", "tricks", "total"])
            for r in misere:
                aces = [points for *_, points in r.misere["aces"]]
                w.writerow([r.sitsi, r.form, r.number, r.contract, *(aces + [""] * 4)[:4], r.misere["tricks"],
                            r.misere["total"]])
        w.writerow([])
        w.writerow(["player", *(f"sitsi{k}" for k in range(1, self.sitsit + 1)), "first_two", "bolsevikki",
                    "bolsevikki_result", "final"])
        book, totals = self.bolsevikki_totals(), self.totals
        for p, name in enumerate(self.players):
            per_sitsi = [self.sitsi_totals(k)[p] for k in range(1, self.sitsit + 1)]
            w.writerow([name, *per_sitsi, sum(per_sitsi[:2]), book[p], book_result(book[p]), totals[p]])
        return buf.getvalue()

    def render(self, language: str = "fi") -> str:
        """The form for a terminal: each sitsi's deals, the misère columns, the bolsevikki book, the
        result per player."""
        labels = _LABELS[language]
        lines = [f"{labels['title']} ({labels['bookkeeper'].format(name=self.players[self.bookkeeper])})"]
        for k in range(1, self.sitsit + 1):
            pairs = self.pairs(k)
            heading = (" – ".join(" & ".join(pair) for pair in pairs) if pairs
                       else f"{', '.join(self.players)} {labels['puupaa']}")
            lines += ["", f"{labels['sitsi']} {k}: {heading}"]
            each = list(self.players) if self.puupaa else []  # every player's points, the pairs changing
            table = [["", labels["contract"], labels["me"], labels["total"], *each]]
            running = 0
            for form in ("alkupeli", "kotka"):
                table.append([labels[form], "", "", "", *("" for _ in each)])
                for r in self.sitsi_rows(k, form):
                    running += r.points[self.bookkeeper]
                    who = f" {r.by}" if r.by else ""
                    table.append([f"  {labels['deal']} {r.number}", contract_label(r.contract, r.multiplier, language)
                                  + who, f"{r.points[self.bookkeeper]:+d}", str(running),
                                  *(f"{p:+d}" for p in r.points[:len(each)])])
            totals = self.sitsi_totals(k)
            table.append([labels["sum"], "", "", str(totals[self.bookkeeper]),
                          *(f"{t:+d}" for t in totals[:len(each)])])
            lines += _columns(table, right=range(2, 4 + len(each)))
            misere = [r for r in self.rows if r.sitsi == k and r.misere]
            if misere:
                lines += [""] + _columns(self._misere_table(misere, labels, language), right=range(1, len(misere) + 1))
        book = [r for r in self.rows if r.form in ("bolsevikki", "thrown_in")]
        if book:
            lines += ["", labels["bolsevikki"]]
            table = [["", labels["contract"], *self.players]]
            for r in book:
                what = (labels["thrown_in"] if r.form == "thrown_in"
                        else f"{contract_label(r.contract, 1, language)} {r.by}")
                table.append([f"  {labels['sitsi']} {r.sitsi} {labels['deal']} {r.number}", what,
                              *(f"{p:+d}" for p in r.points)])
            totals = self.bolsevikki_totals()
            table.append([labels["sum"], "", *(f"{t:+d}" for t in totals)])
            table.append([labels["third"], "", *(f"{book_result(t):+d}" for t in totals)])
            lines += _columns(table, right=range(2, 2 + len(self.players)))
        header = [labels["player"], *(f"{labels['sitsi']} {k}" for k in range(1, self.sitsit + 1))]
        if self.sitsit >= 3:
            header.insert(3, labels["first_two"])
        if book:
            header.append(labels["bolsevikki"])
        header.append(labels["final"])
        table = [header]
        for p, name in enumerate(self.players):
            per = [self.sitsi_totals(k)[p] for k in range(1, self.sitsit + 1)]
            cells = [f"{t:+d}" for t in per]
            if self.sitsit >= 3:
                cells.insert(2, f"{per[0] + per[1]:+d}")
            if book:
                cells.append(f"{book_result(self.bolsevikki_totals()[p]):+d}")
            table.append([name, *cells, f"{self.totals[p]:+d}"])
        lines += [""] + _columns(table, right=range(1, len(header)))
        return "\n".join(lines)

    def _misere_table(self, rows: list[DealRow], labels: dict, language: str) -> list[list[str]]:
        head = [labels["misere"] + f" ({labels['me']})"]
        for r in rows:
            head.append(f"{labels[r.form][0]}{r.number} {contract_label(r.contract, r.multiplier, language)}")
        table = [head]
        for i in range(4):
            table.append([f"  {labels['ace'].format(n=i + 1)}",
                          *(_ace_cell(r.misere["aces"], i) for r in rows)])
        table.append([f"  {labels['tricks']}", *(f"{r.misere['tricks']:+d}" for r in rows)])
        table.append([f"  {labels['sum']}", *(f"{r.misere['total']:+d}" for r in rows)])
        return table


def _ace_cell(aces: list, i: int) -> str:
    if i >= len(aces):
        return ""
    n, card, points = aces[i]
    return f"{card_text(card)} {points:+d}"


def _columns(table: list[list[str]], right=()) -> list[str]:
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    right = set(right)
    return ["  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
            for row in table]
