"""Attacks, area of effect, kits and the nine units (001 "Attacking", "Map", "Units")."""

from __future__ import annotations

import pytest

from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.dice import TWO_D6
from tests.engine.games.koth.conftest import GameFactory, at

ROW = "0. 0. 0. 0. 0. 0. 0. 0. 0. 0. 0. 0. 0. 0."


def _hp(state, col: int, row: int = 0) -> int:  # type: ignore[no-untyped-def]
    u = state.unit_at(at(col, row))
    return 0 if u is None else u.health


# -- accuracy, crits, spawn bases, sight ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "target_col", "need"),
    [
        ("0. 0. 0. 0. 0.", 4, 4),  # distance 4 needs 4 (001 "Attacking")
        ("0. 0. 1. 1. 1.", 2, 3),  # one level up: distance 2 + 1
        ("0. 0. 0. 2. 2.", 3, 5),  # two levels up: distance 3 + 2
        ("2. 0. 0. 0. 0.", 3, 3),  # shooting down costs nothing
    ],
)
def test_attacking_accuracy_distance_plus_height(game: GameFactory, text: str, target_col: int, need: int) -> None:
    """001 "Attacking": 2d6 must reach the distance, plus one per level the target stands higher."""
    state = game(text, red=[("engineer", (0, 0))], blu=[("heavy", (target_col, 0))])
    (opt,) = state.attack_options()
    assert opt.hit_chance == pytest.approx(TWO_D6.chance_at_least(need))
    miss = game(text, red=[("engineer", (0, 0))], blu=[("heavy", (target_col, 0))], dice=[1, need - 2])
    miss.apply(opt.action)
    assert _hp(miss, target_col) == 400  # one short
    hit = game(text, red=[("engineer", (0, 0))], blu=[("heavy", (target_col, 0))], dice=[1, need - 1])
    hit.apply(opt.action)
    assert _hp(hit, target_col) == 360  # exactly enough


@pytest.mark.parametrize(("faces", "damage"), [((3, 4), 40), ((4, 4), 60), ((1, 2), 0)])
def test_attacking_doubles_are_critical_hits(game: GameFactory, faces: tuple[int, int], damage: int) -> None:
    """001 "Attacking": a pair on a hit adds +20 damage."""
    state = game(ROW, red=[("engineer", (0, 0))], blu=[("heavy", (4, 0))], dice=list(faces))
    state.apply("engineer@0,0 attack 4,0")
    assert _hp(state, 4) == 400 - damage


def test_attacking_units_in_their_own_spawn_base_never_get_hit(game: GameFactory) -> None:
    """001 "Map": attacks never hit a unit in its own spawn base (it is not offered as a target)."""
    state = game("0. 0. 0. 0.B", red=[("engineer", (0, 0))], blu=[("heavy", (3, 0))])
    assert state.attack_options() == []
    splash = game("0. 0. 0. 0. 0.B", red=[("soldier", (0, 0)), ("scout", (1, 0))],
                  blu=[("heavy", (3, 0)), ("medic", (4, 0))],
                  dice=[6, 5])
    splash.apply("soldier@0,0 attack 3,0")
    assert _hp(splash, 3) == 300 and _hp(splash, 4) == 160


def test_attacking_needs_line_of_sight_and_range(game: GameFactory) -> None:
    """001 "Distance and Line of Sight"/"Unit Tiles": no target behind a wall or out of range."""
    walled = game("0. 0# 0. 0.", red=[("engineer", (0, 0))], blu=[("heavy", (3, 0))])
    assert walled.attack_options() == []
    far = game(ROW, red=[("engineer", (0, 0))], blu=[("heavy", (6, 0))])
    assert far.attack_options() == []  # range 5


@pytest.mark.parametrize(("straight", "scout_targets", "engineer_targets"), [(True, 1, 0), (False, 1, 1)])
def test_scout_not_limited_to_shooting_hexagonally(
    game: GameFactory, straight: bool, scout_targets: int, engineer_targets: int
) -> None:
    """001 "Units" Scout: only he may shoot off the six hex lines (option straight_line_attacks)."""
    text = "0. 0. 0. 0.\n0. 0. 0. 0.\n0. 0. 0. 0."
    # 0,0 -> text col 1 row 2 is Hex(0,2)... pick a target off every hex line: Hex(2,1)-ish
    scout = game(text, red=[("scout", (0, 0))], blu=[("heavy", (2, 2))], straight_line_attacks=straight)
    eng = game(text, red=[("engineer", (0, 0))], blu=[("heavy", (2, 2))], straight_line_attacks=straight)
    assert len(scout.attack_options()) == scout_targets
    assert len(eng.attack_options()) == engineer_targets


# -- area of effect -----------------------------------------------------------------------------


def test_area_of_effect_only_at_the_origins_height(game: GameFactory) -> None:
    """001 "Attacking": area attacks reach only hexes at the height of their origin."""
    text = "0. 0. 0. 0. 0. 0. 0.\n0. 0. 0. 0. 1. 0. 0."
    state = game(text, red=[("soldier", (0, 0)), ("medic", (0, 1)), ("sniper", (1, 1)), ("demoman", (2, 1))],
                 blu=[("heavy", (4, 0)), ("medic", (5, 0)), ("pyro", (6, 0)), ("scout", (4, 1))], dice=[6, 5])
    area = state.attack_area(Action.parse("soldier@0,0 attack 4,0"))
    assert area[at(4)] == 100 and area[at(5)] == 60 and area[at(6)] == 20
    assert at(4, 1) not in area  # height 1
    state.apply("soldier@0,0 attack 4,0")
    assert (_hp(state, 4), _hp(state, 5), _hp(state, 6), _hp(state, 4, 1)) == (300, 100, 160, 120)


