"""Set-up, the turn checklist, spawning and capturing (001 "Setup", "Turns", "Turn Checklist",
"Spawning", "Capturing Points")."""

from __future__ import annotations

import pytest

from engine.games.game import new_game
from engine.games.koth.state import KothState
from engine.games.state import IllegalActionError, Phase
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.ruleset import RulesetError
from engine.textmap import koth_scenario
from tests.engine.games.koth.conftest import GameFactory, at

BASES = """
0.R 0.R 0.R 0.  0.  0.  0.  0.B 0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.  0.  0.B 0.B
"""


def test_setup_red_first_three_units_in_spawn_base() -> None:
    """001 "Setup": RED goes first; each side places 3 different units in its own spawn base."""
    state = new_game(koth_scenario(BASES))
    placed: list[tuple[Team, str]] = []
    while state.phase is Phase.SPAWN and len(placed) < 6:
        team = state.current_team()
        acts = state.legal_actions()
        assert acts and all(a.verb is Verb.SPAWN for a in acts)
        assert all(state.board.spawn_team(state.board.index[a.target]) is team for a in acts)
        assert "sentry" not in {a.kind for a in acts}  # decision: the sentry is built, never picked
        fielded = {k for t, k in placed if t is team}
        assert not fielded & {a.kind for a in acts}  # each unit tile once
        a = acts[len(placed) * 7 % len(acts)]
        state.apply(a)
        placed.append((team, a.kind))
    assert [t for t, _ in placed] == [Team.RED] * 3 + [Team.BLU] * 3
    assert state.phase is Phase.ACT and state.current_team() is Team.RED
    assert state.active_unit().kind == placed[0][1]  # the first tile on the blueprint acts first


def test_setup_rejects_repeated_or_too_many_units() -> None:
    """001 "Setup": three units, each unit tile once."""
    with pytest.raises(RulesetError):
        new_game(koth_scenario(BASES, red=[("scout", (0, 0)), ("scout", (1, 0))]))
    with pytest.raises(RulesetError):
        new_game(koth_scenario(BASES, red=[(k, (i, 0)) for i, k in enumerate(["scout", "pyro", "heavy", "medic"])]))


def test_turns_follow_the_blueprint_and_alternate(game: GameFactory) -> None:
    """001 "Turns": teams alternate; the marker moves left to right and wraps around."""
    state = game(BASES, red=[("scout", (0, 0)), ("pyro", (1, 0))], blu=[("heavy", (9, 0)), ("medic", (8, 0))])
    seen = []
    for _ in range(6):
        u = state.active_unit()
        seen.append((u.team, u.kind))
        state.apply(Action(Verb.END, u.kind, state.board.hexes[u.cell]))
    assert seen == [(Team.RED, "scout"), (Team.BLU, "heavy"), (Team.RED, "pyro"), (Team.BLU, "medic"),
                    (Team.RED, "scout"), (Team.BLU, "heavy")]


def test_turn_checklist_two_different_actions_and_no_move_after_attack(game: GameFactory) -> None:
    """001 "Turns": two different actions of move / attack / special; no move after attacking."""
    state = game("0.R 0. 0. 0. 0. 0. 0. 0.B", red=[("soldier", (0, 0))], blu=[("heavy", (5, 0))], dice=[6, 5])
    verbs = {a.verb for a in state.legal_actions()}
    assert {Verb.MOVE, Verb.ATTACK, Verb.ROCKET_JUMP, Verb.END} <= verbs
    state.apply("soldier@0,0 attack 5,0")
    verbs = {a.verb for a in state.legal_actions()}
    assert Verb.MOVE not in verbs and Verb.ATTACK not in verbs  # no move after attack, no second attack
    assert Verb.ROCKET_JUMP not in verbs  # decision: a rocket jump is movement too (option)
    state2 = game("0.R 0. 0. 0. 0. 0. 0. 0.B", red=[("soldier", (0, 0))], blu=[("heavy", (6, 0))], dice=[6, 5])
    state2.apply("soldier@0,0 move 2,0")
    assert Verb.MOVE not in {a.verb for a in state2.legal_actions()}
    state2.apply("soldier@2,0 attack 6,0")
    assert state2.current_team() is Team.BLU  # two actions used: the turn ended


