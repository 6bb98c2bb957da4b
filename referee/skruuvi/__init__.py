"""Skruuvi: its engine (deal, bidding, exchanges, doubling, play), scoring, bolsevikki and the score sheet."""

from .engine import SkruuviEngine

__all__ = ["SkruuviEngine"]
