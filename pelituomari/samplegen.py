"""Render the embedded sample videos: a Kiketti round, a gin rummy hand, a Skruuvi deal and Kimble opening
pops, with ground truth.

    python3 -m pelituomari.samplegen [--out pelituomari/samples]

Each game is a script of card moves (or die pops) on the virtual table of ``vision.virtual_table``,
drawn with the synthetic card, die and table renderers of ``models.synth`` and seen through an
overhead camera tilted ``TILT_DEG``.  Written per game: ``NAME.mp4``, ``NAME.calibration.json`` (found from
the ArUco markers of the first frame, exactly as ``pelituomari calibrate`` would) and
``NAME.truth.jsonl``: the game start and every event the camera should report, each dated by the
first frame that shows it; where people speak (Skruuvi's bids), ``NAME.said.jsonl``: what they say, on the
video's clock, for ``pelituomari run --said``.  Rendering is deterministic (fixed seeds).
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from calibration.table import TableCalibration
from calibration.zones import Zone, gin_layout, kiketti_layout, kimble_layout, skruuvi_layout
from referee.events import (CardMoved, CardsRevealed, Declared, DieSettled, Event, GameStarted, Source, hand_zone,
                            seat_zone, write_jsonl)
from vision.virtual_table import CARD_MM, Sprite, VirtualTable, camera_homography

from pelituomari.game import GAMES

FPS = 15
IMAGE_SIZE = (1280, 720)
TILT_DEG = 8.0   # the samples' camera: this many degrees off looking straight down (benchmarks/bench_mount.py turns it further)
KIKETTI_TABLE = (900.0, 560.0)
KIMBLE_TABLE = (640.0, 400.0)
GIN_TABLE = (1000.0, 800.0)
SKRUUVI_TABLE = (1000.0, 800.0)
DECK = "proc-3"
RANKS = "23456789TJQKA"  # low to high, as Skruuvi ranks them
SAMPLES = Path(__file__).parent / "samples"


@dataclass
class Pose:
    x: float
    y: float
    angle: float = 0.0


@dataclass
class Move:
    card: str
    t0: float
    duration: float
    start: Pose
    end: Pose
    up_before: bool
    up_after: bool


class CardScript:
    """Card moves in time; ``frame_state(t)`` says where every card lies and which side is up."""

    def __init__(self, zones: dict[str, Zone]):
        self.zones = zones
        self.t = 0.6
        self.moves: list[Move] = []
        self.pose: dict[str, Pose] = {}
        self.up: dict[str, bool] = {}
        self.expected: list[tuple[str, dict]] = []  # (kind, fields); "t" is found from the frames

    def move(self, card: str, to: Pose, up: bool | None = None, duration: float = 0.45, pause: float = 0.35,
             start: Pose | None = None, event: dict | None = None) -> None:
        begin = start or self.pose[card]
        up_before = self.up.get(card, False)
        up_after = up_before if up is None else up
        self.moves.append(Move(card, self.t, duration, begin, to, up_before, up_after))
        self.pose[card], self.up[card] = to, up_after
        if event is not None:
            self.expected.append(("moved", {"card_code": card, "t0": self.t, **event}))
        self.t += duration + pause

    def reveal(self, zone: str, cards: list[str]) -> None:
        t0 = self.t
        for card in cards:
            self.move(card, self.pose[card], up=True, duration=0.3, pause=0.1)
        self.expected.append(("revealed", {"zone": zone, "cards": tuple(cards), "t0": t0}))
        self.t += 0.5

    def frame_state(self, t: float) -> list[tuple[str, Pose, bool]]:
        """(card, pose, face up) of every card on the table at time ``t``, bottom first."""
        state: dict[str, tuple[float, Pose, bool]] = {}
        for m in self.moves:
            if m.t0 > t:
                continue
            f = min(1.0, (t - m.t0) / m.duration)
            e = f * f * (3 - 2 * f)  # ease in and out
            pose = Pose(m.start.x + (m.end.x - m.start.x) * e, m.start.y + (m.end.y - m.start.y) * e,
                        m.start.angle + (m.end.angle - m.start.angle) * e)
            up = m.up_after if f >= 0.5 else m.up_before
            state[m.card] = (m.t0, pose, up)
        return [(card, pose, up) for card, (_, pose, up) in sorted(state.items(), key=lambda kv: kv[1][0])]


def kiketti_script() -> tuple[CardScript, GameStarted]:
    """Two players; Aino (seat 0, near edge) deals, Ville (seat 1, far edge) opens.

    Deal; Ville draws 5h and discards it; Aino slaps her own 5c; Aino draws 9h and discards it,
    slaps her 9s; Ville draws Qd, puts it among his table cards and sends Kh to the pile; Aino
    slaps Kc and Ville, a moment later, Ks; Aino draws 2s and discards it; Ville slaps 3h (wrong:
    it goes back, and he takes two penalty cards); Aino slaps her last card 2d: her table is
    empty, the round ends, Ville turns his cards up."""
    zones = kiketti_layout(2, KIKETTI_TABLE)
    s = CardScript(zones)
    stock = Pose(*zones["stock"].centre, 0.0)
    pile_x, pile_y = zones["pile"].centre
    rng = np.random.default_rng(5)

    def slot(seat: int, i: int) -> Pose:
        z = zones[seat_zone(seat)]
        return Pose(z.x0 + 37.5 + 75 * i, (z.y0 + z.y1) / 2, 180.0 if seat == 1 else 0.0)

    def pile() -> Pose:
        return Pose(pile_x + rng.uniform(-12, 12), pile_y + rng.uniform(-12, 12), rng.uniform(-25, 25))

    def hand(seat: int) -> Pose:
        x, y = zones[hand_zone(seat)].centre
        return Pose(x, y, 180.0 if seat == 1 else 0.0)

    aino = {"5c": 0, "9s": 1, "2d": 2, "Kc": 3}
    ville = {"7d": 1, "Kh": 2, "3h": 3, "Ks": 4}  # slot 0 is left free for the card he swaps in
    for (a, ai), (v, vi) in zip(aino.items(), ville.items()):
        s.move(v, slot(1, vi), start=stock, event={"from_zone": "stock", "to_zone": "seat1"})
        s.move(a, slot(0, ai), start=stock, event={"from_zone": "stock", "to_zone": "seat0"})
    s.t += 1.0

    def draw(card: str, seat: int) -> None:
        s.move(card, hand(seat), start=stock, pause=0.8,
               event={"from_zone": "stock", "to_zone": hand_zone(seat), "by": seat})

    def to_pile(card: str, from_zone: str, by: int, pause: float = 0.6) -> None:
        s.move(card, pile(), up=True, pause=pause,
               event={"from_zone": from_zone, "to_zone": "pile", "face_up": True, "by": by, "card": card})

    draw("5h", 1)
    to_pile("5h", "hand1", 1)
    to_pile("5c", "seat0", 0, pause=1.0)
    draw("9h", 0)
    to_pile("9h", "hand0", 0)
    to_pile("9s", "seat0", 0, pause=1.0)
    draw("Qd", 1)
    s.move("Qd", slot(1, 0), pause=0.6, event={"from_zone": "hand1", "to_zone": "seat1", "by": 1})
    to_pile("Kh", "seat1", 1, pause=0.15)
    to_pile("Kc", "seat0", 0, pause=-0.2)  # Ville's Ks starts 0.25 s after Aino's Kc
    to_pile("Ks", "seat1", 1, pause=1.0)
    draw("2s", 0)
    to_pile("2s", "hand0", 0)
    to_pile("3h", "seat1", 1, pause=1.0)  # wrong: 3 is no 2
    s.move("3h", slot(1, 3), up=False, event={"from_zone": "pile", "to_zone": "seat1", "card": "3h"})
    for card, i in (("Ah", 2), ("8c", 4)):  # two penalty cards from the stock
        s.move(card, slot(1, i), start=stock, event={"from_zone": "stock", "to_zone": "seat1"})
    to_pile("2d", "seat0", 0, pause=1.2)
    s.reveal("seat1", ["Qd", "7d", "Ah", "3h", "8c"])
    s.t += 1.5
    start = GameStarted(t=0.0, game="kiketti", players=("Aino", "Ville"), settings={"rounds": 1, "required_calls": 0})
    return s, start


def render_kiketti(out: Path, tilt_deg: float = TILT_DEG) -> None:
    script, start = kiketti_script()
    _render_cards(script, start, KIKETTI_TABLE, out / "kiketti_table", tilt_deg)


def gin_script() -> tuple[CardScript, GameStarted]:
    """One hand of two-player gin rummy; Aino (seat 0, near edge) deals, Eero (seat 1, far edge) is offered
    the upcard. Held cards are off the table, out of the camera's sight; the deal and draws from the stock
    go unseen.

    The upcard 2c; Eero takes it and throws the Kd; Aino draws and throws the Qs; Eero draws and throws the
    2c; Aino takes it and throws the 4d; Eero draws and knocks face down, then lays his cards face up in
    his meld area: 3h 4h 5h 6h, 9s 9d 9c and As 2d 3s (6 deadwood); Aino lays hers, Js Jh Jd and 2c 5s 8d
    Tc Ks, and lays the 7h and 9h off onto Eero's melds."""
    zones = gin_layout(2, GIN_TABLE)
    s = CardScript(zones)
    stock = Pose(*zones["stock"].centre, 0.0)
    pile_x, pile_y = zones["pile"].centre
    rng = np.random.default_rng(7)
    held = {0: Pose(GIN_TABLE[0] / 2, GIN_TABLE[1] + 250, 0.0), 1: Pose(GIN_TABLE[0] / 2, -250, 180.0)}

    def pile() -> Pose:
        return Pose(pile_x + rng.uniform(-12, 12), pile_y + rng.uniform(-12, 12), rng.uniform(-25, 25))

    def discard(card: str, seat: int, pause: float = 1.2) -> None:
        s.move(card, pile(), up=True, start=held[seat], pause=pause,
               event={"from_zone": "hand", "to_zone": "pile", "face_up": True, "card": card})

    def take(card: str, seat: int) -> None:
        s.move(card, held[seat], up=False, pause=1.0, event={"from_zone": "pile", "to_zone": "hand", "card": card})

    def lay(seat: int, cards: list[str], row: int = 0, first_slot: int = 0, told: tuple[str, ...] = ()) -> None:
        """Cards laid face up in a row of seat's meld area; told: the zone's cards the camera then tells."""
        s.expected.append(("laid", {"zone": f"melds{seat}", "cards": told or tuple(cards), "t0": s.t}))
        z = zones[f"melds{seat}"]
        y = z.y0 + 50 + 100 * row if seat == 0 else z.y1 - 50 - 100 * row
        for i, card in enumerate(cards):
            x = z.x0 + 40 + 68 * (first_slot + i) + 34 * row  # a second row half a card along: never in line
            s.move(card, Pose(x, y, 180.0 if seat == 1 else 0.0), up=True, start=held[seat], pause=0.2)
        s.t += 1.4

    s.move("2c", pile(), up=True, start=stock, pause=1.5,
           event={"from_zone": "hand", "to_zone": "pile", "face_up": True, "card": "2c"})  # the upcard
    take("2c", 1)
    discard("Kd", 1)
    discard("Qs", 0)
    discard("2c", 1)
    take("2c", 0)
    discard("4d", 0)
    s.move("Kc", pile(), up=False, start=held[1], pause=1.5,
           event={"from_zone": "hand", "to_zone": "pile", "face_up": False})  # the knock, face down
    eero = ["3h", "4h", "5h", "6h", "9s", "9d", "9c", "As", "2d", "3s"]
    lay(1, eero)
    lay(0, ["Js", "Jh", "Jd", "2c", "5s", "8d", "Tc", "Ks"])
    lay(1, ["7h", "9h"], row=1, first_slot=2, told=(*eero, "7h", "9h"))
    s.t += 1.5
    start = GameStarted(t=0.0, game="gin", players=("Aino", "Eero"), settings={"first_dealer": 0})
    return s, start


