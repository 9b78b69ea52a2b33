"""Anytime-valid answers about the mean of a bounded quantity: confidence sequences, p-values, Holm.

A batch of games is watched as it is played, and the question ("is RED's share
of the score 50%?") may be asked after every block of games. A confidence
interval made for a fixed number of games is wrong when it is looked at again
and again (the chance that it misses, somewhere along the way, grows without
bound). A *confidence sequence* is a sequence of intervals that all hold at
once with probability at least ``1 - alpha``: it may be looked at after every
observation, and the batch may stop whenever its answer is clear.

The method is the hedged betting confidence sequence of Waudby-Smith and
Ramdas, "Estimating means of bounded random variables by betting" (JRSS-B
2024), with the predictable plug-in bets of their section 4 (``c = 3/4``): for
each candidate mean ``m`` a gambler bets on the observations being above ``m``
and another on their being below it; where the sum of their wealth reaches
``1/alpha`` the candidate is ruled out (Ville's inequality), and the sequence is
what is left, intersected with every earlier one. The wealth at the null
``m = null`` gives an anytime-valid p-value (``1 / its running maximum``), valid
at any stopping time, so several tests can be corrected together.

Contract: the observations are independent and identically distributed (for
hexfort, the means of whole blocks of games, see :mod:`engine.simulation.batch`)
and lie within ``[lower, upper]``. Everything here is a deterministic function
of its inputs (numpy, no randomness).

The API:

- :func:`confidence_sequence` — one quantity: a :class:`MeanTest`.
- :func:`family` — several quantities asked together: every interval at the
  Bonferroni level ``alpha / m``, so all hold at once with ``1 - alpha``, and a
  quantity is significant exactly when its interval excludes the null (the
  words and the interval never disagree; see :func:`family` for why not Holm).
- :func:`first_decided` — the first observation count at which chosen tests of a
  family are all decided (a stopping rule that keeps the guarantees).
- :func:`holm` — Holm's step-down procedure on any p-values (for callers that
  want its extra power and can do without intervals that agree with it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "ALPHA",
    "ALPHA_HEADLINES",
    "ALPHA_SECONDARY",
    "MARGIN",
    "MeanTest",
    "Stream",
    "confidence_sequence",
    "family",
    "first_decided",
    "answers_at",
    "holm",
    "intervals",
]

#: The error rate of every claim (95% confidence).
ALPHA: Final = 0.05
#: A balance study's error split: its headline questions (a side favoured? moving first?) share 4%, its secondary
#: ones 1% (:mod:`engine.simulation.headline`). ``simulate`` asks the same two headlines at the same 4%, so it
#: gives the figures ``balance`` gives on the same games (a new-user audit found 24–70% beside 25–69%).
ALPHA_HEADLINES: Final = 0.04
ALPHA_SECONDARY: Final = 0.01
#: Within this distance of the null a mean counts as "even" (three points of a share).
MARGIN: Final = 0.03
#: Candidate means tried, on the unit scale: ``GRID_STEPS + 1`` points from 0 to 1.
GRID_STEPS: Final = 1000
#: The bets' truncation (the paper's ``c``, within its advice of 1/2 to 3/4): a bet never risks more than 3/4 of the wealth.
_C: Final = 0.75
#: The projection of :attr:`MeanTest.needed_blocks` looks this many observations ahead at most.
HORIZON: Final = 250_000
#: Rows of the (observations x candidates) wealth table computed at once (bounds memory).
_ROWS: Final = 512


@dataclass(frozen=True, slots=True)
class Stream:
    """A quantity to test: its observations in order, their bounds, the null mean and the margin of "even".

    ``block_size`` is how many games one observation stands for (to count
    games). Raises ValueError when ``lower >= upper``, a value lies outside the
    bounds, or the null does not.
    """

    values: tuple[float, ...]
    lower: float = 0.0
    upper: float = 1.0
    null: float = 0.5
    margin: float = MARGIN
    block_size: int = 4

    def __post_init__(self) -> None:
        if not self.lower < self.upper:
            raise ValueError(f"the bounds must satisfy lower < upper, got {self.lower}, {self.upper}")
        if not self.lower <= self.null <= self.upper:
            raise ValueError(f"the null {self.null} lies outside [{self.lower}, {self.upper}]")
        bad = [v for v in self.values if not self.lower <= v <= self.upper]
        if bad:
            raise ValueError(f"{len(bad)} observations lie outside [{self.lower}, {self.upper}], e.g. {bad[0]}")

    def unit(self, x: float) -> float:
        """``x`` on the unit scale ``[0, 1]``."""
        return (x - self.lower) / (self.upper - self.lower)

    def back(self, u: float) -> float:
        """A unit-scale value back on the stream's scale."""
        return self.lower + u * (self.upper - self.lower)


