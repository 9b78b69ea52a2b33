"""Team Play: the heuristic player against the random player, win rate over seeded games per bundled map.

Sides alternate (the heuristic plays RED on even seeds, BLU on odd ones); the
starting team and the reward tile are drawn by each game's dice. The issue's bar
is a win rate of at least 90% over 200 games on every bundled Team Play map.
Speed is printed as games per second beside the reference loop's rate
(:func:`_common.reference_rate`), so runs on busy or quiet machines compare.
Run: ``python bench/teamplay_ai.py [games]``.
"""

from __future__ import annotations

import sys
import time

from _common import heuristic_against_random, reference_rate, teamplay_scenarios

from engine.games.game import Game


def main(games: int = 200) -> int:
    ref = reference_rate()
    print(f"reference loop: {ref / 1e6:.2f} M iterations per CPU second")
    worst = 1.0
    for name, scenario in teamplay_scenarios().items():
        game = Game.of(scenario)
        t = time.process_time()
        wins, draws, turns = heuristic_against_random(game, games)
        cpu = time.process_time() - t
        rate = wins / games
        worst = min(worst, rate)
        per_second = games / max(cpu, 1e-9)
        print(f"{name}: heuristic won {wins}/{games} = {rate:.1%} (draws {draws}, {turns / games:.1f} turns a game); "
              f"{per_second:.1f} games per CPU second = {per_second / ref * 1e6:.2f} per million reference iterations")
    print(f"worst map: {worst:.1%} (bar: 90%)")
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
