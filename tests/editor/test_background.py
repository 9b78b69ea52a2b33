"""BackgroundRun: work runs off the UI thread; its news, result and failures arrive as signals on the UI thread."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from editor.background import BackgroundRun


def test_work_runs_in_another_thread_and_its_news_arrive_in_order_on_the_ui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    run = BackgroundRun()
    seen: list[object] = []
    threads: list[threading.Thread] = []
    run.noted.connect(lambda t: seen.append(("note", t, threading.current_thread())))
    run.progressed.connect(lambda d, n: seen.append(("progress", d, n)))
    run.done.connect(lambda out: seen.append(("done", out)))

    def work(note: Callable[[str], None], progress: Callable[[int, int], None]) -> int:
        threads.append(threading.current_thread())
        note("starting")
        for k in range(1, 4):
            progress(k, 3)
        return 42

    run.start(work)
    assert run.running
    with pytest.raises(RuntimeError):
        run.start(work)  # one job at a time
    qtbot.waitUntil(lambda: bool(seen) and seen[-1] == ("done", 42), timeout=5000)
    run.stop()
    assert not run.running
    assert threads[0] is not threading.main_thread()
    assert seen[0] == ("note", "starting", threading.main_thread())
    assert [s for s in seen if s[0] == "progress"] == [("progress", k, 3) for k in range(1, 4)]


def test_a_failure_arrives_as_a_message_and_the_run_can_start_again(qtbot) -> None:  # type: ignore[no-untyped-def]
    run = BackgroundRun()
    failed: list[str] = []
    done: list[object] = []
    run.failed.connect(failed.append)
    run.done.connect(done.append)

    def broken(_note: Callable[[str], None], _progress: Callable[[int, int], None]) -> None:
        raise ValueError("no spawn for BLU")

    run.start(broken, describe=str)
    qtbot.waitUntil(lambda: bool(failed), timeout=5000)
    run.stop()
    assert failed == ["no spawn for BLU"] and done == []
    run.start(lambda _n, _p: "again")
    qtbot.waitUntil(lambda: done == ["again"], timeout=5000)
    run.stop()
    assert failed == ["no spawn for BLU"]