@dataclass(frozen=True, slots=True)
class MeanTest:
    """The answer about one quantity after ``blocks`` observations (``games`` games).

    - ``estimate``: the mean of the observations; ``low``..``high``: the
      confidence sequence at level ``1 - alpha`` (it held at every earlier look
      too); ``p_value``: anytime-valid, for "the mean is ``null``".
    - ``significant``: the mean differs from the null (for a family: after
      correction, i.e. the interval excludes the null); ``direction`` is then +1
      (above) or -1 (below), else 0.
    - ``even``: the whole interval lies within ``null ± margin``.
    - ``decided``: significant or even. When not, ``needed_blocks`` /
      ``needed_games`` is how many more would likely decide it if the mean stays
      where it is now (None: more than :data:`HORIZON` observations).
    """

    estimate: float
    low: float
    high: float
    p_value: float
    blocks: int
    games: int
    null: float
    margin: float
    alpha: float
    significant: bool
    even: bool
    direction: int
    needed_blocks: int | None

    @property
    def decided(self) -> bool:
        """Whether the question is answered: significant, or even within the margin."""
        return self.significant or self.even

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: figures to four decimals, the p-value to four significant digits."""
        return {
            "estimate": round(self.estimate, 4),
            "interval": [json_end(self.low, self.null, low=True), json_end(self.high, self.null, low=False)],
            "level": round(1 - self.alpha, 6),
            "p_value": float(f"{self.p_value:.4g}"),
            "significant": self.significant,
            "direction": self.direction,
            "even": self.even,
            "decided": self.decided,
            "blocks": self.blocks,
            "games": self.games,
            "needed_games": self.needed_games,
        }

    @property
    def needed_games(self) -> int | None:
        """:attr:`needed_blocks` in games (0 once decided; None when beyond the horizon)."""
        if self.needed_blocks is None:
            return None
        return self.needed_blocks * (self.games // self.blocks if self.blocks else 4)


def json_end(x: float, null: float, low: bool) -> float:
    """An interval's end to four decimals, rounded outward (a low end down, a high end up), so the interval written
    holds whatever the one computed holds — but never onto the ``null`` it excludes, where the end moves inward by
    less than 0.0001 instead (no four-decimal value is both outward and off the null): rounded to nearest, an interval
    that ruled out 50% by a hair was written [0.5, 0.58], and every table printed from the JSON read "favoured
    (50–58%)" (a statistics review: 6% of the auto-stopped "favoured" answers)."""
    scaled = round(x * 10_000, 6)  # 0.57 * 10_000 is 5699.999…: not a step down
    r = (math.floor(scaled) if low else math.ceil(scaled)) / 10_000
    if x > null >= r:
        r = math.floor(null * 10_000 + 1) / 10_000
    elif x < null <= r:
        r = math.ceil(null * 10_000 - 1) / 10_000
    return round(r, 4)


# -- the wealth of the two gamblers ------------------------------------------------------------------


def _bets(x: NDArray[np.float64], alpha: float) -> NDArray[np.float64]:
    """The predictable plug-in bet sizes ``lambda_t`` before truncation (WSR 2024, eq. 26-27)."""
    n = len(x)
    t = np.arange(1, n + 1, dtype=np.float64)
    mu = (0.5 + np.cumsum(x)) / (t + 1)  # mu_hat_t, including x_t
    sig2 = (0.25 + np.cumsum((x - mu) ** 2)) / (t + 1)  # sigma_hat^2_t
    prev = np.concatenate(([0.25], sig2[:-1]))  # sigma_hat^2_{t-1}: the bet at t uses only x_1..x_{t-1}
    return np.sqrt(2 * math.log(2 / alpha) / (prev * t * np.log1p(t)))


