"""The notes an answer carries besides its reason: what a designer should know that the games alone do not say."""

from __future__ import annotations

from engine.mapmodel import Team
from engine.rebalance.budget import Budget
from engine.rebalance.evidence import CONFIRM_POOLED, CONFIRM_SURE, Tally, confirmed_fair, score_interval
from engine.rebalance.mirror import even_by_construction, team_mirror
from engine.rebalance.result import Trial
from engine.rebalance.rosters import fielded, rosters_only
from engine.rebalance.screen import open_fairness_warnings
from engine.rebalance.settings import whole_blocks
from engine.scenario import Scenario
from engine.simulation.stats import wilson_interval
from engine.simulation.verdict import unit_names
from engine.simulation.wording import interval, pct
from engine.validation.construction import construction_reason

__all__ = ["advice", "already_fair_notes", "already_fair_why", "fixed_why", "overshoot", "rosters_note", "unfixed_why"]


def already_fair_why(scenario: Scenario, baseline: Tally, baseline_games: int) -> str:
    """Why a map is left alone (:func:`~engine.rebalance.evidence.baseline_answer`): the known answer of a map even
    by construction, else the standard its games met (``baseline_games``: the search's first look)."""
    reason = construction_reason(scenario)
    if reason is not None:
        played = f"its {baseline.games:,} games were played for the notes only" if baseline.games else "no game was needed"
        return f"no side can be favoured by this map: {reason}; {played}; nothing was changed"
    margin = CONFIRM_SURE if baseline.games <= whole_blocks(baseline_games) else CONFIRM_POOLED
    return (f"no side is favoured: {baseline.words()} — no side's 95% interval above half, and RED within "
            f"{100 * margin:g} point{'s' if margin != 0.01 else ''} of even, the standard a fix is confirmed by; "
            "nothing was changed")


def fixed_why(before: str, hexes: int, race: str, confirm: Tally, play_on_to: int = 0) -> str:
    """Why a fix is a fix: the map's own answer (``before``, in words), the ``hexes`` its change touches, the fixing
    edit's games on the search's common seeds (``race``, in words) and on fresh seeds (``confirm``); ``play_on_to``:
    the fresh games it would have played on to had they fitted the time (0: it did, or it does not play on)."""
    short = (f"; with more --minutes it would have played on to {play_on_to} fresh games for a surer answer"
             if play_on_to > confirm.games else "")
    return (f"{before}; the smallest change found whose games showed no side favoured changes "
            f"{f'{hexes} hex' if hexes else 'no hex'}{'es' if hexes > 1 else ''}: on the search's common seeds "
            f"{race}, and on {confirm.games} fresh games {confirm.words()}: no side's 95% interval above 50% and RED "
            "near even, the standard a fix is confirmed by (hexfort balance on the result may still say \"not "
            "decided yet\": it plays on until its interval lies within 3 points of even, several thousand games)"
            f"{short}")


def unfixed_why(chosen: list[Trial], favoured: Team | None, interrupted: bool, budget: Budget, ended: str,
                steps: int, played: bool) -> str:
    """Why a run ended without a fix: the ``chosen`` edits that came nearest (and whether the last went too far past
    even, :func:`overshoot`), what the ``budget`` ran short of, then :func:`advice` (``ended``, ``steps``,
    ``played``)."""
    return (f"no edit tried was confirmed fair {'before the interruption' if interrupted else 'in the time given'}" +
            (f"; the nearest: {'; '.join(t.words for t in chosen)}" if chosen else "") +
            (overshoot(favoured, chosen[-1]) if chosen and favoured is not None else "") +
            ("; a fair-looking edit was left unconfirmed: its fresh games would have run past --minutes"
             if budget.no_time else "") +
            (f"; racing the next proposals and confirming one would take about {budget.needed} minutes here"
             if budget.needed else "") +
            advice(ended, steps, budget.no_time, budget.needed, interrupted, played))