# -- units ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "damage"), [(1, 140), (2, 100), (3, 60), (4, 20)])
def test_scout_damage_by_distance(game: GameFactory, distance: int, damage: int) -> None:
    """001 "Units" Scout: 140 adjacent, 40 less per hex between."""
    state = game(ROW, red=[("scout", (0, 0))], blu=[("heavy", (distance, 0))], dice=[6, 5])
    (opt,) = state.attack_options()
    assert opt.damage == damage
    state.apply(opt.action)
    assert _hp(state, distance) == 400 - damage
    assert state.behaviour("scout").damage_at(distance) == damage  # type: ignore[attr-defined]  # the AI's look-ahead


def test_units_say_whether_their_attack_heals(game: GameFactory) -> None:
    """001 "Units" Medic: his attack is a heal (the AI reads it from the behaviour, not the specials)."""
    state = game(ROW, red=[("medic", (0, 0))], blu=[("heavy", (3, 0))])
    heals = {k: state.behaviour(k).heals for k in state.ruleset.units}  # type: ignore[attr-defined]
    assert heals == {k: k == "medic" for k in state.ruleset.units}


def test_scout_double_jump_onto_low_obstacles(game: GameFactory) -> None:
    """001 "Units" Scout: he jumps onto and over low obstacles; others cannot."""
    scout = game("0. 0o 0. 0.", red=[("scout", (0, 0))], blu=[("heavy", (3, 0))])
    soldier = game("0. 0o 0. 0.", red=[("soldier", (0, 0))], blu=[("heavy", (3, 0))])
    assert at(1) in scout.move_paths() and at(2) in scout.move_paths()
    assert at(1) not in soldier.move_paths() and at(2) not in soldier.move_paths()


def test_soldier_splash_hurts_friends_and_himself(game: GameFactory) -> None:
    """001 "Units" Soldier: 100 / 60 / 20 rings; rockets hurt friendly units."""
    state = game(ROW, red=[("soldier", (2, 0)), ("medic", (4, 0))], blu=[("heavy", (3, 0)), ("pyro", (9, 0))],
                 dice=[6, 5], straight_line_attacks=False)
    state.apply("soldier@2,0 attack 3,0")
    assert _hp(state, 3) == 300 and _hp(state, 4) == 100 and _hp(state, 2) == 140


def test_soldier_rocket_jump_eight_hexes_for_40_health(game: GameFactory) -> None:
    """001 "Units" Soldier: jump up to 8 hexes, onto any height, losing 40 health."""
    text = "0. 0. 0. 0. 0. 0. 0. 0. 2. 2. 0."
    state = game(text, red=[("soldier", (0, 0))], blu=[("heavy", (10, 0))])
    jumps = {a.target for a in state.legal_actions() if a.verb is Verb.ROCKET_JUMP}
    assert at(8) in jumps and at(9) not in jumps
    state.apply("soldier@0,0 rocket_jump 8,0")
    assert _hp(state, 8) == 160
    weak = game(text, red=[("soldier", (0, 0), 40)], blu=[("heavy", (10, 0))])
    assert not any(a.verb is Verb.ROCKET_JUMP for a in weak.legal_actions())  # decision: no suicide jumps


def test_pyro_cone_burns_without_a_roll(game: GameFactory) -> None:
    """001 "Units" Pyro: cone of range 3, no accuracy roll, 100 to enemies, two burn markers."""
    state = game(ROW, red=[("pyro", (0, 0)), ("medic", (1, 0))], blu=[("heavy", (2, 0)), ("scout", (4, 0))],
                 dice=[])
    state.apply("pyro@0,0 attack 1,0")  # aim toward +q; no dice are thrown
    heavy = state.unit_at(at(2))
    assert heavy.health == 300 and heavy.burn == 2
    assert _hp(state, 1) == 160  # allies are not burnt
    assert _hp(state, 4) == 120  # out of reach
    state.apply("pyro@0,0 end")
    assert heavy.health == 300 and heavy.burn == 2  # burning hurts at the end of the burning unit's turn
    state.apply("heavy@2,0 end")
    assert heavy.health == 280 and heavy.burn == 1  # 20 and one marker


def test_pyro_burn_at_most_two_markers_and_healing_puts_it_out(game: GameFactory) -> None:
    """001 "Units" Pyro / Medic: at most two burn markers; a heal removes them."""
    state = game(ROW, red=[("pyro", (0, 0)), ("scout", (13, 0))], blu=[("heavy", (2, 0)), ("medic", (4, 0))], dice=[])
    state.apply("pyro@0,0 attack 1,0")
    state.apply("pyro@0,0 end")  # heavy's turn next
    heavy = state.unit_at(at(2))
    heavy.burn = 2
    state.apply("heavy@2,0 end")
    assert heavy.burn == 1
    state.apply("scout@13,0 end")
    state.apply("medic@4,0 end")
    state.apply("pyro@0,0 attack 1,0")
    assert heavy.burn == 2  # topped up, never more than two
    state.apply("pyro@0,0 end")
    state.apply("heavy@2,0 end")
    state.apply("scout@13,0 end")
    assert heavy.burn == 1
    state.apply("medic@4,0 heal 2,0")
    assert heavy.burn == 0


