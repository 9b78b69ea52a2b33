"""King of the Board's heuristic chooses from the legal-action groups exactly as it would from every action.

:func:`~engine.games.koth.ai.heuristic.koth_choose` scores a unit's actions from the
groups of the legal-action view (no action built but the best) and hands only the
best to the tie-breaker; the scores and the choices, ties and the tie-breaker's
generator included, must be those of scoring the whole list.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer
from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.koth.ai.heuristic import KothScorer, koth_scores
from engine.games.phases import Phase
from engine.mapmodel import Team


@pytest.mark.parametrize("name", ["koth_crossroads", "koth_quarry", "koth_ridge"])
def test_choices_from_the_groups_equal_choices_from_every_action(repo: Path, name: str) -> None:
    scenario = load_scenario(repo / "maps" / f"{name}.scenario.json")
    state = Game.of(replace(scenario, seed=3)).new_initial_state(keep_undo=False)
    grouped = {t: HeuristicPlayer(seed) for t, seed in ((Team.RED, 3), (Team.BLU, 4))}
    listed = {t: HeuristicPlayer(seed) for t, seed in ((Team.RED, 3), (Team.BLU, 4))}
    shake = RandomPlayer(9)  # a random move now and then, so the game visits positions no heuristic would
    acted = 0
    while (team := state.current_team()) is not None:
        acts = state.legal_actions()
        if state.phase is Phase.ACT:
            u = state.active_unit()
            assert KothScorer(state, u).group_scores(state.legal_actions_view().groups) == koth_scores(state, acts)
            acted += 1
        chosen = grouped[team].choose(state)
        full = listed[team]
        assert chosen == full._pick(acts, full.action_scores(state, acts)), f"decision {len(state.history)}"
        assert grouped[team].rng.getstate() == full.rng.getstate()  # the same ties broken the same way
        state.apply(shake.choose(state) if len(state.history) % 7 == 3 else chosen)
    assert acted > 30
