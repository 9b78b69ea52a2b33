"""The checks rewritten to scale to 40,000-hex maps answer exactly what the simple versions answered.

Each reference below is the straightforward computation the check used before
(one sight check per pair; jump rounds that look at every unreached hex); the
new code must agree on random maps, including the awkward ones (holes, dense
walls, maps walled into compartments).
"""

from __future__ import annotations

import random

import pytest

from engine.formats.ruleset_file import builtin_ruleset
from engine.games.koth.map_checks import exposure_counts
from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain
from engine.rules.fov import seers, seers_pairwise
from engine.rules.movement import flood
from engine.rules.sight import Sight
from engine.validation.reachability import dead_space
from engine.validation.registry import CheckContext
from engine.validation.sightlines import spawn_camping
from engine.validation.terrain import DOUBLE_JUMP, board, profile, reach, rocket_reach, walk_mode


def _hexagon(radius: int) -> list[Hex]:
    return list(hexes_within(Hex(0, 0), radius))


def random_koth_map(seed: int) -> HexMap:
    """A hexagonal map with random walls, low obstacles, heights and holes; two spawn zones and one point."""
    rng = random.Random(seed)
    walls = rng.choice((0.0, 0.05, 0.15, 0.3))
    cells: dict[Hex, Cell] = {}
    for h in _hexagon(rng.randint(4, 14)):
        if rng.random() < 0.03:
            continue
        x = rng.random()
        cells[h] = (
            Cell(rng.choice((0, 1)), Terrain.WALL) if x < walls
            else Cell(0, Terrain.LOW) if x < walls + 0.05
            else Cell(rng.choice((0, 0, 1, 1, 2)))
        )
    hexes = sorted(cells)
    red, blu = rng.sample(hexes, 4), rng.sample(hexes, 4)
    blu = [h for h in blu if h not in red]
    cp = rng.sample(hexes, rng.randint(1, 7))
    for h in red + blu + cp:
        cells[h] = Cell(rng.choice((0, 1, 2)))
    return HexMap.create(MapMeta("random"), cells, {Team.RED: red, Team.BLU: blu}, (), [cp])


def exposure_reference(sight: Sight, cells: list[int], cp: list[int]) -> int:
    """The count as HF305 made it before: every candidate against every point hex, pair by pair."""
    stand = sight.board.stand
    todo = set(cells).difference(cp)
    seen = 0
    for c in cp:
        hit = {i for i in todo if sight.sees_at(i, c, stand[i], stand[c])}
        seen += len(hit)
        todo -= hit
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_exposure_counts_equal_the_pair_by_pair_count(seed: int) -> None:
    m = random_koth_map(seed)
    ctx = CheckContext(m)
    b = board(ctx)
    sight = Sight.for_board(b)
    cp = [b.index[h] for h in m.control_points[0] if not b.wall[b.index[h]]]
    cells = {t: reach(ctx, t).indices() for t in Team}
    want = {t: exposure_reference(sight, cells[t], cp) for t in Team}
    assert exposure_counts(sight, cells, cp) == want
    assert exposure_counts(sight, cells, cp, seers_pairwise) == want
    # a whole map's worth of candidates, not only the reachable ones
    everyone = {t: list(range(b.n)) for t in Team}
    assert exposure_counts(sight, everyone, cp, seers)[Team.RED] == exposure_reference(sight, everyone[Team.RED], cp)


def rocket_reference(ctx: CheckContext, team: Team) -> set[int]:
    """Walking and rocket jumps as computed before: rounds over every hex not reached yet."""
    b = board(ctx)
    jump = int(builtin_ruleset("koth").unit("soldier").param("rocket_jump_range"))
    closed = {Team.RED: 2, Team.BLU: 1}[team]
    walk = profile(walk_mode(ctx), team)
    got = set(reach(ctx, team).indices())
    landable = {j for j in range(b.n) if not b.wall[j] and b.spawn[j] != closed}
    pending = landable - got
    while pending:
        landings = {u for u in pending if any(j in got for j in b.within(u, jump))}
        if not landings:
            break
        got |= landings | set(flood(b, landings, walk).indices())
        pending -= got
    return got


