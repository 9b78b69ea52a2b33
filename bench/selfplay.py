"""Random self-play throughput on the bundled King of the Board maps, beside a reference run.

Prints, per map, unit turns per CPU second (one unit turn = one blueprint turn of
one side) and decisions per second for :class:`~engine.ai.RandomPlayer` (lazy
legal actions: counts them, builds the chosen one), and the same for a
list-based random player that builds the full ``legal_actions()`` list at every
decision (both play the very same games). Target: >= 40,000 unit turns/s on one
core on every map.

Machines here swing several-fold from day to day, so the script also times a
fixed pure-Python reference loop in the same process and prints each figure as a
ratio to it ("x ref"): the ratio is what to compare between days. Each figure is
the best of ``--repeat`` runs (default 3), since other work on the machine only
ever slows a run down. Times are CPU seconds of this process
(``time.process_time``). Run: ``python bench/selfplay.py [games] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import random
import time

from _common import koth_scenarios, reference_rate

from engine.ai import RandomPlayer, play_game
from engine.games.game import Game
from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.rules.actions import Action


class ListRandomPlayer:
    """The reference player: a uniform pick from the fully built legal-action list."""

    name = "list-random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.randrange(len(acts))]


def run(game: Game, games: int, player: type[RandomPlayer] | type[ListRandomPlayer]) -> tuple[float, int, int]:
    """(CPU seconds, unit turns, decisions) for ``games`` seeded games between two ``player``s."""
    turns = decisions = 0
    t = time.process_time()
    for seed in range(games):
        state = game.new_initial_state(seed, keep_undo=False)
        play_game(state, {Team.RED: player(seed), Team.BLU: player(seed + 10_000)})
        turns += state.turn
        decisions += len(state.history)
    return time.process_time() - t, turns, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="?", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    ref = max(reference_rate() for _ in range(args.repeat))
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s (best of {args.repeat})")
    for name, scenario in koth_scenarios().items():
        game = Game.of(scenario)
        best = (float("inf"), 0, 0)
        for _ in range(args.repeat):
            got = run(game, args.games, RandomPlayer)
            best = min(best, got)
        dt, turns, decisions = best
        ref_dt, ref_turns, _ = run(game, max(args.games // 4, 1), ListRandomPlayer)
        rate = turns / dt
        print(f"{name}: {rate:,.0f} unit turns/s ({rate / ref * 1000:.2f} per 1000 ref), "
              f"{decisions / dt:,.0f} decisions/s, {args.games / dt:.0f} games/s ({turns / args.games:.0f} turns "
              f"per game); full-list random player ~{ref_turns / ref_dt:,.0f} unit turns/s   [target >= 40,000]")


if __name__ == "__main__":
    main()