def render_gin(out: Path, tilt_deg: float = TILT_DEG) -> None:
    script, start = gin_script()
    _render_cards(script, start, GIN_TABLE, out / "gin_table", tilt_deg)


def skruuvi_script() -> tuple[CardScript, list[Declared], GameStarted]:
    """The first deal of a Skruuvi evening, as the camera sees it and the players say it: Aino (seat 0, near
    edge) keeps the book, Eero (seat 1, on her left) deals; the hands are held off the table, out of sight.

    Eero opens 5h and all pass twice; he shows the four centre cards, takes them, and the exchange goes on
    unseen; Eero and Ville pass the contract, Sanni doubles it. Then the 13 tricks, each card laid face up
    before its player and each trick turned face down and gathered to the winner's side; from trick 2 on,
    the first player who can leaves the suit led while holding it (a revoke, found when they later play
    that suit)."""
    zones = skruuvi_layout(4, SKRUUVI_TABLE)
    s = CardScript(zones)
    w, h = SKRUUVI_TABLE
    held = {0: Pose(w / 2, h + 250, 0.0), 1: Pose(-250, h / 2, 90.0), 2: Pose(w / 2, -250, 180.0),
            3: Pose(w + 250, h / 2, 270.0)}
    rng = np.random.default_rng(13)
    said: list[Declared] = []

    def say(seat: int, what: str, value: str | None = None, pause: float = 0.4) -> None:
        said.append(Declared(t=round(s.t, 3), source=Source.MANUAL, by=seat, what=what, value=value))
        s.t += pause

    deck = [rank + suit for suit in "shdc" for rank in RANKS]
    deck = [deck[i] for i in rng.permutation(len(deck))]
    hands = {seat: deck[13 * seat:13 * seat + 13] for seat in range(4)}   # as they are after the exchange
    centre = hands[1][:4]  # Eero kept the four he took
    cx, cy = zones["centre"].centre
    s.t = 0.0
    for k, card in enumerate(centre):  # dealt face down before the video begins
        spot = Pose(cx - 112.5 + 75 * k, cy, 0.0)
        s.move(card, spot, start=spot, duration=0.01, pause=0.0)
    s.t = 0.6
    say(1, "bid", "5h")
    for seat in (2, 3, 0, 1, 2, 3, 0, 1):
        say(seat, "pass")
    for card in centre:  # Eero shows them, turns them back and takes them into his hand
        s.move(card, s.pose[card], up=True, duration=0.2, pause=0.0)
    s.t += 0.6
    for card in centre:
        s.move(card, s.pose[card], up=False, duration=0.2, pause=-0.2)
    s.t += 0.2
    for card in centre:
        s.move(card, held[1], duration=0.35, pause=-0.27)
    s.t += 0.6
    for seat in (1, 3, 1, 3):
        say(seat, "pass")
    say(2, "double", pause=0.8)
    leader, trump, revoked = 2, "h", False
    for number in range(1, 14):
        plays: list[tuple[int, str]] = []
        for k in range(4):
            seat = (leader + k) % 4
            led = plays[0][1][1] if plays else None
            follow = [c for c in hands[seat] if c[1] == led]
            other = [c for c in hands[seat] if c[1] != led]
            revoke = not revoked and number >= 2 and bool(follow) and bool(other)
            revoked |= revoke
            card = str(rng.choice(other if revoke else (follow or hands[seat])))
            hands[seat].remove(card)
            plays.append((seat, card))
            x, y = zones[f"play{seat}"].centre
            spot = Pose(x + rng.uniform(-10, 10), y + rng.uniform(-10, 10), held[seat].angle + rng.uniform(-12, 12))
            s.expected.append(("laid", {"zone": f"play{seat}", "cards": (card,), "t0": s.t}))
            s.move(card, spot, up=True, start=held[seat], duration=0.25, pause=0.1)
        s.t += 0.2
        led = plays[0][1][1]
        leader = max(plays, key=lambda p: (2 if p[1][1] == trump else 1 if p[1][1] == led else 0,
                                            RANKS.index(p[1][0])))[0]
        for _, card in plays:  # turned face down where they lie, then gathered to the winner's side
            s.move(card, s.pose[card], up=False, duration=0.15, pause=-0.15)
        s.t += 0.15
        x, y = zones[f"tricks{leader}"].centre
        for i, (_, card) in enumerate(plays):
            s.move(card, Pose(x - 30 + 5 * number, y + rng.uniform(-8, 8), 90.0 * (number % 2)), duration=0.25,
                   pause=-0.17 if i < 3 else 0.15)
    s.t += 1.0
    start = GameStarted(t=0.0, game="skruuvi", players=("Aino", "Eero", "Sanni", "Ville"))
    return s, said, start


