"""The validator on Team Play maps: spawnpoint colours (HF111), ammo tiles and racks (HF112), and how
fairly the ammo tiles serve each spawnpoint colour (HF312 / HF313); docs/checks.md has the codes.

Each test is named after the 003 section whose rule the map must allow (docs/rules-teamplay.md lists them).
"""

from __future__ import annotations

import pytest

from engine.games.game import Game
from engine.mapmodel import Colour, HexMap
from engine.ruleset import RulesetError
from engine.textmap import hex_at, map_from_text
from engine.validation.checks import check_map
from engine.validation.playability import playability
from engine.validation.problem import Problem, Severity
from tests.engine.games.teamplay.helpers import scenario

#: A strip with a spawnpoint of each colour, racks, and an ammo tile next to each colour's spawnpoint.
FAIR = """
modes: team_play
0.Sr 0.A  0.   0.   0.   0.A  0.Sy
0.   0.W  0.   0.   0.   0.W  0.
0.Sb 0.A  0.   0.   0.   0.   0.
"""
#: The same strip without the ammo tile by the yellow spawnpoint: yellow is 5 steps from ammo, red and blue 1.
UNFAIR = FAIR.replace("0.A  0.Sy", "0.   0.Sy")
#: The strip with ammo by the red spawnpoint only and the blue spawnpoint at the far end: yellow and blue far from ammo.
FAIR_BLUE_FAR = """
modes: team_play
0.Sr 0.A  0.   0.   0.   0.   0.Sy
0.   0.W  0.   0.   0.   0.W  0.
0.   0.   0.   0.   0.   0.   0.Sb
"""
#: The same strip without its yellow spawnpoint.
NO_YELLOW = FAIR.replace("0.Sy", "0.  ")


def _codes(m: HexMap, *codes: str) -> list[Problem]:
    return [p for p in check_map(m) if p.code in codes]


def test_spawning_round_a_map_with_every_spawnpoint_colour_is_not_reported() -> None:
    assert not _codes(map_from_text(FAIR), "HF111", "HF112", "HF313")


def test_spawning_round_a_map_missing_a_spawnpoint_colour_is_reported_and_the_game_refused() -> None:
    m = map_from_text(NO_YELLOW)
    assert set(m.spawnpoints) == {Colour.RED, Colour.BLUE}
    [p] = _codes(m, "HF111")
    assert p.severity is Severity.ERROR and "no yellow spawnpoint" in p.message and "paint" in p.message
    sc = scenario(NO_YELLOW)
    assert [q.code for q in playability(sc) if q.code == "HF111"] == ["HF111"]  # a game blocker
    with pytest.raises(RulesetError, match="no yellow spawnpoint; paint one of each colour"):
        Game.of(sc).new_initial_state()


@pytest.mark.parametrize(("drop", "missing"), [("A", "ammo tiles"), ("W", "weapon racks")])
def test_actions_a_map_without_ammo_tiles_or_weapon_racks_is_reported(drop: str, missing: str) -> None:
    m = map_from_text(FAIR.replace(f"0.{drop} ", "0.  "))
    [p] = _codes(m, "HF112")
    assert p.severity is Severity.ERROR and f"no {missing}" in p.message


def test_spawning_round_ammo_tiles_spread_unfairly_between_spawnpoint_colours_are_warned() -> None:
    fair = map_from_text(FAIR)
    [info] = _codes(fair, "HF312")
    assert info.severity is Severity.INFO
    assert "red: ammo 1 step" in info.message and "yellow: ammo 1 step" in info.message
    assert not _codes(fair, "HF313")
    unfair = map_from_text(UNFAIR)
    [info] = _codes(unfair, "HF312")
    assert "yellow: ammo 5 steps" in info.message
    [warn] = _codes(unfair, "HF313")
    assert warn.severity is Severity.WARNING
    assert "5 steps from the yellow spawnpoints but 1 from the blue ones" in warn.message
    assert warn.hexes == (hex_at(6, 0),)  # the far colour's spawnpoints


def test_spawning_round_every_colour_far_from_ammo_is_named_in_one_warning() -> None:
    """A new-user audit (session 9): with blue 11 steps from ammo and yellow 10 against red's 3, HF313 named blue
    alone, and yellow only after blue had been fixed. Here only red's spawnpoint keeps its ammo tile."""
    both = map_from_text(FAIR_BLUE_FAR)
    [warn] = _codes(both, "HF313")
    assert "ammo is 6 steps from the blue and 5 from the yellow spawnpoints but 1 from the red ones" in warn.message
    assert "a player who must discard blue or yellow starts an action behind" in warn.message
    assert set(warn.hexes) == {hex_at(6, 0), hex_at(6, 2)}
    blue = sorted(both.spawnpoints[Colour.BLUE])
    assert list(warn.hexes[:len(blue)]) == blue  # the farthest colour first: the dock's Where names its hex


#: The FAIR strip raised to height 2 with a pit (height 0) in its middle: one level a step, so no way out.
PIT = FAIR.replace("0.", "2.").replace("2.   2.   2.   2.A", "2.   0.   2.   2.A", 1)


def test_climbing_a_pit_two_levels_deep_is_reported_as_no_way_out() -> None:
    """docs/rules-teamplay.md "Climbing": one level a step, down freely, so a character that drops two levels
    never climbs out (HF207, the same warning as on the other modes' maps, walking from every spawnpoint)."""
    assert not _codes(map_from_text(FAIR), "HF207")
    [p] = _codes(map_from_text(PIT), "HF207")
    assert p.severity is Severity.WARNING and p.hexes == (hex_at(3, 0),)
    assert f"1 hex a character can walk or drop into but never walk out of ({hex_at(3, 0)})" in p.message
    assert "ground one level up at its edge" in p.message


def test_reach_an_ammo_tile_no_colour_can_walk_to_is_one_problem_naming_every_colour() -> None:
    """A new-user audit walled in an ammo tile and read HF206 three times, once per spawnpoint colour. Colours cut off
    from the same features are one problem now. Here the tile stands two levels above everything around it."""
    m = map_from_text(FAIR.replace("0.W  0.   0.   0.   0.W", "0.W  0.   2.A  0.   0.W", 1))
    [cut] = _codes(m, "HF206")
    assert cut.message.startswith("from the red, blue and yellow spawnpoints a character cannot walk to the ammo tile at ")
    assert cut.hexes == (hex_at(3, 1),)


def test_spawning_round_spawnpoints_of_two_colours_side_by_side_are_warned() -> None:
    """003 "Spawning round": a player picks where his character appears by the colour he discards; a blue spawnpoint
    beside the red one makes the two one place (a new-user audit painted it so and heard nothing). The bundled
    maps, and the strip with its colours apart, say nothing."""
    assert not _codes(map_from_text(FAIR), "HF114")
    side = FAIR.replace("0.   0.W  0.   0.   0.   0.W  0.", "0.Sb 0.W  0.   0.   0.   0.W  0.", 1)
    side = side.replace("0.Sb 0.A  0.   0.   0.   0.   0.", "0.   0.A  0.   0.   0.   0.   0.", 1)
    [warn] = _codes(map_from_text(side), "HF114")
    assert warn.message.startswith("red and blue spawnpoints touch at ") and set(warn.hexes) == {hex_at(0, 0), hex_at(0, 1)}
