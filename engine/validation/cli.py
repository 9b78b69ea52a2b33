"""``hexfort validate``: check maps, scenarios and rulesets from the command line.

Exit status: 0 when no file has errors, 1 when some do, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from engine.validation.problem import Severity
from engine.validation.runner import FileResult, find_files, validate_file

__all__ = ["add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``validate`` options on ``p``."""
    p.add_argument("paths", nargs="+", metavar="PATH", help="map, scenario or ruleset files, or folders to search")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format (default text)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")


def run(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Validate ``args.paths``; print the report to ``out``; return the exit status."""
    files = list(find_files(args.paths))
    if not files:
        print("hexfort validate: no .json files found in the given paths", file=sys.stderr)
        return 2
    results = [validate_file(f) for f in files]
    failing = {Severity.ERROR, Severity.WARNING} if args.strict else {Severity.ERROR}
    bad = sum(any(p.severity in failing for p in r.problems) for r in results)
    if args.format == "json":
        json.dump(_json_report(results), out, indent=2)
        out.write("\n")
    else:
        _text_report(results, out)
    return 1 if bad else 0


def _text_report(results: list[FileResult], out: TextIO) -> None:
    counts = {s: 0 for s in Severity}
    for r in results:
        for p in sorted(r.problems, key=lambda p: (p.severity.rank, p.code)):
            counts[p.severity] += 1
            loc = p.location()
            out.write(f"{r.path}{':' + loc if loc else ''}: {p.code} {p.severity.value}: {p.message}\n")
    out.write(
        f"{len(results)} file{'s' if len(results) != 1 else ''} checked: "
        f"{counts[Severity.ERROR]} errors, {counts[Severity.WARNING]} warnings, "
        f"{counts[Severity.INFO]} notes\n"
    )


def _json_report(results: list[FileResult]) -> dict[str, object]:
    return {
        "files": [
            {
                "path": str(r.path),
                "kind": r.kind,
                "problems": [
                    {
                        "code": p.code,
                        "severity": p.severity.value,
                        "message": p.message,
                        "hexes": [str(h) for h in p.hexes],
                        "where": p.where,
                    }
                    for p in r.problems
                ],
            }
            for r in results
        ],
    }
