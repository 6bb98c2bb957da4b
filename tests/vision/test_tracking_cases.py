"""The tracker's cases, one test per row of docs/tracking.md's table, each with the exact events told and
the notes made. Kiketti's two-seat table (tests/vision/tracking_script.py), facts confirmed over two
frames 0.1 s apart unless a case says otherwise."""

import re
from pathlib import Path

import pytest

from calibration.zones import gin_layout, kimble_layout, skruuvi_layout
from referee.camera import PILE, STOCK, Moves
from referee.events import CameraBlind, CardMoved, CardsRevealed, DieSettled
from tests.vision.tracking_script import DT, TABLE, ZONES, GlareAt, back, centre, die, face, feed, glare_at
from referee.gin.camera import MOVES as GIN
from referee.kiketti.camera import MOVES as KIKETTI
from referee.skruuvi.camera import MOVES as SKRUUVI
from vision.tracking import Seen, Tracker, Unexplained

DOC = Path(__file__).parents[2] / "docs" / "tracking.md"
CASES = {}


def case(name):
    def register(function):
        CASES[name] = function
        return function
    return register


def doc_cases() -> list[str]:
    """The case names of the doc's cases table, in its order: each row starts with its name in backticks."""
    cases = DOC.read_text(encoding="utf-8").split("\n## Cases\n", 1)[1]
    return re.findall(r"^\| `([a-z_]+)` \|", cases, flags=re.M)


def moved(t, from_zone, to_zone, card=None, by=None, dt=DT):
    """A CardMoved as the camera tells it: face up where it lands on the pile."""
    return CardMoved(t=t, source="camera", card=card, from_zone=from_zone, to_zone=to_zone, face_up=to_zone == PILE,
                     by=by, t_uncertainty=dt)


def kiketti(**settings):
    return Tracker(ZONES, confirm_frames=settings.pop("confirm_frames", 2), **settings, moves=KIKETTI)


def test_every_row_of_the_doc_has_its_case_and_every_case_its_row():
    assert doc_cases() == list(CASES)


@pytest.mark.parametrize("name", doc_cases())
def test_case(name):
    CASES[name]()


# ------------------------------------------------------------ cards coming and going

@case("deal")
def _():
    tracker = kiketti()
    events, _ = feed(tracker, [[back("seat1", -50)]] * 2 + [[back("seat1", -50), back("seat1", 50)]] * 2)
    assert events == [moved(0.0, STOCK, "seat1", dt=0.0), moved(0.2, STOCK, "seat1")]


@case("draw")
def _():
    events, _ = feed(kiketti(), [[]] + [[back("hand0")]] * 2)
    assert events == [moved(0.1, STOCK, "hand0", by=0)]


@case("discard")
def _():
    events, _ = feed(kiketti(), [[back("hand0")]] * 2 + [[]] + [[face(PILE, "7h")]] * 2)
    assert events == [moved(0.0, STOCK, "hand0", by=0, dt=0.0), moved(0.3, "hand0", PILE, "7h", by=0)]


@case("slap")
def _():
    seat = [back("seat0", -50), back("seat0", 50)]
    tracker = kiketti()
    _, t = feed(tracker, [seat] * 2)
    events, _ = feed(tracker, [seat[:1] + [face(PILE, "9c")]] * 2, t)
    assert events == [moved(0.2, "seat0", PILE, "9c", by=0)]


@case("slap_seen_turned_over")
def _():
    """seat0 loses a card first, but the 4s was seen face up in seat1 on its way: it is seat1's."""
    seat0, seat1 = [back("seat0", -50), back("seat0", 50)], [back("seat1", -50), back("seat1", 50)]
    tracker = kiketti()
    _, t = feed(tracker, [seat0 + seat1] * 2)
    frames = [seat0[:1] + seat1] + [seat0[:1] + [seat1[0], face("seat1", "4s", 50)]]
    frames += [seat0[:1] + seat1[:1] + [face(PILE, "4s")]] * 2
    events, _ = feed(tracker, frames, t)
    assert events == [moved(0.4, "seat1", PILE, "4s", by=1)]
    assert tracker.unexplained == []  # seat0's card may yet be found


@case("drawn_card_to_the_table")
def _():
    seat = [back("seat0", -50), back("seat0", 50)]
    tracker = kiketti()
    _, t = feed(tracker, [seat + [back("hand0")]] * 2)
    events, _ = feed(tracker, [seat + [back("seat0", 120)]] * 2, t)
    assert events == [moved(0.2, "hand0", "seat0", by=0)]


