"""A rebalance run's time (engine/rebalance/budget.py), and what its report advises when the time cut a race short."""

from __future__ import annotations

from dataclasses import replace

from engine.parallel.backends import InProcess
from engine.rebalance.budget import Budget
from engine.rebalance.play import Runner
from engine.rebalance.result import FIXED, NOT_FIXED
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


def test_a_race_round_near_the_deadline_is_cut_so_that_a_finalist_gets_both_confirmation_stages() -> None:
    """A finalist one to two points off on its first fresh batch needs a second as large (session 22's Canal asym
    was refused for want of it, its race having taken the time). Each edit here scores 51.25%: the first batch
    asks for a second, which passes. With 4,000 game-seconds the uncut second round would leave time for one
    batch only; cut to what fits with both batches in reserve, the fix is confirmed on both."""
    notes: list[str] = []
    r = ModelRunner(lambda v: 0.8 if v.map == FAR.map else 0.5125)
    settings = replace(QUICK, minutes=4000 / 60, confirm_games=1600)
    out = rebalance(FAR, settings, r, Listener(note=notes.append), clock=lambda: float(r.played))
    cut = [n for n in notes if n.endswith("cut to the time left")]
    assert cut == ["racing 6 proposals: games 41–96 on common seeds, cut to the time left"], notes
    assert "time is short: the race stops here" in notes  # nothing more fits after the cut round
    assert out.status == FIXED and out.confirm is not None and out.confirm.games == 3200, out.why
    assert r.played <= 4000
    # playing on to 4 x 1,600 did not fit: the report says what more time would have bought
    assert out.why.endswith("with more --minutes it would have played on to 6400 fresh games for a surer answer")


def test_a_cut_round_shorter_than_a_first_round_is_not_played() -> None:
    """With too little time left for even a first round's games per version beside the reserve, the race stops
    (a dozen games per edit would tell nothing) and the time goes to the confirmation's two batches."""
    notes: list[str] = []
    r = ModelRunner(lambda v: 0.8 if v.map == FAR.map else 0.5125)
    out = rebalance(FAR, replace(QUICK, minutes=3700 / 60, confirm_games=1600), r, Listener(note=notes.append),
                    clock=lambda: float(r.played))
    assert not any("cut to the time left" in n for n in notes) and "time is short: the race stops here" in notes
    assert out.status == FIXED and out.confirm is not None and out.confirm.games == 3200, out.why


def test_a_fix_that_played_on_says_nothing_of_more_time() -> None:
    """With time to spare the same fix plays on to four times its batch (engine/rebalance/confirm.py), and its
    report has nothing to add about more --minutes."""
    r = ModelRunner(lambda v: 0.8 if v.map == FAR.map else 0.505)
    out = rebalance(FAR, replace(QUICK, minutes=8000 / 60, confirm_games=1600), r, Listener(),
                    clock=lambda: float(r.played))
    assert out.status == FIXED and out.confirm is not None and out.confirm.games == 6400, out.why
    assert "more --minutes" not in out.why
