"""Guard against PySide6 builds that leak references to None on void calls.

PySide6 6.12.0 on Python 3.11 decrements None's refcount on every call of a
method returning void; after a few thousand calls the interpreter aborts with
"Fatal Python error: none_dealloc". pyproject.toml pins a range without it; this
test fails loudly (instead of crashing the editor later) if a bad build slips in.
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QPen  # noqa: E402
from PySide6.QtWidgets import QGraphicsPolygonItem  # noqa: E402


def test_void_calls_do_not_leak_none_references(qapp) -> None:
    item = QGraphicsPolygonItem()
    pen = QPen()
    before = sys.getrefcount(None)
    for _ in range(1000):
        item.setPen(pen)
    after = sys.getrefcount(None)
    # other threads may touch None a little; a leaking build loses exactly 1000
    assert abs(after - before) < 100, f"None refcount moved by {after - before} over 1000 setPen calls"


def test_installed_pyside6_is_in_the_pinned_range() -> None:
    import PySide6

    major, minor = (int(x) for x in PySide6.__version__.split(".")[:2])
    assert (6, 8) <= (major, minor) < (6, 12), PySide6.__version__
