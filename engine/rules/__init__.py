"""Game rules: per-map tables, movement, sight, dice, game state and rule modules.

Geometry-level modules (``board``, ``movement``, ``sight``) know nothing of units
and are shared by every game; ``koth`` implements King of the Board (rulebook 001)
on top of them.
"""
