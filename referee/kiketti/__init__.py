"""Kiketti: its engine (rules and state), card values and powers, round scoring and the score sheet."""

from .engine import KikettiEngine

__all__ = ["KikettiEngine"]