def _log_wealth(x: NDArray[np.float64], lam: NDArray[np.float64], m: NDArray[np.float64],
                up: NDArray[np.float64] | None = None,
                down: NDArray[np.float64] | None = None) -> tuple[NDArray[np.float64], NDArray[np.float64],
                                                                   NDArray[np.float64]]:
    """Running maximum of the hedged log-wealth for candidates ``m``, row by row of observations.

    Returns (the running maximum, one row per observation; the final log-wealth
    of the gambler betting up and of the one betting down). ``up`` / ``down``
    carry the log-wealth in from earlier rows (the function works in slices).
    """
    lam_up = np.minimum(lam[:, None], _C / np.maximum(m, 1e-12)[None, :])
    lam_dn = np.minimum(lam[:, None], _C / np.maximum(1 - m, 1e-12)[None, :])
    d = x[:, None] - m[None, :]
    lu = np.cumsum(np.log1p(lam_up * d), axis=0)
    ld = np.cumsum(np.log1p(-lam_dn * d), axis=0)
    if up is not None and down is not None:
        lu += up
        ld += down
    hedged = np.logaddexp(lu, ld) + math.log(0.5)  # theta = 1/2
    return np.maximum.accumulate(hedged, axis=0), lu[-1], ld[-1]


@dataclass(frozen=True)
class _Path:
    """A stream's answer after every observation, at one level: the figures :func:`family` decides from."""

    stream: Stream
    alpha: float
    log_null: NDArray[np.float64]  # running max of the log-wealth at the null
    low: NDArray[np.float64]  # the sequence's hull, unit scale (NaN: empty)
    high: NDArray[np.float64]
    #: At the null and at both ends of the margin (null - margin, null + margin): each gambler's final
    #: log-wealth (betting up, betting down) and the running maximum of their hedged wealth (for projections).
    up: NDArray[np.float64]
    down: NDArray[np.float64]
    best: NDArray[np.float64]

    @classmethod
    def of(cls, stream: Stream, alpha: float) -> _Path:
        x = np.array([stream.unit(v) for v in stream.values], dtype=np.float64)
        n = len(x)
        grid = np.linspace(0.0, 1.0, GRID_STEPS + 1)
        null = stream.unit(stream.null)
        width = stream.margin / (stream.upper - stream.lower)
        m = np.concatenate((grid, [max(0.0, null - width), min(1.0, null + width), null]))
        lam = _bets(x, alpha)
        bar = math.log(1 / alpha)
        low, high, log_null = np.full(n, np.nan), np.full(n, np.nan), np.zeros(n)
        up = down = np.zeros(len(m))
        best = np.full(len(m), -np.inf)
        step = 1.0 / GRID_STEPS
        for start in range(0, n, _ROWS):
            rows = slice(start, min(n, start + _ROWS))
            run, up, down = _log_wealth(x[rows], lam[rows], m, up, down)
            run = np.maximum(run, best[None, :])
            best = run[-1]
            log_null[rows] = run[:, -1]
            alive = run[:, :-3] < bar
            any_alive = alive.any(axis=1)
            first = np.argmax(alive, axis=1)
            last = GRID_STEPS - np.argmax(alive[:, ::-1], axis=1)
            low[rows] = np.where(any_alive, np.maximum(0.0, first * step - step), np.nan)
            high[rows] = np.where(any_alive, np.minimum(1.0, last * step + step), np.nan)
        return cls(stream, alpha, log_null, low, high, up[-3:], down[-3:], best[-3:])

    def p_values(self) -> NDArray[np.float64]:
        """The anytime-valid p-value after each observation."""
        return np.minimum(1.0, np.exp(-self.log_null))

    def even(self) -> NDArray[np.bool_]:
        """Whether the sequence lies within ``null ± margin`` after each observation."""
        s = self.stream
        width = s.margin / (s.upper - s.lower)
        null = s.unit(s.null)
        with np.errstate(invalid="ignore"):
            return (self.low >= null - width - 1e-12) & (self.high <= null + width + 1e-12)


# -- how many more observations ---------------------------------------------------------------------


