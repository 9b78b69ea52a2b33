"""Reachability checks (HF2xx): can each team get where the game needs it to go?

Computed with the game's own movement flood (see :mod:`engine.validation.terrain`):
climb one level per step (King of the Board, Team Play) or by stairs only
(Payload Race); walls and low obstacles stop ordinary units; each team's units
never enter the other team's spawn base.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.hexgrid import Hex
from engine.mapmodel import Colour, Mode, Team, Terrain
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import (
    DOUBLE_JUMP,
    ROCKET_JUMP,
    board,
    reach,
    rocket_reach,
    spawn_starts,
    spawnpoint_reach,
)
from engine.validation.wording import hex_list, plural


def _special_for(ctx: CheckContext, team: Team, h: Hex) -> str | None:
    """The special ability that gets ``team`` to ``h`` when walking does not, if any."""
    if h in reach(ctx, team, DOUBLE_JUMP):
        return f"the Scout's {DOUBLE_JUMP}"
    if board(ctx).index[h] in rocket_reach(ctx, team):
        return f"the Soldier's {ROCKET_JUMP}"
    return None


def _teams_with_spawn(ctx: CheckContext) -> list[Team]:
    return [t for t in Team if spawn_starts(ctx, t)]


@check("control point reachable", "HF201", modes=(Mode.KOTH,))
def control_point_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Each team must be able to walk from its spawn onto the control point."""
    m = ctx.map
    for i, cp in enumerate(m.control_points):
        usable = sorted(h for h in cp if m.cells[h].terrain is not Terrain.WALL)
        if not usable:
            continue  # HF101 already reports a point made of walls
        for team in _teams_with_spawn(ctx):
            r = reach(ctx, team)
            if any(h in r for h in usable):
                continue
            name = "the control point" if len(m.control_points) == 1 else f"control point {i + 1}"
            special = _special_for(ctx, team, usable[0])
            how = f" (only {special} gets there)" if special else ""
            yield Problem(
                "HF201", Severity.ERROR,
                f"{team.value} cannot walk from its spawn to {name}{how}; open a way up "
                "one height level at a time (0 → 1 → 2) without walls or low obstacles",
                tuple(usable),
            )


@check("kits reachable", "HF202")
def kits_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Every first-aid kit must be reachable from at least one spawn."""
    m = ctx.map
    teams = _teams_with_spawn(ctx)
    if not teams:
        return
    for k in sorted(m.kits):
        if m.cells[k].terrain is Terrain.WALL:
            continue  # HF101
        if any(k in reach(ctx, t) for t in teams):
            continue
        specials = {s for t in teams if (s := _special_for(ctx, t, k))}
        how = f" (only {sorted(specials)[0]} gets there)" if specials else ""
        yield Problem(
            "HF202", Severity.ERROR,
            f"the first-aid kit at {k} cannot be reached from either spawn{how}; "
            "move it or open a way to it",
            (k,),
        )


@check("track reachable", "HF203", modes=(Mode.PAYLOAD,))
def track_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Carts are pushed from next to them: every hex beside a team's track must be reachable."""
    m = ctx.map
    for team in _teams_with_spawn(ctx):
        path = m.track(team)
        if not path:
            continue
        r = reach(ctx, team)
        on_track = set(path)
        sides: set[Hex] = set()
        stuck: list[Hex] = []
        for k, step in enumerate(path):
            beside = [
                n for n in step.neighbors()
                if n in m.cells and n not in on_track and m.cells[n].terrain is not Terrain.WALL
                and m.spawn_team(n) is not team.other  # the enemy base is closed on purpose
            ]
            sides.update(beside)
            # the cart is pushed from every step but the last
            if k < len(path) - 1 and not any(n in r for n in beside):
                stuck.append(step)
        unreached = tuple(sorted(h for h in sides if h not in r and m.cells[h].terrain is not Terrain.LOW))
        if stuck:
            yield Problem(
                "HF203", Severity.ERROR,
                f"{team.value} cannot reach any hex beside its track at {hex_list(tuple(stuck))}, so its cart "
                "cannot be pushed there; add stairs or open ground beside the track",
                tuple(stuck),
            )
        elif unreached:
            yield Problem(
                "HF203", Severity.WARNING,
                f"{plural(len(unreached), 'hex', 'hexes')} beside the {team.value} track "
                f"cannot be reached by {team.value} ({hex_list(unreached)}); pushing from there is impossible",
                unreached,
            )


@check("dead space", "HF204", "HF205")
def dead_space(ctx: CheckContext) -> Iterator[Problem]:
    """Passable hexes no team can walk to are wasted; some only a special reaches."""
    teams = _teams_with_spawn(ctx)
    if not teams:
        return
    b = board(ctx)
    walked: set[int] = set()
    for t in teams:
        walked.update(reach(ctx, t).indices())
    # low obstacles are not meant to be walked on (only the Scout stands there)
    unwalked = [i for i in range(b.n) if not b.wall[i] and not b.low[i] and i not in walked]
    if not unwalked:
        return
    # what _special_for answers, as index sets made once: a map cut into strips has tens of thousands
    # of unwalked hexes, and asking the floods hex by hex cost more than the floods themselves
    scout = f"the Scout's {DOUBLE_JUMP}"
    soldier = f"the Soldier's {ROCKET_JUMP}"
    jumped: set[int] = set()
    rocketed: set[int] = set()
    for t in teams:
        jumped.update(reach(ctx, t, DOUBLE_JUMP).indices())
        rocketed |= rocket_reach(ctx, t)
    by_special: dict[str, list[Hex]] = {}
    dead: list[Hex] = []
    for i in unwalked:
        h = b.hexes[i]
        # the first name in sorted order wins, as for one team: "the Scout's ..." < "the Soldier's ..."
        special = scout if i in jumped else soldier if i in rocketed else None
        if special is not None:
            by_special.setdefault(special, []).append(h)
        else:
            dead.append(h)
    if dead:
        hs = tuple(sorted(dead))
        yield Problem(
            "HF204", Severity.WARNING,
            f"{plural(len(hs), 'open hex', 'open hexes')} that no unit can ever reach "
            f"({hex_list(hs)}); connect them or make them walls",
            hs,
        )
    for special, hexes in sorted(by_special.items()):
        hs = tuple(sorted(hexes))
        yield Problem(
            "HF205", Severity.INFO,
            f"{plural(len(hs), 'hex', 'hexes')} can only be reached with {special} ({hex_list(hs)})",
            hs,
        )


@check("team play features reachable", "HF206", modes=(Mode.TEAM_PLAY,))
def teamplay_features_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """A character may spawn at any colour: every spawnpoint, ammo tile and rack must be walkable from each."""
    m = ctx.map
    features = [(f"{c.value} spawnpoint", h) for c in Colour for h in sorted(m.spawnpoints.get(c, ()))]
    features += [("ammo tile", h) for h in sorted(m.ammo)] + [("weapon rack", h) for h in sorted(m.racks)]
    for colour in Colour:
        if not m.spawnpoints.get(colour):
            continue  # HF111
        r = spawnpoint_reach(ctx, colour)
        cut = [(what, h) for what, h in features if h not in r and m.cells[h].terrain is not Terrain.WALL]
        if not cut:
            continue
        hexes = tuple(h for _, h in cut)
        names = sorted({what for what, _ in cut})
        yield Problem(
            "HF206", Severity.ERROR,
            f"from the {colour.value} spawnpoints a character cannot walk to the {', '.join(names)} at "
            f"{hex_list(hexes)}; open a way (climbs of one level, no walls or low obstacles) or move them",
            hexes,
        )
