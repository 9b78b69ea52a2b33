"""The mode registry (``GAMES``) as the one source of mode facts for the validator's rules-aware checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.formats.ruleset_file import builtin_ruleset, ruleset_file
from engine.frozendict import FrozenDict
from engine.games.modes import GAMES
from engine.mapmodel import Mode, Team
from engine.textmap import hex_at
from engine.validation.checks import CHECKS
from engine.validation.registry import CheckContext
from engine.validation.terrain import board, reach, rocket_reach
from tests.maptext import make_map

#: A strip of ground with a wall across it: only a rocket jump crosses (pointy rows, odd-row offset).
STRIP = """
    0. 0. 0# 0. 0. 0. 0.
     0. 0. 0# 0. 0. 0. 0.
    0. 0. 0# 0. 0. 0. 0.
"""


@pytest.mark.parametrize("mode", list(GAMES))
def test_each_mode_loads_its_own_builtin_ruleset(mode: Mode) -> None:
    rules = GAMES[mode]
    if rules.ruleset.startswith("builtin:"):
        assert rules.builtin_ruleset() is builtin_ruleset(rules.ruleset.removeprefix("builtin:"))
    else:  # a mode outside the engine (the tests' toy mode) brings its ruleset file
        assert rules.builtin_ruleset() is ruleset_file(rules.ruleset) and rules.builtin_ruleset().units


def test_spawn_zone_checks_run_only_in_modes_with_spawn_zones() -> None:
    check = next(c for c in CHECKS if c.name == "spawn zones")
    assert {m for m in GAMES if check.applies((m,))} == {m for m, r in GAMES.items() if r.spawn_zones}
    assert Mode.TEAM_PLAY not in check.modes  # Team Play fields its characters on coloured spawnpoints


def _strip(mode: Mode) -> CheckContext:
    m = make_map(STRIP, modes=(mode.value,), spawns={"RED": ["0,0"], "BLU": ["6,0"]})
    return CheckContext(m)


def test_rocket_jumps_reach_as_far_as_the_checked_modes_soldier_jumps() -> None:
    """The jump range is the mode's ruleset's (King of the Board's Soldier: 8), not one mode's for all."""
    koth = _strip(Mode.KOTH)
    walked = set(reach(koth, Team.RED).indices())
    assert rocket_reach(koth, Team.RED) > walked  # the jump clears the wall
    tp = _strip(Mode.TEAM_PLAY)  # Team Play has no rocket-jumping unit: walking only
    assert rocket_reach(tp, Team.RED) == set(reach(tp, Team.RED).indices())


def test_a_scenarios_own_ruleset_decides_the_rocket_jump() -> None:
    """A scenario checked with its ruleset (``CheckContext.ruleset``) uses that ruleset's numbers."""
    rs = builtin_ruleset("koth")
    soldier = rs.units["soldier"]
    short = replace(soldier, params=FrozenDict({**soldier.params, "rocket_jump_range": 1}))
    ctx = _strip(Mode.KOTH)
    ctx.ruleset = replace(rs, units=FrozenDict({**rs.units, "soldier": short}))
    assert rocket_reach(ctx, Team.RED) == set(reach(ctx, Team.RED).indices())  # a 1-hex jump cannot clear it


#: A strip cut by a column of low obstacles: nobody but the Scout walks across (low obstacles are not walked).
LOW_STRIP = """
    0. 0. 0o 0. 0.
     0. 0. 0o 0. 0.
    0. 0. 0o 0. 0.
"""


def test_a_rocket_jump_lands_on_a_low_obstacle_as_the_game_lets_it() -> None:
    """001 "Units" Soldier and docs/rules.md: the rocket jump may land on a low obstacle, and he walks on
    from there. With a 1-hex jump that is the only way across the low column; the dead-space check
    (HF204/HF205) must not call the far side unreachable."""
    rs = builtin_ruleset("koth")
    soldier = rs.units["soldier"]
    short = replace(soldier, params=FrozenDict({**soldier.params, "rocket_jump_range": 1}))
    m = make_map(LOW_STRIP, modes=("koth",), spawns={"RED": ["0,0"], "BLU": ["0,2"]})
    ctx = CheckContext(m)
    ctx.ruleset = replace(rs, units=FrozenDict({**rs.units, "soldier": short}))
    far = {hex_at(col, row) for col in (3, 4) for row in range(3)}  # beyond the low column
    walk = reach(ctx, Team.RED)
    assert not any(h in walk for h in far)
    rocketed = {board(ctx).hexes[i] for i in rocket_reach(ctx, Team.RED)}
    assert far <= rocketed  # landed on a low obstacle, then walked off it
