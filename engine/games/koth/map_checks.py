"""King of the Board's validator checks: the control point is there, at height 2, reachable by both sides,
seen and surrounded alike from both halves (HF103, HF106, HF201, HF305, HF306, HF316, HF317).

Importing the module registers the checks (the validator imports it through
:attr:`~engine.games.modes.ModeRules.checks`); the figures come from :mod:`.map_measures`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from engine.games.koth import KOTH
from engine.games.koth.map_measures import point_ground, point_sightlines
from engine.mapmodel import MAX_HEIGHT, Team, Terrain
from engine.rules.fov import seers
from engine.rules.sight import Sight
from engine.validation.fairness import CountWords, count_gaps, much_larger
from engine.validation.problem import Problem, Severity
from engine.validation.reachability import special_for, teams_with_spawn
from engine.validation.registry import CheckContext, check
from engine.validation.sides import PerSide
from engine.validation.terrain import reach
from engine.validation.wording import hex_list, plural, sorted_hexes

__all__ = ["EXPOSURE_MIN_GAP", "EXPOSURE_RATIO", "GROUND_GAP", "exposure_counts"]

ERROR, WARNING = Severity.ERROR, Severity.WARNING
#: Warn when one side can see the control point from this many times more hexes of its half...
EXPOSURE_RATIO: Final = 1.25
#: ...and the difference is at least this many hexes (a few hexes of sightline either way are noise on
#: a map of hundreds).
EXPOSURE_MIN_GAP: Final = 4
#: Warn when one side has this many more high or hidden hexes within a move of the point. Counts run
#: from 0 to about 20 on the bundled maps; one hex more is one unit's spot, within what an unsymmetric
#: layout needs, two are a place a team will fight from.
GROUND_GAP: Final = 2


@check("control point", "HF103", "HF106", modes=(KOTH,))
def control_point(ctx: CheckContext) -> Iterator[Problem]:
    """King of the Board needs a control point, and it stands at height 2."""
    m = ctx.map
    if not m.control_points:
        yield Problem(
            "HF106", ERROR,
            "King of the Board needs a control point; place one (on height-2 ground)",
        )
        return
    for i, cp in enumerate(m.control_points):
        low = sorted_hexes(h for h in cp if m.cells[h].height != MAX_HEIGHT)
        if low:
            name = "the control point" if len(m.control_points) == 1 else f"control point {i + 1}"
            yield Problem(
                "HF103", WARNING,
                f"{name} has hexes below height 2 at {hex_list(low)}; the rulebook puts the point "
                "on height 2 (raise them or move the point)",
                low,
            )


@check("control point reachable", "HF201", modes=(KOTH,))
def control_point_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Each team must be able to walk from its spawn onto the control point."""
    m = ctx.map
    for i, cp in enumerate(m.control_points):
        usable = sorted(h for h in cp if m.cells[h].terrain is not Terrain.WALL)
        if not usable:
            continue  # HF101 already reports a point made of walls
        for team in teams_with_spawn(ctx):
            r = reach(ctx, team)
            if any(h in r for h in usable):
                continue
            name = "the control point" if len(m.control_points) == 1 else f"control point {i + 1}"
            special = special_for(ctx, team, usable[0])
            how = f" (only {special} gets there)" if special else ""
            yield Problem(
                "HF201", Severity.ERROR,
                f"{team.value} cannot walk from its spawn to {name}{how}; open a way up "
                "one height level at a time (0 → 1 → 2) without walls or low obstacles",
                tuple(usable),
            )


#: How exposure asks who sees a hex: a function like :func:`engine.rules.fov.seers`.
Seers = Callable[[Sight, int, set[int]], set[int]]


def exposure_counts(
    sight: Sight, cells: dict[Team, list[int]], cp: list[int], who_sees: Seers = seers
) -> dict[Team, int]:
    """Per team, how many of its ``cells`` outside ``cp`` see at least one hex of ``cp`` (standing heights).

    One field-of-view sweep per hex of ``cp`` over both teams' cells; benches
    and tests pass :func:`engine.rules.fov.seers_pairwise` as ``who_sees`` for
    the same count by one sight check per pair. (The check itself counts each
    side's half with :func:`engine.validation.measures.point_sightlines`.)
    """
    todo = set().union(*cells.values()).difference(cp)
    seen: set[int] = set()
    for c in cp:
        hit = who_sees(sight, c, todo)
        seen |= hit
        todo -= hit
    return {team: len(seen.intersection(mine)) for team, mine in cells.items()}


@check("control point exposure", "HF305", "HF306", modes=(KOTH,))
def exposure(ctx: CheckContext) -> Iterator[Problem]:
    """From how many hexes of its half (hexes it walks to first) each side can see, and so shoot at, the point."""
    lines = point_sightlines(ctx)
    if lines is None:
        return
    n = PerSide(len(lines.seers.red), len(lines.seers.blu))
    more = much_larger(n, EXPOSURE_RATIO, EXPOSURE_MIN_GAP)
    if more is not None:
        yield Problem(
            "HF306", Severity.WARNING,
            f"{more.value} can see the control point from many more hexes of its half (RED {n.red}, BLU {n.blu}); "
            "add cover on that side or open sightlines on the other",
            lines.point,
        )
    yield Problem("HF305", Severity.INFO,
                  f"hexes of each side's half that see the control point: RED {n.red}, BLU {n.blu}")


@check("cover and height near the point", "HF316", "HF317", modes=(KOTH,))
def ground(ctx: CheckContext) -> Iterator[Problem]:
    """High ground and hidden ground within a move of the point, by the side that reaches it first."""
    g = point_ground(ctx)
    if g is None:
        return
    high = PerSide(len(g.high.red), len(g.high.blu))
    hidden = PerSide(len(g.hidden.red), len(g.hidden.blu))
    yield Problem(
        "HF316", Severity.INFO,
        f"within {plural(g.radius, 'hex', 'hexes')} of the control point, hexes at most one level below it: "
        f"RED {high.red}, BLU {high.blu}; hexes out of its sight: RED {hidden.red}, BLU {hidden.blu}")

    def words(what: str, fix: str) -> CountWords:
        return lambda more, n: (f"{more.value} reaches more {what} within {plural(g.radius, 'hex', 'hexes')} of "
                                f"the control point first (RED {n.red}, BLU {n.blu}); {fix}")

    yield from count_gaps("HF317", (
        (g.high, words("high ground (at most one level below the point)",
                       "level the ground or raise some on the other side")),
        (g.hidden, words("hidden ground (out of the point's sight)",
                         "move the walls or high ground that hide it, or add cover on the other side")),
    ), GROUND_GAP, ctx)
