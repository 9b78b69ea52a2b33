"""The Payload Race heuristic's short cuts score exactly what its plain terms score, and its tables go with the game.

The heuristic scores a turn's actions from the legal actions' groups (a move from its
board index, an attack from its token's options in order), reads firepower from
tables kept per (card, enemies) in the game's cache, and its tie-break reads only
the action it plays. Each is compared here with the plain way at every decision of
seeded games on both bundled maps: the same floats, so the same choices.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import weakref
from pathlib import Path
from typing import Any

import pytest

from engine.ai import HeuristicPlayer, RandomPlayer
from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.payload.ai import fire
from engine.games.payload.ai.heuristic import score_context
from engine.games.state import Phase
from engine.mapmodel import Team
from tests.playing import play

MAPS = ("payload_bridges", "payload_canal")
RULES = [{}, {"friendly_fire": True, "pass_through_teammates": False, "spawn_protection": False}]


def _plain_firepower(state: Any, card: Any, cell: int) -> float:
    """Rough best expected damage a ``card`` holder on ``cell`` could deal to the acting side's enemies, worked
    out from scratch per enemy (the heuristic's term before its tables)."""
    if card.kind == "heal":
        return 0.0
    b = state.board
    best = 0.0
    for v in state.units_of(state.team.other):
        d = b.distance(cell, v.cell)
        if not card.min_range <= d <= max(card.range, 1) or v.uber:
            continue
        if not card.lobbed and not state.sight.sees(cell, v.cell):
            continue
        if card.kind == "direct":
            ev = state.hit_chance(d - card.accuracy) * max(1, card.damage - card.falloff * (d - 1)) * card.shots
        elif card.kind == "blast":
            ev = state.hit_chance(d - card.accuracy) * d
        else:
            ev = 2.0
        best = max(best, ev)
    return best


def _decisions(repo: Path, name: str, rules: dict[str, Any], seeds: int) -> Any:
    """Every turn decision of seeded heuristic-against-random games on ``name`` under ``rules`` (the state,
    before the action is applied)."""
    scenario = load_scenario(repo / "maps" / f"{name}.scenario.json")
    game = Game.of(dataclasses.replace(scenario, rules={**scenario.rules, **rules}))
    for seed in range(seeds):
        state = game.new_initial_state(seed, keep_undo=False)
        players = {Team.RED: HeuristicPlayer(seed), Team.BLU: RandomPlayer(seed)}
        while not state.is_terminal() and state.turn < 40:
            if state.phase is Phase.ACT:
                yield state
            state.apply_unchecked(players[state.current_team()].choose(state))


@pytest.mark.parametrize("rules", RULES, ids=["default", "friendly"])
@pytest.mark.parametrize("name", MAPS)
def test_scores_from_the_groups_equal_each_actions_score(repo: Path, name: str, rules: dict[str, Any]) -> None:
    """At every decision, the scores read from the groups are the scores of the actions one by one, and every
    firepower read from the kept tables is the plain term's."""
    for state in _decisions(repo, name, rules, 2):
        view = state.legal_actions_view()
        fast = score_context(state).scores(view.groups)
        plain_ctx = score_context(state)
        assert fast == [plain_ctx.score(a) for a in view.to_list()]
        ctx = score_context(state)
        for u in state.actors():
            card = state.ruleset.weapons[u.weapon]
            for cell in [u.cell, *state.move_cells(u)]:
                assert ctx.firepower(u, cell) == _plain_firepower(state, card, cell), (u.kind, cell)


def test_the_tie_break_reads_only_the_action_it_plays(repo: Path) -> None:
    """The heuristic's pick from the lazy view is the pick from the whole list, with the same draws of its
    generator (ties are many at the start of a game, where every move of a far token scores alike)."""
    for state in _decisions(repo, "payload_canal", {}, 1):
        view = state.legal_actions_view()
        scores = score_context(state).scores(view.groups)
        lazy, whole = HeuristicPlayer(5), HeuristicPlayer(5)
        assert lazy._pick(view, scores) == whole._pick(view.to_list(), scores)
        assert lazy.rng.getstate() == whole.rng.getstate()
        with pytest.raises(ValueError, match="scores"):
            lazy._pick(view, scores[:-1])


def test_a_finished_games_firepower_and_job_tables_go_with_it(repo: Path) -> None:
    """The tables are kept in the game's own cache, so a worker playing game after game holds only the current
    game's (a weak dictionary keyed by the game, whose values referred to it, once kept every game of a batch)."""
    scenario = load_scenario(repo / "maps" / "payload_bridges.scenario.json")
    state = Game.of(dataclasses.replace(scenario, seed=3)).new_initial_state(keep_undo=False)
    players = {Team.RED: HeuristicPlayer(3), Team.BLU: HeuristicPlayer(4)}
    play(state, players, 30, checked=False)
    cache = state.game.cache
    assert cache[fire.__name__], "the heuristic kept firepower tables in the game's cache"
    assert any(key.endswith(".job_steps") and value for key, value in cache.items())
    game = weakref.ref(state.game)
    del state, players, cache
    gc.collect()
    assert game() is None


def test_a_games_firepower_tables_stay_bounded(repo: Path) -> None:
    """Past FIRE_PER_GAME tables a game forgets them all (a lost table is only worked out again)."""
    scenario = load_scenario(repo / "maps" / "payload_bridges.scenario.json")
    state = Game.of(scenario).new_initial_state(1, keep_undo=False)
    weapon = next(iter(state.units.values())).weapon
    rng = random.Random(1)
    cells = [rng.randrange(state.board.n) for _ in range(fire.FIRE_PER_GAME + 5)]
    for c in cells:
        fire.fire_of(state, weapon, ((c, False),))
    assert 0 < len(state.game.cache[fire.__name__]) <= fire.FIRE_PER_GAME
