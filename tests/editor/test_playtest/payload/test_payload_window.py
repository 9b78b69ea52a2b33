"""A Payload Race game played through the playtest window by clicks: weapon cards, tokens, pushes, uber, a win."""

from __future__ import annotations

from editor.playtest.presenters import presenter_for
from editor.playtest.session import GameSetup
from engine.frozendict import FrozenDict
from engine.mapmodel import Mode, Team
from engine.rules.dice import ScriptedDice
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.textmap import map_from_text
from tests.editor.test_playtest.conftest import at, click_hex

TRACKS = """
0.R 0.R 0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.B 0.B
0.R 0.R 0.  0.  0.  0.  0.B 0.B
"""


def _scenario(red: tuple[UnitStart, ...], blu: tuple[UnitStart, ...], **rules: object) -> Scenario:
    tracks = {"RED": [str(at(c, 1)) for c in (2, 3, 4)], "BLU": [str(at(c, 3)) for c in (5, 4, 3)]}
    m = map_from_text(TRACKS, modes=["payload"], tracks=tracks)
    teams = {Team.RED: TeamSetup(tuple(u.unit for u in red), red), Team.BLU: TeamSetup(tuple(u.unit for u in blu), blu)}
    return Scenario("tiny race", Mode.PAYLOAD, m, rules=FrozenDict({"roll_for_first": False, "team_size": 2, **rules}),
                    teams=FrozenDict(teams))


def _button(w, key: str):  # type: ignore[no-untyped-def]
    assert key in w.verb_buttons, f"no {key!r} button among {list(w.verb_buttons)}"
    return w.verb_buttons[key]


