"""What happened where in one game: an observer that reads the game's own records after every action.

:class:`Observer` watches a game being played (:func:`play_observed`): it turns
on the state's record of what happens (:meth:`~engine.games.events.Watched.watch`)
and reads it after each action, so every figure comes from where the rules
really kill, score and hand out pickups, whichever side's action or decision
it happened in. Per team and per board cell it counts:

- ``stand``: where the team's units stand at the start of every turn (unit-turns);
- ``deaths``: where the team's units die;
- ``scores``: where the team scores, point by point (King of the Board: the
  point's hexes its units hold when a point is scored; Payload Race: where its
  cart is pushed to; Team Play: where the enemy stood when the team scored its
  killshot, the board's value for it — flush rewards, overkill and multi-kill
  bonuses and leftover damage have no hex);
- ``pickups``: where the team's units take a pickup (a first-aid kit, an ammo
  tile, a weapon from a rack).

It also notes which unit kinds each team fielded, the kills each kind made, the
pickups each team made by kind of pickup, and the turn of each team's first
point. A kill is the death of an enemy credited by the mode
(:meth:`~engine.games.events.Watched.kill_credit`: the unit whose damage killed;
a King of the Board sentry's Engineer; burn's Pyro); a Team Play killshot, which
the team scores at the end of its turn, goes to the character of that team that
put the most damage on the victim since its last death (the later of equal ones).

The observer never changes the game: the same players and seeds play the same
game watched or not (the batch's results stay byte-identical).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from engine.ai.match import Player
from engine.games.events import Damage, Death, GameEvent, Pickup, Score, item_order
from engine.games.protocol import GameState
from engine.mapmodel import Team

__all__ = ["GameTelemetry", "LAYERS", "Observer", "PickupCounts", "note_fielded", "pickup_counts", "play_counting_pickups",
           "play_observed"]

#: The per-hex counts an observer keeps, in report order.
LAYERS: Final = ("stand", "deaths", "scores", "pickups")

#: A game's pickups as a value: (team, kind of pickup, count), teams then kinds in report order.
PickupCounts = tuple[tuple[Team, str, int], ...]


@dataclass
class GameTelemetry:
    """The counts of one game (see the module docstring); cells are board indices."""

    layers: dict[str, dict[Team, dict[int, int]]] = field(
        default_factory=lambda: {k: {t: {} for t in Team} for k in LAYERS})
    picks: dict[Team, list[str]] = field(default_factory=lambda: {t: [] for t in Team})
    kills: dict[Team, dict[str, int]] = field(default_factory=lambda: {t: {} for t in Team})
    first_point: dict[Team, int | None] = field(default_factory=lambda: {t: None for t in Team})
    pickups: dict[Team, dict[str, int]] = field(default_factory=lambda: {t: {} for t in Team})

    def add(self, layer: str, team: Team, cell: int, n: int = 1) -> None:
        """Count ``n`` more at ``cell`` of ``team``'s ``layer``."""
        counts = self.layers[layer][team]
        counts[cell] = counts.get(cell, 0) + n


def pickup_counts(pickups: dict[Team, dict[str, int]]) -> PickupCounts:
    """``pickups`` (team -> kind of pickup -> count) as a value, teams and kinds in report order."""
    return tuple((t, k, n) for t in Team for k, n in sorted(pickups[t].items(), key=lambda kv: item_order(kv[0])))


