"""Why a file could not be written, in words a designer can act on (the map's save, the playtest's replay)."""

from __future__ import annotations

import errno
from pathlib import Path

from engine.formats.errors import printable

__all__ = ["save_error_words"]


def save_error_words(path: Path, e: Exception) -> str:
    """Why saving at ``path`` failed, in words that name the folder — not the hidden temporary file the atomic save
    writes first, in errno's words ("[Errno 30] Read-only file system: '/…/.x.map.json.hexfort-…tmp'", a new-user
    audit) — or the error's own text for anything else."""
    folder = printable(str(path.parent))
    words = {errno.EROFS: f"the folder {folder} is on a read-only disk",
             errno.EACCES: f"you may not write in the folder {folder} (or to the file)",
             errno.EPERM: f"you may not write in the folder {folder} (or to the file)",
             errno.ENOSPC: "the disk is full",
             errno.ENOENT: f"the folder {folder} does not exist (any more)"}
    return words.get(e.errno, str(e)) if isinstance(e, OSError) and e.errno is not None else str(e)
