"""Units on the board and the per-turn book-keeping of what each has done.

A :class:`Unit` holds what every game's pieces share (who, what kind, where,
health, blueprint slot); a mode that tracks more per unit (burn, UberCharge, a
weapon card...) subclasses it and lists the extra fields in its ``copy``.
:class:`UnitTurn` records what a unit did during the current turn, which is what
the ``allowed_verbs`` hook of :class:`~engine.games.state.TurnState` reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.mapmodel import Team

__all__ = ["Unit", "UnitTurn"]


@dataclass(slots=True)
class Unit:
    """One piece on the board: ``uid`` is unique within a game, ``cell`` a board index (-1 off the board),
    ``slot`` its place in the team's turn order (-1 for pieces outside it)."""

    uid: int
    team: Team
    kind: str
    cell: int
    health: int
    slot: int

    def copy(self) -> Unit:
        """An independent copy (subclasses with more fields override this)."""
        return Unit(self.uid, self.team, self.kind, self.cell, self.health, self.slot)


@dataclass(slots=True)
class UnitTurn:
    """What a unit has done this turn: moved, attacked (or healed), used its special, pushed a cart,
    how many actions."""

    moved: bool = False
    attacked: bool = False
    special: bool = False
    healed: bool = False
    actions: int = 0
    pushed: bool = False

    def copy(self) -> UnitTurn:
        """An independent copy."""
        return UnitTurn(self.moved, self.attacked, self.special, self.healed, self.actions, self.pushed)
