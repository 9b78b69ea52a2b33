"""The playtest's action bar on every game: buttons that never move, refusals that say why, and a board that fits.

- on all three bundled games played through the window by seeded random choices,
  every action-bar button has the same place and size at every decision and for
  every unit selected, and the choices and the log under them never move;
- clicking an enemy out of range says how far it is and how far the weapon reaches;
- Team Play's board fits the view and keeps fitting as the panels under it change,
  zooms in and out, and Fit brings the whole map back.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QToolButton

from editor.playtest.explain import actors
from editor.playtest.session import GameSetup
from engine.formats import load_scenario
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Verb
from engine.scenario import UnitStart
from engine.textmap import koth_scenario
from tests.editor.test_playtest.conftest import at, click_hex

MAPS = Path(__file__).resolve().parents[3] / "maps"
GAMES = ["koth_crossroads", "payload_canal", "teamplay_bunker"]


def _places(w) -> dict[str, QRect]:  # type: ignore[no-untyped-def]
    """Where each action-bar button is (in window coordinates), and the choices' area and the log."""
    out = {k: QRect(b.mapTo(w, QPoint(0, 0)), b.size()) for k, b in w.bar.buttons.items()}
    for name, widget in (("choices", w.buttons_scroll), ("log", w.log)):
        out[name] = QRect(widget.mapTo(w, QPoint(0, 0)), widget.size())
    return out


@pytest.mark.parametrize("name", GAMES)
def test_action_bar_buttons_keep_their_places_across_selections_and_turns(qtbot, play_window, name: str) -> None:  # type: ignore[no-untyped-def]
    w = play_window(GameSetup(load_scenario(MAPS / f"{name}.scenario.json"), 5, {t: "human" for t in Team}))
    rng = random.Random(name)
    first = _places(w)
    assert len(w.bar.buttons) >= 3
    seen = 0
    for _ in range(45):
        st = w.ctl.state
        if st.is_terminal():
            break
        if st.phase is Phase.ACT:
            own = [h for h in actors(st) if (u := st.unit_at(h)) is not None and u.team is st.current_team()]
            for h in own[:2]:  # select each of the side's units in turn (one acting unit: clicks change nothing)
                click_hex(w.board, h)
                assert _places(w) == first, f"moved after selecting {h} at decision {len(st.history)}"
                seen += 1
        legal = st.legal_actions()
        ends = [a for a in legal if a.verb is Verb.END]
        a = ends[0] if ends and rng.random() < 0.2 else legal[rng.randrange(len(legal))]
        assert w.ctl.play(a)
        assert _places(w) == first, f"moved after {a} at decision {len(st.history)}"
    assert seen >= 5 and len({e.team for e in w.ctl.entries}) == 2  # both sides decided: turns went by


def _payload_far():  # type: ignore[no-untyped-def]
    from tests.editor.test_playtest.payload.test_payload_window import _scenario

    red = (UnitStart("scout", at(0, 0), weapon="scattergun"), UnitStart("heavy", at(1, 1), weapon="minigun"))
    blu = (UnitStart("heavy", at(7, 0), weapon="minigun"), UnitStart("scout", at(7, 3), weapon="scattergun"))
    return _scenario(red, blu)


