"""Feeding one input to every loader and the validator, and judging what comes back.

A loader may end an input in exactly two ways: a value, or a
:class:`~engine.formats.errors.LoadError` that names the file, says where (a JSON
path, a hex, a line and column or a byte) and says it in a bounded, printable
message. Anything else is a *failure*, identified by its exception type and the
innermost frame of hexfort code it came from. Loaded values must also survive a
save and reload unchanged, and the validator's JSON report must follow
``schemas/report.schema.json``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import socket
import stat
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from engine.formats import LoadError
from engine.formats.errors import MAX_MESSAGE, MAX_WHERE, printable
from engine.formats.schemas import validator
from tests.fuzzing.mutate import HOSTILE_NAMES, Case
from tests.fuzzing.seeds import REPO, write_siblings

__all__ = ["RACES", "Failure", "check_load_error", "hostile_file", "make_socket", "make_symlink_loop", "prepare_folder",
           "run_case", "run_case_timed", "signature_of"]

#: Forms a problem's place may take (LoadProblem's documented forms).
_WHERE: Final = re.compile(r"|\$.*|hex -?\d+,-?\d+|line \d+, column \d+|byte \d+", re.DOTALL)


@dataclass(frozen=True)
class Failure:
    """A loader broke its contract: what, where in hexfort's code, and the details."""

    target: str
    signature: str
    detail: str


class ContractBroken(Exception):
    """A loader returned or raised something its contract does not allow."""


