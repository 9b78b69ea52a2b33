"""What the UI and the AI ask a game besides its decisions: words, reasons, reach and attack options.

:class:`Explained` is a base of :class:`~engine.games.state.TurnState` (like
:class:`~engine.games.events.Watched`): every mode gets these answers and may
override them (a mode's ``why_not`` asks its own reasons first).
"""

from __future__ import annotations

from typing import Any

from engine.games.behaviour import AttackOption
from engine.games.phases import Phase, Step
from engine.games.reasons import step_reason, turn_reason
from engine.hexgrid import Hex
from engine.rules.actions import Action
from engine.rules.movement import flood

__all__ = ["Explained"]

_P_ACT, _P_OVER = Phase.ACT, Phase.OVER
_S_MOVE = Step.MOVE


class Explained:
    """The explaining half of a game state (a base of :class:`~engine.games.state.TurnState`)."""

    def describe_decision(self: Any) -> str:
        """Plain words for what the state waits for (status bars, error messages)."""
        if self.phase is _P_OVER:
            w = self.winner()
            return f"game over: {w.value} wins" if w else "game over: draw"
        if self.queue and self.phase is not _P_ACT:
            return self.queue[0].describe(self)  # type: ignore[no-any-return]
        u = self.active_unit()
        if self.phase is _P_ACT and u is not None:
            return f"{u.team.value} {u.kind} at {self.board.hexes[u.cell]} acts"
        return f"{self.team.value} to {self.phase.value}"

    def why_not(self: Any, action: Action) -> str:
        """Plain words on why ``action`` is not legal now; ``""`` when it is legal. Never raises.

        Turn-order reasons (game over, not this unit's turn, already attacked) come
        from :func:`~engine.games.reasons.turn_reason`; what a unit's rules forbid,
        from its behaviour; what does not answer the decision waiting, from it.
        """
        if action in self.legal_actions():
            return ""
        if self.queue and self.phase is not _P_ACT:
            told = self.queue[0].why_not(self, action)
            if told:
                return told  # type: ignore[no-any-return]
        return turn_reason(self, action)

    #: why the turn order forbids an action whatever its target (see reasons.py)
    step_reason = step_reason

    def move_paths(self: Any, h: Hex | None = None) -> dict[Hex, list[Hex]]:
        """Hexes the active unit (or the unit on ``h``) can move to -> a shortest path (empty if it may not move)."""
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or self.phase is not _P_ACT or not self._stats[u.kind].mobile:
            return {}
        if u in self.actors() and not self.allowed_steps(u, self.done_of(u)) & _S_MOVE:
            return {}
        occupied = {v.cell for v in self.units.values() if v.uid != u.uid and v.cell >= 0}
        reach = flood(self.board, [u.cell], self.profile(u), self.stats(u.kind).speed, occupied)
        return {self.board.hexes[c]: reach.path(c) for c in reach.distances() if c != u.cell}

    def attack_options(self: Any, h: Hex | None = None) -> list[AttackOption]:
        """Attacks (and heals) the active unit, or the unit on ``h``, could make from where it stands.

        Each with its odds, damage and area, for the UI and the AI; ignores
        whether the unit already attacked this turn.
        """
        u = self.active_unit() if h is None else self.unit_at(h)
        if u is None or u.cell < 0:
            return []
        return self._beh[u.kind].attack_options(self, u)  # type: ignore[no-any-return]

    def attack_area(self: Any, action: Action) -> dict[Hex, int]:
        """Hex -> damage on a normal hit for an attack action (empty if it is not one now)."""
        for o in self.attack_options(action.actor):
            if o.action == action:
                return dict(o.area)
        return {}

