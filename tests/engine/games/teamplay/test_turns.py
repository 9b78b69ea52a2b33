"""003's team turns: actions, adrenaline, weapons and their limits, and the four powerups.

Each test is named after the 003 section it covers (docs/rules-teamplay.md lists them).
"""

from __future__ import annotations

import pytest

from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.textmap import hex_at
from tests.engine.games.teamplay.helpers import H, give, play, put, ready, texts


def _cell(s: TeamPlayState, col: int, row: int) -> int:
    return s.board.index[hex_at(col, row)]


def _apart(s: TeamPlayState) -> None:
    """Stand everyone where nothing sees anything useful: RED on the left column, BLU on the right."""
    for kind, (c, r) in {"sprog": (0, 0), "violet": (0, 2), "dozer": (0, 4),
                         "banshee": (7, 0), "dstructor": (7, 2), "echo": (7, 4)}.items():
        put(s, kind, c, r)


def test_actions_move_up_to_one_square_and_grab_the_ammo_tile_there() -> None:
    s = ready()
    _apart(s)
    put(s, "sprog", 0, 1)
    s.ammo[_cell(s, 2, 1)] = "RRY"
    give(s, Team.RED, cubes=[0, 0, 0])
    acts = texts(s)
    assert f"sprog@{H(0, 1)} move {H(3, 1)}" in acts  # three hexes: one square
    assert f"sprog@{H(0, 1)} move {H(4, 1)}" not in acts
    assert "moves up to 3" in s.why_not(Action.parse(f"sprog@{H(0, 1)} move {H(4, 1)}"))
    play(s, f"sprog@{H(0, 1)} move {H(2, 1)}")
    assert s.hands[Team.RED][0].cubes == [2, 0, 1]
    assert s.ammo[_cell(s, 2, 1)] == ""
    assert not any(a.startswith("sprog@") for a in texts(s))  # one action per character


def test_actions_grab_without_moving_and_the_ammo_limit_of_three_per_colour() -> None:
    s = ready()
    _apart(s)
    put(s, "violet", 2, 1)
    s.ammo[_cell(s, 2, 1)] = "RRB"
    give(s, Team.RED, cubes=[2, 3, 0])
    assert f"violet@{H(2, 1)} move {H(2, 1)}" in texts(s)
    play(s, f"violet@{H(2, 1)} move {H(2, 1)}")
    assert s.hands[Team.RED][0].cubes == [3, 3, 0]  # the second red and the blue do not fit


def test_actions_move_and_grab_a_weapon_paying_its_grab_cost_with_cubes_or_powerups() -> None:
    s = ready()
    _apart(s)
    put(s, "violet", 5, 0)
    rack = _cell(s, 5, 1)
    s.racks[rack] = ["rail_gun", "flamer", "cutter"]
    hand = give(s, Team.RED, cubes=[0, 0, 1], cards=["newton_blue"])
    grab = f"violet@{H(5, 0)} move {H(5, 1)} with rail_gun"  # reload YYB, grab YB
    assert grab in texts(s)
    play(s, grab)
    assert hand.cubes == [0, 0, 0] and hand.cards == [] and hand.weapons == ["rail_gun"]
    assert s.racks[rack] == ["flamer", "cutter"] and "newton_blue" in s.discards
    assert f"dozer@{H(0, 4)} move {H(1, 3)} with flamer" in texts(s)  # the flamer grabs free (cost R)
    give(s, Team.RED, cubes=[0, 0, 0])
    assert not any("with cutter" in a for a in texts(s))  # cutter is free too but out of Dozer's reach
    s2 = ready()
    _apart(s2)
    put(s2, "violet", 5, 0)
    s2.racks[_cell(s2, 5, 1)] = ["rail_gun"]
    give(s2, Team.RED, cubes=[0, 0, 0])
    assert "cannot pay" in s2.why_not(Action.parse(grab))


def test_team_turns_one_action_per_character_in_any_order_then_the_turn_ends() -> None:
    s = ready()
    _apart(s)
    play(s, f"dozer@{H(0, 4)} move {H(1, 4)}", f"sprog@{H(0, 0)} move {H(1, 0)}")
    assert {a.split("@")[0] for a in texts(s) if "@" in a} == {"violet"}
    assert "already took its action" in s.why_not(Action.parse(f"sprog@{H(1, 0)} move {H(2, 0)}"))
    play(s, f"violet@{H(0, 2)} move {H(0, 3)}")
    assert s.turn_team is Team.BLU  # nothing left to do: the turn ended by itself
    assert any("end of turn 1/5" in line for line in s.log)


