"""Two edits together: what the search tries when no single edit of a step was enough.

A map a couple of points off whose every valid edit moves it a point at most
(Ridge with a patch turned and a wall on BLU's way: eight edits the validator
allows, all within a point of the map's own share) ends a step with no edit
nearer even than the map by the step's margin, and the search used to stop
there ("stuck"). Two of those edits, each a little nearer even, together may
be enough — a designer's next move too. :func:`pairs` builds them from the
step's raced edits that came nearer even than the map on the same games (the
paired comparison of the race's control), the nearest first; the search races
them on seeds of their own and confirms them like any other proposal.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from engine.rebalance.changes import Proposal
from engine.rebalance.evidence import Tally
from engine.rebalance.result import Trial

__all__ = ["COMBINED", "LEANING", "PAIRS", "leaning", "paired_gaps", "pairs"]

#: The family of a proposal made of two of a step's edits (the JSON's ``family``).
COMBINED: Final = "combined"
#: How many of a step's nearest edits are paired (each with each: at most six pairs).
LEANING: Final = 4
#: The word that makes the pairs' race seeds a batch of their own within their step (``step 2 pairs``): they were
#: chosen on the step's first batch, whose games would flatter them.
PAIRS: Final = " pairs"


def paired_gaps(t: Trial, control: Tally) -> tuple[float, float] | None:
    """How far from an even split ``t``'s race games and ``control``'s games on the same seeds (its first blocks, as
    many as ``t`` played) came out; None when ``t`` played no whole block or the control fewer."""
    n = len(t.tally.blocks)
    if not n or len(control.blocks) < n:
        return None
    return abs(sum(t.tally.blocks) / n - 0.5), abs(sum(control.blocks[:n]) / n - 0.5)


def leaning(raced: Sequence[Trial], control: Tally, most: int = LEANING) -> list[Trial]:
    """Up to ``most`` of ``raced`` that came nearer an even split than ``control`` (the step's starting map on the
    same seeds), however little, nearest first; a trial dropped by the race (shown still unfair, or unfair the
    other way) is left out, and so is a combined one."""
    gaps = [(g[0] - g[1], t) for t in raced if t.proposal.family != COMBINED
            and not t.status.startswith(("dropped", "refused")) and (g := paired_gaps(t, control)) is not None
            and g[0] < g[1]]
    gaps.sort(key=lambda x: (x[0], len(x[1].hexes), x[1].words))
    return [t for _, t in gaps[:most]]


def pairs(singles: Sequence[Trial]) -> list[Proposal]:
    """Each two of ``singles`` (:func:`leaning`'s order) that touch no hex in common, as one proposal: the
    nearest pairs first. Unscreened: a pair of valid edits may still break the map, or tip a fairness check."""
    out = []
    for a, b in combinations(singles, 2):
        if set(a.hexes) & set(b.hexes):
            continue
        why = f"two edits that each came nearer even on the same games, together: {a.proposal.why}; {b.proposal.why}"
        out.append(Proposal(a.proposal.changes + b.proposal.changes, why, COMBINED,
                            a.proposal.mirrored_pair and b.proposal.mirrored_pair, a.proposal.cover + b.proposal.cover))
    return out
