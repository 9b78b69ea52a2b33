"""Decisions between actions: one queue in the turn machine, one small handler class per kind.

Every decision a game waits for outside a unit's own actions — placing a unit at
set-up or on its respawn, a sentry's target among equidistant enemies, the answer
to an UberCharge, Team Play's draft, Tagback Grenades, buffer rewards, reloads —
is a frozen :class:`Decision` in the state's queue (:attr:`TurnState.queue
<engine.games.state.TurnState.queue>`). The head of the queue is the decision
now: the state's phase and deciding team are the head's, its legal actions are
the head's :meth:`~Decision.groups`, and playing one pops the head and calls its
:meth:`~Decision.decide`, which does what follows (it may queue more decisions).
A mode subclasses :class:`Decision` once per kind, with typed fields, the way
OpenSpiel has chance and decision nodes and python-chess has one ``push``.

Decisions are frozen values, so the queue is saved for undo and clone as it is,
and its records show in the fingerprint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.games.phases import Phase
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.state import TurnState

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision ``team`` takes between actions (subclass it once per kind; see the module docstring)."""

    team: Team

    #: the kind of decision the players and the UI see while it is the head of the queue
    phase: ClassVar[Phase] = Phase.CHOOSE

    def groups(self, state: Any) -> list[Group]:
        """The legal actions of this decision now, as legal-action groups."""
        raise NotImplementedError

    def decide(self, state: Any, action: Action) -> None:
        """Play ``action`` (one of :meth:`groups`'); the decision is off the queue already."""
        raise NotImplementedError

    def describe(self, state: Any) -> str:
        """Plain words for what the decision waits for (status bars, error messages)."""
        return f"{self.team.value} to {self.phase.value}"

    def why_not(self, state: Any, action: Action) -> str:
        """Why ``action`` (not legal) does not answer this decision ('' to leave it to the mode's reasons)."""
        return ""


def ask(state: TurnState[Any], decision: Decision, front: bool = False) -> None:
    """Queue ``decision`` (at the front: before those waiting) and make the queue's head the decision now."""
    if front:
        state.queue.insert(0, decision)
    else:
        state.queue.append(decision)
    head = state.queue[0]
    state.phase = head.phase
    state.team = head.team
