"""The best proposal so far: what the fixer shows as it goes and keeps when Ctrl-C, Cancel or the clock stops it."""

from __future__ import annotations

from engine.rebalance.changes import Proposal
from engine.rebalance.evidence import Evidence, Tally
from engine.rebalance.result import Trial

__all__ = ["BestSoFar"]


class BestSoFar:
    """The nearest even split among the trials of the step racing now, each judged on its *latest* games.

    The order: first the trials no side is shown ahead on (by the balance report's
    sequence ``evidence``), the race's fair ones first, then in two-point bands of
    distance from even, then fewer hexes; only when every trial has a side shown
    ahead (dropped, or the sequence), the nearest of them that is still nearer even
    than the step's starting map — an edit that goes too far, which the answer says.
    A best kept on its first 48 games while later ones put it seven points off was
    what Ctrl-C kept, beside trials within a point (a new-user audit, session 11).
    """

    def __init__(self, evidence: Evidence) -> None:
        self.ev = evidence
        #: The step's trials that may be the best, each as its last round left it, with the race's "fair".
        self._standing: dict[tuple[int, Proposal], tuple[Trial, bool]] = {}
        self.best: Trial | None = None

    @staticmethod
    def latest(t: Trial) -> Tally:
        """The games ``t`` is judged on: its confirmation's fresh ones once it has them, else its race's. (The
        confirmations never reached the best: an editor audit saw a roster exchange starred and applied at 42% on
        its 1,000 fresh games, on the strength of 48 race games at 48%, beside another at 52% on its own 1,000.)"""
        return t.confirm if t.confirm is not None and t.confirm.games else t.tally

    def _key(self, t: Trial, fair: bool) -> tuple[bool, bool, float, int]:
        games = self.latest(t)
        ahead = t.status.startswith("dropped") or self.ev.verdict(games) is not None
        return ahead, not fair, round(abs(games.score - 0.5) / 0.02), len(t.hexes)

    def offer(self, t: Trial, fair: bool, start: Tally) -> bool:
        """Record ``t`` after a race round or its confirmation (``start``: the games of the map its step changes);
        True when the best changed — another trial, or the same one's figures after more games."""
        if any(step != t.step for step, _ in self._standing):
            self._standing.clear()  # a new step: the trials of the last one were made on another map
        here = (t.step, t.proposal)
        if start.games and abs(self.latest(t).score - 0.5) >= abs(start.score - 0.5) and self._key(t, fair)[0]:
            self._standing.pop(here, None)  # shown ahead and no nearer even than the map it changes
        else:
            self._standing[here] = (t, fair)
        was = self.best
        self.best = min(self._standing.values(), key=lambda x: self._key(*x))[0] if self._standing else None
        return self.best is not None and self.best is not was
