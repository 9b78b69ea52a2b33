"""A Team Play game played through the playtest window: start dialog, draft, spawn, moves, a shot, abilities,
end of turn, undo — then both sides handed to the AI until the final score, which the window shows as the
engine counts it."""

from __future__ import annotations

from pathlib import Path

from editor.playtest.start_dialog import StartDialog
from engine.formats import load_scenario
from engine.games.state import Phase
from engine.games.teamplay.pieces import card_colour
from engine.games.teamplay.views import draft_view, score_view
from engine.mapmodel import Colour, Team
from engine.rules.actions import Verb
from tests.editor.test_playtest.conftest import click_hex, hover_hex

ARENA = Path(__file__).resolve().parents[4] / "maps" / "teamplay_arena.scenario.json"
#: Each team's draft picks, in its turns (BLU gets the sixth character).
DRAFT = {Team.RED: ["dstructor", "sprog", "dozer"], Team.BLU: ["violet", "echo"]}


def _press(w, key: str) -> None:  # type: ignore[no-untyped-def]
    """Click the panel's button ``key`` (it must be there, enabled and explained by a tooltip)."""
    assert key in w.verb_buttons, f"no {key!r} button among {list(w.verb_buttons)}"
    b = w.verb_buttons[key]
    assert b.isEnabled() and not getattr(b, "refused", False) and b.toolTip(), key
    b.click()


def _answer(w) -> None:  # type: ignore[no-untyped-def]
    """Answer a queued decision from the panel: pass when it may, else its first choice."""
    keys = [k for k in w.choice_buttons if k == "pass"] or list(w.choice_buttons)
    _press(w, keys[0])


def _spawn(w, colour: Colour | None) -> Colour:  # type: ignore[no-untyped-def]
    """Spawn every character of the spawn decision now: pick it, pick a powerup of ``colour`` (any when the
    hand has none), click the first spawnpoint shown. Returns the colour used."""
    st = w.ctl.state
    while st.phase is Phase.SPAWN:
        kinds = list(dict.fromkeys(a.kind for a in st.legal_actions()))
        if len(kinds) > 1:
            _press(w, f"spawn:{kinds[0]}")
        cards = [a.detail for a in st.legal_actions() if a.kind == kinds[0]]
        card = next((c for c in cards if card_colour(c) is colour), cards[0])
        colour = colour or card_colour(card)
        if len(set(cards)) > 1:
            _press(w, f"spawn:{card}")
        assert w.mode is Verb.SPAWN and w.board.choices
        h = min(w.board.choices)
        assert all(card_colour(c.action.detail) is card_colour(card) for c in w.board.choices.values())
        click_hex(w.board, h)
        st = w.ctl.state
        assert st.character(kinds[0]).cell == st.board.index[h]
    return colour


