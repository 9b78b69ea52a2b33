"""What happened where in one game: an observer that reads the public state API after every action.

:class:`Observer` watches a game being played (:func:`play_observed`) and
counts, per team and per board cell:

- ``stand``: where the team's units stand at the start of every turn (unit-turns);
- ``deaths``: where the team's units die;
- ``scores``: where the team scores (King of the Board: the point's hexes its
  units hold when a point is scored; Payload Race: where its cart is pushed to).

It also notes which unit kinds each team fielded, the kills each kind made
(the death of an enemy during an action of a unit of that kind), and the turn
of each team's first point. It never changes the game: the same players and
seeds play the same game watched or not (the batch's results stay
byte-identical).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai.match import Player
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["GameTelemetry", "LAYERS", "Observer", "play_observed"]

#: The per-hex counts an observer keeps, in report order.
LAYERS: Final = ("stand", "deaths", "scores")


@dataclass
class GameTelemetry:
    """The counts of one game (see the module docstring); cells are board indices."""

    layers: dict[str, dict[Team, dict[int, int]]] = field(
        default_factory=lambda: {k: {t: {} for t in Team} for k in LAYERS})
    picks: dict[Team, list[str]] = field(default_factory=lambda: {t: [] for t in Team})
    kills: dict[Team, dict[str, int]] = field(default_factory=lambda: {t: {} for t in Team})
    first_point: dict[Team, int | None] = field(default_factory=lambda: {t: None for t in Team})

    def add(self, layer: str, team: Team, cell: int, n: int = 1) -> None:
        """Count ``n`` more at ``cell`` of ``team``'s ``layer``."""
        counts = self.layers[layer][team]
        counts[cell] = counts.get(cell, 0) + n


class Observer:
    """Fills a :class:`GameTelemetry` from the states before and after each action.

    Call :meth:`before` with the state about to play an action and :meth:`after`
    once it is played; the observer only reads the state.
    """

    def __init__(self, state: GameState) -> None:
        self.data = GameTelemetry()
        self._turn = -1
        self._units: dict[int, Any] = {}
        self._points: dict[Team, int] = {}
        self._actor: tuple[Team, str] | None = None
        self._note_turn(state)

    def _note_turn(self, state: GameState) -> None:
        """At the start of a turn: where every unit stands, and what each team fields."""
        if state.turn == self._turn or state.is_terminal():
            return
        self._turn = state.turn
        for u in state.units.values():
            if u.cell >= 0 and state.stats(u.kind).pickable:
                self.data.add("stand", u.team, u.cell)
        self._note_picks(state)

    def _note_picks(self, state: GameState) -> None:
        picks = self.data.picks
        for u in state.units.values():
            if u.cell >= 0 and u.kind not in picks[u.team] and state.stats(u.kind).pickable:
                picks[u.team].append(u.kind)

    def before(self, state: GameState) -> None:
        """Remember who is on the board, the score and who acts, before an action."""
        self._units = dict(state.units)
        self._points = dict(state.points)
        u = state.active_unit()
        self._actor = (u.team, u.kind) if u is not None else None

    def after(self, state: GameState) -> None:
        """Count what the action changed: deaths, points (and where), kinds fielded, a new turn."""
        now = state.units
        for uid, u in self._units.items():
            if uid not in now and state.stats(u.kind).pickable:
                # a unit object keeps its last cell when it dies
                self.data.add("deaths", u.team, u.cell)
                if self._actor is not None and self._actor[0] is not u.team:
                    kills = self.data.kills[self._actor[0]]
                    kills[self._actor[1]] = kills.get(self._actor[1], 0) + 1
        for team in Team:
            gained = state.points[team] - self._points.get(team, 0)
            if gained > 0:
                if self.data.first_point[team] is None:
                    self.data.first_point[team] = state.turn
                for c in state.scoring_cells(team):  # the mode's hook, TurnState.scoring_cells
                    self.data.add("scores", team, c, gained)
        self._note_picks(state)
        self._note_turn(state)


def play_observed(state: GameState, players: dict[Team, Player], max_actions: int = 100_000) -> GameTelemetry:
    """Play ``state`` to the end (as :func:`~engine.ai.match.play_game` does) and return what was observed.

    Raises RuntimeError if the game has not ended after ``max_actions`` decisions.
    """
    obs = Observer(state)
    for _ in range(max_actions):
        team = state.current_team()
        if team is None:
            return obs.data
        action = players[team].choose(state)
        obs.before(state)
        state.apply_unchecked(action)
        obs.after(state)
    raise RuntimeError(f"game not over after {max_actions} actions")
