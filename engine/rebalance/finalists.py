"""Finalists a failed confirmation shows to be off even too, skipped rather than confirmed (issue #20).

The race hands the confirmation finalists that looked even on its seeds, and on fresh games they tend to
come out shifted alike: Crossroads (asym-red-spawn+1), step 1, three finalists at 48–49% in the race came out
44–46%; Bunker (rosters-b), step 1, three at 46–48% all came out 45%; Ridge (asym-blu-wall), step 2, four at
51–53% all 52%. Two causes: the race picks them for looking even (the winner's curse), and similar edits
play similar games on the shared seeds (block correlation 0.36 between two Crossroads edits that differ
only by a wall or a low obstacle on one hex; 0.0–0.3 between unlike ones).

So a failed confirmation says something about the finalists after it: a finalist's race score less the
shift the failure showed (its race score over the same first games less its fresh score; several failures
averaged, weighed by games) estimates its fresh score. On the campaigns' finalists (docs/notes/fixer-campaigns.md,
every later finalist of 12 races against each earlier one) that estimate was only a little nearer their fresh
scores than the race score alone (1.9 against 2.1 points root-mean-square; with the race's first finalist as
the only anchor, 2.2 against 2.1), so the search keeps its order. But where it put a finalist more than
:data:`SKIP_GAP` off even it was right every time: 16 such cases, 12 finalists, every one had failed its
confirmation, at 37–46% or 53–61%. Those are skipped, and the confirmation goes to the next finalist. A skip
can only cost time or a fix, never a false fix: confirmation stays on fresh seeds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.rebalance.evidence import BLOCK, Tally
from engine.rebalance.result import Trial
from engine.simulation.wording import pct

__all__ = ["SKIP_GAP", "Anchor", "estimate", "skipped_note", "worth_confirming"]

#: A finalist estimated more than four points off even is skipped: with the estimate's error (about 2 points
#: root-mean-square on the campaigns' finalists) it would pass the confirmation (within a point on its first
#: thousand games, or a point and a half over two thousand) about one time in seven (14% in a simulation of the
#: rule with that error; 23% three points off, 8% five off) — a thousand or two thousand games the next finalist
#: or the next step uses better.
SKIP_GAP: Final = 0.04


@dataclass(frozen=True, slots=True)
class Anchor:
    """A finalist that failed its confirmation: its games on the race's seeds and on fresh ones."""

    race: Tally
    fresh: Tally


def _prefix(t: Tally, blocks: int) -> float:
    """RED's score over ``t``'s first ``blocks`` blocks."""
    return sum(t.blocks[:blocks]) / blocks


def estimate(race: Tally, anchors: Sequence[Anchor]) -> float | None:
    """RED's score a finalist with race games ``race`` would show on fresh seeds, by ``anchors`` (module docstring);
    None without anchors or race games to compare on. Each anchor's weight is the inverse of its estimate's variance
    were the race games independent, ``1 / (1/race games compared + 1/fresh games)``: an anchor compared on few
    games, or with few fresh ones, counts less."""
    total = weight = 0.0
    for a in anchors:
        k = min(len(race.blocks), len(a.race.blocks))
        if not k or not a.fresh.games:
            continue
        w = 1.0 / (1.0 / (BLOCK * k) + 1.0 / a.fresh.games)
        total += w * (_prefix(race, k) - _prefix(a.race, k) + a.fresh.score)
        weight += w
    return total / weight if weight else None


def worth_confirming(finalists: Sequence[Trial], anchors: Sequence[Anchor]) -> tuple[list[Trial], list[Trial]]:
    """``finalists``, in their order, split into those still worth confirming once ``anchors`` are known and those
    skipped: an estimate more than :data:`SKIP_GAP` off even (a finalist without an estimate is kept)."""
    kept: list[Trial] = []
    skipped: list[Trial] = []
    for t in finalists:
        got = estimate(t.tally, anchors)
        (skipped if got is not None and abs(got - 0.5) > SKIP_GAP + 1e-12 else kept).append(t)
    return kept, skipped


def skipped_note(skipped: Sequence[Trial], anchors: Sequence[Anchor]) -> str:
    """The search's note for finalists :func:`worth_confirming` skipped: the shift the failed confirmations showed
    and each skipped finalist's race score beside its estimate."""
    def said(t: Trial) -> str:
        got = estimate(t.tally, anchors)
        return f"{t.words} (race {pct(t.tally.score)}, about {pct(t.tally.score if got is None else got)})"

    lean = sum(a.race.score - a.fresh.score for a in anchors) / len(anchors)
    shift = (f"{abs(100 * lean):.0f} points {'below' if lean > 0 else 'above'}" if round(100 * lean) else
             "within half a point of")
    whose = "the failed confirmation's" if len(anchors) == 1 else f"{len(anchors)} failed confirmations'"
    return (f"{whose} fresh games put RED {shift} the race's figure, and a race's finalists tend to shift alike: these, "
            f"so estimated, lie more than {100 * SKIP_GAP:.0f} points off even and are not confirmed: "
            + "; ".join(said(t) for t in skipped))
