"""The plain-text report of a batch, shared by ``hexfort simulate`` and the editor's Simulate… dialog."""

from __future__ import annotations

from engine.mapmodel import Team
from engine.simulation.batch import BatchSummary

__all__ = ["summary_text"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _pickups_line(s: BatchSummary) -> str:
    """``  pickups: RED 3 (kit 3), BLU 1 (kit 1)``, or ``  pickups: none``: said, so that a missing line is never read
    as a report cut short."""
    if not any(s.pickups.values()):
        return "  pickups: none"
    return "  pickups: " + ", ".join(
        f"{t} {sum(kinds.values())}" + (f" ({', '.join(f'{k} {n}' for k, n in kinds.items())})" if kinds else "")
        for t, kinds in s.pickups.items())


def summary_text(s: BatchSummary, name: str, players: tuple[str, ...], cancelled: bool = False,
                 partial_of: int | None = None, verdict: bool = True, intervals: bool = True,
                 construction: str | None = None, caveat: str = "", pickups: bool = True,
                 first_team: Team | None = None) -> str:
    """Wins per team (with ``intervals``, their fixed-sample 95% intervals), draws, first-player wins, game length,
    pickups (when any) and (``verdict``) the verdict (``construction``: why the map is even by construction, which
    the verdict's side answer then says, and ``caveat``, the sentences leading it: :meth:`BatchSummary.verdict`);
    ``pickups`` False for a game without pickups; ``first_team``: as for :meth:`BatchSummary.verdict`.

    ``cancelled`` notes that the batch stopped early; ``partial_of`` (the games
    planned) that Ctrl-C interrupted it; an empty batch says so.
    """
    if partial_of is not None:
        note = f" — PARTIAL: interrupted after {s.games} of {partial_of} games"
        if not s.games:
            return f"No game finished (PARTIAL: interrupted before the first of {partial_of} games)."
    else:
        note = " — cancelled early" if cancelled else ""
    if not s.games:
        return "No game finished." + (" (cancelled)" if cancelled else "")
    lines = [f"{name}: {s.games} games, {players[0]} vs {players[1]}{note}"]
    for team in ("RED", "BLU"):
        lo, hi = s.win_rate_ci[team]
        ci = f"  (95% CI {_pct(lo)}–{_pct(hi)})" if intervals else ""
        lines.append(f"  {team} wins {s.wins[team]:>5}  {_pct(s.wins[team] / s.games):>6}{ci}")
    lines.append(f"  draws    {s.draws:>5}")
    lo, hi = s.first_player_ci
    ci = f" (95% CI {_pct(lo)}–{_pct(hi)})" if intervals else ""
    lines.append(f"  first player wins {_pct(s.first_player_wins / s.games)}{ci}")
    if len(set(players)) > 1:
        lines.append("  by player: " + ", ".join(f"{k} {v}" for k, v in s.player_wins.items()))
    lines.append(f"  game length: {s.turns_mean:.1f} turns on average (median {s.turns_median:g}, "
                 f"{s.turns_min}–{s.turns_max})")
    if pickups:  # a game without pickups (Payload Race) says nothing of them
        lines.append(_pickups_line(s))
    if verdict:
        lines.append(f"  verdict: {s.verdict(construction, caveat=caveat, first_team=first_team)}")
        if intervals:  # two intervals for one figure, unexplained, puzzled a new-user audit
            lines.append("  (the verdict's intervals hold however many games are looked at and are corrected for "
                         "its two questions together, so they are wider than the 95% CIs above, which are for "
                         "this fixed number of games; docs/balance.md, \"How sure is the answer?\")")
    return "\n".join(lines)
