"""A minimal engine for testing the referee core without any real game's rules."""

from referee.core import Engine, Impossible, Ruling, register
from referee.events import CardMoved, Declared, Event


@register
class TallyEngine(Engine):
    """Counts cards moved onto the pile per seat; a 'stop' declaration is impossible twice."""

    game = "tally"
    settings_defaults = {"limit": 3}

    def __init__(self, start):
        super().__init__(start)
        self.counts = [0] * len(self.players)
        self.stopped = False

    def apply(self, event: Event, seq: int) -> list[Ruling]:
        if isinstance(event, Declared) and event.what == "stop":
            if self.stopped:
                raise Impossible("Jo pysäytetty", "already stopped", (event.by,))
            self.stopped = True
            return [Ruling("stopped", "Seis", "Stop", seats=(event.by,))]
        if isinstance(event, CardMoved) and event.to_zone == "pile" and event.by is not None:
            self.counts[event.by] += 1
            if self.counts[event.by] > self.settings["limit"]:
                # mutate first, then fail: the referee must roll the count back
                raise Impossible("Liikaa", "too many", (event.by,))
            return [Ruling("counted", "Laskettu", "Counted", seats=(event.by,))]
        return []

    def summary(self):
        return {"counts": list(self.counts), "stopped": self.stopped}

    def render(self, language):
        return " ".join(map(str, self.counts))
