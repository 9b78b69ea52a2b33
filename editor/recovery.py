"""Crash recovery's store: a copy of every tab's unsaved work, per editor session, kept until the user decides.

The recovery folder (:attr:`editor.paths.EditorPaths.recovery`) holds::

    session-20250301T140312-1a2b3c-12345-1/   one folder per editor session that had unsaved work
        session.json                           who runs it: process id and start, machine, start time
        tab-1.json … tab-N.json                one copy per tab, replaced atomically as the tab changes
    interrupted/                               work rescued from the temporary files of killed saves
    *.map.json, *.scenario.json                copies left by earlier hexfort versions

A copy is one JSON file: where the work belongs (the original file, the tab's
title, map or scenario, the digest of the original when the tab last matched it)
and the document itself. A session writes only in its own folder, so no session
overwrites another's copies; a copy of a session that is no longer running stays
until the user restores or discards it (:func:`discard`). A session is running
while its process is (same machine: the process id and its start time; another
machine: a heartbeat, ``session.json`` touched every minute).

Nothing here uses Qt: the editor writes copies from a worker thread
(:mod:`editor.autosave`) and offers them at start-up (:mod:`editor.recovery_offer`).
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from editor.scenario_setup import ScenarioSetup
from engine.formats import LoadError
from engine.formats.jsonio import atomic_write_text, dump_canonical, read_json_file
from engine.formats.kinds import detect_kind
from engine.formats.map_file import map_from_document, map_to_document
from engine.formats.scenario_file import scenario_from_document, scenario_to_document
from engine.formats.tempfiles import (
    HOST,
    TempFile,
    parse_temp_name,
    process_alive,
    process_start,
    stale_temps,
)
from engine.mapmodel import HexMap

__all__ = [
    "HEARTBEAT_S",
    "INTERRUPTED",
    "Recoverable",
    "Session",
    "TabState",
    "adopt_temp",
    "copy_text",
    "crashed_copies",
    "discard",
    "file_sha256",
    "load_copy",
    "read_copy",
]

#: A session on another machine is taken as running while its ``session.json`` is younger than this.
HEARTBEAT_S: Final = 180.0
#: The folder (under the recovery folder) of work rescued from killed saves.
INTERRUPTED: Final = "interrupted"
_FORMAT: Final = 1
_SESSION_FILE: Final = "session.json"
_live_sessions: set[str] = set()  # this process's running sessions (several windows in one process)
_counter = itertools.count(1)
_lock = threading.Lock()


def file_sha256(path: Path | None) -> str | None:
    """The SHA-256 of a file's bytes, or None when there is no such readable file."""
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            return hashlib.file_digest(f, "sha256").hexdigest()
    except OSError:
        return None


@dataclass(frozen=True, slots=True)
class TabState:
    """What a tab's copy holds, taken on the UI thread (frozen values only, safe to hand to a thread)."""

    title: str
    map: HexMap
    setup: ScenarioSetup | None
    #: the file the tab belongs to (None: never saved)
    original: Path | None
    #: digest of the original file when the tab last matched it (None: no file then)
    base_sha256: str | None


@dataclass(frozen=True, slots=True)
class Recoverable:
    """One copy of unsaved work left by a session that is no longer running."""

    file: Path
    title: str
    kind: str  # "map" or "scenario"
    original: Path | None
    saved_at: float
    base_sha256: str | None
    map_ref: str | None = None
    #: "tab" (a session's copy), "interrupted save" (a killed save's temporary file) or "earlier version"
    source: str = "tab"
    #: the process that wrote the work, as ``HOST-PID`` (None: unknown)
    writer: str | None = None


def copy_text(state: TabState, saved_at: float) -> str:
    """The text of a copy of ``state`` (the map or scenario in hexfort's own format, embedded)."""
    if state.setup is None:
        kind, document = "map", map_to_document(state.map)
    else:
        kind, document = "scenario", scenario_to_document(replace(state.setup, map_ref=None).scenario(state.map))
    return dump_canonical({
        "hexfort_recovery": _FORMAT,
        "title": state.title,
        "kind": kind,
        "original": str(state.original) if state.original is not None else None,
        "saved_at": round(saved_at, 3),
        "base_sha256": state.base_sha256,
        "map_ref": state.setup.map_ref if state.setup is not None else None,
        "document": document,
    })


