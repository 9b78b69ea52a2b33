"""Structure checks (HF1xx): features where they cannot work, missing pieces, broken tracks."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.modes import GAMES
from engine.games.payload.ground import spawn_room
from engine.mapmodel import MAX_HEIGHT, Colour, Mode, Team, Terrain
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.wording import hex_list, plural, sorted_hexes

ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@check("features on walls", "HF101")
def features_on_walls(ctx: CheckContext) -> Iterator[Problem]:
    """Spawns, kits, control points, track steps and Team Play's features must stand on passable ground."""
    m = ctx.map
    walls = {h for h, c in m.cells.items() if c.terrain is Terrain.WALL}
    groups: list[tuple[str, object]] = [(f"{t.value} spawn", z) for t, z in m.spawns.items()]
    groups.append(("first-aid kit", m.kits))
    groups += [("control point", cp) for cp in m.control_points]
    groups += [(f"{t.value} cart track", p) for t, p in m.tracks.items()]
    groups += [(f"{c.value} spawnpoint", p) for c, p in m.spawnpoints.items()]
    groups += [("ammo tile", m.ammo), ("weapon rack", m.racks)]
    for what, hexes in groups:
        bad = sorted_hexes(walls.intersection(hexes))  # type: ignore[arg-type]
        if bad:
            yield Problem(
                "HF101", ERROR,
                f"{what} on a wall at {hex_list(bad)}: nobody can stand there; "
                "remove the feature from the wall or make the hex open ground",
                bad,
            )


@check("spawn zones", "HF102", "HF104", "HF105", modes=tuple(m for m, r in GAMES.items() if r.spawn_zones))
def spawn_zones(ctx: CheckContext) -> Iterator[Problem]:
    """Both teams need a spawn zone, big enough for their units, not overlapping, in the modes where teams
    start in spawn zones (:attr:`ModeRules.spawn_zones`; Team Play has spawnpoints instead)."""
    m = ctx.map
    red, blu = m.spawns.get(Team.RED, frozenset()), m.spawns.get(Team.BLU, frozenset())
    both = sorted_hexes(red & blu)
    if both:
        yield Problem(
            "HF102", ERROR,
            f"RED and BLU spawn zones overlap at {hex_list(both)}; a hex belongs to one team's base only",
            both,
        )
    need = max(GAMES[mode].team_size for mode in ctx.modes if GAMES[mode].spawn_zones)
    if ctx.ruleset is not None and "team_size" in ctx.ruleset.options:  # a scenario's own team size
        need = int(ctx.ruleset.options["team_size"])
    for team, zone in ((Team.RED, red), (Team.BLU, blu)):
        if not zone:
            yield Problem(
                "HF105", ERROR,
                f"{team.value} has no spawn zone; paint at least {need} {team.value} spawn hexes",
            )
            continue
        usable = sorted_hexes(  # units spawn on open ground or stairs, never on walls or low obstacles
            h for h in zone if m.cells[h].terrain not in (Terrain.WALL, Terrain.LOW) and h not in (red & blu)
        )
        carts = ""
        if Mode.PAYLOAD in ctx.modes:  # a cart may stand on any hex of a track: the game leaves those out too
            room = spawn_room(m, team)
            if len(room) < len(usable):
                carts = f" (not counting {plural(len(usable) - len(room), 'hex', 'hexes')} of a cart track)"
            usable = tuple(room)
        if len(usable) < need:
            yield Problem(
                "HF104", ERROR,
                f"{team.value}'s spawn zone has {plural(len(usable), 'usable hex', 'usable hexes')}{carts}, "
                f"but a team starts with {need} units; paint {need - len(usable)} more",
                sorted_hexes(zone),
            )


@check("control point", "HF103", "HF106", modes=(Mode.KOTH,))
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


@check("cart tracks", "HF107", "HF108", "HF109", modes=(Mode.PAYLOAD,))
def cart_tracks(ctx: CheckContext) -> Iterator[Problem]:
    """Payload Race needs both tracks, each a path of adjacent hexes, not sharing hexes."""
    m = ctx.map
    for team in Team:
        path = m.track(team)
        if len(path) < 2:
            yield Problem(
                "HF108", ERROR,
                f"{team.value} has no cart track; draw one from its start to its end (at least 2 hexes)",
                path,
            )
            continue
        for a, b in zip(path, path[1:], strict=False):
            if a.distance(b) != 1:
                yield Problem(
                    "HF107", ERROR,
                    f"the {team.value} cart track jumps from {a} to {b} ({a.distance(b)} hexes apart); "
                    "each step must go to an adjacent hex — add the missing hexes between them",
                    (a, b),
                )
    shared = sorted_hexes(set(m.track(Team.RED)) & set(m.track(Team.BLU)))
    if shared:
        yield Problem(
            "HF109", ERROR,
            f"the RED and BLU cart tracks share {hex_list(shared)}; each cart needs its own track",
            shared,
        )


@check("stairs", "HF110")
def stairs(ctx: CheckContext) -> Iterator[Problem]:
    """Stairs must climb onto ground exactly one level higher."""
    m = ctx.map
    steps = [(h, c) for h, c in m.cells.items() if c.terrain is Terrain.STAIRS and c.stairs_up is not None]
    for h, c in sorted(steps):
        assert c.stairs_up is not None
        top = h.neighbor(c.stairs_up)
        above = m.cells.get(top)
        if above is None or above.terrain is Terrain.WALL or above.height != c.height + 1:
            what = (
                "no hex" if above is None
                else "a wall" if above.terrain is Terrain.WALL
                else f"height {above.height}"
            )
            yield Problem(
                "HF110", WARNING,
                f"stairs at {h} (height {c.height}) climb toward {top}, which is {what}; "
                f"stairs must lead onto height {c.height + 1} — turn them or change the heights",
                (h, top) if above is not None else (h,),
            )


@check("spawnpoints", "HF111", "HF112", modes=(Mode.TEAM_PLAY,))
def spawnpoints(ctx: CheckContext) -> Iterator[Problem]:
    """Team Play needs a spawnpoint of every colour, ammo tiles and weapon racks."""
    m = ctx.map
    for colour in Colour:
        if not m.spawnpoints.get(colour):
            yield Problem(
                "HF111", ERROR,
                f"Team Play has no {colour.value} spawnpoint; a character discarding a {colour.value} powerup "
                f"spawns on one, so paint at least one",
            )
    missing = [what for what, hexes in (("ammo tiles", m.ammo), ("weapon racks", m.racks)) if not hexes]
    if missing:
        yield Problem(
            "HF112", ERROR,
            f"Team Play has no {' and no '.join(missing)}; characters grab ammo and weapons there, "
            "so place some (about one ammo tile per 30 hexes and a rack by each spawnpoint colour)",
        )
