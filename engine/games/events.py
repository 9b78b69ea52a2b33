"""What happened in a game, as small frozen records an observer reads after each action.

Nobody watches a game by default: :attr:`Watched.events` is None and the rules
skip every record behind one ``is not None`` test, at the places they kill,
score or hand out a pickup (never in a loop over legal actions), so an
unwatched game costs what it did. :meth:`Watched.watch` turns recording on for
one state; :meth:`~engine.games.state.TurnState.clone` turns it off in the copy
(a search's play-outs are not the game). Recording never changes a game: the
same seeds and actions give the same game, watched or not.

The records, each with the team and kind it concerns:

- :class:`Death`: a unit died on ``cell``; ``killer_team`` / ``killer_kind`` are
  whom the mode credits (:meth:`Watched.kill_credit`; ``killer_kind`` "" when the
  rules name no unit: Team Play's killshots are scored by a team at the end of
  its turn, and :class:`Damage` records say who dealt what);
- :class:`Damage`: Team Play damage a character's action put in the enemy's
  buffer (marks it turned into damage included) or, venom, on its board;
- :class:`Score`: ``team`` scored ``points``, made on ``cells`` (empty when the
  points have no hex: Team Play's flush rewards, bonuses and leftover damage);
- :class:`Pickup`: a unit of ``team`` took ``item`` on ``cell``: ``"kit"`` (King of
  the Board's first-aid kit), ``"ammo"`` (a Team Play ammo tile) or ``"weapon"``
  (a Team Play weapon from a rack).

An observer empties the list when it has read it; undo does not take records back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.games.units import Unit

__all__ = ["ITEMS", "Damage", "Death", "GameEvent", "Pickup", "Score", "Watched", "item_order"]

#: The kinds of pickup, in report order.
ITEMS: Final = ("kit", "ammo", "weapon")


def item_order(item: str) -> tuple[int, str]:
    """Sort key of a kind of pickup: :data:`ITEMS` order, any other after them by name."""
    return (ITEMS.index(item) if item in ITEMS else len(ITEMS), item)


@dataclass(frozen=True, slots=True)
class Death:
    """A ``team`` unit of ``kind`` died on board index ``cell``; the mode credits ``killer_team``'s ``killer_kind``."""

    team: Team
    kind: str
    cell: int
    killer_team: Team | None
    killer_kind: str


@dataclass(frozen=True, slots=True)
class Damage:
    """``amount`` damage for ``team``'s ``kind``, dealt by an action of ``by_team``'s ``by_kind`` (Team Play)."""

    team: Team
    kind: str
    amount: int
    by_team: Team
    by_kind: str


@dataclass(frozen=True, slots=True)
class Score:
    """``team`` scored ``points``, made on board indices ``cells`` (empty: points without a hex)."""

    team: Team
    points: int
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pickup:
    """A ``team`` unit of ``kind`` took ``item`` (one of :data:`ITEMS`) on board index ``cell``."""

    team: Team
    kind: str
    item: str
    cell: int


GameEvent = Death | Damage | Score | Pickup


class Watched:
    """The recording half of a game state (a base of :class:`~engine.games.state.TurnState`)."""

    #: The records since an observer last emptied the list; None while nobody watches.
    events: list[GameEvent] | None = None

    def watch(self) -> list[GameEvent]:
        """Record what happens from now on; returns the list the records go to (the observer empties it)."""
        self.events = []
        return self.events

    def kill_credit(self, target: Unit, source: Unit | None) -> tuple[Team | None, str]:
        """hook: (team, kind) credited with killing ``target`` by damage from ``source`` (None: no unit dealt it).

        Default: the unit that dealt the damage; nobody when none did.
        """
        return (source.team, source.kind) if source is not None else (None, "")

    def note_damage(self, target: Unit, amount: int, by: Unit) -> None:
        """Record ``amount`` damage for ``target`` dealt by ``by`` (call only while :attr:`events` is a list)."""
        assert self.events is not None
        if amount > 0:
            self.events.append(Damage(target.team, target.kind, amount, by.team, by.kind))

    def note_death(self, target: Unit, source: Unit | None) -> None:
        """Record ``target``'s death by damage from ``source`` (call only while :attr:`events` is a list)."""
        team, kind = self.kill_credit(target, source)
        assert self.events is not None
        self.events.append(Death(target.team, target.kind, target.cell, team, kind))
