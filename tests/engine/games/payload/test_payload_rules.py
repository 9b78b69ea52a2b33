"""Payload Race rules (rulebook 002), one test (or table) per rule, named after the book's sections."""

from __future__ import annotations

import pytest

from engine.games.state import IllegalActionError, Phase
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from tests.engine.games.payload.conftest import GameFactory, at

WALLED = """
0.R 0.R 0.  0.  0#  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0#  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""
#: A plateau at height 1 (columns 4-6) reached by stairs at column 3 of row 0 that climb east (direction 0).
PLATEAU = """
0.R 0.R 0.  0a  1.  1.  1.  0.  0.B 0.B
0.R 0.R 0.  0.  1.  1.  1.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""


def _end(state) -> None:  # type: ignore[no-untyped-def]
    state.apply("end")


# -- 002 "Player setup" ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("faces", "first"), [([3, 6], Team.BLU), ([7, 2], Team.RED), ([4, 4, 1, 5], Team.BLU)])
def test_who_goes_first_d8_roll_off_higher_goes_first_ties_throw_again(game: GameFactory, faces, first) -> None:  # type: ignore[no-untyped-def]
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (7, 0), "minigun")], dice=faces,
                 roll_for_first=True)
    assert state.first_team is first and state.current_team() is first
    assert [r.purpose for r in state.dice.rolls] == ["RED roll-off", "BLU roll-off"] * (len(faces) // 2)
    assert any("goes first" in line for line in state.log)


def test_initial_setup_every_token_in_its_spawn_with_a_weapon_card_of_its_class(game: GameFactory) -> None:
    state = game(red=[], blu=[], team_size=2)
    assert state.phase is Phase.SPAWN and state.current_team() is Team.RED
    acts = state.legal_actions()
    assert {a.kind for a in acts} == {"scout"}  # the roster's first class is placed first
    assert {a.detail for a in acts} == {"scattergun", "force_a_nature"}
    assert {state.board.spawn_team(state.board.index[a.target]) for a in acts} == {Team.RED}
    state.apply("spawn scout 0,0 with force_a_nature")
    assert state.unit_at(at(0, 0)).weapon == "force_a_nature"
    with pytest.raises(IllegalActionError):  # 002 "Initial setup": tokens never share a hex
        state.apply("spawn soldier 0,0 with rocket_launcher")
    state.apply("spawn soldier 1,0 with direct_hit")
    assert state.current_team() is Team.BLU  # then the other side places all of its tokens
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.phase is Phase.ACT and state.current_team() is Team.RED


# -- 002 "Taking a turn" ---------------------------------------------------------------------------------


def test_turn_order_every_token_of_the_side_acts_in_any_order(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun"), ("scout", (2, 2), "scattergun")],
                 blu=[("heavy", (7, 2), "minigun")], dice=[8])
    actors = {a.kind for a in state.legal_actions() if a.actor is not None}
    assert actors == {"heavy", "scout"}
    state.apply(Action(Verb.MOVE, "scout", at(2, 2), at(5, 2)))
    state.apply(Action(Verb.MOVE, "heavy", at(2, 0), at(3, 0)))
    state.apply(Action(Verb.ATTACK, "scout", at(5, 2), at(7, 2)))  # back to the scout after the heavy: any order
    assert state.unit_at(at(7, 2)).health == 12 - 3 and state.current_team() is Team.RED
    _end(state)
    assert state.current_team() is Team.BLU


def test_moving_attacking_special_move_and_attack_in_either_order_special_last(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 2), "rocket_launcher")], blu=[("heavy", (5, 2), "minigun")], dice=[6])
    soldier = at(2, 2)
    state.apply(Action(Verb.ATTACK, "soldier", soldier, at(5, 2)))  # attack first...
    moves = [a for a in state.legal_actions() if a.verb is Verb.MOVE]
    assert moves, "002: move and attack may be switched"
    state.apply(Action(Verb.ROCKET_JUMP, "soldier", soldier, at(3, 3)))  # ...then the special, last
    assert state.current_team() is Team.BLU, "nothing is left after the special: the turn ends by itself"


