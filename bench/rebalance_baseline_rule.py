"""Error rates of the balance fixer's "already fair" rule (issue #20), with games as coin flips.

    python bench/rebalance_baseline_rule.py [--runs 400] [--shares 0.50,0.52,...] [--seed 1]

For each true RED share it plays the baseline's schedule
(:func:`engine.rebalance.search.baseline_stops`: 48, 144, 336, 720, 1,000
games, then every 1,000 to 4,000) with games that are independent coin flips at
that share, judges each stop by :func:`engine.rebalance.evidence.baseline_answer`
exactly as the search does for a map that is not even by construction (one that
is, a mirror image with both sides fielding the same, is judged by the
fixed-sample rule alone — the Wilson interval, coin flips having no draws), and counts how often the map is called already
fair, RED favoured or BLU favoured, and the games it took. Real games come in
blocks that balance the first mover, which makes blocks less variable than
coin flips, so these rates are a little pessimistic for maps that are even.

For comparison it also prints how often the independent bench check (1,000
fresh games, no side's Wilson interval above 50%) sees the map as fair.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.rebalance.evidence import BLOCK, FAIR, Evidence, Tally, baseline_answer, confirmed_fair  # noqa: E402
from engine.rebalance.search import Settings, baseline_stops  # noqa: E402


def one_run(share: float, rng: np.random.Generator, stops: list[int], ev: Evidence) -> tuple[str, int]:
    """(answer, games) of one baseline on coin-flip games at ``share``."""
    wins = rng.binomial(BLOCK, share, stops[-1] // BLOCK)
    for stop in stops:
        w = wins[:stop // BLOCK]
        red = int(w.sum())
        answer = baseline_answer(Tally(red, stop - red, 0, 0, tuple((w / BLOCK).tolist())), ev, stops[4], stops[-1])
        if answer is not None:
            return (answer if answer == FAIR else answer.value), stop
    raise AssertionError("the rule always answers at the cap")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=400)
    p.add_argument("--shares", default="0.50,0.52,0.53,0.54,0.46,0.56")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    s = Settings()
    stops = baseline_stops(s)
    ev = Evidence(s.alpha, s.tolerance)
    print("| true RED share | called already fair | RED favoured | BLU favoured | median games | most games "
          "| bench check calls it fair |")
    print("|---|---|---|---|---|---|---|")
    for share in (float(x) for x in args.shares.split(",")):
        rng = np.random.default_rng([args.seed, round(share * 1000)])
        runs = [one_run(share, rng, stops, ev) for _ in range(args.runs)]
        check = [confirmed_fair(Tally(red := int(rng.binomial(1000, share)), 1000 - red)) for _ in range(10_000)]
        n = len(runs)
        rate = {a: sum(r[0] == a for r in runs) / n for a in (FAIR, "RED", "BLU")}
        print(f"| {100 * share:.0f}% | {100 * rate[FAIR]:.1f}% | {100 * rate['RED']:.1f}% | {100 * rate['BLU']:.1f}% "
              f"| {statistics.median(r[1] for r in runs):.0f} | {max(r[1] for r in runs)} "
              f"| {100 * sum(check) / len(check):.0f}% |", flush=True)
    print(f"\n{args.runs} runs per share; schedule {stops}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
