"""HF402's side copies (engine/validation/mirror_match.py): an almost symmetric map made to match its mirror image,
one side as the model — offered in the problems panel and listed by ``hexfort fix`` as the designer's choice."""

from __future__ import annotations

from pathlib import Path

from engine.formats import load_map
from engine.hexgrid import Hex
from engine.mapmodel import Cell, HexMap, Mode, Team, Terrain
from engine.validation.checks import check_map
from engine.validation.fixes import fix_map, suggest_fixes
from engine.validation.symmetry import best_team_symmetry

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _hf402(m: HexMap, mode: Mode = Mode.KOTH) -> list[str]:
    [warning] = [p for p in check_map(m, mode) if p.code == "HF402"]
    return [f.label for f in suggest_fixes(m, warning)]


def _fixed(m: HexMap, label: str, mode: Mode = Mode.KOTH) -> HexMap:
    [warning] = [p for p in check_map(m, mode) if p.code == "HF402"]
    [fix] = [f for f in suggest_fixes(m, warning) if f.label == label]
    return fix.apply(m).map


def _exact(m: HexMap) -> bool:
    fit = best_team_symmetry(m)
    return fit is not None and fit.exact


def test_a_wall_painted_on_one_side_is_copied_across_or_taken_back() -> None:
    """HF402 said "make them match" with no quick fix, though the balance fixer had the repair (an editor audit).
    Either side may be the model: copying BLU's side onto RED's gives back the bundled map, RED's onto BLU's puts
    the wall's image on BLU's side; both leave an exactly symmetric map, and the warning is gone."""
    ridge = load_map(MAPS / "koth_ridge.map.json")
    slip = ridge.with_cell(Hex(-15, 4), Cell(ridge.cells[Hex(-15, 4)].height, Terrain.WALL))  # nearer RED's spawn
    assert _hf402(slip) == ["Make BLU's side match RED's (1 hex)", "Make RED's side match BLU's (1 hex)"]
    assert _fixed(slip, "Make RED's side match BLU's (1 hex)") == ridge
    both = _fixed(slip, "Make BLU's side match RED's (1 hex)")
    assert _exact(both) and both != ridge
    image = best_team_symmetry(ridge).image(Hex(-15, 4))  # type: ignore[union-attr]
    assert image is not None and both.cells[image].terrain is Terrain.WALL
    assert not [p for p in check_map(both, Mode.KOTH) if p.code == "HF402"]


def test_spawn_hexes_and_kits_cross_the_mirror_as_the_other_teams() -> None:
    """A spawn hex too many in RED's zone and a kit moved on BLU's side: copying RED's side gives BLU the spawn
    hex's image (a BLU hex) and puts the kit back where RED's side has its image; copying BLU's takes RED's extra
    hex away and moves RED's side's kit to match. Either way the map is exact again."""
    ridge = load_map(MAPS / "koth_ridge.map.json")
    fit = best_team_symmetry(ridge)
    assert fit is not None
    extra = Hex(-14, 5)  # free ground beside RED's zone
    assert extra in ridge.cells and not ridge.features_at(extra)
    kit, moved = Hex(4, -10), Hex(4, -9)  # BLU's side kit, one hex on
    slip = ridge.with_spawn_zone(Team.RED, set(ridge.spawns[Team.RED]) | {extra})
    slip = slip.with_kits((set(ridge.kits) - {kit}) | {moved})
    [red_model, blu_model] = _hf402(slip)
    a, b = _fixed(slip, red_model), _fixed(slip, blu_model)
    assert _exact(a) and _exact(b)
    assert fit.image(extra) in a.spawns[Team.BLU] and extra in a.spawns[Team.RED]
    assert extra not in b.spawns[Team.RED] and b.spawns == ridge.spawns
    assert kit in a.kits and moved not in a.kits  # RED's side is the model: BLU's kit back at its image
    assert set(b.kits) == set(slip.kits) - {fit.image(kit)} | {fit.image(moved)}  # type: ignore[operator]


def test_stairs_are_turned_as_the_symmetry_turns_them() -> None:
    """Stairs copied across a mirror climb toward the image of their own high side, so the copy is exact."""
    canal = load_map(MAPS / "payload_canal.map.json")
    stairs = next(h for h, c in sorted(canal.cells.items()) if c.stairs_up is not None
                  and not any(h in canal.track(t) for t in Team))
    c = canal.cells[stairs]
    slip = canal.with_cell(stairs, Cell(c.height, Terrain.OPEN))  # the stairs painted over on one side
    labels = _hf402(slip, Mode.PAYLOAD)
    assert len(labels) == 2
    for label in labels:
        assert _exact(_fixed(slip, label, Mode.PAYLOAD))
    restore = [lab for lab in labels if _fixed(slip, lab, Mode.PAYLOAD) == canal]
    assert len(restore) == 1  # the other side, the model, still has the stairs: copied back, turned