def overshoot(favoured: Team, last: Trial) -> str:
    """``; on its games BLU is favoured instead (...)`` when the nearest change's own games (its fresh ones when it
    reached confirmation) show the side the map did not favour (``favoured``) ahead by the fixed-sample rule a fix
    is confirmed by, whose interval it quotes (the anytime one beside it held 50%: a review): the change went too
    far (found by a new-user audit: "improved" over a flipped bias said nothing)."""
    t, other = last.confirm or last.tally, favoured.other
    lo, hi = score_interval(t) if t.games else (0.0, 1.0)
    if (lo if other is Team.RED else 1 - hi) <= 0.5:
        return ""
    return (f"; on its games {other.value} is favoured instead (RED {pct(t.score)}, fixed-sample 95% interval "
            f"{interval(lo, hi)}, {t.games} games): that change goes too far")


def already_fair_notes(scenario: Scenario, baseline: Tally) -> list[str]:
    """On a map left alone as already fair: the first mover's share when it is significant on an exact mirror (the
    game's tempo, which mirrored edits change for both sides alike), games off even on a map even by construction
    (the players', not the map's), and the validator's open fairness warnings."""
    notes = []
    lo, _ = wilson_interval(baseline.first, baseline.games) if baseline.games else (0.0, 0.0)
    mirror = team_mirror(scenario.map)
    if lo > 0.5 and mirror is not None and mirror.exact:  # "mirrored edits" only where there is a mirror
        notes.append(
            f"moving first wins {100 * baseline.first / baseline.games:.0f}% of these games: that is the "
            "game's tempo, which mirrored edits change for both sides alike; the rules (who moves first) "
            "decide it, see docs/balance.md \"Balance fixer\"")
    if baseline.games and even_by_construction(scenario) and not confirmed_fair(baseline):
        notes.append(
            f"these games came out {baseline.words()}, further from even than chance usually goes; on a map even by "
            "construction that is the players' habit (their tie-breaks need not be mirror images) or a rare draw, "
            "not the ground, so no edit is offered for it; rerun with another seed or other players to see")
    return notes + open_fairness_warnings(scenario)


def rosters_note(scenario: Scenario, favoured: Team) -> list[str]:
    """On a scenario left unfixed whose sides differ only by what they field: that the rosters are the cause."""
    if not rosters_only(scenario):
        return []
    names = unit_names(scenario)  # "D-Struct-Or", not the file's "dstructor" (a new-user audit)
    red, blu = (", ".join(names.get(k, k) for k in fielded(scenario, t)) for t in (Team.RED, Team.BLU))
    return [f"on this map no team has a place of its own (both spawn at the same spawnpoints), so what favours "
            f"{favoured.value} is what the sides field — RED: {red}; BLU: {blu}; the map's edits can only change "
            "which characters its ground suits; to even the sides, give them rosters of equal strength (the "
            "exchanges of one character are listed among the proposals, with their games where the run played them)"]


def advice(ended: str, steps: int, no_time: bool, needed: int, interrupted: bool, played: bool) -> str:
    """What to do next after a run without a fix, by why its steps ended (``ended``: ``time``, ``stuck`` — no edit
    of the last step came nearer even than its control — or ``steps``, the run's ``steps`` all taken): more time
    helps only when time ended them. ``no_time``: a fair-looking edit was left unconfirmed for time; ``needed``:
    the minutes a race or confirmation that could not start would have needed (0: none); ``played``: whether any
    proposal was played, so that there are proposals listed to edit from."""
    if ended == "stuck" and not no_time and not needed:
        return ("; the search stopped with time left: no edit of its last step came nearer even than the map it "
                "started from, on the same games, so more --minutes would try the same edits — edit by hand from "
                "the proposals listed (each with its games), or try other players (--players)")
    if ended == "steps" and not no_time and not needed:
        return (f"; it took every step a run may take ({steps}), each an edit that came nearer even; edit "
                "by hand from there, or run the fixer again on its result")
    by_hand = ", or edit by hand from the proposals listed" if played else ""  # none played: an empty list (audit)
    if interrupted:  # a Ctrl-C or Cancel, not the time (it said "give it more --minutes": an audit)
        return f"; it was interrupted: run it again to go on{by_hand}"
    return f"; give it more --minutes{f' (at least {needed})' if needed else ''}{by_hand}"