class Observer:
    """Fills a :class:`GameTelemetry` from the records of each action (and the state before and after it).

    Make it before the first action; call :meth:`before` with the state about to
    play an action and :meth:`after` once it is played. It only reads the state
    (and empties the list of records it reads).
    """

    def __init__(self, state: GameState) -> None:
        self.data = GameTelemetry()
        self._turn = -1
        self._points: dict[Team, int] = {}
        self._acting = state.turn  # the turn of the action being played (before() sets it)
        self._events = state.watch()
        #: (victim's team, kind) -> (dealer's team, kind) -> damage this life, latest dealer last
        self._dealt: dict[tuple[Team, str], dict[tuple[Team, str], int]] = {}
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
        note_fielded(state, self.data.picks)

    def before(self, state: GameState) -> None:
        """Remember the score before an action; forget records a player's look-ahead on this state left."""
        self._points = dict(state.points)
        self._acting = state.turn
        self._events.clear()

    def after(self, state: GameState) -> None:
        """Count what the action did (its records), the first point, kinds fielded, a new turn."""
        for e in self._events:
            self._note(state, e)
        self._events.clear()
        for team in Team:
            if state.points[team] > self._points.get(team, 0) and self.data.first_point[team] is None:
                # the turn the scoring action was taken in, counted from 1 (each team's turn one): a point scored
                # as a turn ends and a cart pushed during one read alike (Payload's first push read "turn 0")
                self.data.first_point[team] = self._acting + 1
        self._note_picks(state)
        self._note_turn(state)

    def _note(self, state: GameState, e: GameEvent) -> None:
        data = self.data
        if isinstance(e, Damage):
            dealt = self._dealt.setdefault((e.team, e.kind), {})
            key = (e.by_team, e.by_kind)
            dealt[key] = dealt.pop(key, 0) + e.amount  # re-inserted: the latest dealer comes last
        elif isinstance(e, Death):
            dealt = self._dealt.pop((e.team, e.kind), {})
            if not state.stats(e.kind).pickable:
                return
            data.add("deaths", e.team, e.cell)
            kind = e.killer_kind or self._top_dealer(dealt, e.killer_team)
            if e.killer_team is not None and e.killer_team is not e.team and kind:
                kills = data.kills[e.killer_team]
                kills[kind] = kills.get(kind, 0) + 1
        elif isinstance(e, Score):
            for c in e.cells:
                data.add("scores", e.team, c, e.points)
        elif isinstance(e, Pickup):
            data.add("pickups", e.team, e.cell)
            got = data.pickups[e.team]
            got[e.item] = got.get(e.item, 0) + 1

    @staticmethod
    def _top_dealer(dealt: dict[tuple[Team, str], int], team: Team | None) -> str:
        """The kind of ``team`` that dealt the most of ``dealt`` (the latest of equal ones), or ''."""
        best, kind = 0, ""
        for (t, k), n in dealt.items():
            if t is team and n >= best:
                best, kind = n, k
        return kind


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


def note_fielded(state: GameState, picks: dict[Team, list[str]]) -> None:
    """Add to ``picks`` (team -> kinds, in the order first seen) the pickable unit kinds ``state`` has on the board."""
    for u in state.units.values():
        if u.cell >= 0 and u.kind not in picks[u.team] and state.stats(u.kind).pickable:
            picks[u.team].append(u.kind)


def play_counting_pickups(state: GameState, players: dict[Team, Player], max_actions: int = 100_000,
                          fielded: dict[Team, list[str]] | None = None) -> PickupCounts:
    """Play ``state`` to the end as :func:`~engine.ai.match.play_game` does, counting only its pickups (what
    ``hexfort simulate`` reports beside the results: the pickup records, nothing per turn); ``fielded``, when
    given, gathers the unit kinds each team had on the board (as :attr:`GameTelemetry.picks` does).

    Raises RuntimeError if the game has not ended after ``max_actions`` decisions.
    """
    events = state.watch()
    got: dict[Team, dict[str, int]] = {t: {} for t in Team}
    for _ in range(max_actions):
        if fielded is not None:
            note_fielded(state, fielded)
        team = state.current_team()
        if team is None:
            return pickup_counts(got)
        action = players[team].choose(state)
        if events:
            events.clear()  # a player's look-ahead on this state, not the game
        state.apply_unchecked(action)
        if events:
            for e in events:
                if isinstance(e, Pickup):
                    got[e.team][e.item] = got[e.team].get(e.item, 0) + 1
    raise RuntimeError(f"game not over after {max_actions} actions")
