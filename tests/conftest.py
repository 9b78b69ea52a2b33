"""Test configuration shared by the whole suite.

Qt runs headless: ``QT_QPA_PLATFORM=offscreen`` is set here, before anything
imports Qt. With ``HEXFORT_BLOCK_QT=1`` any import of PySide6 fails, which is how
``tests/test_layering.py`` proves the engine and its tests need no Qt.
"""

from __future__ import annotations

import importlib.abc
import os
import sys
from pathlib import Path

import pytest

from engine import installed_modes

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_QUICK_BACKEND", "software")

REPO = Path(__file__).resolve().parents[1]
MAPS = REPO / "maps"


class _BlockQt(importlib.abc.MetaPathFinder):
    """Refuses PySide6/shiboken6 imports, as on a machine without them."""

    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name.split(".")[0] in ("PySide6", "shiboken6"):
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by HEXFORT_BLOCK_QT)")
        return None


if os.environ.get("HEXFORT_BLOCK_QT") == "1":
    sys.meta_path.insert(0, _BlockQt())

# The test-only fourth mode (tests/toymode), installed beside the bundled ones: its engine side.
installed_modes.install("tests.toymode.rules")


@pytest.fixture
def repo() -> Path:
    """The checkout's root folder."""
    return REPO
