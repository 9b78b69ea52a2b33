"""Map ▸ Suggest balance fixes…: runs in the background on the map being edited, lists proposals with their
figures, previews one on the canvas, applies it as one undo step and undoes it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from editor.docks.balance_fixes import headline as panel_headline
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
    win.act_suggest_fixes.trigger()  # the dock opens with its settings: nothing runs before Suggest (an audit)
    assert not panel.running and panel.run_button.isEnabled() and "then press Suggest" in panel.status.text()
    with qtbot.waitSignal(panel.finished_run, timeout=120_000):
        win.act_suggest_fixes.trigger()  # with the dock open, the menu runs it, as Suggest does
        assert panel.running and not panel.run_button.isEnabled()  # the editor stays live meanwhile
    outcome = panel.outcome
    assert outcome is not None and outcome.favoured == "RED", panel.status.text()
    # one short line above the list; the whole reasoning under Why, shown on demand
    assert panel.status.text().startswith(outcome.status.capitalize()) and "\n" not in panel.status.text()
    assert outcome.why in panel.why.toPlainText() and panel.why.isHidden()
    panel.why_button.setChecked(True)
    assert not panel.why.isHidden()
    assert panel.tree.topLevelItemCount() >= 1
    first = panel.tree.topLevelItem(0)
    assert first.text(2).startswith("RED ") and first.text(3).startswith("RED ")
    # the selected proposal is previewed on the canvas: its hexes tinted and labelled
    version, changes = panel.current()
    shown = set(win.view.overlay.colors)
    assert shown and shown == {h for c in changes for h in c.hexes}
    before = win.doc.map
    assert panel.apply_current()
    assert win.doc.map == version.map != before and win.doc.undo_stack.count() == 1
    assert win.doc.undo_stack.text(0).startswith("Balance fix: ")
    assert panel.status.text().startswith("Applied: ") and not panel.apply_button.isEnabled()
    win.action_handler.act_undo.trigger()
    assert win.doc.map == before and win.doc.undo_stack.index() == 0
    # back on the map the suggestions were made on: the answer again, and Apply on (it said "Applied" and stayed grey)
    assert panel.status.text() == panel_headline(outcome) and panel.apply_button.isEnabled()
    assert set(win.view.overlay.colors) == shown  # the selected row previewed again (it was not: an audit)
    win.action_handler.act_redo.trigger()
    # Redo back to the fix: "Applied" again (it said the map had changed), the preview and the focus wash gone
    assert panel.status.text().startswith("Applied: ") and not panel.apply_button.isEnabled()
    assert not win.view.overlay.colors and not win.view.focus_mark.hexes
    panel.tree.setCurrentItem(panel.tree.topLevelItem(panel.tree.topLevelItemCount() - 1))
    assert not panel.apply_button.isEnabled()  # another row on a changed map: still off (a review)
    win.doc.apply(win.doc.map.with_kits([*win.doc.map.kits, Hex(7, 1)]), "a kit")
    assert "has changed since these suggestions" in panel.status.text() and not panel.apply_button.isEnabled()


def test_cancel_keeps_what_was_found_and_a_changed_map_is_not_patched(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = make_window(FAR)
    panel = win.balance_fixes
    panel.settings = Settings(first_round=24, baseline_games=48, baseline_cap=96, search_games=2000, confirm_games=24,
                              candidates=3)
    panel.jobs.setValue(1)
    win.act_suggest_fixes.trigger()
    with qtbot.waitSignal(panel.finished_run, timeout=120_000):
        panel.run_button.click()
        qtbot.waitUntil(lambda: "racing" in panel.status.text(), timeout=60_000)
        panel.cancel()
    assert panel.outcome is not None and panel.outcome.interrupted
    assert "interrupted" in panel.status.text() and "interrupted" in panel.why.toPlainText()
    if panel.tree.topLevelItemCount():
        win.doc.apply(win.doc.map.with_kits([Hex(7, 1)]), "a kit")
        panel.tree.setCurrentItem(panel.tree.topLevelItem(0))
        assert not panel.apply_current() and "changed" in panel.status.text()


def test_a_roster_exchange_is_applied_to_the_scenario_as_one_undo_step(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Team Play (rosters-a): the fix the search confirmed exchanges two characters; Apply changes what the
    sides field in the document's scenario (the map stays), as one undo step, and Undo restores the rosters."""
    from editor.playtest.hooks import current_scenario
    from editor.scenario_setup import ScenarioSetup
    from engine.mapmodel import Team
    from engine.rebalance.rosters import fielded
    from engine.rebalance.search import rebalance
    from tests.engine.rebalance.test_search import QUICK, ModelRunner
    from tests.playing import bench_module

    with bench_module("rebalance_cases") as cases:
        s = next(c for c in cases.CASES if c.name == "rosters-a").build()
    win = make_window(s.map)
    win.doc.set_scenario(ScenarioSetup.of(s))
    steps = win.doc.undo_stack.count()
    outcome = rebalance(current_scenario(win.doc), QUICK, ModelRunner(
        lambda v: 0.5 if "dozer" in fielded(v, Team.RED) and "sprog" in fielded(v, Team.BLU) else 0.41))
    panel = win.balance_fixes
    panel._show(outcome)
    assert panel.tree.topLevelItem(0).text(0).startswith("★ exchange RED's Sprog for BLU's Dozer")
    assert panel.tree.topLevelItem(0).text(1) == "0"  # no hex changes
    before = win.doc.scenario
    assert panel.apply_current()
    assert win.doc.map == s.map and win.doc.undo_stack.count() == steps + 1
    assert tuple(u.unit for u in win.doc.scenario.teams[Team.RED].starting) == ("dozer", "banshee", "echo")
    win.action_handler.act_undo.trigger()
    assert win.doc.scenario == before
    # rosters changed by hand since the suggestions: an exchange made for the old ones is refused, nothing lost
    from dataclasses import replace as _replace

    from engine.scenario import TeamSetup
    win.doc.set_scenario(_replace(before, teams={**before.teams, Team.RED: TeamSetup(("sprog",))}))
    panel.tree.setCurrentItem(panel.tree.topLevelItem(0))
    assert not panel.apply_current() and "changed" in panel.status.text()
    assert win.doc.scenario.teams[Team.RED] == TeamSetup(("sprog",))