@case("wrong_slap_taken_back")
def _():
    seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
    tracker = kiketti()
    _, t = feed(tracker, [seat1 + [back("hand0")]] * 2 + [seat1 + [face(PILE, "2s")]] * 2)
    _, t = feed(tracker, [seat1[:2] + [face(PILE, "2s"), face(PILE, "3h", 10)]] * 2, t)
    events, _ = feed(tracker, [seat1[:2] + [face(PILE, "2s")]] * 2 + [seat1 + [face(PILE, "2s")]] * 2, t)
    assert events == [moved(0.8, PILE, "seat1", "3h")]
    assert tracker.on_pile == ["2s"]


@case("lifted_and_put_back")
def _():
    seat = [back("seat0", dx) for dx in (-100, -30, 30, 100)]
    tracker = kiketti()
    _, t = feed(tracker, [seat] * 2)
    events, _ = feed(tracker, [seat[1:]] * 3 + [seat] * 3, t)
    assert events == [] and tracker.unexplained == []


@case("drawn_and_discarded")
def _():
    """hand0 held the 2s for one frame, too short to count; no zone is seen losing it."""
    tracker = kiketti(match_window_s=0.5)
    events, _ = feed(tracker, [[], [back("hand0")]] + [[face(PILE, "2s")]] * 6)
    assert events == []  # up to 0.7 s a zone may yet be found losing it
    events, _ = feed(tracker, [[face(PILE, "2s")]], 0.8)
    assert events == [moved(0.2, STOCK, PILE, "2s")] and tracker.unexplained == []


@case("card_misread_on_the_pile")
def _():
    """The 7h, counted in hand0 and seen discarded, then reads as 7d: no zone lost a 7d, and no hand may
    have held it unseen."""
    tracker = kiketti(match_window_s=1.0)
    events, _ = feed(tracker, [[back("hand0")]] * 3 + [[]] + [[face(PILE, "7h")]] * 2 + [[face(PILE, "7d")]] * 15)
    assert [(e.card, e.from_zone, e.to_zone) for e in events] == [(None, STOCK, "hand0"), ("7h", "hand0", PILE)]
    assert tracker.unexplained == [Unexplained(0.6, PILE, "7d", arrived=True)]


@case("card_gone_nowhere")
def _():
    seat = [back("seat0", -50), back("seat0", 50)]
    tracker = kiketti(match_window_s=0.5)
    _, t = feed(tracker, [seat] * 2)
    events, _ = feed(tracker, [seat[:1]] * 8, t)
    assert events == [] and tracker.unexplained == [Unexplained(0.2, "seat0")]


@case("pile_card_gone_nowhere")
def _():
    """The 7h is missing from the pile for long and no zone gains a card: it lies there unseen; seen again,
    it is no new card."""
    tracker = kiketti(match_window_s=0.5)
    _, t = feed(tracker, [[back("hand0"), back("seat0")]] * 2 + [[face(PILE, "7h"), back("seat0")]] * 2)
    events, _ = feed(tracker, [[back("seat0")]] * 8 + [[back("seat0"), face(PILE, "7h")]] * 3, t)
    assert events == [] and tracker.on_pile == ["7h"]
    assert tracker.unexplained == [Unexplained(0.4, PILE, "7h")]


@case("card_covers_the_top")
def _():
    seat = [back("seat0", -50), back("seat0", 50)]
    tracker = kiketti()
    _, t = feed(tracker, [seat] * 2)
    events, _ = feed(tracker, [seat[:1] + [face(PILE, "7h")]] * 2 + [[face(PILE, "7c")]] * 2, t)
    assert events == [moved(0.2, "seat0", PILE, "7h", by=0), moved(0.4, "seat0", PILE, "7c", by=0)]
    assert tracker.on_pile == ["7h", "7c"]


@case("glimpse_on_the_pile")
def _():
    tracker = kiketti(confirm_frames=3)
    events, _ = feed(tracker, [[], [face(PILE, "Ks")], [], [], [back("seat0")], [], []])
    assert events == [] and tracker.on_pile == []


