"""The balance fixer's settings and listener, its batch seeds and where the map's own games pause to be judged.

Kept apart from :mod:`engine.rebalance.search` (which re-exports them) so that the
search module holds only the search.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from engine.rebalance.evidence import BLOCK
from engine.rebalance.result import Trial

__all__ = ["Listener", "Settings", "baseline_stops", "batch_seed", "whole_blocks"]


@dataclass(frozen=True)
class Settings:
    """How hard to look (see :mod:`engine.rebalance.search`). Game counts are rounded up to :data:`BLOCK`."""

    players: tuple[str, str] = ("heuristic", "heuristic")
    minutes: float = 10.0
    seed: int = 1
    tolerance: float = 0.05
    alpha: float = 0.05
    race_alpha: float = 0.2
    race_tolerance: float = 0.08
    first_round: int = 48
    baseline_games: int = 1000
    baseline_cap: int = 4000
    search_games: int = 1600
    confirm_games: int = 1000
    #: With time to spare, a confirmed version plays on to this many times ``confirm_games`` in all and must stay
    #: within a point and a half of even (:mod:`engine.rebalance.confirm`); 1: it does not play on.
    play_on: int = 4
    candidates: int = 16
    steps: int = 4
    confirm_tries: int = 3


@dataclass
class Listener:
    """Where the search reports: ``note(text)`` for what it does, ``games(done, total)`` within a round,
    ``best(trial)`` when the best candidate so far changes."""

    note: Callable[[str], None] = lambda _text: None
    games: Callable[[int, int], None] | None = None
    best: Callable[[Trial], None] = lambda _trial: None


def counted_from(games: Callable[[int, int], None] | None, start: int, total: int) -> Callable[[int, int], None] | None:
    """``games`` told ``(start + done, total)``: a round's progress as part of a stage of ``total`` games played in
    rounds (a confirmation's bar filled 0–250 four times and never said 1000: an audit)."""
    return None if games is None else (lambda done, _n: games(start + done, total))


def batch_seed(seed: int, what: str) -> int:
    """A batch seed for one purpose of a run (``baseline``, ``step 1``, ``confirm 2``...)."""
    return int.from_bytes(hashlib.sha256(f"hexfort-rebalance:{seed}:{what}".encode()).digest()[:6], "big")


def whole_blocks(n: int) -> int:
    """``n`` games rounded up to whole blocks of :data:`BLOCK` (at least one block)."""
    return max(BLOCK, -(-n // BLOCK) * BLOCK)


def baseline_stops(s: Settings) -> list[int]:
    """Where the map's own games pause to be judged: rounds of ``first_round`` doubling up to
    ``baseline_games``, then every ``baseline_games`` up to ``baseline_cap`` (game counts, in whole blocks)."""
    look = whole_blocks(s.baseline_games)
    cap = max(look, whole_blocks(s.baseline_cap))
    stops, size = [], whole_blocks(s.first_round)
    while not stops or stops[-1] < look:
        stops.append(min(look, (stops[-1] if stops else 0) + size))
        size *= 2
    while stops[-1] < cap:
        stops.append(min(cap, stops[-1] + look))
    return stops