def read_copy(file: Path, source: str = "tab") -> Recoverable:
    """What a copy says about itself (its document is read by :func:`load_copy`); raises LoadError."""
    doc = read_json_file(file)
    if not isinstance(doc, dict) or "hexfort_recovery" not in doc:  # a whole map or scenario file
        kind = "scenario" if file.name.endswith(".scenario.json") else "map"
        return Recoverable(file, file.name, kind, None, _mtime(file), None, None, "earlier version")
    try:
        original = doc["original"]
        writer = doc.get("writer")
        return Recoverable(
            file, str(doc["title"]), str(doc["kind"]), Path(original) if isinstance(original, str) else None,
            float(doc["saved_at"]), doc.get("base_sha256"), doc.get("map_ref"), source,
            writer if isinstance(writer, str) else _writer_of(file.parent))
    except (KeyError, TypeError, ValueError):
        raise LoadError.single(file, "$", "not a hexfort recovery copy (its fields are missing)") from None


def load_copy(copy: Recoverable) -> tuple[HexMap, ScenarioSetup | None]:
    """The map (and scenario set-up) a copy holds; raises LoadError.

    A scenario's ruleset is looked up beside the original file, as when it was open.
    """
    doc = read_json_file(copy.file)
    if isinstance(doc, dict) and "hexfort_recovery" in doc:
        doc = doc.get("document")
    where = copy.original if copy.original is not None else copy.file
    if copy.kind == "scenario":
        s = scenario_from_document(doc, where)
        return s.map, replace(ScenarioSetup.of(s), map_ref=copy.map_ref)
    return map_from_document(doc, where), None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class Session:
    """This editor session's folder of copies; the folder is made with the first copy.

    :meth:`write` and :meth:`remove` may run on any one thread at a time (the
    editor's recovery writer). :meth:`close` removes the folder once no copy is
    left in it (a clean exit).
    """

    def __init__(self, root: Path) -> None:
        self.root = root
        stamp = time.strftime("%Y%m%dT%H%M%S")
        self.name = f"session-{stamp}-{HOST}-{os.getpid()}-{next(_counter)}"
        self.folder = root / self.name
        self.started = time.time()
        with _lock:
            _live_sessions.add(self.name)

    def _ensure(self) -> None:
        if (self.folder / _SESSION_FILE).exists():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.folder / _SESSION_FILE, json.dumps({
            "hexfort_recovery_session": _FORMAT, "pid": os.getpid(), "process_start": process_start(os.getpid()),
            "host": HOST, "started": self.started}) + "\n")

    def path(self, tab: int) -> Path:
        """The copy of tab ``tab``."""
        return self.folder / f"tab-{tab}.json"

    def write(self, tab: int, text: str) -> Path:
        """Replace tab ``tab``'s copy with ``text`` (:func:`copy_text`) atomically; raises OSError."""
        self._ensure()
        target = self.path(tab)
        atomic_write_text(target, text)
        return target

    def remove(self, tab: int) -> None:
        """Delete tab ``tab``'s copy (the tab was saved, closed or its changes discarded)."""
        with contextlib.suppress(OSError):
            self.path(tab).unlink(missing_ok=True)

    def heartbeat(self) -> None:
        """Tell other machines this session still runs (touches ``session.json`` if it exists)."""
        with contextlib.suppress(OSError):
            os.utime(self.folder / _SESSION_FILE)

    def close(self) -> None:
        """The session ends cleanly: its folder goes when no copy is left (copies still there stay)."""
        with _lock:
            _live_sessions.discard(self.name)
        _remove_if_empty(self.folder)


def _writer_of(folder: Path) -> str | None:
    """``HOST-PID`` of the session owning ``folder``, None when it is not a session's folder."""
    parts = folder.name.split("-")
    if len(parts) != 5 or parts[0] != "session" or not parts[3].isdigit():
        return None
    return f"{parts[2]}-{parts[3]}"