def render_skruuvi(out: Path, tilt_deg: float = TILT_DEG) -> None:
    script, said, start = skruuvi_script()
    base = out / "skruuvi_table"
    _render_cards(script, start, SKRUUVI_TABLE, base, tilt_deg, stack="deck")
    Path(f"{base}.said.jsonl").write_text(write_jsonl(said), encoding="utf-8")


def _render_cards(script: CardScript, start: GameStarted, table_mm: tuple[float, float], base: Path,
                  tilt_deg: float, stack: str = "stock") -> None:
    """A card game's script as BASE.mp4, its calibration and its ground truth; a few backs lie in the
    ``stack`` zone throughout (the stock, or Skruuvi's other deck)."""
    from models.synth.decks import card_face, procedural_back
    from models.synth.textures import table_texture

    rng = np.random.default_rng(11)
    felt = table_texture(round(table_mm[1]), round(table_mm[0]), rng, "felt")
    table = VirtualTable(table_mm, felt, IMAGE_SIZE, H=camera_homography(table_mm, IMAGE_SIZE, tilt_deg=tilt_deg))
    back = procedural_back(5)
    faces: dict[str, np.ndarray] = {}
    stock = Pose(*script.zones[stack].centre)
    stock_pile = [Sprite(back, stock.x - 1.5 * k, stock.y - 1.0 * k, *CARD_MM, 0.0) for k in range(3)]
    frames = round((script.t + 0.5) * FPS)
    truth_frames: list[list[tuple[str, Pose, bool]]] = []
    writer = _writer(base.with_suffix(".mp4"))
    noise = np.random.default_rng(3)
    for n in range(frames):
        state = script.frame_state(n / FPS)
        truth_frames.append(state)
        sprites = list(stock_pile)
        for card, pose, up in state:
            image = faces.setdefault(card, card_face(card, DECK, None)) if up else back
            sprites.append(Sprite(image, pose.x, pose.y, *CARD_MM, pose.angle))
        frame = table.render(sprites, noise)
        if n == 0:
            _write_calibration(frame, table_mm, script.zones, table.H, Path(f"{base}.calibration.json"))
        writer.write(frame)
    writer.release()
    events = _card_truth(script, truth_frames)
    Path(f"{base}.truth.jsonl").write_text(write_jsonl([start, *events]), encoding="utf-8")


