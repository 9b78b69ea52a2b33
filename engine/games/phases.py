"""The vocabulary of a turn: the kinds of decision (:class:`Phase`), the parts of a unit's turn
(:class:`Step`) and the error an illegal action raises. Re-exported by :mod:`engine.games.state`."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["IllegalActionError", "Phase", "Step"]


class IllegalActionError(ValueError):
    """An action is not legal in the current state; the message says why."""


class Phase(StrEnum):
    """What kind of decision a state waits for."""

    SPAWN = "spawn"
    TARGET = "target"
    CHOOSE = "choose"
    ACT = "act"
    REACT = "react"
    OVER = "over"


class Step:
    """The parts of a unit's turn, as bits of the mask :meth:`TurnState.allowed_steps` returns.

    Plain ints, not an enum: the mask is read at every decision of every game,
    and an int ``&`` costs a fraction of an enum's Python-level hash.
    """

    MOVE: Final = 1
    ATTACK: Final = 2
    SPECIAL: Final = 4
    ALL: Final = 7
    NONE: Final = 0
