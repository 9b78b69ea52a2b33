"""Seeded random Payload Race games through the public API, checking invariants after every action.

1,000 short games on small maps (two and three tokens a side, a low turn limit so
each game is quick), and 50 full games on the bundled maps (six tokens a side,
placed by the scenario or at set-up; the heuristic against the random player, and
random against random to the turn limit): after every action one token per hex,
none on a wall, a cart or in the enemy spawn; health within bounds; carts only on
their own track and only forward, and each team's score its cart's progress; a
legal action in every live position (set-up and respawns included); action text
that round-trips. Every game ends; every bundled game and a sample of the small
ones are replayed from their action list exactly, and a sample of both is undone
action by action back to the start, through the very positions it passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer
from engine.formats import load_scenario
from engine.games.game import new_game
from engine.games.payload.state import PayloadState
from engine.mapmodel import Team
from engine.replay import Replay, load_replay, replay_game, save_replay
from engine.rules.actions import Action, Verb
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


Chooser = Callable[[PayloadState], Action]


def run(state: PayloadState, choose: Chooser, prints: list[tuple[object, ...]] | None = None) -> PayloadState:
    """Play ``state`` to its end with ``choose``, checking the invariants after every action (and keeping
    each position's fingerprint before its action in ``prints``, when given)."""
    carts = dict(state.carts)
    while not state.is_terminal():
        assert len(state.legal_actions_view()) > 0, f"no legal action in a live position: {state.describe_decision()}"
        a = choose(state)
        assert Action.parse(a.text()) == a
        if prints is not None:
            prints.append(state.fingerprint())
        state.apply_unchecked(a)
        check(state, carts)
    return state


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(state: PayloadState) -> Action:
        acts = state.legal_actions_view()
        return acts[rng.randrange(len(acts))]

    return choose


def play(seed: int, undo: bool = False, prints: list[tuple[object, ...]] | None = None) -> PayloadState:
    name = ("strip", "plaza")[seed % 2]
    text, red_track, blu_track = MAPS[name]
    red, blu = SIDES[seed // 2 % 2]
    scenario = payload_scenario(text, [], [], red_track=red_track, blu_track=blu_track, team_size=len(red),
                                turn_limit=14, roll_for_first=True)
    scenario = replace(scenario, seed=seed, teams={Team.RED: TeamSetup(red), Team.BLU: TeamSetup(blu)})
    state = new_game(scenario, keep_undo=undo)
    assert isinstance(state, PayloadState)
    return run(state, random_chooser(seed), prints)


def assert_undo_retraces(state: PayloadState, prints: list[tuple[object, ...]]) -> None:
    """Undo every action of ``state``: each undo lands exactly on the position before that action."""
    assert len(prints) == len(state.history) and len(set(prints)) > 1
    while state.can_undo():
        state.undo()
        assert state.fingerprint() == prints[len(state.history)]
    assert not state.history and state.fingerprint() == new_game(state.scenario, keep_undo=False).fingerprint()


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


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_undo_takes_every_action_back_exactly(seed: int) -> None:
    prints: list[tuple[object, ...]] = []
    state = play(seed, undo=True, prints=prints)
    assert_undo_retraces(state, prints)


BUNDLED = ("payload_canal", "payload_bridges")
REPO = Path(__file__).resolve().parents[3]


def bundled(name: str, seed: int) -> PayloadState:
    """The bundled scenario ``name`` with dice ``seed``; on odd seeds the sides are rosters only, so all
    twelve tokens are placed at set-up instead of on the scenario's hexes."""
    scenario = replace(load_scenario(REPO / "maps" / f"{name}.scenario.json"), seed=seed)
    if seed % 2:
        scenario = replace(scenario, teams={t: TeamSetup(tuple(u.unit for u in scenario.team(t).starting))
                                            for t in Team})
    state = new_game(scenario, keep_undo=seed % 8 == 0)
    assert isinstance(state, PayloadState)
    return state


def chooser(seed: int) -> Chooser:
    """Every fifth game random against random (to the turn limit); else the heuristic against the random
    player, on alternating sides (their games end with a cart at its end)."""
    if seed % 5 == 0:
        return random_chooser(seed)
    heuristic, rand = HeuristicPlayer(seed), RandomPlayer(seed + 1)
    mine = (Team.RED, Team.BLU)[seed // 5 % 2]
    return lambda state: (heuristic if state.current_team() is mine else rand).choose(state)


@pytest.mark.slow
@pytest.mark.parametrize("name", BUNDLED)
def test_full_games_on_the_bundled_maps_keep_the_invariants(name: str) -> None:
    respawned = 0
    for seed in range(25):
        state = bundled(name, seed)
        prints: list[tuple[object, ...]] | None = [] if state.keep_undo else None
        run(state, chooser(seed), prints)
        assert state.winner_team is not None or seed % 5 == 0, "the heuristic's games end with a cart at its end"
        first_act = next(i for i, a in enumerate(state.history) if a.verb is not Verb.SPAWN)
        respawned += any(a.verb is Verb.SPAWN for a in state.history[first_act:])
        again = replay_game(state.scenario, state.dice.seed, state.history, keep_undo=False)
        assert again.fingerprint() == state.fingerprint()
        if prints is not None:
            assert_undo_retraces(state, prints)
    assert respawned >= 20, "tokens die and come back mid-game in most games"


def test_a_payload_game_saves_and_loads_as_a_replay(tmp_path: Path) -> None:
    final = run(bundled("payload_canal", 2), chooser(2))
    path = tmp_path / "race.replay.json"
    save_replay(Replay.of(final), path, final)
    replay, again = load_replay(path)
    assert again.fingerprint() == final.fingerprint() and replay.actions == tuple(final.history)
    respawns = [k for k, a in enumerate(replay.actions) if a.verb is Verb.SPAWN]
    assert respawns and all(replay.actions[k].detail for k in respawns), "respawns carry their weapon cards"
    k = respawns[0]
    assert replay.actions[k - 1].verb is Verb.ATTACK, "a respawn is recorded right after the attack that killed"
