"""Starting units placed by clicking (editor.unit_placing): the next unit typed, dragged, taken off, mirrored."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor.edit_result import EditRefused
from editor.geometry import SymmetryKind, SymmetryMode
from editor.scenario_setup import ScenarioSetup
from editor.unit_placing import move_unit, place_next, unit_at, units_take_hexes, unplace
from engine.hexgrid import Hex, hex_spiral
from engine.mapmodel import Cell, HexMap, MapMeta, Mode, Team, Terrain
from engine.scenario import TeamSetup, UnitStart

RED_SPAWN = (Hex(-4, 2), Hex(-4, 3), Hex(-3, 2))
BLU_SPAWN = (Hex(4, -2), Hex(4, -3), Hex(3, -2))
POINT = Hex(0, 0)
ROTATE = SymmetryMode(SymmetryKind.ROT180)


def _map() -> HexMap:
    cells = {h: Cell() for h in hex_spiral(POINT, 4)}
    cells[Hex(1, 0)] = Cell(0, Terrain.WALL)
    cells[Hex(-1, 0)] = Cell(0, Terrain.LOW)
    return HexMap.create(MapMeta(name="Units", modes=(Mode.KOTH,)), cells,
                         spawns={Team.RED: list(RED_SPAWN), Team.BLU: list(BLU_SPAWN)})


def _setup(red: str = "scout soldier", blu: str = "scout soldier") -> ScenarioSetup:
    def team(kinds: str) -> TeamSetup:
        return TeamSetup((), tuple(UnitStart(k) for k in kinds.split()))
    return ScenarioSetup(mode=Mode.KOTH).with_team(Team.RED, team(red)).with_team(Team.BLU, team(blu))


def _hexes(s: ScenarioSetup, team: Team) -> list[Hex | None]:
    return [u.hex for u in s.teams[team].starting]


def test_a_click_places_the_next_unit_of_the_team_whose_spawn_zone_it_is() -> None:
    m = _map()
    got = place_next(_setup(), m, BLU_SPAWN[0])
    assert _hexes(got.setup, Team.BLU) == [BLU_SPAWN[0], None] and _hexes(got.setup, Team.RED) == [None, None]
    assert got.text == "Place BLU's scout on 4,-2" and not got.remark
    again = place_next(got.setup, m, BLU_SPAWN[1])
    assert _hexes(again.setup, Team.BLU) == list(BLU_SPAWN[:2])
    with pytest.raises(EditRefused, match="every BLU starting unit has its hex already"):
        place_next(again.setup, m, BLU_SPAWN[2])


def test_outside_every_spawn_zone_the_first_team_with_a_unit_left_places_it_with_a_remark() -> None:
    got = place_next(_setup(), _map(), Hex(0, 2))
    assert unit_at(got.setup, Hex(0, 2)) == (Team.RED, 0)
    assert "outside RED's spawn zone" in got.remark


@pytest.mark.parametrize(("where", "why"), [(Hex(1, 0), "cannot stand on the wall at 1,0"),
                                            (Hex(9, 9), "9,9 is not on the map")])
def test_a_hex_the_validator_would_refuse_is_refused_by_name(where: Hex, why: str) -> None:
    with pytest.raises(EditRefused, match=why):
        place_next(_setup(), _map(), where)


def test_only_the_scout_stands_on_a_low_obstacle() -> None:
    """Rules 4.2 (low obstacles): only the Scout may stand on one; HF602 calls any other unit there an error."""
    s = _setup("soldier scout")
    with pytest.raises(EditRefused, match="RED's soldier cannot stand on the low obstacle"):
        place_next(s, _map(), Hex(-1, 0))
    placed = place_next(_setup("scout"), _map(), Hex(-1, 0))
    assert unit_at(placed.setup, Hex(-1, 0)) == (Team.RED, 0)


def test_a_unit_dragged_onto_its_mirror_twin_swaps_with_it() -> None:
    """A review: with symmetry on, dragging RED's soldier onto the hex where BLU's soldier mirrors it was refused as
    taken, though the mirrored result, the two swapped, is as valid as before."""
    a, b = Hex(-2, 1), Hex(2, -1)  # each other's image under the half turn, neither in a spawn zone
    s = _setup("soldier", "soldier")
    s = s.with_team(Team.RED, TeamSetup((), (UnitStart("soldier", a),)))
    s = s.with_team(Team.BLU, TeamSetup((), (UnitStart("soldier", b),)))
    got = move_unit(s, _map(), a, b, ROTATE)
    assert _hexes(got.setup, Team.RED) == [b] and _hexes(got.setup, Team.BLU) == [a]
    assert got.text == "Move RED's soldier to 2,-1 (and BLU's soldier to -2,1)"
    with pytest.raises(EditRefused, match="already starts on 2,-1"):  # no symmetry: still a taken hex
        move_unit(s, _map(), a, b)
    # two soldiers a side (a review): the very twin swaps, the other pair of soldiers stays where it was
    c, d = Hex(-1, 2), Hex(1, -2)
    two = _setup("soldier soldier", "soldier soldier")
    two = two.with_team(Team.RED, TeamSetup((), (UnitStart("soldier", c), UnitStart("soldier", a))))
    two = two.with_team(Team.BLU, TeamSetup((), (UnitStart("soldier", d), UnitStart("soldier", b))))
    got = move_unit(two, _map(), a, b, ROTATE)
    assert _hexes(got.setup, Team.RED) == [c, b] and _hexes(got.setup, Team.BLU) == [d, a]


@pytest.mark.parametrize("kind", ["scout", "soldier"])
def test_the_tool_refuses_exactly_the_hexes_the_validator_calls_hf602_in_its_words(kind: str) -> None:
    """A review found the tool's refusals a copy of HF602's rules, free to drift apart: both now ask
    :func:`engine.scenario.start_refusals`. Every hex of the map, for a unit that may stand on a low obstacle and one
    that may not: refused by the tool exactly where the validator errs, for the same reason."""
    from engine.games.game import playing_ruleset
    from engine.validation.scenario_checks import check_scenario_setup

    m = _map()
    start = _setup(kind, kind).with_team(Team.RED, TeamSetup((), (UnitStart(kind, RED_SPAWN[0]),)))
    for h in set(m.cells) - {RED_SPAWN[0]}:
        scenario = start.with_team(Team.RED, TeamSetup((), (UnitStart(kind, h),))).scenario(m)
        errors = [p.message for p in check_scenario_setup(scenario, playing_ruleset(scenario, None)) if p.code == "HF602"]
        try:
            move_unit(start, m, RED_SPAWN[0], h)
        except EditRefused as e:
            assert errors and errors[0].split(f"RED's {kind} ")[1].split("; ")[0] in str(e), (h, errors, str(e))
        else:
            assert not errors, (h, errors)


def test_dragging_moves_a_unit_but_not_into_the_enemy_spawn_or_onto_another() -> None:
    m = _map()
    s = place_next(place_next(_setup(), m, RED_SPAWN[0]).setup, m, RED_SPAWN[1]).setup
    moved = move_unit(s, m, RED_SPAWN[0], Hex(0, 2))
    assert _hexes(moved.setup, Team.RED) == [Hex(0, 2), RED_SPAWN[1]] and moved.text == "Move RED's scout to 0,2"
    with pytest.raises(EditRefused, match="inside BLU's spawn zone"):
        move_unit(s, m, RED_SPAWN[0], BLU_SPAWN[0])
    with pytest.raises(EditRefused, match="RED's soldier already starts on -4,3"):
        move_unit(s, m, RED_SPAWN[0], RED_SPAWN[1])


def test_a_right_click_sends_a_unit_back_to_anywhere_in_its_spawn_zone() -> None:
    m = _map()
    s = place_next(_setup(), m, RED_SPAWN[0]).setup
    back = unplace(s, RED_SPAWN[0])
    assert _hexes(back.setup, Team.RED) == [None, None] and back.text == "Take RED's scout off -4,2"
    with pytest.raises(EditRefused, match="no starting unit stands on 0,2"):
        unplace(s, Hex(0, 2))


def test_with_symmetry_the_other_teams_unit_of_the_same_kind_follows_to_the_image() -> None:
    """A mirrored scenario stays each other's image (the validator's HF404 otherwise): placing, moving and taking
    off a unit do the same to the other team's unit of its kind on the image hex."""
    m = _map()
    placed = place_next(_setup(), m, RED_SPAWN[0], ROTATE)
    assert _hexes(placed.setup, Team.BLU) == [BLU_SPAWN[0], None] and placed.hexes == (RED_SPAWN[0], BLU_SPAWN[0])
    moved = move_unit(placed.setup, m, RED_SPAWN[0], Hex(0, 2), ROTATE)
    assert _hexes(moved.setup, Team.BLU) == [Hex(0, -2), None]
    off = unplace(moved.setup, Hex(0, 2), ROTATE)
    assert _hexes(off.setup, Team.BLU) == [None, None] and _hexes(off.setup, Team.RED) == [None, None]


