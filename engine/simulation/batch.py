"""Batches of AI-vs-AI games on one scenario: deterministic, parallel, summarised.

Game ``i`` of a batch gets its own dice seed derived from the batch seed and
``i`` alone, and its own set-up: the first team alternates every game, and the
two players change sides every second pair of games, so a batch of 4k games
plays every (first team, side) combination equally often. Results are gathered
in game order, so the summary is identical for any number of worker processes
and on any backend (:mod:`engine.parallel`), a Dask cluster included.
"""

from __future__ import annotations

import hashlib
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from engine.ai.heuristic import HeuristicPlayer
from engine.ai.match import Player
from engine.ai.random_player import RandomPlayer
from engine.ai.search import SearchPlayer
from engine.games.events import item_order
from engine.games.game import Game
from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.parallel.backends import Backend, local_backend
from engine.scenario import Scenario
from engine.simulation.lineups import first_team_lineups, lineup_caveat
from engine.simulation.sequential import ALPHA_HEADLINES, MeanTest, Stream, family
from engine.simulation.stats import wilson_interval
from engine.simulation.telemetry import PickupCounts, play_counting_pickups
from engine.simulation.wording import (
    construction_sentence,
    first_owner,
    first_sentence,
    side_figure,
    side_sentence,
    side_state,
)

__all__ = ["AI_PLAYERS", "BLOCK", "BatchSummary", "GameArgs", "GameResult", "game_plan", "game_result", "play_one", "run_batch",
           "start_game", "summarise"]

#: Players by name, each built from a seed (weakest to strongest: random, heuristic, search).
AI_PLAYERS: Final[dict[str, Callable[[int], Player]]] = {
    "heuristic": HeuristicPlayer,
    "random": RandomPlayer,
    "search": SearchPlayer,
}


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game: its set-up and outcome. ``winner`` None is a draw; ``pickups``: (team, kind of
    pickup, count) of the pickups each team's units took (kits, ammo tiles, weapons from racks)."""

    index: int
    seed: int
    first_team: Team
    red_player: str
    blu_player: str
    winner: Team | None
    red_points: int
    blu_points: int
    turns: int
    actions: int
    pickups: PickupCounts = ()
    #: the pickable unit kinds RED and BLU had on the board during the game (built pieces such as sentries not
    #: counted), sorted; empty when not recorded
    fielded: tuple[tuple[str, ...], tuple[str, ...]] | tuple[()] = ()


