"""A balance study of a map: watched AI-vs-AI games at several strengths, summarised and judged.

The question a designer asks is "is my map fair?", and the answer must hold
whoever plays. A study plays the same seeded batch (:mod:`engine.simulation.batch`)
for each pairing of AI players asked for, watching every game
(:mod:`engine.simulation.telemetry`), and reports per pairing: wins per team
and for the side that moves first with 95% intervals, draws, the game-length
distribution, where units stand, die, score and take pickups, and which unit kinds win and kill.
Beside the games it measures the map itself: how many turns each kind needs
from each spawn to each of its mode's objectives (:mod:`engine.simulation.objective`).

:func:`judge` turns the figures into plain words and claims only what the
intervals support. With a second version of the map (``other``), the same
seeds are played on both, and :func:`engine.simulation.comparison.compare`
gives the difference in every figure with its interval and whether it is
significant.

Everything here is a pure function of the plan and the games, which come back
in item order from any backend, so the JSON is byte-identical locally, with
``--jobs`` and on a Dask cluster.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.games.game import Game
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.parallel.backends import Backend, local_backend
from engine.scenario import Scenario
from engine.simulation.batch import (
    AI_PLAYERS,
    BatchSummary,
    GameArgs,
    GameResult,
    game_result,
    start_game,
    summarise,
)
from engine.simulation.objective import Race, evidence, objective
from engine.simulation.stats import difference_interval, mean_difference_interval, wilson_interval
from engine.simulation.telemetry import LAYERS, GameTelemetry, pickup_counts, play_observed

__all__ = [
    "ClassRecord",
    "MapStudy",
    "PairingStudy",
    "Race",
    "StudyPlan",
    "Verdict",
    "judge",
    "play_watched",
    "races",
    "run_study",
    "study_of",
]

#: Games (or team-games) each sample needs before a difference between two of them is called significant:
#: the score intervals of differences are approximate and too narrow for tiny samples.
MIN_SAMPLE: Final = 10
#: How strong each player is, for "the strongest pairing" (the one whose figures the evidence quotes).
STRENGTH: Final = {"random": 0, "heuristic": 1, "search": 2}

ObservedGame = tuple[GameResult, GameTelemetry]


def play_watched(args: GameArgs) -> ObservedGame:
    """Play game ``args`` of a batch watched by an observer: (its result, what happened where)."""
    state, players = start_game(args)
    seen = play_observed(state, players)
    return game_result(args, state, pickup_counts(seen.pickups)), seen


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

    def items(self) -> list[GameArgs]:
        """Every game, in report order: per scenario, per pairing, game 0..games-1."""
        return [(s, self.seed, i, pair) for s in self.scenarios for pair in self.pairings for i in range(self.games)]


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
        """95% interval of (win rate when fielded) - (win rate without)."""
        return difference_interval(self.fielded_wins, self.fielded, self.without_wins, self.without)

    @property
    def significant(self) -> bool:
        """Whether fielding the kind changes the win rate at 95%: the interval excludes 0, on enough team-games.

        Each side needs :data:`MIN_SAMPLE` team-games: below that the approximate
        interval is too optimistic to claim anything.
        """
        lo, hi = self.difference
        return self.fielded >= MIN_SAMPLE and self.without >= MIN_SAMPLE and (lo > 0 or hi < 0)


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
    def of(cls, players: tuple[str, str], games: Sequence[ObservedGame], kinds: Sequence[str]) -> PairingStudy:
        """Summarise ``games`` (all of this pairing); ``kinds`` are the unit kinds to report, in order."""
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
        return cls(players, results, summarise(list(results)), sorted_heat, tuple(classes),
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


@dataclass(frozen=True)
class MapStudy:
    """Every pairing's figures on one version of a map, and its races (``goal``: the main objective in words;
    ``first_score``: what a side's first score is called, "scores its first point")."""

    scenario: Scenario
    pairings: tuple[PairingStudy, ...]
    goal: str
    races: tuple[Race, ...]
    hexes: tuple[Hex, ...] = field(repr=False)
    first_score: str = "scores its first point"

    def strongest(self) -> PairingStudy | None:
        """The pairing of the strongest players that has games (the evidence quotes it)."""
        played = [p for p in self.pairings if p.games]
        return max(played, key=lambda p: (p.strength, -self.pairings.index(p))) if played else None


def study_of(plan: StudyPlan, games: Sequence[ObservedGame]) -> tuple[MapStudy, MapStudy | None]:
    """The study of the map (and of the compared version) from the games of ``plan``, in item order.

    ``games`` may stop short (an interrupted run): pairings then have fewer games, or none.
    """
    out = []
    k = 0
    for scenario in plan.scenarios:
        game = Game.of(scenario)
        kinds = [kd for kd, st in game.stats.items() if st.pickable]
        pairs = []
        for pair in plan.pairings:
            part = games[k:k + plan.games]
            k += plan.games
            pairs.append(PairingStudy.of(pair, part, kinds))
        obj = objective(scenario)
        out.append(MapStudy(scenario, tuple(pairs), obj.goal, obj.races, game.board.hexes, obj.first_score))
    return out[0], (out[1] if len(out) > 1 else None)


# -- plain words ---------------------------------------------------------------------------------------


def pct(x: float) -> str:
    """``61%``."""
    return f"{100 * x:.0f}%"


