"""File ▸ Import from Tiled… and File ▸ Export to Tiled…: Tiled hexagonal maps in the editor.

An imported map opens in a new tab, not saved yet (Save asks where); what cannot
be converted is listed in a dialog — file, layer, tile or object and the fix —
and nothing opens. Export writes the current map as ``.tmx`` or ``.tmj`` and the
picture of its tiles beside it (``NAME.tiles.png``, so Tiled shows the hexes as
hexfort draws them); over an existing Tiled map it keeps that file's other layers,
objects and properties.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from editor import filedialogs
from editor.document_manager import DocumentManager
from engine.formats.errors import LoadError, printable
from engine.interop import export_tiled
from engine.interop.tiled_files import import_tiled_noting, tile_image_path, tiled_format

__all__ = ["TILED_FILTER", "export_to_tiled", "import_from_tiled"]

TILED_FILTER = "Tiled maps (*.tmx *.tmj *.json);;All files (*)"
TABLE_FILTER = "Terrain tables (*.json);;All files (*)"


def _problems(parent: QWidget, title: str, e: LoadError) -> None:
    details = "\n".join(f"• {p}" for p in e.problems[:12])
    more = f"\n… and {len(e.problems) - 12} more" if len(e.problems) > 12 else ""
    QMessageBox.critical(parent, title, f"{printable(e.file)}\n\n{details}{more}")


def import_from_tiled(parent: QWidget, documents: DocumentManager, path: str | Path | None = None,
                      table: str | Path | None = None) -> bool:
    """Ask for a Tiled map (unless ``path`` is given) and open it as a new, unsaved map; False if nothing opened.

    When tiles have no terrain, offers to choose a terrain table and tries again.
    """
    path = path or filedialogs.open_file(parent, "Import a Tiled map", "", TILED_FILTER)
    if not path:
        return False
    try:
        m, note = import_tiled_noting(path, table)
    except LoadError as e:
        if table is None and any("has no terrain" in p.message for p in e.problems):
            answer = QMessageBox.question(
                parent, "Import from Tiled",
                f"{len(e.problems)} kind(s) of tile in {Path(path).name} have no terrain hexfort knows.\n"
                "Choose a terrain table that says which hex each tile stands for?",
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
            if answer == QMessageBox.StandardButton.Open:
                chosen = filedialogs.open_file(parent, "Terrain table", str(Path(path).parent), TABLE_FILTER)
                if chosen:
                    return import_from_tiled(parent, documents, path, chosen)
        _problems(parent, "Cannot import the Tiled map", e)
        return False
    documents.add(m)
    if isinstance(parent, QMainWindow):  # which layer was read, when the file has several; else clear an old note
        parent.statusBar().showMessage(note[0].upper() + note[1:] if note else "", 20000)
    return True


def export_to_tiled(parent: QWidget, documents: DocumentManager) -> bool:
    """Ask for a ``.tmx``/``.tmj`` file and write the current map there, its tiles' picture beside it;
    False if nothing was written."""
    doc = documents.current
    if doc is None:
        return False
    start = str(doc.path.with_name(doc.path.name.split(".")[0] + ".tmx")) if doc.path else ""
    path = filedialogs.save_file(parent, "Export to Tiled", start, TILED_FILTER)
    if not path:
        return False
    if not Path(path).suffix:  # a name typed bare: Tiled's own format (it was refused: a new-user audit)
        path += ".tmx"
        if Path(path).exists() and QMessageBox.question(  # the dialog asked about the bare name, not this one
                parent, "Export to Tiled", f"{Path(path).name} already exists. Replace it?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No) != QMessageBox.StandardButton.Yes:
            return False
    try:
        tiled_format(path)
        export_tiled(doc.map, path)
    except ValueError as e:
        QMessageBox.warning(parent, "Export to Tiled", str(e))
        return False
    except LoadError as e:
        _problems(parent, "Cannot export to Tiled", e)
        return False
    except OSError as e:
        QMessageBox.critical(parent, "Export to Tiled", f"cannot write {path}: {e.strerror or e}")
        return False
    documents.message.emit(f"Exported {path} and its tiles' picture {tile_image_path(path).name}", 4000)
    return True
