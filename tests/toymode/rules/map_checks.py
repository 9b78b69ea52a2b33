"""Tag's validator check (HF991): a Tag map needs a beacon both teams can walk to. Importing registers it."""

from __future__ import annotations

from collections.abc import Iterator

from engine.validation.problem import Problem, Severity
from engine.validation.reachability import teams_with_spawn
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import reach
from tests.toymode.rules import TAG


@check("tag beacons", "HF991", modes=(TAG,))
def beacons(ctx: CheckContext) -> Iterator[Problem]:
    """Tag scores on beacons: there must be one, and every team must be able to walk to one."""
    m = ctx.map
    if not m.beacons:
        yield Problem("HF991", Severity.ERROR, "Tag needs at least one beacon; place one")
        return
    for team in teams_with_spawn(ctx):
        if not any(h in reach(ctx, team) for h in m.beacons):
            yield Problem("HF991", Severity.ERROR, f"{team.value} cannot walk to any beacon; open a way",
                          tuple(sorted(m.beacons)))
