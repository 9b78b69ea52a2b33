"""The strength ladder on every bundled map of every mode: random < heuristic < search, and what it costs.

Each rung is a seeded batch of the games ``hexfort simulate --players STRONG,WEAK``
plays (engine.simulation.batch.start_game): the first team alternates every game
and the two players swap sides every other pair, so each plays first and second,
RED and BLU, equally often. Per map and rung it prints the stronger player's wins
with their 95% interval, split into the games where it moved first and second.
The issue's bar: search beats the heuristic in >= 70% of 200 games on every map
at its default budget.

Every game is timed in the process that plays it: the CPU seconds of the whole
game (both players: what a designer waits for per game) and of the search
player's decisions, split into searched decisions and those it did not search
(one candidate), beside the fixed reference loop of bench/_common.py, since
machines swing several-fold from day to day: compare the reference-iteration
figures between days, not the seconds. The issue's CPU bars: a search-vs-heuristic
game <= 20 s on every Payload Race and Team Play map, <= 2 s on average on King
of the Board.

Games are played in steps (``--step`` per map and rung, round robin), with a
progress line after each, so a run cut short still reports every map.
Run: ``python bench/ladder.py [--games 200] [--jobs 2] [--modes koth,payload,team_play] [--maps NAME,...]
[--rungs search-heuristic,heuristic-random] [--json out.json]``; ``--timing-only`` plays
``--timing-games`` (20) search-heuristic games a map, for the CPU figures alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from _common import bundled, reference_rate

from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.parallel.backends import local_backend
from engine.rules.actions import Action
from engine.simulation.batch import GameArgs, GameResult, game_result, start_game
from engine.simulation.stats import wilson_interval

#: Rungs: (stronger, weaker).
RUNGS = {"search-heuristic": ("search", "heuristic"), "heuristic-random": ("heuristic", "random"),
         "search-random": ("search", "random")}


class _Timed:
    """Wraps a player, adding up the CPU time of its decisions (searched ones apart from the rest)."""

    def __init__(self, player: Any) -> None:
        self.player, self.name = player, player.name
        self.searched = self.trivial = 0
        self.seconds = 0.0

    def choose(self, state: GameState) -> Action:
        t = time.process_time()
        search = self.player.start(state) if len(state.legal_actions_view()) > 1 else None
        a = search.run() if search is not None else state.legal_actions_view()[0]
        self.seconds += time.process_time() - t
        if search is not None and search.iterations:
            self.searched += 1
        else:
            self.trivial += 1
        return a


def play_timed(args: GameArgs) -> tuple[GameResult, dict[str, float]]:
    """Play game ``args`` of a batch as ``hexfort simulate`` does, timing it: (its result, {"cpu": the game's
    CPU seconds, "search_cpu", "searched", "trivial": the search player's, if one plays})."""
    t = time.process_time()
    state, players = start_game(args)
    timed = {team: _Timed(p) for team, p in players.items() if p.name == "search"}
    players = {**players, **timed}
    while (team := state.current_team()) is not None:
        state.apply_unchecked(players[team].choose(state))
    cpu = time.process_time() - t
    figures = {"cpu": cpu, "search_cpu": sum(p.seconds for p in timed.values()),
               "searched": sum(p.searched for p in timed.values()), "trivial": sum(p.trivial for p in timed.values())}
    return game_result(args, state), figures


def rung_figures(results: list[GameResult], strong: str) -> dict[str, Any]:
    """Wins of ``strong`` overall, moving first and moving second, with 95% intervals."""
    def side(games: list[GameResult]) -> dict[str, Any]:
        wins = sum(1 for g in games if g.winner is not None and
                   (g.red_player if g.winner is Team.RED else g.blu_player) == strong)
        lo, hi = wilson_interval(wins, len(games))
        return {"games": len(games), "wins": wins, "rate": wins / len(games) if games else 0.0, "ci95": [lo, hi]}

    def strong_team(g: GameResult) -> Team:
        return Team.RED if g.red_player == strong else Team.BLU

    return {"all": side(results),
            "first": side([g for g in results if g.first_team is strong_team(g)]),
            "second": side([g for g in results if g.first_team is not strong_team(g)]),
            "draws": sum(g.winner is None for g in results)}


def cost_figures(timings: list[dict[str, float]], ref: float) -> dict[str, float]:
    """Mean and most CPU per game, and the search player's CPU per searched decision and per decision."""
    n = max(1, len(timings))
    searched = sum(t["searched"] for t in timings)
    trivial = sum(t["trivial"] for t in timings)
    search_cpu = sum(t["search_cpu"] for t in timings)
    mean = sum(t["cpu"] for t in timings) / n
    return {"cpu_per_game": mean, "cpu_per_game_max": max((t["cpu"] for t in timings), default=0.0),
            "ref_iterations_per_game": mean * ref, "searched": searched, "trivial": trivial,
            "ms_per_searched_decision": 1000 * search_cpu / max(1, searched),
            "ms_per_decision": 1000 * search_cpu / max(1, searched + trivial)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rungs", default="search-heuristic,heuristic-random")
    ap.add_argument("--modes", default=None, help="comma-separated modes (default: every playable mode)")
    ap.add_argument("--maps", default=None, help="comma-separated map names (default: every bundled map)")
    ap.add_argument("--step", type=int, default=20, help="games per map and rung between two progress lines")
    ap.add_argument("--timing-games", type=int, default=20, help="games a map with --timing-only")
    ap.add_argument("--timing-only", action="store_true", help="search-heuristic games for the CPU figures only")
    ap.add_argument("--json", default=None, help="also write the figures to this file (after every step)")
    args = ap.parse_args()
    scenarios = bundled(args.modes.split(",") if args.modes else None)
    names = args.maps.split(",") if args.maps else list(scenarios)
    rungs = ["search-heuristic"] if args.timing_only else args.rungs.split(",")
    games = args.timing_games if args.timing_only else args.games
    ref = reference_rate()
    maps: dict[str, dict[str, Any]] = {name: {} for name in names}
    out: dict[str, Any] = {"games": games, "seed": args.seed, "reference_rate": ref, "maps": maps}
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s", flush=True)
    # Round-robin steps over maps and rungs, so every map's figures grow together (and a run cut short
    # still says something about each); game i is the same game whichever step plays it.
    results: dict[tuple[str, str], list[GameResult]] = {(n, r): [] for n in names for r in rungs}
    timings: dict[tuple[str, str], list[dict[str, float]]] = {(n, r): [] for n in names for r in rungs}
    with local_backend(args.jobs, games) as backend:
        for lo in range(0, games, args.step):
            hi = min(games, lo + args.step)
            for name in names:
                for rung in rungs:
                    strong, weak = RUNGS[rung]
                    items = [(scenarios[name], args.seed, i, (strong, weak)) for i in range(lo, hi)]
                    for result, timing in backend.map_ordered(play_timed, items):
                        results[(name, rung)].append(result)
                        timings[(name, rung)].append(timing)
                    fig = rung_figures(results[(name, rung)], strong)
                    fig["cost"] = cost = cost_figures(timings[(name, rung)], ref)
                    maps[name][rung] = fig
                    a, f, s = fig["all"], fig["first"], fig["second"]
                    searching = (f"; search {cost['ms_per_searched_decision']:.0f} ms a searched decision "
                                 f"({cost['searched']:.0f} searched, {cost['trivial']:.0f} not)"
                                 if "search" in rung else "")
                    print(f"{name}: {strong} beats {weak} in {a['wins']}/{a['games']} = {a['rate']:.1%} "
                          f"(95% CI {a['ci95'][0]:.1%}–{a['ci95'][1]:.1%}); moving first {f['wins']}/{f['games']}, "
                          f"second {s['wins']}/{s['games']}, draws {fig['draws']}; CPU a game {cost['cpu_per_game']:.2f} s "
                          f"(most {cost['cpu_per_game_max']:.1f} s; {cost['ref_iterations_per_game'] / 1e6:.0f} M ref "
                          f"iterations){searching}", flush=True)
            if args.json:
                with open(args.json, "w", encoding="utf-8") as fh:
                    json.dump(out, fh, indent=2)
    if "search-heuristic" not in rungs or args.timing_only:
        return 0
    worst = min(maps[n]["search-heuristic"]["all"]["rate"] for n in names)
    print(f"worst map, search vs heuristic: {worst:.1%} (bar: 70%)")
    return 0 if worst >= 0.7 else 1


if __name__ == "__main__":
    sys.exit(main())
