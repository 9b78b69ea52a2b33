"""How many games ``hexfort balance --compare`` needs to find a change of a given size: a power estimate.

The change test (``engine.simulation.headline``) watches, block by block, the difference between the two
versions' RED shares over the same seeds, with a confidence sequence at the headline level (4% split over
the family's five questions). This script simulates that test on games drawn from a model: games independent
from seed to seed, RED's share ``p0`` on the original and ``p1`` on the other version, and the two games of a
seed correlated so that the interval after ``--calibrate-games`` games is as wide as one measured (both RED
wins with probability ``p11``, chosen from a grid). It prints, per budget of games per version, the share of
runs in which the change was found, and the median games a run needed. Used for docs/balance.md's Bridges
figures: ``python bench/compare_power.py --p0 0.4935 --p1 0.5925 --width 0.1117 --runs 400``.

Run: ``python bench/compare_power.py --p0 P0 --p1 P1 --width W [--calibrate-games 2000] [--runs 400]
[--budgets 300,600,1000,1500,2000] [--seed 7]``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np

from engine.simulation.headline import ALPHA_HEADLINES
from engine.simulation.sequential import MARGIN, Stream, intervals

BLOCK = 4
#: The headline family of one pairing under --compare: the change, and sides and first move of each version.
QUESTIONS = 5


def _blocks(rng: np.random.Generator, games: int, p0: float, p1: float, p11: float) -> tuple[float, ...]:
    """The change stream's observations: per block of 4 seeds, the other version's RED share minus the
    original's (no draws: a game's share is 0 or 1)."""
    up, down = p1 - p11, p0 - p11  # other RED and original BLU; the reverse
    u = rng.random(games - games % BLOCK)
    d = np.where(u < up, 1.0, np.where(u < up + down, -1.0, 0.0))
    return tuple(float(x) for x in d.reshape(-1, BLOCK).mean(axis=1))


def _stream(values: tuple[float, ...]) -> Stream:
    return Stream(values, -1.0, 1.0, 0.0, MARGIN, BLOCK)


def calibrate(p0: float, p1: float, width: float, games: int, alpha: float) -> float:
    """The ``p11`` whose interval after ``games`` games is closest to ``width`` wide (mean of 6 runs a point)."""
    best, gap = p0 * p1, float("inf")
    for p11 in np.linspace(max(0.0, p0 + p1 - 1), min(p0, p1), 21):
        rng = np.random.default_rng(1)
        ends = [intervals(_stream(_blocks(rng, games, p0, p1, p11)), alpha)[-1] for _ in range(6)]
        miss = abs(float(np.mean([hi - lo for lo, hi in ends])) - width)
        if miss < gap:
            best, gap = float(p11), miss
    return best


def found_at(values: tuple[float, ...], alpha: float) -> int | None:
    """Games per version after which the interval first excludes no change; None: never within the values."""
    for k, (lo, hi) in enumerate(intervals(_stream(values), alpha)):
        if lo > 0 or hi < 0:
            return (k + 1) * BLOCK
    return None


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--p0", type=float, required=True, help="RED's share on the original")
    ap.add_argument("--p1", type=float, required=True, help="RED's share on the other version")
    ap.add_argument("--width", type=float, required=True, help="the measured change interval's width")
    ap.add_argument("--calibrate-games", type=int, default=2000, help="games per version it was measured on")
    ap.add_argument("--runs", type=int, default=400)
    ap.add_argument("--budgets", default="300,600,1000,1500,2000")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    alpha = ALPHA_HEADLINES / QUESTIONS
    budgets = sorted(int(b) for b in args.budgets.split(","))
    p11 = calibrate(args.p0, args.p1, args.width, args.calibrate_games, alpha)
    print(f"P(both versions RED) = {p11:.3f} (independent: {args.p0 * args.p1:.3f})")
    rng = np.random.default_rng(args.seed)
    found = [found_at(_blocks(rng, budgets[-1], args.p0, args.p1, p11), alpha) for _ in range(args.runs)]
    for b in budgets:
        share = sum(f is not None and f <= b for f in found) / args.runs
        print(f"found by {b:>5} games per version: {100 * share:.0f}% of {args.runs} runs")
    median = sorted(f if f is not None else budgets[-1] + 1 for f in found)[args.runs // 2]
    print(f"median games to find it: {median if median <= budgets[-1] else f'over {budgets[-1]}'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