def test_a_payload_game_is_played_by_clicks_to_a_win(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    red = (UnitStart("heavy", at(1, 1)), UnitStart("scout"))
    blu = (UnitStart("heavy", at(6, 0), weapon="minigun"), UnitStart("scout", at(7, 3), weapon="scattergun"))
    w = play_window(GameSetup(_scenario(red, blu), 3, {Team.RED: "human", Team.BLU: "human"}))
    st = w.ctl.state
    # set-up: RED's Scout is placed with a weapon card chosen on a button
    assert set(w.choice_buttons) == {"spawn:scattergun", "spawn:force_a_nature"}
    _button(w, "spawn:force_a_nature").click()
    click_hex(w.board, at(0, 0))
    assert w.ctl.state.unit_at(at(0, 0)).weapon == "force_a_nature"
    # RED's turn: select the Heavy and push the cart
    click_hex(w.board, at(1, 1))
    assert w.actor_hex() == at(1, 1)
    _button(w, "push").click()
    assert w.ctl.state.carts[Team.RED] == 1 and "RED 1/2" in w.score_label.text()
    assert w.actor_hex() == at(1, 1)  # the selection stays on the token that pushed
    assert "(pushed the cart)" in presenter_for(w.ctl.state.scenario.mode).decision_note(w.ctl.state, at(1, 1))
    _button(w, "push").click()  # a second push this turn is refused, with the book's reason, next to the button
    assert w.bar.buttons["push"].refused and "already pushed" in w.bar.note.text() and w.bar.note.isVisible()
    _button(w, "end").click()
    assert w.ctl.state.current_team() is Team.BLU
    _button(w, "end").click()
    # RED again: the Heavy walks next to the cart, then pushes it to the end of its track
    click_hex(w.board, at(1, 1))
    assert w.mode.value == "move"
    click_hex(w.board, at(3, 0))
    assert w.ctl.state.unit_at(at(3, 0)) is not None
    _button(w, "push").click()
    st = w.ctl.state
    assert st.is_terminal() and st.winner() is Team.RED
    assert "RED wins" in w.turn_label.text()
    assert any("pushes the cart" in e.text for e in w.ctl.entries)
    last = " ".join(w.ctl.entries[-1].details)  # the win said once (it read "…: RED wins; RED wins!")
    assert last.count("RED wins") == 1, last


def test_uber_is_popped_from_the_window_when_a_teammate_is_attacked(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    red = (UnitStart("scout", at(3, 0), weapon="scattergun"), UnitStart("heavy", at(1, 1), weapon="minigun"))
    blu = (UnitStart("heavy", at(4, 0), weapon="minigun"), UnitStart("medic", at(5, 0), weapon="medi_gun"))
    w = play_window(GameSetup(_scenario(red, blu), 3, {Team.RED: "human", Team.BLU: "human"}),
                    dice_factory=lambda _seed: ScriptedDice([8]))
    w.ctl.state.unit_at(at(5, 0)).charge = 4  # arrange a full charge
    w.refresh()
    click_hex(w.board, at(3, 0))  # select the Scout
    w.set_mode(w.mode.__class__("attack"))
    click_hex(w.board, at(4, 0))  # attack the BLU Heavy, next to the Medic
    st = w.ctl.state
    assert st.phase.value == "react" and st.current_team() is Team.BLU
    assert {"uber", "pass"} <= set(w.verb_buttons)
    assert w.mode.value == "uber"
    click_hex(w.board, at(4, 0))  # cover the Heavy
    heavy = w.ctl.state.unit_at(at(4, 0))
    assert heavy.uber and heavy.health == 12 and w.ctl.state.current_team() is Team.RED
    assert any("UberCharge" in d for e in w.ctl.entries for d in e.details)


def test_a_token_killed_in_the_other_sides_turn_is_placed_at_once_from_the_window(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    red = (UnitStart("heavy", at(3, 0), weapon="minigun"), UnitStart("scout", at(1, 2), weapon="scattergun"))
    blu = (UnitStart("scout", at(4, 0), health=1, weapon="scattergun"), UnitStart("heavy", at(7, 3), weapon="minigun"))
    w = play_window(GameSetup(_scenario(red, blu), 3, {Team.RED: "human", Team.BLU: "human"}),
                    dice_factory=lambda _seed: ScriptedDice([8]))
    click_hex(w.board, at(3, 0))  # select RED's Heavy and shoot the BLU Scout next to it
    w.set_mode(w.mode.__class__("attack"))
    click_hex(w.board, at(4, 0))
    st = w.ctl.state
    assert st.unit_at(at(4, 0)) is None
    # in RED's turn, BLU places its Scout back in its spawn with a card of its choice, by clicks
    assert st.phase.value == "spawn" and st.current_team() is Team.BLU
    assert set(w.verb_buttons) >= {"spawn:scattergun", "spawn:force_a_nature"}
    _button(w, "spawn:force_a_nature").click()
    click_hex(w.board, at(6, 1))
    st = w.ctl.state
    assert st.unit_at(at(6, 1)).weapon == "force_a_nature"
    assert st.current_team() is Team.RED and st.phase.value == "act", "RED's turn goes on"
    assert any("dies" in d for e in w.ctl.entries for d in e.details)
    assert w.ctl.entries[-1].text == "BLU places a Scout on 6,1 with the Force-A-Nature"


def test_an_ai_side_places_its_dead_token_at_once_in_the_humans_turn(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    red = (UnitStart("heavy", at(3, 0), weapon="minigun"), UnitStart("scout", at(1, 2), weapon="scattergun"))
    blu = (UnitStart("scout", at(4, 0), health=1, weapon="scattergun"), UnitStart("heavy", at(7, 3), weapon="minigun"))
    w = play_window(GameSetup(_scenario(red, blu), 3, {Team.RED: "human", Team.BLU: "heuristic"}),
                    dice_factory=lambda _seed: ScriptedDice([8]))
    click_hex(w.board, at(3, 0))
    w.set_mode(w.mode.__class__("attack"))
    click_hex(w.board, at(4, 0))
    qtbot.waitUntil(lambda: w.ctl.state.current_team() is Team.RED, timeout=5000)
    st = w.ctl.state
    assert st.phase.value == "act" and len(st.units_of(Team.BLU)) == 2
    assert all(st.board.spawn_team(v.cell) is Team.BLU for v in st.units_of(Team.BLU))
    assert w.ctl.is_human_turn() and "move" in w.verb_buttons


def test_who_goes_first_the_d8_roll_off_is_shown_before_the_first_turn(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    """002 "Who goes first?": the seeded roll-off is the log's first line and the dice panel shows its d8s;
    undo and a restart keep it (a new seed throws again)."""
    from editor.playtest.journal import OPENING

    red, blu = (UnitStart("heavy", at(1, 1)),), (UnitStart("heavy", at(6, 0)),)
    w = play_window(GameSetup(_scenario(red, blu, roll_for_first=True, team_size=1), 3,
                              {Team.RED: "human", Team.BLU: "human"}))
    first = w.ctl.entries[0]
    assert first.index == OPENING and first.line().startswith("Before the first turn")
    said = [d for d in first.details if d.startswith("roll-off:")]
    assert said and said[-1].endswith(f"{w.ctl.state.current_team().value} goes first")
    assert [r.split(":")[0] for r in first.rolls][-2:] == ["RED roll-off", "BLU roll-off"]
    assert "roll-off" in w.dice_label.text()
    assert w.log.item(0).text().startswith("Before the first turn")
    _button(w, "end").click()
    assert len(w.ctl.entries) == 2
    assert w.ctl.undo() and w.ctl.entries == [first]
    w.ctl.restart(seed=4)
    assert w.ctl.entries[0].index == OPENING and w.ctl.entries[0].details[-1].startswith("roll-off:")
    assert not set("⚀⚁⚂⚃⚄⚅") & set(w.dice_label.text())  # a d8 shows its number, never a d6 face


def test_the_dice_panel_draws_pips_only_for_six_sided_dice(qtbot) -> None:  # type: ignore[no-untyped-def]
    from editor.playtest.dice_panel import DicePanel
    from editor.playtest.journal import LogEntry

    panel = DicePanel()
    qtbot.addWidget(panel)
    entry = LogEntry(0, Team.RED, "human", "RED attacks 3,0", rolls=("accuracy: 3 + 5 = 8 (needs 4) hit",))
    panel.show_entry(entry)
    assert "⚂" in panel.text() and "⚄" in panel.text()
    panel.six_sided = False
    panel.show_entry(entry)
    assert "⚂" not in panel.text() and "&nbsp;3&nbsp;" in panel.text()