def _session_running(folder: Path) -> bool:
    """Whether the session owning ``folder`` may still run (unknown folders count as running)."""
    parts = folder.name.split("-")
    if len(parts) != 5 or parts[0] != "session" or not parts[3].isdigit():
        return True
    host, pid = parts[2], int(parts[3])
    if pid == os.getpid() and host == HOST:
        with _lock:
            return folder.name in _live_sessions
    info: dict[str, Any] = {}
    with contextlib.suppress(LoadError):
        found = read_json_file(folder / _SESSION_FILE)
        info = found if isinstance(found, dict) else {}
    if host != HOST:
        return time.time() - _mtime(folder / _SESSION_FILE) < HEARTBEAT_S
    started = info.get("process_start")
    return process_alive(pid, started if isinstance(started, int) else None)


def _finish_interrupted_writes(folder: Path) -> None:
    """A copy whose writer was killed before the rename: the whole ones replace their copy, the rest go."""
    for temp in stale_temps(folder):
        try:
            read_copy(temp.path)
            os.replace(temp.path, temp.target)  # written after the copy beside it, so newer
        except (LoadError, OSError):
            with contextlib.suppress(OSError):
                temp.path.unlink()


def _copies_in(folder: Path, source: str) -> list[Recoverable]:
    out = []
    for f in sorted(folder.glob("*.json")):
        if f.name == _SESSION_FILE or f.name.startswith(".") or not f.is_file():
            continue
        try:
            out.append(read_copy(f, source))
        except LoadError:
            continue  # not ours to judge; left alone
    return out


def crashed_copies(root: Path) -> list[Recoverable]:
    """Every copy the user has not decided about, of every session no longer running, oldest first.

    Also the work rescued from killed saves and copies of earlier hexfort versions.
    A crashed session's copy write cut short is finished or dropped first; a
    crashed session's folder with no copy left is removed.
    """
    if not root.is_dir():
        return []
    found: list[Recoverable] = []
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and p.name.startswith("session-")):
        if _session_running(folder):
            continue
        _finish_interrupted_writes(folder)
        copies = _copies_in(folder, "tab")
        if not copies:
            _remove_if_empty(folder)
        found += copies
    interrupted = root / INTERRUPTED
    if interrupted.is_dir():
        _finish_interrupted_writes(interrupted)
        found += _copies_in(interrupted, "interrupted save")
    found += [c for c in _copies_in(root, "earlier version") if c.file.name.endswith((".map.json", ".scenario.json"))]
    return sorted(found, key=lambda c: c.saved_at)


def _remove_if_empty(folder: Path) -> None:
    """Remove a session folder that holds no copy (its ``session.json`` and stale temporary files go too)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name == _SESSION_FILE:
            continue
        temp = parse_temp_name(folder / name)
        if temp is None or temp.host != HOST or temp.pid == os.getpid() or process_alive(temp.pid):
            return  # a copy, a copy being written, or something that is not ours
    with contextlib.suppress(OSError):
        for name in names:
            (folder / name).unlink()
        folder.rmdir()


def discard(copy: Recoverable) -> None:
    """The user decided about ``copy`` (restored it elsewhere or threw it away): delete it."""
    with contextlib.suppress(OSError):
        copy.file.unlink(missing_ok=True)
    if copy.file.parent.name.startswith("session-") and not _session_running(copy.file.parent):
        _remove_if_empty(copy.file.parent)


def adopt_temp(root: Path, temp: TempFile) -> Recoverable:
    """Move a killed save's temporary file (a whole map or scenario) into the recovery folder.

    Raises OSError when it cannot be read or the copy cannot be written, and
    ValueError when it holds no JSON object.

    The copy names the file the save was meant to replace as its original and is
    dated by the temporary file; the temporary file is deleted once the copy is
    written.
    """
    text = temp.path.read_text(encoding="utf-8")
    saved_at = _mtime(temp.path)
    document = json.loads(text)
    if not isinstance(document, dict):
        raise ValueError(f"{temp.path.name} holds no map")
    kind = "scenario" if detect_kind(document) == "scenario" else "map"
    folder = root / INTERRUPTED
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    target = folder / f"{temp.target.name}-{digest[:12]}.json"
    atomic_write_text(target, dump_canonical({
        "hexfort_recovery": _FORMAT, "title": temp.target.name, "kind": kind, "original": str(temp.target),
        "saved_at": round(saved_at, 3), "base_sha256": file_sha256(temp.target), "writer": f"{temp.host}-{temp.pid}",
        "map_ref": document.get("map") if isinstance(document.get("map"), str) else None,
        "document": document}))
    temp.path.unlink()
    return read_copy(target, "interrupted save")