def test_demoman_grenade_explodes_on_his_next_turn(game: GameFactory) -> None:
    """001 "Units" Demoman: no roll on an empty hex; the grenade goes off on his next turn, friends too."""
    state = game(ROW, red=[("demoman", (0, 0)), ("scout", (4, 0))], blu=[("heavy", (6, 0)), ("medic", (13, 0))],
                 dice=[])
    state.apply("demoman@0,0 attack 3,0")  # empty hex: no dice
    assert state.grenades and not state.dice.rolls
    state.apply("demoman@0,0 end")
    state.apply("heavy@6,0 end")
    state.apply("scout@4,0 end")
    assert _hp(state, 4) == 120  # every other unit has had its turn: not yet
    state.apply("medic@13,0 end")
    assert state.active_unit().kind == "demoman"  # his turn began: the grenade went off
    assert not state.grenades and _hp(state, 4) == 60


def test_demoman_critical_detonates_at_once_for_more(game: GameFactory) -> None:
    """001 "Units" Demoman (Blind Eye): a crit explodes at once with +20 on top of the crit's +20."""
    state = game(ROW, red=[("demoman", (0, 0))], blu=[("heavy", (3, 0))], dice=[3, 3])
    state.apply("demoman@0,0 attack 3,0")
    assert _hp(state, 3) == 400 - 140 and not state.grenades


def test_heavy_five_rolls_of_20_and_sandwich_health(game: GameFactory) -> None:
    """001 "Units" Heavy: five accuracy rolls of 20 each; extra health from the sandwich."""
    faces = [6, 5, 1, 1, 2, 2, 3, 4, 6, 6]  # hit, miss (2 < 3), crit, hit, crit
    state = game(ROW, red=[("heavy", (0, 0))], blu=[("soldier", (3, 0))], dice=faces)
    assert state.unit_at(at(0)).health == 400
    (opt,) = state.attack_options()
    assert opt.rolls == 5 and opt.damage == 20
    state.apply(opt.action)
    assert _hp(state, 3) == 200 - (20 + 40 + 20 + 40)


def test_engineer_builds_one_sentry_picks_it_up_and_carries_it(game: GameFactory) -> None:
    """001 "Units" Engineer: builds on an adjacent hex, one at a time, may pick it up and carry it."""
    state = game(ROW, red=[("engineer", (1, 0))], blu=[("heavy", (12, 0))])
    builds = {a.target for a in state.legal_actions() if a.verb is Verb.BUILD}
    assert builds == {at(0), at(2)}
    state.apply("engineer@1,0 build 2,0")
    assert not any(a.verb is Verb.BUILD for a in state.legal_actions())
    state.apply("engineer@1,0 end")
    state.apply("heavy@12,0 end")
    state.apply("engineer@1,0 pickup")
    assert state.unit_at(at(2)) is None
    state.apply("engineer@1,0 move 4,0")
    assert {a.target for a in state.legal_actions() if a.verb is Verb.BUILD} == set()  # two actions done
    state.apply("heavy@12,0 end")
    state.apply("engineer@4,0 build 5,0")
    assert state.unit_at(at(5)).kind == "sentry"


def test_engineer_sentry_inactive_on_death_destroyed_by_other_class(game: GameFactory) -> None:
    """001 "Units" Engineer: dead engineer -> inactive sentry; another class respawning -> destroyed."""
    text = "0.R 0. 0. 0. 0. 0. 0.B"
    state = game(text, red=[("engineer", (2, 0), 40)], blu=[("soldier", (6, 0))],
                 dice=[6, 5, 1, 1, 1, 1, 1, 1, 1, 1])
    state.apply("engineer@2,0 build 1,0")
    state.apply("engineer@2,0 end")
    state.apply("soldier@6,0 attack 2,0")  # kills the engineer (splash 60 hits the sentry too? no: 2 hexes)
    sentry = state.unit_at(at(1))
    assert sentry is not None and sentry.kind == "sentry" and not sentry.active
    while state.phase is not Phase.SPAWN:
        u = state.active_unit()
        state.apply(f"{u.kind}@{state.board.hexes[u.cell]} end")
    again = state.clone()
    state.apply("spawn scout 0,0")
    assert state.unit_at(at(1)) is None  # another class: the sentry is destroyed
    again.apply("spawn engineer 0,0")
    assert again.unit_at(at(1)).active  # the engineer is back: it wakes up


def test_medic_heals_40_not_himself_not_the_sentry_and_builds_charge(game: GameFactory) -> None:
    """001 "Units" Medic: heal 40 up to full, never himself or the sentry; +1 charge per heal, -1 per idle turn."""
    state = game(ROW, red=[("medic", (0, 0), 100), ("heavy", (2, 0), 390)], blu=[("scout", (12, 0)), ("pyro", (13, 0))])
    heals = {a.target for a in state.legal_actions() if a.verb is Verb.HEAL}
    assert heals == {at(2)}
    state.apply("medic@0,0 heal 2,0")
    medic = state.unit_at(at(0))
    assert _hp(state, 2) == 400 and medic.charge == 1
    state.apply("medic@0,0 end")
    state.apply("scout@12,0 end")
    state.apply("heavy@2,0 end")
    state.apply("pyro@13,0 end")
    state.apply("medic@0,0 end")
    assert medic.charge == 0  # no heal this turn: one charge lost


def test_medic_uber_three_turns_each(game: GameFactory) -> None:
    """001 "Units" Medic: at 3 charge, he and an ally are invulnerable for 3 of their own turns."""
    state = game(ROW, red=[("medic", (0, 0)), ("heavy", (2, 0))], blu=[("engineer", (5, 0)), ("pyro", (13, 0))],
                 dice=[6, 5] * 8)
    medic, heavy = state.unit_at(at(0)), state.unit_at(at(2))
    medic.charge = 3
    state.apply("medic@0,0 uber 2,0")
    assert medic.uber == 3 and heavy.uber == 3 and medic.charge == 0
    state.apply("medic@0,0 end")
    assert medic.uber == 2
    state.apply("engineer@5,0 attack 2,0")
    assert heavy.health == 400  # invulnerable
    state.apply("engineer@5,0 end")
    state.apply("heavy@2,0 end")
    assert heavy.uber == 2


