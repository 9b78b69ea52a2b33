"""Heuristic player against the random player: win rate over seeded games per bundled map, every playable mode.

Sides alternate (the heuristic plays RED on even seeds, BLU on odd ones). The
issues' bar is a win rate of at least 90% over 200 games on every map. Also
prints the average length in turns and the time per game beside a reference run
(bench/_common.py), since machines here swing several-fold.
Run: ``python bench/ai_vs_random.py [games] [mode ...]`` (modes: koth, payload, team_play).
"""

from __future__ import annotations

import sys
import time

from _common import bundled, heuristic_against_random, reference_rate

from engine.games.game import Game


def main(games: int = 200, modes: list[str] | None = None) -> int:
    ref = reference_rate()
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s")
    worst = 1.0
    for name, scenario in bundled(modes).items():
        game = Game.of(scenario)
        t = time.process_time()
        wins, draws, turns = heuristic_against_random(game, games)
        dt = time.process_time() - t
        rate = wins / games
        worst = min(worst, rate)
        print(f"{name}: heuristic won {wins}/{games} = {rate:.1%} "
              f"(draws {draws}), {turns / games:.0f} turns a game, {dt / games * 1000:.0f} ms CPU a game "
              f"({dt / games * ref / 1e6:.1f} M reference iterations)")
    print(f"worst map: {worst:.1%} (bar: 90%)")
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(int(args[0]) if args else 200, args[1:] or None))
