"""The engine stands alone: it never imports the editor or Qt, and its tests pass without Qt."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import engine

REPO = Path(__file__).resolve().parents[1]


def _engine_modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine."))


def test_import_linter_contract_holds() -> None:
    """The 'forbidden' contract in pyproject.toml: engine -> editor/PySide6 is not allowed."""
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "KEPT" in result.stdout


def test_every_engine_module_imports_without_pyside6() -> None:
    code = (
        "import importlib, sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('PySide6', 'shiboken6'):\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        f"for m in {_engine_modules()!r}:\n"
        "    importlib.import_module(m)\n"
        "assert not any(k.startswith('PySide6') for k in sys.modules)\n"
        "print('ok', len(sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")


def test_engine_tests_pass_without_pyside6() -> None:
    """Runs tests/engine in a child pytest where any PySide6 import fails."""
    env = {**os.environ, "HEXFORT_BLOCK_QT": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/engine", "-q", "-p", "no:pytest-qt", "-m", "not slow",
         "-p", "no:cacheprovider"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
