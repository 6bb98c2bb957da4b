"""Application settings that are not game rules: where things are kept."""

from __future__ import annotations

import os
from pathlib import Path

# The event store of the live referee; override with PELITUOMARI_DB or --db.
DEFAULT_DB = Path(os.environ.get("PELITUOMARI_DB", Path.home() / ".local/share/pelituomari/games.db"))
