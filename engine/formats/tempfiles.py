"""hexfort's own temporary files: the name an atomic save writes first, and the ones a killed save left.

:func:`~engine.formats.jsonio.atomic_write_text` writes ``NAME`` by way of a hidden
``.NAME.hexfort-PID-HOST-XXXXXXXX.tmp`` beside it (the writer's process id, a short
digest of its machine's name and a random tag), which it renames over ``NAME``. A
process killed before the rename leaves that file behind. Because the name says who
wrote it, whether it is stale is decidable: its writer ran on this machine and is no
longer running. Nothing else is ever called stale: not a file of another pattern
(``.NAME.abc123.tmp`` from an editor or an older hexfort), not one written on another
machine (its process cannot be looked up from here), not one whose writer still runs
(this process included), not a folder or a symbolic link bearing such a name.

:func:`judge` tells what a stale file holds compared with the file it was meant to
replace, so the editor can offer what differs as a recovery and remove the rest.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import socket
import stat
import sys
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Final

__all__ = [
    "HOST",
    "StaleVerdict",
    "TempFile",
    "judge",
    "parse_temp_name",
    "process_alive",
    "process_start",
    "remove_if_stale",
    "stale_temps",
    "temp_prefix",
]

#: A short digest of this machine's name, written into temporary files' names.
HOST: Final = hashlib.sha1(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:6]

_TEMP_NAME: Final = re.compile(
    r"^\.(?P<target>.+)\.hexfort-(?P<pid>[1-9][0-9]{0,9})-(?P<host>[0-9a-f]{6})-[a-z0-9_]{8}\.tmp$")


def temp_prefix(target_name: str) -> str:
    """The start of the temporary file's name for a save of ``target_name`` by this process.

    ``tempfile.mkstemp`` adds eight random characters and the ``.tmp`` suffix.
    """
    return f".{target_name}.hexfort-{os.getpid()}-{HOST}-"


@dataclass(frozen=True, slots=True)
class TempFile:
    """A file named as hexfort's atomic saves name their temporary files."""

    path: Path
    #: the file the save was meant to replace (beside the temporary file)
    target: Path
    pid: int
    host: str


def parse_temp_name(path: Path) -> TempFile | None:
    """``path`` as a hexfort temporary file, or None when its name is not of that pattern."""
    m = _TEMP_NAME.match(path.name)
    if m is None:
        return None
    return TempFile(path, path.with_name(m["target"]), int(m["pid"]), m["host"])


def process_start(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot) on Linux; None elsewhere or when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read()
    except OSError:
        return None
    fields = raw[raw.rfind(b")") + 2:].split()  # the name in parentheses may hold spaces
    try:
        return int(fields[19])  # field 22 of the line; fields[0] is field 3
    except (IndexError, ValueError):
        return None


def _zombie(pid: int) -> bool:
    """True when ``pid`` has ended but was not reaped yet (Linux; False elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read()
    except OSError:
        return False
    return raw[raw.rfind(b")") + 2:][:1] in (b"Z", b"X")


def process_alive(pid: int, started: int | None = None) -> bool:
    """True when process ``pid`` of this machine is running (and, given ``started``, is the same process).

    ``started`` is :func:`process_start`'s figure recorded earlier: a process that
    got the number after the first one ended is not taken for it. Ended processes
    not reaped yet (zombies) count as gone.
    """
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, run by someone else
    except OSError:
        return False
    if _zombie(pid):
        return False
    return started is None or process_start(pid) in (None, started)


def _windows_alive(pid: int) -> bool:
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return False
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def stale_temps(folder: Path) -> list[TempFile]:
    """hexfort's temporary files in ``folder`` (not below it) whose writer is gone, sorted by name.

    Only regular files of the pattern, written on this machine by a process other
    than this one that no longer runs. A folder that cannot be listed has none.
    """
    out = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return []
    for entry in entries:
        temp = parse_temp_name(Path(entry.path))
        if temp is None or temp.host != HOST or temp.pid == os.getpid():
            continue
        try:
            if not stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
                continue
        except OSError:
            continue
        if not process_alive(temp.pid):
            out.append(temp)
    return out


class StaleVerdict(Enum):
    """What a stale temporary file holds, compared with the file it was meant to replace."""

    #: a whole map or scenario that the file beside it does not hold (it may be the newest work)
    DIFFERS = "differs"
    #: the same map or scenario the file holds: nothing to keep
    SAME = "same"
    #: cut short, or not a map or scenario: nothing that could be opened
    UNUSABLE = "unusable"


def judge(temp: TempFile) -> StaleVerdict:
    """Compare a stale temporary file with its target (a missing or broken target differs from any map)."""
    from engine.formats.detect import load_any
    from engine.formats.errors import LoadError

    try:
        kind, value = load_any(temp.path)
    except LoadError:
        return StaleVerdict.UNUSABLE
    if kind not in ("map", "scenario"):
        return StaleVerdict.UNUSABLE
    with contextlib.suppress(LoadError):
        if load_any(temp.target) == (kind, value):
            return StaleVerdict.SAME
    return StaleVerdict.DIFFERS


def remove_if_stale(temp: TempFile) -> bool:
    """Delete ``temp`` if it is still a stale regular file of the pattern; True when it was deleted."""
    again = parse_temp_name(temp.path)
    if again is None or again.host != HOST or again.pid == os.getpid() or process_alive(again.pid):
        return False
    try:
        if not stat.S_ISREG(os.lstat(temp.path).st_mode):
            return False
        os.unlink(temp.path)
    except OSError:
        return False
    return True
