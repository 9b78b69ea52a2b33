"""Every fairness measure compares RED and BLU always (issue #19): each bundled map is even by it, and a
copy of that map made unfair by one edit — a spawn hex added, a kit moved, a wall drawn, a hex raised or lowered, a
track lengthened, a rack moved — raises its warning, naming both figures and pointing at hexes.

One edit means one hex changed. On the bundled King of the Board maps no single wall, low obstacle,
raised or lowered hex, turned or removed stairs, nor a spawn hex taken away costs any unit kind a turn to
the point (their routes are wide), so the race's unfair copy adds one spawn hex that brings every kind a
turn nearer (Ridge: the zone's corner one step forward): the other side is the one a turn behind."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.formats import load_map, save_map
from engine.games.koth.map_measures import point_ground, point_sightlines
from engine.games.payload.map_checks import track_ends, track_lengths_of
from engine.games.payload.map_measures import last_push_ground
from engine.games.teamplay.map_checks import colour_sides
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, Mode, Team, Terrain
from engine.validation.checks import check_map
from engine.validation.measures import kit_split, objective_race, spawn_zones
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext
from engine.validation.terrain import board

MAPS = Path(__file__).resolve().parents[2] / "maps"


def bundled(name: str) -> HexMap:
    return load_map(MAPS / f"{name}.map.json")


def wall(h: str) -> Callable[[HexMap], HexMap]:
    """Draw a wall on ``h``."""
    return lambda m: m.with_cell(Hex.parse(h), Cell(m.cells[Hex.parse(h)].height, Terrain.WALL))


def level(h: str, by: int) -> Callable[[HexMap], HexMap]:
    """Raise ``h`` by ``by`` levels (lower it when negative)."""
    def edit(m: HexMap) -> HexMap:
        c = m.cells[Hex.parse(h)]
        return m.with_cell(Hex.parse(h), Cell(c.height + by, c.terrain, c.stairs_up))
    return edit


def add_spawn(team: Team, hexes: str) -> Callable[[HexMap], HexMap]:
    return lambda m: m.with_spawn_zone(team, set(m.spawns[team]) | {Hex.parse(hexes)})


def move_kit(old: str, new: str) -> Callable[[HexMap], HexMap]:
    return lambda m: m.with_kits(set(m.kits) - {Hex.parse(old)} | {Hex.parse(new)})


def lengthen(team: Team, extra: str) -> Callable[[HexMap], HexMap]:
    return lambda m: m.with_feature_part("tracks", team, [*m.track(team), Hex.parse(extra)])


def move_rack(old: str, new: str) -> Callable[[HexMap], HexMap]:
    return lambda m: m.with_feature("racks", set(m.racks) - {Hex.parse(old)} | {Hex.parse(new)})


def move_ammo(old: str, new: str) -> Callable[[HexMap], HexMap]:
    return lambda m: m.with_feature("ammo", set(m.ammo) - {Hex.parse(old)} | {Hex.parse(new)})


def add_spawnpoint(colour: str, h: str) -> Callable[[HexMap], HexMap]:
    from engine.mapmodel import Colour

    c = Colour(colour)
    return lambda m: m.with_feature_part("spawnpoints", c, set(m.spawnpoints[c]) | {Hex.parse(h)})


@dataclass(frozen=True)
class Case:
    """One measure: a bundled map, one edit that makes it unfair, the warning it raises and words the
    warning must hold (both figures)."""

    id: str
    map: str
    edit: Callable[[HexMap], HexMap]
    code: str
    says: tuple[str, ...]


CASES = [
    Case("spawn zone size", "koth_crossroads", add_spawn(Team.RED, "-10,-3"), "HF315",
         ("RED's spawn zone has 8 hexes to spawn on but BLU's has 7",)),
    Case("kits nearer a side", "koth_crossroads", move_kit("7,-5", "-6,5"), "HF304", ("(RED 3, BLU 1)",)),
    Case("turns to the point, every kind", "koth_ridge", add_spawn(Team.RED, "-13,7"), "HF302",
         ("BLU needs more turns than RED", "8 unit kinds", "Scout 3 vs 2", "Soldier 5 vs 4", "Pyro 4 vs 3",
          "Demoman 4 vs 3", "Heavy 5 vs 4", "Engineer 4 vs 3", "Medic 4 vs 3", "Sniper 4 vs 3")),
    Case("sightlines to the point", "koth_quarry", wall("-3,1"), "HF306", ("(RED 27, BLU 19)",)),
    Case("cover near the point", "koth_crossroads", wall("-2,0"), "HF317",
         ("RED reaches more hidden ground", "(RED 3, BLU 1)")),
    Case("height near the point", "koth_quarry", level("1,1", +1), "HF317",
         ("RED reaches more high ground", "(RED 3, BLU 1)")),
    Case("track lengths", "payload_canal", lengthen(Team.RED, "7,-4"), "HF303", ("(RED 17, BLU 16)",)),
    Case("last push against the defenders' walk", "payload_canal", lengthen(Team.RED, "7,-4"), "HF320",
         ("RED's Heavy 9, BLU's Heavy 5", "BLU's Heavy 8, RED's Heavy 6")),
    Case("track ending at the door", "payload_canal", add_spawn(Team.BLU, "12,-2"), "HF319",
         ("the RED track ends at BLU's door", "in 4 turns", "needs 8")),
    Case("sightlines to the last push", "payload_bridges", wall("10,-9"), "HF324",
         ("the BLU cart's last push (at 11,-1) is seen from many more hexes", "RED 53, BLU 74")),
    Case("cover at the last push", "payload_canal", wall("6,-5"), "HF324",
         ("the RED cart's last push (at 5,-4) has more hidden ground", "(at -5,4): RED 5, BLU 1")),
    Case("height at the last push", "payload_canal", level("5,-4", -1), "HF324",
         ("the RED cart's last push (at 5,-4) has more high ground", "(at -5,4): RED 24, BLU 9")),
    Case("escort turns along the track", "payload_canal", wall("8,2"), "HF325",
         ("BLU needs more turns than RED to stand by its cart at the middle", "Pyro 4 vs 3", "Demoman 4 vs 3",
          "Medic 4 vs 3")),
    Case("racks by side", "teamplay_arena", move_rack("0,0", "-6,3"), "HF322", ("weapon racks", "(red 2, blue 1)")),
    Case("ammo tiles by side", "teamplay_arena", move_ammo("4,1", "-6,2"), "HF322", ("ammo tiles", "(red 5, blue 3)")),
    Case("spawnpoints by side", "teamplay_arena", add_spawnpoint("red", "-9,3"), "HF322",
         ("spawnpoints", "(red 3, blue 2)")),
]


def _codes(problems: list[Problem], code: str) -> list[Problem]:
    return [p for p in problems if p.code == code]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_one_edit_makes_the_measure_warn_and_the_bundled_map_does_not(case: Case) -> None:
    m = bundled(case.map)
    assert not _codes(check_map(m), case.code)
    warned = _codes(check_map(case.edit(m)), case.code)
    assert warned, f"{case.code} not raised"
    [w] = [p for p in warned if all(s in p.message for s in case.says)] or [warned[0]]
    assert w.severity is Severity.WARNING
    for s in case.says:
        assert s in w.message, w.message
    assert w.hexes, "a warning points at the hexes involved"


@pytest.mark.parametrize("name", ["koth_crossroads", "koth_quarry", "koth_ridge"])
def test_koth_measures_are_even_on_the_bundled_maps(name: str) -> None:
    ctx = CheckContext(bundled(name))
    zones, kits = spawn_zones(ctx), kit_split(ctx)
    race, lines, ground = objective_race(ctx, Mode.KOTH), point_sightlines(ctx), point_ground(ctx)
    assert zones and kits and race and lines and ground
    assert zones.sizes.red == zones.sizes.blu > 0
    assert len(kits.nearer.red) == len(kits.nearer.blu)
    assert [k.name for k in race.kinds] == ["Scout", "Soldier", "Pyro", "Demoman", "Heavy", "Engineer", "Medic",
                                            "Sniper"]
    assert all(k.turns.red == k.turns.blu is not None for k in race.kinds)
    assert len(lines.seers.red) == len(lines.seers.blu) > 0
    assert (len(ground.high.red), len(ground.hidden.red)) == (len(ground.high.blu), len(ground.hidden.blu))


@pytest.mark.parametrize("name", ["payload_canal", "payload_bridges"])
def test_payload_measures_are_even_on_the_bundled_maps(name: str) -> None:
    ctx = CheckContext(bundled(name))
    lengths, ends, ground = track_lengths_of(ctx), track_ends(ctx), last_push_ground(ctx)
    assert lengths and ends and ground
    assert lengths.pushes.red == lengths.pushes.blu
    assert ends.escorts.red == ends.escorts.blu and ends.defenders.red == ends.defenders.blu
    assert ends.lead(Team.RED) == ends.lead(Team.BLU)
    assert len(ground.seen.red) == len(ground.seen.blu) > 0
    assert (len(ground.hidden.red), len(ground.high.red)) == (len(ground.hidden.blu), len(ground.high.blu))


@pytest.mark.parametrize("name", ["teamplay_arena", "teamplay_bunker"])
def test_teamplay_sides_are_even_on_the_bundled_maps(name: str) -> None:
    sides = colour_sides(CheckContext(bundled(name)))
    assert sides is not None and sides.move == 3
    assert len(sides.spawnpoints.red) == len(sides.spawnpoints.blu)
    assert len(sides.racks.red) == len(sides.racks.blu)
    assert abs(len(sides.ammo.red) - len(sides.ammo.blu)) <= 1


def test_the_race_counts_only_the_kinds_a_scenarios_rosters_field() -> None:
    m = add_spawn(Team.RED, "-13,7")(bundled("koth_ridge"))
    rosters = {Team.RED: ("heavy", "scout", "medic"), Team.BLU: ("heavy", "scout")}
    problems = check_map(m, Mode.KOTH, rosters=rosters)
    [info] = _codes(problems, "HF301")
    assert info.message == "turns to reach the control point, RED / BLU: Scout 2 / 3, Heavy 4 / 5, Medic 3 / —"
    [warning] = _codes(problems, "HF302")
    assert "2 unit kinds (BLU vs RED: Scout 3 vs 2, Heavy 5 vs 4)" in warning.message


def test_a_slower_sides_race_warning_points_first_at_its_own_goal() -> None:
    """A new-user audit: HF302 about BLU, slower to its cart, opened the problems dock on RED's cart (the first hex
    was the smaller in sort order). Its first hex is the slower side's cart now, the other's second."""
    m = bundled("payload_canal")
    later = m.with_feature_part("tracks", Team.BLU, m.track(Team.BLU)[2:])  # BLU's cart starts two hexes on
    [warning] = _codes(check_map(later), "HF302")
    assert warning.message.startswith("BLU needs more turns than RED to reach its cart")
    assert warning.hexes == (later.track(Team.BLU)[0], later.track(Team.RED)[0])


def test_the_last_push_is_measured_on_a_payload_map_without_a_symmetry() -> None:
    """Canal with BLU's spawn three rows over has no symmetry (HF403); the sight and ground at the last push
    are still measured for both carts, and the wall drawn beside RED's last push still warns."""
    m = bundled("payload_canal")
    moved = m.with_spawn_zone(Team.BLU, [Hex(h.q, h.r - 3) for h in m.spawns[Team.BLU]])
    problems = check_map(wall("4,-3")(moved))
    assert _codes(problems, "HF403") and not _codes(problems, "HF401") and not _codes(problems, "HF402")
    [info] = _codes(problems, "HF323")
    assert "hexes within 7 that see it: RED 72, BLU 97" in info.message
    warned = _codes(problems, "HF324")
    assert any("RED 72, BLU 97" in p.message and p.hexes == (Hex(-5, 4), Hex(5, -4)) for p in warned)


