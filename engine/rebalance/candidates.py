"""Candidate edits for a map that favours one side, proposed from what the validator measures.

Given the side the games favour, :func:`proposals` offers the edits a designer
would try, each family aimed at one of the validator's fairness measures
(:mod:`engine.rebalance.measures`):

- **symmetry**: an almost symmetric map is made to match its mirror image
  (:mod:`engine.rebalance.repair`) — tried first;
- **route** (turns to the objective): a wall or low obstacle on the favoured
  side's way, or a hex raised on it; a wall opened, a low obstacle cleared, a hex
  lowered or stairs added beside the other side's way — each measured with the
  game's movement flood, and kept only when it changes that side's walk;
- **spawn** (spawn zone size, turns): the other side's zone grows toward the
  objective, the favoured side's shrinks or a hex of it moves away;
- **kits** (kits nearer each spawn): the favoured side's kit moves toward the
  other side, or goes; a kit is added by the other side's way; a kit moves
  within its own side (the favoured side's off its way, the other's onto it),
  which leaves the count level;
- the mode's own (:mod:`engine.rebalance.modes`): King of the Board's **cover**
  (hexes seeing the point) and Payload Race's **track** (pushes), each in the
  mode's package;
- **team play** (Team Play's racks, ammo tiles and spawnpoints, which no team
  owns): each moved a little, and cover added in the middle; the games decide
  which way helps;
- **rosters**: where the sides differ only by what they field (Team Play's fixed
  rosters), one unit of each side's exchanged (:mod:`engine.rebalance.rosters`).

On a map with a team symmetry every edit comes with its mirror image (a
mirrored pair), so the map stays symmetric. Candidates are not yet screened by
the validator (:mod:`engine.rebalance.screen`) nor played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.games.game import ruleset_of
from engine.games.modes import GAMES
from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, Colour, HexMap, Team, Terrain
from engine.rebalance.changes import (
    Change,
    Feature,
    MoveFeature,
    PlaceFeature,
    Proposal,
    RemoveFeature,
    SetGround,
    count_words,
)
from engine.rebalance.measures import Place
from engine.rebalance.mirror import Mirror
from engine.rebalance.modes import fixes_of
from engine.rebalance.repair import repairs
from engine.rebalance.rosters import exchanges
from engine.rules.board import Board
from engine.rules.movement import flood
from engine.scenario import Scenario

__all__ = ["compensated", "free_hex", "proposals", "undoes"]

#: Edits kept per family and direction (the search races the best of all families).
PER_FAMILY: Final = 4


def _goal_cells(scenario: Scenario, team: Team) -> list[Hex]:
    """Where ``team`` races to: the hexes its mode names (Payload Race: beside the middle of its own track),
    else the control point."""
    hook = fixes_of(scenario.mode).race_to
    mine = hook(scenario, team) if hook is not None else None
    if mine is not None:
        return mine
    return sorted(h for cp in scenario.map.control_points[:1] for h in cp)


class _Walker:
    """Steps from each team's spawn to its goal on a map, under the mode's climbing rule."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.goals = {t: _goal_cells(scenario, t) for t in Team}

    def steps(self, m: HexMap, team: Team) -> int | None:
        board = Board.for_map(m)
        starts = [i for i in board.spawn_zone(team) if not board.wall[i]]
        if not starts:
            return None
        r = flood(board, starts, GAMES[self.scenario.mode].move_profile((), team))
        ds = [d for h in self.goals[team] if (d := r.distance(h)) is not None]
        return min(ds) if ds else None


def free_hex(m: HexMap, h: Hex) -> bool:
    """Open ground without any feature (where a feature or an obstacle may go)."""
    return h in m.cells and m.cells[h].terrain is Terrain.OPEN and not m.features_at(h)


def _spread(items: list[tuple[int, Proposal]], k: int = PER_FAMILY) -> list[Proposal]:
    """Up to ``k`` proposals of different strengths: the weakest, the strongest and some between."""
    items.sort(key=lambda x: (x[0], x[1].hexes))
    if len(items) <= k:
        return [p for _, p in items]
    picks = sorted({round(i * (len(items) - 1) / (k - 1)) for i in range(k)})
    return [items[i][1] for i in picks]


