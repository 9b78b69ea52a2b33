"""Team Play in batches and against the random player: the same results for any worker count, the real
starting team recorded, and the heuristic ahead of random on a small arena (the 200-game figure on the
bundled maps is `bench/ai_vs_random.py 200 teamplay`'s)."""

from __future__ import annotations

from dataclasses import replace

from engine.ai import HeuristicPlayer, RandomPlayer, play_game
from engine.ai.modes import ai_of
from engine.games.game import Game
from engine.games.teamplay.ai.heuristic import choose_teamplay
from engine.mapmodel import Mode, Team
from engine.scenario import Scenario
from engine.simulation.batch import run_batch, summarise
from tests.engine.games.teamplay.conformance import MAPS
from tests.engine.games.teamplay.helpers import scenario


def _small() -> Scenario:
    return scenario(MAPS[0], red=(), blu=(), turn_limit=24, random_first_team=True, reward_tile="")


def test_simulate_batches_are_the_same_for_any_number_of_jobs() -> None:
    s = _small()
    one = run_batch(s, 4, seed=3, jobs=1, players=("heuristic", "random"))
    two = run_batch(s, 4, seed=3, jobs=2, players=("heuristic", "random"))
    assert one == two and [g.index for g in one] == [0, 1, 2, 3]
    assert summarise(one).player_wins.get("heuristic", 0) >= 3


def test_simulate_records_the_team_that_really_went_first() -> None:
    s = _small()
    results = run_batch(s, 6, seed=11, jobs=1)
    assert {g.first_team for g in results} == set(Team)
    for g in results:
        state = Game.of(replace(s, seed=g.seed)).new_initial_state()
        assert state.first_team is g.first_team  # the dice drew it, not the plan


def test_the_heuristic_dispatches_team_play_to_its_own_module_and_beats_random() -> None:
    assert ai_of(Mode.TEAM_PLAY).choose is choose_teamplay
    game = Game.of(scenario(MAPS[1], red=(), blu=(), turn_limit=40, random_first_team=True, reward_tile=""))
    wins = 0
    for seed in range(10):
        state = game.new_initial_state(seed, keep_undo=False)
        hero = Team.RED if seed % 2 == 0 else Team.BLU
        play_game(state, {hero: HeuristicPlayer(seed), hero.other: RandomPlayer(seed)})
        wins += state.winner() is hero
    assert wins >= 9


def test_the_heuristic_is_deterministic_for_a_seed() -> None:
    game = Game.of(scenario(MAPS[0], red=(), blu=(), turn_limit=16))
    runs = []
    for _ in range(2):
        state = game.new_initial_state(5, keep_undo=False)
        play_game(state, {Team.RED: HeuristicPlayer(1), Team.BLU: HeuristicPlayer(2)})
        runs.append([a.text() for a in state.history])
    assert runs[0] == runs[1]
