"""Whether an output file can be written, asked before the work that fills it (a run of games must not be lost to a
folder that does not exist: a new-user audit saw ``hexfort balance`` play 40 games, then fail to write its report)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["cannot_write", "cannot_write_into"]


def _probe(folder: Path) -> str:
    """"" when a file can be made in the existing folder ``folder`` (tried for real: permissions alone say yes to
    root in /proc), else why not."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".hexfort-probe-"):
            pass
    except OSError as e:
        return f"{folder} does not take new files: {e.strerror or e}"
    return ""


def cannot_write(path: str | Path) -> str:
    """Why the file ``path`` cannot be written in place (its folder must exist), or "" when it can: an existing file
    (``/dev/stdout`` too) by its own permission, a new one by making a file in its folder."""
    p = Path(path)
    if p.is_dir():
        return f"{p} is a folder; name a file in it"
    if p.exists():
        return "" if os.access(p, os.W_OK) else f"{p} is not writable"
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        return f"{folder} is not an existing folder" if not folder.exists() else f"{folder} is a file, not a folder"
    return _probe(folder)


def cannot_write_into(folder: str | Path) -> str:
    """Why files cannot be written into ``folder`` (made if missing: the nearest folder that exists must take a
    new file), or "" when they can."""
    probe = Path(folder)
    while not probe.exists():
        if probe.parent == probe:
            return "no such place"
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is a file"
    return _probe(probe)