def test_sniper_scope_stacks_until_he_moves(game: GameFactory) -> None:
    """001 "Units" Sniper: each scope +20 damage, +1 accuracy, +1 minimum range; not after moving; max 200."""
    state = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (2, 0))])
    sniper = state.unit_at(at(0))
    state.apply("sniper@0,0 scope")
    (opt,) = state.attack_options()
    assert opt.damage == 120 and opt.hit_chance == pytest.approx(TWO_D6.chance_at_least(1))
    sniper.scope = 2
    assert state.attack_options() == []  # minimum range 3 now
    sniper.scope = 5
    assert not any(a.verb is Verb.SCOPE for a in state.legal_actions()) or sniper.scope < 5
    moved = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (9, 0))])
    moved.unit_at(at(0)).scope = 2
    moved.apply("sniper@0,0 move 1,0")
    assert moved.unit_at(at(1)).scope == 0
    assert not any(a.verb is Verb.SCOPE for a in moved.legal_actions())


def test_sentry_fires_at_nearest_sticks_and_upgrades(game: GameFactory) -> None:
    """001 "Units" Sentry Gun: nearest enemy in range at each of its team's unit turns; sticky; +20 by its engineer."""
    state = game(ROW, red=[("engineer", (1, 0)), ("medic", (13, 0))], blu=[("heavy", (5, 0)), ("scout", (7, 0))],
                 dice=[6, 5] * 10)
    state.apply("engineer@1,0 build 2,0")
    state.apply("engineer@1,0 end")
    state.apply("heavy@5,0 move 4,0")
    state.apply("heavy@4,0 end")
    # RED medic's turn starts: the sentry (range 4) fires at the heavy, 2 away; engineer adjacent: 40
    assert _hp(state, 4) == 360
    state.apply("medic@13,0 end")
    state.apply("scout@7,0 move 3,0")  # now the scout is nearer, but the sentry sticks to the heavy
    state.apply("scout@3,0 end")
    assert _hp(state, 4) == 320 and _hp(state, 3) == 120


def test_sentry_owner_picks_among_equidistant_targets(game: GameFactory) -> None:
    """001 "Units" Sentry Gun: the owner chooses among equidistant nearest enemies."""
    state = game(ROW, red=[("engineer", (4, 0)), ("medic", (13, 0))], blu=[("heavy", (3, 0)), ("scout", (7, 0))],
                 dice=[6, 5] * 10)
    state.apply("engineer@4,0 build 5,0")
    state.apply("engineer@4,0 move 8,0")
    state.apply("heavy@3,0 end")
    assert state.phase is Phase.TARGET and state.current_team() is Team.RED
    assert {a.target for a in state.legal_actions()} == {at(3), at(7)}
    state.apply("sentry@5,0 target 7,0")
    assert _hp(state, 7) == 100 and state.phase is Phase.ACT


def test_first_aid_kit_restores_full_health_then_returns(game: GameFactory) -> None:
    """001 "Map": a kit restores full health; decision: used up for kit_respawn_turns turns."""
    state = game("0. 0.+ 0. 0.\n0. 0. 0. 0.", red=[("scout", (0, 0), 20), ("pyro", (3, 0), 30)],
                 blu=[("heavy", (2, 0)), ("medic", (3, 1))],
                 kit_respawn_turns=3)
    state.apply("scout@0,0 move 1,0")
    assert _hp(state, 1) == 120
    kit = state.board.index[at(1)]
    assert state.kit_timer[kit] == 3  # used up
    state.apply("scout@1,0 end")  # turn ends: 2 left
    state.apply("heavy@2,0 end")
    state.apply("pyro@3,0 move 2,1")
    state.apply("pyro@2,1 end")
    assert state.kit_timer[kit] == 0  # back after three turn ends
    assert state.legal_actions()  # heavy's turn; the scout (full health) stands on it, nothing to use


def _end(state) -> None:  # type: ignore[no-untyped-def]
    u = state.active_unit()
    state.apply(Action(Verb.END, u.kind, state.board.hexes[u.cell]))


@pytest.mark.parametrize("survives", [False, True])
def test_demoman_grenade_of_a_dead_demoman_one_marker_per_side(game: GameFactory, survives: bool) -> None:
    """001 "Units" Demoman: option grenade_survives_death; kept, it goes off when his slot's turn comes."""
    state = game("0.R 0.R 0. 0. 0. 0. 0. 0.B 0.B", red=[("demoman", (2, 0), 20), ("scout", (0, 0))],
                 blu=[("soldier", (7, 0)), ("medic", (6, 0))], dice=[6, 5] * 3, grenade_survives_death=survives)
    state.apply("demoman@2,0 attack 5,0")  # empty hex: the marker, no roll
    _end(state)
    state.apply("soldier@7,0 attack 2,0")  # kills the demoman
    assert bool(state.dropped_grenades) is survives and not state.grenades
    _end(state)  # BLU soldier
    _end(state)  # RED scout
    assert bool(state.dropped_grenades) is survives and state.unit_at(at(6)).health == 160
    _end(state)  # BLU medic
    # RED's marker reaches the dead demoman's slot (timer out): the grenade goes off, then the respawn
    assert state.phase is Phase.SPAWN and not state.dropped_grenades
    assert state.unit_at(at(6)).health == (160 - 60 if survives else 160)


