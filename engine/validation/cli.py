"""``hexfort validate``: check maps, scenarios and rulesets from the command line.

Exit status: 0 when no file has errors, 1 when some do (with ``--strict``,
warnings count as errors) or the cluster fails, 2 for usage errors, 130 after
Ctrl-C (the files checked by then are reported, marked partial). Progress goes
to stderr when a run takes more than a moment; the report goes to stdout, the
same whether the files were checked here or on a Dask cluster
(``--backend dask --scheduler ADDRESS``, docs/cluster.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TextIO

from engine.formats.errors import printable
from engine.parallel.backends import BackendError, local_backend
from engine.parallel.options import UsageError, add_backend_arguments, backend_from_args, run_on
from engine.parallel.progress import ProgressBar
from engine.validation.explain import explain
from engine.validation.problem import Severity
from engine.validation.runner import FileResult, find_files, validate_files
from engine.validation.wording import severity_tally

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
    p.add_argument("--jobs", "-j", type=int, default=None, metavar="N", help="worker processes (default: all cores)")
    add_backend_arguments(p)
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
    if args.jobs is not None and args.jobs < 1:  # 0 was taken as "all cores", unsaid (a new-user audit)
        print(f"hexfort validate: --jobs {args.jobs}: must be 1 or more (leave it out for all cores)", file=err)
        return 2
    files = list(find_files(args.paths))
    if not files:
        print("hexfort validate: no .json files in the given folders", file=err)
        return 2
    try:
        backend = backend_from_args(args, lambda jobs: local_backend(jobs or os.cpu_count() or 1, len(files), 8))
    except UsageError as e:
        print(f"hexfort validate: {e}", file=err)
        return 2
    bar = ProgressBar(err, len(files), "validating", "files", after=PROGRESS_AFTER_S)
    try:
        results, interrupted = run_on(
            backend, lambda b: validate_files(files, progress=lambda done, total, _: bar(done, total), backend=b),
            bar, "hexfort validate", err)
    except BackendError as e:
        print(f"hexfort validate: {e}", file=err)
        return 1
    failing = {Severity.ERROR, Severity.WARNING} if args.strict else {Severity.ERROR}
    bad = sum(any(p.severity in failing for p in r.problems) for r in results)
    partial = len(files) if interrupted else None
    if args.format == "json":
        json.dump(json_report(results, args.strict, partial), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        text_report(results, out, args.quiet, args.strict)
        if interrupted:
            out.write(f"PARTIAL: interrupted after {len(results)} of {len(files)} files; the rest were not "
                      "checked\n")
    return 130 if interrupted else 1 if bad else 0


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
        f"{severity_tally(totals[Severity.ERROR], totals[Severity.WARNING], totals[Severity.INFO])}\n"
    )


def json_report(results: list[FileResult], strict: bool = False, planned: int | None = None) -> dict[str, object]:
    """The report as a JSON-ready dict (described by schemas/report.schema.json).

    ``planned`` (the files there were to check) marks a run Ctrl-C interrupted.
    """
    totals = {s.value: sum(r.count(s) for r in results) for s in Severity}
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    partial = {} if planned is None else {
        "partial": {"reason": "interrupted", "finished": len(results), "planned": planned}}
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
        **partial,
    }
