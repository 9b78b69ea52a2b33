"""A lazy list of legal actions: its length and any element without building the others.

Like python-chess's ``board.legal_moves``: a game state describes the actions of
one decision as a few *groups* (all moves of the active unit, its attacks, each
special, end), and :class:`LegalActions` counts them and builds an
:class:`~engine.rules.actions.Action` only when one is asked for. A random player
needs ``len()`` and one element, so it skips building the dozens of actions it
would throw away.

A group is ``(verb, kind, actor, targets, hexes, detail)``: one action per
element of ``targets``; when ``hexes`` is a tuple the targets are board indices
looked up in it, otherwise they are the target hexes themselves (None for verbs
without a target); ``detail`` is the card every action of the group uses ("" for
none). Element ``k`` of the view is the ``k``-th action in group order, so a
state that builds ``legal_actions()`` from the same groups gets the same list.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, overload

from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

__all__ = ["Excluding", "Group", "LegalActions", "NO_TARGET", "group_actions"]

#: One group of actions (see the module docstring).
#: ``targets`` holds ints when ``hexes`` is given, else ``Hex | None`` (hence ``Any``).
Group = tuple[Verb, str, Hex | None, Sequence[Any], tuple[Hex, ...] | None, str]
#: The targets of a single action without a target hex.
NO_TARGET: tuple[None] = (None,)
_make = Action.trusted
#: object.__new__ and the setters of Action's slots: what Action.trusted does, for to_list's loop.
_NEW_ACTION: Final = (object.__new__, *(getattr(Action, f).__set__ for f in ("verb", "kind", "actor", "target", "detail")))


class LegalActions(Sequence[Action]):
    """The legal actions of one decision, built on demand (a snapshot; see the module docstring).

    ``view[k] == state.legal_actions()[k]`` for every ``k``; negative indices and
    slices work as for a list; IndexError outside ``-len..len-1``. Do not keep a
    view across :meth:`~engine.rules.koth.KothState.apply`: it describes the
    decision it was made for.
    """

    __slots__ = ("_groups", "_sizes", "_len")

    def __init__(self, groups: Sequence[Group]) -> None:
        sizes = []
        total = 0
        for g in groups:  # empty groups stay: they count 0 and build nothing
            n = len(g[3])
            sizes.append(n)
            total += n
        self._groups = groups
        self._sizes = sizes
        self._len = total

    def __len__(self) -> int:
        return self._len

    @property
    def groups(self) -> Sequence[Group]:
        """The groups the view was made of, in order (see the module docstring; do not change them): a
        scorer that needs only each action's verb and target index reads them without building actions."""
        return self._groups

    @overload
    def __getitem__(self, k: int) -> Action: ...

    @overload
    def __getitem__(self, k: slice) -> list[Action]: ...

    def __getitem__(self, k: int | slice) -> Action | list[Action]:
        if k.__class__ is not int:
            if isinstance(k, slice):
                return self.to_list()[k]
            k = operator.index(k)
        if k < 0:
            k += self._len
        if not 0 <= k < self._len:
            raise IndexError(f"legal action {k} out of range (there are {self._len})")
        for i, n in enumerate(self._sizes):
            if k < n:
                verb, kind, actor, targets, hexes, detail = self._groups[i]
                t = targets[k]
                return _make(verb, kind, actor, t if hexes is None else hexes[t], detail)
            k -= n
        raise AssertionError("unreachable: k was checked against the length")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        return iter(self.to_list())

    def to_list(self) -> list[Action]:
        """Every action, in order (what ``legal_actions()`` returns)."""
        out: list[Action] = []
        for g in self._groups:
            group_actions(g, out)
        return out

    def __repr__(self) -> str:
        return f"<LegalActions: {self._len}>"


def group_actions(group: Group, out: list[Action] | None = None) -> list[Action]:
    """The actions of one group, in order, appended to ``out`` (a new list when None); returns the list.

    Each action is :meth:`Action.trusted` written out (a heuristic player asks
    for every list of a game: the call per action was a third of the cost).
    """
    new, set_verb, set_kind, set_actor, set_target, set_detail = _NEW_ACTION
    if out is None:
        out = []
    add = out.append
    verb, kind, actor, targets, hexes, detail = group
    for t in targets:
        a = new(Action)
        set_verb(a, verb)
        set_kind(a, kind)
        set_actor(a, actor)
        set_target(a, t if hexes is None else hexes[t])
        set_detail(a, detail)
        add(a)
    return out


class Excluding(Sequence[int]):
    """A tuple of board indices without a few of them, without copying it.

    ``base`` minus the elements at the sorted positions ``holes``; indexing costs
    O(len(holes)). Used for "the static destinations minus the hexes units stand
    on": a handful of units against dozens or hundreds of hexes.
    """

    __slots__ = ("_base", "_holes")

    def __init__(self, base: Sequence[int], holes: list[int]) -> None:
        self._base = base
        self._holes = holes

    @classmethod
    def of(cls, base: Sequence[int], where: Mapping[int, int], drop: Iterable[int]) -> Sequence[int]:
        """``base`` without the values in ``drop``; ``where`` maps each value of ``base`` to its position.

        Returns ``base`` itself when nothing is dropped.
        """
        holes = [p for c in set(drop) if (p := where.get(c)) is not None]
        if not holes:
            return base
        holes.sort()
        return cls(base, holes)

    def __len__(self) -> int:
        return len(self._base) - len(self._holes)

    @overload
    def __getitem__(self, k: int) -> int: ...

    @overload
    def __getitem__(self, k: slice) -> list[int]: ...

    def __getitem__(self, k: int | slice) -> int | list[int]:
        if isinstance(k, slice):
            return list(self)[k]
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"index {k} out of range ({n})")
        for p in self._holes:
            if p > k:
                break
            k += 1
        return self._base[k]

    def __iter__(self) -> Iterator[int]:
        base = self._base
        out: list[int] = []
        start = 0
        for p in self._holes:  # the runs of ``base`` between the holes, copied a slice at a time
            out.extend(base[start:p])
            start = p + 1
        out.extend(base[start:])
        return iter(out)
