"""Deaths by the dying unit's own team in seeded AI games of each bundled scenario (docs/balance.md, "Friendly fire").

    python bench/friendly_fire.py [--games 60] [--seed 7] [--players heuristic,heuristic] [--modes koth]

Plays ``--games`` games of each bundled scenario as a ``hexfort simulate`` batch would (the same seeds, first teams
and sides) and counts, from the games' own death records, the deaths whose credited killer is on the dying unit's
team, by (victim kind, killer kind): the Soldier in his own splash shows as ``soldier <- soldier``. Prints the CPU
seconds beside a reference loop run in the same process.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from _common import bundled, commit, reference_rate

from engine.games.events import Death
from engine.simulation.batch import start_game


def count(scenario, games: int, seed: int, players: tuple[str, str]) -> tuple[int, Counter[tuple[str, str]]]:  # type: ignore[no-untyped-def]
    """(all deaths, own-team deaths by (victim kind, killer kind)) over ``games`` games of a batch."""
    deaths, friendly = 0, Counter()
    for i in range(games):
        state, by_team = start_game((scenario, seed, i, players))
        events = state.watch()
        while (team := state.current_team()) is not None:
            action = by_team[team].choose(state)
            events.clear()  # a player's look-ahead on this state, not the game
            state.apply_unchecked(action)
            for e in events:
                if isinstance(e, Death):
                    deaths += 1
                    if e.killer_team is e.team:
                        friendly[(e.kind, e.killer_kind)] += 1
    return deaths, friendly


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", default="heuristic,heuristic")
    ap.add_argument("--modes", default="koth", help="comma-separated modes (default koth)")
    args = ap.parse_args()
    players = tuple(args.players.split(","))
    print(f"reference loop: {reference_rate() / 1e6:.1f} M iterations per CPU second; commit {commit()}")
    for name, scenario in bundled(args.modes.split(",")).items():
        start = time.process_time()
        deaths, friendly = count(scenario, args.games, args.seed, players)  # type: ignore[arg-type]
        own = sum(friendly.values())
        top = ", ".join(f"{v} <- {k} {n}" for (v, k), n in friendly.most_common(4))
        print(f"{name}: {args.games} games, {deaths} deaths, {own} by the dying unit's own team "
              f"({100 * own / max(1, deaths):.0f}%, {own / args.games:.2f} a game): {top}  "
              f"[{time.process_time() - start:.1f} s CPU]")


if __name__ == "__main__":
    main()
