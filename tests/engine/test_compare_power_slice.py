"""A small seeded slice of ``bench/compare_power.py``, the power estimate behind docs/balance.md's Bridges
figures: its model draws the shares it is given, and its test finds a large change early and no change never."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import numpy as np
import pytest

from tests.playing import bench_module

ALPHA = 0.008  # the change's level under --compare: 4% over five headline questions


@pytest.fixture(scope="module")
def cp() -> Iterator[ModuleType]:
    with bench_module("compare_power") as module:
        yield module


def test_the_model_draws_the_shares_and_the_pairing_it_is_given(cp: ModuleType) -> None:
    rng = np.random.default_rng(3)
    d = np.array(cp._blocks(rng, 40_000, 0.4, 0.6, 0.3))
    assert len(d) == 10_000 and set(np.unique(d * 4)) <= {-4, -3, -2, -1, 0, 1, 2, 3, 4}
    assert abs(d.mean() - 0.2) < 0.01  # p1 - p0
    assert abs((d * 4 == 4).mean() - 0.3 ** 4) < 0.003  # a block of four "other RED, original BLU" seeds


def test_a_large_change_is_found_early_and_no_change_is_never_found(cp: ModuleType) -> None:
    rng = np.random.default_rng(5)
    assert cp.found_at(cp._blocks(rng, 400, 0.3, 0.9, 0.3), ALPHA) <= 200
    assert cp.found_at(cp._blocks(rng, 400, 0.5, 0.5, 0.25), ALPHA) is None