def test_demoman_no_second_grenade_while_his_sides_marker_lies(game: GameFactory) -> None:
    """001 "Components": one grenade marker per side; a Demoman cannot throw while his side's lies."""
    state = game("0.R 0.R 0. 0. 0. 0. 0. 0.B 0.B", red=[("demoman", (2, 0)), ("scout", (0, 0))],
                 blu=[("soldier", (7, 0)), ("medic", (8, 0))], grenade_survives_death=True)
    assert any(a.verb is Verb.ATTACK for a in state.legal_actions())
    state.dropped_grenades[Team.RED] = (1, state.board.index[at(5)], "demoman")  # a dead demoman's, slot 1
    assert not any(a.verb is Verb.ATTACK for a in state.legal_actions())


def test_engineer_respawning_in_another_slot_takes_over_the_sentry(game: GameFactory) -> None:
    """001 "Units" Engineer: one sentry per engineer; a new engineer in another slot wakes the old one up.

    Decision: the side's sentry belongs to whichever slot fields the engineer, so
    the engineer cannot build a second one and his old slot no longer matters.
    """
    text = ("0.R 0.R 0.R " + " ".join(["0."] * 11) + "\n") + " ".join(["0#"] * 14)
    state = game(text, red=[("engineer", (3, 0), 20), ("medic", (4, 0), 20)],
                 blu=[("heavy", (13, 0)), ("soldier", (12, 0))], dice=[6, 5] * 40)
    state.apply("engineer@3,0 build 2,0")
    _end(state)
    state.apply("heavy@13,0 attack 4,0")  # kills the medic (slot 1)
    _end(state)
    _end(state)  # RED engineer
    state.apply("soldier@12,0 attack 3,0")  # kills the engineer (slot 0): the sentry goes inactive
    _end(state)
    sentry = state.unit_at(at(2))
    assert not sentry.active and state.phase is Phase.SPAWN and state.active_slot == 1
    state.apply("spawn engineer 1,0")  # the engineer comes back in the medic's slot
    assert sentry.active and sentry.owner == state.active_unit().uid
    assert not any(a.verb is Verb.BUILD for a in state.legal_actions())
    assert [u.kind for u in state.units_of(Team.RED)].count("sentry") == 1
    _end(state)
    while state.phase is not Phase.SPAWN:
        _end(state)
    state.apply("spawn scout 0,0")  # another class in the engineer's old slot: the sentry is his no more
    assert state.unit_at(at(2)) is sentry and sentry.active


def test_sentry_drops_a_target_that_got_out_of_range(game: GameFactory) -> None:
    """001 "Units" Sentry Gun: a target that left the sentry's range is dropped.

    Checked each time the sentry would fire; the board shows the sentry's target.
    """
    text = ("0.R 0.R " + " ".join(["0."] * 12) + "\n") + " ".join(["0#"] * 14)
    state = game(text, red=[("engineer", (3, 0), 20), ("medic", (13, 0)), ("sniper", (0, 0))],
                 blu=[("heavy", (9, 0)), ("scout", (11, 0)), ("soldier", (12, 0))], dice=[6, 5] * 80)
    state.apply("engineer@3,0 build 4,0")
    _end(state)
    sentry = state.unit_at(at(4))
    state.apply("heavy@9,0 move 7,0")
    _end(state)
    heavy = state.unit_at(at(7))
    assert sentry.target == heavy.uid  # R2: the heavy, 3 away, is the nearest
    for _ in range(5):  # R2 medic, B2 scout, R3 sniper, B3 soldier, R4 engineer
        _end(state)
    state.apply("heavy@7,0 move 10,0")  # 6 away: out of range
    _end(state)  # R5 medic: the sentry finds nobody in range and drops the heavy
    assert sentry.target == -1 and heavy.health == 400 - 3 * 40  # shot at R2, R3, R4


def test_sentry_woken_up_chooses_the_nearest_afresh(game: GameFactory) -> None:
    """001 "Units" Sentry Gun / Engineer: the old target left range while the sentry was inactive.

    Woken up by the respawned engineer, the sentry fires at the nearest enemy (the
    scout, 1 away), not at the heavy it had before (3 away).
    """
    text = ("0.R 0.R " + " ".join(["0."] * 12) + "\n") + " ".join(["0#"] * 14)
    state = game(text, red=[("engineer", (3, 0), 20), ("medic", (13, 0)), ("sniper", (0, 0))],
                 blu=[("heavy", (9, 0)), ("scout", (11, 0)), ("soldier", (12, 0))], dice=[6, 5] * 80)
    state.apply("engineer@3,0 build 4,0")
    _end(state)
    sentry = state.unit_at(at(4))
    state.apply("heavy@9,0 move 7,0")
    _end(state)
    heavy = state.unit_at(at(7))
    for _ in range(5):  # R2 medic, B2 scout, R3 sniper, B3 soldier, R4 engineer
        _end(state)
    state.apply("heavy@7,0 move 10,0")
    _end(state)
    for _ in range(5):  # R5 medic, B5 scout, R6 sniper, B6 soldier, R7 engineer
        _end(state)
    state.apply("heavy@10,0 move 7,0")
    state.apply("heavy@7,0 attack 3,0")  # back 3 away, and kills the engineer: the sentry goes inactive
    assert not sentry.active and sentry.target == -1
    _end(state)  # R8 medic
    state.apply("scout@11,0 move 5,0")
    _end(state)
    _end(state)  # R9 sniper
    _end(state)  # B9 soldier
    scout = state.unit_at(at(5))
    health = heavy.health
    state.apply("spawn engineer 1,0")  # the sentry wakes up and fires at this turn's start
    assert sentry.target == scout.uid and scout.health == 120 - 20 and heavy.health == health


