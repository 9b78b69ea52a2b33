"""The action log follows the newest line (after new entries and after undo) unless the user scrolled up."""

from __future__ import annotations

import pytest

from editor.playtest.action_log import ActionLog
from editor.playtest.journal import LogEntry
from engine.mapmodel import Team


def _entries(n: int) -> list[LogEntry]:
    long = ("RED Soldier fires a rocket at BLU Heavy from high ground, the splash catching the Medic "
            "standing beside it")  # wraps over several lines in a narrow log
    return [LogEntry(i, Team.RED if i % 2 == 0 else Team.BLU, "human", f"{long} ({i})",
                     ("hit for 90", "BLU Heavy 210/300")) for i in range(n)]


@pytest.fixture
def log(qtbot) -> ActionLog:  # type: ignore[no-untyped-def]
    w = ActionLog()
    qtbot.addWidget(w)
    w.resize(300, 200)
    w.show()
    qtbot.waitExposed(w)
    return w


def _at_bottom(log: ActionLog) -> bool:
    sb = log.verticalScrollBar()
    return sb.maximum() > 0 and sb.value() == sb.maximum()


def test_new_entries_and_a_reset_follow_the_newest_line(qtbot, log) -> None:  # type: ignore[no-untyped-def]
    entries = _entries(40)
    for e in entries[:30]:
        log.add_entry(e)
    qtbot.waitUntil(lambda: _at_bottom(log), timeout=2000)
    log.set_entries(entries[:25])  # an undo takes lines back: the log is rebuilt
    qtbot.waitUntil(lambda: _at_bottom(log), timeout=2000)
    # the panel above the log changes (other buttons after the undo): the log gets shorter and
    # narrower, its lines wrap again, and it still shows the newest line
    log.resize(260, 150)
    qtbot.waitUntil(lambda: _at_bottom(log), timeout=2000)
    qtbot.wait(50)
    assert _at_bottom(log)


def test_scrolled_up_the_log_stays_where_the_user_put_it(qtbot, log) -> None:  # type: ignore[no-untyped-def]
    entries = _entries(40)
    log.set_entries(entries[:30])
    qtbot.waitUntil(lambda: _at_bottom(log), timeout=2000)
    qtbot.wait(50)  # every wrapped line measured
    sb = log.verticalScrollBar()
    sb.setValue(sb.maximum() // 3)  # the user scrolls up to read
    assert not log.following
    kept = sb.value()
    log.add_entry(entries[30])
    log.set_entries(entries[:29])
    qtbot.wait(50)
    assert sb.value() == kept
    sb.setValue(sb.maximum())  # back at the bottom: following again
    log.add_entry(entries[29])
    qtbot.waitUntil(lambda: _at_bottom(log), timeout=2000)
    assert log.item(log.count() - 1).text().startswith("30.")