def test_with_symmetry_a_counterpart_placed_elsewhere_follows_too() -> None:
    """The other team's unit of the kind followed only from the image hex or from no hex; one placed elsewhere
    (with symmetry off) stayed behind without a word (a new-user audit). It goes to the image hex too."""
    m = _map()
    s = place_next(_setup(), m, BLU_SPAWN[2]).setup  # symmetry off: BLU's scout on 3,-2, RED's unplaced
    got = place_next(s, m, RED_SPAWN[0], ROTATE)
    assert _hexes(got.setup, Team.BLU)[0] == BLU_SPAWN[0]
    assert got.text == "Place RED's scout on -4,2 (and BLU's scout on 4,-2)"
    back = unplace(got.setup, RED_SPAWN[0], ROTATE)
    assert back.text == "Take RED's scout off -4,2 (and BLU's scout off 4,-2)"


def test_a_hex_the_game_itself_refuses_is_refused_a_payload_carts_hex() -> None:
    """Payload Race (002): a cart stands on its track's first hex, so no unit can start there; the validator's
    HF602 does not know carts and the game refused to start (HF605) after the tool had put a unit there (an audit)."""
    from editor.scenario_setup import ScenarioSetup as Setup
    from engine.formats import load_scenario

    s = load_scenario("maps/payload_canal.scenario.json")
    setup = Setup.of(s)
    red = setup.teams[Team.RED].starting
    start = s.map.tracks[Team.RED][0]
    with pytest.raises(EditRefused, match=f"a cart stands on {start}"):
        move_unit(setup, s.map, red[0].hex, start)


