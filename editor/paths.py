"""Where the editor keeps its own files: recovery copies, stamps and the library's thumbnail cache."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QStandardPaths

__all__ = ["EditorPaths", "file_slug", "shown_path"]


@dataclass(frozen=True, slots=True)
class EditorPaths:
    """The per-user data folder (kept: recovery, stamps) and cache folder (may be wiped: thumbnails).

    Nothing is created until something is written there. Tests pass temporary
    folders so they never touch the user's.
    """

    data: Path
    cache: Path

    @classmethod
    def standard(cls) -> EditorPaths:
        """The platform's folders for the application (``~/.local/share/hexfort``, ``~/.cache/hexfort``...)."""
        loc = QStandardPaths.StandardLocation
        data = QStandardPaths.writableLocation(loc.AppDataLocation) or str(Path.home() / ".hexfort")
        cache = QStandardPaths.writableLocation(loc.CacheLocation) or str(Path(data) / "cache")
        return cls(Path(data), Path(cache))

    @property
    def recovery(self) -> Path:
        """Copies of unsaved work (see :mod:`editor.recovery`)."""
        return self.data / "recovery"

    @property
    def stamps(self) -> Path:
        """The stamp library: one map file per stamp."""
        return self.data / "stamps"

    @property
    def thumbnails(self) -> Path:
        """The map library's thumbnails and summaries, keyed by file path, time and size."""
        return self.cache / "library"


def shown_path(folder: Path, home: Path | None = None) -> str:
    """``folder`` as the library's header and the recovery dialog show it: inside the home folder (default
    ``Path.home()``) as ``~/…``.

    ``folder`` should be absolute and resolved; the home folder is resolved here.
    """
    try:
        home = (home or Path.home()).resolve()
    except (OSError, RuntimeError):  # no home folder to be found: show the whole path
        return str(folder)
    if folder == home:
        return "~"
    return f"~/{folder.relative_to(home).as_posix()}" if folder.is_relative_to(home) else str(folder)


def file_slug(name: str) -> str:
    """``name`` as a file name on any system: lower case, runs of anything but letters, digits, ``.``, ``-`` and
    ``_`` made one ``_`` (a colon, which Windows refuses, among them: a new-user audit was offered
    ``crossroads:_king_of_the_board_seed1001.replay.json``)."""
    return re.sub(r"[^\w.-]+", "_", name.lower()).strip("_.") or "untitled"
