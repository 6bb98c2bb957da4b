"""Frames of a live game kept for labelling: the real photographs the vision model is judged on.

The models learnt from rendered scenes; how well they read a real table is measured on real photos
labelled by hand (models/MODEL_CARD.md, "Real card photographs"). A game refereed with `pelituomari run
--keep-frames DIR` gathers them as it is played: the first frame and then one every ``every_s``
seconds (an even sample of the table, to score the model on), and a frame whenever a face-up card or
the die is in sight but could not be read (the hard cases, to learn from), at most one every
``unread_gap_s``. Each is the camera's whole picture as it came, what `pelituomari detect` reads, named
by the game, its clock (as in the event log, so a ruling's frame is found by its time) and why it was
kept. Nothing is overwritten, at most ``limit`` frames are kept so an evening cannot fill a Pi's card,
and a frame that cannot be written stops the keeping, never the game.
"""

from __future__ import annotations

import errno
from pathlib import Path

import cv2
import numpy as np

from vision.tracking import Seen

KEEP_EVERY_S = 10.0
UNREAD_GAP_S = 2.0
LIMIT = 1000
JPEG_QUALITY = 95


def unread(seen: list[Seen]) -> bool:
    """Whether a face-up card or a die is in sight that the readers could not name."""
    return any((s.kind == "card" and s.card is None) or (s.kind == "die" and s.die is None) for s in seen)


class FrameKeeper:
    """Writes the frames due (``look``) to ``folder`` as ``{prefix}_{t:08.2f}s_{why}.jpg``, where why is
    ``sample``, ``unread`` or ``sample-unread``; ``kept`` lists them, ``error`` says why keeping stopped."""

    def __init__(self, folder: str | Path, every_s: float = KEEP_EVERY_S, unread_gap_s: float = UNREAD_GAP_S,
                 limit: int = LIMIT, prefix: str = "frame"):
        """Makes the folder; raises OSError, naming it, where it cannot be made or is not a folder."""
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", str(self.folder))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.every_s, self.unread_gap_s, self.limit, self.prefix = every_s, unread_gap_s, limit, prefix
        self.kept: list[Path] = []
        self.counts = {"sample": 0, "unread": 0}  # frames kept for each reason (a frame may have both)
        self.error: str | None = None
        self._next_sample: float | None = None  # None: the next frame is the first
        self._next_unread: float | None = None

    def look(self, image: np.ndarray, t: float, seen: list[Seen]) -> Path | None:
        """Keep the frame seen at game time ``t`` if it is due; the file written, or None."""
        if self.error is not None or len(self.kept) >= self.limit:
            return None
        sample = self._next_sample is None or t >= self._next_sample
        hard = unread(seen) and (self._next_unread is None or t >= self._next_unread)
        if not (sample or hard):
            return None
        why = "-".join(name for name, due in (("sample", sample), ("unread", hard)) if due)
        path = self.folder / f"{self.prefix}_{t:08.2f}s_{why}.jpg"
        data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])[1].tobytes()
        try:
            with path.open("xb") as out:
                out.write(data)
        except FileExistsError:
            return None  # an earlier run's frame: left as it is
        except OSError as e:  # a full card, a folder taken away: the game goes on without keeping
            path.unlink(missing_ok=True)
            self.error = f"{path}: {e.strerror or e}"
            return None
        if sample:
            self._next_sample = t + self.every_s
            self.counts["sample"] += 1
        if hard:
            self._next_unread = t + self.unread_gap_s
            self.counts["unread"] += 1
        self.kept.append(path)
        return path

    def summary(self) -> str:
        """What was kept and how to label it, for the end of a run."""
        text = (f"kept {len(self.kept)} frames in {self.folder} ({self.counts['sample']} an even sample, "
                f"{self.counts['unread']} with a card or die left unread); label them: "
                f"pelituomari detect {self.folder}/*.jpg --json --draw "
                f"{self.folder}/drawn > {self.folder}/labels.jsonl, then correct the file (models/MODEL_CARD.md, "
                f"\"Real card photographs\")")
        if len(self.kept) >= self.limit:
            text += f"; stopped at the limit of {self.limit}"
        if self.error is not None:
            text += f"; stopped: {self.error}"
        return text