def test_a_special_comes_last_no_move_or_attack_after_it(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 2), "rocket_launcher"), ("heavy", (2, 0), "minigun")],
                 blu=[("heavy", (7, 2), "minigun")])
    state.apply(Action(Verb.ROCKET_JUMP, "soldier", at(2, 2), at(3, 3)))
    assert not [a for a in state.legal_actions() if a.actor == at(3, 3)]
    assert "last action" in state.why_not(Action(Verb.MOVE, "soldier", at(3, 3), at(4, 3)))


# -- 002 "Moving examples" -------------------------------------------------------------------------------


def test_moving_up_to_the_class_speed(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (8, 3), "minigun")])
    far = max(state.board.distance(state.board.index[at(2, 0)], state.board.index[a.target])
              for a in state.legal_actions() if a.verb is Verb.MOVE)
    assert far == state.stats("heavy").speed == 2


def test_moving_never_onto_an_occupied_hex_nor_through_enemies_but_through_teammates(game: GameFactory) -> None:
    # a corridor: row 0 only between the spawns, walls elsewhere; RED heavy at 2, RED scout at 3, BLU heavy at 6
    corridor = "0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B\n0.R 0.R 0#  0#  0#  0#  0#  0#  0.B 0.B"
    state = game(text=corridor, red=[("heavy", (2, 0), "minigun"), ("scout", (3, 0), "scattergun")],
                 blu=[("heavy", (6, 0), "minigun")], red_track=[(0, 0), (1, 0)], blu_track=[(9, 0), (8, 0)])
    dests = {a.target for a in state.legal_actions() if a.verb is Verb.MOVE and a.actor == at(2, 0)}
    assert at(3, 0) not in dests and at(4, 0) in dests  # passes the teammate, never ends on him
    scout_dests = {a.target for a in state.legal_actions() if a.verb is Verb.MOVE and a.actor == at(3, 0)}
    assert at(5, 0) in scout_dests and at(7, 0) not in scout_dests  # the enemy on 6 blocks the way
    assert "block" in state.why_not(Action(Verb.MOVE, "scout", at(3, 0), at(7, 0)))


def test_moving_never_onto_invalid_terrain(game: GameFactory) -> None:
    state = game(text=WALLED, red=[("scout", (3, 0), "scattergun")], blu=[("heavy", (8, 3), "minigun")])
    assert at(4, 0) not in {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}
    assert "wall" in state.why_not(Action(Verb.MOVE, "scout", at(3, 0), at(4, 0)))


