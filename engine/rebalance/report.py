"""A rebalance run as plain text and as the JSON document ``schemas/rebalance.schema.json`` describes.

Both are pure functions of the :class:`~engine.rebalance.result.Outcome` and the
run's settings, so the same run gives the same text and JSON (running times go
to the progress lines on stderr, never into the document).
"""

from __future__ import annotations

from typing import Any

from engine.formats.schemas import schema_id
from engine.games.modes import GAMES
from engine.rebalance.evidence import Evidence, Tally, score_interval
from engine.rebalance.mirror import even_by_construction
from engine.rebalance.result import ALREADY_FAIR, Outcome, Trial, interval_json
from engine.rebalance.search import Settings
from engine.simulation.wording import interval

__all__ = ["FORMAT", "document", "text"]

#: Version of the rebalance document.
FORMAT = 1


def _rate(t: Tally, ev: Evidence) -> str:
    """The games in words with both intervals, named: the anytime one the progress and the why text quote, and the
    fixed-sample one a fix is confirmed by (a new-user audit found the text giving one and the JSON the other,
    unnamed)."""
    if not t.games:
        return "no games"
    lo, hi = score_interval(t)
    alo, ahi = ev.interval(t)
    holds = "it holds 50%" if lo <= 0.5 <= hi else "it does not hold 50%"  # a review: "holds" beside 58–64%
    return (f"{t.words()} — RED's score, anytime interval {interval(alo, ahi)}; fixed-sample 95% interval "
            f"{interval(lo, hi)} (the rule a fix is confirmed by: {holds})")


def document(outcome: Outcome, settings: Settings, file: str, written: dict[str, str] | None) -> dict[str, Any]:
    """The JSON document of a run (``schemas/rebalance.schema.json``)."""
    ev = Evidence(settings.alpha)
    s = outcome.before
    confirm = outcome.confirm
    return {
        "$schema": schema_id("rebalance"),
        "format": FORMAT,
        "file": file,
        "scenario": s.name,
        "mode": s.mode.value,
        "players": list(settings.players),
        "seed": settings.seed,
        "status": outcome.status,
        "interrupted": outcome.interrupted,
        "favoured": outcome.favoured,
        "before": interval_json(outcome.baseline, ev),
        "after": None if confirm is None else interval_json(confirm, ev),
        "hexes_changed": len(outcome.hexes),
        "changed_hexes": [str(h) for h in outcome.hexes],
        "change": outcome.words,
        "chosen": [t.to_json(ev) for t in outcome.chosen],
        "why": outcome.why,
        "notes": list(outcome.notes),
        "proposals": [t.to_json(ev) for t in outcome.trials],
        "games_played": outcome.games,
        "written": written,
    }


def _step(t: Trial) -> str:
    """`` (step 2)`` for a trial of a later step: the same edit may come again there (and be refused again)."""
    return f" (step {t.step})" if t.step > 1 else ""


def _trial_line(k: int, t: Trial) -> str:
    step = _step(t)
    where = f"  [{' '.join(str(h) for h in t.hexes)}]" if t.hexes else ""
    line = f"  {k:>2}. {t.words}{where}{step} — {t.status}"
    if t.tally.games:
        line += f"; race games (common seeds): {t.tally.words()}"
    if t.confirm is not None:
        line += f"; fresh games: {t.confirm.words()}"
    return line


def text(outcome: Outcome, settings: Settings, written: dict[str, str] | None) -> str:
    """The report in words (see the module docstring)."""
    s = outcome.before
    ev = Evidence(settings.alpha)
    lines = [f"{s.name} ({GAMES[s.mode].name}), {settings.players[0]} vs {settings.players[1]}",
             f"before: {_rate(outcome.baseline, ev)}"]
    if outcome.status == ALREADY_FAIR and even_by_construction(s):  # whatever its games: the note says why
        lines.append("already fair: no side can be favoured by this map (even by construction); nothing was changed")
    elif outcome.status == ALREADY_FAIR:
        lines.append("already fair: no side is favoured; nothing was changed")
    elif outcome.favoured is None:
        lines.append(f"{outcome.status}: the map's own games did not show whether a side is favoured")
    else:
        n = len(outcome.hexes)
        changed = f"{n} hex{'es' if n != 1 else ''} changed" if n else "no hex changed"
        was = ev.favoured_words(str(outcome.favoured), outcome.baseline)
        lines.append(f"{outcome.status}: {was}; {changed}" if outcome.chosen else f"{outcome.status}: {was}")
        if outcome.chosen:
            lines.append(f"change: {outcome.words}")
            if n:
                lines.append(f"hexes: {' '.join(str(h) for h in outcome.hexes)}")
        if outcome.confirm is not None:
            lines.append(f"after (fresh seeds): {_rate(outcome.confirm, ev)}")
    lines.append(f"why: {outcome.why}")
    lines += [f"note: {n}" for n in outcome.notes]
    refused = [t for t in outcome.trials if t.status.startswith("refused")]
    waiting = [t for t in outcome.trials if t.status == "not played" and not t.tally.games]
    tried = [t for t in outcome.trials if t not in refused and t not in waiting]
    if tried:
        lines.append(f"proposals played ({len(tried)}):")
        lines += [_trial_line(k, t) for k, t in enumerate(tried, 1)]
    if waiting:
        lines.append(f"valid proposals not played ({len(waiting)}: ranked below those raced by the validator's "
                     "measures, or left when a symmetry repair raced first and was confirmed, or the time ran out):")
        lines += [f"      {t.words}{_step(t)}" for t in waiting]
    if refused:
        lines.append(f"proposals the validator refused ({len(refused)}):")
        lines += [f"      {t.words}{_step(t)} — {t.status}" for t in refused]  # a repeat, unmarked, puzzled an audit
    lines.append(f"games played: {outcome.games}")
    if written:
        lines.append("wrote: " + ", ".join(written.values()))
    return "\n".join(lines)
