"""Fairness between RED and BLU (HF3xx): the same numbers measured from both sides.

Reported as info with the figures; a warning when the sides differ past a
threshold. Distances are walking steps from the team's spawn under the mode's
movement rules; turns divide by a unit's speed (one move action per turn).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import Colour, Mode, Team, Terrain
from engine.rules.fov import seers
from engine.rules.sight import Sight
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import DOUBLE_JUMP, WALK, board, reach, spawn_starts, spawnpoint_reach

#: Warn when one team's units need this many more turns than the other's.
TURN_GAP: Final = 1
#: Warn when one team can see the control point from this many times more hexes...
EXPOSURE_RATIO: Final = 1.25
#: ...and the difference is at least this many hexes.
EXPOSURE_MIN_GAP: Final = 4
#: Warn when the nearest ammo tile is this many more steps from one spawnpoint colour than from another:
#: more than one square (3 hexes), a whole extra action to reach it.
AMMO_GAP: Final = 4


def _units(ctx: CheckContext, mode: Mode) -> tuple[tuple[str, int, str], tuple[str, int, str]]:
    """(name, speed, way of moving) of the fastest and the slowest mobile unit of ``mode``'s ruleset
    (:meth:`CheckContext.ruleset_for`)."""
    rs = ctx.ruleset_for(mode)
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
            _turns(_steps_to(ctx, team, targets[team], how), speed) for _, speed, how in _units(ctx, mode)
        ]
    (fast, _, _), (slow, _, _) = _units(ctx, mode)
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


#: How exposure asks who sees a hex: a function like :func:`engine.rules.fov.seers`.
Seers = Callable[[Sight, int, set[int]], set[int]]


def exposure_counts(
    sight: Sight, cells: dict[Team, list[int]], cp: list[int], who_sees: Seers = seers
) -> dict[Team, int]:
    """Per team, how many of its ``cells`` outside ``cp`` see at least one hex of ``cp`` (standing heights).

    One field-of-view sweep per hex of ``cp`` over both teams' cells; benches
    and tests pass :func:`engine.rules.fov.seers_pairwise` as ``who_sees`` for
    the same count by one sight check per pair.
    """
    todo = set().union(*cells.values()).difference(cp)
    seen: set[int] = set()
    for c in cp:
        hit = who_sees(sight, c, todo)
        seen |= hit
        todo -= hit
    return {team: len(seen.intersection(mine)) for team, mine in cells.items()}


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
    counts = exposure_counts(sight, {team: reach(ctx, team).indices() for team in Team}, cp)
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


@check("ammo spread", "HF312", "HF313", modes=(Mode.TEAM_PLAY,))
def ammo_spread(ctx: CheckContext) -> Iterator[Problem]:
    """Which powerup colour a player discards decides where his character appears; every colour should be
    about as near to ammo (and to a weapon rack) as the others."""
    m = ctx.map
    colours = [c for c in Colour if m.spawnpoints.get(c)]
    if not m.ammo or len(colours) < 2:
        return
    near: dict[Colour, tuple[int | None, int | None]] = {}
    for c in colours:
        r = spawnpoint_reach(ctx, c)
        ammo = [d for h in m.ammo if (d := r.distance(h)) is not None]
        racks = [d for h in m.racks if (d := r.distance(h)) is not None]
        near[c] = (min(ammo) if ammo else None, min(racks) if racks else None)

    def fmt(d: int | None) -> str:
        return "none reachable" if d is None else f"{d} step{'s' if d != 1 else ''}"

    text = "; ".join(f"{c.value}: ammo {fmt(a)}, rack {fmt(w)}" for c, (a, w) in near.items())
    yield Problem("HF312", Severity.INFO, f"walking steps from each spawnpoint colour to the nearest ammo tile "
                                          f"and weapon rack — {text}")
    known = {c: a for c, (a, _) in near.items() if a is not None}
    if len(known) < 2:
        return
    far = max(known, key=lambda c: (known[c], c.value))
    close = min(known, key=lambda c: (known[c], c.value))
    if known[far] - known[close] >= AMMO_GAP:
        yield Problem(
            "HF313", Severity.WARNING,
            f"ammo is {known[far]} steps from the {far.value} spawnpoints but {known[close]} from the "
            f"{close.value} ones; a player who must discard {far.value} starts an action behind — "
            "add or move an ammo tile nearer to them",
            tuple(sorted(m.spawnpoints[far])),
        )
