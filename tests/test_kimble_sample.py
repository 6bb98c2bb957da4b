"""The shipped sample Kimble game: the deterministic script that writes it, and its hand count.

Regenerate ``pelituomari/samples/kimble.jsonl`` with ``python3 -m tests.test_kimble_sample``.
The script plays a whole game on a live referee with chosen die values, so every step is the
referee's own reading; the camera then reports each piece movement the referee expects.  The
die is loaded (a 6 in almost half of the pops, to keep the game short), which the die
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

SAMPLE = Path(__file__).parent.parent / "pelituomari" / "samples" / "kimble.jsonl"
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
        self.push(DieSettled(t=self.tick(3.0), source="camera", value=value, by=by))
        self.confirm()

    def pops(self, *values):
        for value in values:
            self.pop(value)

    def unreadable(self, by):
        self.push(DieSettled(t=self.tick(3.0), source="camera", value=None, by=by))

    def move(self, frm, to):
        team = self.ref.engine.turn
        self.push(PieceMoved(t=self.tick(2.0), source="camera", team=team, from_place=frm, to_place=to))
        self.confirm()

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
    s.pop(6); s.say(V, "raise"); s.move("track19", "track25")
    s.pop(6); s.move("track25", "track3"); s.pop(4); s.move("track3", "goal1")
    # Aino forgot hembo: Sudet's pop costs Aino 1; Sudet fails its three tries
    s.pops(1, 2, 3)
    # Aino: out on the third try; Karhut: out, doubled, one step
    s.pops(4, 5, 6, 5)
    s.pops(1, 5, 6); s.pop(6); s.say(K, "double"); s.pop(1)
    # Ville: a second piece to the goal
    s.pop(6); s.move("track7", "track13"); s.move("track13", "track19")
    s.pop(6); s.move("track19", "track25"); s.pop(6); s.move("track25", "track3")
    s.pop(6); s.move("track3", "goal3"); s.pop(5); s.move("track10", "track15")
    # Sudet fails; Aino steps
    s.pops(2, 2, 4); s.pop(1)
    # Karhut: a piece out, then the double may not drive onto Ville's mine while another move exists
    s.pop(6); s.pop(6); s.move("track1", "track7"); s.move("track0", "track6"); s.pop(2); s.move("track6", "track8")
    # Ville eats Aino on the way to goal 4
    s.pop(6); s.move("track15", "track21"); s.pop(6); s.move("track21", "track27")
    s.say(A_, "hembo")
    s.pop(6); s.move("track27", "track5"); s.pop(5); s.move("track5", "goal4")
    # Sudet fails; Aino out; Karhut steps
    s.pops(3, 1, 2); s.pops(6, 3); s.pop(3); s.move("track8", "track11")
    # Ville's last piece home: all four in the goal, but 6 fines owed
    s.pops(6, 6, 6, 6, 5)
    # Sudet fails; Aino steps; Karhut's double runs round and splits at goal 1 (one queues)
    s.pops(4, 4, 4); s.pop(2)
    s.pop(6); s.move("track1", "track7"); s.pop(6); s.move("track7", "track13"); s.pop(6); s.move("track13", "track19")
    s.pop(6); s.move("track19", "track25"); s.pop(3); s.move("track25", "goal1")
    s.pops(1, 2, 3); s.pop(4)
    s.pop(1); s.move("queue", "goal2")
    # the bookkeeper: drinks; Ville's last drink wins the game
    s.drink(K, 3); s.drink(A_, 3); s.drink(V, 6)

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
        ("Aino", 1, "eaten"),  # Ville eats Aino at track27
    ]
    ledger = ref.summary()["ledger"]
    assert [(e["team"], e["fines"], e["reason"]) for e in ledger["entries"]] == hand
    given = {name: sum(f for n, f, _ in hand if n == name) for name in ("Karhut", "Ville", "Sudet", "Aino")}
    drunk = {"Karhut": 2 + 3, "Ville": 2 + 6, "Sudet": 0, "Aino": 3}
    assert given == {"Karhut": 5, "Ville": 8, "Sudet": 2, "Aino": 3}
    assert ledger["teams"] == [{"team": n, "given": given[n], "drunk": drunk[n], "owed": given[n] - drunk[n]}
                               for n in given]
    fines = [r for r in ref.rulings if r.kind == "fine"]
    assert sum(r.penalty for r in fines) == 18 and {r.unit for r in fines} == {"fine"}


def test_the_sample_ends_with_a_winner_and_exercises_every_rule():
    ref = replayed()
    summary = ref.summary()
    assert summary["finished"] and summary["winner"] == "Ville" and summary["moral_winners"] == ["Ville"]
    assert summary["board"][1]["goal"] == [1, 2, 3, 4] and summary["board"][0]["goal"] == [1, 2]
    kinds = {r.kind for r in ref.rulings}
    assert kinds == {"repop", "opening", "colours", "no_move", "move", "choose", "die_unreadable", "fine",
                     "hembo_due", "hembo_heard", "out_of_turn", "die_reset", "paused", "reset_die", "resumed",
                     "drunk", "impossible", "illegal_move", "game_over"}
    moves = [r.data["move"] for r in ref.rulings if r.kind == "move"]
    assert moves.count("double") == 5 and moves.count("raise") == 1
    assert "track25→goal1" in moves and "queue→goal2" in moves and "track23→track0 (mine)" in moves
    wrong = [r.en for r in ref.rulings if r.kind in ("impossible", "illegal_move")]
    assert wrong == [
        "Ville moved track13→track20 (7 steps) but the die shows 6; expected: home→track7, track13→track19.",
        "Ville cannot raise: it has raised this round already.",
        "Illegal move track7→track13: an own piece already stands there; expected: track10→track16, "
        "track13→track19.",
        "Illegal move track1→track7: driving onto a mine is forbidden while another move exists; "
        "expected: track0→track6, double.",
    ]
    stats = summary["die_statistics"]
    assert stats["counts"] == [14, 14, 12, 14, 11, 60] and stats["pops"] == 125 and stats["p_value"] < 0.001


def test_replay_json_from_the_command_line():
    out = subprocess.run([sys.executable, "-m", "pelituomari", "replay", str(SAMPLE), "--json", "--language", "en"],
                         capture_output=True, text=True, check=True, cwd=SAMPLE.parent.parent.parent).stdout
    data = json.loads(out)
    assert data["game"] == "kimble" and data["winner"] == "Ville" and len(data["die_log"]) == 125 + 1 + 3  # counted, unreadable, reset
    assert data["ledger"]["teams"][1] == {"team": "Ville", "given": 8, "drunk": 8, "owed": 0}

if __name__ == "__main__":
    SAMPLE.write_text(write_jsonl(sample_events()), encoding="utf-8")
    print(f"wrote {SAMPLE}")
