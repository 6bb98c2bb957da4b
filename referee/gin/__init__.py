"""Gin rummy ("gini-rommi"): its engine (rules and state), cards and melds, the least deadwood of a
hand, hand scoring and the score sheet."""

from .engine import GinEngine

__all__ = ["GinEngine"]
