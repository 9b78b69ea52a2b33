"""Playing the games the search asks for: several versions of a map on the same seeds, on any backend.

Game ``i`` of every version gets the same dice seed, first team and sides
(:func:`engine.simulation.batch.play_one`, the games ``hexfort simulate``
plays): common random numbers, so two versions differ by the map and not by the
luck of their seeds. All versions' games of one round go to the backend in one
ordered map, so every worker stays busy; results come back in item order, so a
run is the same with any ``--jobs`` and on a Dask cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.parallel.backends import Backend, Interrupted
from engine.rebalance.evidence import Tally
from engine.scenario import Scenario
from engine.simulation.batch import GameArgs, GameResult, play_one

__all__ = ["Round", "Runner", "timed_game"]

#: ``progress(done, total)`` after each game of a round.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Round:
    """The tallies of one round (in version order) and whether it stopped early (cancel or Ctrl-C)."""

    tallies: tuple[Tally, ...]
    stopped: bool
    games: int


def timed_game(args: GameArgs) -> tuple[GameResult, float]:
    """:func:`~engine.simulation.batch.play_one` and the CPU seconds it took in the process that played it."""
    start = time.process_time()
    result = play_one(args)
    return result, time.process_time() - start


class Runner:
    """Plays rounds on ``backend``; ``cancelled()`` stops a round after the games in flight."""

    def __init__(self, backend: Backend, players: tuple[str, str],
                 cancelled: Callable[[], bool] | None = None) -> None:
        self.backend = backend
        self.players = players
        self.cancelled = cancelled or (lambda: False)
        #: Every game played so far, by every round.
        self.played = 0
        #: CPU seconds those games took, wherever they ran (a measure of work that other load does not swell).
        self.cpu = 0.0

    def round(self, versions: Sequence[Scenario], seed: int, start: int, stop: int,
              progress: Progress | None = None) -> Round:
        """Games ``start..stop-1`` of batch ``seed`` on each version (see the module docstring).

        A round stopped early counts the games that finished (a prefix in item
        order, so the last versions may have fewer or none). Ctrl-C stops it too:
        :class:`~engine.parallel.backends.Interrupted` is caught here and the round
        is marked stopped.
        """
        n = stop - start
        items: list[GameArgs] = [(s, seed, i, self.players) for s in versions for i in range(start, stop)]
        stopped = False
        try:
            timed = self.backend.map_ordered(timed_game, items, progress, self.cancelled)
        except Interrupted as e:
            timed, stopped = e.done, True
        stopped = stopped or len(timed) < len(items)
        results = [r for r, _ in timed]
        self.cpu += sum(c for _, c in timed)
        self.played += len(results)
        return Round(tuple(Tally.of(results[k * n:(k + 1) * n]) for k in range(len(versions))), stopped,
                     len(results))
