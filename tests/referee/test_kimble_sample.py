"""The shipped sample Kimble game: the deterministic script that writes it, and its hand count.

Regenerate ``pelituomari/samples/kimble.jsonl`` with ``python3 -m tests.test_kimble_sample``.
The script plays a whole game on a live referee with chosen die values, so every step is the
referee's own reading; the camera then reports each piece movement the referee expects.  The
die is loaded (a 6 in nearly two pops of three, to keep the game short), which the die
statistics at the end show plainly.
"""

import json
import subprocess
import sys
from pathlib import Path

import referee.kimble  # noqa: F401  (registers the engine)
from referee.core import Referee
from referee.events import (ButtonPressed, Declared, DieSettled, FineDrunk, GameStarted, PieceMoved, read_jsonl,
                            write_jsonl)
from referee.kimble.board import HOME
from referee.kimble.messages import MESSAGES

SAMPLE = Path(__file__).parents[2] / "pelituomari" / "samples" / "kimble.jsonl"
K, V, S, A_ = range(4)  # Karhut (3 members), Ville (1), Sudet (2), Aino (1)


class Script:
    """Plays events into a live referee; times advance by fixed steps so the log is reproducible."""

    def __init__(self, players, settings):
        self.t = 0.0
        self.events = [GameStarted(t=0.0, game="kimble", players=players, settings=settings)]
        self.ref = Referee.replay(self.events, "en")

    def push(self, event):
        self.events.append(event)
        return self.ref.push(event)

    def tick(self, dt):
        self.t = round(self.t + dt, 1)
        return self.t

    def confirm(self):
        """The camera reports every piece movement the referee expects after a move."""
        for team, frm, to in list(self.ref.engine.sightings):
            self.push(PieceMoved(t=self.tick(0.8), source="camera", team=team, from_place=frm, to_place=to))

    def pop(self, value, by=None):
        by = self.ref.engine._expected_popper() if by is None else by
        rulings = self.push(DieSettled(t=self.tick(3.0), source="camera", value=value, by=by))
        self.confirm()
        return rulings

    def pops(self, *values):
        for value in values:
            self.pop(value)

    def unreadable(self, by):
        self.push(DieSettled(t=self.tick(3.0), source="camera", value=None, by=by))

    def move(self, frm, to):
        team = self.ref.engine.turn
        rulings = self.push(PieceMoved(t=self.tick(2.0), source="camera", team=team, from_place=frm, to_place=to))
        self.confirm()
        return rulings

    def run(self, value, choice=None):
        """Pop ``value``; if the referee waits for a choice, move the piece at place ``choice`` or
        say ``choice`` (double, raise)."""
        self.pop(value)
        engine = self.ref.engine
        if engine.value is None:
            assert choice is None, f"no choice was waited for at event {len(self.events) - 1}"
        elif choice in ("double", "raise"):
            self.say(engine.turn, choice)
        else:
            (move,) = [m for m in engine.moves if engine._places(m)[0] == choice]
            self.move(*engine._places(move))

    def drive(self, place, *values):
        """Pop each value and move the piece at ``place`` (``home`` enters one), following it."""
        for value in values:
            engine = self.ref.engine
            team, board = engine.turn, engine.board
            rel = board.rel(team, place)
            dst = board.place(team, 0 if rel == HOME else rel + value)
            rulings = self.pop(value)
            if self.ref.engine.value is not None:
                rulings = self.move(place, dst)
            moved = [r.data["move"] for r in rulings if r.kind == "move"]
            assert moved and moved[0].startswith(f"{place}→{dst}"), (place, dst, [r.en for r in rulings])
            place = dst

    def say(self, team, what):
        self.push(Declared(t=self.tick(1.0), source="manual", by=team, what=what))
        self.confirm()

    def drink(self, team, count):
        self.push(FineDrunk(t=self.tick(20.0), source="manual", team=team, count=count))

    def button(self):
        self.push(ButtonPressed(t=self.tick(1.5), source="button", long=True, duration_s=2.0))


