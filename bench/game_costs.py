"""What one watched game costs per mode and player, beside the ``game_costs`` the default budgets are made from.

``--games auto`` turns a minute of one core into games with each mode's
``ModeRules.game_costs`` (millions of iterations of the reference loop of
bench/_common.py per game, for two players of a kind); a figure that has gone
stale after a speed-up makes the default budget too small (or too large). This
script measures them as ``hexfort balance`` plays them (``play_watched``: the
game and its observer), on every bundled map of every playable mode, and prints
each beside the recorded figure:

    python bench/game_costs.py [--games 40] [--players random,heuristic] [--modes koth,payload,team_play]

Per mode and player: the mean CPU of a game in reference iterations on each
map, their mean over the maps (what to record), and its ratio to the recorded
figure — "update" when it is more than 25% off and further than two standard errors
of the measured mean (random games vary much in length). A game of another seed is played
first on each map, untimed: it builds the tables (reach, sight) that a long run
builds once and every later game reuses. Times are CPU seconds of this
process; the reference rate is the best of a run before and one after, so a
machine that slows down in between reads as cheaper games, never dearer ones.
Search games cost ~100 times a heuristic game: ``--players search --games 4``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from _common import bundled, reference_rate

from engine.games.modes import GAMES
from engine.scenario import Scenario
from engine.simulation.balance import StudyPlan, play_watched

#: A measured cost more than this share away from the recorded one asks for an update.
TOLERANCE = 0.25
#: The warm-up game's batch seed is the run's plus this.
_WARM_UP = 1_000_003


def scenarios(modes: list[str] | None) -> dict[str, list[tuple[str, Scenario]]]:
    """The bundled scenarios of each playable mode (or of ``modes``), by mode name."""
    out: dict[str, list[tuple[str, Scenario]]] = {}
    for name, s in bundled(modes).items():
        out.setdefault(s.mode.value, []).append((name, s))
    return out


def seconds_per_game(scenario: Scenario, player: str, games: int, seed: int) -> list[float]:
    """CPU seconds of each of the first ``games`` games of a ``player``-vs-``player`` study of ``scenario``, after
    one game of another seed that builds the tables a long run builds once (not timed)."""
    play_watched(StudyPlan(scenario, ((player, player),), 1, seed + _WARM_UP).items()[0])
    out = []
    for args in StudyPlan(scenario, ((player, player),), games, seed).items():
        t = time.process_time()
        play_watched(args)
        out.append(time.process_time() - t)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per map and player (default 40)")
    ap.add_argument("--players", default="random,heuristic", help="comma-separated players (default random,heuristic)")
    ap.add_argument("--modes", default=None, help="comma-separated modes (default every playable mode)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    modes = args.modes.split(",") if args.modes else None
    players = args.players.split(",")
    before = reference_rate()
    measured: dict[tuple[str, str], dict[str, float]] = {}
    for mode, maps in scenarios(modes).items():
        for player in players:
            measured[mode, player] = {name: seconds_per_game(s, player, args.games, args.seed) for name, s in maps}
            print(f"  {mode} {player}: {len(maps)} maps played", flush=True)
    ref = max(before, reference_rate())
    print(f"reference loop: {ref / 1e6:.1f} M iterations/s (best of a run before and one after); "
          f"{args.games} games a map")
    stale = 0
    for (mode, player), per_map in measured.items():
        costs = {name: [sec * ref / 1e6 for sec in times] for name, times in per_map.items()}
        # the mode's figure: the mean over its maps of each map's mean game, with its standard error
        means = [statistics.fmean(c) for c in costs.values()]
        mean = statistics.fmean(means)
        se = math.sqrt(sum(statistics.variance(c) / len(c) for c in costs.values() if len(c) > 1)) / len(costs)
        recorded = next(r for r in GAMES.values() if r.mode.value == mode).game_costs.get(player)
        maps = ", ".join(f"{name} {m:.2f}" for name, m in zip(costs, means, strict=True))
        if recorded is None:
            verdict = "not recorded (counts 1.0)"
        else:
            ratio = mean / recorded
            off = abs(ratio - 1) > TOLERANCE and abs(mean - recorded) > 2 * se
            stale += off
            verdict = f"recorded {recorded:g}: x{ratio:.2f}" + ("  <- update" if off else "")
        print(f"{mode:10s} {player:10s} {mean:7.2f} M a game (+-{se:.2f}; {maps}); {verdict}")
    print(f"{stale} recorded figure{'s' if stale != 1 else ''} more than {TOLERANCE:.0%} off")


if __name__ == "__main__":
    main()
