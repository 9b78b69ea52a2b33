"""Seeded random games through the public API, checking invariants after every action.

The OpenSpiel ``random_sim_test`` idea: 1,000+ games, and after every action one
unit per hex, at most one sentry per side, nobody on a wall or in the enemy spawn base, health within bounds,
scores only rising, legal actions whenever the game is not over, action text
round-tripping; every game ends, and replaying its action list reproduces it.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from engine.games.game import new_game
from engine.games.koth.state import KothState
from engine.mapmodel import Team
from engine.replay import replay_game
from engine.rules.actions import Action
from engine.textmap import koth_scenario

MAPS = {
    "small": """
0.R 0.R 0.  0.  0.  1.  0.  0.  0.  0.
0.R 0.R 0.  0#  0.  1.  0o  0.  0.  0.
0.R 0.  0.  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0o  1.  2.C 2.C 1.  0.  0.B 0.B
0.  0.  0.  0.  1.  0#  0.+ 0.  0.B 0.B
""",
    "tall": """
0.R 0.R 0.  1.  1.  1.  0.  0.
0.R 0.  0o  1.  2.  1.  0#  0.
0.  0.  0#  2.C 2.C 0#  0.  0.
0.  0#  1.  2.C 2.C 1.  0o  0.
0.  0.+ 1.  1.  2.  1.  0.B 0.B
0.  0.  0.  0.  0.  0.  0.B 0.B
""",
}


def check_invariants(state: KothState, last_points: dict[Team, int]) -> None:
    """Assert the invariants of any reachable position."""
    b = state.board
    cells = [u.cell for u in state.units.values() if u.cell >= 0]
    assert len(cells) == len(set(cells)), "two units on one hex"
    for u in state.units.values():
        full = state.max_health(u.kind)
        assert 0 < u.health <= full, f"{u.kind} health {u.health} outside 1..{full}"
        assert 0 <= u.burn <= 2 and u.uber >= 0 and 0 <= u.charge <= 3
        if u.cell >= 0:
            assert not b.wall[u.cell], f"{u.kind} on a wall"
            assert not b.in_enemy_spawn(u.cell, u.team), f"{u.kind} inside the enemy base"
            assert not b.low[u.cell] or u.kind == "scout" or u.kind == "soldier", f"{u.kind} on a low obstacle"
        else:
            assert u.carried and u.kind == "sentry"
    for t in Team:
        sentries = [u for u in state.units.values() if u.team is t and u.kind == "sentry"]
        assert len(sentries) <= 1, f"{t.value} has {len(sentries)} sentries"
        assert state.points[t] >= last_points[t], "a score went down"
        assert state.points[t] <= int(state.options["points_to_win"])
    if not state.is_terminal():
        assert state.legal_actions(), "no legal action in a live game"


def play_checked(scenario_text: str, seed: int, undo_checks: bool = False) -> KothState:
    """Play one random game with invariant checks; return the final state."""
    state = new_game(koth_scenario(scenario_text, seed=seed), keep_undo=undo_checks)
    rng = random.Random(seed)
    last = state.scores()
    for _ in range(20_000):
        if state.is_terminal():
            break
        acts = state.legal_actions()
        a = acts[rng.randrange(len(acts))]
        assert Action.parse(a.text()) == a
        if undo_checks:
            before = state.fingerprint()
            state.apply(a)
            after = state.fingerprint()
            state.undo()
            assert state.fingerprint() == before
        state.apply(a)
        if undo_checks:
            assert state.fingerprint() == after
        check_invariants(state, last)
        last = state.scores()
    assert state.is_terminal(), "the game did not end"
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MAPS))
def test_random_playouts_keep_invariants_and_replay(name: str) -> None:
    """600 seeded random games per map (1,200 in all): invariants, termination, exact replays."""
    for seed in range(600):
        state = play_checked(MAPS[name], seed)
        if seed % 5 == 0:
            again = replay_game(state.scenario, seed, state.history, keep_undo=False)
            assert again.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("seed", range(12))
def test_random_playouts_with_undo_at_every_step(seed: int) -> None:
    """Undoing any action and replaying it gives the same position (dice included)."""
    play_checked(MAPS["small" if seed % 2 else "tall"], seed, undo_checks=True)


#: Bases too small for a side (two usable hexes, one a low obstacle): slots must wait, never stall.
CRAMPED = """
0.R 0oR 0#R 0.  1.  0.  0.
0.  0.  0.  2.C 2.C 0.  0.
0.  0.  1.  0.  0#B 0oB 0.B
"""


@pytest.mark.parametrize("seed", range(40))
def test_random_playouts_in_cramped_bases_never_stall(seed: int) -> None:
    """Full bases make ready units wait: every live position still has a legal action, and games end."""
    play_checked(CRAMPED, seed, undo_checks=seed < 4)


def _bundled() -> list[Path]:
    maps = Path(__file__).resolve().parents[3] / "maps"
    return sorted(maps.glob("koth_*.scenario.json"))


@pytest.mark.parametrize("path", _bundled(), ids=lambda p: p.name)
def test_random_playouts_on_bundled_maps(path: Path) -> None:
    """Random games on each bundled King of the Board scenario keep the invariants and end."""
    from engine.formats import load_scenario

    scenario = load_scenario(path)
    for seed in range(20):
        state = new_game(dataclasses.replace(scenario, seed=seed), keep_undo=False)
        rng = random.Random(seed)
        last = state.scores()
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply_unchecked(acts[rng.randrange(len(acts))])
            check_invariants(state, last)
            last = state.scores()
