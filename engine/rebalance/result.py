"""What a rebalance run found: every proposal tried with its games, the one chosen and why.

Records are frozen and carry their words (said on the map each proposal was
made for), so a report, the JSON document (``schemas/rebalance.schema.json``)
and the editor's dock all read the same values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.rebalance.changes import Proposal
from engine.rebalance.evidence import Evidence, Tally
from engine.scenario import Scenario

__all__ = ["ALREADY_FAIR", "FIXED", "IMPROVED", "NOT_FIXED", "Outcome", "Trial", "interval_json"]

ALREADY_FAIR: Final = "already fair"
FIXED: Final = "fixed"
IMPROVED: Final = "improved, not fixed"
NOT_FIXED: Final = "not fixed"


def interval_json(t: Tally, evidence: Evidence) -> dict[str, Any]:
    """A tally with RED's score and its interval, rounded for stable text."""
    lo, hi = evidence.interval(t)
    return {**t.to_json(), "red_score": round(t.score, 4), "interval": [round(lo, 4), round(hi, 4)]}


@dataclass(frozen=True)
class Trial:
    """One proposal as the search saw it: its changes in words, the hexes, its games and what became of it.

    ``tally`` counts its games on the search's common seeds; ``confirm`` its games
    on fresh seeds (only the proposals that reached confirmation); ``status`` is
    ``"refused: ..."`` (the validator's reason), ``"dropped: ..."``, ``"fair"``,
    ``"undecided"``, ``"confirmed"`` or ``"not confirmed"``.
    """

    proposal: Proposal
    words: str
    hexes: tuple[Hex, ...]
    step: int
    tally: Tally = field(default_factory=Tally)
    status: str = "not played"
    confirm: Tally | None = None
    lean: float = 0.0

    def to_json(self, evidence: Evidence) -> dict[str, Any]:
        out: dict[str, Any] = {
            "words": self.words, "why": self.proposal.why, "family": self.proposal.family,
            "mirrored_pair": self.proposal.mirrored_pair, "step": self.step,
            "hexes": [str(h) for h in self.hexes], "status": self.status,
            "changes": [{"kind": c.kind, "hexes": [str(h) for h in c.hexes]} for c in self.proposal.changes],
            "games": interval_json(self.tally, evidence),
        }
        if self.confirm is not None:
            out["confirm"] = interval_json(self.confirm, evidence)
        return out


@dataclass(frozen=True)
class Outcome:
    """The run's answer: ``status`` (:data:`FIXED`, :data:`ALREADY_FAIR`...), the maps before and after, the
    chosen trials (one per step; several when a second edit was needed), every trial, and the words why."""

    status: str
    before: Scenario
    after: Scenario | None
    baseline: Tally
    favoured: str | None
    chosen: tuple[Trial, ...]
    trials: tuple[Trial, ...]
    why: str
    notes: tuple[str, ...] = ()
    games: int = 0
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Every hex the chosen proposals change."""
        return tuple(sorted({h for t in self.chosen for h in t.hexes}))

    @property
    def words(self) -> str:
        """The chosen changes in words."""
        return "; ".join(t.words for t in self.chosen)

    @property
    def confirm(self) -> Tally | None:
        """The confirmation games of the final map (None when none were played)."""
        return self.chosen[-1].confirm if self.chosen else None

    def map_of(self, trial: Trial) -> HexMap:
        """The map ``trial`` proposes: the original with the chosen edits of the steps before it, then its own.

        Raises MapEditError (a ValueError) for a trial of another run.
        """
        m = self.before.map
        for t in self.chosen[:trial.step - 1]:
            m = t.proposal.apply(m)
        return trial.proposal.apply(m)
