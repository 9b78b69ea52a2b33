"""What a mode's sides race to on a map, for the balance report: the records a mode's hook returns.

Each playable mode names a function ``race_plan(game) -> RacePlan`` in its
:class:`~engine.games.modes.ModeRules` (``goals``, loaded on first use like its
state class); the report (:mod:`engine.simulation.objective`) walks every unit
kind from each side's start to each :class:`Goal` under the mode's movement
rules and never asks which mode it is. A side is a :class:`~engine.mapmodel.Team`
where teams own spawn zones, and a spawnpoint :class:`~engine.mapmodel.Colour` in
Team Play, where either team spawns on any colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.frozendict import FrozenDict
from engine.mapmodel import Colour, Team
from engine.rules.board import Board

__all__ = ["Goal", "RacePlan", "Side", "spawn_starts"]

#: Who races: a team (its spawn zone) or a Team Play spawnpoint colour.
Side = Team | Colour


@dataclass(frozen=True)
class Goal:
    """One race: a side has arrived on any of its ``cells`` (board indices).

    ``words`` name it in a sentence ("the point", "an ammo tile"). With ``then``
    (board indices, a side's cart track) arriving is only the start: the racer
    then takes the first hex of ``then`` to the next, one a turn (Payload Race's
    pushes), and ``racer`` ("its cart") is what still stands somewhere when the
    other side has finished.
    """

    words: str
    cells: Mapping[Side, tuple[int, ...]]
    then: Mapping[Side, tuple[int, ...]] = field(default_factory=lambda: FrozenDict({}))
    racer: str = "it"


@dataclass(frozen=True)
class RacePlan:
    """A mode's races on one map: the ``sides`` in report order, where each starts, its goals (the first
    is the main objective) and what the report calls a side's first score (``"first point"``).

    ``blocked``: board indices no unit walks through (Payload Race's carts at their start).
    """

    sides: tuple[Side, ...]
    starts: Mapping[Side, tuple[int, ...]]
    goals: tuple[Goal, ...]
    first_score: str = "first point"
    blocked: frozenset[int] = frozenset()


def spawn_starts(board: Board) -> dict[Side, tuple[int, ...]]:
    """Each team's spawn zone without walls: where a side of a mode with spawn zones starts."""
    return {t: tuple(c for c in board.spawn_zone(t) if not board.wall[c]) for t in Team}