def test_illegal_action_raises(game: GameFactory) -> None:
    """An action not in legal_actions() is refused with IllegalActionError."""
    state = game("0.R 0. 0. 0.B", red=[("scout", (0, 0))], blu=[("heavy", (3, 0))])
    with pytest.raises(IllegalActionError):
        state.apply("scout@0,0 move 3,0")  # onto a unit and into the enemy base
    with pytest.raises(IllegalActionError):
        state.apply("heavy@3,0 end")  # not this unit's turn


def _kill_setup(game: GameFactory, **rules: object) -> KothState:
    # RED soldier fires at a 40-health BLU scout two hexes away; 6+6 always hits (and crits)
    return game("0.R 0. 0. 0. 0.B 0.B", red=[("soldier", (0, 0))], blu=[("scout", (2, 0), 40)],
                dice=[4, 3], **rules)


def test_spawning_dead_unit_waits_three_turns_then_any_free_class(game: GameFactory) -> None:
    """001 "Spawning": the timer starts at 3, moves at the end of each turn, then any unit not on the board."""
    state = game("0.R 0. 0. 0. 0.B 0.B", red=[("soldier", (0, 0)), ("medic", (1, 0))],
                 blu=[("scout", (3, 0), 40), ("heavy", (5, 0))], dice=[4, 3])
    state.apply("soldier@0,0 attack 3,0")
    assert state.unit_at(at(3)) is None
    slot = state.slots[Team.BLU][0]
    assert slot.uid == -1 and slot.timer == 3
    state.apply("soldier@0,0 end")
    assert slot.timer == 2  # moved at the end of the turn the unit died in
    # BLU's turn: its dead slot is skipped, the heavy acts
    assert state.active_unit().kind == "heavy"
    state.apply("heavy@5,0 end")
    assert slot.timer == 1
    state.apply("medic@1,0 end")
    assert slot.timer == 0
    assert state.phase is Phase.SPAWN and state.current_team() is Team.BLU
    kinds = {a.kind for a in state.legal_actions()}
    assert "heavy" not in kinds and "sentry" not in kinds and {"scout", "soldier", "medic"} <= kinds
    state.apply("spawn sniper 4,0")
    assert state.active_unit().kind == "sniper" and state.active_unit().health == 120


def test_capture_one_point_per_turn_contested_and_sentries_do_not_capture(game: GameFactory) -> None:
    """001 "Capturing Points": uncontested presence scores one point per turn for either team."""
    text = "0.R 0. 2.C 2.C 0. 0.B"
    state = game(text, red=[("scout", (2, 0))], blu=[("heavy", (5, 0))])
    state.apply("scout@2,0 end")
    assert state.scores() == {Team.RED: 1, Team.BLU: 0}
    state.apply("heavy@5,0 end")  # RED scores on BLU's turn too
    assert state.scores() == {Team.RED: 2, Team.BLU: 0}
    contested = game(text, red=[("scout", (2, 0))], blu=[("heavy", (3, 0))])
    contested.apply("scout@2,0 end")
    assert contested.scores() == {Team.RED: 0, Team.BLU: 0}


def test_capture_several_control_points_are_one_point(game: GameFactory) -> None:
    """001 "Capturing Points" speaks of one control point; a map may mark several (decision 28): every control-point
    hex counts as the one point, so a side alone on any of them scores, and a side on each contests."""
    text = "0.R 2.C 0. 0. 2.C2 0.B"
    alone = game(text, red=[("scout", (4, 0))], blu=[("heavy", (5, 0))])
    alone.apply("scout@4,0 end")  # on the second point: RED alone on "the point"
    assert alone.scores() == {Team.RED: 1, Team.BLU: 0}
    split = game(text, red=[("scout", (1, 0))], blu=[("heavy", (4, 0))])
    split.apply("scout@1,0 end")  # RED on the first, BLU on the second: contested
    assert split.scores() == {Team.RED: 0, Team.BLU: 0}


