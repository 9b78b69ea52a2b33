"""Random self-play throughput on the bundled King of the Board maps.

Prints games per second and unit turns per second (one unit turn = one
blueprint turn of one side), plus decisions per second, for
:class:`~engine.ai.RandomPlayer` (lazy legal actions: counts them, builds the
chosen one) beside a list-based random player that builds the full
``legal_actions()`` list at every decision (what RandomPlayer did before; both
play the very same games). Target: >= 40,000 unit turns/s on one core; before
the speed work the engine did 8-12k. Times are CPU seconds of this process
(``time.process_time``), so other jobs on a shared machine distort them less.
Run: ``python bench/selfplay.py [games]``.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time

from _common import koth_scenarios

from engine.ai import RandomPlayer, play_game
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.koth import KothState
from engine.scenario import Scenario


class ListRandomPlayer:
    """The reference: a uniform pick from the fully built legal-action list."""

    name = "list-random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: KothState) -> Action:
        acts = state.legal_actions()
        return acts[self.rng.randrange(len(acts))]


def run(scenario: Scenario, games: int, player: type[RandomPlayer] | type[ListRandomPlayer]) -> tuple[float, int, int]:
    """(seconds, unit turns, decisions) for ``games`` seeded games between two ``player``s."""
    turns = decisions = 0
    t = time.process_time()
    for seed in range(games):
        state = KothState(dataclasses.replace(scenario, seed=seed), keep_undo=False)
        play_game(state, {Team.RED: player(seed), Team.BLU: player(seed + 10_000)})
        turns += state.turn
        decisions += len(state.history)
    return time.process_time() - t, turns, decisions


def main(games: int = 200) -> None:
    for name, scenario in koth_scenarios().items():
        dt, turns, decisions = run(scenario, games, RandomPlayer)
        ref_dt, ref_turns, _ = run(scenario, max(games // 4, 1), ListRandomPlayer)
        ref_rate = ref_turns / ref_dt
        print(f"{name}: {games / dt:.1f} games/s, {turns / dt:,.0f} unit turns/s, "
              f"{decisions / dt:,.0f} decisions/s ({turns / games:.0f} turns per game); "
              f"full-list random player ~{ref_rate:,.0f} unit turns/s   [target >= 40,000]")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
