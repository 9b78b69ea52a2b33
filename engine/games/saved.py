"""The named record a game state saves for undo, clone and fingerprint.

:class:`Saved` holds what every mode has; a mode subclasses it with its own
fields and names the subclass in its state's ``saved_class``. Capture, restore
and the fingerprint walk the record's fields, so a new field of saved state is
one line in one place (the style of python-chess's ``_BoardState``, which
variants extend and chain).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.games.decisions import Decision
    from engine.games.phases import Phase
    from engine.games.state import TurnState
    from engine.games.units import Unit, UnitTurn

__all__ = ["Saved"]


@dataclass(frozen=True, slots=True)
class Saved:
    """What every mode saves for undo and clone; a mode subclasses it with its own fields.

    Every field but the ``n_*`` counts and ``dice_state`` names an attribute of
    the state of the same name; :meth:`capture` copies it (dicts and lists
    deeply, objects with a ``copy()`` by it) and :meth:`restore` puts it back.
    """

    units: dict[int, Unit]
    points: dict[Team, int]
    team: Team
    turn: int
    phase: Phase
    active: int
    done: dict[int, UnitTurn]
    next_uid: int
    queue: list[Decision]
    n_history: int
    n_log: int
    dice_state: int
    n_rolls: int

    #: Fields that are not state attributes (the counts of append-only lists and the dice position).
    BOOKKEEPING: ClassVar[frozenset[str]] = frozenset({"n_history", "n_log", "dice_state", "n_rolls"})

    @classmethod
    def capture(cls, s: TurnState) -> Saved:
        """A record of ``s`` that later changes to ``s`` do not touch."""
        values = {f.name: _copy(getattr(s, f.name)) for f in fields(cls) if f.name not in cls.BOOKKEEPING}
        return cls(n_history=len(s.history), n_log=len(s.log), dice_state=s.dice.state,
                   n_rolls=len(s.dice.rolls), **values)

    def restore(self, s: TurnState) -> None:
        """Put ``s`` back where it was when captured (the record must not be restored twice)."""
        for f in fields(self):
            if f.name not in self.BOOKKEEPING:
                setattr(s, f.name, getattr(self, f.name))
        del s.history[self.n_history:]
        del s.log[self.n_log:]
        s.dice.restore(self.dice_state, self.n_rolls)

    def key(self) -> tuple[Any, ...]:
        """A hashable summary of everything that decides the future (no history or log)."""
        return tuple((f.name, _frozen(getattr(self, f.name))) for f in fields(self)
                     if f.name not in ("n_history", "n_log", "n_rolls"))


def _copy(value: Any) -> Any:
    """A copy deep enough that the state's later changes do not reach it."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    copy = getattr(value, "copy", None)
    if copy is not None and not isinstance(value, (str, bytes, tuple, frozenset)):
        return copy()
    return value


def _frozen(value: Any) -> Any:
    """A hashable form of a saved value."""
    if isinstance(value, dict):
        return tuple(sorted(((str(k), _frozen(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return (type(value).__name__, *(_frozen(getattr(value, f)) for f in value.__dataclass_fields__))
    if isinstance(value, StrEnum):
        return value.value
    return value
