"""The balance study as a JSON document (``hexfort balance --format json``; schemas/balance.schema.json).

One document holds the plan (file, seed, pairings, how the run stopped), each
map version's study (races, per-pairing figures, heat maps keyed by ``"q,r"``,
unit kinds, verdict with its machine-readable answer) and, with ``--compare``,
the headline of the comparison (``changed``, ``headline``), the hexes that
changed and the secondary differences. Figures are rounded to four decimals
and every mapping is built in a fixed order, so the same study always gives
the same text.
"""

from __future__ import annotations

import math
from typing import Any

from engine.formats.map_file import map_digest
from engine.formats.schemas import schema_id
from engine.hexgrid import Hex
from engine.simulation.autostop import Stop
from engine.simulation.balance import MIN_SAMPLE, MapStudy, PairingStudy, StudyPlan
from engine.simulation.comparison import changed_hexes, compare, headline
from engine.simulation.headline import Answers, answer
from engine.simulation.sequential import json_end
from engine.simulation.verdict import first_points, judge, spawnpoint_caveat, unit_names
from engine.validation.construction import construction_reason, fixed_first_team

__all__ = ["FORMAT", "balance_document"]

#: The document's format number (the schema's ``format``). 2: verdicts from anytime-valid, corrected answers;
#: first points counted with the games in which a team never scored; the comparison's headline.
FORMAT = 2


def _r(x: float) -> float | None:
    """Four decimals; None for an interval without bounds (too few games to measure a spread)."""
    return round(x, 4) if math.isfinite(x) else None


def _hex(h: Hex) -> str:
    return f"{h.q},{h.r}"


def _pairing(s: MapStudy, k: int, answers: Answers, version: int, caveat: str) -> dict[str, Any]:
    p: PairingStudy = s.pairings[k]
    lengths: dict[int, int] = {}
    for t in p.lengths():
        lengths[t] = lengths.get(t, 0) + 1
    facts = s.facts[k] if len(s.facts) > k else ()
    summary = p.summary.to_json()
    # the pairing's headlines and verdict as the study answers them (corrected with the study's other questions:
    # one set of figures per question in the document, a new-user audit found two)
    tests = {key: a.test for key in ("sides", "first_move") if (a := answers.find(key, k, version)) is not None
             and a.test is not None}
    for key, test in tests.items():
        summary["headlines"][key] = test.to_json()
    summary["verdict"] = p.summary.verdict(construction_reason(s.scenario), tests.get("sides"), tests.get("first_move"),
                                           caveat=caveat, first_team=fixed_first_team(s.scenario))
    names = unit_names(s.scenario)
    kinds = {a.question.kind: a for a in answers.of(version, headline=False)
             if a.question.pairing == k and a.question.kind is not None}
    return {
        "players": list(p.players),
        "label": p.label,
        "games": p.games,
        "summary": summary,
        "length_counts": {str(t): n for t, n in sorted(lengths.items())},
        "first_point": {t.value: f.to_json() for t, f in first_points(facts).items()},
        "heat": {layer: {t.value: {_hex(s.hexes[c]): n for c, n in counts.items()} for t, counts in teams.items()}
                 for layer, teams in p.heat.items()},
        "classes": [{
            "kind": c.kind,
            "name": names.get(c.kind, c.kind),
            "fielded": c.fielded,
            "fielded_wins": c.fielded_wins,
            "without": c.without,
            "without_wins": c.without_wins,
            "difference_ci95": ([_r(c.difference[0]), _r(c.difference[1])]
                                if min(c.fielded, c.without) >= MIN_SAMPLE else [None, None]),
            "tested": c.kind in kinds and kinds[c.kind].test is not None,
            "significant": c.kind in kinds and kinds[c.kind].significant,
            "kills": c.kills,
        } for c in p.classes],
    }


def _study(s: MapStudy, answers: Answers, version: int) -> dict[str, Any]:
    caveat = spawnpoint_caveat(s.scenario)  # one validator run for every pairing's verdict
    return {
        "name": s.scenario.name,
        "goal": s.goal,
        "first_score": s.first_score,
        "races": [{
            "kind": r.kind,
            "name": r.name,
            "speed": r.speed,
            "goal": r.goal or s.goal,
            "turns": {side.value: r.turns[side] for side in r.sides},
            "paths": {side.value: [_hex(h) for h in r.paths[side]] for side in r.sides},
        } for r in s.races],
        "pairings": [_pairing(s, k, answers, version, caveat) for k in range(len(s.pairings))],
        "verdict": judge(s, answers=answers, version=version).to_json(),
    }


def balance_document(plan: StudyPlan, files: tuple[str, str | None], main: MapStudy, other: MapStudy | None,
                     partial: tuple[int, int] | None = None, stop: Stop | None = None) -> dict[str, Any]:
    """The JSON document of a study; ``files`` names the map and the compared file as given.

    ``partial`` (games finished, games planned) marks a run cut short by Ctrl-C;
    ``stop`` says where and why a ``--games auto`` run stopped.
    """
    answers = answer(main, other)
    doc: dict[str, Any] = {
        "$schema": schema_id("balance"),
        "format": FORMAT,
        "file": files[0],
        "scenario": plan.scenario.name,
        "mode": plan.scenario.mode.value,
        "seed": plan.seed,
        "games": plan.games,
        "players": [list(p) for p in plan.pairings],
        # games kept per pairing and version: an interrupted run keeps fewer than planned (it said the plan's 200
        # beside "partial: 60 finished": a new-user audit)
        "stopping": stop.to_json() if stop is not None else {"rule": "fixed", "games": plan.games if partial is None
                                                             else min(p.games for s in (main, other) if s is not None
                                                                      for p in s.pairings)},
        # what the study's games were played on: a share page refuses a study of another version of the map
        "map_digest": map_digest(main.scenario.map),
        "map": _study(main, answers, 0),
    }
    doc["verdict"] = doc["map"]["verdict"]  # the map's answer at the top too (issue #19: verdict.favoured ...)
    if other is not None:
        head = headline(main, answers, other=other)
        doc["compare"] = {
            "file": files[1],
            "changed": head.changed,
            "decided": head.decided,
            "headline": head.text,
            "questions": [{"question": "change", "players": main.pairings[a.question.pairing].label,
                           "this": _r(a.this or 0.0), "other": _r(a.other or 0.0),
                           "test": a.test.to_json() if a.test is not None else None} for a in head.answers],
            "changed_hexes": [_hex(h) for h in changed_hexes(main.scenario.map, other.scenario.map)],
            "map_digest": map_digest(other.scenario.map),
            "map": _study(other, answers, 1),
            "differences": [{
                "players": d.pairing,
                "figure": d.figure,
                "this": _r(d.this),
                "other": _r(d.other),
                "difference": _r(d.difference),
                # outward, never onto the no-change an interval excludes (as the headline tests' ends: a review)
                "interval": [json_end(d.low, 0.0, low=True) if d.low is not None else None,
                             json_end(d.high, 0.0, low=False) if d.high is not None else None],
                "measure": d.measure,
                "games": d.games,
                "too_few_games": d.too_few,
                "significant": d.significant,
                "decided": d.decided,
                "words": d.words(),
            } for d in compare(main, answers)],
        }
    if partial is not None:
        doc["partial"] = {"reason": "interrupted", "finished": partial[0], "planned": partial[1]}
    return doc
