"""Embedded sample game logs (JSON Lines), replayed by `pelituomari replay` by default."""
