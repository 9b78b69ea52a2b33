"""Movement floods and step rules (001 "Movement", 001 "Map", 002 "Moving examples")."""

from __future__ import annotations

import pytest

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.board import Board
from engine.rules.movement import Climb, MoveProfile, can_step, flood, pockets, reachable, steps_to
from engine.textmap import hex_at, map_from_text

WALK = MoveProfile()
SCOUT = MoveProfile(over_low=True, keep_height=True)

# One row, so each hex's only neighbours in the row are left and right.
ROW_CASES = [
    # (row tokens, profile, reachable column set from column 0)    rulebook reason
    ("0. 1. 2.", WALK, {0, 1, 2}),  # 001 "Movement": up one level per step
    ("0. 2. 0.", WALK, {0}),  # up two levels in one step is not allowed
    ("2. 1. 0.", WALK, {0, 1, 2}),  # down freely
    ("2. 0. 0.", WALK, {0, 1, 2}),  # down two levels in one step
    ("0. 0# 0.", WALK, {0}),  # walls are impassable
    ("0. 0o 0.", WALK, {0}),  # low obstacles block most units
    ("0. 0o 0.", SCOUT, {0, 1, 2}),  # the Scout jumps onto and over them
    ("0. 0o 2.", SCOUT, {0, 1, 2}),  # standing on a low obstacle counts as height 1
    ("0. 0o 2.", MoveProfile(over_low=True), {0, 1, 2}),
    ("2. 0. 2.", WALK, {0, 1}),  # a dip must be climbed out of one level at a time
    ("2. 0. 2.", SCOUT, {0, 1, 2}),  # the Scout keeps his height while he moves
    ("1. 0. 0. 2.", SCOUT, {0, 1, 2, 3}),  # kept height 1 lets him climb to 2 later
    ("0. 1. 2.", MoveProfile(climb=Climb.STAIRS_ONLY), {0}),  # 002: up only by stairs
    ("0a 1a 2.", MoveProfile(climb=Climb.STAIRS_ONLY), {0, 1, 2}),  # stairs climbing toward +q
    ("0d 1. 2.", MoveProfile(climb=Climb.STAIRS_ONLY), {0}),  # stairs facing away do not help
    ("2. 1. 0.", MoveProfile(climb=Climb.STAIRS_ONLY), {0, 1, 2}),  # 002: down freely
]


@pytest.mark.parametrize(("row", "profile", "expected"), ROW_CASES)
def test_movement_up_one_level_per_step(row: str, profile: MoveProfile, expected: set[int]) -> None:
    """001 "Movement": same, one higher or any lower level per step; walls/low obstacles."""
    board = Board.for_map(map_from_text(row))
    got = flood(board, [hex_at(0, 0)], profile).reachable()
    assert {h.q for h in got} == expected


def test_movement_speed_bounds_the_flood() -> None:
    """001 "Movement": a unit moves at most its speed in hexes."""
    board = Board.for_map(map_from_text(" ".join(["0."] * 10)))
    for speed in range(0, 9):
        got = flood(board, [hex_at(0, 0)], WALK, max_steps=speed).reachable()
        assert max(got.values()) == speed
        assert len(got) == speed + 1


ENEMY_BASE = """
0.R 0.R 0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.B 0.B
"""


@pytest.mark.parametrize(("team", "closed"), [(Team.RED, Team.BLU), (Team.BLU, Team.RED)])
def test_movement_enemies_never_enter_a_spawn_base(team: Team, closed: Team) -> None:
    """001 "Map": units of the opposing team may not enter a spawn base, even passing through."""
    board = Board.for_map(map_from_text(ENEMY_BASE))
    own = board.spawn_zone(team)
    got = flood(board, [own[0]], MoveProfile(team=team)).distances()
    assert set(own) <= set(got)
    assert not set(board.spawn_zone(closed)) & set(got)
    ignore_spawns = flood(board, [own[0]], MoveProfile(team=None)).distances()
    assert set(board.spawn_zone(closed)) <= set(ignore_spawns)


def test_movement_pass_through_units_but_never_end_on_one() -> None:
    """001 "Movement": units pass through each other; only one unit per hex at the end."""
    board = Board.for_map(map_from_text("0. 0. 0. 0."))
    blocker = board.index[hex_at(1, 0)]
    reach = flood(board, [hex_at(0, 0)], WALK, max_steps=3, occupied={blocker})
    assert hex_at(1, 0) not in reach
    assert reach.distance(hex_at(2, 0)) == 2
    assert reach.path(hex_at(3, 0))[1] == hex_at(1, 0)


MAZE = """
0. 0. 0. 0# 0. 0.
0# 0# 0. 0# 0. 1.
0. 0. 0. 1. 1. 2.
0. 0o 0# 0. 0. 2.
"""


@pytest.mark.parametrize("profile", [WALK, SCOUT, MoveProfile(climb=Climb.STAIRS_ONLY)])
def test_movement_paths_are_legal_and_shortest(profile: MoveProfile) -> None:
    """001 "Movement": every reported path is a chain of legal steps as long as its distance."""
    board = Board.for_map(map_from_text(MAZE))
    start = board.index[hex_at(0, 0)]
    reach = flood(board, [start], profile)
    assert reach.distance(start) == 0
    for i, d in reach.distances().items():
        path = reach.path_indices(i)
        assert path[0] == start and path[-1] == i
        assert len(path) == d + 1
        carried = board.stand[start]
        for a, b in zip(path, path[1:], strict=False):
            assert b in board.neighbors[a]
            assert can_step(board, a, b, profile, carried if profile.keep_height else None)
            carried = max(carried, board.stand[b])


