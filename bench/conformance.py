"""The conformance suite's random playouts at campaign size: ``.venv/bin/python bench/conformance.py [GAMES]``.

tests/engine/games/test_conformance.py plays 12 seeded games per small scenario of
each registered mode (the tests' toy mode included) and one on each bundled map;
this plays GAMES (default 200) per small scenario and 10 per bundled map, with the
same checks after every action, and prints games, decisions and endings per mode.
Run it from the checkout's root (it reads the tests' conformance modules).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout: its tests' conformance modules

from engine import installed_modes  # noqa: E402

installed_modes.install("tests.toymode.rules")  # as tests/conftest.py does

from tests.engine.games.test_conformance import MODES, module, play  # noqa: E402


def main(argv: list[str]) -> int:
    """Play the campaign and print one line per mode; exit 0 (a broken invariant raises)."""
    games = int(argv[0]) if argv else 200
    for mode in MODES:
        mod = module(mode)
        start = time.process_time()
        endings: Counter[str] = Counter()
        decisions = played = 0
        for scenario in mod.scenarios():
            for seed in range(games):
                end = play(mod, scenario, seed)
                played += 1
                decisions += len(end.history)
                endings[end.winner().value if end.winner() else "draw"] += 1
        for scenario in mod.bundled():
            for seed in range(10):
                end = play(mod, scenario, seed)
                played += 1
                decisions += len(end.history)
        cpu = time.process_time() - start
        print(f"{mode}: {played} games, {decisions} decisions, {cpu:.1f} s CPU, endings {dict(endings)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