@pytest.mark.parametrize(("contests", "red_points"), [(None, 1), (False, 3), (True, 1)])
def test_capture_sentry_cannot_capture(game: GameFactory, contests: bool | None, red_points: int) -> None:
    """001 "Capturing Points": a sentry never captures; by default it contests (option sentry_contests)."""
    rules = {} if contests is None else {"sentry_contests": contests}
    state = game("0.R 0. 2.C 2.C 2. 0.B", red=[("scout", (2, 0))], blu=[("engineer", (4, 0))],
                 straight_line_attacks=False, dice=[1, 2] * 4, **rules)
    state.apply("scout@2,0 end")
    state.apply("engineer@4,0 build 3,0")
    state.apply("engineer@4,0 end")
    assert state.unit_at(at(3)).kind == "sentry"
    assert state.scores()[Team.BLU] == 0  # the sentry alone does not capture
    state.apply("scout@2,0 end")
    assert state.scores()[Team.RED] == red_points  # RED, BLU, RED turn ends


def test_capture_ten_points_wins(game: GameFactory) -> None:
    """001 "Capturing Points": the first team to 10 points wins."""
    state = game("0.R 2.C 0.B", red=[("scout", (1, 0))], blu=[("heavy", (2, 0))], points_to_win=3)
    for _ in range(3):
        u = state.active_unit()
        state.apply(Action(Verb.END, u.kind, state.board.hexes[u.cell]))
    assert state.is_terminal() and state.winner() is Team.RED
    assert state.returns() == {Team.RED: 1.0, Team.BLU: -1.0}
    assert state.legal_actions() == [] and state.current_team() is None


def test_turn_limit_ends_the_game_as_a_draw_or_by_score(game: GameFactory) -> None:
    """Decision: a turn limit (option turn_limit) ends games the rulebook would let run forever."""
    state = game("0.R 0. 0.B", red=[("scout", (0, 0))], blu=[("heavy", (2, 0))], turn_limit=4)
    while not state.is_terminal():
        u = state.active_unit()
        state.apply(Action(Verb.END, u.kind, state.board.hexes[u.cell]))
    assert state.turn == 4 and state.winner() is None


def _end(state: KothState) -> None:
    u = state.active_unit()
    state.apply(Action(Verb.END, u.kind, state.board.hexes[u.cell]))


def test_spawning_waits_while_the_base_is_full(game: GameFactory) -> None:
    """001 "Spawning": a ready unit is placed in a free base hex; decision: with none free it waits.

    The slot stays ready and is skipped (the marker moves on) until a base hex is
    free; the game never stalls in a decision without legal actions.
    """
    state = game("0.R 0.R 0. 0. 0. 0.B 0.B", red=[("scout", (2, 0), 20), ("heavy", (0, 0)), ("medic", (1, 0))],
                 blu=[("soldier", (5, 0)), ("pyro", (6, 0)), ("sniper", (4, 0))], dice=[6, 5] * 20)
    _end(state)  # RED scout
    state.apply("soldier@5,0 attack 2,0")  # kills the scout; heavy and medic fill RED's base
    for _ in range(5):
        assert state.phase is Phase.ACT and state.legal_actions()
        _end(state)
    slot = state.slots[Team.RED][0]
    assert slot.uid == -1 and slot.timer == 0  # ready, but nowhere to go: skipped
    assert state.active_unit().kind == "heavy"
    state.apply("heavy@0,0 move 2,0")
    _end(state)
    _end(state)  # BLU
    _end(state)  # RED medic
    _end(state)  # BLU
    assert state.phase is Phase.SPAWN and state.current_team() is Team.RED  # the marker reached slot 0
    assert {a.target for a in state.legal_actions()} == {at(0)}


