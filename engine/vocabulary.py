"""Open vocabularies: string values that modes register, used like enum members.

A :class:`Term` subclass (:class:`~engine.mapmodel.Mode`,
:class:`~engine.rules.actions.Verb`) is a ``str`` whose members are not listed
in the class: each mode package defines its own (``Verb.define("push")``) when
it is imported. Members behave as ``StrEnum`` members did: one object per value
(so ``is`` compares them), ``.value`` and ``.name``, ``Cls(value)`` to look one
up (ValueError for an unknown value), ``Cls.NAME`` by attribute, iteration in the
order they were defined, and pickling by value.

Looking up a value or name that is not defined yet first loads the installed
modes (:func:`engine.installed_modes.load`), so a process that reads a map, an
action or a pickled value never needs to import a mode package itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, TypeVar

__all__ = ["Term", "Vocabulary"]

T = TypeVar("T", bound="Term")


def _load_modes() -> None:
    from engine import installed_modes  # a leaf module: it names mode packages, never imports them statically

    installed_modes.load()


class Vocabulary(type):
    """The metaclass of :class:`Term`: members by attribute name, iteration, ``len`` and ``in``."""

    _by_value: dict[str, Any]
    _by_name: dict[str, Any]

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        hit = cls._by_name.get(name)
        if hit is None:
            _load_modes()
            hit = cls._by_name.get(name)
        if hit is None:
            raise AttributeError(f"{cls.__name__} has no member {name!r} (known: {', '.join(cls._by_name)})")
        return hit

    def __iter__(cls) -> Iterator[Any]:
        _load_modes()
        return iter(sorted(cls._by_value.values(), key=lambda m: m._rank))

    def __len__(cls) -> int:
        _load_modes()
        return len(cls._by_value)

    def __contains__(cls, value: object) -> bool:
        _load_modes()
        return isinstance(value, str) and value in cls._by_value

    def __getitem__(cls, name: str) -> Any:
        return cls.__getattr__(name)


class Term(str, metaclass=Vocabulary):
    """One member of an open vocabulary (see the module docstring); subclass it for a vocabulary."""

    _by_value: ClassVar[dict[str, Term]]
    _by_name: ClassVar[dict[str, Term]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._by_value = {}
        cls._by_name = {}

    def __new__(cls: type[T], value: str) -> T:
        if type(value) is cls:
            return value
        hit = cls._by_value.get(value)
        if hit is None:
            _load_modes()
            hit = cls._by_value.get(value)
        if hit is None:
            raise ValueError(f"{value!r} is not a valid {cls.__name__}")
        return hit  # type: ignore[return-value]

    @classmethod
    def _make(cls: type[T], value: str, name: str | None = None, rank: int = 0) -> tuple[T, bool]:
        """The member ``value`` (made now unless defined already) and whether it was new.

        ``name`` (default ``value.upper()``) is its attribute name; ``rank`` orders
        iteration (then the order of definition), so the order does not depend on
        which module happened to be imported first. Subclasses wrap this in a
        ``define`` that also records their facts about the member.
        """
        hit = cls._by_value.get(value)
        if hit is not None:
            return hit, False  # type: ignore[return-value]
        if not value or value != value.strip():
            raise ValueError(f"a {cls.__name__} needs a value without spaces around it, got {value!r}")
        member = str.__new__(cls, value)
        member._name = name or value.upper()
        member._rank = (rank, len(cls._by_value))
        if member._name in cls._by_name:
            raise ValueError(f"{cls.__name__}.{member._name} is taken by {cls._by_name[member._name]!r}")
        cls._by_value[value] = member
        cls._by_name[member._name] = member
        return member, True

    _name: str
    _rank: tuple[int, int]

    @property
    def value(self) -> str:
        """The member's text (what files hold)."""
        return str.__str__(self)

    @property
    def name(self) -> str:
        """The member's attribute name (``KOTH``)."""
        return self._name

    @property
    def rank(self) -> tuple[int, int]:
        """Where the member comes in iteration: (its package's place among the installed ones, definition order)."""
        return self._rank

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name}: {str.__str__(self)!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str.__str__(self),))

    def __copy__(self: T) -> T:
        return self

    def __deepcopy__(self: T, memo: dict[int, Any]) -> T:
        return self

    __hash__ = str.__hash__
    __eq__ = str.__eq__
    __ne__ = str.__ne__
