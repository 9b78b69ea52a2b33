"""What ``hexfort balance`` prints on the terminal: the answer first.

With ``--compare`` the comparison's headline comes first (did the change move
the balance?), then both versions' own answers side by side, a row per
question and pairing; without, the map's verdict. Made from the JSON document
alone, so the terminal says exactly what the report says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.simulation.autostop import reason_words
from engine.simulation.wording import interval, pct

__all__ = ["terminal_summary"]


def _state(question: str, test: Mapping[str, Any] | None) -> str:
    """``RED favoured: RED 61% (55–67%)``, ``even: ...``, ``undecided: ... (~2,400 more games)``."""
    if test is None or not test["blocks"]:
        return "too few games"
    est, (lo, hi) = test["estimate"], test["interval"]
    if question == "sides":
        figure = f"RED {pct(est)} ({interval(lo, hi)})"
        claim = ("RED" if test["direction"] > 0 else "BLU") + " favoured"
    else:
        figure = f"first mover {pct(est)} ({interval(lo, hi)})"
        claim = "moving " + ("first" if test["direction"] > 0 else "second") + " wins"
    if test["significant"]:  # and within 3 points: "slightly", as the verdict's sentence says (a statistics review)
        return f"{claim}{', slightly' if test['even'] else ''}: {figure}"
    if test["even"]:
        return f"even: {figure}"
    more = test["needed_games"]
    return f"undecided: {figure}, " + (f"~{more:,} more games" if more is not None else "over a million more games")


def _rows(study: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    """Each pairing's two headline answers in a few words; on a map even by construction (``by_construction``)
    the side question's is that answer, unless the games show a side favoured all the same."""
    out = {}
    known = study["verdict"].get("by_construction")
    for q in study["verdict"].get("questions", []):
        if q["question"] in ("sides", "first_move"):
            state = _state(q["question"], q["test"])
            t = q["test"]
            if known and q["question"] == "sides" and not (t and t["significant"]):
                state = "even by construction" + ("" if not t or not t["blocks"] else
                                                  f": RED {pct(t['estimate'])} ({interval(*t['interval'])})")
            out[(q["players"], q["question"])] = state
    return out


def _stop_line(doc: Mapping[str, Any]) -> str:
    stop = doc.get("stopping", {})
    games = doc["games"]
    if stop.get("rule") == "auto":
        why = reason_words(stop, "compare" in doc)
        return f"{games} games per pairing{' and version' if 'compare' in doc else ''}; stopped because {why}"
    kept = stop.get("games", games)
    asked = f"of --games {games}, interrupted" if kept != games else f"--games {games}"
    return f"{kept} games per pairing{' and version' if 'compare' in doc else ''} ({asked})"


def terminal_summary(doc: Mapping[str, Any]) -> str:
    """The terminal's answer for a balance document (see the module docstring)."""
    lines = []
    if "partial" in doc:
        pt = doc["partial"]
        lines.append(f"PARTIAL: interrupted after {pt['finished']} of {pt['planned']} games")
    lines.append(_stop_line(doc))
    v = doc["map"]["verdict"]
    if "compare" not in doc:
        lines.append(f"verdict: {v['sides']}")
        if v["first_move"]:
            lines.append(f"         {v['first_move']}")
        return "\n".join(lines)
    c = doc["compare"]
    changed = "yes" if c["changed"] else "no"
    decided = "" if c["decided"] else ", not decided yet"
    lines.insert(0, f"what changed: {c['headline']} (balance between the sides changed after correction: {changed}{decided})")
    a, b = _rows(doc["map"]), _rows(c["map"])
    heads = ("", f"this: {doc['file']}", f"other: {c['file']}")
    table = [heads] + [(f"{players}, {'sides' if q == 'sides' else 'moving first'}", a[(players, q)],
                        b.get((players, q), "too few games")) for players, q in a]
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    lines.append("both versions' own answers:")
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in table]
    return "\n".join(lines)
