"""``hexfort fix``: apply the validator's safe quick fixes to maps and scenarios, files or folders.

Each map (and each scenario that embeds its map) is validated; every problem
with exactly one quick fix (:mod:`engine.validation.fixes`) is repaired, and the
file is checked again until nothing safe is left. A file where a problem to fix
has several possible repairs is not touched at all: the report names the
problem and the choices, for the designer to make in the editor. Fixed files
are saved in canonical form, atomically (:func:`~engine.formats.save_map`).
With ``--dry-run`` nothing is written; a unified diff of each file that would
change is printed instead. Each file changed keeps its original beside it as
``NAME.bak`` (an older one is kept: the next is ``NAME.bak2``, ...) unless ``--no-backup``, and its own
``$schema`` (:func:`~engine.formats.map_file.schema_ref_for`).

Exit status, as ``hexfort validate``: 0 when no file has errors after fixing
(with ``--dry-run``: would have none), 1 when some do, 2 for usage errors.
"""

from __future__ import annotations

import argparse
import difflib
import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, TextIO

from engine.formats import LoadError, dumps_map, dumps_scenario
from engine.formats.detect import detect_kind
from engine.formats.jsonio import atomic_write_text, read_json_file
from engine.formats.map_file import map_from_document, schema_ref_for
from engine.formats.scenario_file import scenario_from_document
from engine.mapmodel import HexMap
from engine.scenario import Scenario
from engine.validation.cli import text_report
from engine.validation.fixes import FIXABLE, FixOutcome, fix_map
from engine.validation.problem import Problem, Severity, internal_error
from engine.validation.runner import FileResult, find_files, load_problems, scenario_problems, validate_file

__all__ = ["FileFix", "add_arguments", "fix_file", "run"]

_CODE = re.compile(r"^HF\d{3}$")
#: The codes ``fix`` repairs, and those whose repair is a choice it leaves to the designer.
_SAFE = tuple(sorted(c for c, kind in FIXABLE.items() if kind == "safe"))
_CHOICES = tuple(sorted(c for c, kind in FIXABLE.items() if kind == "choice"))


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``fix`` options on ``p``."""
    p.add_argument("paths", nargs="*", metavar="PATH", help="map or scenario files, or folders to search")
    p.add_argument("--dry-run", action="store_true",
                   help="change nothing: print a unified diff of each file that would change")
    p.add_argument("--no-backup", dest="backup", action="store_false",
                   help="do not keep each changed file's original beside it as NAME.bak")
    p.add_argument("--only", action="append", metavar="HF", default=[],
                   help="fix only this code; repeat it or separate codes with commas (fixed here: "
                        f"{', '.join(_SAFE)}; a choice, left to the editor's problems dock: {', '.join(_CHOICES)})")


@dataclass(frozen=True)
class FileFix:
    """What ``hexfort fix`` did (or, dry, would do) to one file.

    ``outcome`` is None for files with nothing fixable in them (rulesets,
    replays, files that do not load, scenarios naming a separate map file);
    ``problems`` are the file's problems after the fixes; ``old_text`` /
    ``new_text`` are the file before and after when it changes.
    """

    path: Path
    kind: str | None
    outcome: FixOutcome | None
    problems: tuple[Problem, ...]
    old_text: str = ""
    new_text: str = ""
    #: a scenario's own map file, not in this run, that has problems ``fix`` repairs: the codes and that file
    elsewhere: tuple[tuple[str, ...], Path] | None = None
    #: the file as it was, in hexfort's canonical layout (as it will be saved): the diff starts from it, so a file laid
    #: out by hand shows its repairs, not every line re-indented (a new-user audit's 90-line diff for one hex)
    canonical_text: str = ""

    @property
    def relaid(self) -> bool:
        """True when saving also changes the file's layout (the diff leaves that out)."""
        return bool(self.canonical_text) and self.canonical_text != self.old_text

    @property
    def changed(self) -> bool:
        """True when the file's text changes."""
        return self.outcome is not None and self.outcome.changed and self.new_text != self.old_text

    def diff(self) -> str:
        """A unified diff from the old text to the new (empty when unchanged)."""
        if not self.changed:
            return ""
        name = self.path.as_posix()
        old, new = (name, name) if self.path.is_absolute() else (f"a/{name}", f"b/{name}")
        return "".join(difflib.unified_diff(
            (self.canonical_text or self.old_text).splitlines(keepends=True), self.new_text.splitlines(keepends=True),
            old, new
        ))


