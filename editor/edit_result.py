"""What every editor edit returns or raises: :class:`Edit` and :class:`EditRefused`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.hexgrid import Hex
from engine.mapmodel import HexMap

__all__ = ["Edit", "EditRefused"]


class EditRefused(ValueError):
    """A tool cannot do what was asked; the message says why, ``hexes`` where."""

    def __init__(self, message: str, hexes: Iterable[Hex] = ()) -> None:
        super().__init__(message)
        self.hexes = tuple(hexes)


@dataclass(frozen=True, slots=True)
class Edit:
    """The result of an edit: the new map and the hexes whose look changed."""

    map: HexMap
    hexes: frozenset[Hex]

    @property
    def is_noop(self) -> bool:
        """True when nothing was touched."""
        return not self.hexes
