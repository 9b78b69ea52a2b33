"""A finalist's confirmation (engine/rebalance/confirm.py): its stages, and playing on with time to spare."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from engine.rebalance.confirm import confirmation
from engine.rebalance.evidence import BLOCK, Tally


def games_at(share: Callable[[int], float]) -> Callable[[int, int, int], Tally]:
    """Fresh games whose RED share is ``share(start)`` for the round starting at game ``start``, counted exactly
    block by block (no draws)."""

    def play(start: int, stop: int, _of: int) -> Tally:
        p, n = share(start), stop - start
        wins = [math.floor((k + 1) * BLOCK * p + 0.5) - math.floor(k * BLOCK * p + 0.5) for k in range(n // BLOCK)]
        return Tally(sum(wins), n - sum(wins), 0, n // 2, tuple(w / BLOCK for w in wins))

    return play


def run(share: Callable[[int], float], *, even: bool = False, play_on: int = 4,
        fits: Callable[[int], bool] = lambda _n: True) -> tuple[Tally, bool, list[str]]:
    notes: list[str] = []
    tally, ok = confirmation(games_at(share), 1000, 200, even, play_on, fits, notes.append)
    return tally, ok, notes


def test_a_version_the_first_batch_accepts_plays_on_to_four_thousand_games_and_stays_confirmed_when_even() -> None:
    tally, ok, notes = run(lambda _start: 0.5)
    assert ok and tally.games == 4000
    assert any("with time to spare, playing on to 4000" in n for n in notes), notes


def test_a_lucky_first_batch_is_refused_when_the_games_played_on_show_the_map_off_even() -> None:
    """The campaign's Ridge (asym-red-spawn+2): 50.7% on the fix's first 1,000 fresh games, 47.2% over 4,000 more —
    the independent check then found BLU favoured. Played on, the 4,000 games come out about 48%: refused."""
    tally, ok, _ = run(lambda start: 0.507 if start < 1000 else 0.472)
    assert not ok and tally.games == 4000 and 0.5 - tally.score > 0.015


def test_a_second_stage_pass_plays_on_too() -> None:
    tally, ok, _ = run(lambda start: 0.515 if start < 1000 else 0.505)
    assert ok and tally.games == 4000  # 1.5 off, then 0.5: 50.75% over all


def test_with_no_time_to_play_on_the_two_stages_answer_stands_and_says_so() -> None:
    tally, ok, notes = run(lambda start: 0.507 if start < 1000 else 0.472, fits=lambda n: n <= 1000)
    assert ok and tally.games == 1000
    assert any("no time to play on to 4000 games" in n for n in notes), notes


@pytest.mark.parametrize(("first", "second", "games"), [(0.53, 0.5, 1000), (0.515, 0.53, 2000)])
def test_a_confirmation_that_fails_never_plays_on(first: float, second: float, games: int) -> None:
    """Over two points off on the first batch, or over a point and a half on both."""
    tally, ok, _ = run(lambda start: first if start < 1000 else second)
    assert not ok and tally.games == games


def test_a_version_even_by_construction_is_judged_by_the_report_rule_alone_and_never_plays_on() -> None:
    tally, ok, _ = run(lambda _start: 0.52, even=True)
    assert ok and tally.games == 1000  # 52% on 1,000: no side's interval above 50%, and no margin for chance


def test_play_on_of_one_keeps_the_two_stages_only() -> None:
    tally, ok, _ = run(lambda _start: 0.5, play_on=1)
    assert ok and tally.games == 1000


def test_its_rounds_are_a_quarter_in_whole_blocks_and_start_on_a_block() -> None:
    """1,000 games go in rounds of 252 (a quarter, rounded up to whole blocks of four), never 250, which split a
    block of the game plan; a round is at least the least size asked for."""
    rounds: list[tuple[int, int]] = []
    play = games_at(lambda _start: 0.5)

    def recorded(start: int, stop: int, of: int) -> Tally:
        rounds.append((start, stop))
        return play(start, stop, of)

    confirmation(recorded, 1000, 8, False, 1, lambda _n: True, lambda _t: None)
    assert rounds == [(0, 252), (252, 504), (504, 756), (756, 1000)]
    rounds.clear()
    confirmation(recorded, 1000, 400, False, 1, lambda _n: True, lambda _t: None)
    assert rounds == [(0, 400), (400, 800), (800, 1000)]
    assert all(start % BLOCK == 0 for start, _ in rounds)