def test_clicking_an_enemy_out_of_range_gives_the_range_reason(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    # King of the Board: the acting Scout (range 4), the Heavy 8 hexes along the row
    s = koth_scenario("0.R 0.  0.  0.  0.  0.  0.  0.  0.  0.B\n0.R 0.  0.  0.  0.C 0.  0.  0.  0.  0.B",
                      red=[("scout", (0, 0))], blu=[("heavy", (8, 0))], rules={"team_size": 1})
    w = play_window(GameSetup(s, 3, {t: "human" for t in Team}))
    st = w.ctl.state
    rng = st.stats("scout").range
    click_hex(w.board, at(8, 0))
    assert w.board.toast_text == f"out of range: 8 hexes, the Scout reaches {rng}"
    # Payload Race: the selected Scout's Scattergun reaches 3; the BLU Heavy is 7 hexes away
    w = play_window(GameSetup(_payload_far(), 3, {t: "human" for t in Team}))
    click_hex(w.board, at(0, 0))
    assert w.actor_hex() == at(0, 0)
    click_hex(w.board, at(7, 0))
    d = at(0, 0).distance(at(7, 0))
    assert w.board.toast_text == f"out of range: {d} hexes, the Scattergun reaches 3"
    w.press("attack")  # Attack is there while the Scout may still attack, with no target in range
    assert w.mode is Verb.ATTACK and not w.board.choices
    click_hex(w.board, at(7, 0))
    assert w.board.toast_text == f"out of range: {d} hexes, the Scattergun reaches 3"


def test_team_play_refusals_name_the_range_and_the_rack(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    from tests.editor.test_playtest.teamplay.test_teamplay_panels import _apart
    from tests.engine.games.teamplay.helpers import give, put, scenario

    w = play_window(GameSetup(scenario(), 1, {t: "human" for t in Team}))
    st = w.ctl.state
    while st.phase is not Phase.ACT:
        w.ctl.play(st.legal_actions()[0])
    _apart(st)
    give(st, Team.RED, weapons=["scatter_gun"])
    w.refresh()
    sprog = st.board.hexes[st.character("sprog").cell]
    click_hex(w.board, sprog)
    echo = st.board.hexes[st.character("echo").cell]
    click_hex(w.board, echo)
    card = st.card("scatter_gun")
    assert w.board.toast_text == f"out of range: {sprog.distance(echo)} hexes, the {card.title} reaches {card.range}"
    # a weapon on a rack with a figure standing on it: the move's reason is the figure, not the price
    rack = next(iter(st.racks))
    weapon = st.racks[rack][0]
    give(st, Team.RED, cubes=[0, 0, 0])
    put(st, "banshee", *_col_row(st, rack))
    from engine.rules.actions import Action

    h = st.board.hexes[rack]
    assert "stands on the rack" in st.why_not(Action(Verb.MOVE, "sprog", sprog, h, weapon))


def _col_row(st, cell: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    from engine.textmap import hex_at

    h = st.board.hexes[cell]
    return next((c, r) for c in range(20) for r in range(20) if hex_at(c, r) == h)


def test_team_play_fits_the_board_and_zooms(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    s = load_scenario(MAPS / "teamplay_bunker.scenario.json")
    w = play_window(GameSetup(s, 7, {t: "human" for t in Team}))
    w.resize(1360, 860)
    qtbot.wait(50)
    board = w.board
    vp = board.viewport().rect()

    def fitted() -> bool:
        return all(vp.contains(board.point_of(h).toPoint()) for h in board.map.cells)

    assert fitted()
    assert 32 * board.zoom >= 22  # hexes big enough for their labels at the default size
    while w.ctl.state.phase is not Phase.ACT:  # the draft and the spawns change the panels under the board
        w.ctl.play(w.ctl.state.legal_actions()[0])
        vp = board.viewport().rect()
        assert fitted()
    fit = board.zoom
    plus = next(b for b in board.findChildren(QToolButton) if b.text() == "+")
    plus.click()  # the zoom buttons in the board's corner
    assert board.zoom == pytest.approx(fit * 1.25)
    w.resize(1300, 840)  # once zoomed, a resize keeps the zoom
    qtbot.wait(20)
    zoomed = board.zoom
    assert zoomed == pytest.approx(fit * 1.25)
    next(b for b in board.findChildren(QToolButton) if b.text() == "Fit").click()
    vp = board.viewport().rect()
    assert fitted() and board.zoom < zoomed


def _random_hot_seat(w, seed: int, decisions: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Play ``decisions`` random human decisions through the controller; the log lines seen."""
    rng = random.Random(seed)
    for _ in range(decisions):
        st = w.ctl.state
        if st.is_terminal():
            break
        legal = st.legal_actions()
        assert w.ctl.play(legal[rng.randrange(len(legal))])
    return w.log.lines()


def test_a_prompt_with_one_answer_answers_itself_with_a_log_line_unless_asked(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    from tests.engine.games.teamplay.conformance import scenarios

    s = scenarios()[0]  # one RED player: a reward's "who draws" has one answer
    w = play_window(GameSetup(s, 4, {t: "human" for t in Team}))
    lines = _random_hot_seat(w, 4, 160)
    answered = [line for line in lines if line.endswith("(the only choice)")]
    assert answered, "no one-answer prompt came up in 160 decisions"
    st = w.ctl.state
    assert st.phase is Phase.ACT or len(st.legal_actions()) != 1  # never left waiting on one answer
    n = len(st.history)
    w.undo()  # undo takes back the human decision and the answers that followed it
    assert len(w.ctl.state.history) < n and not w.ctl.single_answer()
    # asked for every answer: the same game waits at such a prompt, its one button shown
    w2 = play_window(GameSetup(s, 4, {t: "human" for t in Team}, ask_single=True))
    rng = random.Random(4)
    for _ in range(400):
        st = w2.ctl.state
        legal = st.legal_actions()
        if st.phase is not Phase.ACT and len(legal) == 1:
            assert len(w2.choice_buttons) == 1 and not any(b.endswith("(the only choice)") for b in w2.log.lines())
            break
        assert w2.ctl.play(legal[rng.randrange(len(legal))])
    else:
        raise AssertionError("no one-answer prompt came up")


def test_attack_stays_on_while_a_unit_may_still_attack_and_says_why_once_it_has(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    w = play_window(GameSetup(_payload_far(), 3, {t: "human" for t in Team}))
    click_hex(w.board, at(0, 0))
    attack = w.bar.buttons["attack"]
    assert not attack.refused and "No target in range" in attack.toolTip()  # on, though nothing is in range
    # the Heavy next to the BLU Scout attacks it: afterwards its Attack button says why not
    st = w.ctl.state
    heavy, scout = st.unit_at(at(1, 1)), st.unit_at(at(7, 3))
    heavy.cell, scout.cell = st.board.index[at(4, 2)], st.board.index[at(5, 2)]  # both out of the spawns
    w.refresh()
    click_hex(w.board, at(4, 2))
    w.press("attack")
    assert at(5, 2) in w.board.choices, "the enemy in range is marked"
    click_hex(w.board, at(5, 2))
    assert w.actor_hex() == at(4, 2)  # the selection stays on the token that acted
    assert attack.refused and "already attacked" in attack.toolTip()


def test_a_click_on_ones_own_unit_out_of_turn_says_whose_turn_it_is(qtbot, play_window) -> None:  # type: ignore[no-untyped-def]
    s = koth_scenario("0.R 0.  0.  0.  0.  0.B\n0.R 0.  0.C 0.  0.  0.B",
                      red=[("scout", (0, 0)), ("soldier", (0, 1))], blu=[("heavy", (5, 0)), ("pyro", (5, 1))])
    w = play_window(GameSetup(s, 3, {t: "human" for t in Team}))
    st = w.ctl.state
    other = next(u for u in st.units_of(st.current_team()) if u.uid != st.active_unit().uid)
    click_hex(w.board, st.board.hexes[other.cell])
    assert w.board.toast_text == f"it is not the {other.team.value} {st.stats(other.kind).name}'s turn"