def derive_seed(batch_seed: int, index: int) -> int:
    """The dice seed of game ``index`` (stable across Python versions and platforms)."""
    digest = hashlib.sha256(f"hexfort-batch:{batch_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_plan(index: int, players: tuple[str, str]) -> tuple[Team, str, str]:
    """(first team, RED's player, BLU's player) of game ``index`` (see module docstring)."""
    first = Team.RED if index % 2 == 0 else Team.BLU
    a, b = players
    red, blu = (a, b) if (index // 2) % 2 == 0 else (b, a)
    return first, red, blu


#: The arguments of one game of a batch: (scenario, batch seed, game index, the two players' names).
GameArgs = tuple[Scenario, int, int, tuple[str, str]]


def start_game(args: GameArgs) -> tuple[GameState, dict[Team, Player]]:
    """The initial state and the players of game ``index`` of a batch (see the module docstring)."""
    scenario, batch_seed, index, players = args
    seed = derive_seed(batch_seed, index)
    first, red, blu = game_plan(index, players)
    state = Game.of(replace(scenario, seed=seed, first_team=first)).new_initial_state(keep_undo=False)
    return state, {Team.RED: AI_PLAYERS[red](seed), Team.BLU: AI_PLAYERS[blu](seed + 1)}


def game_result(args: GameArgs, final: GameState, pickups: PickupCounts = (),
                fielded: Mapping[Team, Sequence[str]] | None = None) -> GameResult:
    """The :class:`GameResult` of game ``args`` once ``final`` is over (``pickups`` counted and the kinds each team
    ``fielded`` gathered while it was played)."""
    _scenario, batch_seed, index, players = args
    _first, red, blu = game_plan(index, players)
    pts = final.scores()
    kinds = (tuple(sorted(fielded[Team.RED])), tuple(sorted(fielded[Team.BLU]))) if fielded is not None else ()
    return GameResult(index, derive_seed(batch_seed, index), final.first_team, red, blu, final.winner(),
                      pts[Team.RED], pts[Team.BLU], final.turn, len(final.history), pickups, kinds)


def play_one(args: GameArgs) -> GameResult:
    """Play game ``index`` of a batch (counting its pickups and the kinds fielded); a pure function of its
    arguments."""
    state, players = start_game(args)
    fielded: dict[Team, list[str]] = {t: [] for t in Team}
    pickups = play_counting_pickups(state, players, fielded=fielded)
    return game_result(args, state, pickups, fielded)


def run_batch(
    scenario: Scenario,
    games: int,
    seed: int,
    jobs: int = 1,
    players: tuple[str, str] = ("heuristic", "heuristic"),
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    backend: Backend | None = None,
) -> list[GameResult]:
    """Play ``games`` games and return their results in game order.

    The games run on ``backend`` (default: this process, or ``jobs`` worker
    processes); the results are the same on every backend.
    ``progress(done, total)`` is called after each game; when ``cancelled()``
    returns True the batch stops early and returns the games finished so far (in
    order, without gaps). Raises KeyError for an unknown player name,
    :class:`~engine.parallel.backends.Interrupted` (with the games finished) on
    Ctrl-C and BackendError when the backend fails.
    """
    for p in players:
        AI_PLAYERS[p]
    work = [(scenario, seed, i, players) for i in range(games)]
    backend = backend or local_backend(jobs, games)
    return backend.map_ordered(play_one, work, progress, cancelled)


#: Games per block: game_plan plays every (first team, side) combination once in each block of four.
BLOCK: Final = 4


@dataclass(frozen=True)
class BatchSummary:
    """What a batch says about the map: wins per team and per first player, game length, pickups per team
    (team -> kind of pickup -> count).

    ``sides`` and ``first_move`` answer the two headline questions (RED's share
    of the score, the first mover's share) with anytime-valid confidence
    sequences over whole blocks of four games (:mod:`engine.simulation.sequential`,
    the two corrected together at a balance study's headline error, so a batch and
    ``hexfort balance`` on the same games give the same figures); the Wilson intervals of ``win_rate_ci`` and
    ``first_player_ci`` describe the games for a number of games fixed in
    advance.
    """

    games: int
    wins: dict[str, int]
    win_rate_ci: dict[str, tuple[float, float]]
    draws: int
    first_player_wins: int
    first_player_ci: tuple[float, float]
    player_wins: dict[str, int]
    turns_mean: float
    turns_median: float
    turns_min: int
    turns_max: int
    sides: MeanTest
    first_move: MeanTest
    pickups: dict[str, dict[str, int]] = field(default_factory=lambda: {t.value: {} for t in Team})
    #: the starting team's and the other's line-up when each was the same in every game (names), else None
    lineups: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def verdict(self, construction: str | None = None, sides: MeanTest | None = None,
                first_move: MeanTest | None = None, caveat: str = "", first_team: Team | None = None) -> str:
        """Plain words on both questions a designer asks: is one side favoured, and is moving first?

        A claim is made only when the confidence sequence excludes 50% (the two
        questions corrected together); an undecided answer says about how many
        more games would decide it. ``construction`` (why the map is even by
        construction, or None) turns the side answer into that known answer with
        the games beside it. ``sides`` and ``first_move`` replace this batch's own
        answers (a balance study's, corrected with its other questions), so a
        document gives one set of figures per question. ``caveat`` leads the side
        answer (:func:`~engine.simulation.verdict.shared_spawns_caveat`). ``first_team``: the
        team the scenario's rules give the first turn in every game (None: they draw it), whose edge a decided
        first-mover answer then is (:func:`~engine.simulation.wording.first_owner`).
        """
        if not self.games:
            return "no games played"
        sides = sides if sides is not None else self.sides
        first_move = first_move if first_move is not None else self.first_move
        side = side_sentence(sides)
        if construction is not None:
            figures = side_figure(sides) + ("" if not sides.blocks else f" after {sides.games} games")
            side = construction_sentence(construction, side_state(sides) in ("RED", "BLU"), figures)
        owner = first_owner(first_move.direction if first_move.significant else 0, first_team)
        return f"{caveat}{side}. {first_sentence(first_move)}{owner}{lineup_caveat(self.lineups)}."

    def to_json(self, construction: str | None = None, caveat: str = "",
                first_team: Team | None = None) -> dict[str, object]:
        """A JSON-ready dict with rounded figures (stable text for the same results); ``construction``, ``caveat`` and
        ``first_team``: as for :meth:`verdict`."""
        def r(x: float) -> float:
            return round(x, 4)

        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": {t: r(self.wins[t] / self.games) if self.games else 0.0 for t in self.wins},
            "win_rate_ci95": {t: [r(a), r(b)] for t, (a, b) in self.win_rate_ci.items()},
            "first_player_wins": self.first_player_wins,
            "first_player_win_rate": r(self.first_player_wins / self.games) if self.games else 0.0,
            "first_player_ci95": [r(self.first_player_ci[0]), r(self.first_player_ci[1])],
            "player_wins": self.player_wins,
            "turns": {"mean": r(self.turns_mean), "median": self.turns_median,
                      "min": self.turns_min, "max": self.turns_max},
            "headlines": {"sides": self.sides.to_json(), "first_move": self.first_move.to_json()},
            "verdict": self.verdict(construction, caveat=caveat, first_team=first_team),
            "pickups": {t: {"total": sum(kinds.values()), "by_kind": kinds} for t, kinds in self.pickups.items()},
        }


def summarise(results: list[GameResult], names: Mapping[str, str] | None = None) -> BatchSummary:
    """Count wins per team, per first player and per player; game lengths in turns; the headline answers; whether
    the line-ups followed the first move (:mod:`engine.simulation.lineups`; ``names``: unit kind -> name).

    ``results`` are a batch's games in game order from game 0 (whole blocks of
    four are tested; a short last block is left out of the headline answers).
    """
    n = len(results)
    wins = {t.value: sum(g.winner is t for g in results) for t in Team}
    draws = sum(g.winner is None for g in results)
    first = sum(g.winner is g.first_team for g in results)
    player_wins: dict[str, int] = {}
    for g in results:
        if g.winner is not None:
            name = g.red_player if g.winner is Team.RED else g.blu_player
            player_wins[name] = player_wins.get(name, 0) + 1
    turns = [g.turns for g in results] or [0]
    pickups: dict[str, dict[str, int]] = {t.value: {} for t in Team}
    for g in results:
        for team, item, k in g.pickups:
            pickups[team.value][item] = pickups[team.value].get(item, 0) + k
    blocks = n // BLOCK

    def means(score: Callable[[GameResult], float]) -> tuple[float, ...]:
        return tuple(statistics.fmean(score(g) for g in results[BLOCK * b:BLOCK * (b + 1)]) for b in range(blocks))

    sides, first_move = family([Stream(means(lambda g: _share(g, Team.RED))),
                                Stream(means(lambda g: _share(g, g.first_team)))], ALPHA_HEADLINES)
    return BatchSummary(
        games=n,
        wins=wins,
        win_rate_ci={t: wilson_interval(w, n) for t, w in wins.items()},
        draws=draws,
        first_player_wins=first,
        first_player_ci=wilson_interval(first, n),
        player_wins=dict(sorted(player_wins.items())),
        turns_mean=statistics.fmean(turns),
        turns_median=statistics.median(turns),
        turns_min=min(turns),
        turns_max=max(turns),
        sides=sides,
        first_move=first_move,
        pickups={t: dict(sorted(kinds.items(), key=lambda kv: item_order(kv[0]))) for t, kinds in pickups.items()},
        lineups=first_team_lineups(results, names),
    )


def _share(g: GameResult, team: Team) -> float:
    """``team``'s score in game ``g``: 1 for a win, 1/2 for a draw, 0 for a loss."""
    return 0.5 if g.winner is None else 1.0 if g.winner is team else 0.0
