"""The engine stands alone: it never imports the editor or Qt, and its tests need no Qt."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import engine

REPO = Path(__file__).resolve().parents[1]


#: The start of a child process where any import of PySide6 or shiboken6 fails.
_BLOCK_QT = (
    "import importlib, sys\n"
    "class Block:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] in ('PySide6', 'shiboken6'):\n"
    "            raise ModuleNotFoundError(name)\n"
    "sys.meta_path.insert(0, Block())\n"
)


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
        _BLOCK_QT +
        f"for m in {_engine_modules()!r}:\n"
        "    importlib.import_module(m)\n"
        "assert not any(k.startswith('PySide6') for k in sys.modules)\n"
        "print('ok', len(sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")


def _engine_test_modules() -> list[str]:
    tests = REPO / "tests"
    return sorted(".".join(p.relative_to(REPO).with_suffix("").parts) for p in (tests / "engine").rglob("*.py"))


def test_engine_tests_need_no_qt() -> None:
    """The engine's tests run without Qt: none of their modules imports PySide6 or shiboken6 (read from their
    source, imports inside functions too), and every one of them — with the editor modules they use, the
    test-only toy mode's engine side too — imports in a process where PySide6 cannot be imported. (The tests
    themselves run once, in the suite; their editor modules are the Qt-free command line's.)"""
    import ast

    found = []
    editor: set[str] = set()
    for name in _engine_test_modules():
        path = REPO.joinpath(*name.split(".")).with_suffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "importorskip":
                names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            found += [f"{name}: {n}" for n in names if n.split(".")[0] in ("PySide6", "shiboken6")]
            editor.update(n for n in names if n.split(".")[0] == "editor")
    assert not found, "engine tests that need Qt:\n" + "\n".join(found)
    code = (
        _BLOCK_QT +
        "import tests.conftest\n"
        f"for m in {_engine_test_modules()!r} + ['tests.toymode.rules', 'tests.toymode.conformance'] + "
        f"{sorted(editor)!r}:\n"
        "    importlib.import_module(m)\n"
        "assert not any(k.startswith('PySide6') for k in sys.modules)\n"
        "print('ok', len(sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("ok")