@pytest.mark.parametrize(("lined", "heavy_health"), [(True, 400), (False, 360)])
def test_sentry_follows_the_straight_line_rule(game: GameFactory, lined: bool, heavy_health: int) -> None:
    """001 "Units" Scout/Sentry Gun: only the Scout is free of the hex lines; option sentry_straight_line."""
    text = "\n".join([" ".join(["0."] * 8)] * 5)
    state = game(text, red=[("engineer", (1, 2)), ("medic", (7, 4))], blu=[("heavy", (4, 1)), ("scout", (7, 0))],
                 dice=[6, 5] * 10, sentry_straight_line=lined)
    state.apply(Action(Verb.BUILD, "engineer", at(1, 2), at(2, 2)))
    _end(state)  # RED engineer
    _end(state)  # BLU heavy
    # RED medic's turn starts: the heavy is 3 away, in sight, but off the sentry's six hex lines
    assert state.unit_at(at(4, 1)).health == heavy_health


@pytest.mark.parametrize(("cap_includes_crit", "damage"), [(False, 220), (True, 200)])
def test_sniper_scoped_crit_and_the_200_cap(game: GameFactory, cap_includes_crit: bool, damage: int) -> None:
    """001 "Units" Sniper / "Attacking": scope stops at 200; a crit's +20 comes on top (option)."""
    state = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (8, 0))], dice=[6, 6],
                 scope_cap_includes_crit=cap_includes_crit)
    state.unit_at(at(0)).scope = 5
    state.apply("sniper@0,0 attack 8,0")
    assert _hp(state, 8) == 400 - damage


@pytest.mark.parametrize(("needs_sight", "medic_health"), [(False, 140), (True, 160)])
def test_area_of_effect_through_walls(game: GameFactory, needs_sight: bool, medic_health: int) -> None:
    """001 "Attacking": splash is bounded by height only; option splash_needs_sight stops it at walls."""
    state = game("0. 0. 0. 0. 0# 0. 0.\n" + " ".join(["0."] * 7), red=[("soldier", (0, 0)), ("scout", (0, 1))],
                 blu=[("heavy", (3, 0)), ("medic", (5, 0))], dice=[6, 5], splash_needs_sight=needs_sight)
    assert not state.line_of_sight(at(3), at(5))
    assert (at(5) in state.attack_area(Action.parse("soldier@0,0 attack 3,0"))) is not needs_sight
    state.apply("soldier@0,0 attack 3,0")
    assert _hp(state, 3) == 300 and _hp(state, 5) == medic_health


@pytest.mark.parametrize("dies", [False, True])
def test_engineer_dies_carrying_his_sentry(game: GameFactory, dies: bool) -> None:
    """001 "Units" Engineer: his turret becomes inactive; decision: a carried one is dropped where he fell.

    Option carried_sentry_dies destroys it instead.
    """
    state = game(ROW, red=[("engineer", (1, 0), 40)], blu=[("soldier", (9, 0))], dice=[6, 5] * 4,
                 carried_sentry_dies=dies)
    state.apply("engineer@1,0 build 2,0")
    _end(state)
    _end(state)  # BLU soldier
    state.apply("engineer@1,0 pickup")
    state.apply("engineer@1,0 move 4,0")
    state.apply("soldier@9,0 attack 4,0")  # kills the engineer
    sentry = state.unit_at(at(4))
    if dies:
        assert sentry is None and not [u for u in state.units.values() if u.kind == "sentry"]
    else:
        assert sentry is not None and sentry.kind == "sentry" and not sentry.active and not sentry.carried


def test_sentry_is_never_a_pick() -> None:
    """001 "Units" Engineer/Sentry Gun: decision 13 is fixed; a ruleset making the sentry pickable is refused."""
    import dataclasses

    from engine.formats.ruleset_file import builtin_ruleset
    from engine.frozendict import FrozenDict
    from engine.games.game import new_game
    from engine.ruleset import Ruleset, RulesetError
    from engine.textmap import koth_scenario

    rs = builtin_ruleset("koth")
    units = dict(rs.units)
    units["sentry"] = dataclasses.replace(units["sentry"], pickable=True)
    with pytest.raises(RulesetError, match="sentry"):
        new_game(koth_scenario(ROW), ruleset=Ruleset(rs.name, FrozenDict(units), rs.options, rs.description))


# -- tests with teeth for rules that were covered only loosely ------------------------------------


def test_sniper_scope_accuracy_bonus_counts(game: GameFactory) -> None:
    """001 "Units" Sniper: each scope adds +1 to the accuracy roll (a 7 hits at distance 8 once scoped)."""
    plain = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (8, 0))], dice=[3, 4])
    (opt,) = plain.attack_options()
    assert opt.hit_chance == pytest.approx(TWO_D6.chance_at_least(8))
    plain.apply("sniper@0,0 attack 8,0")
    assert _hp(plain, 8) == 400  # 7 < 8: a miss
    scoped = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (8, 0))], dice=[3, 4])
    scoped.apply("sniper@0,0 scope")
    (opt,) = scoped.attack_options()
    assert opt.hit_chance == pytest.approx(TWO_D6.chance_at_least(7))
    scoped.apply("sniper@0,0 attack 8,0")
    assert _hp(scoped, 8) == 400 - 120


@pytest.mark.parametrize(("scope", "can_scope", "damage"), [(4, True, 180), (5, False, 200), (7, False, 200)])
def test_sniper_scope_cap_200(game: GameFactory, scope: int, can_scope: bool, damage: int) -> None:
    """001 "Units" Sniper: scope stacks up to 200 damage; no scope once there."""
    state = game(ROW, red=[("sniper", (0, 0))], blu=[("heavy", (13, 0))])
    state.unit_at(at(0)).scope = scope
    assert any(a.verb is Verb.SCOPE for a in state.legal_actions()) is can_scope
    state.unit_at(at(13)).cell = state.board.index[at(12)]  # minimum range 1 + scope, range 12
    (opt,) = state.attack_options()
    assert opt.damage == damage