@pytest.fixture(autouse=True)
def _no_leftover_threads(qtbot):  # type: ignore[no-untyped-def]
    yield


def _tabs_in_view(win) -> list[str]:  # type: ignore[no-untyped-def]
    """The tab titles of every dock tab bar drawn inside the window."""
    from PySide6.QtWidgets import QTabBar

    shown = []
    for bar in win.findChildren(QTabBar):
        if bar.isVisible() and bar.count() and win.rect().intersects(bar.geometry()):
            shown += [bar.tabText(i) for i in range(bar.count())]
    return shown


def test_the_hidden_dock_leaves_no_tab_behind(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A session-9 screenshot showed a squeezed "Ba…" tab at the Problems dock's edge on every start, and a whole
    "Balance fixes" tab over the problems list once the dock was closed: Qt kept the tab bar of the pair it had
    been tabified with. The dock now sits below the Problems dock, out of any tab group, and opens with most of
    that place while the problems stay in view."""
    win = make_window(FAR)
    panel = win.balance_fixes
    dock, problems = panel.parentWidget(), win.docks["problems"]
    qtbot.waitUntil(lambda: problems.isVisible())
    assert dock.isHidden() and "Balance fixes" not in _tabs_in_view(win)
    win.act_suggest_fixes.trigger()  # opens the dock, without a run
    assert dock.isVisible() and problems.isVisible()
    qtbot.waitUntil(lambda: dock.height() > problems.height())
    dock.close()
    qtbot.wait(50)
    assert problems.isVisible() and "Balance fixes" not in _tabs_in_view(win)


def test_the_why_names_the_panels_fields_not_the_commands_options() -> None:
    """The fixer's reasoning advises "more --minutes" or other "--players"; in the dock those are its Time and
    Players fields."""
    from editor.docks.balance_fixes import _in_panel_words

    said = "no edit tried was confirmed fair; give it more --minutes (at least 12), or try other players (--players)"
    shown = _in_panel_words(said)
    assert "--" not in shown and "more Time (at least 12)" in shown and "(Players)" in shown


def test_the_docks_time_players_and_jobs_are_remembered(make_window, settings) -> None:  # type: ignore[no-untyped-def]
    """The menu command runs at once, so it should run with the user's last choices, not the defaults each time (a
    new-user audit could not set them before the first run)."""
    win = make_window(FAR)
    panel = win.balance_fixes
    panel.minutes.setValue(3)
    panel.players.setCurrentIndex(panel.players.count() - 1)
    panel.jobs.setValue(1)
    chosen = panel.players.currentData()
    again = make_window(FAR).balance_fixes
    assert (again.minutes.value(), again.players.currentData(), again.jobs.value()) == (3, chosen, 1)
    settings.setValue("balance_fixes/minutes", "nonsense")  # a hand-edited settings file must not break the dock
    assert make_window(FAR).balance_fixes.minutes.value() == 10


def test_a_run_that_played_no_edit_does_not_read_as_a_verdict() -> None:
    """"Not fixed: RED 69% (144)" with an empty list, after a run whose time ran out (or a cancel) before any edit was
    played, read as a verdict on the map (a new-user audit). The headline says nothing was tried; Why says why (the
    time, or no edit to try: a review)."""
    from editor.docks.balance_fixes import headline
    from engine.games.game import base_scenario
    from engine.rebalance.evidence import Tally
    from engine.rebalance.result import NOT_FIXED, Outcome

    s = base_scenario(FAR)
    out = Outcome(NOT_FIXED, s, None, Tally(), None, (), (), "the time ran out")
    assert headline(out) == "Nothing tried — no edit was played (Why says why, and what would help)"
    assert headline(replace(out, interrupted=True)).startswith("Nothing tried — interrupted before any edit")


def test_proposals_the_run_did_not_play_are_listed_as_not_played_and_can_be_previewed(make_window) -> None:  # type: ignore[no-untyped-def]
    """A short run on a loaded machine ended before its race and the dock's list stayed empty, while the command
    line's report listed the valid proposals it had not played (an editor audit). The dock lists them after the played
    ones, in the search's order, marked "not played"; a selected one is previewed on the canvas."""
    from engine.games.game import base_scenario
    from engine.mapmodel import Cell, Terrain
    from engine.rebalance.changes import Proposal, SetGround
    from engine.rebalance.evidence import Tally
    from engine.rebalance.result import NOT_FIXED, Outcome, Trial

    win = make_window(FAR)
    panel = win.balance_fixes
    s = base_scenario(FAR)
    h = next(h for h, c in sorted(FAR.cells.items()) if c.terrain is Terrain.OPEN and not FAR.features_at(h)
             and not any(h in z for z in FAR.spawns.values()))
    wall = Proposal((SetGround(h, FAR.cells[h], Cell(FAR.cells[h].height, Terrain.WALL)),), "slows RED", "route")
    trials = (Trial(wall, f"add a wall at {h}", (h,), 1, status="not played"),)
    panel._show(Outcome(NOT_FIXED, s, None, Tally(6, 42), "BLU", (), trials, "the time ran out"))
    assert panel.tree.topLevelItemCount() == 1
    row = panel.tree.topLevelItem(0)
    assert row.text(0) == f"add a wall at {h}" and row.text(3) == "not played"
    panel.tree.setCurrentItem(row)
    assert set(win.view.overlay.colors) == {h}