def test_movement_flood_from_several_starts_takes_the_nearest() -> None:
    """A multi-source flood gives each hex its distance from the nearest start."""
    hexmap = map_from_text(" ".join(["0."] * 7))
    got = reachable(hexmap, [hex_at(0, 0), hex_at(6, 0)])
    assert {h.q: d for h, d in got.items()} == {0: 0, 1: 1, 2: 2, 3: 3, 4: 2, 5: 1, 6: 0}


def test_movement_unreachable_path_raises_key_error() -> None:
    """Asking for the path to an unreachable hex raises KeyError."""
    board = Board.for_map(map_from_text("0. 0# 0."))
    reach = flood(board, [hex_at(0, 0)])
    assert reach.distance(hex_at(2, 0)) is None
    with pytest.raises(KeyError):
        reach.path(hex_at(2, 0))
    with pytest.raises(KeyError):
        flood(board, [Hex(50, 50)])


STAIRS = MoveProfile(climb=Climb.STAIRS_ONLY)


@pytest.mark.parametrize("profile", [WALK, SCOUT, STAIRS, MoveProfile(climb=Climb.STAIRS_ONLY, team=Team.RED)])
def test_steps_to_are_the_flood_distances_run_backwards(profile: MoveProfile) -> None:
    """From every hex, the steps to the nearest target are what a flood from that hex finds."""
    board = Board.for_map(map_from_text(MAZE))
    targets = [board.index[hex_at(5, 0)], board.index[hex_at(1, 3)]]
    got = steps_to(board, targets, profile)
    for i in range(board.n):
        reach = flood(board, [i], profile)
        want = [d for d in (reach.distance(t) for t in targets) if d is not None]
        assert got[i] == (min(want) if want else -1), board.hexes[i]


def test_steps_to_go_round_by_the_stairs_where_the_way_back_is_one_step() -> None:
    """002 "Moving examples": up only by stairs in their direction, so the steps up a ledge and down it differ."""
    board = Board.for_map(map_from_text("0d 0. 0. 1."))  # stairs at column 0 climb west, off the map
    low, high = board.index[hex_at(2, 0)], board.index[hex_at(3, 0)]
    assert steps_to(board, [low], STAIRS)[high] == 1, "down freely"
    assert steps_to(board, [high], STAIRS)[low] == -1, "no stairs lead up to it"
    assert steps_to(board, [high], WALK)[low] == 1
    assert steps_to(board, [low], STAIRS) is steps_to(board, {low}, STAIRS), "cached per board and target set"
    with pytest.raises(IndexError):
        steps_to(board, [board.n], STAIRS)


# -- pockets: hexes a walk gets into but never out of -----------------------------------------------------------

POCKET_CASES = [
    # (row, profile, pocket columns, when walking from column 0)    rulebook reason
    ("1. 1. 0. 1. 1.", STAIRS, {2}),  # 002 "Moving examples": down freely, up only by stairs: a pit
    ("1. 1. 0a 1. 1.", STAIRS, set()),  # stairs in the pit climbing east lead out of it
    ("2. 2. 0. 2. 2.", WALK, {2}),  # 001 "Movement": two levels down, one up per step
    ("2. 2. 1. 2. 2.", WALK, set()),  # one level down climbs back
    ("2. 2. 0. 2. 2.", SCOUT, {2}),  # the Scout crosses the pit in one move, but a move ended in it is stuck
    ("2. 1. 0. 0. 0.", WALK, set()),  # a one-way drop into the main ground is not a pocket
]


@pytest.mark.parametrize(("row", "profile", "expected"), POCKET_CASES)
def test_pockets_a_pit_no_walk_leaves(row: str, profile: MoveProfile, expected: set[int]) -> None:
    """The hexes a unit can drop into but never walk out of (``pockets``), under each mode's climbing rule."""
    board = Board.for_map(map_from_text(row))
    got = pockets(board, [hex_at(0, 0)], profile)
    assert {board.hexes[i].q for i in got} == expected
    assert pockets(board, [hex_at(0, 0)], profile) is got, "cached per board, profile and starts"


def test_pockets_the_main_ground_is_the_largest_region_not_where_the_walk_starts() -> None:
    """A spawn on a ledge the walk leaves for good is no pocket; a pit beside the main ground is, whichever side
    of it the walk starts from."""
    board = Board.for_map(map_from_text("1. 0. 1. 1. 1. 1."))  # stairs only: the ledge at 0, a pit at 1
    cols = {board.hexes[i].q for i in pockets(board, [hex_at(0, 0)], STAIRS)}
    assert cols == {1}, "the ledge at column 0 reaches nothing but the pit: only the pit is a pocket"
    board = Board.for_map(map_from_text("2. 2. 2. 2. 0. 2."))
    assert {board.hexes[i].q for i in pockets(board, [hex_at(0, 0)], WALK)} == {4}
    assert pockets(Board.for_map(map_from_text("0. 0. 0.")), [hex_at(0, 0)], WALK) == ()
