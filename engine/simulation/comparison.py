"""Two versions of a map played on the same seeds (``hexfort balance --compare``): what changed, and how surely.

For every pairing, :func:`compare` gives each figure on both versions, the
difference (other - this), its 95% interval and whether it is significant:

- shares of games: RED wins, BLU wins, draws, first mover wins (Newcombe's
  score interval for a difference of two rates);
- turns: the mean game length, and each team's mean turn of its first point
  (Payload Race: of its first cart push), over the games in which it scored
  (Welch's interval for a difference of two means);
- shares of team-games: for each unit kind fielded on both versions, the win
  rate of the teams that fielded it (each team of each game counts once).

A difference is called significant only when its interval excludes 0 and both
samples hold at least :data:`~engine.simulation.balance.MIN_SAMPLE` games (or
team-games, or games in which the team scored): the intervals are approximate
and too narrow on fewer. The two versions are played on the same seeds, but
their games are treated as independent samples: once the maps differ, the same
seed soon gives a different game.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from engine.mapmodel import Team
from engine.simulation.balance import MIN_SAMPLE, MapStudy, PairingStudy, pct
from engine.simulation.stats import difference_interval, mean_difference_interval

__all__ = ["MEASURES", "Comparison", "Measure", "compare"]

#: What a figure's two values are: a share of games, a share of team-games, or a number of turns.
Measure = Literal["share of games", "share of team-games", "turns"]
MEASURES: Final[tuple[Measure, ...]] = ("share of games", "share of team-games", "turns")


@dataclass(frozen=True)
class Comparison:
    """One figure on two versions of a map: the values, the difference (other - this) and its 95% interval.

    ``samples`` are the sizes of the two samples the values come from (games,
    team-games, or games in which the team scored); ``measure`` says what the
    values are. An interval without a bound (``-inf``/``inf``) means a sample too
    small to measure a spread.
    """

    pairing: str
    figure: str
    this: float
    other: float
    low: float
    high: float
    samples: tuple[int, int] = (MIN_SAMPLE, MIN_SAMPLE)
    measure: Measure = "share of games"

    @property
    def difference(self) -> float:
        """other - this."""
        return self.other - self.this

    @property
    def significant(self) -> bool:
        """Whether the interval of the difference excludes 0 (with :data:`MIN_SAMPLE` in each sample)."""
        return min(self.samples) >= MIN_SAMPLE and (self.low > 0 or self.high < 0)

    def words(self) -> str:
        """``RED wins: 61% → 55% (-6 points, 95% interval -12 to +0; not significant)``."""
        rate = self.measure != "turns"

        def v(x: float) -> str:
            return pct(x) if rate else f"{x:.1f}"

        def d(x: float) -> str:
            return f"{100 * x:+.0f}" if rate else f"{x:+.1f}"

        unit = " points" if rate else " turns"
        sig = "significant" if self.significant else "not significant"
        return (f"{self.figure}: {v(self.this)} → {v(self.other)} ({d(self.difference)}{unit}, 95% interval "
                f"{d(self.low)} to {d(self.high)}; {sig})")


def _rate(pairing: str, figure: str, a: tuple[int, int], b: tuple[int, int], measure: Measure) -> Comparison:
    """``figure`` as ``a`` = (successes, trials) on this version and ``b`` on the other (trials > 0)."""
    lo, hi = difference_interval(b[0], b[1], a[0], a[1])
    return Comparison(pairing, figure, a[0] / a[1], b[0] / b[1], lo, hi, (a[1], b[1]), measure)


def _mean(pairing: str, figure: str, a: Sequence[int], b: Sequence[int]) -> Comparison:
    """``figure`` as the mean of ``a`` on this version and of ``b`` on the other (both non-empty)."""
    lo, hi = mean_difference_interval(b, a)
    return Comparison(pairing, figure, statistics.fmean(a), statistics.fmean(b), lo, hi, (len(a), len(b)), "turns")


def _first_point(goal: str) -> str:
    return "first cart push" if goal == "its cart" else "first point"  # Payload Race scores by pushing


def _pairing(pa: PairingStudy, pb: PairingStudy, goal: str) -> list[Comparison]:
    sa, sb = pa.summary, pb.summary
    na, nb = sa.games, sb.games
    label = pa.label
    out = [_rate(label, name, (ka, na), (kb, nb), "share of games") for name, ka, kb in (
        ("RED wins", sa.wins["RED"], sb.wins["RED"]), ("BLU wins", sa.wins["BLU"], sb.wins["BLU"]),
        ("draws", sa.draws, sb.draws), ("first mover wins", sa.first_player_wins, sb.first_player_wins))]
    out.append(_mean(label, "mean game length (turns)", pa.lengths(), pb.lengths()))
    for team in Team:
        fa, fb = pa.first_point[team], pb.first_point[team]
        if fa and fb:  # a team that never scored on one version has no turn to compare
            out.append(_mean(label, f"{team.value} {_first_point(goal)} (mean turn)", fa, fb))
    other_classes = {c.kind: c for c in pb.classes}
    for ca in pa.classes:  # kinds fielded on both versions, in the ruleset's order
        cb = other_classes.get(ca.kind)
        if cb is not None:
            out.append(_rate(label, f"teams fielding the {ca.kind} win", (ca.fielded_wins, ca.fielded),
                             (cb.fielded_wins, cb.fielded), "share of team-games"))
    return out


def compare(a: MapStudy, b: MapStudy) -> list[Comparison]:
    """Every figure of every pairing on ``a`` and ``b`` (same plan, same seeds), with the difference b - a.

    Pairings without games on either version are left out, and so are the figures
    a version cannot give (a team that never scored, a kind never fielded).
    """
    out = []
    for pa, pb in zip(a.pairings, b.pairings, strict=True):
        if pa.games and pb.games:
            out += _pairing(pa, pb, a.goal)
    return out
