"""The strong (searching) AI in the playtest: chosen in the start dialog, thinks off the UI thread,
shows that it thinks, plays its best so far on Skip, and an undo or restart drops its answer.
"""

from __future__ import annotations

import time

import pytest

from editor.playtest.session import AI_NAMES, CONTROLLERS, GameSetup
from editor.playtest.start_dialog import StartDialog
from engine.ai.search import SearchSettings
from engine.mapmodel import Team
from tests.conftest import MAPS
from tests.editor.test_playtest.conftest import at, click_hex

#: A budget no test waits for: only Skip (or a cancel) ends such a search.
FOREVER = SearchSettings(iterations=10_000_000)
#: The dice seed of the bundled-map games.
SEED = 7


def test_the_start_dialog_offers_three_strengths(qtbot, walled) -> None:  # type: ignore[no-untyped-def]
    d = StartDialog(walled)
    qtbot.addWidget(d)
    combo = d.controllers[Team.BLU]
    labels = [combo.itemText(i) for i in range(combo.count())]
    assert labels == ["Human", "Strong AI (search)", "Normal AI (heuristic)", "Easy AI (random moves)"]
    assert list(AI_NAMES) == ["search", "heuristic", "random"] and list(CONTROLLERS)[0] == "human"
    combo.setCurrentIndex(combo.findData("search"))
    assert d.setup().controllers[Team.BLU] == "search"


def _thinking_window(qtbot, play_window, walled):  # type: ignore[no-untyped-def]
    """RED (human) places its scout; BLU's strong AI then thinks with a budget it never finishes."""
    w = play_window(GameSetup(walled, 7, {Team.RED: "human", Team.BLU: "search"}))
    w.ctl.players[Team.BLU].settings = FOREVER
    progress: list[tuple[int, int]] = []
    w.ctl.thinking.connect(lambda done, total: progress.append((done, total)))
    click_hex(w.board, at(0, 1))
    qtbot.waitUntil(lambda: len(progress) >= 2, timeout=10_000)
    return w, progress


def test_a_thinking_ai_leaves_the_window_responsive_and_skip_plays_its_best_so_far(
        qtbot, play_window, walled) -> None:  # type: ignore[no-untyped-def]
    w, progress = _thinking_window(qtbot, play_window, walled)
    assert w.ctl.ai_pending and w.ctl.state.current_team() is Team.BLU
    history = len(w.ctl.state.history)
    # the event loop runs while the AI thinks: progress reports keep arriving and the window repaints
    seen = len(progress)
    qtbot.waitUntil(lambda: len(progress) > seen, timeout=5_000)
    assert progress[-1][1] == FOREVER.iterations
    assert w.thinking_label is not None and f"of {FOREVER.iterations} play-outs" in w.thinking_label.text()
    assert len(w.ctl.state.history) == history  # the game shown is not touched
    click_hex(w.board, at(1, 1))  # a click while it thinks: told to wait
    assert w.board.toast_text.startswith("Wait: the AI is deciding")
    start = time.monotonic()
    w.act_skip.trigger()
    qtbot.waitUntil(lambda: w.ctl.is_human_turn() or w.ctl.state.is_terminal(), timeout=10_000)
    assert time.monotonic() - start < 5
    assert not w.board.toast_text  # taken down once it has decided (it stayed four seconds: a new-user audit)
    assert len(w.ctl.state.history) > history
    assert w.ctl.state.history[history] in _legal_at(w, history)


def _legal_at(w, k: int) -> list:  # type: ignore[no-untyped-def,type-arg]
    """The legal actions before decision ``k`` of the game shown (replayed on a copy)."""
    from engine.games.game import Game

    st = Game.of(w.ctl.state.scenario).new_initial_state(w.ctl.seed)
    for a in w.ctl.state.history[:k]:
        st.apply(a)
    return st.legal_actions()