@pytest.mark.parametrize(("damage", "dash", "step"), [(0, False, False), (2, False, False), (3, True, False),
                                                      (5, True, False), (6, True, True), (9, True, True)])
def test_actions_adrenaline_unlocked_at_three_and_six_damage(damage: int, dash: bool, step: bool) -> None:
    s = ready()
    _apart(s)
    s.character("dozer").damage = damage  # type: ignore[union-attr]
    verbs = {a.split()[1] for a in texts(s) if a.startswith("dozer@")}
    assert ("dash" in verbs) is dash and ("step" in verbs) is step
    if dash:
        assert f"dozer@{H(0, 4)} dash {H(6, 4)}" in texts(s)  # two squares: six hexes


def test_actions_step_then_shoot_is_one_action() -> None:
    s = ready()
    _apart(s)
    dozer = s.character("dozer")
    dozer.damage = 6  # type: ignore[union-attr]
    give(s, Team.RED, weapons=["scatter_gun"])
    put(s, "echo", 4, 4)
    play(s, f"dozer@{H(0, 4)} step {H(2, 4)}")
    assert s.acting == dozer.uid  # type: ignore[union-attr]
    rest = texts(s)
    assert all(a.startswith("dozer@") for a in rest) and f"dozer@{H(2, 4)} end" in rest
    play(s, f"dozer@{H(2, 4)} attack {H(4, 4)} with scatter_gun")
    assert s.buffer[Team.BLU] == {"echo": 3} and s.acting < 0 and s.acted(dozer)  # type: ignore[arg-type]


def test_actions_paid_adrenaline_rush_slides_the_tile_and_opens_an_adrenaline_action() -> None:
    s = ready()
    _apart(s)
    sprog = s.character("sprog")
    assert sprog is not None and s.killshot(sprog) == 11
    play(s, f"sprog@{H(0, 0)} rush")
    assert sprog.tile == 1 and s.killshot(sprog) == 10 and sprog.health == 9
    rest = texts(s)
    assert {a.split()[1] for a in rest} == {"dash", "step", "end"}
    play(s, f"sprog@{H(0, 0)} dash {H(5, 0)}")
    assert s.acted(sprog)


@pytest.mark.parametrize(("damage", "tile", "ok"), [
    (0, 0, True), (5, 1, True),
    (6, 0, False),  # both adrenaline actions are open already
    (0, 2, False),  # the tile slid as far as rush_limit (2)
    # with rush_limit 6, the slide may not bring the killshot space down onto the damage already on the board:
    (5, 4, True),  # killshot 7 slides to 6; 5 damage stays short of it (one token from death)
    (4, 5, True),  # killshot 6 slides to 5; 4 damage stays short of it
    (5, 5, False),  # killshot 6 slides to 5; the 5th damage token would sit on the new killshot space
])
def test_actions_rush_limits(damage: int, tile: int, ok: bool) -> None:
    s = ready(rush_limit=6) if tile > 2 else ready()
    _apart(s)
    u = s.character("sprog")
    assert u is not None
    u.damage, u.tile = damage, tile
    assert (f"sprog@{H(0, 0)} rush" in texts(s)) is ok


def test_weapons_a_players_loaded_weapon_serves_every_character_he_controls() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 2, 0)
    give(s, Team.RED, weapons=["marker_rifle"])
    shooters = {a.split("@")[0] for a in texts(s) if " attack " in a}
    assert shooters == {"sprog", "violet", "dozer"}
    play(s, f"violet@{H(0, 2)} attack {H(2, 0)} with marker_rifle")
    assert s.table[Team.RED] == ["marker_rifle"] and s.hands[Team.RED][0].weapons == []  # used: on the table
    assert not any(" attack " in a for a in texts(s))


def test_weapons_three_players_do_not_share_loaded_weapons() -> None:
    s = ready(players_red=3)
    _apart(s)
    put(s, "echo", 2, 0)
    give(s, Team.RED, 1, weapons=["marker_rifle"])  # p2 controls Violet
    assert {a.split("@")[0] for a in texts(s) if " attack " in a} == {"violet"}


