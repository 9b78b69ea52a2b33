"""``hexfort validate``: check maps, scenarios and rulesets from the command line.

Exit status: 0 when no file has errors, 1 when some do (with ``--strict``,
warnings count as errors), 2 for usage errors. Progress goes to stderr when a
run takes more than a moment; the report goes to stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from engine.formats.errors import printable
from engine.validation.explain import explain
from engine.validation.problem import Severity
from engine.validation.runner import FileResult, find_files, validate_files

__all__ = ["REPORT_FORMAT", "add_arguments", "run"]

#: Version of the JSON report (schemas/report.schema.json).
REPORT_FORMAT = 1
#: Show progress once a run has taken this long.
PROGRESS_AFTER_S = 0.75


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``validate`` options on ``p``."""
    p.add_argument("paths", nargs="*", metavar="PATH", help="map, scenario or ruleset files, or folders to search")
    p.add_argument("--format", choices=("text", "json"), default="text", help="report format (default: text)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--quiet", "-q", action="store_true", help="text report: leave out notes (info)")
    p.add_argument("--jobs", "-j", type=int, default=0, metavar="N", help="worker processes (default: all cores)")
    p.add_argument("--explain", metavar="CODE", help="print what a problem code means and how to fix it")


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Validate ``args.paths``; print the report to ``out``; return the exit status."""
    if args.explain:
        text = explain(args.explain)
        if text is None:
            print(f"hexfort validate: unknown problem code {args.explain!r} (codes look like HF104)", file=err)
            return 2
        out.write(text.rstrip() + "\n")
        return 0
    if not args.paths:
        print("hexfort validate: name at least one file or folder (or use --explain CODE)", file=err)
        return 2
    missing = [p for p in args.paths if not os.path.lexists(p)]  # a broken link is reported as unreadable
    if missing:
        print(f"hexfort validate: no such file or folder: {printable(missing[0])}", file=err)
        return 2
    if args.jobs < 0:
        print("hexfort validate: --jobs must be 1 or more", file=err)
        return 2
    files = list(find_files(args.paths))
    if not files:
        print("hexfort validate: no .json files in the given folders", file=err)
        return 2
    results = validate_files(files, args.jobs or None, _Progress(err, len(files)))
    failing = {Severity.ERROR, Severity.WARNING} if args.strict else {Severity.ERROR}
    bad = sum(any(p.severity in failing for p in r.problems) for r in results)
    if args.format == "json":
        json.dump(json_report(results, args.strict), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        text_report(results, out, args.quiet, args.strict)
    return 1 if bad else 0


class _Progress:
    """Prints "validated k/n files" to stderr once the run has taken a moment."""

    def __init__(self, err: TextIO, total: int) -> None:
        self.err = err
        self.total = total
        self.start = time.monotonic()
        self.shown = False
        self.tty = err.isatty()
        self.last = 0.0

    def __call__(self, done: int, total: int, path: Path) -> None:
        now = time.monotonic()
        if now - self.start < PROGRESS_AFTER_S and done < total:
            return
        if not self.shown and done == total:
            return  # finished before progress was worth showing
        if self.tty:
            self.err.write(f"\rvalidating: {done}/{total} files")
            if done == total:
                self.err.write("\n")
        elif now - self.last >= 2.0 or done == total:
            self.err.write(f"validating: {done}/{total} files\n")
            self.last = now
        self.err.flush()
        self.shown = True


def text_report(results: list[FileResult], out: TextIO, quiet: bool = False, strict: bool = False) -> None:
    """``file:place: CODE severity: message`` lines, grouped by file, then a summary line.

    A file fails when it has errors (or, with ``strict``, warnings too).
    """
    totals = {s: 0 for s in Severity}
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    failed = 0
    for r in results:
        shown = [p for p in r.problems if not (quiet and p.severity is Severity.INFO)]
        for p in r.problems:
            totals[p.severity] += 1
        failed += any(p.severity in failing for p in r.problems)
        for p in shown:
            loc = p.location()
            out.write(f"{printable(str(r.path))}{':' + loc if loc else ''}: {p.code} {p.severity.value}: {p.message}\n")
            if len(p.hexes) > 1:
                out.write(f"    hexes: {' '.join(str(h) for h in p.hexes[:20])}{' ...' if len(p.hexes) > 20 else ''}\n")
    n = len(results)
    out.write(
        f"{n} file{'s' if n != 1 else ''} checked, {failed} "
        f"{'failing (warnings count as errors)' if strict else 'with errors'}: "
        f"{totals[Severity.ERROR]} error{'s' if totals[Severity.ERROR] != 1 else ''}, "
        f"{totals[Severity.WARNING]} warning{'s' if totals[Severity.WARNING] != 1 else ''}, "
        f"{totals[Severity.INFO]} note{'s' if totals[Severity.INFO] != 1 else ''}\n"
    )


def json_report(results: list[FileResult], strict: bool = False) -> dict[str, object]:
    """The report as a JSON-ready dict (described by schemas/report.schema.json)."""
    totals = {s.value: sum(r.count(s) for r in results) for s in Severity}
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    return {
        "$schema": "https://hexfort.dev/schemas/report.schema.json",
        "format": REPORT_FORMAT,
        "strict": strict,
        "summary": {
            "files": len(results),
            "failed": sum(any(p.severity in failing for p in r.problems) for r in results),
            **totals,
        },
        "files": [
            {
                "path": printable(str(r.path)),
                "kind": r.kind,
                "ok": not any(p.severity in failing for p in r.problems),
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