@case("faint_card_beneath_the_top")
def _():
    """A box under 0.5 beside the 2s (a card beneath, glimpsed past it) neither lands nor covers the top."""
    tracker = kiketti()
    beneath = Seen("card", *centre(PILE, 30), card="As", confidence=0.4)
    events, _ = feed(tracker, [[back("hand0")]] * 2 + [[face(PILE, "2s")]] * 2 + [[face(PILE, "2s"), beneath]] * 20)
    assert events == [moved(0.0, STOCK, "hand0", by=0, dt=0.0), moved(0.2, "hand0", PILE, "2s", by=0)]
    assert tracker.on_pile == ["2s"] and tracker.unexplained == []


@case("told_in_order")
def _():
    """The 2s waits for its origin (drawn and discarded); the 3h slapped onto it waits with it."""
    tracker = kiketti(match_window_s=0.5)
    seat1 = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat1] * 2 + [seat1 + [back("hand0")]])
    events, t = feed(tracker, [seat1 + [face(PILE, "2s")]] * 3 + [seat1[:2] + [face(PILE, "3h", 10)]] * 2, t)
    assert events == []
    events, _ = feed(tracker, [seat1[:2] + [face(PILE, "3h", 10)]] * 2, t)
    assert events == [moved(0.3, STOCK, PILE, "2s"), moved(0.6, "seat1", PILE, "3h", by=1)]


# ------------------------------------------------------------ glare

@case("glare_keeps_a_seat_card")
def _():
    """Glare hides seat0's right card while hand0's 7h is discarded: the hidden card is still there."""
    tracker = kiketti()
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat + [back("hand0")]] * 3)
    frames = [[seat[0], back("hand0")]] * 2 + [[seat[0]]] + [[seat[0], face(PILE, "7h")]] * 2
    events, t = feed(tracker, frames, t, glare_at(*centre("seat0")))
    events += feed(tracker, [seat + [face(PILE, "7h")]] * 2, t)[0]
    assert events == [moved(0.6, "hand0", PILE, "7h", by=0)] and tracker.unexplained == []


@case("slapped_from_under_glare")
def _():
    """The 5c lands while glare hides the place it left; the glare lifts and seat0 is a card short."""
    tracker = kiketti()
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    events, t = feed(tracker, [[seat[0], face(PILE, "5c")]] * 3, t, glare_at(*centre("seat0")))
    assert events == []
    events, _ = feed(tracker, [[seat[0], face(PILE, "5c")]] * 2, t)
    assert events == [moved(0.3, "seat0", PILE, "5c", by=0)]


@case("glare_stays_on_the_card_slapped")
def _():
    """Glare stays on seat0's card: the 5c waits glare_wait_s (2 s), then came from the card glare kept."""
    tracker = kiketti(glare_wait_s=2.0)
    seat = [back("seat0", -100), back("seat0")]
    _, t = feed(tracker, [seat] * 3)
    events, t = feed(tracker, [[seat[0], face(PILE, "5c")]] * 21, t, glare_at(*centre("seat0")))
    assert events == []
    events, t = feed(tracker, [[seat[0], face(PILE, "5c")]], t, glare_at(*centre("seat0")))
    assert events == [moved(0.3, "seat0", PILE, "5c", by=0)]
    events, _ = feed(tracker, [[seat[0], face(PILE, "5c")]] * 20, t)  # the glare lifts: nothing more
    assert events == [] and tracker.unexplained == []


@case("card_dealt_under_glare")
def _():
    """Glare lies on a place in seat0 where no card was ever seen; the 5c comes from no zone seen losing it."""
    tracker = kiketti()
    table, glare = [back("seat0", -100), back("seat1")], glare_at(*centre("seat0", 60))
    _, t = feed(tracker, [table] * 3, 0.0, glare)
    events, t = feed(tracker, [table + [face(PILE, "5c")]] * 15, t, glare)
    assert events == []
    events, _ = feed(tracker, [table + [face(PILE, "5c")]] * 2, t, glare)
    assert events == [moved(0.3, "seat0", PILE, "5c", by=0)] and tracker.unexplained == []


@case("landing_under_glare")
def _():
    """Glare blinds the pile from 0.3 to 0.6 s; the 7h first seen there at 0.7 s came at some time since 0.2 s."""
    tracker = kiketti()
    _, t = feed(tracker, [[back("hand0")]] * 3)
    _, t = feed(tracker, [[]] * 4, t, glare_at(*centre(PILE)))
    events, _ = feed(tracker, [[face(PILE, "7h")]] * 2, t)
    assert events == [moved(0.7, "hand0", PILE, "7h", by=0, dt=0.5)]