def test_team_play_characters_take_no_hex() -> None:
    """Team Play (003, spawning round): characters enter at the spawnpoints of the colour their player discards;
    a hex is refused at once instead of leaving a scenario the game will not start."""
    setup = replace(_setup(), mode=Mode.TEAM_PLAY)
    with pytest.raises(EditRefused, match="Team Play characters take no hex"):
        place_next(setup, _map(), Hex(0, 2))
    assert units_take_hexes(setup) and not units_take_hexes(_setup())


def test_no_units_typed_yet_says_so() -> None:
    with pytest.raises(EditRefused, match="RED has no starting units typed yet"):
        place_next(ScenarioSetup(mode=Mode.KOTH), _map(), RED_SPAWN[0])


def test_a_mirror_the_image_cannot_take_places_one_unit_and_says_why() -> None:
    m = _map()
    s = _setup("scout soldier", "soldier")  # BLU has no scout to follow
    got = place_next(s, m, RED_SPAWN[0], ROTATE)
    assert _hexes(got.setup, Team.BLU) == [None] and got.remark == "BLU has no scout to mirror it on 4,-2"
    low = _setup("soldier", "soldier")
    cells = dict(m.cells)
    cells[BLU_SPAWN[0]] = Cell(0, Terrain.WALL)
    walled = HexMap.create(m.meta, cells, spawns={Team.RED: list(RED_SPAWN), Team.BLU: list(BLU_SPAWN[1:])})
    got = place_next(low, walled, RED_SPAWN[0], ROTATE)
    assert _hexes(got.setup, Team.RED) == [RED_SPAWN[0]] and _hexes(got.setup, Team.BLU) == [None]
    assert "BLU's soldier was not moved to mirror it" in got.remark and "wall at 4,-2" in got.remark


def test_a_game_refusal_names_the_hex_it_is_about_not_one_that_contains_it() -> None:
    """The game's refusal is matched to the placed hex by its coordinates: 13,-2 or -3,-2 must not read as 3,-2."""
    from engine.validation.wording import names_hex

    assert names_hex("a cart stands on 3,-2", Hex(3, -2)) and names_hex("RED sprog starts on -3,-2: …", Hex(-3, -2))
    for other in ("a cart stands on 13,-2", "a cart stands on -3,-2", "a cart stands on 3,-21"):
        assert not names_hex(other, Hex(3, -2)), other


def test_a_unit_moved_onto_the_symmetry_axis_says_its_counterpart_cannot_mirror_it() -> None:
    """The centre of a 180° turn is its own image: a unit there leaves its counterpart where it was, and the remark
    says why instead of nothing (session 14's audit)."""
    m = _map()
    placed = place_next(_setup(), m, RED_SPAWN[0], ROTATE)
    moved = move_unit(placed.setup, m, RED_SPAWN[0], POINT, ROTATE)
    assert _hexes(moved.setup, Team.RED)[0] == POINT and _hexes(moved.setup, Team.BLU)[0] == BLU_SPAWN[0]
    assert "0,0 is on the symmetry's axis, its own image: BLU's scout cannot mirror it there" in moved.remark
    assert "HF404" in moved.remark
