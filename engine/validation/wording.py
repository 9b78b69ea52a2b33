"""Wording shared by the checks' messages."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.hexgrid import Hex

__all__ = ["hex_list", "names_hex", "plural", "severity_tally", "sorted_hexes"]


def sorted_hexes(hexes: Iterable[Hex]) -> tuple[Hex, ...]:
    """The hexes in (q, r) order, as a tuple (problems carry them in this order)."""
    return tuple(sorted(hexes))


def hex_list(hexes: tuple[Hex, ...], limit: int = 4) -> str:
    """``"1,2; 3,4 and 5 more"``: the first ``limit`` hexes and a count of the rest.

    Hexes are separated by semicolons, since each one is written with a comma.
    """
    text = "; ".join(str(h) for h in hexes[:limit])
    return text + (f" and {len(hexes) - limit} more" if len(hexes) > limit else "")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 hex"``, ``"3 hexes"``: the count and the word in the right number."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def severity_tally(errors: int, warnings: int, notes: int) -> str:
    """``"0 errors, 1 warning, 6 notes"``: how ``hexfort validate`` counts what it found (the shared page too)."""
    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}, {plural(notes, 'note')}"


def names_hex(message: str, h: Hex) -> bool:
    """Whether ``message`` names hex ``h`` itself (``3,-2``), not one whose coordinates contain it (``13,-2``,
    ``-3,-2``, ``3,-21``): how a game's refusal is tied to the unit it is about (HF605, the Starting units tool)."""
    return re.search(rf"(?<![\d,-]){re.escape(str(h))}(?![\d,])", message) is not None
