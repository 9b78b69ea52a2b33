"""Bounded answer caches: the rules keep answers that are pure functions of a few inputs by those inputs.

Such a cache is a plain dict (insertion-ordered), so the policy is one call before
each new entry: :func:`make_room` drops the older half once it is full. The
answers asked again are mostly those of the last turns, which stay.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

__all__ = ["make_room"]


def make_room(cache: dict[Any, Any], limit: int) -> None:
    """Before adding to ``cache``: when it holds ``limit`` entries or more, drop the older half."""
    if len(cache) >= limit:
        for key in list(islice(cache, len(cache) // 2)):
            del cache[key]