def test_team_play_through_the_window_to_the_final_score(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    # the start dialog: no unit picks for Team Play, its own options instead
    d = StartDialog(load_scenario(ARENA))
    qtbot.addWidget(d)
    assert d.options is not None and all(not combos for combos in d.picks.values())
    assert d.first.currentData() is None and "random" in d.first.currentText()
    d.first.setCurrentIndex(d.first.findData(Team.RED))
    for team in Team:
        d.controllers[team].setCurrentIndex(d.controllers[team].findData("human"))
    d.options.reward.setCurrentIndex(d.options.reward.findData("spread"))
    d.options.skulls.setValue(3)
    d.seed.setValue(5)
    setup = d.setup()
    assert setup.rules["skulls"] == 3 and setup.rules["reward_tile"] == "spread"

    w = play_window(setup)
    st = w.ctl.state
    assert "RED drafts a character" in w.turn_label.text()
    # hovering a spawnpoint names it once (it read "red spawnpoint · red spawnpoint")
    point = min(st.scenario.map.features["spawnpoints"][Colour.RED])
    hover_hex(w.board, point)
    qtbot.waitUntil(lambda: "spawnpoint" in w.hover_label.text())
    assert w.hover_label.text().count("red spawnpoint") == 1, w.hover_label.text()
    # a long one (a full rack) is cut to under half the window, whole in the tooltip: it hid the bar's message
    long = "0,1 · open ground · weapon rack: " + ", ".join(f"Weapon {k} (grab R)" for k in range(30))
    w._hover_text(long)
    assert w.hover_label.text().strip().endswith("…") and w.hover_label.toolTip() == long
    assert w.hover_label.sizeHint().width() < w.width() // 2
    assert "Draft" in w.mode_panel.arena.text() and w.below.isVisible()
    # the draft: a button per character still free, with its ability and own weapon in the tooltip
    tip = w.verb_buttons["draft sprog"].toolTip()
    assert "Venom" in tip and st.card(st.revealed["sprog"]).title in tip
    while st.phase is Phase.CHOOSE and draft_view(st).order:
        _press(w, f"draft {DRAFT[st.team].pop(0)}")
        st = w.ctl.state
    assert [u.kind for u in st.characters(Team.RED)] == ["dstructor", "sprog", "dozer"]
    assert "drafts Sprog" in "\n".join(w.log.lines())
    while st.phase is Phase.CHOOSE:  # paying for the own weapons, when there is a choice
        _answer(w)
        st = w.ctl.state
    # spawning: a character button, a powerup button (its colour is the spawnpoint's), a click on the board
    assert st.current_team() is Team.RED and "discards a powerup to spawn" in w.turn_label.text()
    colour = _spawn(w, None)
    _spawn(w, colour)
    st = w.ctl.state
    assert st.phase is Phase.ACT and st.current_team() is Team.RED
    assert all(u.cell >= 0 for u in st.units.values())

    # RED's turn: select D-Struct-Or, a refused click says why, then move him
    ds = st.board.hexes[st.character("dstructor").cell]
    click_hex(w.board, ds)
    assert w.actor_hex() == ds and w.mode is Verb.MOVE
    far = next(h for h in st.board.hexes if h.distance(ds) > 6 and st.free(st.board.index[h]))
    click_hex(w.board, far)
    assert "this action moves up to 3" in w.board.toast_text or "no way to" in w.board.toast_text
    w.bar.buttons["dash"].click()  # shown though not unlocked: a click says why, in the engine's words, by it
    assert w.bar.buttons["dash"].refused and "dashing needs 3" in w.bar.note.text()
    dest = max((h for h in w.board.choices if h != ds), key=lambda h: (h.distance(ds), h))
    click_hex(w.board, dest)
    st = w.ctl.state
    assert st.board.hexes[st.character("dstructor").cell] == dest and st.acted(st.character("dstructor"))
    assert any("RED D-Struct-Or moves" in line for line in w.log.lines())
    # undo takes the move back, and the move is played again
    w.act_undo.trigger()
    st = w.ctl.state
    assert st.board.hexes[st.character("dstructor").cell] == ds and not st.acted(st.character("dstructor"))
    click_hex(w.board, ds)
    click_hex(w.board, dest)
    st = w.ctl.state
    assert st.acted(st.character("dstructor"))

    # a shot: select a character with a target, Shoot, hover the aim (area and damage shown), fire
    shooter = next(u for u in st.characters(Team.RED) if not st.acted(u)
                   and st.attack_options(st.board.hexes[u.cell]))
    here = st.board.hexes[shooter.cell]
    click_hex(w.board, here)
    _press(w, "attack")
    assert w.mode is Verb.ATTACK and w.board.choices
    aim, choice = next(iter(w.board.choices.items()))
    assert choice.action.detail == shooter.weapon and choice.label() == f"−{choice.damage}"
    hover_hex(w.board, aim)
    assert w.board.play.area and set(w.board.play.area.values()) >= {choice.damage}
    def waiting(s) -> int:  # type: ignore[no-untyped-def]
        """Damage and marks waiting in BLU's buffer."""
        b = s.buffer_view(Team.BLU)
        return b.total + sum(n for _, n in b.marks)

    before = waiting(st)
    click_hex(w.board, aim)
    st = w.ctl.state
    assert waiting(st) > before
    assert any(f"RED {st.stats(shooter.kind).name} shoots {aim}" in line for line in w.log.lines())
    assert w.mode_panel.columns[Team.BLU].buffer.text().startswith(f"buffer {st.buffer_view(Team.BLU).total}/6")
    while st.phase is not Phase.ACT:  # a Targeting Scope or a Tagback Grenade answered from the panel
        _answer(w)
        st = w.ctl.state

    # the end of the turn: D-Struct-Or's salvage is a choice, each step its own line in the log
    _press(w, "end")
    st = w.ctl.state
    assert st.phase is Phase.CHOOSE and "abilities" in w.turn_label.text()
    salvage = next(k for k in w.verb_buttons if k.startswith("dstructor@") and "salvage" in k)
    assert "Salvage" in w.verb_buttons[salvage].toolTip()
    _press(w, salvage)
    steps = [line.strip() for line in w.log.lines()]
    assert any(line.startswith("↳ end of turn 1/5, replace") for line in steps)
    assert any("salvages" in line for line in steps)
    while w.ctl.state.turn_team is Team.RED and not w.ctl.state.is_terminal():
        _answer(w)
    assert any(line.strip().startswith("↳ end of turn 5/5, reload") for line in w.log.lines())

    # BLU hands its turn to the AI, then RED too: the AIs play on until the last skull is taken
    w.ctl.set_controller(Team.BLU, "heuristic")
    w.ctl.set_controller(Team.RED, "heuristic")
    w.ctl.skip_ai()
    qtbot.waitUntil(lambda: w.ctl.state.is_terminal(), timeout=60_000)
    st = w.ctl.state
    red, blu = st.scores()[Team.RED], st.scores()[Team.BLU]
    assert st.skulls_left == 0 or st.turn >= int(st.options["turn_limit"])
    winner = st.winner()
    result = f"{winner.value} wins {max(red, blu)}–{min(red, blu)}" if winner else f"Draw {red}–{blu}"
    assert result in w.turn_label.text()
    final = w.mode_panel.arena.text()
    for team in Team:
        v = score_view(st, team)
        # the parts add up to the points: during play (killshots, rewards, bonuses) + leftover damage
        assert (f"{team.value} {st.points[team]}</b></span> = {st.points[team] - st.leftover[team]} during play "
                f"({v.kills} killshot(s), buffer rewards and bonuses) + {st.leftover[team]} from leftover damage") in final
    assert f"RED {red}" in w.score_label.text() and f"{blu} BLU" in w.score_label.text()
    assert any(f"game over: RED {red}, BLU {blu}" in line for line in w.log.lines())
    assert not st.legal_actions() and not w.choice_buttons and all(b.refused for b in w.bar.buttons.values())
    # a click on the finished game says so
    click_hex(w.board, dest)
    assert "game is over" in w.board.toast_text
