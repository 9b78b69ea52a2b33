"""The turn machine's hooks are enough for a new game: "Tag", a toy mode in a few dozen lines.

Tag: each side has two runners; a turn is one action by one of them (move, or tag
an adjacent enemy, who loses his one health); a tagged runner is back in his spawn
at once and the tagger's side scores; first to 3 points wins. Nothing here copies
the King of the Board state: it subclasses the generic :class:`TurnState` and
fills six hooks.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from engine.games.behaviour import Behaviour
from engine.games.game import Game
from engine.games.modes import GAMES
from engine.games.state import TurnState
from engine.games.units import Unit
from engine.mapmodel import Mode, Team
from engine.rules.actions import Verb
from engine.rules.legal import Group
from engine.scenario import Scenario
from engine.textmap import map_from_text


# ---- the whole variant: from here ...
class Tagger(Behaviour[TurnState, Unit]):
    """Tags an adjacent enemy: he loses one health."""

    def attack_group(self, state: TurnState, u: Unit) -> Group | None:
        b = state.board
        near = [v.cell for v in state.units.values() if v.team is not u.team and b.distance(u.cell, v.cell) == 1]
        return (Verb.ATTACK, u.kind, b.hexes[u.cell], near, b.hexes, "")

    def attack(self, state: TurnState, u: Unit, cell: int, aim: object) -> None:
        target = state.occupant(cell)
        assert target is not None
        state.hurt(target, 1, u)


class TagState(TurnState):
    """First to three tags; one action per turn; tagged runners respawn at once."""

    default_behaviour = Tagger
    actions_per_turn = 1
    default_options = {"turn_limit": 1000}

    def start(self) -> None:
        for team in Team:
            for slot, cell in enumerate(self.board.spawn_zone(team)[:2]):
                self.units[self.next_uid] = Unit(self.next_uid, team, self.game.rosters[team][0], cell, 1, slot)
                self.next_uid += 1
        self.advance()

    def on_kill(self, target: Unit, source: Unit | None, overkill: int) -> None:
        assert source is not None
        self.points[source.team] += 1
        target.cell = next(c for c in self.board.spawn_zone(target.team) if self.occupant(c) is None)
        target.health = 1
        self.units[target.uid] = target

    def is_decided(self) -> bool:
        return max(self.points.values()) >= 3
# ---- ... to here.


FIELD = """
0.R 0.R 0.  0.  0.  0.
0.R 0.  0.  0#  0.  0.B
0.  0.  0.  0.  0.B 0.B
"""
TAG = dataclasses.replace(GAMES[Mode.KOTH], name="Tag", state=f"{__name__}:TagState")


def _game(seed: int) -> TurnState:
    scenario = Scenario("tag", Mode.KOTH, map_from_text(FIELD), seed=seed)
    return Game.of(scenario, rules=TAG).new_initial_state()


def test_the_variant_is_under_60_lines() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    body = source.split("# ---- the whole variant: from here ...")[1].split("# ---- ... to here.")[0]
    assert len(body.strip().splitlines()) < 60


@pytest.mark.parametrize("seed", range(40))
def test_random_tag_games_play_to_three_points(seed: int) -> None:
    state = _game(seed)
    rng = random.Random(seed)
    before = state.scores()
    while not state.is_terminal():
        acts = state.legal_actions()
        assert acts, state.describe_decision()
        state.apply(acts[rng.randrange(len(acts))])
        assert len({u.cell for u in state.units.values()}) == len(state.units) == 4
        assert all(state.points[t] >= before[t] for t in Team)
        before = state.scores()
    assert max(state.scores().values()) == 3 and state.winner() is not None


def test_tag_undo_and_clone_use_the_generic_saved_record() -> None:
    state = _game(7)
    start = state.fingerprint()
    twin = state.clone()
    rng = random.Random(7)
    for _ in range(12):
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])
    assert state.fingerprint() != start
    while state.can_undo():
        state.undo()
    assert state.fingerprint() == start == twin.fingerprint()


def test_a_turn_is_one_action_of_one_runner() -> None:
    state = _game(1)
    team = state.current_team()
    moves = [a for a in state.legal_actions() if a.verb is Verb.MOVE]
    state.apply(moves[0])
    assert state.current_team() is not team and state.turn == 1
