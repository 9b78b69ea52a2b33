"""Team Play's panels and buttons in the playtest window, read against the engine's own views and reasons.

Positions are set up on the rule tests' small text arena (characters fixed, so no draft), then played
through the window: the weapon a shot fires, a rack's weapon grabbed, a Newton with its destination, a
Tagback Grenade answered by the player who controls the character hit, each shown and explained.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.playtest.buttons import choice_buttons, slot_states
from editor.playtest.journal import entry_after, snapshot
from editor.playtest.presenters import presenter_of
from editor.playtest.session import GameSetup
from editor.playtest.teamplay.boards import board_words
from editor.playtest.teamplay.panel import TeamPlayPanel, arena_html, final_html, hand_html
from editor.playtest.teamplay.presenter import TeamPlayPresenter
from editor.playtest.teamplay.words import label, tip
from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.games.teamplay.views import draft_view
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from tests.editor.test_playtest.conftest import click_hex, hover_hex
from tests.engine.games.teamplay.helpers import H, game, give, put, ready, scenario, through_setup

ARENA = Path(__file__).resolve().parents[4] / "maps" / "teamplay_arena.scenario.json"


def _apart(s: TeamPlayState) -> None:
    for kind, (c, r) in {"sprog": (0, 2), "violet": (0, 0), "dozer": (0, 4),
                         "banshee": (3, 2), "dstructor": (7, 0), "echo": (7, 4)}.items():
        put(s, kind, c, r)


@pytest.fixture
def tp_window(play_window):  # type: ignore[no-untyped-def]
    """A hot-seat window on the text arena, past its set-up, RED to act, hands emptied, figures apart."""

    def make(**rules):  # type: ignore[no-untyped-def]
        w = play_window(GameSetup(scenario(**rules), 1, {Team.RED: "human", Team.BLU: "human"}))
        st = w.ctl.state
        while st.phase is not Phase.ACT:
            w.ctl.play(st.legal_actions()[0])
        for team in Team:
            for h in st.hands[team]:
                h.cards.clear()
                h.weapons.clear()
        _apart(st)
        w.refresh()
        return w

    return make


def test_panel_shows_the_engines_boards_buffers_hands_and_arena(qtbot) -> None:  # type: ignore[no-untyped-def]
    s = ready()
    _apart(s)
    s.characters(Team.BLU)[0].damage = 4
    s.add_damage(s.character("echo"), 3, "test")
    s.add_marks(s.character("banshee"), 2, "test")
    give(s, Team.RED, cubes=[2, 0, 3], cards=["newton_red", "teleporter_yellow"], weapons=["rail_gun", "toxin_dart"])
    panel = TeamPlayPanel()
    qtbot.addWidget(panel)
    panel.show_state(s)
    for team in Team:
        col = panel.columns[team]
        assert col.boards.views == [s.board_view(u) for u in s.characters(team)]
        assert col.buffer.view == s.buffer_view(team)
    blu = panel.columns[Team.BLU]
    assert blu.buffer.text() == "buffer 3/6: Echo 3 · 2 marks"
    assert "flushed onto the boards at the end of RED's turn" in blu.buffer.toolTip()
    words = board_words(s.board_view(s.characters(Team.BLU)[0]))
    assert "damage 4: killed at 11, overkill at 12" in words and "next killshot scores 8" in words
    hands = panel.columns[Team.RED].hands.text()
    assert hands == hand_html(s, s.hand_views(Team.RED)[0])
    for part in ("■■□", "□□□", "■■■", "Newton (red)", "Teleporter (yellow)", "Rail Gun, Toxin Dart",
                 "controls Sprog, Violet, Dozer"):
        assert part in hands, part
    arena = panel.arena.text()
    assert arena == arena_html(s, s.arena_view())
    assert "8 of 8 left" in arena and "Spread" in arena and "3 points" in arena
    for h, rack in s.arena_view().racks:
        assert f"{h}: {s.card(rack[0]).title}" in arena and all(s.card(w).title in arena for w in rack)


def test_panel_shows_the_draft_and_then_the_final_score(qtbot) -> None:  # type: ignore[no-untyped-def]
    s = game(red=(), blu=())
    panel = TeamPlayPanel()
    qtbot.addWidget(panel)
    panel.show_state(s)
    text = panel.arena.text()
    assert "Draft" in text and "still to pick: RED → BLU → BLU → RED → RED" in text
    assert all(s.card(w).title in text for _, w in draft_view(s).revealed)
    assert not panel.columns[Team.RED].boards.isVisibleTo(panel)
    s = through_setup(game())
    s.points[Team.RED], s.points[Team.BLU] = 9, 9
    s.leftover[Team.RED], s.leftover[Team.BLU] = 2, 1
    s.phase = Phase.OVER
    panel.show_state(s)
    assert panel.arena.text().startswith(final_html(s)) and "RED wins" in panel.arena.text()
    assert "equal points: RED has more from leftover damage" in TeamPlayPresenter().final(s)


def test_buttons_of_decisions_have_words_and_tooltips() -> None:
    s = game(red=(), blu=())
    pr = presenter_of(s)
    specs = choice_buttons(s, pr, pr.slots(s), None)
    assert [b.key for b in specs] == [f"draft {k}" for k in s.game.stats]
    assert all(b.role == "play" and b.tip and b.label.startswith("Draft ") for b in specs)
    s = ready()
    _apart(s)
    give(s, Team.RED, cubes=[3, 3, 3])
    s.table[Team.RED].append("rail_gun")
    s.apply("end")
    while s.phase is not Phase.CHOOSE or "reload" not in s.describe_decision():
        s.apply("pass" if any(a.verb is Verb.PASS for a in s.legal_actions()) else s.legal_actions()[0])
    specs = choice_buttons(s, pr, pr.slots(s), None)
    assert specs[-1].key == "pass" and specs[-1].label == "Done reloading"  # choices first, pass last
    rail = next(b for b in specs if b.action == Action.parse("reload rail_gun with p1"))
    assert rail.label == "p1: Rail Gun (1 blue, 2 yellow)" and "reload cost" in rail.tip


def test_a_shot_picks_its_weapon_and_shows_area_and_damage(qtbot, tp_window) -> None:  # type: ignore[no-untyped-def]
    w = tp_window()
    st = w.ctl.state
    give(st, Team.RED, weapons=["marker_rifle", "grenade_lobber"])
    w.refresh()
    click_hex(w.board, st.board.hexes[st.character("sprog").cell])
    w.verb_buttons["attack"].click()
    assert {"attack:marker_rifle", "attack:grenade_lobber"} <= set(w.verb_buttons)
    assert "Grenade Lobber" in w.verb_buttons["attack:grenade_lobber"].text()
    assert w.verb_buttons["attack:marker_rifle"].isChecked()
    assert all(c.action.detail == "marker_rifle" for c in w.board.choices.values())
    w.verb_buttons["attack:grenade_lobber"].click()
    assert w.mode is Verb.ATTACK and all(c.action.detail == "grenade_lobber" for c in w.board.choices.values())
    aim = max(w.board.choices, key=lambda h: len(w.board.choices[h].area))
    hover_hex(w.board, aim)
    assert len(w.board.play.area) == 7 and set(w.board.play.area.values()) == {1}
    assert "with the grenade lobber" in w.statusBar().currentMessage()
    click_hex(w.board, aim)
    assert any("RED Sprog shoots" in line and "Grenade Lobber" in line for line in w.log.lines())
    assert w.ctl.state.buffer_view(Team.BLU).total >= 1


def test_a_rack_weapon_is_grabbed_by_its_button_and_a_newton_by_clicks(qtbot, tp_window) -> None:  # type: ignore[no-untyped-def]
    w = tp_window()
    st = w.ctl.state
    give(st, Team.RED, cubes=[3, 3, 3], cards=["newton_blue"])
    w.refresh()
    click_hex(w.board, st.board.hexes[st.character("dozer").cell])
    grabs = [k for k in w.verb_buttons if k.startswith("dozer@") and " with " in k]
    assert grabs, list(w.verb_buttons)
    a = Action.parse(grabs[0])
    b = w.verb_buttons[grabs[0]]
    assert st.card(a.detail).title in b.text() and "grab cost" in b.toolTip()
    b.click()
    assert a.detail in w.ctl.state.hands[Team.RED][0].weapons
    # the Newton: its button selects an enemy to push and shows where it may go; a click plays it
    w.verb_buttons["newton"].click()
    st = w.ctl.state
    enemy = st.unit_at(w.actor_hex())
    assert enemy is not None and enemy.team is Team.BLU and w.mode is Verb.NEWTON and w.board.choices
    assert "Newton on the BLU" in w.turn_label.text()
    dest = next(iter(w.board.choices))
    click_hex(w.board, dest)
    assert w.ctl.state.unit_at(dest) is not None and w.ctl.state.unit_at(dest).kind == enemy.kind
    assert any("plays a Newton" in line for line in w.log.lines())
    assert not any(c.startswith("newton") for c in w.ctl.state.hands[Team.RED][0].cards)


def test_a_tagback_grenade_is_answered_by_the_player_controlling_the_character_hit(qtbot, tp_window) -> None:  # type: ignore[no-untyped-def]
    w = tp_window(players_blu=3)
    st = w.ctl.state
    give(st, Team.RED, weapons=["marker_rifle"])
    give(st, Team.BLU, 2, cards=["tagback_grenade_red"])  # p3 controls Echo
    give(st, Team.BLU, 1, cards=["tagback_grenade_blue"])  # p2 (D-Struct-Or) may not answer for Echo
    put(st, "echo", 3, 0)
    w.refresh()
    click_hex(w.board, st.board.hexes[st.character("sprog").cell])
    w.verb_buttons["attack"].click()
    click_hex(w.board, st.board.hexes[st.character("echo").cell])
    st = w.ctl.state
    assert st.phase is Phase.REACT and st.current_team() is Team.BLU
    assert "BLU may answer the shot with Tagback Grenades" in w.turn_label.text()
    specs = choice_buttons(st, presenter_of(st), presenter_of(st).slots(st), w.mode)
    assert [s.action for s in specs] == [Action.parse(f"echo@{H(3, 0)} tagback {H(0, 2)} with p3"),
                                         Action.parse("pass")]
    assert set(w.choice_buttons) == {"tagback", "pass"}  # one action of each verb: keyed by the verb
    assert not any(b.state.enabled for b in w.bar.buttons.values())  # the bar waits for the answer
    b = w.verb_buttons["tagback"]
    assert b.text() == "p3: Tagback for Echo" and "gets 1 mark" in b.toolTip()
    assert w.verb_buttons["pass"].text() == "No Tagback Grenade"
    b.click()
    st = w.ctl.state
    assert dict(st.buffer_view(Team.RED).marks) == {"sprog": 1}
    assert any("BLU p3 throws a Tagback Grenade for Echo" in line for line in w.log.lines())


def test_refused_buttons_and_clicks_say_why_in_the_engines_words(qtbot, tp_window) -> None:  # type: ignore[no-untyped-def]
    w = tp_window()
    st = w.ctl.state
    sprog = st.board.hexes[st.character("sprog").cell]
    click_hex(w.board, sprog)
    step = w.bar.buttons["step"]
    assert step.refused and "Not possible now" in step.toolTip()
    step.click()
    expected = st.why_not(Action(Verb.STEP, "sprog", sprog, sprog))
    assert expected and expected in step.toolTip() and w.bar.note.isVisible() and w.bar.note.text() == expected
    below = step.mapTo(w, step.rect().bottomLeft())
    assert abs(w.bar.note.y() - below.y()) <= 4 and abs(w.bar.note.x() - below.x()) <= 4  # right under the button
    click_hex(w.board, st.board.hexes[st.character("banshee").cell])  # an enemy: not selected, explained
    assert w.actor_hex() == sprog and w.board.toast_text


def test_the_log_shows_each_end_of_turn_step_on_its_own_line() -> None:
    s = ready()
    before = snapshot(s, Action.parse("end"))
    s.apply("end")
    e = entry_after(before, s, Action.parse("end"))
    assert e.text == "RED ends its turn" and not e.rolls
    assert e.steps[0] == "RED ends its turn" and any(x.startswith("end of turn 1/5, replace") for x in e.steps)
    assert not any("draw" in d for d in e.details)
    assert label(s, Action.parse("end")) == "End turn" and "End BLU's turn" in tip(s, Action.parse("end"))


def test_every_button_of_a_whole_game_has_words_a_tooltip_and_a_legal_action() -> None:
    """A seeded AI game on the Bunker (two players against three): at every decision, for every figure a
    click may select, each button is labelled, explained and unique, and plays a legal action."""
    from editor.playtest.explain import actors
    from engine.formats import load_scenario
    from engine.games.game import Game
    from engine.simulation.batch import AI_PLAYERS

    s = load_scenario(ARENA.with_name("teamplay_bunker.scenario.json"))
    st = Game.of(s).new_initial_state(11)
    pr = presenter_of(st)
    slots = pr.slots(st)
    ai = {t: AI_PLAYERS["heuristic"](i) for i, t in enumerate(Team)}
    seen: set[Verb] = set()
    while not st.is_terminal():
        legal = set(st.legal_actions())
        for actor in actors(st) if st.phase is Phase.ACT else [None]:
            specs = choice_buttons(st, pr, slots, None, actor=actor)
            assert len({b.key for b in specs}) == len(specs)
            for b in specs:
                assert b.label and b.tip, b
                assert b.role != "play" or b.action in legal, b
                seen.add(b.action.verb if b.action is not None else b.verb)  # type: ignore[arg-type]
            for slot in slot_states(st, pr, slots, None, actor):
                assert slot.tip and (slot.enabled or slot.reason), slot
                assert slot.action is None or slot.action in legal, slot
                if slot.enabled and any(slot.slot.plays(a) for a in legal):
                    seen.update(slot.slot.verbs[:1])
        assert pr.decider(st) and st.describe_decision()
        st.apply(ai[st.current_team()].choose(st))
    assert {Verb.DRAFT, Verb.RELOAD, Verb.CONTROL, Verb.END, Verb.PASS, Verb.MOVE, Verb.ATTACK} <= seen


def test_the_start_dialog_keeps_the_team_play_options_of_the_game_played(qtbot) -> None:  # type: ignore[no-untyped-def]
    from editor.playtest.start_dialog import StartDialog
    from engine.formats import load_scenario

    s = load_scenario(ARENA)
    d = StartDialog(s, GameSetup(s, 4, rules={"players_red": 3, "players_blu": 2, "reward_tile": "supply",
                                              "skulls": 5}))
    qtbot.addWidget(d)
    assert d.options is not None
    assert d.options.rules() == {"players_red": 3, "players_blu": 2, "reward_tile": "supply", "skulls": 5}
    tip = d.options.reward.itemData(d.options.reward.currentIndex(), Qt.ItemDataRole.ToolTipRole)
    assert "Pays in ammo" in tip


def test_the_start_dialog_names_a_fixed_roster_the_draft_picks_from(qtbot) -> None:  # type: ignore[no-untyped-def]
    """An editor audit set each team's roster in the Scenario panel and the Start dialog said only "drafted at the
    start of the game" for both: it names the characters each team's draft picks from."""
    from dataclasses import replace

    from PySide6.QtWidgets import QLabel

    from editor.playtest.start_dialog import StartDialog
    from engine.formats import load_scenario
    from engine.mapmodel import Team
    from engine.scenario import TeamSetup

    s = load_scenario(ARENA)
    s = replace(s, teams={Team.RED: TeamSetup(("sprog", "dstructor", "echo")), Team.BLU: TeamSetup()})
    d = StartDialog(s, None)
    qtbot.addWidget(d)
    said = [w.text() for w in d.findChildren(QLabel) if w.text().startswith("Characters: drafted")]
    assert "Characters: drafted from Sprog, D-Struct-Or, Echo at the start of the game (1-2-2-1)" in said, said
    assert "Characters: drafted at the start of the game (1-2-2-1)" in said  # BLU: any (RED's roster lists no units)
