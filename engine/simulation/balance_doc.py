"""The balance study as a JSON document (``hexfort balance --format json``; schemas/balance.schema.json).

One document holds the plan (file, seed, pairings), each map version's study
(races, per-pairing figures, heat maps keyed by ``"q,r"``, unit kinds, verdict)
and, with ``--compare``, the differences. Figures are rounded to four decimals
and every mapping is built in a fixed order, so the same study always gives the
same text.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from engine.formats.schemas import schema_id
from engine.hexgrid import Hex
from engine.simulation.balance import MapStudy, PairingStudy, StudyPlan, judge
from engine.simulation.comparison import compare

__all__ = ["FORMAT", "balance_document"]

#: The document's format number (the schema's ``format``).
FORMAT = 1


def _r(x: float) -> float | None:
    """Four decimals; None for an interval without bounds (too few games to measure a spread)."""
    return round(x, 4) if math.isfinite(x) else None


def _hex(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _pairing(p: PairingStudy, hexes: tuple[Hex, ...]) -> dict[str, Any]:
    lengths: dict[int, int] = {}
    for t in p.lengths():
        lengths[t] = lengths.get(t, 0) + 1
    return {
        "players": list(p.players),
        "label": p.label,
        "games": p.games,
        "summary": p.summary.to_json(),
        "length_counts": {str(t): n for t, n in sorted(lengths.items())},
        "first_point": {t.value: {"games": len(v), "mean_turn": _r(statistics.fmean(v)) if v else None}
                        for t, v in p.first_point.items()},
        "heat": {layer: {t.value: {_hex(hexes[c]): n for c, n in counts.items()} for t, counts in teams.items()}
                 for layer, teams in p.heat.items()},
        "classes": [{
            "kind": c.kind,
            "fielded": c.fielded,
            "fielded_wins": c.fielded_wins,
            "without": c.without,
            "without_wins": c.without_wins,
            "difference_ci95": [_r(c.difference[0]), _r(c.difference[1])],
            "significant": c.significant,
            "kills": c.kills,
        } for c in p.classes],
    }


def _study(s: MapStudy) -> dict[str, Any]:
    return {
        "name": s.scenario.name,
        "goal": s.goal,
        "races": [{
            "kind": r.kind,
            "name": r.name,
            "speed": r.speed,
            "goal": r.goal or s.goal,
            "turns": {side.value: r.turns[side] for side in r.sides},
            "paths": {side.value: [_hex(h) for h in r.paths[side]] for side in r.sides},
        } for r in s.races],
        "pairings": [_pairing(p, s.hexes) for p in s.pairings],
        "verdict": judge(s).to_json(),
    }


def balance_document(plan: StudyPlan, files: tuple[str, str | None], main: MapStudy, other: MapStudy | None,
                     partial: tuple[int, int] | None = None) -> dict[str, Any]:
    """The JSON document of a study; ``files`` names the map and the compared file as given.

    ``partial`` (games finished, games planned) marks a run cut short by Ctrl-C.
    """
    doc: dict[str, Any] = {
        "$schema": schema_id("balance"),
        "format": FORMAT,
        "file": files[0],
        "scenario": plan.scenario.name,
        "mode": plan.scenario.mode.value,
        "seed": plan.seed,
        "games": plan.games,
        "players": [list(p) for p in plan.pairings],
        "map": _study(main),
    }
    if other is not None:
        diffs = compare(main, other)
        doc["compare"] = {
            "file": files[1],
            "map": _study(other),
            "differences": [{
                "players": d.pairing,
                "figure": d.figure,
                "this": _r(d.this),
                "other": _r(d.other),
                "difference": _r(d.difference),
                "ci95": [_r(d.low), _r(d.high)],
                "measure": d.measure,
                "samples": list(d.samples),
                "significant": d.significant,
                "words": d.words(),
            } for d in diffs],
        }
    if partial is not None:
        doc["partial"] = {"reason": "interrupted", "finished": partial[0], "planned": partial[1]}
    return doc
