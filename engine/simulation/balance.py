"""A balance study of a map: watched AI-vs-AI games at several strengths, summarised and judged.

The question a designer asks is "is my map fair?", and the answer must hold
whoever plays. A study plays the same seeded batch (:mod:`engine.simulation.batch`)
for each pairing of AI players asked for, watching every game
(:mod:`engine.simulation.telemetry`), and reports per pairing: wins per team
and for the side that moves first with 95% intervals, draws, the game-length
distribution, where units stand, die, score and take pickups, and which unit kinds win and kill.
Beside the games it measures the map itself: how many turns each kind needs
from each spawn to each of its mode's objectives (:mod:`engine.simulation.objective`).

The games are played block by block (:meth:`StudyPlan.slots`), so a run can
stop after any block: :mod:`engine.simulation.autostop` plays until the
headline questions are decided. :mod:`engine.simulation.headline` asks those
questions with anytime-valid statistics, :mod:`engine.simulation.verdict` turns
the answers into plain words, and with a second version of the map
(``other``, the same seeds) :mod:`engine.simulation.comparison` says what
changed.

Everything here is a pure function of the plan and the games, which come back
in item order from any backend, so the JSON is byte-identical locally, with
``--jobs`` and on a Dask cluster.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.games.game import Game
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.parallel.backends import Backend, local_backend
from engine.scenario import Scenario
from engine.simulation.batch import (
    AI_PLAYERS,
    BLOCK,
    BatchSummary,
    GameArgs,
    GameResult,
    game_result,
    start_game,
    summarise,
)
from engine.simulation.objective import Race, objective
from engine.simulation.stats import Z95, difference_interval
from engine.simulation.telemetry import LAYERS, GameTelemetry, pickup_counts, play_observed

__all__ = [
    "ClassRecord",
    "MapStudy",
    "PairingStudy",
    "Race",
    "BLOCK",
    "GameFacts",
    "StudyPlan",
    "play_watched",
    "races",
    "run_study",
    "study_of",
]

#: Games (or team-games) a figure needs before it is shown as a number: fewer say "too few games".
MIN_SAMPLE: Final = 10
#: How strong each player is, for "the strongest pairing" (the one whose figures the evidence quotes).
STRENGTH: Final = {"random": 0, "heuristic": 1, "search": 2}

ObservedGame = tuple[GameResult, GameTelemetry]


def play_watched(args: GameArgs) -> ObservedGame:
    """Play game ``args`` of a batch watched by an observer: (its result, what happened where)."""
    state, players = start_game(args)
    seen = play_observed(state, players)
    return game_result(args, state, pickup_counts(seen.pickups), seen.picks), seen


@dataclass(frozen=True)
class StudyPlan:
    """The games of a study: ``games`` per pairing on ``scenario`` (and on ``other`` with the same seeds).

    Raises ValueError for no pairing, fewer than one game or an unknown player name.
    """

    scenario: Scenario
    pairings: tuple[tuple[str, str], ...]
    games: int
    seed: int
    other: Scenario | None = None

    def __post_init__(self) -> None:
        if not self.pairings or self.games < 1:
            raise ValueError("a study needs at least one pairing and one game")
        for pair in self.pairings:
            for p in pair:
                if p not in AI_PLAYERS:
                    raise ValueError(f"unknown AI player {p!r}; known: {', '.join(AI_PLAYERS)}")

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        """The map's scenario, then the compared one (if any)."""
        return (self.scenario,) if self.other is None else (self.scenario, self.other)

    @property
    def blocks(self) -> int:
        """Blocks of :data:`BLOCK` games per pairing (the last one may be short)."""
        return -(-self.games // BLOCK)

    def slots(self, blocks: range | None = None) -> list[tuple[int, int, int]]:
        """(version, pairing, game index) of every game of ``blocks`` (default: all), in play order.

        Games are played block by block: games ``4b..4b+3`` of every version and
        every pairing, then the next block. So a run stopped after any block (by
        the stopping rule of ``--games auto``, or Ctrl-C) has played as many
        games of each, and game ``i`` always has the same seed and set-up.
        """
        out = []
        for b in blocks if blocks is not None else range(self.blocks):
            for v in range(len(self.scenarios)):
                for k in range(len(self.pairings)):
                    out += [(v, k, i) for i in range(BLOCK * b, min(BLOCK * (b + 1), self.games))]
        return out

    def items(self, blocks: range | None = None) -> list[GameArgs]:
        """The games of :meth:`slots`, as arguments of :func:`play_watched`."""
        return [(self.scenarios[v], self.seed, i, self.pairings[k]) for v, k, i in self.slots(blocks)]


def run_study(plan: StudyPlan, backend: Backend | None = None, progress: Callable[[int, int], None] | None = None,
              cancelled: Callable[[], bool] | None = None) -> list[ObservedGame]:
    """Play the plan's games on ``backend`` (default: this process) and return them in item order.

    Raises :class:`~engine.parallel.backends.Interrupted` on Ctrl-C (carrying the
    games finished, a prefix of the items), BackendError when the backend fails
    and RulesetError when a game cannot start.
    """
    items = plan.items()
    backend = backend or local_backend(1, len(items))
    return backend.map_ordered(play_watched, items, progress, cancelled)


# -- what a pairing's games say -------------------------------------------------------------


#: Newcombe's z for a difference whose two rates may be correlated in any way (:attr:`ClassRecord.difference`).
DEPENDENT_Z95: Final = Z95 * math.sqrt(2)


@dataclass(frozen=True)
class ClassRecord:
    """How teams that fielded a unit kind did against teams that did not (team-games, both sides)."""

    kind: str
    fielded: int
    fielded_wins: int
    without: int
    without_wins: int
    kills: int

    @property
    def difference(self) -> tuple[float, float]:
        """95% interval of (win rate when fielded) - (win rate without), for one pairing taken alone.

        A description, not a test: which kinds win *significantly* is asked by
        :mod:`engine.simulation.headline` with the report's other questions. The two
        rates are not independent samples — in a game where one team alone fields the
        kind, one team-game's win is the other's loss — so Newcombe's interval is
        taken at z·√2, which bounds the variance of a difference however its parts
        correlate ((x − y)² ≤ 2x² + 2y²): at plain z it covered 80–88% (a statistics
        review); at z·√2, 94–95% when every game is one-sided and more otherwise
        (coin-flip checks, 1,500 batches each).
        """
        return difference_interval(self.fielded_wins, self.fielded, self.without_wins, self.without, DEPENDENT_Z95)


@dataclass(frozen=True)
class PairingStudy:
    """The figures of one pairing's games (see the module docstring)."""

    players: tuple[str, str]
    results: tuple[GameResult, ...]
    summary: BatchSummary
    heat: dict[str, dict[Team, dict[int, int]]]
    classes: tuple[ClassRecord, ...]
    first_point: dict[Team, tuple[int, ...]]

    @classmethod
    def of(cls, players: tuple[str, str], games: Sequence[ObservedGame], kinds: Sequence[str],
           names: Mapping[str, str] | None = None) -> PairingStudy:
        """Summarise ``games`` (all of this pairing); ``kinds`` are the unit kinds to report, in order (``names``:
        kind -> name, for the words)."""
        results = tuple(r for r, _ in games)
        heat: dict[str, dict[Team, dict[int, int]]] = {k: {t: {} for t in Team} for k in LAYERS}
        first: dict[Team, list[int]] = {t: [] for t in Team}
        kills: dict[str, int] = {}
        for _, seen in games:
            for layer, teams in seen.layers.items():
                for team, counts in teams.items():
                    into = heat[layer][team]
                    for c, n in counts.items():
                        into[c] = into.get(c, 0) + n
            for team in Team:
                t = seen.first_point[team]
                if t is not None:
                    first[team].append(t)
                for kind, n in seen.kills[team].items():
                    kills[kind] = kills.get(kind, 0) + n
        classes = []
        for kind in kinds:
            fw = fn = ww = wn = 0
            for r, seen in games:
                for team in Team:
                    won = r.winner is team
                    if kind in seen.picks[team]:
                        fn += 1
                        fw += won
                    else:
                        wn += 1
                        ww += won
            if fn:
                classes.append(ClassRecord(kind, fn, fw, wn, ww, kills.get(kind, 0)))
        sorted_heat = {k: {t: dict(sorted(v.items())) for t, v in teams.items()} for k, teams in heat.items()}
        return cls(players, results, summarise(list(results), names), sorted_heat, tuple(classes),
                   {t: tuple(v) for t, v in first.items()})

    @property
    def games(self) -> int:
        """Games played in this pairing."""
        return len(self.results)

    @property
    def label(self) -> str:
        """``heuristic vs search``."""
        return f"{self.players[0]} vs {self.players[1]}"

    @property
    def strength(self) -> int:
        """How strong the pairing's players are together (to pick the one the evidence quotes)."""
        return sum(STRENGTH.get(p, 1) for p in self.players)

    def lengths(self) -> list[int]:
        """Turns of each game, in game order."""
        return [r.turns for r in self.results]


# -- what the map says, without playing ------------------------------------------------------


def races(scenario: Scenario) -> tuple[str, list[Race]]:
    """(the main objective in words, every race to each of its mode's goals): :func:`engine.simulation.objective.objective`."""
    obj = objective(scenario)
    return obj.goal, list(obj.races)


# -- one map's study ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameFacts:
    """What the statistics need of one game beyond its result: each team's first point and the kinds it fielded.

    ``first_point`` is the turn of RED's and of BLU's first point (Payload
    Race: first cart push), None when the team never scored in that game.
    """

    first_point: tuple[int | None, int | None]
    picks: tuple[frozenset[str], frozenset[str]]

    @classmethod
    def of(cls, seen: GameTelemetry) -> GameFacts:
        """The facts of a watched game."""
        return cls((seen.first_point[Team.RED], seen.first_point[Team.BLU]),
                   (frozenset(seen.picks[Team.RED]), frozenset(seen.picks[Team.BLU])))


@dataclass(frozen=True)
class MapStudy:
    """Every pairing's figures on one version of a map, and its races (``goal``: the main objective in words;
    ``first_score``: what a side's first score is called, "first point").

    ``facts`` holds, per pairing, the :class:`GameFacts` of each game in game
    order (empty for a study put together without its games).
    """

    scenario: Scenario
    pairings: tuple[PairingStudy, ...]
    goal: str
    races: tuple[Race, ...]
    hexes: tuple[Hex, ...] = field(repr=False)
    first_score: str = "first point"
    facts: tuple[tuple[GameFacts, ...], ...] = field(default=(), repr=False)

    def strongest(self) -> PairingStudy | None:
        """The pairing of the strongest players that has games (the evidence quotes it)."""
        played = [p for p in self.pairings if p.games]
        return max(played, key=lambda p: (p.strength, -self.pairings.index(p))) if played else None


def study_of(plan: StudyPlan, games: Sequence[ObservedGame], common: bool = False) -> tuple[MapStudy, MapStudy | None]:
    """The study of the map (and of the compared version) from the games of ``plan``, in play order.

    ``games`` may stop short (an interrupted run, or a run stopped by its rule): a
    prefix of :meth:`StudyPlan.items`. Each pairing then has the games played —
    or, with ``common``, only those every version played, in whole blocks when
    there is one (a cancelled comparison: an audit read 20, 21 and 24 games "on
    the same games" in one dialog, the compared answer resting on whole blocks).
    """
    grouped: list[list[list[ObservedGame]]] = [[[] for _ in plan.pairings] for _ in plan.scenarios]
    for (v, k, _i), g in zip(plan.slots(), games, strict=False):
        grouped[v][k].append(g)
    if common and len(plan.scenarios) > 1:
        for k in range(len(plan.pairings)):
            n = min(len(grouped[v][k]) for v in range(len(plan.scenarios)))
            n -= n % BLOCK if n >= BLOCK else 0
            for v in range(len(plan.scenarios)):
                del grouped[v][k][n:]
    out = []
    for v, scenario in enumerate(plan.scenarios):
        game = Game.of(scenario)
        kinds = [kd for kd, st in game.stats.items() if st.pickable]
        names = {kd: st.name for kd, st in game.stats.items()}
        pairs = tuple(PairingStudy.of(pair, grouped[v][k], kinds, names) for k, pair in enumerate(plan.pairings))
        facts = tuple(tuple(GameFacts.of(seen) for _, seen in grouped[v][k]) for k in range(len(plan.pairings)))
        obj = objective(scenario)
        out.append(MapStudy(scenario, pairs, obj.goal, obj.races, game.board.hexes, obj.first_score, facts))
    return out[0], (out[1] if len(out) > 1 else None)
