"""A rebalance run's time (engine/rebalance/budget.py), and what its report advises when the time cut a race short."""

from __future__ import annotations

from dataclasses import replace

from engine.parallel.backends import InProcess
from engine.rebalance.budget import Budget
from engine.rebalance.play import Runner
from engine.rebalance.result import NOT_FIXED
from engine.rebalance.search import Listener, rebalance
from tests.engine.rebalance.test_search import FAR, QUICK, ModelRunner


def test_games_fit_at_the_rate_played_so_far_and_a_short_budget_says_the_minutes_it_would_need() -> None:
    runner = Runner(InProcess(), ("heuristic", "heuristic"))
    now = [0.0]
    budget = Budget(lambda: now[0], runner, minutes=2)
    assert budget.fits(10**9) and budget.rate() is None and budget.minutes_for(60) is None  # no game yet: no rate
    runner.played, now[0] = 60, 60.0  # a game a second
    assert budget.rate() == 1.0 and budget.fits(60) and not budget.fits(60, then=1)
    assert budget.minutes_for(120) == 2.0
    budget.too_short(300)  # 60 s spent and 300 more: six minutes from the start
    assert budget.needed == 6 and budget.spent() == 60.0


def test_a_race_cut_short_by_the_time_advises_more_minutes_not_hand_edits() -> None:
    """A race that stops for time before its edits could be told apart has not shown that no edit comes nearer
    even: the report must ask for more --minutes, not say the search stopped with time left (session 19's
    note: the "stuck" advice was given then too)."""
    notes: list[str] = []
    r = ModelRunner(lambda v: 0.56)  # every edit as unfair as the map: a slow race, none nearer even
    out = rebalance(FAR, replace(QUICK, minutes=2500 / 60, baseline_cap=400), r, Listener(note=notes.append),
                    clock=lambda: float(r.played))
    assert "time is short: the race stops here" in notes, notes
    assert out.status == NOT_FIXED or "nearest" in out.why
    assert "stopped with time left" not in out.why and "give it more --minutes" in out.why, out.why
