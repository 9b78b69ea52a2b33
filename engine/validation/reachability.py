"""Reachability checks (HF2xx): can each team get where the game needs it to go?

Computed with the game's own movement flood (see :mod:`engine.validation.terrain`):
climb one level per step (King of the Board, Team Play) or by stairs only
(Payload Race); walls and low obstacles stop ordinary units; each team's units
never enter the other team's spawn base.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.rules.movement import Climb, pockets
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import (
    DOUBLE_JUMP,
    ROCKET_JUMP,
    WALK,
    board,
    profile,
    reach,
    rocket_reach,
    spawn_starts,
    walk_mode,
)
from engine.validation.wording import hex_list, plural


def special_for(ctx: CheckContext, team: Team, h: Hex) -> str | None:
    """The special ability that gets ``team`` to ``h`` when walking does not, if any."""
    if h in reach(ctx, team, DOUBLE_JUMP):
        return f"the Scout's {DOUBLE_JUMP}"
    if board(ctx).index[h] in rocket_reach(ctx, team):
        return f"the Soldier's {ROCKET_JUMP}"
    return None


def teams_with_spawn(ctx: CheckContext) -> list[Team]:
    """The teams with a spawn to start from."""
    return [t for t in Team if spawn_starts(ctx, t)]


@check("kits reachable", "HF202", when=lambda rules: rules.uses_kits)
def kits_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Every first-aid kit must be reachable from at least one spawn (in a game whose units heal at kits; elsewhere
    HF113 names them)."""
    m = ctx.map
    teams = teams_with_spawn(ctx)
    if not teams:
        return
    for k in sorted(m.kits):
        if m.cells[k].terrain is Terrain.WALL:
            continue  # HF101
        if any(k in reach(ctx, t) for t in teams):
            continue
        specials = {s for t in teams if (s := special_for(ctx, t, k))}
        how = f" (only {sorted(specials)[0]} gets there)" if specials else ""
        yield Problem(
            "HF202", Severity.ERROR,
            f"the first-aid kit at {k} cannot be reached from either spawn{how}; "
            "move it or open a way to it",
            (k,),
        )


@check("dead space", "HF204", "HF205")
def dead_space(ctx: CheckContext) -> Iterator[Problem]:
    """Passable hexes no team can walk to are wasted; some only a special reaches."""
    teams = teams_with_spawn(ctx)
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
        # a hex both specials reach names both (an audit read "only with the Scout's double jump" of hexes the
        # Soldier's rocket jump reaches too)
        special = (f"{scout} or {soldier}" if i in rocketed else scout) if i in jumped else soldier if i in rocketed \
            else None
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


@check("no way out", "HF207")
def no_way_out(ctx: CheckContext) -> Iterator[Problem]:
    """HF207: hexes a unit can walk or drop into from its spawn but never walk out of (a pit, or a ledge that
    leads only into one: :func:`~engine.rules.movement.pockets`). A unit there is out of the game until it dies,
    and the AI players keep out of them, so the games a map is judged by never use that ground: on Canal with a
    patch of ground turned by BLU's spawn, one such hex beside BLU's track, before the players knew of it, put
    RED at 75% of 400 games, and no other check saw a difference."""
    teams = teams_with_spawn(ctx)
    if not teams:
        return  # Team Play's maps have no spawn zones: its own check walks from the spawnpoints
    b = board(ctx)
    mode = walk_mode(ctx)
    caught: dict[int, list[Team]] = {}
    for t in teams:
        for i in pockets(b, [b.index[h] for h in spawn_starts(ctx, t)], profile(mode, t, WALK)):
            caught.setdefault(i, []).append(t)
    if caught:
        sides = {t for ts in caught.values() for t in ts}
        yield no_way_out_problem(ctx, caught, "a unit" if len(sides) > 1 else f"a {next(iter(sides)).value} unit")


def no_way_out_problem(ctx: CheckContext, pocket: Iterable[int], who: str) -> Problem:
    """HF207 for the board indices ``pocket`` that ``who`` ("a unit", "a RED unit", "a character") can get
    into, with the way out the map's climbing rule allows (a mode's own check words it the same)."""
    b = board(ctx)
    hs = tuple(sorted(b.hexes[i] for i in pocket))
    way = ("stairs climbing out of it" if GAMES[walk_mode(ctx)].climb is Climb.STAIRS_ONLY
           else "ground one level up at its edge")
    return Problem(
        "HF207", Severity.WARNING,
        f"{plural(len(hs), 'hex', 'hexes')} {who} can walk or drop into but never walk out of ({hex_list(hs)}); "
        f"give it a way out ({way}) or fill it in",
        hs,
    )
