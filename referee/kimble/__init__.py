"""AS-Kimble: its engine (rules and state), the board, the die's record, the fine ledger and the board's drawing."""

from .engine import Kimble

__all__ = ["Kimble"]
