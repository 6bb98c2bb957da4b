"""The `pelituomari` command line: one sub-command per module in `pelituomari.commands`."""

from __future__ import annotations

import argparse
import importlib
import sys

from pelituomari.store import StoreError

# Each module defines add_parser(subparsers), which registers a sub-command whose `func` runs it.
# Modules keep heavy imports (OpenCV, onnxruntime) inside their run functions so that the CLI
# starts fast whatever the command.
COMMANDS = ("replay", "play", "resume", "schema", "detect", "sheet", "hw_test", "run", "calibrate", "serve",
            "publish", "hub")


class CommandError(Exception):
    """A user-facing failure: printed as one line on stderr, exit status 2."""


def require_positive(value: float, option: str, what: str) -> None:
    """A CommandError unless value is a finite number above 0, e.g. "--stall must be seconds above 0"."""
    if not 0 < value < float("inf"):
        raise CommandError(f"{option} must be {what} above 0, got {value:g}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pelituomari", description="Camera-and-button referee for tabletop games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"pelituomari.commands.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args) or 0
    except (CommandError, StoreError) as e:
        print(f"pelituomari {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
