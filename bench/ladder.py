"""The strength ladder on the bundled King of the Board maps: random < heuristic < search.

Each rung is a seeded batch (engine.simulation.batch.play_one, the games
``hexfort simulate`` plays): the first team alternates every game and the two
players swap sides every other pair, so each plays first and second, RED and
BLU, equally often. Per map and rung it prints the stronger player's wins with
their 95% interval, split into the games where it moved first and second.
The issue's bar: search beats the heuristic in >= 70% of 200 games on every map
at its default budget.

It also times the search player's decisions in this process, against the
heuristic over ``--timing-games`` games per map (20 by default, sides and first
team alternating): CPU seconds per searched decision and per decision of any
kind (a decision with one legal action is not searched and costs next to
nothing, so the mean over all decisions is what a whole game costs a turn),
beside the fixed reference loop of bench/_common.py, since machines swing
several-fold from day to day: compare the reference-iteration figures between
days, not the milliseconds. ``--timing-only`` stops after the timing.

Games are played in steps (``--step`` per map and rung, round robin), with a
progress line after each, so a run cut short still reports every map.
Run: ``python bench/ladder.py [--games 200] [--jobs 2] [--rungs search-heuristic,heuristic-random]
[--timing-games 20] [--timing-only] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace

from _common import koth_scenarios, reference_rate

from engine.ai import HeuristicPlayer
from engine.ai.search import SearchPlayer
from engine.games.game import Game
from engine.mapmodel import Team
from engine.parallel.backends import local_backend
from engine.simulation.batch import GameResult, play_one
from engine.simulation.stats import wilson_interval

#: Rungs: (stronger, weaker).
RUNGS = {"search-heuristic": ("search", "heuristic"), "heuristic-random": ("heuristic", "random"),
         "search-random": ("search", "random")}


def rung_figures(results: list[GameResult], strong: str) -> dict[str, object]:
    """Wins of ``strong`` overall, moving first and moving second, with 95% intervals."""
    def side(games: list[GameResult]) -> dict[str, object]:
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


class _Timed:
    """Wraps a player, adding up the CPU time of its decisions (searched ones apart)."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player, self.name = player, player.name
        self.searched = self.trivial = 0
        self.seconds = 0.0

    def choose(self, state):  # type: ignore[no-untyped-def]
        t = time.process_time()
        a = self.player.choose(state)
        self.seconds += time.process_time() - t
        if len(state.legal_actions_view()) > 1:
            self.searched += 1
        else:
            self.trivial += 1
        return a


def time_search(name: str, games: int) -> dict[str, float]:
    """CPU time of the search player's decisions against the heuristic (``games`` games, in process).

    Game ``i`` gives the search player the first move when ``i`` is even. Returns the
    decisions searched and trivial (one legal action), and the mean CPU milliseconds
    per searched decision and per decision of any kind.
    """
    scenario = koth_scenarios()[name]
    timed: list[_Timed] = []
    for i in range(games):
        first = Team.RED if i % 2 == 0 else Team.BLU
        state = Game.of(replace(scenario, first_team=first)).new_initial_state(9_000 + i, keep_undo=False)
        t = _Timed(SearchPlayer(i))
        timed.append(t)
        players = {first: t, first.other: HeuristicPlayer(i)}
        while (team := state.current_team()) is not None:
            state.apply_unchecked(players[team].choose(state))
    searched = sum(t.searched for t in timed)
    trivial = sum(t.trivial for t in timed)
    seconds = sum(t.seconds for t in timed)
    return {"games": games, "decisions": searched, "trivial": trivial,
            "ms_per_decision": 1000 * seconds / max(1, searched),
            "ms_per_any_decision": 1000 * seconds / max(1, searched + trivial)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rungs", default="search-heuristic,heuristic-random")
    ap.add_argument("--maps", default=None, help="comma-separated map names (default: every bundled KotB map)")
    ap.add_argument("--step", type=int, default=20, help="games per map and rung between two progress lines")
    ap.add_argument("--timing-games", type=int, default=20,
                    help="games per map to time the search player's decisions in (0: no timing)")
    ap.add_argument("--timing-only", action="store_true", help="time the search player, play no ladder")
    ap.add_argument("--json", default=None, help="also write the figures to this file (after every step)")
    args = ap.parse_args()
    scenarios = koth_scenarios()
    names = args.maps.split(",") if args.maps else list(scenarios)
    rungs = args.rungs.split(",")
    ref = reference_rate()
    out: dict[str, object] = {"games": args.games, "seed": args.seed, "reference_rate": ref, "maps": {}}
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s", flush=True)
    maps: dict[str, dict[str, object]] = {name: {} for name in names}
    out["maps"] = maps
    if args.timing_games and any("search" in r for r in rungs):
        for name in names:
            timing = time_search(name, args.timing_games)
            maps[name]["timing"] = timing
            print(f"{name}: search decision {timing['ms_per_decision']:.0f} ms CPU "
                  f"({timing['ms_per_decision'] / 1000 * ref / 1e6:.2f} M ref iterations) over "
                  f"{timing['decisions']:.0f} searched decisions; over all {timing['decisions'] + timing['trivial']:.0f} "
                  f"decisions (+{timing['trivial']:.0f} with one legal action) {timing['ms_per_any_decision']:.0f} ms CPU "
                  f"({timing['ms_per_any_decision'] / 1000 * ref / 1e6:.2f} M ref iterations); "
                  f"{args.timing_games} games", flush=True)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(out, fh, indent=2)
    if args.timing_only:
        return 0
    # Round-robin steps over maps and rungs, so every map's figures grow together (and a run cut short
    # still says something about each); game i is the same game whichever step plays it.
    results: dict[tuple[str, str], list[GameResult]] = {(n, r): [] for n in names for r in rungs}
    with local_backend(args.jobs, args.games) as backend:
        for lo in range(0, args.games, args.step):
            hi = min(args.games, lo + args.step)
            for name in names:
                for rung in rungs:
                    strong, weak = RUNGS[rung]
                    items = [(scenarios[name], args.seed, i, (strong, weak)) for i in range(lo, hi)]
                    results[(name, rung)] += backend.map_ordered(play_one, items)
                    fig = rung_figures(results[(name, rung)], strong)
                    maps[name][rung] = fig
                    a, f, s = fig["all"], fig["first"], fig["second"]  # type: ignore[index]
                    print(f"{name}: {strong} beats {weak} in {a['wins']}/{a['games']} = {a['rate']:.1%} "  # type: ignore[index]
                          f"(95% CI {a['ci95'][0]:.1%}–{a['ci95'][1]:.1%}); moving first "  # type: ignore[index]
                          f"{f['wins']}/{f['games']}, second {s['wins']}/{s['games']}, draws {fig['draws']}",  # type: ignore[index]
                          flush=True)
            if args.json:
                with open(args.json, "w", encoding="utf-8") as fh:
                    json.dump(out, fh, indent=2)
    worst = min((maps[n]["search-heuristic"]["all"]["rate"] for n in names  # type: ignore[index]
                 if "search-heuristic" in maps[n]), default=1.0)
    if "search-heuristic" in rungs:
        print(f"worst map, search vs heuristic: {worst:.1%} (bar: 70%)")
    return 0 if worst >= 0.7 else 1


if __name__ == "__main__":
    sys.exit(main())
