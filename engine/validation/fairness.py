"""Fairness between RED and BLU (HF3xx): the same numbers measured from both sides.

Reported as info with the figures; a warning when the sides differ past a
threshold. Distances are walking steps from the team's spawn under the mode's
movement rules; turns divide by a unit's speed (one move action per turn).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Final

from engine.formats.ruleset_file import builtin_ruleset
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team, Terrain
from engine.rules.sight import Sight
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import DOUBLE_JUMP, WALK, board, reach, spawn_starts

#: Warn when one team's units need this many more turns than the other's.
TURN_GAP: Final = 1
#: Warn when one team can see the control point from this many times more hexes...
EXPOSURE_RATIO: Final = 1.25
#: ...and the difference is at least this many hexes.
EXPOSURE_MIN_GAP: Final = 4


def _units(mode: Mode) -> tuple[tuple[str, int, str], tuple[str, int, str]]:
    """(name, speed, way of moving) of the fastest and the slowest mobile unit of ``mode``'s built-in ruleset."""
    rs = builtin_ruleset(GAMES[mode].ruleset.removeprefix("builtin:"))
    units = [u for u in rs.units.values() if u.mobile and u.pickable and u.speed > 0]
    fast = max(units, key=lambda u: (u.speed, u.kind))
    slow = min(units, key=lambda u: (u.speed, u.kind))
    fast_way = DOUBLE_JUMP if "double_jump" in fast.specials else WALK
    return (fast.name, fast.speed, fast_way), (slow.name, slow.speed, WALK)


def _steps_to(ctx: CheckContext, team: Team, targets: list[Hex], how: str) -> int | None:
    r = reach(ctx, team, how)
    ds = [d for h in targets if (d := r.distance(h)) is not None]
    return min(ds) if ds else None


def _turns(steps: int | None, speed: int) -> int | None:
    return None if steps is None else math.ceil(steps / speed)


def _fmt(t: int | None) -> str:
    return "never" if t is None else f"{t} turn{'s' if t != 1 else ''}"


def _race(ctx: CheckContext, goal: str, targets: dict[Team, list[Hex]], mode: Mode) -> Iterator[Problem]:
    figures: dict[Team, list[int | None]] = {}
    for team in Team:
        figures[team] = [
            _turns(_steps_to(ctx, team, targets[team], how), speed) for _, speed, how in _units(mode)
        ]
    (fast, _, _), (slow, _, _) = _units(mode)
    text = "; ".join(
        f"{t.value}: {fast} {_fmt(figures[t][0])}, {slow} {_fmt(figures[t][1])}" for t in Team
    )
    yield Problem("HF301", Severity.INFO, f"turns to reach {goal} — {text}")
    for k, name in enumerate((fast, slow)):
        a, b = figures[Team.RED][k], figures[Team.BLU][k]
        if a is not None and b is not None and abs(a - b) >= TURN_GAP:
            ahead = Team.RED if a < b else Team.BLU
            yield Problem(
                "HF302", Severity.WARNING,
                f"{ahead.value}'s {name} reaches {goal} {abs(a - b)} turn{'s' if abs(a - b) != 1 else ''} "
                f"sooner ({min(a, b)} vs {max(a, b)}); move a spawn or reshape the routes",
                tuple(sorted(set(targets[Team.RED][:1] + targets[Team.BLU][:1]))),
            )


@check("race to the objective", "HF301", "HF302")
def race(ctx: CheckContext) -> Iterator[Problem]:
    """Turns for each side's fastest and slowest unit to reach the point (or its cart)."""
    if not all(spawn_starts(ctx, t) for t in Team):
        return
    m = ctx.map
    if Mode.KOTH in ctx.modes and m.control_points:
        cp = sorted(h for h in m.control_points[0] if m.cells[h].terrain is not Terrain.WALL)
        if cp:
            yield from _race(ctx, "the control point", {Team.RED: cp, Team.BLU: cp}, Mode.KOTH)
    if Mode.PAYLOAD in ctx.modes and all(m.track(t) for t in Team):
        beside = {
            t: sorted(n for n in m.track(t)[0].neighbors() if n in m.cells and n not in m.track(t))
            for t in Team
        }
        if all(beside.values()):
            yield from _race(ctx, "its cart", beside, Mode.PAYLOAD)