def _projected(path: _Path) -> int | None:
    """How many more observations would likely decide ``path``'s question if its mean stayed where it is.

    The expected growth of each gambler's log-wealth is projected with the same
    bets the method would make (second-order: ``E log(1+l(X-m)) ~ l(mu-m) -
    l^2 (s^2 + (mu-m)^2) / 2``), from the wealth reached now, at the null (to
    become significant) and at both ends of the margin (to become even), the
    observations' mean and variance staying as they are.
    """
    s = path.stream
    x = np.array([s.unit(v) for v in s.values], dtype=np.float64)
    n = len(x)
    mu = float(x.mean()) if n else 0.5
    var = float(x.var()) if n > 1 else 0.25
    bar = math.log(1 / path.alpha)

    def one_side(wealth: float, sign: float, m: float, limit: int) -> int | None:
        """Observations (at most ``limit``) until one gambler's projected log-wealth (from ``wealth``) reaches the
        bar, or None. A gambler betting against the mean only loses: None at once."""
        if sign * (mu - m) <= 0:
            return None
        cap = _C / max(m if sign > 0 else 1 - m, 1e-12)
        done, size = 0, 1024
        while done < limit:
            size = min(size, limit - done)
            t = np.arange(n + done + 1, n + done + size + 1, dtype=np.float64)
            sig2 = (0.25 + var * (t - 1)) / t
            lm = np.minimum(np.sqrt(2 * math.log(2 / path.alpha) / (sig2 * t * np.log1p(t))), cap)
            g = sign * lm * (mu - m) - lm ** 2 * (var + (mu - m) ** 2) / 2
            w = wealth + np.cumsum(g)
            hit = np.flatnonzero(w + math.log(0.5) >= bar)  # the other gambler only adds: leaving it out is safe
            if hit.size:
                return done + int(hit[0]) + 1
            wealth, done, size = float(w[-1]), done + size, 2 * size
        return None

    def crossing(k: int, m: float, limit: int = HORIZON) -> int | None:
        """Observations until the hedged wealth at candidate ``m`` (index ``k`` of the kept ones) reaches the bar."""
        if path.best[k] >= bar:
            return 0
        sides = [c for c in (one_side(float(path.up[k]), 1.0, m, limit),
                             one_side(float(path.down[k]), -1.0, m, limit)) if c is not None]
        return min(sides) if sides else None

    null = s.unit(s.null)
    width = s.margin / (s.upper - s.lower)
    ends = [crossing(0, max(0.0, null - width)), crossing(1, min(1.0, null + width))]
    even = None if any(e is None for e in ends) else max(e for e in ends if e is not None)
    significant = crossing(2, null, HORIZON if even is None else even)
    found = [k for k in (significant, even) if k is not None]
    return min(found) if found else None


# -- answers ---------------------------------------------------------------------------------------


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> tuple[bool, ...]:
    """Holm's step-down procedure: which hypotheses are rejected with the family-wise error at most ``alpha``.

    Valid for any dependence between the p-values. Ties are broken by position,
    so the answer is deterministic.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: (p_values[i], i))
    out = [False] * m
    for k, i in enumerate(order):
        if p_values[i] > alpha / (m - k):
            break
        out[i] = True
    return tuple(out)


def _refine(path: _Path, t: int, end: float, inward: float, steps: int = 12) -> float:
    """The end of the sequence after ``t`` observations found between grid points: ``end`` is the grid hull's end
    (a ruled-out candidate, unit scale), ``inward`` the direction of the candidates left (+1 for the low end).
    Bisection keeps the last candidate found ruled out, so the interval stays conservative; an end at the
    scale's edge stays there."""
    step = 1.0 / GRID_STEPS
    if (inward > 0 and end <= 0.0) or (inward < 0 and end >= 1.0):
        return end
    x = np.array([path.stream.unit(v) for v in path.stream.values[:t]], dtype=np.float64)
    lam = _bets(x, path.alpha)
    bar = math.log(1 / path.alpha)
    out, alive = end, end + inward * step
    for _ in range(steps):
        mid = (out + alive) / 2
        run = _log_wealth(x, lam, np.array([mid]))[0]
        if float(run[-1, 0]) >= bar:
            out = mid
        else:
            alive = mid
    return out


def _answer(path: _Path, t: int, significant: bool, project: bool) -> MeanTest:
    """The :class:`MeanTest` of ``path`` after its first ``t`` observations (``t >= 0``)."""
    s = path.stream
    if t == 0:
        est, lo, hi, p, even = s.null, s.lower, s.upper, 1.0, False
    else:
        est = float(np.mean(s.values[:t]))
        p = float(path.p_values()[t - 1])
        lo_u, hi_u = path.low[t - 1], path.high[t - 1]
        if math.isnan(lo_u):  # every candidate ruled out (a rare accident of chance): the estimate alone
            lo = hi = est
        else:
            lo, hi = s.back(_refine(path, t, float(lo_u), 1.0)), s.back(_refine(path, t, float(hi_u), -1.0))
        even = bool(path.even()[t - 1])
    direction = (1 if est > s.null else -1 if est < s.null else 0) if significant else 0
    decided = significant or even
    needed = 0 if decided else (_projected(path) if project and t == len(s.values) else None)
    return MeanTest(est, lo, hi, p, t, t * s.block_size, s.null, s.margin, path.alpha, significant, even,
                    direction, needed)


