"""Random self-play throughput on the bundled King of the Board maps.

Prints games per second and unit turns per second (one unit turn = one
blueprint turn of one side), plus decisions per second.
Run: ``python bench/selfplay.py [games]``.
"""

from __future__ import annotations

import dataclasses
import sys
import time

from _common import koth_scenarios

from engine.ai import RandomPlayer, play_game
from engine.mapmodel import Team
from engine.rules.koth import KothState


def main(games: int = 200) -> None:
    for name, scenario in koth_scenarios().items():
        turns = decisions = 0
        t = time.perf_counter()
        for seed in range(games):
            state = KothState(dataclasses.replace(scenario, seed=seed), keep_undo=False)
            play_game(state, {Team.RED: RandomPlayer(seed), Team.BLU: RandomPlayer(seed + 10_000)})
            turns += state.turn
            decisions += len(state.history)
        dt = time.perf_counter() - t
        print(f"{name}: {games / dt:.1f} games/s, {turns / dt:,.0f} unit turns/s, "
              f"{decisions / dt:,.0f} decisions/s ({turns / games:.0f} turns per game)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
