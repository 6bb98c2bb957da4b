"""The tracker on the sample scripts' exact object positions (no rendering, no model): it must
report exactly the ground truth the sample generator writes, and the referee must rule on it."""

import numpy as np

from calibration.zones import kimble_layout
from pelituomari.game import referee_for
from pelituomari.samplegen import FPS, KIMBLE_TABLE, Pose, _card_truth, die_state, kiketti_script, kimble_pops
from referee.camera import Moves
from referee.kiketti.camera import MOVES as KIKETTI
from vision.tracking import Seen, Tracker


def test_the_kiketti_script_seen_perfectly_gives_its_ground_truth():
    script, start = kiketti_script()
    frames = [script.frame_state(n / FPS) for n in range(round((script.t + 0.5) * FPS))]
    truth = _card_truth(script, frames)
    tracker = Tracker(script.zones, moves=KIKETTI)
    stock = script.zones["stock"].centre
    events = []
    for n, state in enumerate(frames):
        seen = [Seen("card_back", *stock)]
        seen += [Seen("card" if up else "card_back", p.x, p.y, card if up else None) for card, p, up in state]
        events += tracker.update(n / FPS, seen)
    assert [e.to_json() for e in events] == [e.to_json() for e in truth]
    assert tracker.unexplained == []
    kinds = [r.kind for r in referee_for([start, *events]).rulings]
    assert kinds == ["round_started", "correct_slap", "correct_slap", "correct_slap", "correct_slap", "wrong_slap",
                     "correct_slap", "table_emptied", "round_scored", "game_over"]


def test_the_kimble_pops_seen_perfectly_give_their_ground_truth():
    pops, duration, start = kimble_pops()
    zones = kimble_layout(KIMBLE_TABLE)
    x, y = zones["dome"].centre
    tracker, rng, events = Tracker(zones, moves=Moves()), np.random.default_rng(4), []
    for n in range(round(duration * FPS)):
        pose, value = die_state(pops, Pose(x - 5, y + 3, 15), 4, n, rng)
        events += tracker.update(n / FPS, [Seen("die", pose.x, pose.y, die=value)])
    assert [(e.t, e.value) for e in events] == [(1.8, 3), (4.0, 6), (6.2, None), (8.4, 2), (10.6, 5)]
    assert [r.kind for r in referee_for([start, *events]).rulings] == ["die_unreadable", "opening"]
