"""Scoring one gin rummy hand and ending a game ("erä"), as the rule book gives the numbers.

The book: a knocker with less deadwood than the defender scores 20 for the win plus the difference;
a defender with less (an undercut) scores 20 for the win, the difference and 10 more; on equal
deadwood the knocker still scores the 20; all cards in melds (gin) scores 20 more.  A defender
holding too few cards gives the knocker 10 per missing card.  The first to 100 wins the game, and
the points for the wins are not counted toward it but kept on a line of their own.  The game's
winner enters 100 in the main ledger, 200 if the loser has no points.  The book's three-player
variant is scored here too (its engine is still to come): the lowest deadwood wins the others' deadwood
less its own, the game ends over 100, and the ledger takes the winner's and the second's differences.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIN_POINTS = 20          # for winning a hand: on the win line, not toward the game
UNDERCUT_BONUS = 10      # to a defender with less deadwood than the knocker
GIN_BONUS = 20           # to a knocker with every card in melds
SHORT_CARD_POINTS = 10   # to the knocker for each card the defender lacks
TENFOLD = 10             # the variant's multiplier for a knocker whose ten cards are one run
LEDGER_WIN = 100
LEDGER_SHUTOUT = 200     # the loser has no points

KNOCK, UNDERCUT, TIE, GIN, DEAD = "knock", "undercut", "tie", "gin", "dead"


@dataclass(frozen=True)
class ScoringRules:
    """The choices the book leaves open or makes variants of (the engine's settings)."""

    extras_toward_game: bool = True     # the undercut's 10 and the gin's 20 count toward the 100
    gin_bonus_two_melds_only: bool = False
    one_run_tenfold: bool = False


@dataclass(frozen=True)
class HandScore:
    """One hand's outcome: points toward the game and on the win line, per seat, and why."""

    case: str
    winner: int
    points: tuple[int, ...]
    win_points: tuple[int, ...]
    detail: dict = field(default_factory=dict)


def score_hand(knocker: int, deadwood: tuple[int, ...], *, short_cards: int = 0, knocker_melds: int | None = None,
               one_run: bool = False, rules: ScoringRules = ScoringRules()) -> HandScore:
    """Score a knocked hand of two players.  ``deadwood`` per seat as finally counted (the
    defender's after lay-offs); ``knocker_melds``: the fewest melds that hold all the knocker's
    cards (None when some are deadwood); ``one_run``: they are all one run."""
    defender = 1 - knocker
    kd, dd = deadwood[knocker], deadwood[defender]
    points, win = [0, 0], [0, 0]
    extras_to = points if rules.extras_toward_game else win
    detail = {"difference": abs(dd - kd), "undercut_bonus": 0, "gin_bonus": 0, "short_cards": short_cards,
              "short_points": SHORT_CARD_POINTS * short_cards, "tenfold": False}
    if kd == 0:
        case, winner = GIN, knocker
        points[knocker] = dd
        if knocker_melds is not None and (not rules.gin_bonus_two_melds_only or knocker_melds <= 2):
            detail["gin_bonus"] = GIN_BONUS
            extras_to[knocker] += GIN_BONUS
    elif kd < dd:
        case, winner = KNOCK, knocker
        points[knocker] = dd - kd
    elif kd == dd:
        case, winner = TIE, knocker
    else:
        case, winner = UNDERCUT, defender
        points[defender] = kd - dd
        detail["undercut_bonus"] = UNDERCUT_BONUS
        extras_to[defender] += UNDERCUT_BONUS
    win[winner] += WIN_POINTS
    if rules.one_run_tenfold and one_run and kd == 0:
        detail["tenfold"] = True
        points[knocker] *= TENFOLD
    points[knocker] += SHORT_CARD_POINTS * short_cards
    return HandScore(case, winner, tuple(points), tuple(win), detail)


def game_winner(totals: tuple[int, ...], game_to: int, hand_winner: int) -> int | None:
    """Who has reached the game's points, if anyone: the most points; on equal, the hand's winner."""
    reached = [seat for seat, total in enumerate(totals) if total >= game_to]
    if not reached:
        return None
    most = max(totals[seat] for seat in reached)
    leaders = [seat for seat in reached if totals[seat] == most]
    return hand_winner if hand_winner in leaders else leaders[0]


def ledger_points(winner: int, totals: tuple[int, ...]) -> int:
    """What the game's winner enters in the main ledger: 100, or 200 when every other player has 0."""
    others = [t for seat, t in enumerate(totals) if seat != winner]
    return LEDGER_SHUTOUT if all(t == 0 for t in others) else LEDGER_WIN


# ---------------------------------------------------------------- three players (the book's variant)

THREE_GAME_OVER = 100  # the book: the game ends when a player has *more than* 100


def score_three(knocker: int, deadwood: tuple[int, int, int], *, knocker_melds: int | None = None) -> HandScore:
    """Score a knocked hand of three players.  The lowest deadwood wins the hand (the knocker on
    equal, as with two; of two defenders on equal, the first after the knocker) and scores the
    others' deadwood together less its own; the 20 for the win, the undercut's 10 and gin's 20 are
    as with two (extras counted toward the game)."""
    seats = range(len(deadwood))
    lowest = min(deadwood)
    winner = knocker if deadwood[knocker] == lowest else min(
        (s for s in seats if deadwood[s] == lowest), key=lambda s: (s - knocker) % len(deadwood))
    points, win = [0] * len(deadwood), [0] * len(deadwood)
    points[winner] = sum(d for s, d in enumerate(deadwood) if s != winner) - deadwood[winner]
    detail = {"undercut_bonus": 0, "gin_bonus": 0}
    if winner != knocker:
        case = UNDERCUT
        detail["undercut_bonus"] = UNDERCUT_BONUS
    elif deadwood[knocker] == 0:
        case = GIN
        detail["gin_bonus"] = GIN_BONUS if knocker_melds is not None else 0
    else:
        case = KNOCK
    points[winner] += detail["undercut_bonus"] + detail["gin_bonus"]
    win[winner] = WIN_POINTS
    return HandScore(case, winner, tuple(points), tuple(win), detail)


def three_game_winner(totals: tuple[int, ...]) -> int | None:
    """The player over 100 (the most, if two are)."""
    over = [s for s, t in enumerate(totals) if t > THREE_GAME_OVER]
    return max(over, key=lambda s: totals[s]) if over else None


def three_ledger(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The main ledger of a game of three: the winner enters its points less the second's plus its
    points less the third's; the second, its points less the third's; the third, nothing."""
    first, second, third = sorted(range(len(totals)), key=lambda s: -totals[s])
    out = [0] * len(totals)
    out[first] = (totals[first] - totals[second]) + (totals[first] - totals[third])
    out[second] = totals[second] - totals[third]
    return tuple(out)
