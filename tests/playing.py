"""Helpers the engine tests share: play a game some decisions on, and import a bench script as a module."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.mapmodel import Team

BENCH = Path(__file__).resolve().parents[1] / "bench"


def play(state: Any, players: Mapping[Team, Any], decisions: int, checked: bool = True) -> None:
    """Let ``players`` decide at most ``decisions`` times on ``state`` (stopping when the game ends), through
    ``state.apply`` or, with ``checked=False``, ``apply_unchecked``."""
    for _ in range(decisions):
        team = state.current_team()
        if team is None:
            return
        action = players[team].choose(state)
        state.apply(action) if checked else state.apply_unchecked(action)


@contextmanager
def bench_module(name: str) -> Iterator[ModuleType]:
    """``bench/NAME.py`` imported as a module, with bench/ on the import path only while it is in use."""
    sys.path.insert(0, str(BENCH))
    try:
        yield importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))