@case("pile_read_through_glare")
def _():
    """Glare over the pile's 9s; the Kh slapped onto it is read once clear of the glare, then, where it lies,
    as the 9s: it is the Kh lying there."""
    tracker = Tracker(ZONES, confirm_frames=3, baseline_frames=1, moves=KIKETTI)
    seat1 = [back("seat1", -50), back("seat1", 50)]
    _, t = feed(tracker, [seat1 + [face(PILE, "9s")]] * 4)
    frames = [seat1[:1] + [face(PILE, "Kh", -35)]] + [seat1[:1] + [face(PILE, "9s")]] * 4
    events, _ = feed(tracker, frames, t, glare_at(*centre(PILE)))
    assert events == [moved(0.4, "seat1", PILE, "Kh", by=1)]
    assert tracker.on_pile == ["9s", "Kh"] and tracker.unexplained == []


# ------------------------------------------------------------ reveals

@case("reveal")
def _():
    tracker = kiketti()
    seat = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat] * 2)
    half = [face("seat1", "2c", -100), back("seat1", 0), face("seat1", "Kh", 100)]
    shown = [face("seat1", "2c", -100), face("seat1", "Jd", 0), face("seat1", "Kh", 100)]
    events, _ = feed(tracker, [half] * 3 + [shown] * 2, t)
    assert events == [CardsRevealed(t=0.5, source="camera", zone="seat1", cards=("2c", "Jd", "Kh"))]


@case("reveal_under_glare")
def _():
    tracker = kiketti()
    seat = [back("seat1", dx) for dx in (-100, 0, 100)]
    _, t = feed(tracker, [seat] * 3)
    turned = [face("seat1", "2c", -100), back("seat1", 0), face("seat1", "Kh", 100)]
    events, _ = feed(tracker, [turned] * 3, t, glare_at(*centre("seat1")))
    assert events == [CardsRevealed(t=0.3, source="camera", zone="seat1", cards=("2c", "Kh"))]


# ------------------------------------------------------------ the die

def kimble(**settings):
    return Tracker(kimble_layout(TABLE), confirm_frames=2, die_settle_s=0.2, moves=Moves(), **settings)


@case("die_as_found")
def _():
    tracker = kimble()
    events, _ = feed(tracker, [die(4)] * 10)
    assert events == []


@case("die_settles")
def _():
    tracker = kimble()
    _, t = feed(tracker, [die(4)] * 4)
    events, _ = feed(tracker, [die(1, 20), die(6, -15, 10)] + [die(5, 10, -10)] * 4, t)
    assert events == [DieSettled(t=0.6, source="camera", value=5, zone="dome")]


@case("die_unreadable")
def _():
    tracker = kimble()
    _, t = feed(tracker, [die(4)] * 4)
    events, _ = feed(tracker, [die(1, 20)] + [die(v, -20, 0) for v in (3, 2, 3, 2, 3)], t)
    assert events == [DieSettled(t=0.5, source="camera", value=None, zone="dome")]


@case("die_read_under_glare")
def _():
    """The die lands where glare clips half of it: the face read there counts as unread."""
    tracker = kimble()
    _, t = feed(tracker, [die(6)] * 4 + [[], []])
    x, y = kimble_layout(TABLE)["dome"].centre
    events, _ = feed(tracker, [die(2, 40, 20)] * 4, t, GlareAt((x, y), reach=60.0, clipped=0.5))
    assert events == [DieSettled(t=0.6, source="camera", value=None, zone="dome")] and tracker.die_hidden


@case("die_hidden_by_glare")
def _():
    """Glare over the die: not found, or boxed off its place, it has neither moved nor been rolled."""
    tracker = kimble()
    _, t = feed(tracker, [die(6)] * 4)
    events, t = feed(tracker, [[], die(6, 4, 0), []], t, glare_at(*kimble_layout(TABLE)["dome"].centre))
    events += feed(tracker, [die(6)] * 4, t)[0]
    assert events == []


# ------------------------------------------------------------ a game carried on

