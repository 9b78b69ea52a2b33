"""003 "Game over": the game ends when the last skull is taken, at the first end of a turn after which both
teams have played as many turns; a turn limit waits for equal turns too (keen random games on small arenas)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.games.game import Game
from tests.engine.games.teamplay.conformance import choose, scenarios


@pytest.mark.parametrize("k", range(len(scenarios())))
def test_the_last_skull_ends_the_game_after_equal_turns(k: int) -> None:
    skull_endings = 0
    for seed in range(4):
        s = Game.of(dataclasses.replace(scenarios()[k], seed=seed)).new_initial_state(keep_undo=False)
        rng = random.Random(seed)
        last_skull_turn = -1
        while not s.is_terminal():
            s.apply_unchecked(choose(s, rng))
            if s.skulls_left == 0 and last_skull_turn < 0:
                last_skull_turn = s.turn + (0 if s.is_terminal() else 1)  # turns completed once this one ends
        assert s.turn % 2 == 0, "the game ended on unequal turns"
        if last_skull_turn > 0:
            assert s.turn == last_skull_turn + (last_skull_turn % 2), (last_skull_turn, s.turn)
            skull_endings += 1
    assert skull_endings, "no game ended by its skulls: the arenas should allow it"