def sample_events():
    """The sample game, step by step (comments tell the story)."""
    s = Script(("Karhut", "Ville", "Sudet", "Aino"), {"members": [3, 1, 2, 1]})
    # opening: Ville and Sudet tie for the highest and pop again; Aino (lowest) picks green
    s.pop(3, K); s.pop(5, V); s.pop(5, S); s.pop(1, A_); s.pop(4, V); s.pop(2, S)
    s.say(A_, "green")
    # Ville: a try, then a 6 to leave home, double twice, move the triple
    s.pop(2); s.pop(6); s.pop(6); s.say(V, "double"); s.pop(6); s.say(V, "double"); s.pop(3)
    # Sudet: an unreadable die, then out, doubled, moved
    s.unreadable(S)
    s.pop(1); s.pop(6); s.pop(6); s.say(S, "double"); s.pop(5)
    # Aino: three tries
    s.pops(1, 2, 3)
    # Karhut: out, double, move the double, then a 4 eats Ville's triple: 2 x 3 = 6
    s.pop(6); s.pop(6); s.say(K, "double"); s.pop(6); s.move("track0", "track6"); s.pop(4)

    # Ville forgot "Jag bor i hembo": its own pop (the next team's) costs 1; then out and on
    s.pop(6); s.pop(5)
    # Sudet: the double goes on
    s.pop(4)
    # Aino: out, one step
    s.pop(6); s.pop(1)
    # Karhut: a new piece out (sits on its start: a mine for the others), the double moves on
    s.pop(6); s.move("home", "track0"); s.pop(3); s.move("track10", "track13")
    # Ville: a single eats the Karhut double: 1 x 2 = 2
    s.pop(1)
    # Sudet: a wrong count seen, then the double drives onto the Karhut mine at track0: 2 x 1 = 2 to Sudet
    s.pop(5); 

    s.say(S, "hembo")
    # Karhut pops out of turn: the die goes back to 5
    s.pop(2, K); s.pop(3, K); s.pop(5, K)
    # Aino
    s.pop(4)
    # a pause: Ville drinks and Karhut pops during it (1 fine each; the pop is reset)
    s.button(); s.drink(V, 2); s.pop(1, K); s.pop(4, K); s.button()
    s.drink(K, 2)
    # Karhut
    s.pop(2)
    # Ville runs one piece home: a move of the wrong count is flagged first
    s.pop(6); s.move("track13", "track20"); s.move("track13", "track19")
    s.pop(6); s.move("track19", "track25"); s.pop(6); s.move("track25", "track3"); s.pop(4)
    # Sudet: out, eats Aino on the way, into the goal
    s.pop(6); s.pop(6); s.move("track14", "track20"); s.pop(6); s.move("track20", "track26")
    s.say(K, "hembo")
    s.pop(6); s.move("track26", "track4"); s.pop(6); s.move("track4", "track10"); s.pop(4)

    s.say(A_, "hembo")
    # Aino: out and round to the goal
    s.pop(6); s.pop(6); s.move("track21", "track27"); s.pop(6); s.move("track27", "track5")
    s.pop(6); s.move("track5", "track11"); s.pop(6); s.move("track11", "track17"); s.pop(4)
    # Karhut: round to the goal
    s.pop(6); s.move("track2", "track8"); s.pop(6); s.move("track8", "track14"); s.pop(6); s.move("track14", "track20")
    s.pop(6); s.move("track20", "track26"); s.pop(2)
    # Ville empties its home
    s.pop(6); s.pop(6); s.move("track7", "track13"); s.pop(6); s.move("home", "track7"); s.pop(6); s.move("track13", "track19")
    s.pop(6); s.move("track7", "track13"); s.pop(6); s.move("home", "track7"); s.pop(3); s.move("track7", "track10")
    # Sudet and Aino move inside their goals
    s.pop(2); s.pop(3)
    # Karhut: a piece onto Ville's start square
    s.pop(6); s.pop(6); s.move("track0", "track6"); s.pop(1); s.move("track6", "track7")
    # Ville raises: every team returns a goal piece home; Ville's returns to its start and eats Karhut
    s.pop(6); s.say(V, "raise")
    s.say(K, "hembo"); s.say(S, "hembo")
    # Ville pops again after the raise's 6, may not raise twice in a round, runs a piece home
    # (first trying to drive onto its own piece)
    s.pop(6); s.say(V, "raise"); s.move("track19", "track25")
    s.pop(6); s.move("track7", "track13"); s.move("track25", "track3"); s.pop(4); s.move("track3", "goal1")
    # Aino forgot hembo: Sudet's pop costs Aino 1.  Sudet: two pieces out, one round to the goal (eats Ville)
    s.run(6); s.run(6, "track14"); s.run(6, "home"); s.run(6, "track20"); s.run(6, "track26"); s.run(6, "track4")
    s.run(4, "track10")
    # Aino and Karhut: two pieces out each, one round to the goal; Ville: a second piece to the goal
    s.drive("home", 6); s.drive("track21", 6); s.drive("home", 6); s.drive("track27", 6, 6, 6, 4)
    s.drive("home", 6); s.drive("track0", 6); s.drive("home", 6); s.drive("track6", 6, 6, 6, 4)
    s.drive("track13", 6, 6, 6, 6); s.drive("track7", 3)
    # Sudet, Aino (eating Sudet on the way) and Karhut empty their homes
    s.drive("track14", 6); s.drive("home", 6); s.drive("track20", 6, 6); s.drive("track14", 6); s.drive("home", 6)
    s.drive("track4", 1)
    s.drive("track21", 6); s.drive("home", 6); s.drive("track27", 6, 6); s.drive("track21", 6); s.drive("home", 6)
    s.drive("track21", 3)
    s.drive("track0", 6); s.drive("home", 6); s.drive("track6", 6, 6); s.drive("track0", 6); s.drive("home", 6)
    s.drive("track0", 1)
    # Ville's third goal piece (eats Karhut); Sudet two more; Aino one more
    s.drive("track10", 6, 6, 6, 6, 2)
    s.drive("track20", 6, 6, 6, 6); s.drive("track14", 6, 6, 6, 6, 5)
    s.drive("track11", 6, 5)
    # Karhut: a piece out (home empty), one round on (eats Aino), then raises: its goal piece returns
    # onto its own start piece, which doubles
    s.drive("home", 6); s.drive("track18", 6, 6); s.run(6, "raise")
    s.drive("track1", 2)
    s.pop(1)
    # Sudet raises the same way
    s.drive("home", 6); s.drive("track14", 6); s.drive("home", 6); s.run(6, "raise")
    s.drive("track20", 3)
    # Aino: three pieces out and one into the goal; Karhut's double reaches goal 1 and splits (one queues)
    s.drive("home", 6); s.drive("track27", 6); s.drive("track21", 6); s.drive("home", 6); s.drive("track5", 6)
    s.drive("track27", 6); s.drive("track21", 6); s.drive("home", 6); s.drive("track11", 6, 6)
    s.drive("track5", 2)
    s.drive("track0", 6, 6, 6, 6, 4)
    s.pops(1, 2, 3)
    s.drive("track23", 2)
    # Aino raises: every team has raised once; Ville's last goal piece goes home ("Jag bor i hembo")
    s.run(6, "raise")
    s.drive("track7", 1)
    s.say(V, "hembo")
    s.drive("track3", 2)
    # Ville (eating Sudet) and Sudet (its double splits) bring a piece each to the goal
    s.drive("home", 6); s.drive("track7", 6, 6, 6, 6, 4)
    s.drive("track14", 6, 6, 6, 6, 4)
    # Aino (eating Karhut) reaches the goal and wants a second raise round: Sudet refuses, raising ends
    s.drive("track27", 6, 6, 6, 6)
    s.pop(6); s.say(A_, "raise"); s.say(K, "consent"); s.say(V, "consent"); s.say(S, "refuse")
    s.move("track21", "track27"); s.drive("track8", 2)
    # Karhut sits on its start (a mine); Sudet moves its queued piece and sits on its start too
    s.drive("home", 6); s.drive("goal1", 1)
    s.pop(3)
    s.drive("home", 6); s.run(1, "queue")
    # Aino may not drive onto Karhut's mine while another move exists
    s.pop(1); s.move("track27", "track0"); s.move("track10", "track11")
    s.drive("goal2", 2)
    s.pops(1, 2, 3)
    s.drive("goal1", 2)
    s.drive("track11", 6, 5)
    s.drive("track0", 3)
    s.pops(1, 2, 3)
    s.drive("goal3", 1)
    s.drive("track27", 6, 3)
    s.pop(1)
    s.pops(1, 2, 3)
    s.drive("goal2", 1)
    # Aino's double drives onto Sudet's mine with a 6 (its only move: 2 x 1 fines) and pops once more:
    # a piece out, doubled, round to goal 1 where it splits: all four in the goal
    s.pop(6)
    s.drive("home", 6); s.run(6, "double"); s.drive("track21", 6, 6, 6, 6, 4)
    # the bookkeeper: drinks; Aino's last drink wins the game, Ville drank the most
    s.drink(V, 7); s.drink(K, 2); s.drink(A_, 5)
    return s.events



