"""How sure the search is: the one place where the rebalancer's statistics live.

Games are counted as a :class:`Tally` (RED wins, BLU wins, draws). The search
asks three questions, each answered here and nowhere else:

- :meth:`Evidence.interval`: an *anytime-valid* confidence sequence for RED's
  score (a win 1, a draw ½, a loss 0) — valid however often the search looks,
  so a candidate can be dropped the moment its interval shows it is clearly
  still unfair, without the repeated looks inflating the error;
- :meth:`Evidence.verdict`: the side the sequence shows favoured (None: not shown);
- :func:`confirmed_fair`: the confirmation on fresh seeds, a fixed number of
  games judged by the balance report's own rule (a side is favoured when the 95%
  Wilson interval of its win rate lies wholly above 50%, as
  :func:`engine.simulation.balance.judge` says it).

The sequence is Robbins' normal mixture for scores in [0, 1] (sub-Gaussian with
variance ¼): ``|S_n − n·p| ≤ sqrt((V + ρ)(2 log(1/α) + log(1 + V/ρ)))`` with
``V = n/4``, ``ρ`` tuned to be tightest near :data:`TUNED_AT` games. It is
conservative (about 1.5× the fixed-n interval at 1,000 games). When the
anytime-valid test of the balance report (``engine/simulation/sequential.py``,
issue #19) is in, :class:`Evidence` is where it plugs in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from engine.mapmodel import Team
from engine.simulation.batch import GameResult
from engine.simulation.stats import wilson_interval

__all__ = ["Evidence", "TUNED_AT", "Tally", "confirmed_fair"]

#: Games at which the confidence sequence is tightest.
TUNED_AT: Final = 600


@dataclass(frozen=True, slots=True)
class Tally:
    """Games counted by outcome."""

    red: int = 0
    blu: int = 0
    draws: int = 0
    #: Games won by the side that moved first.
    first: int = 0

    @classmethod
    def of(cls, results: list[GameResult]) -> Tally:
        """Count ``results``."""
        red = sum(r.winner is Team.RED for r in results)
        blu = sum(r.winner is Team.BLU for r in results)
        first = sum(r.winner is not None and r.winner is r.first_team for r in results)
        return cls(red, blu, len(results) - red - blu, first)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.red + other.red, self.blu + other.blu, self.draws + other.draws, self.first + other.first)

    @property
    def games(self) -> int:
        """Games counted."""
        return self.red + self.blu + self.draws

    @property
    def score(self) -> float:
        """RED's score per game (½ when there are no games)."""
        return (self.red + self.draws / 2) / self.games if self.games else 0.5

    def wins(self, team: Team) -> int:
        """``team``'s wins."""
        return self.red if team is Team.RED else self.blu

    def to_json(self) -> dict[str, int]:
        """``{"games", "red", "blu", "draws", "first_mover"}``."""
        return {"games": self.games, "red": self.red, "blu": self.blu, "draws": self.draws, "first_mover": self.first}

    def words(self) -> str:
        """``RED 61% (305 of 500 games), BLU 37%, 2% draws``."""
        n = self.games
        if not n:
            return "no games"
        text = f"RED {100 * self.red / n:.0f}% ({self.red} of {n} games), BLU {100 * self.blu / n:.0f}%"
        return text + (f", {100 * self.draws / n:.0f}% draws" if self.draws else "")


@dataclass(frozen=True)
class Evidence:
    """The anytime-valid confidence sequence for RED's score at level ``1 - alpha`` (module docstring)."""

    alpha: float = 0.05

    def interval(self, t: Tally) -> tuple[float, float]:
        """The sequence's interval for RED's score after ``t`` ((0, 1) without games)."""
        n = t.games
        if not n:
            return 0.0, 1.0
        v = n / 4
        rho = TUNED_AT / 4 / 10
        half = math.sqrt((v + rho) * (2 * math.log(1 / self.alpha) + math.log(1 + v / rho))) / n
        return max(0.0, t.score - half), min(1.0, t.score + half)

    def verdict(self, t: Tally) -> Team | None:
        """The side shown favoured (its score's interval wholly on its side of ½), or None."""
        lo, hi = self.interval(t)
        return Team.RED if lo > 0.5 else Team.BLU if hi < 0.5 else None

    def gap(self, t: Tally) -> tuple[float, float]:
        """(least, most) distance from an even split the interval allows: how unfair the map may be."""
        lo, hi = self.interval(t)
        least = max(0.0, lo - 0.5, 0.5 - hi)
        return least, max(abs(lo - 0.5), abs(hi - 0.5))


def confirmed_fair(t: Tally) -> bool:
    """The balance report's rule on a fixed number of games: no side's 95% Wilson interval lies above 50%."""
    n = t.games
    return n > 0 and all(wilson_interval(t.wins(team), n)[0] <= 0.5 for team in Team)
