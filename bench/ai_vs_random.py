"""Heuristic player against the random player: win rate over seeded games per bundled map.

Sides alternate (the heuristic plays RED on even seeds, BLU on odd ones). The
issue's bar is a win rate of at least 90% over 200 games on every map.
Run: ``python bench/ai_vs_random.py [games]``.
"""

from __future__ import annotations

import sys
import time

from _common import koth_scenarios

from engine.ai import HeuristicPlayer, RandomPlayer, play_game
from engine.games.game import Game
from engine.mapmodel import Team


def main(games: int = 200) -> int:
    worst = 1.0
    for name, scenario in koth_scenarios().items():
        game = Game.of(scenario)
        wins = draws = 0
        t = time.perf_counter()
        for seed in range(games):
            state = game.new_initial_state(seed, keep_undo=False)
            hero = Team.RED if seed % 2 == 0 else Team.BLU
            play_game(state, {hero: HeuristicPlayer(seed), hero.other: RandomPlayer(seed)})
            w = state.winner()
            wins += w is hero
            draws += w is None
        rate = wins / games
        worst = min(worst, rate)
        print(f"{name}: heuristic won {wins}/{games} = {rate:.1%} (draws {draws}) "
              f"in {time.perf_counter() - t:.1f} s")
    print(f"worst map: {worst:.1%} (bar: 90%)")
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