def test_weapons_a_characters_own_weapon_is_fired_only_by_it_and_the_shared_one_only_for_its_loader() -> None:
    s = ready(players_red=2)  # through the set-up, p1 took control of the shared Dozer this turn
    _apart(s)
    dozer = s.character("dozer")
    assert dozer is not None and s.is_shared(dozer) and s.controller(dozer) == 0
    put(s, "echo", 1, 4)
    give(s, Team.RED, 1, weapons=[dozer.weapon])  # p2 loaded the shared Dozer's own weapon
    assert not any(a.startswith("dozer@") and " attack " in a for a in texts(s))  # p1 controls Dozer now
    give(s, Team.RED, 1, weapons=[])
    give(s, Team.RED, 0, weapons=[dozer.weapon])
    assert any(a.startswith("dozer@") and " attack " in a for a in texts(s))
    put(s, "sprog", 2, 4)  # Sprog (p1's own) stands next to Echo too, but may not fire Dozer's weapon
    assert not any(a.startswith("sprog@") and " attack " in a for a in texts(s))


def test_weapons_limit_grabbing_a_fourth_loaded_arena_weapon_leaves_one_on_the_rack() -> None:
    s = ready()
    _apart(s)
    put(s, "violet", 5, 0)
    rack = _cell(s, 5, 1)
    s.racks[rack] = ["flamer"]
    violet = s.character("violet")
    assert violet is not None
    give(s, Team.RED, cubes=[1, 1, 1], weapons=["cutter", "tracer", "plasma_gun", violet.weapon])
    play(s, f"violet@{H(5, 0)} move {H(5, 1)} with flamer")
    assert s.phase is Phase.CHOOSE and s.current_player() == "p1"
    assert texts(s) == ["drop cutter with p1", "drop tracer with p1", "drop plasma_gun with p1"]
    play(s, "drop tracer with p1")
    assert s.racks[rack] == ["tracer"] and sorted(s.hands[Team.RED][0].weapons) == sorted(
        ["cutter", "plasma_gun", "flamer", violet.weapon])  # the own weapon does not count
    assert s.phase is Phase.ACT