def test_moving_up_a_level_only_through_stairs_in_their_direction(game: GameFactory) -> None:
    state = game(text=PLATEAU, red=[("heavy", (2, 1), "minigun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(0, 3), (1, 3)], blu_track=[(9, 3), (8, 3)])
    dests = {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}
    assert at(4, 1) not in dests, "no climbing straight up the cliff"
    assert at(3, 0) in dests and at(4, 0) in dests, "onto the stairs, then up them in their direction"
    assert "3 steps away" in state.why_not(Action(Verb.MOVE, "heavy", at(2, 1), at(4, 1)))  # round by the stairs
    cliff = game(text=PLATEAU, red=[("heavy", (3, 2), "minigun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(0, 3), (1, 3)], blu_track=[(9, 3), (8, 3)])
    assert at(4, 1) not in {a.target for a in cliff.legal_actions() if a.verb is Verb.MOVE}


def test_moving_up_stairs_only_in_their_up_direction_not_to_a_higher_hex_beside_them(game: GameFactory) -> None:
    """Stairs at column 3 of row 1 climb east onto the ledge; the hex north of them (column 3 of row 0) is on
    the ledge too, one level up and next to the stairs, but off their up direction."""
    ledge = """
0.R 0.R 0.  1.  1.  1.  0.  0.  0.B 0.B
0.R 0.R 0.  0a  1.  1.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""
    stairs, north, east = at(3, 1), at(3, 0), at(4, 1)
    state = game(text=ledge, red=[("heavy", (3, 1), "minigun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(0, 3), (1, 3)], blu_track=[(9, 3), (8, 3)])
    b = state.board
    i = b.index[stairs]
    assert b.stairs_up[i] == 0 and b.hexes[i].distance(north) == 1 and b.stand[b.index[north]] == 1
    dests = {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}
    assert east in dests, "up the stairs in their direction"
    assert north not in dests, "not up from the stairs to the side: the long way round is 3 steps"
    assert "3 steps away" in state.why_not(Action(Verb.MOVE, "heavy", stairs, north))


def test_moving_the_scouts_double_jump_negates_the_stairs_rule(game: GameFactory) -> None:
    state = game(text=PLATEAU, red=[("scout", (3, 1), "scattergun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(0, 3), (1, 3)], blu_track=[(9, 3), (8, 3)])
    assert at(4, 1) in {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}


def test_moving_the_soldiers_rocket_jump_negates_the_stairs_rule(game: GameFactory) -> None:
    state = game(text=PLATEAU, red=[("soldier", (3, 1), "rocket_launcher")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(0, 3), (1, 3)], blu_track=[(9, 3), (8, 3)])
    assert at(4, 1) not in {a.target for a in state.legal_actions() if a.verb is Verb.MOVE}
    state.apply(Action(Verb.ROCKET_JUMP, "soldier", at(3, 1), at(5, 1)))
    soldier = state.unit_at(at(5, 1))
    assert soldier is not None and soldier.health == state.max_health("soldier") - 2


# -- 002 "Attacking examples" ----------------------------------------------------------------------------


def test_line_of_sight_invalid_terrain_blocks(game: GameFactory) -> None:
    state = game(text=WALLED, red=[("soldier", (3, 0), "rocket_launcher")], blu=[("heavy", (5, 0), "minigun")])
    assert not [a for a in state.legal_actions() if a.verb is Verb.ATTACK and a.target == at(5, 0)]
    assert "wall" in state.why_not(Action(Verb.ATTACK, "soldier", at(3, 0), at(5, 0)))


def test_line_of_sight_elevation_never_blocks(game: GameFactory) -> None:
    ridge = "0.R 0.R 0.  0.  2.  0.  0.  0.  0.B 0.B\n" * 2 + "0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B\n" * 2
    state = game(text=ridge, red=[("scout", (3, 0), "scattergun")], blu=[("heavy", (5, 0), "minigun")])
    assert Action(Verb.ATTACK, "scout", at(3, 0), at(5, 0)) in state.legal_actions()


@pytest.mark.parametrize(("face", "hit"), [(1, False), (2, True), (8, True)])
def test_attacking_the_d8_must_reach_the_distance(game: GameFactory, face: int, hit: bool) -> None:
    """Scattergun at two hexes: a throw of 2 or more hits for 4 - 1 (falloff) = 3."""
    state = game(red=[("scout", (3, 2), "scattergun")], blu=[("heavy", (5, 2), "minigun")], dice=[face])
    opt = next(o for o in state.attack_options(at(3, 2)) if o.action.target == at(5, 2))
    assert opt.hit_chance == pytest.approx(7 / 8) and opt.damage == 3
    state.apply(Action(Verb.ATTACK, "scout", at(3, 2), at(5, 2)))
    assert state.unit_at(at(5, 2)).health == 12 - (3 if hit else 0)


def test_aoe_blast_deals_the_initial_distance_to_every_target_in_the_stencil(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 2), "rocket_launcher")],
                 blu=[("heavy", (5, 2), "minigun"), ("scout", (6, 2), "scattergun"), ("pyro", (7, 2), "flamethrower")],
                 dice=[3])
    opt = next(o for o in state.attack_options(at(2, 2)) if o.action.target == at(5, 2))
    assert opt.hit_chance == pytest.approx(6 / 8) and len(opt.area) == 7
    state.apply(Action(Verb.ATTACK, "soldier", at(2, 2), at(5, 2)))
    assert state.unit_at(at(5, 2)).health == 12 - 3  # the blast's distance from the Soldier: 3
    assert state.unit_at(at(6, 2)).health == 5 - 3  # the same 3 to everyone under the stencil
    assert state.unit_at(at(7, 2)).health == 7  # outside the stencil


def test_aoe_fire_laid_next_to_the_pyro_deals_the_printed_numbers(game: GameFactory) -> None:
    state = game(red=[("pyro", (3, 2), "flamethrower")],
                 blu=[("heavy", (4, 2), "minigun"), ("scout", (5, 2), "scattergun"), ("demoman", (6, 2), "grenade_launcher")])
    aim = at(4, 2)
    opt = next(o for o in state.attack_options(at(3, 2)) if o.action.target == aim)
    assert not opt.rolled and opt.area[at(4, 2)] == 3 and opt.area[at(5, 2)] == 2 and opt.area[at(6, 2)] == 1
    state.apply(Action(Verb.ATTACK, "pyro", at(3, 2), aim))
    assert (state.unit_at(at(4, 2)).health, state.unit_at(at(5, 2)).health, state.unit_at(at(6, 2)).health) == (9, 3, 6)
    assert not state.dice.rolls, "fire needs no throw"


def test_attacking_enemies_in_their_own_spawn_are_out_of_reach(game: GameFactory) -> None:
    state = game(red=[("scout", (7, 0), "scattergun")], blu=[("heavy", (8, 0), "minigun")])
    assert not [a for a in state.legal_actions() if a.verb is Verb.ATTACK]
    assert "spawn" in state.why_not(Action(Verb.ATTACK, "scout", at(7, 0), at(8, 0)))


# -- 002 "Deploying kritz or uber" -----------------------------------------------------------------------


def test_kritz_is_deployed_on_the_medics_turn_and_adds_the_d4_to_every_hit(game: GameFactory) -> None:
    state = game(red=[("medic", (2, 2), "kritzkrieg"), ("scout", (3, 2), "scattergun")],
                 blu=[("heavy", (5, 2), "minigun")], dice=[6, 3])
    medic = state.unit_at(at(2, 2))
    medic.charge = 3
    state.apply(Action(Verb.KRITZ, "medic", at(2, 2), at(3, 2)))
    assert state.unit_at(at(3, 2)).kritz and medic.charge == 0
    state.apply(Action(Verb.ATTACK, "scout", at(3, 2), at(5, 2)))
    assert state.unit_at(at(5, 2)).health == 12 - (3 + 3)  # 3 from the card, 3 from the d4
    assert [r.purpose for r in state.dice.rolls][-1] == "scout kritz"
    _end(state)
    assert not state.unit_at(at(3, 2)).kritz, "kritz lasts the turn it is deployed in"


def test_uber_is_deployed_when_attacked_and_blocks_that_attack_and_the_following_ones(game: GameFactory) -> None:
    state = game(red=[("scout", (4, 2), "scattergun"), ("heavy", (3, 2), "minigun")],
                 blu=[("heavy", (5, 2), "minigun"), ("medic", (6, 2), "medi_gun")], dice=[8, 8, 8, 8, 8])
    state.unit_at(at(6, 2)).charge = 4
    state.apply(Action(Verb.ATTACK, "scout", at(4, 2), at(5, 2)))
    assert state.phase is Phase.REACT and state.current_team() is Team.BLU
    acts = state.legal_actions()
    assert Action(Verb.PASS, "") in acts
    state.apply(Action(Verb.UBER, "medic", at(6, 2), at(5, 2)))
    assert state.current_team() is Team.RED and state.phase is Phase.ACT
    heavy = state.unit_at(at(5, 2))
    assert heavy.uber and heavy.health == 12, "the attack that triggered it is blocked"
    state.apply(Action(Verb.ATTACK, "heavy", at(3, 2), at(5, 2)))  # a later attack: no reaction, no damage
    assert state.phase is Phase.ACT and heavy.health == 12
    _end(state)
    assert not heavy.uber, "it lasts until the attacking team's turn ends (docs/rules-payload.md)"


def test_uber_may_be_declined_and_then_the_attack_hits(game: GameFactory) -> None:
    state = game(red=[("scout", (4, 2), "scattergun")],
                 blu=[("heavy", (5, 2), "minigun"), ("medic", (6, 2), "medi_gun")], dice=[8])
    state.unit_at(at(6, 2)).charge = 4
    state.apply(Action(Verb.ATTACK, "scout", at(4, 2), at(5, 2)))
    state.apply("pass")
    assert state.unit_at(at(5, 2)).health == 12 - 4 and state.unit_at(at(6, 2)).charge == 4


def test_medic_heals_a_teammate_and_builds_his_charge(game: GameFactory) -> None:
    state = game(red=[("medic", (2, 2), "medi_gun"), ("heavy", (3, 2), "minigun", 5)], blu=[("heavy", (7, 2), "minigun")])
    state.apply(Action(Verb.HEAL, "medic", at(2, 2), at(3, 2)))
    assert state.unit_at(at(3, 2)).health == 7 and state.unit_at(at(2, 2)).charge == 1


# -- 002 "Bomb cart": pushing the cart ------------------------------------------------------------------


def test_pushing_the_cart_one_space_by_a_token_next_to_it(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun"), ("scout", (3, 0), "scattergun")], blu=[("heavy", (8, 3), "minigun")])
    push = Action(Verb.PUSH, "heavy", at(2, 0), at(3, 1))
    assert push in state.legal_actions()
    state.apply(push)
    assert state.cart_hex(Team.RED) == at(3, 1) and state.scores()[Team.RED] == 1
    # 1 space per turn: the scout, next to the cart too, may not push it again
    assert not [a for a in state.legal_actions() if a.verb is Verb.PUSH]
    assert "already pushed" in state.why_not(Action(Verb.PUSH, "scout", at(3, 0), at(4, 1)))
    # the push took the heavy's attack
    assert not [a for a in state.legal_actions() if a.actor == at(2, 0) and a.verb is Verb.ATTACK]


def test_pushing_the_cart_not_after_attacking_or_a_special(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("scout", (5, 0), "scattergun")], dice=[8, 8, 8, 8])
    state.apply(Action(Verb.ATTACK, "heavy", at(2, 0), at(5, 0)))
    assert not [a for a in state.legal_actions() if a.verb is Verb.PUSH]
    assert "attacked" in state.why_not(Action(Verb.PUSH, "heavy", at(2, 0), at(3, 1)))


def test_pushing_the_cart_takes_the_attack_and_the_special_a_move_may_follow(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 0), "rocket_launcher"), ("scout", (2, 3), "scattergun")],
                 blu=[("heavy", (7, 2), "minigun")])
    soldier = at(2, 0)
    assert {a.verb for a in state.legal_actions() if a.actor == soldier} >= {Verb.ATTACK, Verb.ROCKET_JUMP}
    state.apply(Action(Verb.PUSH, "soldier", soldier, at(3, 1)))
    assert {a.verb for a in state.legal_actions() if a.actor == soldier} == {Verb.MOVE}
    assert "a push takes its attack and its special" in state.why_not(
        Action(Verb.ROCKET_JUMP, "soldier", soldier, at(4, 2)))
    assert "a push takes its attack and its special" in state.why_not(
        Action(Verb.ATTACK, "soldier", soldier, at(7, 2)))
    state.apply(Action(Verb.MOVE, "soldier", soldier, at(2, 1)))
    assert not [a for a in state.legal_actions() if a.actor == at(2, 1)], "pushed and moved: nothing is left"


def test_pushing_the_cart_only_when_no_enemy_is_next_to_it(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("scout", (2, 2), "scattergun")])
    assert not [a for a in state.legal_actions() if a.verb is Verb.PUSH]
    assert "an enemy is next to the cart" in state.why_not(Action(Verb.PUSH, "heavy", at(2, 0), at(3, 1)))


def test_pushing_the_cart_needs_the_token_next_to_it(game: GameFactory) -> None:
    state = game(red=[("heavy", (5, 0), "minigun")], blu=[("heavy", (8, 3), "minigun")])
    assert "must stand next to" in state.why_not(Action(Verb.PUSH, "heavy", at(5, 0), at(3, 1)))


def test_carts_move_only_forward_along_their_own_track(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (8, 3), "minigun")])
    pushes = [a for a in state.legal_actions() if a.verb is Verb.PUSH]
    assert [a.target for a in pushes] == [at(3, 1)]


# -- 002 "Dying/respawning" -------------------------------------------------------------------------------


def test_dying_back_to_spawn_at_once_with_a_free_choice_of_weapon_acting_next_turn(game: GameFactory) -> None:
    state = game(red=[("heavy", (4, 2), "minigun")], blu=[("scout", (5, 2), "scattergun", 1)], dice=[8])
    state.apply(Action(Verb.ATTACK, "heavy", at(4, 2), at(5, 2)))
    assert state.unit_at(at(5, 2)) is None and "BLU scout dies" in state.log
    # at once: in RED's turn, BLU places its Scout as soon as the attack is over
    assert state.phase is Phase.SPAWN and state.current_team() is Team.BLU
    acts = state.legal_actions()
    assert {a.detail for a in acts} == {"scattergun", "force_a_nature"}, "a free choice of card"
    assert {state.board.spawn_team(state.board.index[a.target]) for a in acts} == {Team.BLU}
    state.apply(Action(Verb.SPAWN, "scout", None, at(8, 0), "force_a_nature"))
    scout = state.unit_at(at(8, 0))
    assert scout.weapon == "force_a_nature" and scout.health == 5
    assert state.current_team() is Team.RED and state.phase is Phase.ACT, "RED's turn goes on"
    assert [a for a in state.legal_actions() if a.actor == at(4, 2)], "the Heavy may still move"
    _end(state)
    assert state.current_team() is Team.BLU and state.phase is Phase.ACT, "no spawn decision is left"
    assert [a for a in state.legal_actions() if a.actor == at(8, 0)], "no spawn delay: it acts on BLU's next turn"


def test_dying_in_its_own_sides_turn_it_is_back_at_once_and_acts_next_turn(game: GameFactory) -> None:
    state = game(red=[("soldier", (2, 2), "rocket_launcher"), ("scout", (5, 1), "scattergun", 1)],
                 blu=[("heavy", (5, 2), "minigun")], dice=[6], friendly_fire=True)
    state.apply(Action(Verb.ATTACK, "soldier", at(2, 2), at(5, 2)))  # the blast also kills the RED Scout
    assert state.phase is Phase.SPAWN and state.current_team() is Team.RED
    state.apply(Action(Verb.SPAWN, "scout", None, at(0, 0), "scattergun"))
    assert state.current_team() is Team.RED and state.unit_at(at(0, 0)) is not None
    assert not [a for a in state.legal_actions() if a.actor == at(0, 0)], "it acts on RED's next turn, not this one"
    assert "it acts from RED's next turn" in state.why_not(Action(Verb.MOVE, "scout", at(0, 0), at(2, 0)))
    _end(state)
    _end(state)
    assert [a for a in state.legal_actions() if a.actor == at(0, 0)], "and it does"


def test_dying_with_no_free_spawn_hex_it_waits_and_the_game_never_stalls(game: GameFactory) -> None:
    small = "0.R 0.  0.  0.  0.  0.  0.B 0.B\n0.R 0.  0.  0.  0.  0.  0.B 0.B\n" + "0.  0.  0.  0.  0.  0.  0.  0.\n"
    state = game(text=small, red=[("heavy", (3, 1), "minigun")], blu=[("scout", (4, 1), "scattergun", 1)],
                 red_track=[(1, 2), (2, 2)], blu_track=[(5, 2), (4, 2)], dice=[8])
    for h in (at(6, 0), at(7, 0), at(6, 1), at(7, 1)):  # fill BLU's spawn (as a position editor could)
        state.place(Team.BLU, "medic", 9, state.board.index[h], "medi_gun")
    state.apply(Action(Verb.ATTACK, "heavy", at(3, 1), at(4, 1)))
    assert state.phase is Phase.ACT and state.current_team() is Team.RED, "no spawn decision without a free hex"
    assert any("waits for a free hex" in line for line in state.log)
    _end(state)
    assert state.phase is Phase.ACT and state.legal_actions(), "BLU's turn starts without it while the spawn is full"
    medic = state.unit_at(at(6, 0))
    state.apply(Action(Verb.MOVE, "medic", at(6, 0), at(5, 0)))
    _end(state)
    _end(state)
    assert medic is not None and state.phase is Phase.SPAWN and state.current_team() is Team.BLU
    assert [a.target for a in state.legal_actions()] == [at(6, 0)] * 2, "placed at the start of BLU's turn"
    state.apply(Action(Verb.SPAWN, "scout", None, at(6, 0), "scattergun"))
    assert state.phase is Phase.ACT and [a for a in state.legal_actions() if a.actor == at(6, 0)]


# -- 002 "Objective & victory" ----------------------------------------------------------------------------


def test_the_first_cart_to_the_end_of_its_track_wins_at_once(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (8, 3), "minigun")],
                 red_track=[(2, 1), (3, 1)])
    state.apply(Action(Verb.PUSH, "heavy", at(2, 0), at(3, 1)))
    assert state.is_terminal() and state.winner() is Team.RED and state.current_team() is None


def test_at_the_turn_limit_the_cart_further_along_wins(game: GameFactory) -> None:
    state = game(red=[("heavy", (2, 0), "minigun")], blu=[("heavy", (8, 3), "minigun")], turn_limit=2)
    state.apply(Action(Verb.PUSH, "heavy", at(2, 0), at(3, 1)))
    _end(state)
    _end(state)
    assert state.is_terminal() and state.winner() is Team.RED
