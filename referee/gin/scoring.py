"""Scoring one gin rummy hand and ending a game ("erä"), as the rule book gives the numbers.

The book: a knocker with less deadwood than the defender scores 20 for the win plus the difference;
a defender with less (an undercut) scores 20 for the win, the difference and 10 more; on equal
deadwood the knocker still scores the 20; all cards in melds (gin) scores 20 more.  A defender
holding too few cards gives the knocker 10 per missing card.  The first to 100 wins the game, and
the points for the wins are not counted toward it but kept on a line of their own.  The game's
winner enters 100 in the main ledger, 200 if the loser has no points.

Three players (the book's variant): the lowest deadwood wins the hand (the knocker on equal, as with
two; of two defenders on equal, the first after the knocker in turn) and scores the others' deadwood
together less its own; the 20 for the win, the undercut's 10 and gin's 20 are as with two.  The game
ends when a player has *more than* 100; the main ledger takes the winner's points less the second's
plus its points less the third's, and the second's less the third's.

Teams (the book's four-player variant, and larger even tables): each player plays a two-player hand
against one opponent; a team's hand is its members' points less their opponents' (the book's example:
won by 15, lost by 10: 15 - 10 = 5), and the team ahead gets 20 for the win besides (5 + 20 = 25).  A
game is 125 points with four players, 150, 175 and 200 with six, eight and ten.
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


def score_three(knocker: int, deadwood: tuple[int, ...], *, knocker_melds: int | None = None, short_cards: int = 0,
                one_run: bool = False, rules: ScoringRules = ScoringRules()) -> HandScore:
    """Score a knocked hand of three players.  The lowest deadwood wins the hand (the knocker on
    equal, as with two; of two defenders on equal, the first after the knocker) and scores the
    others' deadwood together less its own; the 20 for the win, the undercut's 10 and gin's 20 are
    as with two ("lopetus- ja hyvityspisteet ovat samat"), and so are the variants' gin bonus and
    tenfold.  ``short_cards``: the cards the defenders together lack, 10 each to the knocker."""
    n = len(deadwood)
    lowest = min(deadwood)
    winner = knocker if deadwood[knocker] == lowest else min(
        (s for s in range(n) if deadwood[s] == lowest), key=lambda s: (s - knocker) % n)
    points, win = [0] * n, [0] * n
    extras_to = points if rules.extras_toward_game else win
    others = sum(d for s, d in enumerate(deadwood) if s != winner)
    points[winner] = others - deadwood[winner]
    detail = {"others": others, "undercut_bonus": 0, "gin_bonus": 0, "short_cards": short_cards,
              "short_points": SHORT_CARD_POINTS * short_cards, "tenfold": False}
    if winner != knocker:
        case = UNDERCUT
        detail["undercut_bonus"] = UNDERCUT_BONUS
        extras_to[winner] += UNDERCUT_BONUS
    elif deadwood[knocker] == 0:
        case = GIN
        if knocker_melds is not None and (not rules.gin_bonus_two_melds_only or knocker_melds <= 2):
            detail["gin_bonus"] = GIN_BONUS
            extras_to[knocker] += GIN_BONUS
    else:
        case = KNOCK
    win[winner] = WIN_POINTS
    if rules.one_run_tenfold and one_run and deadwood[knocker] == 0:
        detail["tenfold"] = True
        points[knocker] *= TENFOLD
    points[knocker] += SHORT_CARD_POINTS * short_cards
    return HandScore(case, winner, tuple(points), tuple(win), detail)


def three_game_winner(totals: tuple[int, ...], game_over: int = THREE_GAME_OVER,
                      hand_winner: int | None = None) -> int | None:
    """The player over ``game_over`` (the book: more than 100), the most if two are; on equal, the
    hand's winner."""
    over = [s for s, t in enumerate(totals) if t > game_over]
    if not over:
        return None
    most = max(totals[s] for s in over)
    leaders = [s for s in over if totals[s] == most]
    return hand_winner if hand_winner in leaders else leaders[0]


def three_ledger(totals: tuple[int, ...], winner: int | None = None) -> tuple[int, ...]:
    """The main ledger of a game of three: the winner enters its points less the second's plus its
    points less the third's; the second, its points less the third's; the third, nothing."""
    first = max(range(len(totals)), key=lambda s: totals[s]) if winner is None else winner
    second, third = sorted((s for s in range(len(totals)) if s != first), key=lambda s: -totals[s])
    out = [0] * len(totals)
    out[first] = (totals[first] - totals[second]) + (totals[first] - totals[third])
    out[second] = totals[second] - totals[third]
    return tuple(out)


# ---------------------------------------------------------------- teams (the book's four-player variant)

TEAM_GAME_TO = {4: 125, 6: 150, 8: 175, 10: 200}   # the book: 125, and 150, 175 or 200 by the players
MORE_GAMES, NO_WIN = "more_games", "none"            # who gets the 20 when the teams' nets are equal


@dataclass(frozen=True)
class TableResult:
    """One table's hand in a team game: its two seats (in the hand's order) and its score (None: dead)."""

    seats: tuple[int, int]
    score: HandScore | None


@dataclass(frozen=True)
class TeamHandScore:
    """A team hand: per team its net (own players' points less their opponents'), hands won, the points
    toward the game and on the win line; the team that won the hand (None: even)."""

    winner: int | None
    nets: tuple[int, int]
    games_won: tuple[int, int]
    points: tuple[int, int]
    win_points: tuple[int, int]


def score_team_hand(team_of, results, *, win_toward_game: bool = True, even: str = MORE_GAMES) -> TeamHandScore:
    """Sum a hand's tables for the two teams (``team_of``: seat -> team 0 or 1).  The team whose players
    gained more points than their opponents wins the difference and 20 for the win (toward the game,
    as the book's example adds it, or on the win line); the points a table gives beside the game (the
    extras, when agreed so) go to the win line of the player's team.  Equal nets: the 20 to the team
    that won more of the hand's tables (``even="more_games"``), or to nobody (``"none"``)."""
    gained, won, extras = [0, 0], [0, 0], [0, 0]
    for result in results:
        score = result.score
        if score is None:
            continue
        for local, seat in enumerate(result.seats):
            team = team_of[seat]
            gained[team] += score.points[local]
            extras[team] += score.win_points[local] - (WIN_POINTS if score.winner == local else 0)
        won[team_of[result.seats[score.winner]]] += 1
    nets = (gained[0] - gained[1], gained[1] - gained[0])
    if nets[0]:
        winner = 0 if nets[0] > 0 else 1
    elif even == MORE_GAMES and won[0] != won[1]:
        winner = 0 if won[0] > won[1] else 1
    else:
        winner = None
    points, win = [max(0, n) for n in nets], list(extras)
    if winner is not None:
        (points if win_toward_game else win)[winner] += WIN_POINTS
    return TeamHandScore(winner, nets, tuple(won), tuple(points), tuple(win))
