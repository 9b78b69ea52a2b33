"""The search player: legal, deterministic for a seed, never touches the game it thinks about, stronger.

Long campaigns (200 games per bundled map) are in bench/ladder.py; here a small
seeded slice on a small map.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer, play_game
from engine.ai import policies as policies_module
from engine.ai.evaluation import position_value
from engine.ai.modes import ModeAI
from engine.ai.policies import UniformPolicy, policy_for
from engine.ai.search import Search, SearchPlayer, SearchSettings
from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.koth.ai.evaluation import koth_features
from engine.mapmodel import Mode, Team
from engine.scenario import Scenario
from tests.engine.test_simulation import hill

FAST = SearchSettings(iterations=12, horizon=2, width=3)


def hill_game(seed: int, first: Team = Team.RED):  # type: ignore[no-untyped-def]
    return Game.of(Scenario("Hill", Mode.KOTH, hill(), first_team=first)).new_initial_state(seed)


def _midgame(seed: int, decisions: int = 25):  # type: ignore[no-untyped-def]
    state = hill_game(seed)
    players = {Team.RED: HeuristicPlayer(seed), Team.BLU: HeuristicPlayer(seed + 1)}
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply(players[state.current_team()].choose(state))  # type: ignore[index]
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_leaves_the_state_and_its_dice_untouched(seed: int) -> None:
    state = _midgame(seed)
    before, rolls, history = state.fingerprint(), list(state.dice.rolls), list(state.history)
    action = SearchPlayer(seed, FAST).choose(state)
    assert action in state.legal_actions()
    assert state.fingerprint() == before and state.dice.rolls == rolls and state.history == history
    assert state.can_undo()  # the game's own undo history is still there


def test_the_same_seed_plays_the_same_game_and_every_choice_is_legal() -> None:
    def game(seed: int) -> list[str]:
        state = hill_game(11)
        players = {Team.RED: SearchPlayer(seed, FAST), Team.BLU: HeuristicPlayer(5)}
        out = []
        while (team := state.current_team()) is not None:
            a = players[team].choose(state)
            assert a in state.legal_actions()
            out.append(a.text())
            state.apply(a)
        return out

    assert game(3) == game(3)


def test_a_decision_with_one_legal_action_is_not_searched() -> None:
    state = _midgame(4)
    while len(state.legal_actions()) != 1:
        state.apply(HeuristicPlayer(0).choose(state))
    player = SearchPlayer(1, FAST)
    assert player.choose(state) == state.legal_actions()[0]
    assert player.policy is None  # nothing was searched


def test_a_stopped_search_plays_the_best_found_so_far() -> None:
    state = _midgame(5)
    player = SearchPlayer(2, FAST)
    search = player.start(state)
    first = search.run(stop=lambda: True)
    assert search.iterations == 0 and first in state.legal_actions()
    assert first == HeuristicPlayer(0).choose(state) or HeuristicPlayer(0).action_scores(state)[
        state.legal_actions().index(first)] == max(HeuristicPlayer(0).action_scores(state))
    best = search.run(iterations=10)
    assert search.iterations == 10 and best == search.candidates()[0].action
    assert sum(c.visits for c in search.candidates()) == 10


def test_candidates_include_the_best_of_every_kind_of_action() -> None:
    state = _midgame(6)
    acts = state.legal_actions()
    search = Search(state, SearchSettings(width=1), __import__("random").Random(1), HeuristicPlayer(0))
    kinds = {(a.verb, a.kind) for a in acts}
    assert {(c.action.verb, c.action.kind) for c in search.candidates()} == kinds


@pytest.mark.parametrize("bad", [{"iterations": 0}, {"width": 0}, {"horizon": -1}, {"temperature": 0.0},
                                 {"exploration": -1.0}])
def test_settings_refuse_nonsense(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        SearchSettings(**bad)  # type: ignore[arg-type]


def test_search_beats_the_heuristic_on_a_small_seeded_slice() -> None:
    """Six games on the hill, sides and first team swapped: the search (a small budget, enough since the
    heuristic learned kits, height and tempo) wins most."""
    scenario = Scenario("Hill", Mode.KOTH, hill())
    wins = 0
    for i in range(6):
        first = Team.RED if i % 2 == 0 else Team.BLU
        hero = Team.RED if (i // 2) % 2 == 0 else Team.BLU
        state = Game.of(replace(scenario, first_team=first)).new_initial_state(100 + i, keep_undo=False)
        play_game(state, {hero: SearchPlayer(i, SearchSettings(iterations=64, horizon=6)), hero.other: HeuristicPlayer(i)})
        wins += state.winner() is hero
    assert wins >= 4


def test_evaluation_is_the_result_once_over_and_within_bounds_before() -> None:
    state = hill_game(3)
    players = {Team.RED: HeuristicPlayer(1), Team.BLU: RandomPlayer(2)}
    while not state.is_terminal():
        v = position_value(state)
        assert -1.0 < v < 1.0
        assert len(koth_features(state)) == 4
        state.apply(players[state.current_team()].choose(state))  # type: ignore[index]
    assert position_value(state) == state.returns()[Team.RED]


@pytest.mark.parametrize("policies", ["the mode's heuristic", "none (uniform roll-outs)"])
def test_search_plays_payload_race_with_or_without_a_heuristic(repo, monkeypatch, policies) -> None:  # type: ignore[no-untyped-def]
    if policies.startswith("none"):
        monkeypatch.setattr(policies_module, "ai_of", lambda mode: ModeAI())  # a mode whose AI gives no terms
    scenario = load_scenario(repo / "maps" / "payload_canal.scenario.json")
    expected = UniformPolicy if policies.startswith("none") else HeuristicPlayer
    assert isinstance(policy_for(scenario.mode, 1), expected)
    state = Game.of(scenario).new_initial_state(1)
    player = SearchPlayer(1, SearchSettings(iterations=6))
    for _ in range(12):
        a = player.choose(state)
        assert a in state.legal_actions()
        state.apply(a)
    assert isinstance(player.policy, expected)


def test_heuristic_scores_of_another_mode_agree_with_its_choice(repo) -> None:  # type: ignore[no-untyped-def]
    """The payload scorer hands its scores to its tie-breaker; action_scores reads them in legal-action order."""
    state = Game.of(load_scenario(repo / "maps" / "payload_canal.scenario.json")).new_initial_state(4)
    for _ in range(10):
        acts = state.legal_actions()
        scores = HeuristicPlayer(0).action_scores(state, acts)
        chosen = HeuristicPlayer(0).choose(state)
        assert len(scores) == len(acts) and scores[acts.index(chosen)] == max(scores)
        state.apply(chosen)
