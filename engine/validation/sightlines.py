"""Sight checks (HF5xx): what can be shot at from where it should not be."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.modes import GAMES
from engine.mapmodel import Team
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import board, reach, sight, spawn_starts, walk_mode
from engine.validation.wording import hex_list


def _longest_range(ctx: CheckContext) -> int:
    """The longest attack range of any unit in any of the modes checked (their rulesets, see
    :meth:`CheckContext.ruleset_for`)."""
    return max(u.range for mode in ctx.modes for u in ctx.ruleset_for(mode).units.values())


@check("spawn camping", "HF501")
def spawn_camping(ctx: CheckContext) -> Iterator[Problem]:
    """Spawn exits in sight and range of the enemy spawn (where its units cannot be hit)."""
    if not all(spawn_starts(ctx, t) for t in Team):
        return
    b = board(ctx)
    sees = sight(ctx).sees
    cover = "a wall or higher ground" if GAMES[walk_mode(ctx)].heights_block_sight else "a wall"
    rng = _longest_range(ctx)
    for team in Team:
        zone = set(b.indices(spawn_starts(ctx, team)))
        walk = reach(ctx, team)
        exits = sorted(
            j for i in zone for j in b.neighbors[i]
            if j not in zone and not b.wall[j] and j in walk
        )
        enemy = b.indices(spawn_starts(ctx, team.other))
        if len(enemy) > 3 * rng * (rng + 1):  # a huge zone: look from each exit within range instead
            zone_set = set(enemy)
            seen = [
                j for j in sorted(set(exits))
                if any(e in zone_set and sees(j, e) for e in b.within(j, rng))
            ]
        else:
            seen = [
                j for j in sorted(set(exits))
                if any(b.distance(j, e) <= rng and sees(j, e) for e in enemy)
            ]
        if seen:
            hs = tuple(b.hexes[j] for j in seen)
            yield Problem(
                "HF501", Severity.WARNING,
                f"{team.value}'s spawn exits at {hex_list(hs)} can be shot at from inside the "
                f"{team.other.value} spawn, where {team.other.value} cannot be hit back; "
                f"block the sightline with {cover}",
                hs,
            )