def _card_truth(script: CardScript, frames: list[list[tuple[str, Pose, bool]]]) -> list[Event]:
    """Each scripted event dated by the first frame that shows it done."""
    zones = script.zones
    events: list[Event] = []
    for kind, f in script.expected:
        first = math.ceil(f["t0"] * FPS - 1e-9)
        for n in range(first, len(frames)):
            where = {card: (pose, up) for card, pose, up in frames[n]}
            if kind == "revealed":
                done = all(where[c][1] for c in f["cards"])
            elif kind == "laid":
                done = all(c in where and where[c][1] and zones[f["zone"]].contains(where[c][0].x, where[c][0].y)
                           for c in f["cards"])
            elif f["to_zone"] not in zones:  # into a hand out of sight: done once it has left where it was
                pose, _ = where[f["card_code"]]
                done = not zones[f["from_zone"]].contains(pose.x, pose.y)
            else:
                pose, up = where[f["card_code"]]
                done = zones[f["to_zone"]].contains(pose.x, pose.y) and (up or not f.get("face_up", False))
            if done:
                break
        else:
            raise AssertionError(f"scripted event never happens in the frames: {kind} {f}")
        t, dt = n / FPS, (round(1 / FPS, 6) if n else 0.0)  # as the tracker reports a frame interval
        if kind == "laid":  # told left to right where they come to rest, as the camera reads them
            cards = tuple(sorted(f["cards"], key=lambda c: (script.pose[c].x, script.pose[c].y)))
            events.append(CardsRevealed(t=t, source=Source.CAMERA, zone=f["zone"], cards=cards))
        elif kind == "revealed":
            events.append(CardsRevealed(t=t, source=Source.CAMERA, zone=f["zone"], cards=f["cards"]))
        else:
            events.append(CardMoved(t=t, source=Source.CAMERA, card=f.get("card"), from_zone=f["from_zone"],
                                    to_zone=f["to_zone"], face_up=f.get("face_up", False), by=f.get("by"),
                                    t_uncertainty=dt))
    return sorted(events, key=lambda e: e.t)