def test_hexfort_fix_leaves_the_choice_to_the_designer() -> None:
    """Which side is the slip only the designer knows: ``hexfort fix`` changes nothing and lists both copies."""
    ridge = load_map(MAPS / "koth_ridge.map.json")
    slip = ridge.with_cell(Hex(-15, 4), Cell(ridge.cells[Hex(-15, 4)].height, Terrain.WALL))
    out = fix_map(slip, Mode.KOTH)
    assert not out.changed and out.map is slip
    assert [(p.code, choices) for p, choices in out.decisions] == [
        ("HF402", ("Make BLU's side match RED's (1 hex)", "Make RED's side match BLU's (1 hex)"))]


def test_a_track_slip_gets_no_side_copy() -> None:
    """A cart track is one path: a step moved is not copied hex by hex (HF303 and the reversed-track fix mend
    tracks), so a slip only on a track gets no side copy."""
    canal = load_map(MAPS / "payload_canal.map.json")
    track = list(canal.track(Team.RED))
    mid = len(track) // 2
    bent = next((n for n in track[mid].neighbors() if n in canal.cells and not canal.features_at(n)
                 and n.distance(track[mid - 1]) == 1 and n.distance(track[mid + 1]) == 1), None)
    if bent is None:  # no detour of one step here: nothing to show on this map
        return
    slip = canal.with_feature_part("tracks", Team.RED, track[:mid] + [bent] + track[mid + 1:])
    warnings = [p for p in check_map(slip, Mode.PAYLOAD) if p.code == "HF402"]
    assert warnings and all(not any(f.label.startswith("Make ") for f in suggest_fixes(slip, w)) for w in warnings)


def test_a_slip_with_its_own_safe_fix_is_mended_by_it_not_held_for_a_side_copy() -> None:
    """Stairs turned away from their high ground break the mirror too (HF402 beside HF110): ``hexfort fix`` turns
    them back (the safe fix) and the map is its own mirror image again, rather than holding the file for a choice
    of side copies the turn makes needless."""
    bridges = load_map(MAPS / "payload_bridges.map.json")
    stairs = next(h for h, c in sorted(bridges.cells.items()) if c.stairs_up is not None)
    c = bridges.cells[stairs]
    turned = bridges.with_cell(stairs, Cell(c.height, c.terrain, (c.stairs_up + 3) % 6))  # type: ignore[operator]
    codes = {p.code for p in check_map(turned, Mode.PAYLOAD)}
    assert {"HF110", "HF402"} <= codes
    out = fix_map(turned, Mode.PAYLOAD)
    assert not out.decisions and [p.code for p, _ in out.applied] == ["HF110"] and out.map == bridges


def test_a_spawn_zone_grown_toward_the_point_is_copied_by_its_spawn_hexes() -> None:
    """A new-user audit grew RED's zone on Crossroads by 17 hexes toward the point (RED won every game). Their images
    lie nearer RED's grown zone than BLU's too, so splitting pairs by distance gave no pair two sides, and HF402 had
    no quick fix (`hexfort fix` did not even list a decision). A pair with one spawn hex is split by it: RED's side
    as the model grows BLU's zone to match, BLU's takes RED's extra hexes away — the bundled map again."""
    cross = load_map(MAPS / "koth_crossroads.map.json")
    grown = {Hex(q, r) for q, r in ((-4, 0), (-4, 1), (-4, 2), (-3, -1), (-3, 0), (-3, 1), (-3, 2), (-2, -2),
                                     (-2, -1), (-1, -3), (-1, -2), (0, -4), (0, -3), (1, -4), (1, -3), (2, -3),
                                     (3, -4))}
    slip = cross.with_spawn_zone(Team.RED, set(cross.spawns[Team.RED]) | grown)
    assert _hf402(slip) == ["Make BLU's side match RED's (17 hexes)", "Make RED's side match BLU's (17 hexes)"]
    assert _fixed(slip, "Make RED's side match BLU's (17 hexes)") == cross
    both = _fixed(slip, "Make BLU's side match RED's (17 hexes)")
    assert _exact(both) and len(both.spawns[Team.BLU]) == len(both.spawns[Team.RED]) == 24
    assert fix_map(slip, Mode.KOTH).decisions  # the command line lists the choice instead of saying nothing
