"""Heuristic player against the random player: win rate over seeded games per bundled map.

Sides alternate (the heuristic plays RED on even seeds, BLU on odd ones). The
issue's bar is a win rate of at least 90% over 200 games on every map.
Run: ``python bench/ai_vs_random.py [games]``.
"""

from __future__ import annotations

import sys
import time

from _common import heuristic_against_random, koth_scenarios

from engine.games.game import Game


def main(games: int = 200) -> int:
    worst = 1.0
    for name, scenario in koth_scenarios().items():
        game = Game.of(scenario)
        t = time.perf_counter()
        wins, draws, _ = heuristic_against_random(game, games)
        rate = wins / games
        worst = min(worst, rate)
        print(f"{name}: heuristic won {wins}/{games} = {rate:.1%} (draws {draws}) "
              f"in {time.perf_counter() - t:.1f} s")
    print(f"worst map: {worst:.1%} (bar: 90%)")
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
