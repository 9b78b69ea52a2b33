"""Movement flood from one hex on a 60x60 map with ~15% walls, beside a naive reference.

The naive reference is a deque breadth-first search over Hex values with a dict
of distances, checking walls and the climb rule per step. Also: building the
successor tables (what a fresh board pays once per profile; the validator builds
two, shared by both teams) and the bounded destination set the game caches per
(profile, hex) for a unit's move.
Run: ``python bench/flood.py``.
"""

from __future__ import annotations

import random
from collections import deque

from _common import big_map, per_call

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules import movement
from engine.rules.board import Board
from engine.rules.movement import MoveProfile, flood


def naive_flood(cells: dict[Hex, tuple[int, bool]], start: Hex) -> dict[Hex, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        hh = cells[h][0]
        for n in h.neighbors():
            c = cells.get(n)
            if c is None or c[1] or n in dist or c[0] > hh + 1:
                continue
            dist[n] = dist[h] + 1
            todo.append(n)
    return dist


def main() -> None:
    hexmap = big_map()
    board = Board(hexmap)
    rng = random.Random(3)
    starts = [rng.choice([i for i in range(board.n) if not board.wall[i]]) for _ in range(50)]
    profile = MoveProfile()
    flood(board, [starts[0]], profile)  # builds the per-profile step tables once

    def fast() -> None:
        for s in starts:
            flood(board, [s], profile)

    cells = {h: (c.height, c.terrain.value == "wall") for h, c in hexmap.cells.items()}

    def naive() -> None:
        for s in starts:
            naive_flood(cells, board.hexes[s])

    assert len(flood(board, [starts[0]], profile).distances()) == len(naive_flood(cells, board.hexes[starts[0]]))
    t_fast = per_call(fast, 3) / len(starts) * 1e3
    t_naive = per_call(naive, 3) / len(starts) * 1e3

    def bounded() -> None:
        for s in starts:
            flood(board, [s], profile, max_steps=6)

    t_six = per_call(bounded, 3) / len(starts) * 1e3
    print(f"map: 60x60 ({board.n} hexes)")
    print(f"whole-map flood, engine.rules.movement.flood: {t_fast:.3f} ms")
    print(f"naive deque + dict flood: {t_naive:.3f} ms")
    print(f"speed-up: {t_naive / t_fast:.1f}x (target <= 1 ms)")
    print(f"flood bounded to 6 steps (a Scout's move): {t_six:.3f} ms")

    scout = MoveProfile(over_low=True, keep_height=True, team=Team.RED)

    def dests() -> None:
        for s in starts:
            movement._bounded_destinations(board, s, scout, 6)

    t_dest = per_call(dests, 3) / len(starts) * 1e3
    print(f"Scout destinations (6 steps, set-based BFS the game caches per hex): {t_dest:.3f} ms")

    def tables() -> None:
        board.cache.pop("movement.tables", None)
        movement._tables(board, MoveProfile(team=Team.RED))
        movement._tables(board, MoveProfile(team=Team.BLU))
        movement._tables(board, scout)
        movement._tables(board, scout.for_team(Team.BLU))

    t_tables = per_call(tables, 3) * 1e3
    print(f"successor tables, walk + double jump for both teams (validator): {t_tables:.1f} ms "
          "(was ~170 ms through can_step per edge)")


if __name__ == "__main__":
    main()