@case("baseline_adopted")
def _():
    tracker = Tracker(ZONES, confirm_frames=3, baseline_frames=3, moves=KIKETTI)
    table = [back("seat0", dx) for dx in (-60, 0, 60)] + [back("seat1", dx) for dx in (-30, 30)] + [face(PILE, "4d")]
    events, t = feed(tracker, [table] * 5)
    assert events == [] and tracker.on_pile == ["4d"]
    slap = [back("seat0", dx) for dx in (-60, 0)] + table[3:] + [face(PILE, "4c", dx=5)]
    events, _ = feed(tracker, [slap] * 3, t)
    assert events == [moved(0.5, "seat0", PILE, "4c", by=0)]


@case("blind_spell")
def _():
    """The table changed while the camera saw nothing: taken as it stands after the dark, not as moves."""
    tracker = Tracker(ZONES, confirm_frames=2, baseline_frames=2, moves=KIKETTI)
    seats = [back("seat1", dx) for dx in (-30, 30)]
    before = [back("seat0", dx) for dx in (-60, 0, 60)] + seats + [back("hand1"), face(PILE, "4d")]
    events, _ = feed(tracker, [before] * 2 + [before[:-2] + before[-1:]])  # hand1's card going as it goes dark
    assert events == [] and tracker.blind(0.3, 2.0) == []
    beneath = Seen("card", *centre(PILE, 30), card="4d", confidence=0.4)
    after = [back("seat0", dx) for dx in (-60, 0)] + seats + [back("hand0"), face(PILE, "9h"), beneath]
    events, t = feed(tracker, [after] * 3, 2.0)
    assert events == [CameraBlind(t=0.3, source="camera", until=2.0, pile_top="9h",
                                  counts={"seat0": 2, "hand0": 1, "seat1": 2, "hand1": 0})]
    slap = after[:1] + after[2:] + [face(PILE, "9c", dx=5)]
    events, _ = feed(tracker, [slap] * 2, t)
    assert events == [moved(2.3, "seat0", PILE, "9c", by=0)]
    assert tracker.on_pile == ["4d", "9h", "9c"] and tracker.unexplained == []


@case("blind_to_the_end")
def _():
    """The source ends in the dark: the dark is told, with no table seen after it."""
    tracker = Tracker(ZONES, confirm_frames=2, baseline_frames=2, moves=KIKETTI)
    feed(tracker, [[back("seat0"), face(PILE, "4d")]] * 2)
    assert tracker.blind(0.2, 5.0) + tracker.finish() == [CameraBlind(t=0.2, source="camera", until=5.0)]


# ------------------------------------------------------------ gin rummy: hands held out of sight

GIN_ZONES = gin_layout(2, (1000.0, 800.0))
GIN_PILE = GIN_ZONES[PILE].centre


def gin(**settings):
    return Tracker(GIN_ZONES, confirm_frames=2, moves=GIN, **settings)


def on_pile(*cards):
    """Cards on gin's pile, each a little askew of the one under it, the top last."""
    return [Seen("card", GIN_PILE[0] + 4 * i, GIN_PILE[1] + 3 * i, card=c) for i, c in enumerate(cards)]


def melds(zone, *cards):
    z = GIN_ZONES[zone]
    return [Seen("card", z.x0 + 40 + 45 * i, z.centre[1], card=c) for i, c in enumerate(cards)]


@case("gin_discard_from_a_hand")
def _():
    tracker = gin()
    first, t = feed(tracker, [on_pile("2c")] * 2)
    then, _ = feed(tracker, [on_pile("2c", "Kd")] * 2, t)
    assert first + then == [moved(0.0, "hand", PILE, "2c", dt=0.0), moved(0.2, "hand", PILE, "Kd")]


@case("gin_pile_top_taken_into_a_hand")
def _():
    tracker = gin(baseline_frames=1)
    _, t = feed(tracker, [on_pile("2c", "7h")])
    events, _ = feed(tracker, [on_pile("2c")] * 2, t)
    assert events == [moved(0.1, PILE, "hand", "7h")]
    assert tracker.on_pile == ["2c"] and tracker.unexplained == []


@case("gin_knock_face_down")
def _():
    tracker = gin(baseline_frames=1)
    _, t = feed(tracker, [on_pile("2c", "7h")])
    knock = on_pile("2c", "7h")[:1] + [Seen("card_back", GIN_PILE[0] + 5, GIN_PILE[1] + 2)]
    events, _ = feed(tracker, [knock] * 3, t)
    assert events == [CardMoved(t=0.1, source="camera", from_zone="hand", to_zone=PILE, t_uncertainty=DT)]
    assert tracker.on_pile == ["2c", "7h"]  # covered, not taken


