"""Shared helpers for the bench scripts: test maps and timing.

Importing this module puts the tree it lives in first on the import path, so a bench script run from
another checkout (a worktree, a copy of an older commit) measures that checkout's engine, not the one
installed in the virtual environment.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path[:1]:
    sys.path.insert(0, str(REPO))

from engine.formats import load_scenario  # noqa: E402
from engine.games.modes import GAMES  # noqa: E402
from engine.hexgrid import ODD, OffsetCoord, roffset_to_cube  # noqa: E402
from engine.mapmodel import Cell, HexMap, MapMeta, Terrain  # noqa: E402
from engine.scenario import Scenario  # noqa: E402


def bundled(modes: list[str] | None = None) -> dict[str, Scenario]:
    """The bundled scenarios (maps/*.scenario.json) of every playable mode (or of ``modes``), by name."""
    out = {}
    for path in sorted((REPO / "maps").glob("*.scenario.json")):
        scenario = load_scenario(path)
        if GAMES[scenario.mode].playable and (not modes or scenario.mode.value in modes):
            out[path.name.removesuffix(".scenario.json")] = scenario
    return out


def big_map(width: int = 60, height: int = 60, walls: float = 0.15, seed: int = 1) -> HexMap:
    """A width x height pointy map with about ``walls`` of its hexes walls and random heights."""
    rng = random.Random(seed)
    cells = {}
    for row in range(height):
        for col in range(width):
            h = roffset_to_cube(ODD, OffsetCoord(col, row))
            if rng.random() < walls:
                cells[h] = Cell(0, Terrain.WALL)
            else:
                cells[h] = Cell(rng.choice((0, 0, 0, 1, 1, 2)))
    return HexMap.create(MapMeta(name=f"bench {width}x{height}"), cells)


def koth_scenarios() -> dict[str, Scenario]:
    """The bundled King of the Board scenarios (maps/koth_*.scenario.json), by name."""
    from engine.formats import load_scenario

    found = sorted((REPO / "maps").glob("koth_*.scenario.json"))
    return {p.name.removesuffix(".scenario.json"): load_scenario(p) for p in found}


def heuristic_against_random(game: object, games: int) -> tuple[int, int, int]:
    """(wins, draws, turns in all) of the heuristic player against the random player in ``games`` seeded
    games of ``game`` (an :class:`engine.games.game.Game`): game ``k`` uses seed ``k``; the heuristic plays
    RED on even seeds, BLU on odd ones."""
    from engine.ai import HeuristicPlayer, RandomPlayer, play_game
    from engine.mapmodel import Team

    wins = draws = turns = 0
    for seed in range(games):
        state = game.new_initial_state(seed, keep_undo=False)  # type: ignore[attr-defined]
        hero = Team.RED if seed % 2 == 0 else Team.BLU
        play_game(state, {hero: HeuristicPlayer(seed), hero.other: RandomPlayer(seed)})
        w = state.winner()
        wins += w is hero
        draws += w is None
        turns += state.turn
    return wins, draws, turns


def per_call(fn: Callable[[], object], repeat: int = 5) -> float:
    """Best-of-``repeat`` seconds for one call of ``fn``."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def reference_rate(n: int = 2_000_000) -> float:
    """Iterations per CPU second of a fixed pure-Python loop: the yardstick every bench prints beside its figures.

    The loop does what interpreted game code does most (integer arithmetic,
    a bound method call, a dict lookup), so a machine that runs it 2x slower
    runs hexfort about 2x slower too.
    """
    table = {i: i for i in range(64)}
    get = table.get
    t = time.process_time()
    x = 0
    for i in range(n):
        x += get(i & 63, 0) ^ (i >> 3)
    return n / max(time.process_time() - t, 1e-9)


def commit_age(short: str) -> int | None:
    """How many commits lead to ``short`` (a :func:`commit` string; a trailing ``+`` ignored): larger is later on a
    linear history; None when git does not know it."""
    try:
        out = subprocess.run(["git", "rev-list", "--count", short.rstrip("+") + "^{commit}"], cwd=REPO, capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return int(out) if out.isdigit() else None


def commit() -> str:
    """The short commit this run plays on (``+`` when the work tree had changes), or ``unknown``."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")