def replayed():
    return Referee.replay(read_jsonl(SAMPLE.read_text(encoding="utf-8").splitlines()), "en")


def test_the_shipped_sample_is_what_the_script_writes():
    assert SAMPLE.read_text(encoding="utf-8") == write_jsonl(sample_events())


def test_the_sample_ledger_matches_a_hand_count():
    ref = replayed()
    # by hand, from the story: who was fined, how many, why
    hand = [
        ("Ville", 6, "eaten"),  # Karhut's double eats Ville's triple at track10: 2 x 3
        ("Ville", 1, "hembo_forgotten"),  # Ville popped before saying "Jag bor i hembo"
        ("Karhut", 2, "eaten"),  # Ville's single eats Karhut's double at track13: 1 x 2
        ("Sudet", 2, "mine"),  # Sudet's double drives onto Karhut's mine at track0: 2 x 1
        ("Ville", 1, "pause_drink"),
        ("Karhut", 1, "pause_pop"),
        ("Aino", 1, "eaten"),  # Sudet eats Aino at track26
        ("Karhut", 1, "hembo_wrong_time"),
        ("Karhut", 1, "eaten"),  # Ville's raise returns a piece to track7 and eats Karhut there
        ("Aino", 1, "hembo_forgotten"),
        ("Ville", 1, "eaten"),  # Sudet eats Ville at track10
        ("Sudet", 1, "eaten"),  # Aino eats Sudet at track5
        ("Karhut", 1, "eaten"),  # Ville eats Karhut at track6
        ("Aino", 1, "eaten"),  # Karhut eats Aino at track24
        ("Sudet", 1, "eaten"),  # Ville eats Sudet at track25
        ("Karhut", 1, "eaten"),  # Aino eats Karhut at track5
        ("Aino", 2, "mine"),  # Aino's double drives onto Sudet's mine at track14 with a 6: 2 x 1
    ]
    ledger = ref.summary()["ledger"]
    assert [(e["team"], e["fines"], e["reason"]) for e in ledger["entries"]] == hand
    given = {name: sum(f for n, f, _ in hand if n == name) for name in ("Karhut", "Ville", "Sudet", "Aino")}
    drunk = {"Karhut": 2 + 2, "Ville": 2 + 7, "Sudet": 0, "Aino": 5}
    assert given == {"Karhut": 7, "Ville": 9, "Sudet": 4, "Aino": 5}
    assert ledger["teams"] == [{"team": n, "given": given[n], "drunk": drunk[n], "owed": given[n] - drunk[n]}
                               for n in given]
    fines = [r for r in ref.rulings if r.kind == "fine"]
    assert sum(r.penalty for r in fines) == 25 and {r.unit for r in fines} == {"fine"}


