"""King of the Board's heuristic remembers danger and firepower maps per game: the scores never change for it.

The contract of :mod:`engine.games.koth.ai.tables`: a map's value for a hex is what
the scorer computes for that hex under the map's key, whichever decision filled it.
Checked across a seeded search-vs-heuristic game on a bundled map, where the
search's play-outs fill the maps from thousands of positions before each real
decision reads them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai.search import SearchPlayer, SearchSettings
from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.koth.ai import heuristic, tables
from engine.games.koth.ai.heuristic import koth_scores
from engine.games.phases import Phase
from engine.mapmodel import Team
from tests.playing import play

#: A small search budget: enough play-outs per decision to fill the maps from many positions.
SMALL = SearchSettings(iterations=8, horizon=3)


@pytest.mark.parametrize("name", ["koth_ridge", "koth_quarry"])
def test_scores_with_the_games_maps_equal_scores_computed_afresh(repo: Path, name: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(repo / "maps" / f"{name}.scenario.json")
    state = Game.of(replace(scenario, seed=5)).new_initial_state(keep_undo=False)
    players = {Team.RED: SearchPlayer(5, SMALL), Team.BLU: SearchPlayer(6, SMALL)}
    fresh = tables.GameTables
    compared = 0
    while (team := state.current_team()) is not None and compared < 400:
        if state.phase is Phase.ACT:
            acts = state.legal_actions()
            kept = tables.tables_of(state)
            warm = koth_scores(state, acts)
            u = state.active_unit()
            hot = heuristic.KothScorer(state, u)
            with monkeypatch.context() as m:  # every map empty: each value computed for this decision
                m.setattr(heuristic, "tables_of", lambda _state: fresh())
                cold = koth_scores(state, acts)
                new = heuristic.KothScorer(state, u)
            assert warm == cold, f"decision {len(state.history)}: {acts}"
            for cell in range(state.board.n):  # every hex, not only those this decision's actions reach
                assert (hot.danger(cell), hot.firepower(cell)) == (new.danger(cell), new.firepower(cell)), cell
            assert tables.tables_of(state) is kept and (kept.danger or kept.fire)  # the game's maps were read
            compared += 1
        state.apply(players[team].choose(state))
    assert compared > 40, compared


def test_a_game_forgets_its_maps_past_the_limit_and_keeps_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    """The maps of a kind are dropped together once a game holds the limit; a dropped map starts empty."""
    monkeypatch.setattr(tables, "MAPS_PER_GAME", 3)
    t = tables.GameTables()
    first = tables.danger_map(t, Team.RED, ())
    first[7] = 1.5
    assert tables.danger_map(t, Team.RED, ()) is first
    for cell in range(2):
        tables.danger_map(t, Team.BLU, ((cell, 0, 0, 1, 1, 1, 1),))
    assert len(t.danger) == 3 and tables.danger_map(t, Team.RED, ()) is first  # a known key is kept
    tables.danger_map(t, Team.BLU, ((5, 0, 0, 1, 1, 1, 1),))  # a fourth: the three go
    assert len(t.danger) == 1
    assert tables.danger_map(t, Team.RED, ()) == {}


def test_a_finished_games_maps_go_with_it(repo: Path) -> None:
    """Nothing outside a game keeps it alive: a worker playing game after game holds only the current one's maps
    (a weak dictionary keyed by the game, whose values referred to the game, kept every game of a batch)."""
    import gc
    import weakref

    scenario = load_scenario(repo / "maps" / "koth_quarry.scenario.json")
    state = Game.of(replace(scenario, seed=9)).new_initial_state(keep_undo=False)
    players = {Team.RED: SearchPlayer(9, SMALL), Team.BLU: SearchPlayer(10, SMALL)}
    play(state, players, 12)
    maps = tables.tables_of(state)
    assert maps.danger or maps.fire
    game = weakref.ref(state.game)
    del state, maps, players
    gc.collect()
    assert game() is None