def _route(scenario: Scenario, walker: _Walker, fav: Team, k: int) -> list[Proposal]:
    m = scenario.map
    dis = fav.other
    base = {t: walker.steps(m, t) for t in Team}
    slow: list[tuple[int, Proposal]] = []
    fast: list[tuple[int, Proposal]] = []
    place = Place(scenario)
    fav_paths = _paths(scenario, walker, fav)
    for h in sorted({h for p in fav_paths for h in p[1:-1]}):
        c = m.cells[h]
        if m.features_at(h) or c.terrain is Terrain.STAIRS:
            continue
        options = [Cell(c.height, Terrain.WALL), Cell(c.height, Terrain.LOW)]
        if c.terrain is Terrain.OPEN and c.height < 2:
            options.append(Cell(c.height + 1))
        for after in options:
            if after.terrain is c.terrain and after.height == c.height:
                continue
            change = SetGround(h, c, after)
            gain = _gain(walker, m, change, base, fav)
            if gain is not None and gain > 0:
                slow.append((gain, Proposal((change,), f"slows {fav.value}'s way to {place.goal} by "
                                                       f"{count_words(gain, 'step')}", "route")))
    dis_paths = _paths(scenario, walker, dis)
    near = sorted({n for p in dis_paths for h in p for n in h.neighbors() if n in m.cells})
    for h in near:
        c = m.cells[h]
        if m.features_at(h) and c.terrain is not Terrain.OPEN:
            continue
        options = []
        if c.terrain in (Terrain.WALL, Terrain.LOW):
            options.append(Cell(c.height))
        if c.terrain is Terrain.OPEN and c.height > 0:
            options.append(Cell(c.height - 1))
        if c.terrain is Terrain.OPEN and not m.features_at(h):
            for d, n in enumerate(h.neighbors()):
                if n in m.cells and m.cells[n].height == c.height + 1:
                    options.append(Cell(c.height, Terrain.STAIRS, d))
                    break
        for after in options:
            change = SetGround(h, c, after)
            gain = _gain(walker, m, change, base, dis)
            if gain is not None and gain < 0:
                fast.append((-gain, Proposal((change,), f"shortens {dis.value}'s way to {place.goal} by "
                                                        f"{count_words(-gain, 'step')}", "route")))
    return _spread(slow, k) + _spread(fast, k)


def _paths(scenario: Scenario, walker: _Walker, team: Team) -> list[list[Hex]]:
    """A shortest walk of ``team`` to its goal (the mode's ordinary climbing rule)."""
    m = scenario.map
    board = Board.for_map(m)
    starts = [i for i in board.spawn_zone(team) if not board.wall[i]]
    if not starts:
        return []
    r = flood(board, starts, GAMES[scenario.mode].move_profile((), team))
    ends = [h for h in walker.goals[team] if r.distance(h) is not None]
    if not ends:
        return []
    end = min(ends, key=lambda h: (r.distance(h), h))
    return [r.path(end)]


def _gain(walker: _Walker, m: HexMap, change: Change, base: dict[Team, int | None], team: Team) -> int | None:
    """How many steps ``change`` adds to ``team``'s walk (None when either walk is impossible or the other
    side's walk changes as much)."""
    try:
        new = change.apply(m)
    except ValueError:
        return None
    after = {t: walker.steps(new, t) for t in Team}
    if any(v is None for v in after.values()) or any(v is None for v in base.values()):
        return None
    mine = after[team] - base[team]  # type: ignore[operator]
    theirs = after[team.other] - base[team.other]  # type: ignore[operator]
    return mine if abs(theirs) < abs(mine) else None


