"""Map ▸ Suggest balance fixes…: runs in the background on the map being edited, lists proposals with their
figures, previews one on the canvas, applies it as one undo step and undoes it."""

from __future__ import annotations

import pytest

from engine.hexgrid import Hex
from engine.rebalance.search import Settings
from tests.engine.rebalance.lanes import lane

#: Small budgets: a few hundred real games on a 30-hex map.
SMALL = Settings(first_round=24, baseline_games=48, baseline_cap=96, search_games=24, confirm_games=24, candidates=3,
                 steps=1)
#: RED's zone three hexes deep toward the point: RED wins about 85% (no mirror left to repair toward).
FAR = lane((Hex(2, 0), Hex(3, 0), Hex(2, 1)))


def test_suggest_preview_apply_and_undo(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = make_window(FAR)
    panel = win.balance_fixes
    panel.settings = SMALL
    panel.jobs.setValue(1)
    assert win.act_suggest_fixes in win.menuBar().actions()[2].menu().actions()  # File, Edit, Map
    with qtbot.waitSignal(panel.finished_run, timeout=120_000):
        win.act_suggest_fixes.trigger()
        assert panel.running and not panel.run_button.isEnabled()  # the editor stays live meanwhile
    outcome = panel.outcome
    assert outcome is not None and outcome.favoured == "RED", panel.status.text()
    assert panel.tree.topLevelItemCount() >= 1
    first = panel.tree.topLevelItem(0)
    assert first.text(2).startswith("RED ") and first.text(3).startswith("RED ")
    # the selected proposal is previewed on the canvas: its hexes tinted and labelled
    new_map, changes = panel.current()
    shown = set(win.view.overlay.colors)
    assert shown and shown == {h for c in changes for h in c.hexes}
    before = win.doc.map
    assert panel.apply_current()
    assert win.doc.map == new_map != before and win.doc.undo_stack.count() == 1
    assert win.doc.undo_stack.text(0).startswith("Balance fix: ")
    win.action_handler.act_undo.trigger()
    assert win.doc.map == before and win.doc.undo_stack.index() == 0


def test_cancel_keeps_what_was_found_and_a_changed_map_is_not_patched(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = make_window(FAR)
    panel = win.balance_fixes
    panel.settings = Settings(first_round=24, baseline_games=48, baseline_cap=96, search_games=2000, confirm_games=24,
                              candidates=3)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished_run, timeout=120_000):
        win.act_suggest_fixes.trigger()
        qtbot.waitUntil(lambda: "racing" in panel.status.text(), timeout=60_000)
        panel.cancel()
    assert panel.outcome is not None and panel.outcome.interrupted
    assert "interrupted" in panel.status.text()
    if panel.tree.topLevelItemCount():
        win.doc.apply(win.doc.map.with_kits([Hex(7, 1)]), "a kit")
        panel.tree.setCurrentItem(panel.tree.topLevelItem(0))
        assert not panel.apply_current() and "changed" in panel.status.text()


@pytest.fixture(autouse=True)
def _no_leftover_threads(qtbot):  # type: ignore[no-untyped-def]
    yield
