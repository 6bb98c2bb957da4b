"""Gin rummy ("gini-rommi"): card values, melds and the least deadwood of a hand."""
