"""Payload Race in batches: ``simulate`` is deterministic for a seed at any --jobs, and the bundled maps play to a finish."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer, play_game
from engine.formats import load_scenario
from engine.games.game import Game
from engine.mapmodel import Team
from engine.scenario import TeamSetup
from engine.simulation.batch import run_batch, summarise
from tests.engine.games.payload.conftest import payload_scenario

REPO = Path(__file__).resolve().parents[4]


def _small() -> object:
    s = payload_scenario(team_size=2, turn_limit=40)
    return replace(s, teams={Team.RED: TeamSetup(("heavy", "scout")), Team.BLU: TeamSetup(("soldier", "medic"))})


def test_simulate_payload_is_the_same_for_any_number_of_jobs() -> None:
    scenario = _small()
    one = summarise(run_batch(scenario, 8, seed=5, jobs=1, players=("heuristic", "random"))).to_json()
    two = summarise(run_batch(scenario, 8, seed=5, jobs=2, players=("heuristic", "random"))).to_json()
    assert one == two and one["games"] == 8
    assert one["player_wins"].get("heuristic", 0) >= 6


def test_a_batch_records_who_won_the_roll_off() -> None:
    results = run_batch(_small(), 6, seed=11, players=("random", "random"))
    assert {g.first_team for g in results} <= set(Team)
    assert len({g.first_team for g in results}) == 2, "the d8 roll-off gave both sides the first turn in six games"


@pytest.mark.parametrize("name", ["payload_canal", "payload_bridges"])
def test_the_bundled_payload_scenarios_play_to_a_finish(name: str) -> None:
    game = Game.of(load_scenario(REPO / "maps" / f"{name}.scenario.json"))
    state = game.new_initial_state(3, keep_undo=False)
    play_game(state, {Team.RED: HeuristicPlayer(3), Team.BLU: RandomPlayer(4)})
    assert state.is_terminal() and state.winner() is Team.RED
    assert state.carts[Team.RED] == len(state.tracks[Team.RED]) - 1, "the heuristic pushed its cart to the end"