def test_undo_while_the_ai_thinks_drops_its_answer(qtbot, play_window, walled) -> None:  # type: ignore[no-untyped-def]
    w, _ = _thinking_window(qtbot, play_window, walled)
    thinker = w.ctl.thinker
    assert w.ctl.undo()
    assert not thinker.busy and w.ctl.is_human_turn() and w.ctl.state.history == []
    qtbot.wait(200)  # a late answer from the cancelled search would arrive now
    assert w.ctl.state.history == []
    thinker.wait()


def test_pause_stops_the_thinking_and_resume_thinks_again(qtbot, play_window, walled) -> None:  # type: ignore[no-untyped-def]
    w, progress = _thinking_window(qtbot, play_window, walled)
    w.ctl.set_paused(True)
    assert not w.ctl.ai_pending
    history = list(w.ctl.state.history)
    qtbot.wait(150)
    assert w.ctl.state.history == history
    w.ctl.players[Team.BLU].settings = SearchSettings(iterations=8)
    w.ctl.set_paused(False)
    qtbot.waitUntil(lambda: w.ctl.is_human_turn() or w.ctl.state.is_terminal(), timeout=10_000)
    assert len(w.ctl.state.history) > len(history)


def test_closing_the_window_stops_a_thinking_ai(qtbot, play_window, walled) -> None:  # type: ignore[no-untyped-def]
    w, _ = _thinking_window(qtbot, play_window, walled)
    thinker = w.ctl.thinker
    thread = thinker._last
    assert thread is not None and thread.is_alive()
    w.close()
    w.deleteLater()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=10_000)


@pytest.mark.parametrize("name", ["payload_canal", "teamplay_arena"])
def test_skip_answers_at_once_on_payload_race_and_team_play(qtbot, play_window, name: str) -> None:  # type: ignore[no-untyped-def]
    """The strong AI on a bundled Payload Race and Team Play map: it thinks off the UI thread (progress keeps
    arriving, the game shown is untouched) and Skip » plays its best so far at once, a legal action."""
    from engine.formats import load_scenario
    from engine.games.game import Game

    scenario = load_scenario(MAPS / f"{name}.scenario.json")
    first = Game.of(scenario).new_initial_state(SEED).current_team()
    assert first is not None
    w = play_window(GameSetup(scenario, SEED, {first: "search", first.other: "human"}))
    w.ctl.players[first].settings = FOREVER
    progress: list[tuple[int, int]] = []
    w.ctl.thinking.connect(lambda done, total: progress.append((done, total)))
    qtbot.waitUntil(lambda: len(progress) >= 2, timeout=20_000)
    assert w.ctl.thinker.busy and w.ctl.state.current_team() is first
    history = len(w.ctl.state.history)
    seen = len(progress)
    qtbot.waitUntil(lambda: len(progress) > seen, timeout=5_000)
    assert w.thinking_label is not None and f"of {FOREVER.iterations} play-outs" in w.thinking_label.text()
    assert len(w.ctl.state.history) == history
    start = time.monotonic()
    w.act_skip.trigger()
    qtbot.waitUntil(lambda: len(w.ctl.state.history) > history, timeout=10_000)
    assert time.monotonic() - start < 5
    assert w.ctl.state.history[history] in _legal_at(w, history)
    w.ctl.set_paused(True)  # the side's next decisions would think for ever
    assert not w.ctl.thinker.busy


def test_pausing_a_thinking_ai_says_it_is_paused_and_how_to_go_on(qtbot, play_window, walled) -> None:  # type: ignore[no-untyped-def]
    """A new-user audit paused the AI and the thinking line just went blank beside a pressed button."""
    w, _ = _thinking_window(qtbot, play_window, walled)
    w.act_pause.trigger()
    qtbot.waitUntil(lambda: w.thinking_label is not None and "paused" in w.thinking_label.text(), timeout=5_000)
    assert w.thinking_label.text() == "The AI is paused: Pause AI (P) again lets it go on"
    w.act_pause.trigger()
    qtbot.waitUntil(lambda: w.thinking_label is None or "paused" not in w.thinking_label.text(), timeout=5_000)
