"""The heuristic player's Payload Race scorer: it walks to its job as the rules let it, and stands where it helps."""

from __future__ import annotations

from engine.ai import HeuristicPlayer
from engine.games.payload.ai.heuristic import BLOCKERS, RESERVES, behind, blockers_of, job_posts
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Verb
from tests.engine.games.payload.conftest import GameFactory, at

#: RED's cart runs along row 1 on a quay at height 1; below it a sunken bed (rows 3-4, height 0) whose
#: only way up is the stairs at column 8 of row 3, climbing east (direction 0).
BED = """
1.R 1.R 1.  1.  1.  1.  1.  1.  1.B 1.B
1.R 1.R 1.  1.  1.  1.  1.  1.  1.B 1.B
1.  1.  1.  1.  1.  1.  1.  1.  1.  1.
1.  0.  0.  0.  0.  0.  0.  0.  0a  1.
1.  0.  0.  0.  0.  0.  0.  0.  0.  1.
1.  1.  1.  1.  1.  1.  1.  1.  1.  1.
"""


def test_an_escort_in_a_sunken_bed_walks_out_by_the_stairs_and_pushes(game: GameFactory) -> None:
    """002 "Moving examples": up only by stairs. The quay is one hex above the Heavy as the crow flies, but
    the walk is round by the stairs, away from the cart at first; the heuristic takes it (it once stood
    under the wall for the whole game) and then pushes."""
    state = game(text=BED, red=[("heavy", (2, 4), "minigun")], blu=[("heavy", (8, 0), "minigun")],
                 red_track=[(c, 1) for c in range(3, 8)], blu_track=[(c, 5) for c in range(8, 2, -1)])
    ai = HeuristicPlayer(1)
    while state.turn < 20 and not state.is_terminal():
        if state.current_team() is Team.RED:
            state.apply(ai.choose(state))
        else:
            state.apply("end")  # BLU stands still: only RED's walk is under test
    assert state.carts[Team.RED] >= 2, "the Heavy climbed out of the bed and pushed its cart"


def test_an_escort_waits_beside_its_cart_never_on_the_next_hex_of_its_track(game: GameFactory) -> None:
    """002 "Pushing the cart" and decision 11: a token on the track ahead stops its own cart, so that hex
    is no post for an escort; every other hex next to the cart is."""
    state = game(red=[("heavy", (1, 1), "minigun")], blu=[("heavy", (8, 3), "minigun")])
    b = state.board
    cart, ahead = state.cart_cell(Team.RED), state.tracks[Team.RED][1]
    posts = job_posts(state, Team.RED, blocker=False)
    assert ahead not in posts
    assert set(posts) == set(b.neighbors[cart]) - {ahead}


def test_a_blocker_takes_a_post_outside_its_own_spawn_where_it_stops_the_push(game: GameFactory) -> None:
    """Decision 4: inside its own spawn a token does not stop the enemy's push, so those hexes are no
    blocker's posts. Here RED's cart starts at column 7, next to BLU's spawn (column 8)."""
    state = game(red=[("heavy", (1, 1), "minigun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(c, 1) for c in range(7, 2, -1)], blu_track=[(c, 3) for c in range(2, 7)])
    b = state.board
    beside = set(b.neighbors[state.cart_cell(Team.RED)])
    in_spawn = {n for n in beside if b.spawn_team(n) is Team.BLU}
    assert in_spawn, "the test needs RED's cart to start next to BLU's spawn"
    assert set(job_posts(state, Team.BLU, blocker=True)) == beside - in_spawn


def test_the_side_behind_in_the_race_sends_its_reserves_to_block(game: GameFactory) -> None:
    """002 "Objective & victory": the first cart home wins, so a side that would lose an unhindered race
    (equal pushes left and the other side pushes first, or more pushes left) can only win by stopping the
    enemy cart: its Pyro and Soldier join the blockers until it is ahead again."""
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("pyro", (8, 0), "flamethrower")])
    assert state.current_team() is Team.RED and state.carts == {Team.RED: 0, Team.BLU: 0}
    assert not behind(state, Team.RED) and behind(state, Team.BLU), "equal carts: RED pushes first"
    assert blockers_of(state, Team.BLU) == BLOCKERS | RESERVES and blockers_of(state, Team.RED) == BLOCKERS
    state.apply(next(a for a in state.legal_actions() if a.verb is Verb.PUSH))
    assert not behind(state, Team.RED) and behind(state, Team.BLU), "RED is a push ahead"
    state.apply("end")
    assert behind(state, Team.BLU), "BLU's own push only draws level, and RED pushes next"
    move = HeuristicPlayer(2).choose(state)
    assert move.verb is Verb.MOVE and move.actor == at(8, 0) and move.target is not None
    b = state.board

    def hexes_to_cart(h: Hex, team: Team) -> int:
        return b.distance(b.index[h], state.cart_cell(team))

    assert hexes_to_cart(move.target, Team.RED) < hexes_to_cart(at(8, 0), Team.RED), "the Pyro heads for RED's cart"
    assert hexes_to_cart(move.target, Team.BLU) > hexes_to_cart(at(8, 0), Team.BLU), "and away from his own"


#: A quay at height 1 with one pit (height 0, column 4 of row 2) beside RED's track, which starts at column 3
#: of row 1: the pit is a post by the cart, but no stairs lead out of it.
PIT = """
1.R 1.R 1.  1.  1.  1.  1.  1.  1.B 1.B
1.R 1.R 1.  1.  1.  1.  1.  1.  1.B 1.B
1.  1.  1.  1.  0.  1.  1.  1.  1.  1.
1.  1.  1.  1.  1.  1.  1.  1.  1.  1.
"""


def test_an_escort_never_drops_into_a_pit_beside_its_cart(game: GameFactory) -> None:
    """002 "Moving examples": down freely, up only by stairs, so a token in the pit never walks out. The pit
    is the post nearest the Heavy; the heuristic takes another, pushes, and follows its cart (it once stood in
    such a pit all game after one push, and its side lost three games in four)."""
    state = game(text=PIT, red=[("heavy", (4, 3), "minigun")], blu=[("heavy", (8, 0), "minigun")],
                 red_track=[(c, 1) for c in range(3, 8)], blu_track=[(c, 3) for c in range(8, 2, -1)])
    b = state.board
    pit, heavy = b.index[at(4, 2)], b.index[at(4, 3)]
    posts = job_posts(state, Team.RED, blocker=False)
    assert pit in posts and b.distance(heavy, pit) == 1, "the test needs the pit to be the nearest post"
    ai = HeuristicPlayer(1)
    stood: set[int] = set()
    while state.turn < 16 and not state.is_terminal():
        if state.current_team() is Team.RED:
            state.apply(ai.choose(state))
            stood |= {u.cell for u in state.units_of(Team.RED)}
        else:
            state.apply("end")  # BLU stands still: only RED's walk is under test
    assert pit not in stood, "the Heavy never stepped into the pit"
    assert state.carts[Team.RED] >= 3, "it pushed from another post and kept up with its cart"
