"""The AI players use what a designer paints on a King of the Board map: kits, height, cover, low obstacles.

Each test sets up a small position where using the feature is clearly right and
checks that the normal AI (the heuristic) does it, and the strong AI (the search,
at its default budget) too where a search of one decision is cheap. 001 "Map"
(kits, low obstacles, heights), "Attacking" (height), "Distance and Line of Sight".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.ai import HeuristicPlayer
from engine.ai.search import SearchPlayer
from engine.ai.walks import walk_to
from engine.games.game import new_game
from engine.games.koth.ai.heuristic import KIT_WOUNDED
from engine.games.koth.state import KothState
from engine.mapmodel import Team
from engine.rules.actions import Verb
from engine.textmap import hex_at, koth_scenario

PLAYERS = {"normal": HeuristicPlayer, "strong": SearchPlayer}


def _game(text: str, red: Sequence[tuple[Any, ...]], blu: Sequence[tuple[Any, ...]]) -> KothState:
    state = new_game(koth_scenario(text, red=red, blu=blu, rules={"team_size": max(len(red), len(blu))}))
    assert isinstance(state, KothState)
    return state


#: A corridor: RED's spawn left, BLU's right, the point (height 1) at column 5 of the middle row, a kit at
#: column 1 of that row, behind the unit.
KIT_BEHIND = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.+ 0.  0.  0.  1.C 0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_kits_a_wounded_unit_steps_back_onto_a_kit_within_its_move(who: str) -> None:
    """001 "Map": a first-aid kit restores full health. A Soldier at 80 of 200 health, two hexes past a kit
    and two short of the point with nobody there yet, goes back and heals: the trip is one move."""
    state = _game(KIT_BEHIND, red=[("soldier", (3, 1), 80)], blu=[("heavy", (9, 0))])
    action = PLAYERS[who](1).choose(state)
    assert action.verb is Verb.MOVE and action.target == hex_at(1, 1)
    state.apply(action)
    assert state.unit_at(hex_at(1, 1)).health == 200  # type: ignore[union-attr]


#: A long corridor: a kit at column 1 of the middle row, the point (height 1) at column 9.
KIT_FAR_BEHIND = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.+ 0.  0.  0.  0.  0.  0.  0.  1.C 0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("seed", range(4))
def test_kits_a_badly_hurt_unit_heads_for_a_kit_two_moves_back_while_a_teammate_holds_the_point(seed: int) -> None:
    """001 "Map": a kit restores full health. A Heavy at 30 of 300, four hexes past a kit (beyond one move, within
    two) while his Soldier holds the point, heads back for it; at 250 of 300 he goes on. An AI audit found him walking
    past it on every seed, and kits on a side's way farther than a move from the fight picked up 6 times in 400."""
    red = [("heavy", (5, 1), 30), ("soldier", (9, 1))]
    blu = [("sniper", (13, 0)), ("medic", (13, 2))]
    state = _game(KIT_FAR_BEHIND, red=red, blu=blu)
    b, kit = state.board, state.board.index[hex_at(1, 1)]
    action = HeuristicPlayer(seed).choose(state)
    assert action.verb is Verb.MOVE and action.target is not None
    assert b.distance(b.index[action.target], kit) < b.distance(state.active_unit().cell, kit)
    fine = _game(KIT_FAR_BEHIND, red=[("heavy", (5, 1), 250), ("soldier", (9, 1))], blu=blu)
    onward = HeuristicPlayer(seed).choose(fine)
    assert onward.target is None or b.distance(b.index[onward.target], kit) >= 4


def test_kits_a_slightly_hurt_unit_does_not_turn_back_for_one() -> None:
    """The trip pays off only for a wounded unit: at 170 of 200 (less than the wounded share lacking) the
    Soldier keeps going for the point."""
    assert KIT_WOUNDED * 200 > 30
    state = _game(KIT_BEHIND, red=[("soldier", (3, 1), 170)], blu=[("heavy", (9, 0))])
    action = HeuristicPlayer(1).choose(state)
    assert action.target != hex_at(1, 1)


def test_kits_a_kit_that_is_used_up_draws_nobody() -> None:
    """A kit on its timer heals nobody (docs/rules.md, decision 12): the wounded Soldier goes for the point."""
    state = _game(KIT_BEHIND, red=[("soldier", (3, 1), 80)], blu=[("heavy", (9, 0))])
    state.kit_timer[state.board.index[hex_at(1, 1)]] = 2
    action = HeuristicPlayer(1).choose(state)
    assert action.target != hex_at(1, 1)


