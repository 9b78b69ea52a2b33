"""Fixtures for rule tests: small King of the Board games built from text maps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.games.game import new_game
from engine.games.koth.state import KothState
from engine.hexgrid import Hex
from engine.rules.dice import ScriptedDice
from engine.textmap import hex_at, koth_scenario

GameFactory = Callable[..., KothState]


@pytest.fixture
def game() -> GameFactory:
    """``game(text, red=[...], blu=[...], dice=[faces], **rules)`` -> a started KothState.

    The team size is the larger starting list, so no set-up decisions are left
    when both lists have that length. ``dice`` scripts the faces thrown.
    """

    def make(
        text: str,
        red: Sequence[tuple[Any, ...]] = (),
        blu: Sequence[tuple[Any, ...]] = (),
        dice: Sequence[int] | None = None,
        seed: int = 0,
        **rules: Any,
    ) -> KothState:
        rules.setdefault("team_size", max(len(red), len(blu), 1))
        scenario = koth_scenario(text, red, blu, rules, seed)
        state = new_game(scenario, dice=ScriptedDice(list(dice)) if dice is not None else None)
        assert isinstance(state, KothState)
        return state

    return make


def at(col: int, row: int = 0) -> Hex:
    """Shorthand for the hex in text column ``col`` of row ``row``."""
    return hex_at(col, row)
