"""Seeded random Payload Race games through the public API, checking invariants after every action.

1,000+ short games on small maps (two and three tokens a side, a low turn limit so
each game is quick): after every action one token per hex, none on a wall, a cart
or in the enemy spawn; health within bounds; carts only on their own track and
only forward, and each team's score its cart's progress; a legal action whenever
the game is not over; action text that round-trips. Every game ends; a sample is
replayed from its action list and undone back to the start, exactly.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.games.game import new_game
from engine.games.payload.state import PayloadState
from engine.mapmodel import Team
from engine.replay import Replay, load_replay, replay_game, save_replay
from engine.rules.actions import Action
from engine.scenario import TeamSetup
from tests.engine.payload.conftest import BLU_TRACK, RED_TRACK, STRIP, payload_scenario

PLAZA = """
0.R 0.R 0.  0#  0.  1.  0.  0.B
0.R 0.  0a  1.  1.  1.  0.  0.B
0.R 0.  0.  0.  0#  0.  0.  0.B
0.R 0.R 0.  1.  1.  0d  0.  0.B
"""
MAPS = {
    "strip": (STRIP, RED_TRACK[:4], BLU_TRACK[:4]),
    "plaza": (PLAZA, [(1, 1), (2, 2), (3, 2), (3, 3)], [(6, 2), (5, 1), (4, 1), (4, 0)]),
}
SIDES = [
    (("heavy", "scout"), ("soldier", "medic")),
    (("pyro", "demoman", "medic"), ("heavy", "soldier", "scout")),
]


def check(state: PayloadState, carts: dict[Team, int]) -> None:
    """Assert the invariants of any reachable Payload Race position."""
    b = state.board
    cells = [u.cell for u in state.units.values()]
    assert len(cells) == len(set(cells)), "two tokens on one hex"
    cart_cells = {state.cart_cell(t) for t in Team}
    for u in state.units.values():
        assert 0 < u.health <= state.max_health(u.kind), f"{u.kind} health {u.health}"
        assert not b.wall[u.cell] and u.cell not in cart_cells, f"{u.kind} on a wall or a cart"
        assert not b.in_enemy_spawn(u.cell, u.team), f"{u.kind} inside the enemy spawn"
        assert u.weapon in state.stats(u.kind).weapons
    for t in Team:
        assert 0 <= state.carts[t] < len(state.tracks[t]), "a cart off its track"
        assert state.carts[t] >= carts[t], "a cart went backwards"
        assert state.carts[t] - carts[t] <= 1, "a cart moved more than one hex in one action"
        assert state.points[t] == state.carts[t]
        carts[t] = state.carts[t]


def play(seed: int, undo: bool = False) -> PayloadState:
    name = ("strip", "plaza")[seed % 2]
    text, red_track, blu_track = MAPS[name]
    red, blu = SIDES[seed // 2 % 2]
    scenario = payload_scenario(text, [], [], red_track=red_track, blu_track=blu_track, team_size=len(red),
                                turn_limit=14, roll_for_first=True)
    scenario = replace(scenario, seed=seed, teams={Team.RED: TeamSetup(red), Team.BLU: TeamSetup(blu)})
    state = new_game(scenario, keep_undo=undo)
    assert isinstance(state, PayloadState)
    rng = random.Random(seed)
    carts = dict(state.carts)
    while not state.is_terminal():
        acts = state.legal_actions_view()
        assert len(acts) > 0, state.describe_decision()
        a = acts[rng.randrange(len(acts))]
        assert Action.parse(a.text()) == a
        state.apply_unchecked(a)
        check(state, carts)
    return state


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_invariants(block: int) -> None:
    wins = 0
    for seed in range(block * 100, block * 100 + 100):
        final = play(seed)
        assert final.is_terminal()
        wins += final.winner_team is not None
        if seed % 25 == 0:
            again = replay_game(final.scenario, final.dice.seed, final.history, keep_undo=False)
            assert again.fingerprint() == final.fingerprint()
            assert [str(r) for r in again.dice.rolls] == [str(r) for r in final.dice.rolls]
    assert wins > 0, "no cart reached the end in 100 random games: the short tracks should allow it"


@pytest.mark.parametrize("seed", [3, 8])
def test_undo_takes_every_action_back_exactly(seed: int) -> None:
    state = play(seed, undo=True)
    prints = []
    start = new_game(state.scenario, keep_undo=False).fingerprint()
    while state.can_undo():
        prints.append(state.fingerprint())
        state.undo()
    assert state.fingerprint() == start and not state.history and len(set(prints)) > 1


def test_a_payload_game_saves_and_loads_as_a_replay(tmp_path: Path) -> None:
    final = play(4)
    path = tmp_path / "race.replay.json"
    save_replay(Replay.of(final), path, final)
    replay, again = load_replay(path)
    assert again.fingerprint() == final.fingerprint() and replay.actions == tuple(final.history)
    assert any(a.detail for a in replay.actions), "the spawns carry their weapon cards"
