"""Team Play's heuristic remembers reach, potential and walk maps: the scores never change for it.

The contract of :mod:`engine.games.teamplay.ai.tables`: a map's value is what the
scorer computes under the map's key, whichever decision, game or player filled
it. Checked at every decision of seeded heuristic games on both bundled maps,
played one after another on the same board (so later games read maps earlier
games filled): the scores with the kept maps equal the scores with empty ones,
and each character's potential on every open hex equals the plain rule (each
usable weapon against each enemy, by :func:`~engine.games.teamplay.weapons.in_reach`).
"""

from __future__ import annotations

import gc
import weakref
from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai import HeuristicPlayer
from engine.formats import load_scenario
from engine.games.game import Game
from engine.games.phases import Phase
from engine.games.teamplay.ai import heuristic, tables
from engine.games.teamplay.weapons import in_reach
from engine.mapmodel import Team
from tests.playing import play


def _plain_potential(ctx: heuristic._Context, u: object, cell: int) -> float:
    """The potential as first written: every usable weapon against every enemy, the best power plus closeness."""
    s = ctx.s
    best = 0.0
    for w in s.usable_weapons(u):  # type: ignore[arg-type]
        card = s.card(w)
        for v in ctx.enemies:
            ok = s.board.distance(cell, v.cell) <= card.range if card.kind == "fire" else in_reach(s, cell, card, v.cell)
            if ok:
                best = max(best, ctx.power(w) + ctx._closeness(v))
    return best


def _fresh(_state: object) -> tables.GameTables:
    return tables.GameTables(tables.BoardTables())


@pytest.mark.parametrize("name", ["teamplay_arena", "teamplay_bunker"])
def test_scores_with_the_kept_maps_equal_scores_computed_afresh(repo: Path, name: str,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(repo / "maps" / f"{name}.scenario.json")
    compared = 0
    for seed in (3, 4):  # the second game reads the maps the first one filled on the same board
        state = Game.of(replace(scenario, seed=seed)).new_initial_state(keep_undo=False)
        players = {Team.RED: HeuristicPlayer(seed), Team.BLU: HeuristicPlayer(seed + 1)}
        open_cells = [c for c in range(state.board.n) if not state.board.wall[c] and not state.board.low[c]]
        while (team := state.current_team()) is not None:
            if state.phase is Phase.ACT and len(state.history) % 3 == 0:
                view = state.legal_actions_view()
                warm = heuristic._Context(state).scores(view.groups)
                with monkeypatch.context() as m:  # every map empty: each value computed for this decision
                    m.setattr(heuristic, "tables_of", _fresh)
                    cold = heuristic._Context(state).scores(view.groups)
                    m.setattr(tables, "DENSE_HEXES", 0)  # reach kept as a dictionary, as on a huge board
                    sparse = heuristic._Context(state).scores(view.groups)
                assert warm == cold == sparse, f"decision {len(state.history)}"
                ctx = heuristic._Context(state)
                for u in state.characters(state.team):
                    if u.cell >= 0:
                        for cell in open_cells:
                            assert ctx.potential(u, cell) == _plain_potential(ctx, u, cell), (u.kind, cell)
                compared += 1
            state.apply_unchecked(players[team].choose(state))
    assert compared > 40, compared


def test_a_board_forgets_its_maps_past_the_limit_and_keeps_answering(monkeypatch: pytest.MonkeyPatch) -> None:
    """The maps of a kind are dropped together once a board holds the limit; a dropped map starts empty."""
    monkeypatch.setattr(tables, "MAPS_PER_BOARD", 3)
    t = _fresh(None)
    first = tables.walk_map(t, "walk", (1,))
    first[7] = 2
    assert tables.walk_map(t, "walk", (1,)) is first
    for goal in (2, 3):
        tables.walk_map(t, "walk", (goal,))
    assert len(t.board.walks) == 3 and tables.walk_map(t, "walk", (1,)) is first  # a known key is kept
    tables.walk_map(t, "walk", (4,))  # a fourth: the three go
    assert len(t.board.walks) == 1
    assert tables.walk_map(t, "walk", (1,)) == {}


def test_a_finished_games_tables_go_with_it_and_its_boards_keep_no_game(repo: Path) -> None:
    """Nothing outside a game keeps it alive: the game's own tables live in its cache, and what the board keeps
    (reach, potential and walk maps) holds numbers only."""
    scenario = load_scenario(repo / "maps" / "teamplay_bunker.scenario.json")
    state = Game.of(replace(scenario, seed=9)).new_initial_state(keep_undo=False)
    players = {Team.RED: HeuristicPlayer(9), Team.BLU: HeuristicPlayer(10)}
    play(state, players, 60, checked=False)
    kept = tables.tables_of(state)
    assert kept.power and kept.board.reach and kept.board.potential
    board = state.board
    game = weakref.ref(state.game)
    del state, kept, players
    gc.collect()
    assert game() is None
    assert tables.board_tables(board).potential  # the board's maps stay for the next game on it
