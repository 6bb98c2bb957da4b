"""The pile: which cards lie there (the top last), which land, read through glare, and a top taken back."""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.camera import PILE
from vision.colour import Glare
from vision.tracking.glare_history import GlareHistory
from vision.tracking.losses import Change, Losses
from vision.tracking.sightings import CARD_ASKEW_MM, Debounced, Seen, card_hidden, dist


@dataclass
class PileRun:
    """A card read landing on the pile, not yet confirmed: in how many frames it was read surely, when it was
    first seen (give or take dt), where it was last seen, and whether that first reading was clear of glare
    (one glare cannot have made: the card is followed into glare, Pile.through_glare)."""

    frames: int
    first: float
    dt: float
    place: tuple[float, float]
    clear: bool


class Pile:
    """The pile's cards, each confirmed by ``confirm_frames`` sure readings (boxed at least ``landing_conf``:
    a fainter box is a card beneath the top, glimpsed past it). A card taken off the top is a loss of the
    pile (in ``losses``, with its card), for a zone's gain to be paired with."""

    def __init__(self, confirm_frames: int, landing_conf: float, losses: Losses, glare: GlareHistory,
                 face_down: bool = False):
        """face_down: a card laid face down on the pile (surely boxed backs there grow in number) lands too,
        as an unread card (None)."""
        self.confirm_frames, self.landing_conf = confirm_frames, landing_conf
        self._losses, self._glare = losses, glare
        self._backs = Debounced(confirm_frames, stable=0) if face_down else None  # face-down cards on the pile
        self.cards: list[str] = []                          # confirmed pile cards, the top last
        self._runs: dict[str, PileRun] = {}                 # cards landing, not yet confirmed
        self._top_gone: tuple[int, float, float] = (0, 0.0, 0.0)  # frames the top card has been missing
        self._places: dict[str, tuple[float, float]] = {}   # where each pile card was last seen
        self._misread: dict[str, str] = {}                  # what glare read a card on the pile as -> that card

    def adopt(self, pile: list[Seen]) -> None:
        """Take the pile's cards as this frame shows them."""
        read = [s for s in pile if s.kind == "card" and s.card is not None]
        self.cards = list(dict.fromkeys(s.card for s in read))
        self._places = {s.card: (s.x, s.y) for s in read}

    def resync(self, pile: list[Seen]) -> None:
        """The pile as this frame shows it after the camera was blind: the cards read there lie on it now,
        the surest read on top (a fainter box is a card beneath, glimpsed past it), over the cards it held
        before, unseen beneath; nothing is landing, nor taken off, and the face-down cards seen lie there."""
        read = sorted((s for s in pile if s.kind == "card" and s.card is not None), key=lambda s: s.confidence)
        on_top = list(dict.fromkeys(s.card for s in reversed(read)))[::-1]
        self.cards = [c for c in self.cards if c not in on_top] + on_top
        self._places.update({s.card: (s.x, s.y) for s in read})
        self._runs, self._top_gone = {}, (0, 0.0, 0.0)
        if self._backs is not None:
            self._backs.stable = sum(1 for s in pile if s.kind == "card_back" and s.confidence >= self.landing_conf)
            self._backs.candidate, self._backs.run = None, 0

    def top(self, pile: list[Seen]) -> tuple[str | None, bool]:
        """What this frame shows on the pile's top: the card read most surely (None: none read surely), and
        whether a card lies face down over it (a back boxed at least as surely)."""
        sure = [s for s in pile if s.kind in ("card", "card_back") and s.confidence >= self.landing_conf]
        surest = max(sure, key=lambda s: (s.confidence, s.kind == "card_back"), default=None)
        if surest is None:
            return None, False
        return (None, True) if surest.kind == "card_back" else (surest.card, False)

    def bury(self, card: str) -> None:
        """A card taken off the top that no zone took: it lies in the pile unseen, not a new card if seen again."""
        self.cards.insert(0, card)

    def update(self, t: float, dt: float, pile: list[Seen], glare: Glare | None) -> list[tuple[str | None, Change]]:
        """One frame's sightings on the pile; the cards it confirms landing, with when they were first seen."""
        if glare is not None:
            pile = self.through_glare(pile, glare)
        for s in pile:
            if s.kind == "card" and s.card in self.cards:
                self._places[s.card] = (s.x, s.y)
            elif s.kind == "card" and s.card in self._runs:  # glimpsed, if only faintly: it lies here now
                self._runs[s.card].place = (s.x, s.y)
        visible = {s.card for s in pile if s.kind == "card" and s.card is not None}
        # a pile card where glare hides the picture is still there
        visible |= {c for c in self.cards if c in self._places and card_hidden(glare, self._places[c])}
        # A card landing on the pile lies on top, in full view; one seen only faintly is a card
        # beneath, glimpsed past the top (and often misread or unread): it neither lands nor covers
        # the top. A faint sighting of a card already on the pile still says it is there.
        sure = [s for s in pile if s.kind == "card" and s.confidence >= self.landing_conf]
        landed = {s.card for s in sure if s.card is not None}
        unread = any(s.card is None for s in sure)
        # A card in full view is boxed at least as surely as one it covers: an unread box fainter than
        # a card read there lies beneath that card, not over the top.
        surest_read = max((s.confidence for s in pile if s.kind == "card" and s.card is not None), default=0.0)
        unread_over = any(s.card is None and s.confidence >= surest_read for s in sure)
        backs = sum(1 for s in pile if s.kind == "card_back" and s.confidence >= self.landing_conf)
        face_down = self._backs is not None and backs > 0  # a card laid face down covers the top
        self._watch_top(t, dt, visible, landed, unread_over or face_down)
        # A run of sightings goes on through frames where a face-up card there is unread (it may be
        # this card, read again in the next frame), and, for a card read clear of glare, while glare hides
        # where it lies; a frame that shows neither breaks it.
        runs = {card: run for card, run in self._runs.items()
                if (unread and card not in visible) or (run.clear and card_hidden(glare, run.place))}
        for card in landed - set(self.cards):
            place = next((s.x, s.y) for s in sure if s.card == card)
            if card in self._runs:
                runs[card] = self._runs[card]
                runs[card].frames += 1
                runs[card].place = place
            else:  # first seen here: it may have come while glare blinded its place
                clear = not card_hidden(glare, place)
                runs[card] = PileRun(1, t, self._glare.unseen_for(*place, t, dt), place, clear)
        self._runs = runs
        arrived = []
        for card, run in sorted(runs.items(), key=lambda kv: kv[1].first):
            if run.frames >= self.confirm_frames:
                del self._runs[card]
                self._places[card] = run.place
                self.cards.append(card)
                if not self._losses.uncover(card):  # else it was only covered for a moment: it never left
                    arrived.append((card, Change(PILE, run.first, run.dt)))
        if self._backs is not None:
            before = self._backs.stable
            if self._backs.update(backs, t, dt) and self._backs.stable > before:
                arrived.append((None, Change(PILE, self._backs.run_t, self._backs.run_dt)))
        return arrived

    def through_glare(self, pile: list[Seen], glare: Glare) -> list[Seen]:
        """The pile as seen, each box where glare hides a card's place taken for the card known to lie there:
        glare misreads what it lies on (a face half white reads as another card, or not at all). A box read as
        a card still landing keeps its reading; any other is the first within CARD_ASKEW_MM, and not read by
        another box, of the cards landing that were first read clear of glare (the newest first: a card landing
        lies on top), then, for a box unread or read as a pile card or as what glare has read one as before, of
        the pile's cards from the top down, unless a zone has lost a card still to be found (the box may be
        that card). Any other reading stands: it may be a card come unseen."""
        newest_first = sorted(self._runs.items(), key=lambda kv: kv[1].first, reverse=True)
        landing = [(card, run.place) for card, run in newest_first if run.clear]
        on_pile = [] if self._losses.off_the_pile() else \
            [(card, self._places[card]) for card in reversed(self.cards) if card in self._places]
        out = []
        for s in pile:
            here = (s.x, s.y)
            if s.kind == "card" and s.card not in self._runs and card_hidden(glare, here):
                a_pile_card = s.card is None or s.card in self.cards or self._misread.get(s.card) in self.cards
                known = landing + (on_pile if a_pile_card else [])
                elsewhere = {o.card for o in pile if o is not s and o.kind == "card"}
                card = next((c for c, place in known if c not in elsewhere and dist(place, here) <= CARD_ASKEW_MM),
                            s.card)
                if s.card is not None and s.card not in self.cards and card != s.card:
                    self._misread[s.card] = card
                s = replace(s, card=card)
            out.append(s)
        return out

    def _watch_top(self, t: float, dt: float, visible: set[str], landed: set[str], unread_over: bool) -> None:
        """The top card missing from the pile for ``confirm_frames`` frames, with the card under
        it in sight and nothing (read or not: unread_over) landed over it, has been taken off; cards under
        the top are covered, not gone."""
        newcomers = landed - set(self.cards)  # a card landing on the top covers it
        # taking the top card off uncovers the one under it: without that, the top is only unread
        uncovered = len(self.cards) < 2 or self.cards[-2] in visible
        if not self.cards or self.cards[-1] in visible or newcomers or unread_over or not uncovered:
            self._top_gone = (0, 0.0, 0.0)
            return
        frames, first, first_dt = self._top_gone
        self._top_gone = (frames + 1, first if frames else t, first_dt if frames else dt)
        if frames + 1 >= self.confirm_frames:
            card = self.cards.pop()
            self._losses.add(Change(PILE, self._top_gone[1], self._top_gone[2], card))
            self._top_gone = (0, 0.0, 0.0)