def confidence_sequence(values: Sequence[float], alpha: float = ALPHA, *, lower: float = 0.0, upper: float = 1.0,
                        null: float = 0.5, margin: float = MARGIN, block_size: int = 4) -> MeanTest:
    """The answer about one quantity from its observations so far (see :class:`MeanTest`).

    Raises ValueError as :class:`Stream` does, or for ``alpha`` outside (0, 1).
    """
    return family([Stream(tuple(values), lower, upper, null, margin, block_size)], alpha)[0]


def _paths(streams: Sequence[Stream], alpha: float) -> list[_Path]:
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must lie within (0, 1), got {alpha}")
    level = alpha / max(1, len(streams))
    return [_Path.of(s, level) for s in streams]


def family(streams: Sequence[Stream], alpha: float = ALPHA) -> tuple[MeanTest, ...]:
    """The answers about several quantities asked together, with the family-wise error at most ``alpha``.

    Each interval is a confidence sequence at level ``1 - alpha/m`` (Bonferroni,
    ``m = len(streams)``), so all of them hold at once, at every look, with
    probability ``1 - alpha``; a quantity is significant when its anytime-valid
    p-value is at most ``alpha/m``, which is exactly when its interval excludes
    the null. (Holm's step-down procedure, :func:`holm`, rejects a little more
    often, but then calls a quantity significant while its interval still
    contains the null — "moved the balance: -19 points, -33 to +2" — which a
    reader cannot make sense of.) Streams may have different lengths. Raises
    ValueError as :class:`Stream` does, or for ``alpha`` outside (0, 1).
    """
    paths = _paths(streams, alpha)
    return tuple(_answer(path, len(path.stream.values), _significant(path, len(path.stream.values)), True)
                 for path in paths)


def _significant(path: _Path, t: int) -> bool:
    """Whether ``path``'s p-value after ``t`` observations is at most its level (its interval excludes the null)."""
    return t > 0 and float(path.p_values()[t - 1]) <= path.alpha


def first_decided(streams: Sequence[Stream], watched: Sequence[int], alpha: float = ALPHA,
                  start: int = 1) -> int | None:
    """The first observation count ``t >= start`` at which every stream in ``watched`` is decided.

    Decided as :func:`family` decides on the first ``t`` observations of every
    stream (they must all have the same length): significant, or even. None
    when that never happens within the observations given. Stopping
    there keeps every guarantee of :func:`family`, whose answers on the first
    ``t`` observations are then the ones to report.
    """
    lengths = {len(s.values) for s in streams}
    if len(lengths) > 1:
        raise ValueError(f"the streams must have the same length, got {sorted(lengths)}")
    n = lengths.pop() if lengths else 0
    paths = _paths(streams, alpha)
    for t in range(max(1, start), n + 1):
        if all(_significant(paths[i], t) or bool(paths[i].even()[t - 1]) for i in watched):
            return t
    return None


def answers_at(streams: Sequence[Stream], t: int, alpha: float = ALPHA) -> tuple[MeanTest, ...]:
    """:func:`family`'s answers on the first ``t`` observations of each stream (a stopped batch)."""
    return family([Stream(s.values[:t], s.lower, s.upper, s.null, s.margin, s.block_size) for s in streams], alpha)


def intervals(stream: Stream, alpha: float = ALPHA) -> tuple[tuple[float, float], ...]:
    """The confidence sequence after each observation of ``stream``, at level ``1 - alpha`` (on its scale)."""
    path = _paths([stream], alpha)[0]
    out = []
    for k in range(len(stream.values)):
        if math.isnan(path.low[k]):
            est = float(np.mean(stream.values[:k + 1]))
            out.append((est, est))
        else:
            out.append((stream.back(float(path.low[k])), stream.back(float(path.high[k]))))
    return tuple(out)