def test_engineer_cannot_build_a_second_sentry_while_one_stands(game: GameFactory) -> None:
    """001 "Units" Engineer: while his sentry stands he builds no other (checked with the special unused)."""
    state = game(ROW, red=[("engineer", (1, 0))], blu=[("heavy", (12, 0))])
    state.apply("engineer@1,0 build 2,0")
    _end(state)
    _end(state)  # BLU heavy
    verbs = {a.verb for a in state.legal_actions()}
    assert Verb.PICKUP in verbs and Verb.BUILD not in verbs  # adjacent: he may pick it up, not build
    state.apply("engineer@1,0 move 5,0")
    verbs = {a.verb for a in state.legal_actions()}
    assert Verb.BUILD not in verbs and Verb.PICKUP not in verbs


def test_medic_never_heals_or_ubers_the_sentry(game: GameFactory) -> None:
    """001 "Units" Medic: heals and uber go to allied people only, never to the sentry."""
    state = game(ROW, red=[("engineer", (2, 0)), ("medic", (4, 0)), ("scout", (5, 0), 100)],
                 blu=[("heavy", (13, 0)), ("pyro", (12, 0)), ("soldier", (11, 0))])
    state.apply("engineer@2,0 build 3,0")
    _end(state)
    _end(state)  # BLU heavy
    state.unit_at(at(3)).health = 60  # a hurt sentry right next to the medic
    state.unit_at(at(4)).charge = 3
    heals = {a.target for a in state.legal_actions() if a.verb is Verb.HEAL}
    ubers = {a.target for a in state.legal_actions() if a.verb is Verb.UBER}
    assert heals == {at(5)} and at(3) not in ubers and at(5) in ubers


def test_sentry_fires_at_the_nearer_of_two_enemies(game: GameFactory) -> None:
    """001 "Units" Sentry Gun: the nearest enemy in range, whatever the order units were placed in."""
    state = game(ROW, red=[("engineer", (1, 0)), ("medic", (13, 0))], blu=[("heavy", (6, 0)), ("scout", (4, 0))],
                 dice=[6, 5] * 4)
    state.apply("engineer@1,0 build 2,0")
    _end(state)
    _end(state)  # BLU heavy, 4 away; the scout is 2 away
    assert _hp(state, 4) == 120 - 40 and _hp(state, 6) == 400


def test_spawn_base_shields_from_sentry_grenade_and_flame(game: GameFactory) -> None:
    """001 "Map": no enemy attack hits a unit in its own base: sentry fire, a grenade's blast, the flame."""
    text = "0. 0. 0. 0. 0. 0.B 0.B 0.B 0. 0. 0. 0. 0. 0."
    sentry = game(text, red=[("engineer", (2, 0)), ("medic", (0, 0))], blu=[("heavy", (5, 0)), ("scout", (13, 0))],
                  dice=[6, 5] * 4)
    sentry.apply("engineer@2,0 build 3,0")
    _end(sentry)
    _end(sentry)  # RED medic's turn begins: the heavy in its base, 2 from the sentry, is not shot
    assert _hp(sentry, 5) == 400 and not sentry.dice.rolls
    grenade = game(text, red=[("demoman", (1, 0)), ("medic", (0, 0))], blu=[("heavy", (5, 0)), ("scout", (4, 0))],
                   dice=[])
    grenade.apply("demoman@1,0 attack 3,0")  # empty hex: the heavy in its base is 2 away, the scout 1
    for _ in range(4):
        _end(grenade)
    assert _hp(grenade, 5) == 400 and _hp(grenade, 4) == 120 - 60
    flame = game(text, red=[("pyro", (3, 0)), ("medic", (0, 0))], blu=[("heavy", (5, 0)), ("scout", (4, 0))],
                 dice=[])
    flame.apply("pyro@3,0 attack 4,0")
    assert _hp(flame, 5) == 400 and flame.unit_at(at(5)).burn == 0 and _hp(flame, 4) == 20


def test_area_of_effect_origin_height_for_flame_and_grenade(game: GameFactory) -> None:
    """001 "Attacking": the Pyro's cone starts at the Pyro, a grenade's blast at its hex; other heights are spared."""
    text = "0. 0. 0. 1. 0. 0. 0.\n0. 0. 0. 0. 0. 0. 0."
    flame = game(text, red=[("pyro", (1, 0)), ("medic", (0, 1))], blu=[("heavy", (3, 0)), ("scout", (2, 0))],
                 dice=[])
    flame.apply("pyro@1,0 attack 2,0")
    assert _hp(flame, 2) == 20 and _hp(flame, 3) == 400  # the heavy stands one level up
    blast = game(text, red=[("demoman", (0, 0)), ("medic", (0, 1))], blu=[("heavy", (3, 0)), ("scout", (4, 0))],
                 dice=[6, 5])
    blast.apply("demoman@0,0 attack 2,0")  # empty hex at height 0 next to the heavy (height 1)
    for _ in range(4):
        _end(blast)
    assert _hp(blast, 3) == 400 and _hp(blast, 4) == 120 - 20


@pytest.mark.parametrize(("cone", "hexes"), [("narrow", 7), ("wide", 15)])
def test_pyro_cone_shape_decision_7(game: GameFactory, cone: str, hexes: int) -> None:
    """Decision 7: the narrow cone reaches 1, 3, 3 hexes; the wide one 3, 5, 7 (option pyro_cone)."""
    text = "\n".join([" ".join(["0."] * 9)] * 9)
    state = game(text, red=[("pyro", (4, 4))], blu=[("heavy", (5, 4))], pyro_cone=cone)
    (opt,) = [o for o in state.attack_options() if o.action.target == at(5, 4)]
    assert len(opt.area) == hexes


