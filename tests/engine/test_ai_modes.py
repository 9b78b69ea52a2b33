"""Each mode brings its own AI (engine/ai/modes.py): the AI players ask the registry and have no default mode."""

from __future__ import annotations

import dataclasses

import pytest

from engine.ai import HeuristicPlayer
from engine.ai import heuristic as heuristic_module
from engine.ai.evaluation import evaluator_for, score_features
from engine.ai.modes import ModeAI, ai_of
from engine.ai.search import SearchSettings, settings_for
from engine.games.game import Game
from engine.games.modes import GAMES
from engine.mapmodel import Mode
from tests.toymode.conformance import scenarios as tag_scenarios
from tests.toymode.rules import TAG


@pytest.mark.parametrize("mode", [m for m in Mode if GAMES[m].playable], ids=str)
def test_every_playable_mode_registers_its_ai_from_the_module_its_rules_name(mode: Mode) -> None:
    assert GAMES[mode].ai, f"{mode.value} names no AI module"
    assert ai_of(mode).plays


def test_a_mode_registers_only_the_parts_it_has() -> None:
    """Tag registers a scorer only: the search values its positions by score and health, with default settings."""
    state = Game.of(dataclasses.replace(tag_scenarios()[0], seed=3)).new_initial_state()
    assert ai_of(TAG).evaluator is None and ai_of(TAG).search is None
    assert evaluator_for(state).features is score_features
    assert settings_for(TAG) == SearchSettings()


def test_without_terms_the_heuristic_scores_every_action_alike_and_plays_a_legal_one(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """No mode is the heuristic's default: a mode whose AI gives no terms is played by a seeded random choice."""
    monkeypatch.setattr(heuristic_module, "ai_of", lambda mode: ModeAI())
    state = Game.of(dataclasses.replace(tag_scenarios()[0], seed=3)).new_initial_state()
    acts = state.legal_actions()
    assert HeuristicPlayer(1).action_scores(state, acts) == [0.0] * len(acts)
    picks = {HeuristicPlayer(seed).choose(state) for seed in range(12)}
    assert picks <= set(acts) and len(picks) > 1
