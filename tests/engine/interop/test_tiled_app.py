"""Tiled itself reads what hexfort writes: each bundled map exported by hexfort, opened and saved again by
Tiled's own command line (``tiled --export-map``, TMX → JSON and JSON → TMX), imports back identical.

Needs Tiled (Debian: ``apt-get install tiled``; ``.ci/run`` installs it); skipped, saying so, without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.formats import load_map
from engine.interop import export_tiled, import_tiled
from tests.engine.interop.tiled_tools import run_tiled, tiled_program

REPO = Path(__file__).resolve().parents[3]
MAPS = sorted((REPO / "maps").glob("*.map.json"))


@pytest.fixture(scope="module")
def tiled() -> str:
    return tiled_program("tiled")


def _tiled_saves(exe: str, source: Path, target: Path, home: Path) -> None:
    fmt = ["json"] if target.suffix == ".tmj" else []
    done = run_tiled([exe, "--export-map", *fmt, str(source), str(target)], home)
    assert done.returncode == 0 and target.exists(), done.stderr


@pytest.mark.parametrize("path", MAPS, ids=[p.name.split(".")[0] for p in MAPS])
def test_a_map_saved_again_by_tiled_comes_back_identical(tiled: str, path: Path, tmp_path: Path) -> None:
    m = load_map(path)
    export_tiled(m, tmp_path / "hexfort.tmx")
    _tiled_saves(tiled, tmp_path / "hexfort.tmx", tmp_path / "by_tiled.tmj", tmp_path)
    assert import_tiled(tmp_path / "by_tiled.tmj") == m
    _tiled_saves(tiled, tmp_path / "by_tiled.tmj", tmp_path / "by_tiled.tmx", tmp_path)
    assert import_tiled(tmp_path / "by_tiled.tmx") == m