@check("track lengths", "HF303", "HF308", modes=(Mode.PAYLOAD,))
def track_lengths(ctx: CheckContext) -> Iterator[Problem]:
    """Both carts should have the same number of pushes to make."""
    m = ctx.map
    red, blu = m.track(Team.RED), m.track(Team.BLU)
    if len(red) < 2 or len(blu) < 2:
        return
    a, b = len(red) - 1, len(blu) - 1
    yield Problem("HF308", Severity.INFO, f"pushes each cart needs to reach its end: RED {a}, BLU {b}")
    if a != b:
        longer = Team.RED if a > b else Team.BLU
        yield Problem(
            "HF303", Severity.WARNING,
            f"the {longer.value} cart needs {abs(a - b)} more push{'es' if abs(a - b) != 1 else ''} "
            f"than the other (RED {a}, BLU {b}); make the tracks the same length",
            (m.track(longer)[-1],),
        )


@check("kit balance", "HF304", "HF307")
def kit_balance(ctx: CheckContext) -> Iterator[Problem]:
    """Each side should have as many first-aid kits nearer its spawn (walking steps) as the other."""
    if not ctx.map.kits or not all(spawn_starts(ctx, t) for t in Team):
        return
    nearer: dict[Team, list[Hex]] = {Team.RED: [], Team.BLU: []}
    for k in sorted(ctx.map.kits):
        dr, db = reach(ctx, Team.RED).distance(k), reach(ctx, Team.BLU).distance(k)
        if dr is None and db is None or dr == db:
            continue
        if db is None or (dr is not None and dr < db):
            nearer[Team.RED].append(k)
        else:
            nearer[Team.BLU].append(k)
    r, b = len(nearer[Team.RED]), len(nearer[Team.BLU])
    yield Problem("HF307", Severity.INFO, f"first-aid kits nearer each side's spawn: RED {r}, BLU {b}")
    if r != b:
        more = Team.RED if r > b else Team.BLU
        yield Problem(
            "HF304", Severity.WARNING,
            f"{more.value} has more first-aid kits nearer its spawn (RED {r}, BLU {b}); "
            "move or add a kit so each side has as many",
            tuple(nearer[more]),
        )


def _seeing(sight: Sight, stand: tuple[int, ...], cells: list[int], cp: list[int]) -> int:
    """How many of ``cells`` outside ``cp`` see at least one hex of ``cp`` (standing heights)."""
    todo = set(cells).difference(cp)
    sees_at = sight.sees_at
    seen = 0
    for c in cp:
        hc = stand[c]
        hit = {i for i in todo if sees_at(i, c, stand[i], hc)}
        seen += len(hit)
        todo -= hit
    return seen


@check("control point exposure", "HF305", "HF306", modes=(Mode.KOTH,))
def exposure(ctx: CheckContext) -> Iterator[Problem]:
    """From how many hexes each team can see (and so shoot at) the control point."""
    m = ctx.map
    if not m.control_points or not all(spawn_starts(ctx, t) for t in Team):
        return
    b = board(ctx)
    sight = Sight.for_board(b)
    cp = [b.index[h] for h in m.control_points[0] if not b.wall[b.index[h]]]
    if not cp:
        return
    counts = {team: _seeing(sight, b.stand, reach(ctx, team).indices(), cp) for team in Team}
    r, bl = counts[Team.RED], counts[Team.BLU]
    lo, hi = min(r, bl), max(r, bl)
    if hi - lo >= EXPOSURE_MIN_GAP and hi > EXPOSURE_RATIO * lo:
        more = Team.RED if r > bl else Team.BLU
        yield Problem(
            "HF306", Severity.WARNING,
            f"{more.value} can see the control point from many more hexes (RED {r}, BLU {bl}); "
            "add cover on that side or open sightlines on the other",
            tuple(sorted(m.control_points[0])),
        )
    yield Problem("HF305", Severity.INFO, f"hexes each side can see the control point from: RED {r}, BLU {bl}")
