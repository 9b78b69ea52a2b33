"""Which files outside the mode packages name a particular mode: ``python -m tests.mode_names``.

A mode package is one the registries install (:mod:`engine.installed_modes` for
the engine, :mod:`editor.playtest.installed` for the playtest). Outside them, in
``engine/`` and ``editor/``, a file *names a mode* when it holds any of:

- a mode member (``Mode.KOTH``) or a mode's value as a string constant (``"koth"``);
- a mode package's dotted name (an import, or a reference in a docstring);
- a class a mode package defines (``KothState``) used in code, unless a class of
  that name is also defined outside the mode packages;
- a verb only modes define (``Verb.PUSH``; the core's are move, attack, heal, end,
  spawn and pass).

:func:`files_naming_modes` returns each such file with what it names, for the
test that keeps them few (tests/test_mode_names.py) and for a reader.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORE_VERBS = frozenset({"MOVE", "ATTACK", "HEAL", "END", "SPAWN", "PASS"})


def mode_packages() -> list[str]:
    """The dotted names of the installed mode packages, engine and editor side (the toy mode's too)."""
    from editor.playtest.installed import PACKAGES
    from engine import installed_modes

    installed_modes.load()
    PACKAGES.load()
    return [*installed_modes.installed(), *PACKAGES.installed()]


def _folder(package: str) -> Path:
    return REPO.joinpath(*package.split("."))


def _classes(files: list[Path]) -> set[str]:
    out: set[str] = set()
    for f in files:
        for node in ast.parse(f.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                out.add(node.name)
    return out


def _names(tree: ast.AST, modes: set[str], values: set[str], verbs: set[str], classes: set[str]) -> set[str]:
    """What the code of ``tree`` names: mode members and values, mode verbs, mode classes."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "Mode" and node.attr in modes:
                found.add(f"Mode.{node.attr}")
            elif node.value.id == "Verb" and node.attr in verbs:
                found.add(f"Verb.{node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in values:
            found.add(repr(node.value))
        elif isinstance(node, ast.Name) and node.id in classes:
            found.add(node.id)
        elif isinstance(node, ast.alias) and node.name in classes:
            found.add(node.name)
    return found


def files_naming_modes() -> dict[str, list[str]]:
    """Each file of engine/ and editor/ outside the mode packages that names a mode -> what it names."""
    from engine.mapmodel import Mode
    from engine.rules.actions import Verb

    packages = mode_packages()
    inside = [f for p in packages if _folder(p).is_dir() for f in sorted(_folder(p).rglob("*.py"))]
    inside_set = set(inside)
    outside = [f for top in ("engine", "editor") for f in sorted((REPO / top).rglob("*.py")) if f not in inside_set]
    classes = _classes(inside) - _classes(outside)
    modes = {m.name for m in Mode}
    values = {m.value for m in Mode}
    verbs = {v.name for v in Verb if v.name not in CORE_VERBS}
    dotted = re.compile(r"\b(" + "|".join(map(re.escape, packages)) + r")\b")
    out: dict[str, list[str]] = {}
    for f in outside:
        text = f.read_text(encoding="utf-8")
        found = _names(ast.parse(text), modes, values, verbs, classes) | {m.group(0) for m in dotted.finditer(text)}
        if found:
            out[str(f.relative_to(REPO))] = sorted(found)
    return out


if __name__ == "__main__":
    named = files_naming_modes()
    for path, what in named.items():
        print(f"{path}: {', '.join(what)}")
    print(f"{len(named)} files outside the mode packages name a mode")