def test_the_sample_ends_with_a_winner_and_exercises_every_rule():
    ref = replayed()
    summary = ref.summary()
    assert summary["finished"] and summary["winner"] == "Aino" and summary["moral_winners"] == ["Ville"]
    assert summary["board"][3]["goal"] == [1, 2, 3] and summary["board"][3]["queue"] == 1
    kinds = {r.kind for r in ref.rulings}
    assert kinds == {"repop", "opening", "colours", "no_move", "move", "choose", "die_unreadable", "fine",
                     "hembo_due", "hembo_heard", "out_of_turn", "die_reset", "paused", "reset_die", "resumed",
                     "drunk", "impossible", "illegal_move", "consent_needed", "raising_closed", "game_over"}
    moves = [r.data["move"] for r in ref.rulings if r.kind == "move"]
    assert moves.count("double") == 5 and moves.count("raise") == 4
    assert "queue→goal2" in moves and "track23→track0 (mine)" in moves and "track8→track14 (mine)" in moves
    after_mine = moves[moves.index("track8→track14 (mine)") + 1]
    assert after_mine == "home→track21"  # the extra pop after eating itself with a 6
    wrong = [r for r in ref.rulings if r.kind in ("impossible", "illegal_move")]
    assert [(r.kind, r.reason, r.seats, r.data) for r in wrong] == [
        ("impossible", "wrong_count", (1,), {}),
        ("impossible", "cannot_choose", (1,), {}),
        ("illegal_move", "", (1,), {"expected": ["track10→track16", "track13→track19", "track25→track3"]}),
        ("illegal_move", "", (3,), {"expected": ["track10→track11", "goal3→goal4"]}),
    ]
    assert (wrong[2].fi, wrong[2].en) == MESSAGES.words("illegal_move_square_taken", frm="track7", to="track13",
                                                        expected=", ".join(wrong[2].data["expected"]))
    assert (wrong[3].fi, wrong[3].en) == MESSAGES.words("illegal_move_onto_mine", frm="track27", to="track0",
                                                        expected=", ".join(wrong[3].data["expected"]))
    stats = summary["die_statistics"]
    assert stats["counts"] == [21, 19, 16, 15, 8, 140] and stats["pops"] == 219 and stats["p_value"] < 1e-9


def test_replay_json_from_the_command_line():
    out = subprocess.run([sys.executable, "-m", "pelituomari", "replay", str(SAMPLE), "--json", "--language", "en"],
                         capture_output=True, text=True, check=True, cwd=SAMPLE.parent.parent.parent).stdout
    data = json.loads(out)
    assert data["game"] == "kimble" and data["winner"] == "Aino" and len(data["die_log"]) == 219 + 1 + 3  # counted, unreadable, reset
    assert data["ledger"]["teams"][1] == {"team": "Ville", "given": 9, "drunk": 9, "owed": 0}

if __name__ == "__main__":
    SAMPLE.write_text(write_jsonl(sample_events()), encoding="utf-8")
    print(f"wrote {SAMPLE}")
