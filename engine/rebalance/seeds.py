"""How far a race's common seeds lean, read from its failed confirmations, and the finalists re-ranked by it.

Every candidate of a race plays the same seeds (common random numbers). That makes their *differences*
precise, but not their level: a batch of seeds that happens to favour RED by four points lifts every
candidate's race score by about four points together. The campaigns showed it plainly: Crossroads
(asym-red-spawn+1), step 1, three finalists at 48–49% in the race all came out 44–46% on fresh games;
in step 3 three at 51–52% came out 52–53% (docs/notes/fixer-campaigns.md).

A confirmation that fails is therefore worth more than a "no": its fresh games beside the same trial's race
games measure the race seeds' lean (an *anchor*). The remaining finalists' race scores, less that lean, are
better estimates of how they would do on fresh games: the search confirms them in that order and skips those
still clearly off even, rather than spend a thousand games on each of a row of finalists the first failure
already showed to be off in the same way.

The lean is measured on the seeds a finalist played: an anchor's race score over the same first games (the
race plays every candidate from the first seed on; one dropped early has fewer), so each anchor gives the
finalist's own estimate as its race score less the anchor's over those games, plus the anchor's fresh score.
Anchors are averaged with weights by their games. Confirmation stays on fresh seeds, so the order it is
offered finalists in never weakens it: a wrong estimate costs time, never a false fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from engine.rebalance.evidence import BLOCK, CONFIRM_SURE, Tally
from engine.rebalance.result import Trial
from engine.simulation.wording import pct

__all__ = ["SKIP_GAP", "Anchor", "estimate", "reranked", "skipped_note"]

#: A finalist whose estimate lies more than four points off even is not confirmed: with the estimate's error
#: (1.6 points from a thousand-game anchor's fresh games, more from the race) it would pass the confirmation
#: (within a point on its first thousand games, or a point and a half over two thousand) about one time in eight
#: (11–14% in a simulation of the rule with an error of 1.6–2.2 points; 21–23% three points off, 3–8% at six) —
#: the next step's race uses those games better.
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


def reranked(finalists: Sequence[Trial], anchors: Sequence[Anchor]) -> tuple[list[Trial], list[Trial]]:
    """``finalists`` in the order to confirm them once ``anchors`` are known, and those skipped.

    Kept: estimates within :data:`SKIP_GAP` of even (a finalist without an estimate is kept at its race score),
    those within a point of even first, fewest hexes next, nearest even last — the search's own preference for the
    smallest edit, among those likely to pass."""
    def gap(t: Trial) -> float:
        got = estimate(t.tally, anchors)
        return abs((t.tally.score if got is None else got) - 0.5)

    kept = [t for t in finalists if gap(t) <= SKIP_GAP + 1e-12]
    kept.sort(key=lambda t: (gap(t) > CONFIRM_SURE + 1e-12, len(t.hexes), gap(t)))
    return kept, [t for t in finalists if t not in kept]


def skipped_note(skipped: Sequence[Trial], anchors: Sequence[Anchor]) -> str:
    """The search's note for finalists :func:`reranked` skipped: the lean the failed confirmations showed and each
    skipped finalist's race score beside its estimate."""
    def said(t: Trial) -> str:
        got = estimate(t.tally, anchors)
        return f"{t.words} (race {pct(t.tally.score)}, about {pct(t.tally.score if got is None else got)})"

    lean = sum(a.race.score - a.fresh.score for a in anchors) / len(anchors)
    return (f"fresh games put RED {abs(100 * lean):.0f} points {'below' if lean > 0 else 'above'} the race's figures "
            f"on seeds every finalist shared, so these are not confirmed, likely still more than {100 * SKIP_GAP:.0f} "
            "points off even: " + "; ".join(said(t) for t in skipped))
