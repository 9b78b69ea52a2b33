"""Quick fixes in the editor: the engine's fixes (:mod:`engine.validation.fixes`) as undoable edits.

The repairs themselves live in the engine, so the problems dock and
``hexfort fix`` share one implementation; this module only turns each into an
:class:`~editor.edits.Edit` the editor pushes on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from editor.edits import Edit
from engine.mapmodel import HexMap
from engine.validation import fixes
from engine.validation.problem import Problem

__all__ = ["QuickFix", "suggest_fixes"]


@dataclass(frozen=True)
class QuickFix:
    """A named repair: ``apply(map)`` returns the edit (raises MapEditError if it no longer fits)."""

    label: str
    apply: Callable[[HexMap], Edit]


def _as_edit(fix: fixes.Fix) -> Callable[[HexMap], Edit]:
    def run(m: HexMap) -> Edit:
        repair = fix.apply(m)
        return Edit(repair.map, repair.hexes)

    return run


def suggest_fixes(m: HexMap, p: Problem) -> list[QuickFix]:
    """Obvious repairs for ``p`` on ``m`` (possibly none)."""
    return [QuickFix(f.label, _as_edit(f)) for f in fixes.suggest_fixes(m, p)]