def fix_file(path: Path, only: set[str] | None = None, dry_run: bool = False,
             fixed_maps: dict[Path, HexMap] | None = None, backup: bool = True) -> FileFix:
    """Fix ``path`` (a map, or a scenario with its map inside) and save it unless ``dry_run`` (with its original
    kept as ``NAME.bak`` when ``backup``).

    ``fixed_maps`` maps resolved map paths fixed earlier in the run to their new
    maps, so a scenario naming one is checked on the map as it will be; this
    call adds the map it fixes. Never raises for bad input: a file that does not
    load is reported with its load problems and left alone. Raises OSError only
    when writing the fixed file fails.
    """
    fixed_maps = fixed_maps if fixed_maps is not None else {}
    try:
        doc = read_json_file(path)
        kind = detect_kind(doc)
    except LoadError as e:
        return FileFix(path, None, None, load_problems(e))
    try:
        if kind == "map":
            m = map_from_document(doc, path)
            outcome = fix_map(m, only=only)
            ref = schema_ref_for(path, "map", doc.get("$schema"))
            new, was = (dumps_map(outcome.map, ref), dumps_map(m, ref)) if outcome.changed else ("", "")
            result = FileFix(path, kind, outcome, outcome.remaining, _old_text(path, outcome), new, canonical_text=was)
            if outcome.changed:
                fixed_maps[path.resolve()] = outcome.map
                if not dry_run:
                    _save(result, backup)
            return result
        if kind == "scenario":
            s = scenario_from_document(doc, path)
            return _fix_scenario(path, s, only, dry_run, fixed_maps, doc.get("$schema"), backup)
    except LoadError as e:
        return FileFix(path, kind, None, load_problems(e))
    except OSError:
        raise
    except Exception as e:  # noqa: BLE001 - a crash on one file must not end the run, nor touch the file
        return FileFix(path, kind, None, (internal_error("while fixing this file", e, "it was left as it was; "),))
    return FileFix(path, kind, None, validate_file(path).problems)


#: The names :func:`backup_path` gives: ``NAME.bak``, ``NAME.bak2``, ...
BACKUP_NAME: Final = re.compile(r"\.bak\d*$")


def backup_path(path: Path) -> Path:
    """Where ``hexfort fix`` keeps a changed file's original: beside it, ``NAME.bak`` — or, when that exists, the first
    free of ``NAME.bak2``, ``NAME.bak3``, ...: an earlier backup is never replaced (a new-user audit ran fix twice
    and the hand-made original was gone)."""
    first = path.with_name(path.name + ".bak")
    if not first.exists():
        return first
    n = 2
    while (p := path.with_name(f"{path.name}.bak{n}")).exists():
        n += 1
    return p


def _save(fixed: FileFix, backup: bool) -> None:
    """Write ``fixed``'s new text over its file, atomically, the original first to :func:`backup_path` when
    ``backup``; raises OSError."""
    if backup:
        shutil.copyfile(fixed.path, backup_path(fixed.path))  # byte for byte, line endings and all
    atomic_write_text(fixed.path, fixed.new_text)


def _old_text(path: Path, outcome: FixOutcome) -> str:
    """The file's text before the fixes are saved (read only when it will change)."""
    return path.read_text(encoding="utf-8") if outcome.changed else ""


def _fix_scenario(path: Path, s: Scenario, only: set[str] | None, dry_run: bool,
                  fixed_maps: dict[Path, HexMap], schema: object = None, backup: bool = True) -> FileFix:
    """A scenario: its embedded map is fixed here; a named map file is fixed as that file."""
    check = _scenario_check(s, path)
    if s.map_ref is not None:  # the map is its own file: check on it as this run leaves it
        where = (path.parent / s.map_ref).resolve()
        m = fixed_maps.get(where, s.map)
        elsewhere = None
        if where not in fixed_maps:  # not in this run: say so when that file has repairs (a folder audit saw none)
            codes = tuple(sorted({p.code for p, _ in fix_map(m, None, only).applied}))  # as that file is fixed
            elsewhere = (codes, path.parent / s.map_ref) if codes else None
        return FileFix(path, "scenario", None, tuple(check(m)), elsewhere=elsewhere)
    outcome = fix_map(s.map, only=only, check=check)
    fixed = replace(s, map=outcome.map)
    ref = schema_ref_for(path, "scenario", schema)
    new, was = (dumps_scenario(fixed, ref), dumps_scenario(s, ref)) if outcome.changed else ("", "")
    result = FileFix(path, "scenario", outcome, outcome.remaining, _old_text(path, outcome), new, canonical_text=was)
    if outcome.changed and not dry_run:
        _save(result, backup)
    return result


