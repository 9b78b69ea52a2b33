"""The :class:`Problem` value every check reports."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.hexgrid import Hex

__all__ = ["FAIRNESS_FAMILIES", "Problem", "Severity", "guarded", "internal_error"]

#: Code prefixes of the fairness families (docs/checks.md): HF3xx fairness measures, HF4xx symmetry.
FAIRNESS_FAMILIES: Final = ("HF3", "HF4")


class Severity(StrEnum):
    """How bad a problem is: errors make a map unplayable, warnings unfair or odd."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """0 for errors, 1 for warnings, 2 for info (for sorting)."""
        return ("error", "warning", "info").index(self.value)


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: a stable code (``HF101``), severity, plain message and where.

    ``hexes`` are the hexes involved (the editor highlights them); ``where`` is a
    JSON path or text position for problems found before the map could be built.
    """

    code: str
    severity: Severity
    message: str
    hexes: tuple[Hex, ...] = ()
    where: str = ""

    @property
    def fairness(self) -> bool:
        """True for a code about fairness between the sides: the measures (HF3xx) and symmetry (HF4xx)."""
        return self.code.startswith(FAIRNESS_FAMILIES)

    def location(self) -> str:
        """``hex 3,-1`` / the JSON path / empty, for one-line reports."""
        if self.hexes:
            return f"hex {self.hexes[0]}"
        return self.where

    def __str__(self) -> str:
        """``hex 3,-1: HF105 error: message`` — the validator's line without the file (said before it)."""
        loc = self.location()
        return f"{loc + ': ' if loc else ''}{self.code} {self.severity.value}: {self.message}"


def guarded(what: str, check: Callable[[], Iterable[Problem]]) -> list[Problem]:
    """The problems ``check()`` finds; if it crashes, one HF999 error naming ``what`` instead.

    The one "a crashing check becomes a problem" wrapper: a broken check must
    never hide the others, crash the editor or end a folder run.
    """
    try:
        return list(check())
    except Exception as e:  # noqa: BLE001 - any crash becomes a problem, by contract
        return [internal_error(f"in {what}", e)]


def internal_error(where: str, e: Exception, note: str = "") -> Problem:
    """The HF999 error for a crash ``e`` ``where`` it happened ("in the map checks", "while fixing this
    file"); ``note`` adds what became of the file ("it was left as it was; ").

    The one wording of a crash turned into a problem: :func:`guarded` uses it,
    and so do the loops over files that catch a crash around more than checks
    (the validate and fix runs, the editor's library scanner).
    """
    return Problem("HF999", Severity.ERROR, f"internal error {where} ({type(e).__name__}: {e}); {note}"
                   "please report this file to the hexfort developers")
