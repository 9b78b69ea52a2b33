"""Tag's rules: a :class:`~engine.games.state.TurnState` and one behaviour (see :mod:`tests.toymode`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.games.behaviour import Behaviour
from engine.games.events import Score
from engine.games.state import TurnState
from engine.games.units import Unit
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.legal import Group
from engine.ruleset import OptionValue
from tests.toymode.rules import TAG_VERB


class Tagger(Behaviour["TagState", Unit]):
    """A runner: moves, and tags an adjacent enemy (a special, so a runner may move or tag in its turn)."""

    def special_groups(self, state: TagState, u: Unit, done: Any) -> list[Group]:
        b = state.board
        near = [v.cell for v in state.units.values() if v.team is not u.team and b.distance(u.cell, v.cell) == 1]
        return [(TAG_VERB, u.kind, b.hexes[u.cell], near, b.hexes, "")]

    def special(self, state: TagState, u: Unit, action: Action) -> None:
        assert action.target is not None
        target = state.unit_at(action.target)
        assert target is not None
        state.points[u.team] += 1
        state.log.append(f"{u.team.value} {self.stats.name} tags the {target.team.value} runner on {action.target}")
        target.cell = state.free_spawn(target.team)
        if state.events is not None:
            state.events.append(Score(u.team, 1, (state.board.index[action.target],)))

    def why_not(self, state: TagState, u: Unit, action: Action) -> str:
        if action.verb is TAG_VERB and action.target is not None:
            v = state.unit_at(action.target)
            if v is None or v.team is u.team:
                return f"no enemy runner on {action.target} to tag"
            return f"{action.target} is {state.board.hexes[u.cell].distance(action.target)} hexes away: tag an adjacent runner"
        return super().why_not(state, u, action)

    def tip(self, verb: Any) -> str:
        return "Tag an adjacent enemy runner: he goes back to his spawn and you score a point."


class TagState(TurnState[Unit]):
    """A game of Tag: one action of one runner a turn; beacons and tags score; first to five wins."""

    default_behaviour: ClassVar[type[Behaviour[Any, Any]]] = Tagger
    actions_per_turn: ClassVar[int] = 1
    default_options: ClassVar[Mapping[str, OptionValue]] = {"points_to_win": 5, "turn_limit": 200, "team_size": 2}

    def start(self) -> None:
        b = self.board
        self.beacons = tuple(sorted(b.index[h] for h in self.scenario.map.beacons))
        size = int(self.options["team_size"])
        for team in Team:
            for slot, kind in enumerate(self.game.rosters[team][:size]):
                self.units[self.next_uid] = Unit(self.next_uid, team, kind, self.free_spawn(team), 1, slot)
                self.next_uid += 1
        self.advance()

    def free_spawn(self, team: Team) -> int:
        """The first free hex of ``team``'s spawn zone that is not a wall."""
        b = self.board
        taken = {u.cell for u in self.units.values()}
        return next(c for c in b.spawn_zone(team) if not b.wall[c] and c not in taken)

    def score_turn(self) -> None:
        """A point for each beacon a runner of the side whose turn ends stands on."""
        held = self.scoring_cells(self.team)
        if held:
            self.points[self.team] += len(held)
            if self.events is not None:
                self.events.append(Score(self.team, len(held), tuple(held)))

    def scoring_cells(self, team: Team) -> list[int]:
        return sorted(u.cell for u in self.units_of(team) if u.cell in self.beacons)

    def is_decided(self) -> bool:
        return max(self.points.values()) >= int(self.options["points_to_win"])

    def beacon_hexes(self) -> list[Hex]:
        """The beacons' hexes (for the presenter)."""
        return [self.board.hexes[c] for c in self.beacons]
