"""Structure checks (HF1xx): features where they cannot work, missing pieces, broken tracks."""

from __future__ import annotations

from collections.abc import Iterator

from engine.games.modes import GAMES, plays_with
from engine.hexgrid import Hex
from engine.mapfeatures import features
from engine.mapmodel import HexMap, Team, Terrain
from engine.rules.movement import Climb
from engine.validation.measures import SPAWN_ROOMS
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


@check("spawn zones", "HF102", "HF104", "HF105", when=lambda rules: rules.spawn_zones)
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
        held = ""
        for mode in ctx.modes:  # a mode's pieces may stand on spawn hexes (a cart on its track): those are out too
            room = SPAWN_ROOMS.get(mode)
            if room is not None:
                placed = room.hexes(m, team)
                if len(placed) < len(usable):
                    held = f" (not counting {plural(len(usable) - len(placed), 'hex', 'hexes')} {room.words})"
                usable = tuple(placed)
                break
        if len(usable) < need:
            yield Problem(
                "HF104", ERROR,
                f"{team.value}'s spawn zone has {plural(len(usable), 'usable hex', 'usable hexes')}{held}, "
                f"but a team starts with {need} units; paint {need - len(usable)} more",
                sorted_hexes(zone),
            )


@check("stairs", "HF110", when=lambda rules: rules.climb is Climb.STAIRS_ONLY)
def stairs(ctx: CheckContext) -> Iterator[Problem]:
    """Stairs must climb onto ground exactly one level higher — in a game where height is climbed only by stairs
    (Payload Race). Where any step may climb a level (King of the Board, Team Play) stairs are ground like any other,
    and "stairs must lead onto height 1" told a Team Play designer of a rule the game does not have (an audit)."""
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


def unused_feature_keys(m: HexMap) -> list[str]:
    """The features ``m`` holds that none of its own games plays with (HF113), as the file's keys: ``"spawns"``,
    ``"kits"``, ``"control_points"`` or a registered feature's key (``"tracks"``...); empty for a map of no known
    game. The check and its quick fix ask this one question."""
    rules = [GAMES[md] for md in m.meta.modes if md in GAMES]
    if not rules:
        return []

    def unused(feature: str) -> bool:
        return not any(plays_with(r, feature) for r in rules)

    keys = [k for k, held in (("spawns", any(m.spawns.values())), ("kits", bool(m.kits)),
                              ("control_points", bool(m.control_points))) if held and unused(k)]
    return keys + [key for key in features() if m.features.get(key) and unused(key)]


@check("features no game of the map uses", "HF113")
def unused_features(ctx: CheckContext) -> Iterator[Problem]:
    """A feature none of the map's games plays with (team spawn zones or first-aid kits on a Team Play map, a cart
    track on a King of the Board map...) does nothing and is easily painted by mistake with a neighbouring tool: a
    new-user audit painted a RED spawn zone for a red spawnpoint and read "no red spawnpoint" with no hint why.
    Looked at against the map's own games (a scenario's one game may not use what the map's others do)."""
    m = ctx.map
    rules = [GAMES[md] for md in m.meta.modes if md in GAMES]
    keys = unused_feature_keys(m)  # the file's keys that hold them
    if not keys:
        return
    found: list[tuple[str, list[Hex]]] = []
    for key in keys:
        if key == "spawns":
            found += [(f"{t.value} spawn zone", sorted_hexes(z)) for t, z in m.spawns.items() if z]
        elif key == "kits":
            found.append(("first-aid kits", sorted_hexes(m.kits)))
        elif key == "control_points":  # a core field, not a registered feature
            found.append(("a control point" if len(m.control_points) == 1 else "control points",
                          sorted_hexes(h for cp in m.control_points for h in cp)))
        else:
            found += [(what, sorted_hexes(hs)) for what, hs in features()[key].hexes(m.features[key]) if hs]
    games = " and ".join(r.name for r in rules)
    who = (f"none of the games this map is made for ({games}) plays with these" if len(rules) > 1 else
           f"the game this map is made for, {games}, does not play with these")
    # both ways to the fix: the editor's, and the file's own (the command line named only editor tools: an audit)
    where = " and ".join(f'"{k}"' for k in keys)
    yield Problem(
        "HF113", WARNING,
        " and ".join(f"{w} at {hex_list(hs)}" for w, hs in found) + f": {who} — remove them (in the editor, the "
        f"eraser or the tool's right-click; in the file, their entries under {where}), or add the game that plays "
        "with them to the map's \"modes\" (in the editor, Map ▸ Properties)",
        tuple(h for _w, hs in found for h in hs),
    )