def compartments(seed: int) -> HexMap:
    """Rows of rooms walled off from each other (walls one hex thick), heights at random inside."""
    rng = random.Random(seed)
    width = rng.choice((5, 8, 12))
    cells: dict[Hex, Cell] = {}
    for q in range(40):
        for r in range(12):
            h = Hex(q - r // 2, r)
            cells[h] = Cell(0, Terrain.WALL) if q % width == width - 1 else Cell(rng.choice((0, 0, 0, 1, 2)))
    red = [Hex(0, 0), Hex(1, 0), Hex(2, 0)]
    blu = [Hex(-5, 11), Hex(-4, 11), Hex(-3, 11)]
    for h in red + blu:
        cells[h] = Cell(0)
    return HexMap.create(MapMeta("rooms"), cells, {Team.RED: red, Team.BLU: blu}, (), [[Hex(20, 6)]])


@pytest.mark.parametrize("seed", range(30))
def test_rocket_reach_equals_the_round_by_round_reference(seed: int) -> None:
    m = random_koth_map(seed) if seed % 3 else compartments(seed)
    for team in Team:
        assert rocket_reach(CheckContext(m), team) == rocket_reference(CheckContext(m), team), team


def dead_space_reference(ctx: CheckContext) -> dict[str, set[Hex]]:
    """HF204/HF205 asked hex by hex: each unwalked hex asks each team which special gets there (both named when
    both do, as the check has since session 15)."""
    b = board(ctx)
    teams = [t for t in Team if any(not b.wall[b.index[h]] for h in ctx.map.spawns.get(t, ()))]
    walked = {i for t in teams for i in reach(ctx, t).indices()}
    out: dict[str, set[Hex]] = {}
    for i in range(b.n):
        if b.wall[i] or b.low[i] or i in walked:
            continue
        h = b.hexes[i]
        names = sorted({s for t in teams for s, gets in ((f"the Scout's {DOUBLE_JUMP}", h in reach(ctx, t, DOUBLE_JUMP)),
                                                          ("the Soldier's rocket jump", i in rocket_reach(ctx, t)))
                        if gets})
        out.setdefault(" or ".join(names) if names else "dead", set()).add(b.hexes[i])
    return out


def islands() -> HexMap:
    """The random map of seed 0 with an island beyond any jump (dead space) and a low ring near it."""
    m = random_koth_map(0)
    far = Hex(40, 0)
    cells = dict(m.cells)
    for h in hexes_within(far, 3):
        cells[h] = Cell(0, Terrain.LOW) if h.distance(far) == 3 else Cell(1)
    return HexMap.create(m.meta, cells, m.spawns, m.kits, m.control_points)


@pytest.mark.parametrize("make", [*(lambda s=s: random_koth_map(s) for s in range(30)), islands])
def test_dead_space_names_the_same_special_as_asking_hex_by_hex(make) -> None:  # type: ignore[no-untyped-def]
    ctx = CheckContext(make())
    got: dict[str, set[Hex]] = {}
    for p in dead_space(ctx):
        key = "dead" if p.code == "HF204" else p.message.split(" with ", 1)[1].split(" (", 1)[0]
        got[key] = set(p.hexes)
    want = dead_space_reference(CheckContext(ctx.map))
    assert got == want
    if make is islands:
        assert len(want["dead"]) == 19  # the island's inside; its ring of low obstacles is not walked on


def test_spawn_camping_with_a_huge_enemy_zone_looks_within_range_only() -> None:
    """A zone bigger than the range's hexagon takes the within-range path; the exits found are the same."""
    cells = {h: Cell(0) for h in _hexagon(24)}
    for h in _hexagon(24):
        if h.q == 3 and -6 <= h.r <= 6 and h.r != 0:
            cells[h] = Cell(0, Terrain.WALL)
    red = _hexagon(2)
    blu = [h for h in _hexagon(24) if h.q >= 5]  # far more hexes than within range 12
    m = HexMap.create(MapMeta("camp"), cells, {Team.RED: red, Team.BLU: blu}, (), [[Hex(-10, 0)]])
    ctx = CheckContext(m)
    b = board(ctx)
    sees = Sight.for_board(b).sees
    rng = max(u.range for u in builtin_ruleset("koth").units.values())
    zone = set(b.indices(red))
    exits = {j for i in zone for j in b.neighbors[i] if j not in zone and not b.wall[j] and j in reach(ctx, Team.RED)}
    enemy = b.indices(blu)
    want = tuple(sorted(b.hexes[j] for j in exits if any(b.distance(j, e) <= rng and sees(j, e) for e in enemy)))
    assert len(blu) > 3 * rng * (rng + 1)
    assert 0 < len(want) < len(exits)
    got = [p for p in spawn_camping(ctx) if Team.RED.value + "'s spawn" in p.message]
    assert [p.hexes for p in got] == [want]


def test_checking_one_map_after_another_lets_the_old_boards_go() -> None:
    """The board, sight and movement caches hold boards weakly (the last two built excepted), so a
    long-running editor validating edit after edit of a big map does not keep every version alive."""
    import gc
    import weakref

    from engine.rules.board import Board
    from engine.validation.checks import check_map

    first = random_koth_map(1)
    check_map(first)
    gone = weakref.ref(Board.for_map(first))
    del first
    for seed in (2, 3, 4):
        check_map(random_koth_map(seed))
    gc.collect()
    assert gone() is None


def test_hexes_both_specials_reach_name_both() -> None:
    """A session-15 audit took Canal's stairs out on RED's half: HF205 said 33 hexes "can only be reached with the
    Scout's double jump", and the Soldier's rocket jump (002 "Moving examples") reaches all 33 too."""
    from pathlib import Path

    from engine.formats import load_map

    canal = load_map(Path(__file__).resolve().parents[2] / "maps" / "payload_canal.map.json")
    flat = canal.with_cells({h: Cell(c.height) for h, c in canal.cells.items() if c.stairs_up is not None and h.q < 0})
    said = [p.message for p in dead_space(CheckContext(flat)) if p.code == "HF205"]
    assert any(m.startswith("33 hexes can only be reached with the Scout's double jump or the Soldier's rocket jump")
               for m in said), said