def test_a_proposal_of_many_changes_lists_three_in_its_row_and_all_in_its_tooltip(make_window) -> None:  # type: ignore[no-untyped-def]
    """A side copy that gives back a spawn zone grown by 17 hexes (session 27) spelled 17 changes in its row; the row
    names three and counts the rest, the tooltip keeps every change."""
    from engine.games.game import base_scenario
    from engine.rebalance.changes import Proposal
    from engine.rebalance.evidence import Tally
    from engine.rebalance.result import NOT_FIXED, Outcome, Trial

    win = make_window(FAR)
    panel = win.balance_fixes
    words = "; ".join(f"take {q},0 out of RED's spawn zone" for q in range(8))
    trials = (Trial(Proposal((), "side copy", "symmetry"), words, (), 1, status="not played"),)
    panel._show(Outcome(NOT_FIXED, base_scenario(FAR), None, Tally(6, 42), "BLU", (), trials, "the time ran out"))
    row = panel.tree.topLevelItem(0)
    assert row.text(0) == ("take 0,0 out of RED's spawn zone; take 1,0 out of RED's spawn zone; take 2,0 out of RED's "
                           "spawn zone; and 5 more changes (the tooltip lists all)")
    assert row.toolTip(0).startswith(words)


def test_an_even_map_reads_even_by_construction_whatever_its_games() -> None:
    """A review: the dock said "Already fair: RED 61% (1000)" on a mirror image whose games leaned — a figure that
    reads as a lean of the map. It says the known answer first, the games after."""
    from editor.docks.balance_fixes import headline
    from engine.games.game import base_scenario
    from engine.rebalance.evidence import Tally
    from engine.rebalance.result import ALREADY_FAIR, Outcome

    mirror = base_scenario(lane())
    out = Outcome(ALREADY_FAIR, mirror, None, Tally(610, 390), None, (), (), "no side can be favoured")
    assert headline(out) == "Already fair: even by construction, no side can be favoured (its games: RED 61% (1000))"
    assert headline(replace(out, before=base_scenario(FAR))).startswith("Already fair: RED 61%")


def test_the_docks_players_are_named_as_simulate_names_them(make_window) -> None:  # type: ignore[no-untyped-def]
    """The fixes dock offered "Normal AI vs normal AI" where Simulate… and the playtest say "normal AI
    (heuristic)" (an editor audit): one vocabulary for the players across the editor."""
    from editor.playtest.simulate_dialog import _PAIRS as SIMULATE_PAIRS

    panel = make_window(FAR).balance_fixes
    offered = {panel.players.itemData(i): panel.players.itemText(i) for i in range(panel.players.count())}
    assert offered and all(SIMULATE_PAIRS[key] == label for key, label in offered.items())
    assert offered["heuristic,heuristic"].startswith("Normal AI (heuristic)")