@pytest.mark.parametrize(("kind", "on_low"), [("scout", True), ("heavy", False), ("soldier", False)])
def test_spawning_on_a_low_obstacle_only_for_the_scout(kind: str, on_low: bool) -> None:
    """001 "Spawning" / "Map": anywhere in the base, but a low obstacle only for a unit that may stand there.

    Decision: the Scout (double jump); a set-up slot with no hex left waits.
    """
    state = new_game(koth_scenario("0.R 0oR 0. 0. 0. 0.B 0.B 0.B"))
    targets = {a.target for a in state.legal_actions() if a.kind == kind}
    assert (at(1) in targets) is on_low and at(0) in targets


def test_spawning_set_up_never_stalls_in_a_small_base() -> None:
    """001 "Setup": three units each; decision: a base with fewer usable hexes leaves slots waiting."""
    state = new_game(koth_scenario("0.R 0.R 0#R 0. 0. 0.B 0.B 0.B"))
    while state.phase is Phase.SPAWN:
        acts = state.legal_actions()
        assert acts, state.describe_decision()
        state.apply(acts[0])
    assert state.phase is Phase.ACT
    assert len(state.units_of(Team.RED)) == 2 and len(state.units_of(Team.BLU)) == 3


def test_spawning_a_game_nobody_can_play_ends() -> None:
    """Decision: when no unit can ever be placed or act again, the game ends as at the turn limit."""
    state = new_game(koth_scenario("0#R 0. 0. 0#B", rules={"team_size": 1, "turn_limit": 0}))
    assert state.is_terminal() and state.winner() is None


def test_turn_checklist_burn_then_timers_then_capture(game: GameFactory) -> None:
    """001 "Turn Checklist": burn (4) before the respawn timers (5) before the capture check (6).

    The BLU heavy burns to death on the point at the end of its own turn: its
    timer starts and already moves in that turn, and RED, now alone on the point,
    scores at once.
    """
    state = game("0.R 0. 2.C 2.C 0. 0.B", red=[("scout", (2, 0))], blu=[("heavy", (3, 0), 20)])
    state.unit_at(at(3)).burn = 2
    _end(state)  # RED scout: contested
    assert state.scores() == {Team.RED: 0, Team.BLU: 0}
    _end(state)  # BLU heavy: burnt to death, then timers, then capture
    assert state.unit_at(at(3)) is None
    assert state.slots[Team.BLU][0].timer == 2
    assert state.scores() == {Team.RED: 1, Team.BLU: 0}


def test_turn_checklist_sentry_fires_before_the_unit_acts(game: GameFactory) -> None:
    """001 "Turn Checklist": the sentry (2) fires before the active unit's actions (3)."""
    state = game("0. 0. 0. 0. 0. 0. 0. 0.", red=[("engineer", (1, 0)), ("medic", (7, 0))],
                 blu=[("scout", (4, 0), 40), ("heavy", (6, 0))], dice=[6, 5] * 4)
    state.apply("engineer@1,0 build 2,0")
    _end(state)
    _end(state)  # BLU scout
    # RED medic's turn: before it may act, the sentry has already killed the scout (2 away, 40 damage)
    assert state.phase is Phase.ACT and state.unit_at(at(4)) is None


def test_side_with_no_available_unit_passes_decision_20(game: GameFactory) -> None:
    """Decision 20: a side with nobody to command passes; the end-of-turn steps (capture) still run."""
    state = game("0.R 2.C 0. 0. 0.B", red=[("soldier", (1, 0))], blu=[("scout", (3, 0), 40)], dice=[6, 5])
    state.apply("soldier@1,0 attack 3,0")  # kills BLU's only unit
    _end(state)  # RED scores at the end of its turn
    # BLU has no available unit: its turn passes at once (RED scores again), back to RED
    assert state.current_team() is Team.RED and state.turn == 2 and state.scores()[Team.RED] == 2