#: A wounded BLU Heavy stands next to a kit (column 6 of the middle row); RED's Scout can reach it first.
KIT_TO_DENY = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  1.C 0.  0.+ 0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_kits_a_unit_takes_a_kit_away_from_a_wounded_enemy(who: str) -> None:
    """One unit a hex (001 "Movement"): a Scout standing on the kit keeps the Heavy at 120 of 400 from it,
    and the Scout can still shoot him from there."""
    state = _game(KIT_TO_DENY, red=[("scout", (2, 0))], blu=[("heavy", (8, 2), 120)])
    action = PLAYERS[who](1).choose(state)
    assert action.verb is Verb.MOVE and action.target == hex_at(6, 1)


#: A one-hex point (column 4 of the middle row) with a kit beside it (column 5).
KIT_BY_THE_POINT = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  1.C 0.+ 0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_kits_a_unit_does_not_guard_a_kit_an_enemy_holding_the_point_alone_would_not_take(who: str) -> None:
    """A hurt Heavy (120 of 400) alone on the point stays there (the rule the AI follows itself): standing on the
    kit beside him keeps nothing from him and gives up the attack. The Soldier shoots him instead; the kit-bias
    bench (bench/kit_bias.py) found the side with kits by the point losing games to such guarding."""
    state = _game(KIT_BY_THE_POINT, red=[("soldier", (2, 1))], blu=[("heavy", (4, 1), 120)])
    action = PLAYERS[who](1).choose(state)
    assert action.target != hex_at(5, 1)
    assert action.verb is Verb.ATTACK and action.target == hex_at(4, 1)


#: Walls in front of RED; a low ridge (height 1) north of them. The point is at column 8.
HILL = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  1.  1.  0.  0.  0.  0.  0.B
0.R 0.  0.  0#  0#  0#  0.  0.  1.C 0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("seed", range(6))
def test_height_a_unit_takes_the_high_ground_when_both_ways_are_as_near(seed: int) -> None:
    """001 "Attacking": shooting up a level needs a point more on the dice. Past the walls the Medic can
    reach a hex on the ridge or one on the flat, each as near the point, both in sight of a Sniper on flat
    ground three hexes from each; he takes the ridge, where the Sniper needs more to hit him. (The Sniper
    stood on the raised point, level with the ridge, so both hexes scored alike and the seed chose: an AI
    audit found the test passing with the height term switched off. Here, switched off, they tie. The edge
    is under a point of the normal AI's score, within what the strong AI's one search may go either way, so
    only the normal AI is asked; the strong one plays out from the same scores.)"""
    state = _game(HILL, red=[("medic", (1, 2))], blu=[("sniper", (7, 2))])
    b = state.board
    sniper, ridge, flat = state.units_of(Team.BLU)[0].cell, b.index[hex_at(4, 1)], b.index[hex_at(4, 3)]
    assert b.stand[sniper] == 0 and b.stand[ridge] == 1 and b.stand[flat] == 0
    assert state.sight.sees(sniper, ridge) and state.sight.sees(sniper, flat)
    assert b.distance(sniper, ridge) == b.distance(sniper, flat) == 3
    action = HeuristicPlayer(seed).choose(state)
    assert action.target == hex_at(4, 1)


#: Walls in front of RED and one more north-east of them (column 6 of row 1).
WALLS = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0#  0.  0.  0.  0.B
0.R 0.  0.  0#  0#  0#  0.  0.  1.C 0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
@pytest.mark.parametrize("seed", range(4))
def test_cover_a_unit_takes_the_way_a_wall_hides_from_the_enemy(who: str, seed: int) -> None:
    """001 "Distance and Line of Sight": walls block sight. A Sniper stands north of the walls. Of the Medic's
    best two moves, the northern one is in the Sniper's sight and the southern one hidden by the walls — with
    sight left out of the normal AI's danger they score exactly alike — and he goes south. (With the Sniper
    north-east, the hidden hex was also a hex farther from him, and the test passed with cover switched off:
    an AI audit.)"""
    state = _game(WALLS, red=[("medic", (1, 2))], blu=[("sniper", (5, 1))])
    b = state.board
    sniper = state.units_of(state.team.other)[0]
    north, south = b.index[hex_at(4, 1)], b.index[hex_at(4, 3)]
    assert state.sight.sees(sniper.cell, north) and not state.sight.sees(sniper.cell, south)
    action = PLAYERS[who](seed).choose(state)
    assert action.target == hex_at(4, 3)