@case("gin_melds_laid_then_a_lay_off")
def _():
    tracker = gin()
    laying = [melds("melds0", "4h"), melds("melds0", "4h", "5h"), melds("melds0", "4h", "5h", "6h")]
    events, t = feed(tracker, laying + [melds("melds0", "4h", "5h", "6h")] * 11)
    assert events == [CardsRevealed(t=0.2, source="camera", zone="melds0", cards=("4h", "5h", "6h"))]
    events, _ = feed(tracker, [melds("melds0", "3h", "4h", "5h", "6h")] * 11, t)
    assert events == [CardsRevealed(t=1.4, source="camera", zone="melds0", cards=("3h", "4h", "5h", "6h"))]


# ------------------------------------------------------------ Skruuvi: a card played before each player

SKRUUVI_ZONES = skruuvi_layout(4, (1000.0, 800.0))


def skruuvi():
    return Tracker(SKRUUVI_ZONES, confirm_frames=2, moves=SKRUUVI)


def in_zone(zone, card=None, dx=0.0):
    """A card face up (card) or face down (None) in a Skruuvi zone."""
    x, y = SKRUUVI_ZONES[zone].centre
    return Seen("card", x + dx, y, card=card) if card else Seen("card_back", x + dx, y)


def told_when(tracker, frames, t0=0.0):
    """Feed frames DT apart; the frames that told something, as (frame's t, events)."""
    told = []
    for n, seen in enumerate(frames):
        t = round(t0 + n * DT, 6)
        if events := tracker.update(t, seen):
            told.append((t, events))
    return told


def revealed(t, zone, *cards):
    return CardsRevealed(t=t, source="camera", zone=zone, cards=cards)


TRICK = [in_zone("play0", "2s"), in_zone("play1", "Ks"), in_zone("play2", "7h"), in_zone("play3", "4s")]


def a_trick_played(tracker):
    """The four cards of a trick laid one by one, 0.5 s apart, each lying still."""
    frames = [TRICK[:k] for k in range(1, 5) for _ in range(5)]
    return told_when(tracker, frames), len(frames) * DT


@case("skruuvi_card_played")
def _():
    tracker = skruuvi()
    told = told_when(tracker, [[]] + [[in_zone("play2", "7h")]] * 10)
    assert told == [(0.3, [revealed(0.1, "play2", "7h")])]  # once, as soon as it has lain 0.15 s


@case("skruuvi_trick_gathered")
def _():
    tracker = skruuvi()
    told, t = a_trick_played(tracker)
    assert [events for _, events in told] == [[revealed(0.0, "play0", "2s")], [revealed(0.5, "play1", "Ks")],
                                              [revealed(1.0, "play2", "7h")], [revealed(1.5, "play3", "4s")]]
    turned = [[in_zone(z) for z in ("play0", "play1", "play2", "play3")]] * 2
    stacked = [[in_zone("tricks1", dx=dx) for dx in (-5, 0, 5, 10)]] * 10
    assert told_when(tracker, turned + stacked, t) == []


@case("skruuvi_last_card_turned_unsettled")
def _():
    tracker = skruuvi()
    trick = [in_zone("play0", "2s"), in_zone("play1", "Ks"), in_zone("play2", "7h")]
    _, t = feed(tracker, [trick] * 5)
    # the 4s read in two frames only, then the trick turned face down before it had lain 0.15 s
    with_last = [trick + [in_zone("play3", "4s")]] * 2
    turned = [[in_zone(z) for z in ("play0", "play1", "play2", "play3")]] * 3
    told = told_when(tracker, with_last + turned, t)
    assert told == [(round(t + 2 * DT, 6), [revealed(round(t, 6), "play3", "4s")])]
    # a card read in one frame, then turned; one read in two frames that goes, leaving no back: no card played
    glimpses = [[in_zone("play1", "9d")], [in_zone("play1")], [in_zone("play2", "Qc")], [in_zone("play2", "Qc")], []]
    assert told_when(tracker, glimpses, t + 5 * DT) == []


@case("skruuvi_next_tricks_card")
def _():
    tracker = skruuvi()
    _, t = a_trick_played(tracker)
    _, t = feed(tracker, [[in_zone("tricks1")]] * 3, t)
    told = told_when(tracker, [[in_zone("tricks1"), in_zone("play1", "Kd")]] * 4, t)
    assert told == [(2.5, [revealed(2.3, "play1", "Kd")])]