def signature_of(exc: BaseException) -> str:
    """``TypeError in engine/formats/map_file.py:_hexes``: the type and the innermost hexfort frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if f.filename.startswith(str(REPO)) and "/tests/" not in f.filename]
    top = (ours or frames or [None])[-1]
    if top is None:
        return type(exc).__name__
    where = os.path.relpath(top.filename, REPO) if top.filename.startswith(str(REPO)) else Path(top.filename).name
    return f"{type(exc).__name__} in {where}:{top.name}"


def check_load_error(err: LoadError, file: str | Path) -> None:
    """Raise ContractBroken unless ``err`` names ``file`` and says where and what, printably."""
    if err.file != str(file):
        raise ContractBroken(f"LoadError names {err.file!r}, not the file {str(file)!r}")
    if not str(err).startswith(printable(str(file))):
        raise ContractBroken("the message does not start with the file")
    if not 1 <= len(err.problems) <= 50:
        raise ContractBroken(f"{len(err.problems)} problems")
    for p in err.problems:
        if not isinstance(p.message, str) or not p.message.strip():
            raise ContractBroken(f"empty message at {p.where!r}")
        if len(p.message) > MAX_MESSAGE or len(p.where) > MAX_WHERE:
            raise ContractBroken(f"a {len(p.message)}-character message / {len(p.where)}-character place "
                                 f"(it echoes the input): {str(p)[:120]!r}")
        if not _WHERE.fullmatch(p.where):
            raise ContractBroken(f"place {p.where[:80]!r} is not a JSON path, hex, line/column or byte")
        if p.stage not in ("parse", "schema", "meaning"):
            raise ContractBroken(f"unknown stage {p.stage!r}")
        if p.stage != "parse" and not p.where:
            raise ContractBroken(f"a {p.stage} problem without a place: {p.message[:80]!r}")
    try:
        str(err).encode("utf-8")
    except UnicodeEncodeError:
        raise ContractBroken("the message cannot be printed as UTF-8 (it holds a lone surrogate)") from None


# -- the targets ------------------------------------------------------------------------------


def _load_map(path: Path) -> None:
    from engine.formats import dumps_map, load_map, loads_map

    m = load_map(path)
    again = loads_map(dumps_map(m))
    if again != m:
        raise ContractBroken("the map changed on save and reload")


def _load_scenario(path: Path) -> None:
    import dataclasses

    from engine.formats import load_scenario
    from engine.formats.jsonio import dump_canonical, parse_json_text
    from engine.formats.scenario_file import scenario_from_document, scenario_to_document

    s = load_scenario(path)
    embedded = dataclasses.replace(s, map_ref=None)
    text = dump_canonical(scenario_to_document(embedded))
    again = scenario_from_document(parse_json_text(text), path)
    if again != embedded:
        raise ContractBroken("the scenario changed on save and reload")


def _load_ruleset(path: Path) -> None:
    from engine.formats import load_ruleset

    load_ruleset(path)


def _load_replay(path: Path) -> None:
    from engine.replay import dumps_replay, load_replay, loads_replay

    replay, state = load_replay(path)
    again, _ = loads_replay(dumps_replay(replay, state), path)
    if again.actions != replay.actions or again.seed != replay.seed:
        raise ContractBroken("the replay changed on save and reload")


def _load_any(path: Path) -> None:
    from engine.formats import load_any

    load_any(path)


_REPORT_VALIDATOR: Final = validator("report")


#: Filesystem cases where a thread changes the file while the targets run.
RACES: Final = ("vanishing", "swapped", "growing")
#: What validate says, with exit status 2, when the named path is gone or is a folder without files.
_USAGE_FOR_A_MOVING_PATH: Final = ("hexfort validate: no such file or folder", "hexfort validate: no .json files")


def _validate_cli(path: Path, fmt: str = "json", strict: bool = False, racing: bool = False) -> None:
    """``hexfort validate [--strict] --format FMT path``: exit 0 or 1, a UTF-8 report, no internal error.

    Exit 2 is right when the path is gone or is a folder with no files, which a
    ``racing`` case (the file vanishes or turns into a folder meanwhile) may be.
    """
    import argparse

    from engine.validation.cli import add_arguments, run

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    argv = ["--jobs", "1", "--format", fmt, *(["--strict"] if strict else []), str(path)]
    out, err = io.StringIO(), io.StringIO()
    code = run(parser.parse_args(argv), out, err)
    text = out.getvalue()
    try:
        text.encode("utf-8")
        err.getvalue().encode("utf-8")
    except UnicodeEncodeError:
        raise ContractBroken("the report cannot be printed as UTF-8 (it holds a lone surrogate)") from None
    if code == 2 and (not os.path.lexists(path) or os.path.isdir(path)
                      or racing and err.getvalue().startswith(_USAGE_FOR_A_MOVING_PATH)):
        return  # no file (it vanished), or a folder with no .json files in it: a usage error is right
    if code not in (0, 1):
        raise ContractBroken(f"exit status {code} for an existing file: {err.getvalue()[:200]!r}")
    if "HF999" in text:
        _rethrow_internal_error(path)
        raise ContractBroken(f"internal error reported: {text[text.find('HF999'):][:200]!r}")
    if fmt == "json":
        report = json.loads(text)
        errors = sorted(_REPORT_VALIDATOR.iter_errors(report), key=lambda e: list(map(str, e.absolute_path)))
        if errors:
            e = errors[0]
            raise ContractBroken(f"the JSON report breaks its schema at {list(e.absolute_path)}: {e.message[:150]}")
        for f in report["files"]:
            for p in f["problems"]:
                if len(p["message"]) > MAX_MESSAGE or len(p["where"]) > MAX_WHERE:
                    raise ContractBroken(f"a {len(p['message'])}-character problem message in the report")


def _rethrow_internal_error(path: Path) -> None:
    """Run validate_file's steps without its catch-all, so the crash's own frame is reported."""
    from engine.formats.detect import detect_kind
    from engine.formats.jsonio import read_json_file
    from engine.validation import runner

    try:
        doc = read_json_file(path)
        runner._validate(doc, detect_kind(doc), path, False)  # noqa: SLF001 - to see the frame
    except LoadError:
        pass


LOADERS: Final[dict[str, Callable[[Path], None]]] = {
    "map": _load_map,
    "scenario": _load_scenario,
    "ruleset": _load_ruleset,
    "replay": _load_replay,
}


def targets_for(case: Case) -> list[tuple[str, Callable[[Path], None]]]:
    """The loader meant for the case, ``load_any`` (what the editor opens with) and the validate CLI.

    Inputs meant for no loader in particular, and every 7th input, go to every loader.
    """
    out: list[tuple[str, Callable[[Path], None]]] = []
    if case.kind in LOADERS and case.index % 7:
        out.append((case.kind, LOADERS[case.kind]))
    else:
        out.extend(LOADERS.items())
    if case.kind in (None, "map", "scenario", "report"):
        out.append(("load_any", _load_any))
    fmt = "text" if case.index % 5 == 0 else "json"
    strict = case.index % 3 == 0
    racing = case.fs in RACES
    out.append((f"validate --format {fmt}", lambda p: _validate_cli(p, fmt, strict, racing)))
    return out


# -- hostile files ----------------------------------------------------------------------------


def prepare_folder(folder: Path) -> None:
    """Make a worker's folder: the bundled maps and a ruleset for scenarios to name, and hostile files."""
    write_siblings(folder)
    loop, folder_, pipe, dangling, zero, self_ = (folder / n for n in HOSTILE_NAMES)
    for p in (loop, folder_, pipe, dangling, zero, self_):
        if p.is_symlink() or p.is_file():
            p.unlink()
        elif p.is_dir():
            p.rmdir()
    loop.symlink_to(folder / "loop2.map.json")
    (folder / "loop2.map.json").unlink(missing_ok=True)
    (folder / "loop2.map.json").symlink_to(loop)
    folder_.mkdir()
    os.mkfifo(pipe)
    dangling.symlink_to(folder / "gone" / "nowhere.map.json")
    zero.symlink_to("/dev/zero")
    self_.symlink_to(self_.name)


def make_symlink_loop(p: Path) -> None:
    """Make ``p`` a symbolic link to itself."""
    p.symlink_to(p.name)


def make_socket(p: Path) -> None:
    """Make ``p`` a Unix socket (left unbound from any listener)."""
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(p))
    sock.close()


