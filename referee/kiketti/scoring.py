"""Round scoring in Kiketti (RULINGS section 1), as one pure function the engine and the tests
share: given each player's own points, who called and who emptied a table, the round's scores."""

from __future__ import annotations

from dataclasses import dataclass

# Names of the scoring cases, stable for the score sheet and the tests.
NO_CALL = "no_call"
CALLER_FEWEST = "caller_fewest"          # strictly the fewest points: caller 0
CALLER_TIED = "caller_tied"              # tied for the fewest: caller 0, the tied players own
CALLER_NOT_FEWEST = "caller_not_fewest"  # fewer-than-caller 0, caller own + highest
CALLER_HIGHEST = "caller_highest"        # as above, the caller has the highest: 2 x own
CALLER_EMPTY_TIED = "caller_empty_tied"  # caller has no cards but someone else has 0 points: fails
OTHER_EMPTIED = "other_emptied"          # someone else emptied a table: call fails, all own


@dataclass(frozen=True)
class RoundScore:
    scores: tuple[int, ...]
    case: str


def failed_call_score(own: list[int], caller: int) -> int:
    """A failed or beaten call: own + the round's highest, or 2 x own if the caller is highest."""
    highest = max(own)
    return 2 * own[caller] if own[caller] == highest else own[caller] + highest


def score_round(own: list[int], card_counts: list[int], caller: int | None,
                emptied_by: int | None) -> RoundScore:
    """Scores of one round from each player's own points (sum of their table cards)."""
    if caller is None:
        return RoundScore(tuple(own), NO_CALL)
    mine = own[caller]
    others = [i for i in range(len(own)) if i != caller]
    if emptied_by is not None and emptied_by != caller:
        scores = list(own)
        scores[caller] = failed_call_score(own, caller)
        return RoundScore(tuple(scores), OTHER_EMPTIED)
    caller_empty_tied = card_counts[caller] == 0 and any(own[i] == 0 for i in others)
    if not caller_empty_tied and mine <= min(own):
        scores = list(own)
        scores[caller] = 0
        tied = any(own[i] == mine for i in others)
        return RoundScore(tuple(scores), CALLER_TIED if tied else CALLER_FEWEST)
    scores = [0 if own[i] < mine else own[i] for i in range(len(own))]
    scores[caller] = failed_call_score(own, caller)
    if caller_empty_tied:
        case = CALLER_EMPTY_TIED
    elif mine == max(own):
        case = CALLER_HIGHEST
    else:
        case = CALLER_NOT_FEWEST
    return RoundScore(tuple(scores), case)