#: A fence of low obstacles between RED and the point with a gap in its southern end (row 4).
FENCE = """
0.R 0.  0o  0.  0.  0.  0.B
0.R 0.  0o  0.  1.C 0.  0.B
0.R 0.  0o  0.  0.  0.  0.B
0.R 0.  0o  0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_low_obstacles_a_heavy_walks_round_by_the_gap_a_scout_jumps_over(who: str) -> None:
    """001 "Map": a low obstacle stops most units; the Scout's double jump takes him onto and over it. The
    Heavy heads for the gap (the walk, not the crow's line, counts); the Scout jumps straight to the point."""
    heavy = _game(FENCE, red=[("heavy", (1, 1))], blu=[("heavy", (6, 4))])
    step = PLAYERS[who](1).choose(heavy)
    assert step.verb is Verb.MOVE and step.target is not None
    b = heavy.board
    walk = walk_to(b, [i for i in range(b.n) if b.control[i] >= 0], heavy.game.profile("heavy", Team.RED), Team.RED)
    # toward the gap: the hexes a move brings within 5 steps of the point by the gap are the three southward ones
    # (rows 3 and 4); every hex nearer the point as the crow flies lies along the fence, 6 steps or more away
    assert walk[b.index[step.target]] <= 5 and step.target.r >= 3, step
    scout = _game(FENCE, red=[("scout", (1, 1))], blu=[("heavy", (6, 4))])
    assert PLAYERS[who](1).choose(scout).target == hex_at(4, 1)


#: RED's Soldier one hex short of the point; a BLU Sniper across it, in range from both hexes.
NEXT_TO_POINT = """
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
0.R 0.  0.  0.  1.C 0.  0.  0.  0.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_a_unit_steps_onto_the_point_before_it_shoots(who: str) -> None:
    """001 "Movement": no move after attacking. Shooting first would leave the Soldier off the point for the
    turn; he steps on, then shoots."""
    state = _game(NEXT_TO_POINT, red=[("soldier", (3, 1))], blu=[("sniper", (8, 1), 100)])
    player = PLAYERS[who](1)
    first = player.choose(state)
    assert first.verb is Verb.MOVE and first.target == hex_at(4, 1)
    state.apply(first)
    assert player.choose(state).verb is Verb.ATTACK


#: The same corridor on a plateau at height 2, but the kit lies in a pit (height 0) at column 2: a unit that
#: drops in climbs one level a step and never gets out (001 "Movement").
KIT_IN_A_PIT = """
2.R 2.  2.  2.  2.  2.  2.  2.  2.  2.B
2.R 2.  0.+ 2.  2.  2.C 2.  2.  2.  2.B
2.R 2.  2.  2.  2.  2.  2.  2.  2.  2.B
"""


@pytest.mark.parametrize("who", PLAYERS)
def test_kits_a_wounded_unit_does_not_drop_into_a_pit_for_one(who: str) -> None:
    """001 "Movement": down freely, up one level a step, so a kit in a pit two levels deep heals a unit that
    then stays there for good (the validator's HF207). The wounded Soldier beside it goes on for the point."""
    state = _game(KIT_IN_A_PIT, red=[("soldier", (3, 1), 80)], blu=[("heavy", (9, 0))])
    action = PLAYERS[who](1).choose(state)
    assert action.verb is Verb.MOVE and action.target != hex_at(2, 1)
    assert state.board.distance(state.board.index[action.target], state.board.index[hex_at(5, 1)]) < 2


#: A plateau at height 2 (rows 0–1) with the point on it; below, flat ground whose one way up is a ledge of
#: height 1 at column 9 of row 2 (001 "Movement": up one level a step).
CLIFF = """
0.R 2.  2.  2.  2.  2.  2.  2.  2.  2.  0.B
0.R 2.  2.  2.C 2.  2.  2.  2.  2.  2.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  1.  0.B
0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.  0.B
"""


@pytest.mark.parametrize("who", PLAYERS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_height_a_unit_under_a_cliff_walks_round_by_the_ledge_to_the_point(who: str, seed: int) -> None:
    """001 "Movement": a Heavy right below the point (one hex as the crow flies, two levels down) must walk round by
    the ledge. The search once read the point as one hex away and ended its turn there for good (an AI audit: 3 seeds
    of 6 never reached it in 30 turns); both players now stand on the point by turn 8."""
    state = _game(CLIFF, red=[("heavy", (3, 2))], blu=[("medic", (10, 3))])
    player, b = PLAYERS[who](seed), state.board
    while state.turn < 8 and not state.is_terminal():
        state.apply(player.choose(state) if state.current_team() is Team.RED else
                    next(a for a in state.legal_actions() if a.verb is Verb.END))  # BLU's Medic only waits
        if b.control[state.units_of(Team.RED)[0].cell] >= 0:
            break
    assert b.control[state.units_of(Team.RED)[0].cell] >= 0, f"turn {state.turn}"
