"""Bounded keeping for the AIs' per-game and per-board tables: what was worked out once, found again by key.

The heuristics' tables (King of the Board's danger and firepower maps, Payload Race's firepower, Team Play's
potential and walk maps) are dictionaries keyed by everything their answer depends on. A batch can meet
many keys, so each dictionary is forgotten all at once when it reaches its limit: the next asks refill it,
and the answers, worked out again, are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["kept", "kept_map"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def kept(table: dict[K, V], key: K, limit: int, make: Callable[[], V]) -> V:
    """``table[key]``, made by ``make()`` on first use; ``table`` is emptied first when it holds ``limit`` keys."""
    hit = table.get(key)
    if hit is None:
        if len(table) >= limit:
            table.clear()
        hit = table[key] = make()
    return hit


def kept_map(maps: dict[K, dict[int, V]], key: K, limit: int) -> dict[int, V]:
    """The map (cell -> value, filled by the caller as it asks) kept under ``key`` in ``maps``; a new empty one
    on first use (see :func:`kept`)."""
    return kept(maps, key, limit, dict)
