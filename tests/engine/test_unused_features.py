"""HF113: features none of the map's games plays with (docs/checks.md); the kit checks only where kits heal."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from engine.formats import load_map
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode
from engine.validation.checks import check_map

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _codes(m: HexMap) -> dict[str, list[object]]:
    out: dict[str, list[object]] = {}
    for p in check_map(m):
        out.setdefault(p.code, []).append(p)
    return out


def _free(m: HexMap) -> Hex:
    return next(h for h in sorted(m.cells) if m.cells[h].terrain.value == "open" and not m.spawn_team(h)
                and not m.features_at(h))


def test_kits_on_a_payload_map_are_named_and_not_balanced() -> None:
    """Payload Race (002) heals at no kit: kits there are named (HF113) and not counted or walked to (HF304, HF307,
    HF202 asked to move or reach them, contradicting HF113: a review)."""
    m = load_map(MAPS / "payload_canal.map.json")
    h = _free(m)
    got = _codes(m.with_kits({h}))
    [p] = got["HF113"]
    assert "first-aid kits at" in p.message and "Payload Race" in p.message and p.hexes == (h,)  # type: ignore[attr-defined]
    # the fix both ways: the command line's reader has no eraser (a new-user audit)
    assert 'in the file, their entries under "kits"' in p.message and 'the map\'s "modes"' in p.message  # type: ignore[attr-defined]
    assert not {"HF304", "HF307", "HF202"} & set(got)


def test_a_control_point_or_a_track_where_no_game_plays_with_it() -> None:
    m = load_map(MAPS / "payload_canal.map.json")
    h = _free(m)
    [p] = _codes(m.with_control_points([[h]]))["HF113"]
    assert "a control point at" in p.message and p.hexes == (h,)  # type: ignore[attr-defined]
    koth = load_map(MAPS / "koth_ridge.map.json")
    tracked = koth.with_feature("tracks", load_map(MAPS / "payload_canal.map.json").features["tracks"])
    assert "cart track" in _codes(tracked)["HF113"][0].message  # type: ignore[attr-defined]


def test_a_map_made_for_two_games_keeps_what_either_plays_with() -> None:
    """The map's own games count: kits and a control point on a map for King of the Board and Payload Race are
    King of the Board's, even when the map is checked for Payload Race alone."""
    m = load_map(MAPS / "koth_ridge.map.json")
    both = m.with_meta(replace(m.meta, modes=(Mode.KOTH, Mode.PAYLOAD)))
    assert "HF113" not in _codes(both)
    for name in ("koth_ridge", "koth_quarry", "payload_canal", "payload_bridges", "teamplay_arena", "teamplay_bunker"):
        assert "HF113" not in _codes(load_map(MAPS / f"{name}.map.json")), name


def test_the_fixer_proposes_kits_only_where_units_heal_at_them() -> None:
    """A kit changes no Payload Race game (002 has none) and now draws HF113: the fixer offers no kit edits there,
    and still does in King of the Board."""
    from engine.games.game import base_scenario
    from engine.mapmodel import Team
    from engine.rebalance.candidates import proposals

    for name, kits in (("payload_canal", False), ("koth_ridge", True)):
        path = MAPS / f"{name}.map.json"
        offered = proposals(base_scenario(load_map(path), path), Team.RED, None)
        assert any(p.family == "kits" for p in offered) is kits, name
