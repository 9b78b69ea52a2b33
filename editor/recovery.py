"""Crash recovery: unsaved work is copied to a recovery folder every little while.

The copy is written atomically with the normal savers; it is deleted when the
document is saved or its changes are deliberately discarded. After a crash the
next start offers to reopen it (as an unsaved document, so nothing is
overwritten without asking).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from editor.document import MapDocument
from engine.formats import save_map, save_scenario

__all__ = ["recovered_files", "recovery_dir", "recovery_path", "write_recovery"]


def recovery_dir() -> Path:
    """Where recovery copies live (the per-user application data folder)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation) or str(Path.home() / ".hexfort")
    return Path(base) / "recovery"


def recovery_path(doc: MapDocument, folder: Path | None = None) -> Path:
    """The recovery file of ``doc``: one per source file (or per unsaved document of this session)."""
    key = str(doc.path.resolve()) if doc.path else f"unsaved:{doc.map.meta.name}:{id(doc)}"
    digest = hashlib.sha1(key.encode()).hexdigest()[:10]
    stem = (doc.path.name.split(".")[0] if doc.path else doc.map.meta.name.lower().replace(" ", "_")) or "map"
    kind = "scenario" if doc.scenario is not None else "map"
    return (folder or recovery_dir()) / f"{stem}-{digest}.{kind}.json"


def write_recovery(doc: MapDocument, folder: Path | None = None) -> Path | None:
    """Copy a dirty document to its recovery file; returns the path (None when clean).

    Scenario documents are written with their map embedded. Raises OSError when
    the folder cannot be written.
    """
    if not doc.dirty:
        return None
    target = recovery_path(doc, folder)
    target.parent.mkdir(parents=True, exist_ok=True)
    if doc.scenario is None:
        save_map(doc.map, target)
    else:
        from dataclasses import replace

        save_scenario(replace(doc.scenario, map_ref=None).scenario(doc.map), target)
    return target


def recovered_files(folder: Path | None = None) -> list[Path]:
    """Recovery copies left behind, newest first."""
    d = folder or recovery_dir()
    if not d.is_dir():
        return []
    return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