def _scenario_check(s: Scenario, path: Path) -> Callable[[HexMap], list[Problem]]:
    """The problems of scenario ``s`` (read from ``path``) played on a given map, as
    ``hexfort validate`` reports them for the scenario file: its set-up, then its map in its mode."""
    return lambda m: scenario_problems(replace(s, map=m))


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Fix ``args.paths``; print diffs (dry run), what was fixed and what remains; return the exit status.

    ``out`` / ``err`` default to the current ``sys.stdout`` / ``sys.stderr``.
    """
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    if not args.paths:
        print("hexfort fix: name at least one file or folder", file=err)
        return 2
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        print(f"hexfort fix: no such file or folder: {missing[0]}", file=err)
        return 2
    only = {c.strip().upper() for arg in args.only for c in arg.split(",") if c.strip()} or None
    bad = sorted(c for c in only or () if not _CODE.match(c))
    if bad:
        print(f"hexfort fix: {bad[0]!r} is not a problem code (codes look like HF103)", file=err)
        return 2
    idle = sorted(c for c in only or () if c not in _SAFE)  # accepted, then nothing done or said (a new-user audit)
    if idle:
        said = "; ".join(f"{c}: " + ("its repair is a choice (the editor's problems dock offers it)" if c in _CHOICES
                                     else "hexfort has no quick fix for it") for c in idle)
        print(f"hexfort fix: --only {said}; fix repairs {', '.join(_SAFE)}", file=err)
        return 2
    files = list(find_files(args.paths))
    for f in [f for f in files if BACKUP_NAME.search(f.name)]:  # fixing a backup made NAME.bak.bak (an audit)
        original = f.with_name(BACKUP_NAME.sub("", f.name))
        print(f"hexfort fix: {f} is an original hexfort fix kept, left as it is: to undo a fix, copy it over "
              f"{original}; to repair it, copy it to a name ending .json first", file=err)
        files.remove(f)
    if not files:
        print("hexfort fix: no .json files in the given folders", file=err)
        return 2
    fixed_maps: dict[Path, HexMap] = {}
    results: list[FileFix] = []
    # maps first, so scenarios naming them are checked on the fixed maps
    for f in sorted(files, key=lambda p: not p.name.endswith(".map.json")):
        try:
            results.append(fix_file(f, only, args.dry_run, fixed_maps, args.backup))
        except OSError as e:
            print(f"hexfort fix: cannot write {f}: {e.strerror or e}", file=err)
            return 2
    results.sort(key=lambda r: files.index(r.path))
    report(results, out, args.dry_run, args.backup)
    return 1 if any(p.severity is Severity.ERROR for r in results for p in r.problems) else 0


def _held(outcome: FixOutcome) -> list[tuple[Problem, str]]:
    """The safe repairs a file's decisions hold back that ``--only`` can make alone: a code also among the decisions
    would meet the decision again under ``--only`` (a review), so it is not offered."""
    deciding = {p.code for p, _ in outcome.decisions}
    return [(p, label) for p, label in outcome.held if p.code not in deciding]


def report(results: list[FileFix], out: TextIO, dry_run: bool, backup: bool = True) -> None:
    """Diffs (dry run), one line per fix made and per decision left, then validate's report of what remains."""
    verb = "would fix" if dry_run else "fixed"
    for r in results:
        if dry_run and r.changed:
            if r.relaid:
                out.write(f"{r.path}: it will also be saved in hexfort's own layout (indentation, one row a line); the "
                          "diff shows the repairs only\n")
            out.write(r.diff())
        if r.elsewhere is not None:
            codes, map_file = r.elsewhere
            out.write(f"{r.path}: its map is a file of its own, {map_file}, which has {', '.join(codes)} to repair: "
                      f"run hexfort fix {map_file} (or on the folder holding both)\n")
        if r.outcome is None:
            continue
        for p, label in r.outcome.applied:
            loc = p.location()
            out.write(f"{r.path}{':' + loc if loc else ''}: {verb} {p.code}: {label}\n")
        once = " once the safe fixes below are made" if r.outcome.later else ""  # its figures are the fixed map's
        for p, choices in r.outcome.decisions:
            loc = p.location()
            out.write(
                f"{r.path}{':' + loc if loc else ''}: left unchanged: {p.code} needs your decision{once} "
                f"({' / '.join(choices)}): {p.message}\n"
            )
        held = _held(r.outcome)
        if held:
            codes = ",".join(sorted({p.code for p, _ in held}))
            said = "; ".join(f"{p.code}: {label}" for p, label in held)
            out.write(f"{r.path}: held back with it, safe to apply: {said} — a file with a decision is left whole; "
                      f"apply these alone with hexfort fix --only {codes} {r.path}\n")
    changed = sum(r.changed for r in results)
    fixes = sum(len(r.outcome.applied) for r in results if r.outcome is not None)
    waiting = sum(bool(r.outcome.decisions) for r in results if r.outcome is not None)
    held = sum(len(_held(r.outcome)) for r in results if r.outcome is not None)
    out.write(
        f"{'would change' if dry_run else 'changed'} {changed} file{'s' if changed != 1 else ''} "
        f"({fixes} fix{'es' if fixes != 1 else ''}); {waiting} left unchanged for a decision"
        + (f", holding back {held} safe fix{'es' if held != 1 else ''} (--only applies them)" if held else "")
        + f"{' (dry run: nothing written)' if dry_run else ''}\n"
    )
    if changed and not dry_run:
        out.write("each changed file's original is kept beside it as NAME.bak (copy it back to undo; an earlier backup "
                  "is never replaced: the next goes to NAME.bak2, NAME.bak3, ...)\n" if backup else
                  "no backups kept (--no-backup)\n")
    text_report([FileResult(r.path, r.kind, r.problems) for r in results], out, quiet=True)
