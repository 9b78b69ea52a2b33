"""A rebalance run's time: what fits before its deadline, at the rate its games have run so far.

The search asks before every round and confirmation whether the games fit
(:meth:`Budget.fits`), and records why it stopped short, so that its report can
say what more time would buy: a race or step that could not start (the minutes it
would have needed, :attr:`Budget.needed`), a finalist left unconfirmed
(:attr:`Budget.no_time`), or a race stopped before it could tell its edits apart
(:attr:`Budget.cut`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.rebalance.evidence import BLOCK
from engine.rebalance.play import Runner

__all__ = ["Budget"]


@dataclass
class Budget:
    """``minutes`` on ``clock`` (seconds) from its reading when made; the rate is ``runner``'s games so far.

    Mutable on purpose: the flags gather over the run.
    """

    clock: Callable[[], float]
    runner: Runner
    minutes: float
    start: float = field(init=False)
    deadline: float = field(init=False)
    #: The whole minutes (from the start) a race or a next step that could not start would have needed; 0: none.
    needed: int = 0
    #: Whether a finalist went unconfirmed because its confirmation would have run past the deadline.
    no_time: bool = False
    #: Whether a race stopped for time before its edits were told apart.
    cut: bool = False

    def __post_init__(self) -> None:
        self.start = self.clock()
        self.deadline = self.start + 60 * self.minutes

    def spent(self) -> float:
        """Seconds on the clock since the start."""
        return self.clock() - self.start

    def rate(self) -> float | None:
        """Games per second so far; None before the first game."""
        spent = self.spent()
        return self.runner.played / spent if self.runner.played and spent > 0 else None

    def fits(self, games: int, then: int = 0) -> bool:
        """Whether ``games`` more (and ``then`` after them) fit before the deadline at the rate so far (always,
        before the first game)."""
        rate = self.rate()
        if rate is None:
            return True
        return self.clock() + (games + then) / rate <= self.deadline

    def round_that_fits(self, versions: int, then: int = 0) -> int:
        """The games per version, in whole blocks, that a round of ``versions`` can play before the deadline with
        ``then`` games kept for after it, at the rate so far (0 when none; before the first game, no limit is
        known: 0 as well, so a caller asks :meth:`fits` first)."""
        rate = self.rate()
        if rate is None:
            return 0
        left = math.floor((self.deadline - self.clock()) * rate) - then
        return max(0, left // versions // BLOCK * BLOCK)

    def too_short(self, games: int) -> None:
        """Note the whole minutes the run would need to play ``games`` more at its rate so far (see :attr:`needed`)."""
        rate = self.rate()
        if rate:
            self.needed = max(self.needed, math.ceil((self.spent() + games / rate) / 60))

    def minutes_for(self, games: int) -> float | None:
        """Minutes ``games`` would take at the rate so far; None before the first game."""
        rate = self.rate()
        return games / rate / 60 if rate else None
