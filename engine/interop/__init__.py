"""Other tools' files: Tiled maps (TMX and JSON) in and out.

:func:`read_tiled` reads a Tiled map whichever its format; :func:`import_tiled`
turns it into a hexfort map; :func:`export_tiled` writes a hexfort map as a Tiled
map, keeping what an existing file at the target holds that hexfort does not own.
Errors are :class:`~engine.formats.errors.LoadError` naming the file, the layer and
the tile or object, and the fix.
"""

from __future__ import annotations

from engine.interop.tiled_files import TILED_SUFFIXES, export_tiled, import_tiled, read_tiled, tiled_text

__all__ = ["TILED_SUFFIXES", "export_tiled", "import_tiled", "read_tiled", "tiled_text"]