def test_hexfort_validate_names_both_spawn_zone_sizes(tmp_path: Path) -> None:
    m = add_spawn(Team.RED, "-10,-3")(bundled("koth_crossroads"))
    path = tmp_path / "crossroads_plus_one.map.json"
    save_map(m, path)
    result = subprocess.run([sys.executable, "-m", "editor.cli", "validate", str(path)], capture_output=True,
                            text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])
    assert result.returncode == 0, result.stderr  # warnings only
    lines = [ln for ln in result.stdout.splitlines() if "HF315 warning" in ln]
    assert lines and "RED's spawn zone has 8 hexes to spawn on but BLU's has 7" in lines[0], result.stdout
    assert lines[0].startswith(f"{path}:hex -10,-3:")  # the hex without a counterpart in BLU's zone
    assert "0 errors, 2 warnings" in result.stdout  # HF315 and HF402: no longer "0 errors, 0 warnings"


def test_the_last_push_is_measured_with_the_classes_the_rosters_field() -> None:
    """Reach is the longest range fielded and the radius the slowest speed plus one: Scouts only (range 3,
    speed 4) see the cart from fewer hexes and have more ground around it than the whole class card."""
    m = bundled("payload_canal")
    every = last_push_ground(CheckContext(m))
    scouts = last_push_ground(CheckContext(m, rosters={Team.RED: ("scout",), Team.BLU: ("scout",)}))
    assert every and scouts
    assert (every.reach, every.radius, scouts.reach, scouts.radius) == (7, 3, 3, 5)
    assert len(scouts.seen.red) < len(every.seen.red) and len(scouts.hidden.red) > len(every.hidden.red)
    b = board(CheckContext(m))
    assert all(b.distance(b.index[h], b.index[scouts.cart.red]) <= 3 for h in scouts.seen.red)
    assert not set(scouts.hidden.red) & set(scouts.seen.red)


def test_a_map_made_for_two_games_has_each_games_own_checks_under_that_games_rules() -> None:
    """A session-9 audit: Crossroads declared for King of the Board and Payload Race got "cannot walk from its
    spawn to the control point" (HF201) for both teams, and other sightline figures, because every check walked
    and looked under Payload Race's rules (climbing by stairs only, only walls blocking sight) — the strictest of
    the map's games — while the control point is King of the Board's alone. Checks of one game's features now use
    that game's rules; the checks every game shares keep the strictest (a Payload Race map without tracks still
    gets its HF108)."""
    from dataclasses import replace

    m = bundled("koth_crossroads")
    both = m.with_meta(replace(m.meta, modes=(Mode.KOTH, Mode.PAYLOAD)))
    alone = {(p.code, p.message) for p in check_map(m)}
    got = {(p.code, p.message) for p in check_map(both)}
    assert "HF201" not in {c for c, _ in got}
    for code in ("HF301", "HF305", "HF316"):
        assert {x for x in got if x[0] == code} == {x for x in alone if x[0] == code}, code
    assert "HF108" in {c for c, _ in got}
