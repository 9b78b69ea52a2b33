"""A read-only dict for the fields of frozen value types."""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

__all__ = ["FrozenDict"]

K = TypeVar("K")
V = TypeVar("V")


class FrozenDict(dict[K, V]):
    """A dict that refuses changes after construction; hashable if its values are.

    Unlike ``types.MappingProxyType`` it pickles (so values holding one can go to
    worker processes) and compares equal to plain dicts with the same items.
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("FrozenDict cannot be changed; build a new one")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"
