"""Which campaign cases would a change to the fixer's candidates race differently? Without playing a game.

A change to how the fixer lists, screens or picks its proposals (a new family, a
rule that leaves some out) can alter every case's search, and playing the twenty
cases again takes hours. Most cases cannot be touched, though: a search is the
same games as long as every step races the same proposals. This script rebuilds
each case's recorded path — the edit each step took, from ``bench/rebalance.py
--json`` rows — and prints, for every step along it and for either side
favoured, the proposals the code it runs on would race there (the picks, in
order). Run it on two trees and compare: the cases whose lines differ are the
ones to play again; the others' rows can be carried.

    cd OLD_TREE && PYTHONPATH=OLD_TREE python bench/rebalance_paths.py ROWS.json ... > old.txt
    cd NEW_TREE && PYTHONPATH=NEW_TREE python bench/rebalance_paths.py ROWS.json ... > new.txt
    diff old.txt new.txt

A row names its steps (``steps``, since session 26); an older one only its
changes in words (``change``), and the path is found again: at each step, the
raced proposal (or pair of them) whose words begin what is left of ``change``,
the longest first, backtracking, until the steps give the map the run left
(``left``). A path that cannot be found is said so. Session 26 used this, as a
scratch script, to find that its rule touched two of the twenty cases.
Run: ``python bench/rebalance_paths.py ROWS.json ... [--only SOURCE:NAME ...]``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import REPO  # noqa: F401 - puts this tree first on the import path
from rebalance_cases import CASES

from engine.formats.scenario_file import scenario_from_document
from engine.mapmodel import Team
from engine.parallel.backends import InProcess
from engine.rebalance.changes import Proposal
from engine.rebalance.combine import pairs
from engine.rebalance.measures import Place
from engine.rebalance.play import Runner
from engine.rebalance.result import Trial
from engine.rebalance.search import Listener, Settings, _Search
from engine.scenario import Scenario


@dataclass(frozen=True)
class Recorded:
    """What a row says of its path: its steps in words (rows since session 26), the words of every proposal each
    step raced (``played``), and the scenario the run left."""

    steps: tuple[str, ...] | None
    raced: dict[int, frozenset[str]]
    left: Scenario | None

    @classmethod
    def of(cls, row: dict[str, Any]) -> Recorded:
        raced: dict[int, set[str]] = {}
        for t in row.get("played") or ():
            raced.setdefault(t["step"], set()).add(t["words"])
        left = scenario_from_document(row["left"], Path("left.scenario.json")) if row.get("left") else None
        steps = row.get("steps")
        return cls(None if steps is None else tuple(steps), {k: frozenset(v) for k, v in raced.items()}, left)

    def took(self, step: int, words: str) -> bool:
        """Whether step ``step`` can have taken the proposal said in ``words``: the row's own step when it names
        them, else one that step raced (when the row lists them)."""
        if self.steps is not None:
            return step <= len(self.steps) and self.steps[step - 1] == words
        return not self.raced or words in self.raced.get(step, ())

    def fits(self, step: int, end: Scenario) -> bool:
        """Whether a path of ``step`` steps ending at ``end`` is the recorded one: as many steps as the row raced
        and the map and sides it left (as far as the row tells)."""
        if self.steps is not None and step != len(self.steps) or self.raced and step != max(self.raced):
            return False
        return self.left is None or (end.map == self.left.map and end.teams == self.left.teams)


def picks(search: _Search, base: Scenario, step: int) -> dict[Team, list[Proposal]]:
    """The proposals ``search`` would race at ``step`` from ``base``, for either side favoured."""
    out = {}
    for fav in Team:
        search.trials = []
        out[fav] = [t.proposal for t in search.candidates(base, fav, step)]
    return out


def _choices(raced: dict[Team, list[Proposal]], place: Place, left: str) -> Iterator[tuple[str, Proposal]]:
    """The raced proposals, and the fixer's pairs of them (:func:`~engine.rebalance.combine.pairs`, in either
    order: which came first in its race is not recorded), whose words begin ``left``, the longest first, with their
    words."""
    seen: dict[str, Proposal] = {}
    for ps in raced.values():
        singles = [Trial(p, "", p.hexes, 0) for p in ps]
        for p in ps + pairs(singles) + pairs(singles[::-1]):
            seen.setdefault(p.words(place), p)
    fits = [w for w in seen if left == w or left.startswith(w + "; ")]
    for w in sorted(fits, key=len, reverse=True):
        yield w, seen[w]


def walk(search: _Search, base: Scenario, step: int, change: str, row: Recorded, lines: list[str]) -> bool:
    """Add to ``lines`` the picks of ``step`` and the steps after it along the recorded path (``change``: what is left
    of the row's changes in words); True when the path was found (:meth:`Recorded.fits`)."""
    raced = picks(search, base, step)
    place = Place(base)
    mark = len(lines)
    lines += [f"  step {step}, {fav.value} favoured: " + " | ".join(p.words(place) for p in ps)
              for fav, ps in raced.items()]
    for words, p in _choices(raced, place, change):
        if not row.took(step, words):
            continue
        rest, after = change[len(words):].removeprefix("; "), p.apply_to(base)
        if not rest:
            if row.fits(step, after):
                return True
            continue
        search.taken.append((base, p))
        if walk(search, after, step + 1, rest, row, lines):
            return True
        search.taken.pop()
        del lines[mark + len(raced):]
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rows", nargs="+", help="bench/rebalance.py --json files (a later file's row for a case wins)")
    ap.add_argument("--only", nargs="*", default=[], help="only these cases (source:name)")
    args = ap.parse_args()
    rows: dict[str, dict[str, Any]] = {}
    for path in args.rows:
        for row in json.loads(Path(path).read_text())["rows"]:
            rows[row["case"]] = row
    for key, row in rows.items():
        src, name = key.split(":")
        case = next((c for c in CASES if c.source == src and c.name == name), None)
        if case is None or (args.only and key not in args.only) or not row.get("change"):
            continue
        start = case.build()
        search = _Search(start, Settings(), Runner(InProcess(), ("heuristic", "heuristic")), Listener(), lambda: 0.0)
        lines: list[str] = []
        found = walk(search, start, 1, row["change"], Recorded.of(row), lines)
        print(f"{key}: {row['change']}" + ("" if found else "  [path not found: its steps are not raced here]"))
        print("\n".join(lines), flush=True)


if __name__ == "__main__":
    main()