def _spawn(scenario: Scenario, fav: Team, place: Place, k: int) -> list[Proposal]:
    """Spawn hexes grown, taken out or moved; ``k`` (:data:`PER_FAMILY` or more) sets how many of each."""
    m = scenario.map
    dis = fav.other
    out = []
    zone = {t: set(m.spawns.get(t, ())) for t in Team}
    grow = sorted({n for h in zone[dis] for n in h.neighbors() if free_hex(m, n)}, key=lambda h: (place.goal_distance(h), h))
    for h in grow[:k // 2]:
        out.append(Proposal((PlaceFeature(Feature("spawn", dis.value), h),),
                            f"{dis.value}'s spawn zone grows toward {place.goal}", "spawn"))
    mine = sorted(zone[fav], key=lambda h: (place.goal_distance(h), h))
    for h in mine[:k // 2]:
        out.append(Proposal((RemoveFeature(Feature("spawn", fav.value), h),),
                            f"{fav.value}'s spawn zone loses its hex nearest {place.goal}", "spawn"))
        back = sorted((n for n in h.neighbors() if free_hex(m, n) and place.goal_distance(n) > place.goal_distance(h)),
                      key=lambda n: (-place.goal_distance(n), n))
        for n in back[:k // 4]:
            out.append(Proposal((MoveFeature(Feature("spawn", fav.value), h, n),),
                                f"{fav.value}'s spawn starts farther from {place.goal}", "spawn"))
    far = sorted(zone[dis], key=lambda h: (-place.goal_distance(h), h))
    for h in far[:k // 4]:
        fore = sorted((n for n in grow if place.goal_distance(n) < place.goal_distance(h)),
                      key=lambda n: (place.goal_distance(n), n))
        for n in fore[:1]:
            out.append(Proposal((MoveFeature(Feature("spawn", dis.value), h, n),),
                                f"{dis.value}'s spawn starts nearer {place.goal}", "spawn"))
    return out


def _kits(scenario: Scenario, fav: Team, place: Place, walker: _Walker) -> list[Proposal]:
    m = scenario.map
    dis = fav.other
    kit = Feature("kit")
    out = []
    for k in sorted(m.kits):
        if place.side(k) is not fav:
            continue
        out.append(Proposal((RemoveFeature(kit, k),), f"{fav.value} loses a kit nearer its spawn", "kits"))
        dests = sorted((h for h in hexes_within(k, 3) if free_hex(m, h) and place.side(h) is not fav),
                       key=lambda h: (h.distance(k), h))
        for h in dests[:2]:
            out.append(Proposal((MoveFeature(kit, k, h),), f"the kit moves off {fav.value}'s side", "kits"))
    ways = {t: _paths(scenario, walker, t) for t in Team}
    out += _kit_shifts(scenario, fav, place, ways)
    paths = ways[dis]
    if paths:
        way = paths[0]
        mid = way[len(way) // 2]
        spots = sorted((h for h in (mid, *mid.neighbors()) if free_hex(m, h)), key=lambda h: (h.distance(mid), h))
        for h in spots[:1]:
            out.append(Proposal((PlaceFeature(kit, h),), f"{dis.value} gets a kit on its way", "kits"))
    return out


def _kit_shifts(scenario: Scenario, fav: Team, place: Place, ways: dict[Team, list[list[Hex]]]) -> list[Proposal]:
    """Kits moved within their own side, so the count nearer each spawn (HF304) stays level: the favoured
    side's kit off its way to the objective, the other side's onto its way: to the hex of the kit's side within
    3 hexes that lies farthest from (or nearest to) that side's shortest walk, the nearest such hex on ties.
    For a small bias on a map with no mirror, where a kit taken or given tips the count and is refused.
    ``ways``: each team's shortest walk (:func:`_paths`), as :func:`_kits` found them."""
    m = scenario.map
    kit = Feature("kit")
    out = []
    for team, onto in ((fav, False), (fav.other, True)):
        paths = ways[team]
        if not paths:
            continue
        way = paths[0]

        def off(h: Hex, way: list[Hex] = way) -> int:
            return min(h.distance(x) for x in way)

        for k in sorted(m.kits):
            if place.side(k) is not team:
                continue
            dests = [h for h in hexes_within(k, 3) if free_hex(m, h) and place.side(h) is team
                     and (off(h) < off(k) if onto else off(h) > off(k))]
            dests.sort(key=lambda h: (off(h) if onto else -off(h), h.distance(k), h))
            for h in dests[:1]:
                out.append(Proposal((MoveFeature(kit, k, h),),
                                    f"{team.value}'s kit moves {'onto' if onto else 'off'} its way to {place.goal}",
                                    "kits"))
    return out


def _team_play(scenario: Scenario, place: Place) -> list[Proposal]:
    """Moves of Team Play's racks, ammo tiles and spawnpoints, and cover in the middle (no side owns them)."""
    m = scenario.map
    out = []
    features: list[tuple[Feature, Iterable[Hex]]] = [(Feature("rack"), sorted(m.racks)), (Feature("ammo"), sorted(m.ammo))]
    features += [(Feature("spawnpoint", c.value), sorted(m.spawnpoints.get(c, ()))) for c in Colour]
    for f, hexes in features:
        for h in hexes:
            dests = sorted((n for n in hexes_within(h, 2) if free_hex(m, n)),
                           key=lambda n: (place.goal_distance(n) - place.goal_distance(h), n))
            for n in dests[:1] + dests[-1:]:
                out.append(Proposal((MoveFeature(f, h, n),), f"the {f.noun()} moves", "team play"))
    mid = sorted((h for g in place.goal_hexes for h in hexes_within(g, 3) if free_hex(m, h)),
                 key=lambda h: (place.goal_distance(h), h))
    for h in mid[:6:2]:
        c = m.cells[h]
        out.append(Proposal((SetGround(h, c, Cell(c.height, Terrain.LOW)),), "cover in the middle", "team play"))
        out.append(Proposal((SetGround(h, c, Cell(c.height, Terrain.WALL)),), "a wall in the middle", "team play"))
    blocks = sorted((h for g in place.goal_hexes for h in hexes_within(g, 5)
                     if h in m.cells and m.cells[h].terrain in (Terrain.WALL, Terrain.LOW) and not m.features_at(h)),
                    key=lambda h: (place.goal_distance(h), h))
    for h in blocks[:3]:
        c = m.cells[h]
        out.append(Proposal((SetGround(h, c, Cell(c.height)),), "longer sightlines in the middle", "team play"))
    return out


def compensated(scenario: Scenario, p: Proposal, side: Team, place: Place) -> list[Proposal]:
    """``p`` with cover on ``side``'s side by the objective (a wall or a low obstacle, nearest first), for a
    single edit refused only because a fairness check now names ``side``: opening a wall that hides the
    favoured side's ground lets it see the point from more hexes (HF306); taking a spawn hex nearest the
    point from the favoured side lets the other reach more of the ground by the point first (HF317). Cover on
    the named side's ground there takes that edge back, so the pair keeps the check level while the games
    decide what it does to the balance. Unscreened; at most 12 hexes tried."""
    m = p.apply(scenario.map)
    spots = sorted((h for h in m.cells if free_hex(m, h) and h not in p.hexes and place.side(h) is side
                    and place.goal_distance(h) <= 3), key=lambda h: (place.goal_distance(h), h))
    out = []
    for h in spots[:12]:
        c = m.cells[h]
        for after, what in ((Cell(c.height, Terrain.WALL), "a wall"), (Cell(c.height, Terrain.LOW), "a low obstacle")):
            cover = SetGround(h, c, after)
            out.append(Proposal(p.changes + (cover,),
                                f"{p.why}; with {what} on {side.value}'s side by the objective to keep the fairness "
                                "checks level", p.family, p.mirrored_pair, p.cover + (cover,)))
    return out


def proposals(scenario: Scenario, favoured: Team, mirror: Mirror | None) -> list[Proposal]:
    """Every candidate for ``scenario`` when ``favoured`` wins too often (module docstring), unscreened.

    On a map with a team ``mirror`` single edits come as mirrored pairs (and
    an almost symmetric map's repairs come first); without one, as they are,
    and three times as many of the route and spawn families: a single edit tips the
    validator's fairness checks (which a mirrored pair keeps level) far more
    often, so most of them are refused.
    """
    m = scenario.map
    out: list[Proposal] = []
    k = PER_FAMILY if mirror is not None else 3 * PER_FAMILY
    if mirror is not None and not mirror.exact:
        out += repairs(m, mirror)
    place = Place(scenario)
    singles: list[Proposal] = []
    if GAMES[scenario.mode].spawn_zones and all(m.spawns.get(t) for t in Team):
        walker = _Walker(scenario)
        singles += _route(scenario, walker, favoured, k)
        singles += _spawn(scenario, favoured, place, k)
        if GAMES[scenario.mode].uses_kits:  # a kit changes no game of a mode that does not heal at them (HF113)
            singles += _kits(scenario, favoured, place, walker)
        own = fixes_of(scenario.mode).candidates
        if own is not None:
            singles += own(scenario, favoured, place)
    else:
        singles += _team_play(scenario, place)
    singles += exchanges(scenario, {k: u.name for k, u in ruleset_of(scenario).units.items()})
    if mirror is None:
        return out + singles
    for p in singles:
        pair = p.with_mirror(mirror)
        if pair is not None:
            out.append(pair)
    return out


def undoes(p: Proposal, taken: Sequence[tuple[Scenario, Proposal]]) -> bool:
    """Whether ``p``, proposed for a later map, would undo an edit of the steps ``taken`` (each as the map the step
    started from and the proposal it took): all of a step (made on the map that step left, ``p`` gives back the map
    it started from) or any one of its edits (one of ``p``'s changes, made just after that edit, gives back the map
    just before it). The second keeps a step from giving back half of an earlier pair: a campaign's step 3 exchanged
    back the characters its step 2 had exchanged beside a wall (Bunker rosters-b). A step's cover
    (:attr:`Proposal.cover`, the wall a compensated pair adds to keep a fairness check level) is no edit of its own
    and may be moved later: forbidding that too left Quarry (asym)'s step 3 five proposals and no fix (session 26)."""
    for before, step in taken:
        state = before
        for e in step.changes:
            try:
                after = e.apply_to(state)
            except ValueError:  # cannot happen for a step that was taken; judge the whole step only
                break
            if e not in step.cover and any(_gives_back(c, after, state) for c in p.changes):
                return True
            state = after
        else:
            if _gives_back(p, state, before):
                return True
    return False


def _gives_back(c: Change | Proposal, after: Scenario, before: Scenario) -> bool:
    """Whether ``c`` made on ``after`` gives ``before`` (False when it cannot be made there: its kit or wall is not
    on that map)."""
    try:
        return c.apply_to(after) == before
    except ValueError:
        return False