def test_crits_on_area_attacks_decision_8(game: GameFactory) -> None:
    """Decision 8: a crit's +20 goes to the blast centre only; a missed rocket does nothing; a missed
    grenade at an occupied hex leaves no marker."""
    crit = game(ROW, red=[("soldier", (0, 0))], blu=[("heavy", (4, 0)), ("medic", (5, 0))], dice=[5, 5])
    crit.apply("soldier@0,0 attack 4,0")
    assert _hp(crit, 4) == 400 - 120 and _hp(crit, 5) == 160 - 60
    miss = game(ROW, red=[("soldier", (0, 0))], blu=[("heavy", (4, 0)), ("medic", (5, 0))], dice=[1, 2])
    miss.apply("soldier@0,0 attack 4,0")
    assert _hp(miss, 4) == 400 and _hp(miss, 5) == 160
    lost = game(ROW, red=[("demoman", (0, 0))], blu=[("heavy", (4, 0))], dice=[1, 2])
    lost.apply("demoman@0,0 attack 4,0")
    assert not lost.grenades


def test_grenade_goes_off_before_the_sentries_fire_decision_11(game: GameFactory) -> None:
    """Decision 11: at the Demoman's turn start his grenade explodes first, then the sentries fire."""
    state = game(ROW, red=[("demoman", (0, 0)), ("engineer", (3, 0))], blu=[("scout", (6, 0), 60),
                                                                           ("heavy", (13, 0))], dice=[6, 5] * 4)
    state.apply("demoman@0,0 attack 4,0")  # empty hex: a grenade next to where the scout will stand
    _end(state)
    state.apply("scout@6,0 move 5,0")
    _end(state)
    state.apply("engineer@3,0 build 2,0")  # 3 from the scout
    _end(state)
    rolls = len(state.dice.rolls)
    _end(state)  # BLU heavy
    # RED demoman's turn: the blast (60) kills the scout first, so the sentry finds nobody to shoot
    assert state.unit_at(at(5)) is None and len(state.dice.rolls) == rolls


def test_first_aid_kit_use_decision_12(game: GameFactory) -> None:
    """Decision 12: passing over a kit does nothing; an unhurt unit leaves it; a burning one uses it."""
    text = "0. 0.+ 0. 0. 0. 0. 0. 0."
    passing = game(text, red=[("scout", (0, 0), 20)], blu=[("heavy", (7, 0))])
    passing.apply("scout@0,0 move 3,0")  # over the kit
    assert _hp(passing, 3) == 20 and passing.kit_timer[passing.board.index[at(1)]] == 0
    unhurt = game(text, red=[("scout", (0, 0))], blu=[("heavy", (7, 0))])
    unhurt.apply("scout@0,0 move 1,0")
    assert unhurt.kit_timer[unhurt.board.index[at(1)]] == 0
    burning = game(text, red=[("scout", (0, 0))], blu=[("heavy", (7, 0))])
    burning.unit_at(at(0)).burn = 2
    burning.apply("scout@0,0 move 1,0")
    assert burning.unit_at(at(1)).burn == 0 and burning.kit_timer[burning.board.index[at(1)]] == 3


def test_medic_charge_cap_uber_threshold_and_heal_is_the_attack(game: GameFactory) -> None:
    """001 "Units" Medic: charge at most 3; uber needs 3; a heal is his attack (no move after, no second)."""
    state = game(ROW, red=[("medic", (0, 0)), ("heavy", (2, 0), 100)], blu=[("scout", (12, 0)), ("pyro", (13, 0))])
    medic = state.unit_at(at(0))
    medic.charge = 2
    assert not any(a.verb is Verb.UBER for a in state.legal_actions())
    state.apply("medic@0,0 heal 2,0")
    verbs = {a.verb for a in state.legal_actions()}
    assert Verb.MOVE not in verbs and Verb.HEAL not in verbs and Verb.UBER in verbs
    assert medic.charge == 3
    _end(state)
    _end(state)  # BLU scout
    _end(state)  # RED heavy
    _end(state)  # BLU pyro
    state.apply("medic@0,0 heal 2,0")
    assert medic.charge == 3  # capped


def test_rocket_jump_costs_health_even_under_uber(game: GameFactory) -> None:
    """Decision 27: the jump's 40 is a cost, not damage; uber does not stop it; he may still walk."""
    state = game(ROW, red=[("soldier", (0, 0))], blu=[("heavy", (13, 0))])
    state.unit_at(at(0)).uber = 2
    state.apply("soldier@0,0 rocket_jump 8,0")
    assert _hp(state, 8) == 160
    assert any(a.verb is Verb.MOVE for a in state.legal_actions())


def test_pyro_a_click_on_an_enemy_out_of_the_flames_reach_says_how_far(game: GameFactory) -> None:
    """001 "Units" Pyro: the cone reaches 3 hexes. A click on an enemy nine hexes away was told only how the Pyro
    aims (a new-user audit); it says the distance and the reach now, and for an enemy in a cone, which hex to aim at."""
    state = game(ROW, red=[("pyro", (0, 0))], blu=[("heavy", (9, 0)), ("scout", (2, 0))], dice=[])
    here = at(0)
    far = state.why_not(Action(Verb.ATTACK, "pyro", here, at(9)))
    assert far.startswith("out of range: the BLU Heavy is 9 hexes away, the flame reaches 3")
    near = state.why_not(Action(Verb.ATTACK, "pyro", here, at(2)))
    assert f"aim at {at(1)} to reach the BLU Scout" in near
