"""What a rebalance run found: every proposal tried with its games, the one chosen and why.

Records are frozen and carry their words (said on the map each proposal was
made for), so a report, the JSON document (``schemas/rebalance.schema.json``)
and the editor's dock all read the same values.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from engine.hexgrid import Hex
from engine.mapfeatures import FEATURES
from engine.mapmodel import HexMap
from engine.rebalance.changes import Proposal
from engine.rebalance.evidence import Evidence, Tally, score_interval
from engine.scenario import Scenario
from engine.simulation.sequential import json_end

__all__ = ["ALREADY_FAIR", "FIXED", "IMPROVED", "NOT_FIXED", "Outcome", "Trial", "interval_json", "net_changes"]

ALREADY_FAIR: Final = "already fair"
FIXED: Final = "fixed"
IMPROVED: Final = "improved, not fixed"
NOT_FIXED: Final = "not fixed"


def _on(m: HexMap, h: Hex) -> tuple[object, ...]:
    """What hex ``h`` of ``m`` holds — ground, spawn, kit, point and every feature it belongs to — with no
    position along a path, so that a track lengthened elsewhere leaves its other hexes unchanged."""
    parts = frozenset((key, getattr(part, "value", part)) for key, value in m.features.items()
                      for part, hexes in (value.items() if FEATURES[key].by_part else ((None, value),))
                      if h in hexes)
    return m.cells.get(h), m.spawn_team(h), h in m.kits, m.control_point_at(h), parts


def net_changes(before: HexMap, after: HexMap, touched: Iterable[Hex]) -> tuple[Hex, ...]:
    """The hexes of ``touched`` that differ between ``before`` and ``after``, in hex order."""
    return tuple(sorted(h for h in set(touched) if _on(before, h) != _on(after, h)))


def interval_json(t: Tally, evidence: Evidence) -> dict[str, Any]:
    """A tally with RED's score and its interval, rounded for stable text."""
    lo, hi = evidence.interval(t)
    out = {**t.to_json(), "red_score": round(t.score, 4),
           "interval": [json_end(lo, 0.5, low=True), json_end(hi, 0.5, low=False)]}  # never "50" when it excludes it
    if t.games:
        wlo, whi = score_interval(t)
        out["wilson"] = [json_end(wlo, 0.5, low=True), json_end(whi, 0.5, low=False)]
    return out


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

    @property
    def seen(self) -> Tally:
        """Every game it played: the race's and, when it reached one, its confirmation's."""
        return self.tally + self.confirm if self.confirm is not None else self.tally

    def to_json(self, evidence: Evidence) -> dict[str, Any]:
        out: dict[str, Any] = {
            "words": self.words, "why": self.proposal.why, "family": self.proposal.family,
            "mirrored_pair": self.proposal.mirrored_pair, "step": self.step,
            "hexes": [str(h) for h in self.hexes], "status": self.status,
            "changes": [{"kind": c.kind, "hexes": [str(h) for h in c.hexes], **c.facts()} for c in self.proposal.changes],
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
        """The hexes the result changes: those a chosen proposal touched and that differ between the map before
        and after (a later step that puts a hex back as it was leaves it out; without a result map, every
        hex the chosen proposals touch)."""
        touched = sorted({h for t in self.chosen for h in t.hexes})
        return tuple(touched) if self.after is None else net_changes(self.before.map, self.after.map, touched)

    @property
    def words(self) -> str:
        """The chosen changes in words."""
        return "; ".join(t.words for t in self.chosen)

    @property
    def confirm(self) -> Tally | None:
        """The confirmation games of the final map (None when none were played)."""
        return self.chosen[-1].confirm if self.chosen else None

    def map_of(self, trial: Trial) -> HexMap:
        """The map ``trial`` proposes (:meth:`scenario_of`'s map).

        Raises MapEditError (a ValueError) for a trial of another run.
        """
        return self.scenario_of(trial).map

    def scenario_of(self, trial: Trial) -> Scenario:
        """The scenario ``trial`` proposes: the original with the chosen edits of the steps before it, then its
        own (a roster exchange changes what the sides field, the others the map).

        Raises ValueError (MapEditError for a map edit) for a trial of another run.
        """
        s = self.before
        for t in self.chosen[:trial.step - 1]:
            s = t.proposal.apply_to(s)
        return trial.proposal.apply_to(s)
