"""Fixtures for Payload Race rule tests: small games built from text maps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.frozendict import FrozenDict
from engine.games.game import new_game
from engine.games.payload.state import PayloadState
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.rules.dice import ScriptedDice
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.textmap import hex_at, map_from_text

#: A flat strip: RED spawn left, BLU spawn right; RED's cart runs along row 1 from column 2 to 6,
#: BLU's along row 3 from column 7 to 3.
STRIP = """
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""
RED_TRACK = [(c, 1) for c in range(2, 7)]
BLU_TRACK = [(c, 3) for c in range(7, 2, -1)]

GameFactory = Callable[..., PayloadState]


def at(col: int, row: int = 0) -> Hex:
    """The hex in text column ``col`` of row ``row``."""
    return hex_at(col, row)


def payload_scenario(text: str = STRIP, red: Sequence[tuple[Any, ...]] = (), blu: Sequence[tuple[Any, ...]] = (),
                     red_track: Sequence[tuple[int, int]] = tuple(RED_TRACK),
                     blu_track: Sequence[tuple[int, int]] = tuple(BLU_TRACK), first: Team = Team.RED,
                     **rules: Any) -> Scenario:
    """A Payload Race scenario: ``red`` / ``blu`` list ``(kind, (col, row), weapon[, health])``."""
    tracks = {"RED": [str(at(*c)) for c in red_track], "BLU": [str(at(*c)) for c in blu_track]}
    m = map_from_text(text, modes=["payload"], tracks=tracks)

    def team(units: Sequence[tuple[Any, ...]]) -> TeamSetup:
        """The listed tokens; the roster is just them, so a smaller side places no others."""
        return TeamSetup(roster=tuple(u[0] for u in units), starting=tuple(
            UnitStart(u[0], at(*u[1]), u[3] if len(u) > 3 else None, u[2]) for u in units))

    rules.setdefault("roll_for_first", False)
    rules.setdefault("team_size", max(len(red), len(blu), 1))
    return Scenario("payload test", Mode.PAYLOAD, m, rules=FrozenDict(rules),
                    teams=FrozenDict({Team.RED: team(red), Team.BLU: team(blu)}), first_team=first)


@pytest.fixture
def game() -> GameFactory:
    """``game(red=[...], blu=[...], dice=[faces], text=..., **rules)`` -> a started PayloadState."""

    def make(red: Sequence[tuple[Any, ...]] = (), blu: Sequence[tuple[Any, ...]] = (),
             dice: Sequence[int] | None = None, text: str = STRIP, seed: int = 0, **kw: Any) -> PayloadState:
        scenario = payload_scenario(text, red, blu, **kw)
        state = new_game(scenario, seed=seed, dice=ScriptedDice(list(dice)) if dice is not None else None)
        assert isinstance(state, PayloadState)
        return state

    return make
