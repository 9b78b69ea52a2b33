"""The library's disk cache: one thumbnail PNG and one summary JSON per file version.

An entry is keyed by the file's resolved path, modification time and size, so a
changed file misses the cache and is scanned again; storing a new version
deletes the older versions of the same file. A damaged entry counts as a miss.
Reading and writing are safe from worker threads (QImage only, one file per entry).
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from PySide6.QtGui import QImage

from editor.library.summary import MapSummary

__all__ = ["ThumbnailCache"]


def _digest(text: str, n: int) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


class ThumbnailCache:
    """Thumbnails and summaries under ``folder`` (created on first write)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def _stem(self, path: Path, mtime_ns: int, size: int) -> str:
        return f"{_digest(str(path.resolve()), 16)}-{_digest(f'{mtime_ns}:{size}', 10)}"

    def load(self, path: Path, mtime_ns: int, size: int) -> tuple[MapSummary, QImage | None] | None:
        """The cached summary and thumbnail of this version of ``path``, or None."""
        stem = self._stem(path, mtime_ns, size)
        try:
            data = json.loads((self.folder / f"{stem}.json").read_text(encoding="utf-8"))
            summary = MapSummary.from_json(data)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if summary.path != path or (summary.mtime_ns, summary.size) != (mtime_ns, size):
            return None
        png = self.folder / f"{stem}.png"
        image = QImage(str(png)) if png.exists() else None
        return summary, (image if image is not None and not image.isNull() else None)

    def store(self, summary: MapSummary, image: QImage | None) -> None:
        """Keep ``summary`` (and its thumbnail) for this version of the file; errors are ignored.

        The cache only saves time, so a folder that cannot be written is no failure.
        """
        stem = self._stem(summary.path, summary.mtime_ns, summary.size)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for old in self.folder.glob(f"{stem.split('-')[0]}-*"):
                if not old.name.startswith(stem):
                    old.unlink(missing_ok=True)
            if image is not None:
                image.save(str(self.folder / f"{stem}.png"), "PNG")  # type: ignore[call-overload]  # str works
            tmp = self.folder / f"{stem}.json.{os.getpid()}-{threading.get_ident()}.tmp"
            tmp.write_text(json.dumps(summary.to_json()), encoding="utf-8")
            tmp.replace(self.folder / f"{stem}.json")
        except OSError:
            pass