def test_damage_buffer_all_damage_and_marks_go_to_the_opponents_buffer() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    give(s, Team.RED, weapons=["marker_rifle"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with marker_rifle")
    echo = s.character("echo")
    assert echo is not None and echo.damage == 0  # nothing reaches the board
    assert s.buffer[Team.BLU] == {"echo": 2} and s.marks[Team.BLU] == {"echo": 1}


def test_marks_in_the_buffer_become_damage_on_a_later_action_never_the_same_one() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    give(s, Team.RED, weapons=["tracer", "marker_rifle"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with tracer")  # 1 damage first, then 2 marks
    assert s.buffer[Team.BLU] == {"echo": 1} and s.marks[Team.BLU] == {"echo": 2}
    play(s, f"violet@{H(0, 2)} attack {H(3, 0)} with marker_rifle")  # 2 damage + the 2 marks, then 1 new mark
    assert s.buffer[Team.BLU] == {"echo": 5} and s.marks[Team.BLU] == {"echo": 1}


@pytest.mark.parametrize(("old_marks", "damage", "marks"), [(0, 3, 1), (2, 5, 1)])
def test_marks_in_the_buffer_a_targeting_scope_is_part_of_its_shot_and_leaves_the_shots_marks(
        old_marks: int, damage: int, marks: int) -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    if old_marks:
        s.marks[Team.BLU]["echo"] = old_marks  # from an earlier action: the shot's damage triggers them
    give(s, Team.RED, cubes=[0, 2, 0], cards=["targeting_scope_red"], weapons=["marker_rifle", "tracer"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with marker_rifle")  # 2 damage first, then 1 mark
    play(s, f"sprog@{H(0, 0)} targeting {H(3, 0)}")  # +1 damage in the same action: the new mark waits
    assert s.buffer[Team.BLU] == {"echo": damage} and s.marks[Team.BLU] == {"echo": marks}
    play(s, f"violet@{H(0, 2)} attack {H(3, 0)} with tracer")  # a later action: 1 damage, and the mark turns
    assert s.buffer[Team.BLU] == {"echo": damage + 1 + marks} and s.marks[Team.BLU] == {"echo": 2}


def test_marks_at_most_three_for_a_character() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    s.marks[Team.BLU]["echo"] = 2
    give(s, Team.RED, weapons=["tracer"])
    s.buffer[Team.BLU]["banshee"] = 1
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with tracer")
    assert s.buffer[Team.BLU]["echo"] == 3 and s.marks[Team.BLU]["echo"] == 2  # old marks became damage
    s.marks[Team.BLU]["echo"] = 3
    s.add_marks(s.character("echo"), 2, "test")  # type: ignore[arg-type]
    assert s.marks[Team.BLU]["echo"] == 3


def test_targeting_scope_adds_damage_to_a_shot_that_dealt_damage_for_a_cube_of_any_colour() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    hand = give(s, Team.RED, cubes=[0, 2, 0], cards=["targeting_scope_red"], weapons=["plasma_gun", "tracer"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with plasma_gun")
    assert s.phase is Phase.CHOOSE and texts(s) == [f"sprog@{H(0, 0)} targeting {H(3, 0)}", "pass"]
    play(s, f"sprog@{H(0, 0)} targeting {H(3, 0)}")
    assert s.buffer[Team.BLU] == {"echo": 3} and hand.cubes == [0, 1, 0] and hand.cards == []
    assert s.phase is Phase.ACT


def test_targeting_scope_not_for_marks_only_or_without_anything_to_pay() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    give(s, Team.RED, cubes=[0, 0, 0], cards=["targeting_scope_red"], weapons=["plasma_gun"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with plasma_gun")
    assert s.phase is Phase.ACT  # no cube and no other powerup to pay with


def test_newton_moves_only_enemy_figures_in_a_straight_line() -> None:
    s = ready()
    _apart(s)
    give(s, Team.RED, cards=["newton_blue"])
    newtons = [a for a in s.legal_actions() if a.verb.value == "newton"]
    assert newtons and all(s.unit_at(a.actor).team is Team.BLU for a in newtons)  # type: ignore[arg-type, union-attr]
    for a in newtons:
        assert a.actor.distance(a.target) <= 6  # type: ignore[union-attr, arg-type]
        d = a.target - a.actor  # type: ignore[operator]
        assert d.q == 0 or d.r == 0 or d.q == -d.r
    a = newtons[0]
    play(s, a.text())
    assert s.unit_at(a.target).kind == a.kind and s.hands[Team.RED][0].cards == []  # type: ignore[arg-type, union-attr]
    assert all(not s.acted(u) for u in s.characters(Team.RED))  # a powerup is not a character's action


def test_tagback_grenade_when_damage_is_added_for_a_character_that_sees_the_shooter() -> None:
    s = ready()
    _apart(s)
    put(s, "echo", 3, 0)
    give(s, Team.RED, weapons=["plasma_gun", "seeker"])
    give(s, Team.BLU, cards=["tagback_grenade_red", "tagback_grenade_blue"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with plasma_gun")
    assert s.phase is Phase.REACT and s.current_team() is Team.BLU and s.current_player() == "p1"
    tag = f"echo@{H(3, 0)} tagback {H(0, 0)} with p1"
    assert texts(s) == [tag, "pass"]
    play(s, tag)
    assert s.marks[Team.RED] == {"sprog": 1} and texts(s) == [tag, "pass"]  # one or more grenades
    play(s, "pass")
    assert s.phase is Phase.ACT and s.current_team() is Team.RED
    put(s, "echo", 5, 2)  # behind the wall at 3,2 from Violet at 0,2
    play(s, f"violet@{H(0, 2)} attack {H(5, 2)} with seeker")  # a lobbed seeker: Echo does not see Violet
    assert not s.sight.sees(s.character("echo").cell, s.character("violet").cell)  # type: ignore[union-attr]
    assert s.phase is Phase.ACT


def test_tagback_grenade_for_a_shared_character_either_player_but_not_both() -> None:
    s = ready(players_blu=2)
    _apart(s)
    echo = s.character("echo")
    assert echo is not None and s.is_shared(echo)
    put(s, "echo", 3, 0)
    give(s, Team.RED, weapons=["plasma_gun"])
    give(s, Team.BLU, 0, cards=["tagback_grenade_red", "tagback_grenade_yellow"])
    give(s, Team.BLU, 1, cards=["tagback_grenade_blue"])
    play(s, f"sprog@{H(0, 0)} attack {H(3, 0)} with plasma_gun")
    assert s.current_player() is None
    assert texts(s) == [f"echo@{H(3, 0)} tagback {H(0, 0)} with p1", f"echo@{H(3, 0)} tagback {H(0, 0)} with p2", "pass"]
    play(s, f"echo@{H(3, 0)} tagback {H(0, 0)} with p1")
    assert texts(s) == [f"echo@{H(3, 0)} tagback {H(0, 0)} with p1", "pass"]


def test_teleporter_only_for_characters_you_control() -> None:
    s = ready(players_red=3)
    _apart(s)
    give(s, Team.RED, 1, cards=["teleporter_red"])  # p2 controls Violet
    teleports = {a.kind for a in s.legal_actions() if a.verb.value == "teleport"}
    assert teleports == {"violet"}
    play(s, f"violet@{H(0, 2)} teleport {H(5, 3)}")
    assert s.character("violet").cell == _cell(s, 5, 3)  # type: ignore[union-attr]
    assert s.hands[Team.RED][1].cards == []