@contextlib.contextmanager
def hostile_file(case: Case, target: Path) -> Iterator[None]:
    """Put the case's file (or hostile path) at ``target`` for the duration; clean up after."""
    stop = threading.Event()
    racer: threading.Thread | None = None
    fs = case.fs
    if fs in ("", "odd_name", "unreadable", "vanishing", "swapped", "growing"):
        target.write_bytes(case.data)
    if fs == "folder":
        target.mkdir()
    elif fs == "pipe":
        os.mkfifo(target)
    elif fs == "symlink_loop":
        make_symlink_loop(target)
    elif fs == "self_link":
        target.symlink_to(Path("..") / target.parent.name / target.name)
    elif fs == "dangling":
        target.symlink_to(target.parent / "missing" / target.name)
    elif fs == "device":
        target.symlink_to("/dev/null")
    elif fs == "socket":
        make_socket(target)
    elif fs == "sparse_huge":
        with open(target, "wb") as f:
            f.truncate(10 * 1024**3)
    elif fs == "empty":
        target.write_bytes(b"")
    elif fs == "unreadable":
        target.chmod(0)
    elif fs in ("vanishing", "swapped", "growing"):
        racer = threading.Thread(target=_race, args=(fs, target, case.data, stop), daemon=True)
        racer.start()
    try:
        with _unreadable_as_root(target) if fs == "unreadable" else contextlib.nullcontext():
            yield
    finally:
        stop.set()
        if racer is not None:
            racer.join()
        _remove(target)


@contextlib.contextmanager
def _unreadable_as_root(target: Path) -> Iterator[None]:
    """Root reads a mode-000 file anyway; then opening it is made to fail as it would for a user."""
    if os.geteuid() != 0:
        yield
        return
    real_open = os.open

    def refusing_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if os.fspath(path) == str(target):
            raise PermissionError(13, "Permission denied", str(target))
        return real_open(path, flags, *args, **kwargs)

    os.open = refusing_open  # type: ignore[assignment]
    real_io_open = io.open

    def refusing_io_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, (str, os.PathLike)) and os.fspath(file) == str(target):
            raise PermissionError(13, "Permission denied", str(target))
        return real_io_open(file, *args, **kwargs)

    import builtins

    builtins.open = refusing_io_open  # type: ignore[assignment]
    try:
        yield
    finally:
        os.open = real_open  # type: ignore[assignment]
        builtins.open = real_io_open  # type: ignore[assignment]


def _race(fs: str, target: Path, data: bytes, stop: threading.Event) -> None:
    """While a loader reads ``target``: delete and rewrite it, swap it for a pipe or folder, or grow it."""
    n = 0
    while not stop.is_set():
        n += 1
        with contextlib.suppress(OSError):
            if fs == "vanishing":
                target.unlink() if n % 2 else target.write_bytes(data)
            elif fs == "swapped":
                _remove(target)
                [lambda: target.write_bytes(data), lambda: os.mkfifo(target), target.mkdir][n % 3]()
            else:
                with open(target, "ab") as f:
                    f.write(b" " * 65536)
        time.sleep(0)


def _remove(p: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        if p.is_symlink():
            p.unlink()
        elif not p.is_dir():
            p.chmod(stat.S_IRUSR | stat.S_IWUSR)
            p.unlink()
        else:
            shutil.rmtree(p)


# -- one case ---------------------------------------------------------------------------------


def run_target(name: str, fn: Callable[[Path], None], path: Path) -> Failure | None:
    """Run one target on ``path``; a Failure unless it ends in a value or a well-formed LoadError."""
    try:
        fn(path)
    except LoadError as e:
        try:
            check_load_error(e, path)
        except ContractBroken as broken:
            return Failure(name, f"bad LoadError: {str(broken).split(':')[0][:60]}", f"{broken}\n{e}"[:2000])
    except ContractBroken as e:
        return Failure(name, f"contract: {str(e).split(':')[0][:60]}", str(e)[:2000])
    except (Exception, RecursionError, MemoryError) as e:  # noqa: B014 - named for the reader
        return Failure(name, signature_of(e), "".join(traceback.format_exception(e))[-3000:])
    return None


def run_case(case: Case, folder: Path) -> list[Failure]:
    """Every target on one case, in ``folder`` (made by :func:`prepare_folder`)."""
    return run_case_timed(case, folder)[0]


def run_case_timed(case: Case, folder: Path) -> tuple[list[Failure], list[tuple[str, float, float]]]:
    """:func:`run_case`, also returning (target, wall seconds, CPU seconds) for each target."""
    target = folder / case.filename
    _remove(target)
    failures = []
    times = []
    with hostile_file(case, target):
        for name, fn in targets_for(case):
            start, cpu = time.perf_counter(), time.process_time()
            f = run_target(name, fn, target)
            times.append((name, time.perf_counter() - start, time.process_time() - cpu))
            if f is not None:
                failures.append(f)
    return failures, times