# ---------------------------------------------------------------- Kimble


@dataclass
class Pop:
    """A pop: the die tumbles for ``tumble_s`` then rests at ``rest`` showing ``value``
    (a pair of values alternating frame by frame: a leaning die the camera cannot read)."""

    t0: float
    rest: Pose
    value: int | tuple[int, int]
    tumble_s: float = 0.6


def kimble_pops() -> tuple[list[Pop], float, GameStarted]:
    """The opening pops of four teams: 3, 6, a leaning die (unreadable), tapped: 2, then 5."""
    cx, cy = kimble_layout(KIMBLE_TABLE)["dome"].centre
    spots = [(-12, 8, 20), (10, -6, 65), (4, 12, 40), (-8, -10, 10), (12, 6, 80)]
    values: list[int | tuple[int, int]] = [3, 6, (1, 4), 2, 5]
    pops, t = [], 1.2
    for (dx, dy, angle), value in zip(spots, values):
        pops.append(Pop(t, Pose(cx + dx, cy + dy, angle), value))
        t += 0.6 + 1.6
    start = GameStarted(t=0.0, game="kimble", players=("Punaiset", "Siniset", "Keltaiset", "Vihreät"))
    return pops, t + 0.5, start


def die_state(pops: list[Pop], initial: Pose, initial_value: int, n: int, rng: np.random.Generator):
    """Where the die is and what it shows in frame ``n``."""
    t = n / FPS
    pose, value = initial, initial_value
    for pop in pops:
        if t < pop.t0:
            break
        if t < pop.t0 + pop.tumble_s:
            cx, cy = pop.rest.x, pop.rest.y
            return Pose(cx + rng.uniform(-25, 25), cy + rng.uniform(-25, 25), rng.uniform(0, 90)), int(rng.integers(1, 7))
        pose = pop.rest
        value = pop.value if isinstance(pop.value, int) else pop.value[n % 2]
    return pose, value


