"""The playtest's Qt-free logic: click choices and reasons, log entries, board picture, set-ups, replays."""

from __future__ import annotations

import pytest

from editor.playtest.explain import choices, explain, modes_now
from editor.playtest.journal import entry_after, snapshot
from editor.playtest.koth.marks import Burn, Charge, GrenadeMark, PointMark
from editor.playtest.koth.picture import blueprint_rows
from editor.playtest.koth.position import (
    Placement,
    apply_markers,
    has_markers,
    placement_problems,
    placements_of,
    position_scenario,
)
from editor.playtest.presenters import board_picture
from editor.playtest.replay_cursor import ReplayCursor
from editor.playtest.session import GameSetup, game_scenario, open_slots, pick_for_me, playability
from engine.games.game import new_game
from engine.games.koth.state import KothState
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.replay import Replay
from engine.rules.actions import Action, Verb
from engine.rules.dice import ScriptedDice
from engine.textmap import koth_scenario
from tests.editor.test_playtest.conftest import FIELD, at, walled_scenario

#: RED soldier and medic against a BLU heavy; a wall at column 4 of row 2, a low obstacle at 2,1.
SIGHT = """
0.R 0.  0.  0.  0.  0.  0.B
0.R 0.  0o  0.C 1.  0.  0.B
0.R 0.+ 0.  0.  0#  0.  0.B
0.  0.  0.  0.  0.  0.  0.
"""


def field(text: str = FIELD, red=(("soldier", (1, 1)), ("medic", (1, 0))), blu=(("heavy", (5, 1)),),  # type: ignore[no-untyped-def]
          dice=None) -> KothState:
    """RED acts first with two units; BLU gets a scout in its base as its second unit (``dice``: scripted faces)."""
    blu = (*blu, ("scout", (6, 0)))
    return new_game(koth_scenario(text, red=red, blu=blu, rules={"team_size": 2}),
                    dice=ScriptedDice(dice) if dice is not None else None)


# -- explanations -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("verb", "where", "reason"),
    [
        (Verb.MOVE, (2, 1), "low obstacle at"),
        (Verb.MOVE, (1, 0), "taken by the RED Medic"),
        (Verb.MOVE, (6, 0), "BLU's spawn base"),
        (Verb.MOVE, (40, 0), "off the map"),
        (Verb.MOVE, (5, 0), "out of reach"),
        (Verb.ATTACK, (3, 1), "no unit on"),
        (Verb.ATTACK, (1, 0), "on your team"),
        (Verb.ATTACK, (6, 0), "safe in its own spawn base"),
        (Verb.ATTACK, (5, 1), "no line of sight: height-1 ground at"),
    ],
)
def test_explain_names_the_reason(verb, where, reason):
    st = field()
    assert st.active_unit().kind == "soldier"
    h = at(*where)
    assert h not in choices(st, verb)
    assert reason in explain(st, verb, h)


def test_explain_no_line_of_sight_names_the_blocking_hex():
    # RED soldier at 3,2 shooting along row 2 at a BLU heavy at 5,2: the wall at 4,2 is between
    st = field(text=SIGHT, red=[("soldier", (3, 2)), ("medic", (1, 0))], blu=[("heavy", (5, 2))])
    reason = explain(st, Verb.ATTACK, at(5, 2))
    assert reason == f"no line of sight: wall at {at(4, 2)}"


def test_explain_after_attacking_and_moving():
    st = field()
    st.apply(choices(st, Verb.MOVE)[at(2, 0)].action)
    assert "already moved" in explain(st, Verb.MOVE, at(3, 0))


def test_every_choice_is_legal_and_nothing_legal_is_explained_away():
    st = field()
    legal = set(st.legal_actions())
    for verb in (Verb.MOVE, Verb.ATTACK):
        for h, c in choices(st, verb).items():
            assert c.action in legal and explain(st, verb, h) == ""


def test_attack_choice_has_odds_damage_and_area():
    st = field(red=[("soldier", (3, 1)), ("medic", (1, 0))], blu=[("heavy", (5, 0))])
    ch = choices(st, Verb.ATTACK)
    assert at(5, 0) not in ch  # the heavy is in its own base
    st = field(red=[("soldier", (2, 0)), ("medic", (1, 0))], blu=[("heavy", (4, 0))])
    c = choices(st, Verb.ATTACK)[at(4, 0)]
    assert c.hit_chance == 1.0 and c.crit_chance == pytest.approx(1 / 6) and c.damage == 100
    assert len(c.area) > 1 and c.area[at(4, 0)] == 100
    assert c.label() == "100% −100" and "attack" in c.describe()


def test_modes_follow_the_legal_actions():
    st = field()
    assert modes_now(st)[0] is Verb.MOVE and modes_now(st)[-1] is Verb.END
    st2 = new_game(walled_scenario())
    assert modes_now(st2) == [Verb.SPAWN]


# -- log entries -----------------------------------------------------------------------------------


def test_log_entry_tells_the_dice_the_damage_and_the_hexes():
    st = field(red=[("soldier", (2, 0)), ("medic", (1, 0))], blu=[("heavy", (4, 0))], dice=[3, 3])
    a = choices(st, Verb.ATTACK)[at(4, 0)].action
    before = snapshot(st, a)
    st.apply(a)
    e = entry_after(before, st, a)
    assert e.team is Team.RED and e.text == f"RED Soldier attacks {at(4, 0)}"
    assert e.rolls == ("soldier shot: 3 + 3 = 6 (needs 2) hit, critical!",)
    assert any(d.startswith("BLU Heavy −120") for d in e.details)
    assert at(2, 0) in e.hexes and at(4, 0) in e.hexes