def pm(k: int, n: int) -> str:
    """``61% ± 5``: a rate with half the width of its 95% interval."""
    lo, hi = wilson_interval(k, n)
    return f"{pct(k / n)} ± {100 * (hi - lo) / 2:.0f}" if n else "no games"


def _favoured(s: BatchSummary) -> Team | None:
    for t in Team:
        if s.win_rate_ci[t.value][0] > 0.5:
            return t
    return None


def _mover(s: BatchSummary) -> str | None:
    lo, hi = s.first_player_ci
    return "first" if lo > 0.5 else "second" if hi < 0.5 else None


@dataclass(frozen=True)
class Verdict:
    """The plain-language verdict: a headline per question and the evidence behind it."""

    sides: str
    first_move: str
    evidence: tuple[str, ...]

    @property
    def text(self) -> str:
        """Both headlines in one paragraph."""
        return f"{self.sides} {self.first_move}"

    def to_json(self) -> dict[str, Any]:
        return {"sides": self.sides, "first_move": self.first_move, "evidence": list(self.evidence)}


#: How a verdict calls a player (the command line: its name; the editor: "normal AI (heuristic)").
Namer = Callable[[str], str]


def _label(p: PairingStudy, name: Namer) -> str:
    return f"{name(p.players[0])} vs {name(p.players[1])}"


def _side_figures(p: PairingStudy, name: Namer) -> str:
    s = p.summary
    return f"RED {pm(s.wins['RED'], s.games)}, BLU {pm(s.wins['BLU'], s.games)} with {_label(p, name)}"


def _first_figures(p: PairingStudy, name: Namer) -> str:
    s = p.summary
    return f"{pm(s.first_player_wins, s.games)} with {_label(p, name)}"


def _agree(claims: list[tuple[PairingStudy, Any]], what: Callable[[Any], str], none: str,
           figures: Callable[[PairingStudy, Namer], str], name: Namer) -> str:
    """One headline from each pairing's claim (a value or None), saying whether the claim holds at every strength."""
    values = {c for _, c in claims}
    all_figs = "; ".join(figures(p, name) for p, _ in claims)
    if len(claims) == 1:  # one strength: nothing to say about the others
        c = claims[0][1]
        return f"{none if c is None else what(c)} ({all_figs})."
    if values == {None}:
        return f"{none} at any strength tested ({all_figs})."
    if len(values) == 1:
        return f"{what(values.pop())} at every strength tested ({all_figs})."
    said = [c for c in values if c is not None]
    if len(said) > 1:
        return f"The answer changes with the AI's strength ({all_figs}); play more games or stronger AIs."
    yes = [p for p, c in claims if c is not None]
    no = [p for p, c in claims if c is None]
    return (f"{what(said[0])} with {', '.join(_label(p, name) for p in yes)} "
            f"({'; '.join(figures(p, name) for p in yes)}), but not significantly with "
            f"{', '.join(_label(p, name) for p in no)} ({'; '.join(figures(p, name) for p in no)}): "
            "the verdict depends on how well the sides play.")


def judge(study: MapStudy, name: Namer = str) -> Verdict:
    """The verdict on ``study``: claims only where a 95% interval excludes an even split.

    ``name`` says how to call a player (default: its name, ``heuristic``).
    """
    played = [p for p in study.pairings if p.games]
    if not played:
        return Verdict("No game finished, so there is nothing to judge.", "", ())
    sides = _agree([(p, _favoured(p.summary)) for p in played],
                   lambda t: f"{t.value} is favoured on this map", "Neither side is significantly favoured",
                   _side_figures, name)
    first = _agree([(p, _mover(p.summary)) for p in played],
                   lambda m: f"Moving {m} is a significant advantage",
                   "Moving first is no significant advantage", _first_figures, name)
    return Verdict(sides, first, tuple(_evidence(study, name)))


def _evidence(study: MapStudy, name: Namer) -> list[str]:
    out = evidence(study.races, study.goal)
    best = study.strongest()
    if best is None:
        return out
    s = best.summary
    first = best.first_point
    if first[Team.RED] and first[Team.BLU]:
        mean_red, mean_blu = statistics.fmean(first[Team.RED]), statistics.fmean(first[Team.BLU])
        gap = mean_difference_interval(first[Team.RED], first[Team.BLU])
        sure = "a significant difference" if gap[0] > 0 or gap[1] < 0 else "not a significant difference"
        what = study.first_score
        out.append(f"With {_label(best, name)}, RED {what} on turn {mean_red:.1f} on average and BLU on turn {mean_blu:.1f} ({sure}).")
    for team in Team:
        deaths = best.heat["deaths"][team]
        total = sum(deaths.values())
        if total >= 10:
            cell, n = max(deaths.items(), key=lambda kv: (kv[1], -kv[0]))
            out.append(f"With {_label(best, name)}, {team.value}'s units die most at {study.hexes[cell]} "
                       f"({pct(n / total)} of its {total} deaths).")
    for c in best.classes:
        if c.significant:
            lo, hi = c.difference
            better = "more" if lo > 0 else "less"
            out.append(f"With {_label(best, name)}, teams that field the {c.kind} win {better} often: "
                       f"{pm(c.fielded_wins, c.fielded)} of {c.fielded} team-games against "
                       f"{pm(c.without_wins, c.without)} without it.")
    if s.games and s.draws / s.games >= 0.05:
        out.append(f"With {_label(best, name)}, {pct(s.draws / s.games)} of the games end in a draw.")
    return out
