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
from typing import Final

from engine.parallel.backends import Backend, Interrupted
from engine.rebalance.evidence import Tally
from engine.scenario import Scenario
from engine.simulation.batch import GameArgs, GameResult, play_one

__all__ = ["NO_EFFECT", "Round", "Runner", "plays_of", "timed_game"]

#: Why a raced edit is dropped after its first round when every game of it ended as the map's own (the digests of
#: :attr:`Round.plays`): on those seeds the edit changed no game, so it cannot bring the map
#: nearer even, and confirming it could only "fix" the map by the luck of fresh seeds with a hex that does nothing.
NO_EFFECT: Final = "no effect, its first games all ended as the map's own (winner, points, turns, actions, pickups)"
#: ``progress(done, total)`` after each game of a round.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Round:
    """The tallies of one round (in version order) and whether it stopped early (cancel or Ctrl-C).

    ``plays``: per version, :func:`plays_of` its games of the round, so that two versions whose every game
    ended alike can be told (an edit that changes no game); empty when the runner does not know them.
    """

    tallies: tuple[Tally, ...]
    stopped: bool
    games: int
    plays: tuple[int, ...] = ()


def plays_of(results: Sequence[GameResult]) -> int:
    """A digest of how ``results`` ended, game by game: winner, points, turns, actions and pickups. Two versions
    of a map with the same digest on the same seeds ended every game alike (played move for move the same, but
    for a chance that no real pair of games has shown). Stable within one process only (it uses ``hash``)."""
    return hash(tuple((r.winner, r.red_points, r.blu_points, r.turns, r.actions, r.pickups) for r in results))


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
        chunks = [results[k * n:(k + 1) * n] for k in range(len(versions))]
        return Round(tuple(Tally.of(c) for c in chunks), stopped, len(results), tuple(plays_of(c) for c in chunks))