def test_log_entry_of_a_spawn_names_the_team_of_the_base():
    st = new_game(walled_scenario())
    a = choices(st, Verb.SPAWN)[at(0, 1)].action
    before = snapshot(st, a)
    st.apply(a)
    assert entry_after(before, st, a).line() == f"1. RED places a Scout on {at(0, 1)}"


# -- picture and blueprint -----------------------------------------------------------------------------


def test_picture_and_explanations_see_a_dead_demomans_kept_grenade():
    """With grenade_survives_death the side's grenade outlives its Demoman: the board shows it, unowned,
    and a new Demoman's blocked attack says why."""
    st = field(red=[("demoman", (3, 1)), ("medic", (1, 0))], blu=[("heavy", (5, 1))])
    st.dropped_grenades[Team.RED] = (1, st.board.index[at(4, 0)], "demoman")
    marks = [g for g in board_picture(st).marks_of(GrenadeMark) if g.hex == at(4, 0)]
    assert marks and marks[0].team is Team.RED and marks[0].owner_hex is None
    assert "fallen Demoman" in explain(st, Verb.ATTACK, at(5, 1))


def test_picture_shows_markers_points_and_the_active_unit():
    st = field(red=[("soldier", (3, 1)), ("medic", (1, 0))], blu=[("heavy", (5, 1))])
    st.units_of(Team.BLU)[0].burn = 2
    pic = board_picture(st)
    so = pic.unit_at(at(3, 1))
    assert so.active and so.letters == "So" and so.health_fraction == 1.0
    assert [d for d in pic.unit_at(at(1, 0)).decor if isinstance(d, Charge)][0].full == 3
    assert Burn(2) in pic.unit_at(at(5, 1)).decor and "burning" in pic.unit_at(at(5, 1)).tooltip()
    point = pic.marks_of(PointMark)[0]
    assert point.holder is Team.RED and point.words() == "RED holds"
    rows = blueprint_rows(st)
    assert [r.acting for r in rows[Team.RED]] == [True, False]
    assert rows[Team.BLU][0].next_up and rows[Team.BLU][0].status() == "400/400"


# -- set-up and positions -------------------------------------------------------------------------------


def test_game_scenario_applies_picks_seed_and_first_team():
    s = walled_scenario()
    assert open_slots(s, Team.RED) == 1
    setup = GameSetup(s, 77, picks={Team.RED: ("scout", "scout"), Team.BLU: ("sniper",)}, first_team=Team.BLU)
    g = game_scenario(setup)
    assert [u.unit for u in g.team(Team.RED).starting] == ["scout"]
    assert g.team(Team.BLU).starting == ()  # sniper is not in BLU's roster
    assert g.seed == 77 and g.first_team is Team.BLU
    assert pick_for_me(s, Team.RED, 3) == ("scout",)
    assert playability(g) == []


def test_position_round_trip_and_markers():
    base = koth_scenario(FIELD)
    ps = [Placement(Team.RED, "sniper", at(2, 0), 60, scope=2), Placement(Team.BLU, "pyro", at(4, 0), burn=1)]
    assert placement_problems(base, ps) == [] and has_markers(ps)
    st = new_game(position_scenario(base, ps, seed=3))
    apply_markers(st, ps)
    assert st.phase is Phase.ACT
    sn = st.unit_at(at(2, 0))
    assert (sn.health, sn.scope) == (60, 2) and st.unit_at(at(4, 0)).burn == 1
    assert placements_of(st) == ps
    bad = [Placement(Team.RED, "sniper", at(2, 0)), Placement(Team.RED, "sniper", at(3, 0))]
    problems = placement_problems(base, bad)
    assert any("twice" in p for p in problems) and any("BLU has no unit" in p for p in problems)


def test_play_from_here_refuses_another_modes_game_in_words(repo) -> None:  # type: ignore[no-untyped-def]
    """The position editor is King of the Board's; given another mode's game it says so (no AttributeError)."""
    from engine.formats import load_scenario
    from engine.games.game import Game

    payload = Game.of(load_scenario(repo / "maps" / "payload_canal.scenario.json")).new_initial_state(1)
    with pytest.raises(TypeError, match="'Play from here' works on KothState games only; this game is Payload Race"):
        placements_of(payload)


# -- replay cursor ------------------------------------------------------------------------------------------


def test_replay_cursor_steps_both_ways_to_identical_positions():
    st = field()
    prints = [st.fingerprint()]
    for _ in range(12):
        if st.is_terminal():
            break
        st.apply(st.legal_actions()[len(st.history) % len(st.legal_actions())])
        prints.append(st.fingerprint())
    cur = ReplayCursor(Replay.of(st))
    for i in range(len(prints) - 1):
        assert cur.state.fingerprint() == prints[i]
        cur.forward()
    assert cur.at_end and cur.forward() is None and cur.state.fingerprint() == prints[-1]
    cur.seek(3)
    assert cur.state.fingerprint() == prints[3]
    cur.seek(0)
    assert cur.at_start and cur.back() is None and cur.state.fingerprint() == prints[0]
    assert isinstance(cur.next_action(), Action)