def render_kimble(out: Path, tilt_deg: float = TILT_DEG) -> None:
    from models.synth.dice import die_image, dome_overlay
    from models.synth.textures import table_texture

    pops, duration, start = kimble_pops()
    zones = kimble_layout(KIMBLE_TABLE)
    rng = np.random.default_rng(21)
    surface = table_texture(400, 640, rng, "wood")
    board = zones["board"]
    bw, bh = round(board.x1 - board.x0), round(board.y1 - board.y0)
    surface[round(board.y0):round(board.y0) + bh, round(board.x0):round(board.x0) + bw] = table_texture(bh, bw, rng, "kimble")
    dome_x, dome_y = zones["dome"].centre
    plain = np.median(surface[round(board.y0):round(board.y1), round(board.x0):round(board.x1)].reshape(-1, 3), axis=0)
    cv2.circle(surface, (round(dome_x), round(dome_y)), 75, tuple(int(c) for c in plain), -1, cv2.LINE_AA)  # the dome's base
    table = VirtualTable(KIMBLE_TABLE, surface, IMAGE_SIZE, H=camera_homography(KIMBLE_TABLE, IMAGE_SIZE, tilt_deg=tilt_deg))
    die_size = 18.0
    faces = {v: die_image(v, 64, np.random.default_rng(0), color=(245, 245, 245), pip_color=(20, 20, 20))[0]
             for v in range(1, 7)}
    initial = Pose(dome_x - 5, dome_y + 3, 15)
    frames = round(duration * FPS)
    writer = _writer(out / "kimble_table.mp4")
    noise, tumble = np.random.default_rng(3), np.random.default_rng(4)

    def dome(canvas, to_canvas, s):
        dome_overlay(canvas, to_canvas(dome_x, dome_y), 52 * s, np.random.default_rng(9))

    for n in range(frames):
        pose, value = die_state(pops, initial, 4, n, tumble)
        frame = table.render([Sprite(faces[value], pose.x, pose.y, die_size, die_size, pose.angle)], noise, dome)
        if n == 0:
            _write_calibration(frame, KIMBLE_TABLE, zones, table.H, out / "kimble_table.calibration.json")
        writer.write(frame)
    writer.release()
    events = []
    for pop in pops:
        first = math.ceil((pop.t0 + pop.tumble_s) * FPS - 1e-9)
        events.append(DieSettled(t=first / FPS, source=Source.CAMERA,
                                 value=pop.value if isinstance(pop.value, int) else None, zone="dome"))
    (out / "kimble_table.truth.jsonl").write_text(write_jsonl([start, *events]), encoding="utf-8")


# ---------------------------------------------------------------- files


def _writer(path: Path) -> cv2.VideoWriter:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), FPS, IMAGE_SIZE)
    if not writer.isOpened():
        raise RuntimeError(f"{path}: OpenCV cannot write mp4v video here")
    return writer


def _write_calibration(frame, table_mm, zones, true_H, path: Path) -> None:
    """Calibrate from the markers like a user would, and check it against the virtual camera."""
    cal = TableCalibration.from_markers(frame, table_mm, zones=zones)
    corners = np.array([[0, 0], [table_mm[0], 0], [table_mm[0], table_mm[1]], [0, table_mm[1]]], float)
    true_px = cv2.perspectiveTransform(corners[None], true_H)[0]
    err = float(np.abs(cal.to_pixels(corners) - true_px).max())
    if err > 1.0:
        raise RuntimeError(f"{path}: calibration from the rendered markers is {err:.2f} px off")
    cal.save(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the embedded sample videos and their ground truth.")
    parser.add_argument("--out", type=Path, default=SAMPLES)
    parser.add_argument("--game", choices=tuple(GAMES), action="append")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for game in args.game or GAMES:
        GAMES[game].render_sample(args.out)
        print(f"{game}: written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
