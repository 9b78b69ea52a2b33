"""The anytime-valid statistics (engine/simulation/sequential.py), tested like code: coverage on streams with a
known mean at every look, the error rate of the p-values, power on known effects, Holm's procedure, stopping.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.simulation.sequential import (
    Stream,
    answers_at,
    confidence_sequence,
    family,
    first_decided,
    holm,
    intervals,
)

SEEDS = 200


def blocks(p: float, n: int, seed: int) -> tuple[float, ...]:
    """``n`` block means of four Bernoulli(``p``) games: the batch's unit of analysis."""
    return tuple(float(x) for x in np.random.default_rng(seed).binomial(4, p, size=n) / 4)


@pytest.mark.parametrize("p", [0.5, 0.3, 0.9])
def test_the_sequence_covers_the_true_mean_at_every_look(p: float) -> None:
    """Over 200 seeded streams of 100 blocks, the sequence misses the true mean at some look in at most 5%."""
    misses = sum(any(not lo <= p <= hi for lo, hi in intervals(Stream(blocks(p, 100, seed))))
                 for seed in range(SEEDS))
    assert misses <= 0.05 * SEEDS, misses


def test_the_p_value_is_anytime_valid_on_even_streams() -> None:
    """Under the null (p = 0.5), the p-value falls to 5% somewhere along 100 blocks in at most 5% of the streams."""
    false = sum(confidence_sequence(blocks(0.5, 100, seed)).p_value <= 0.05 for seed in range(SEEDS))
    assert false <= 0.05 * SEEDS, false


def test_a_scaled_stream_covers_a_difference() -> None:
    """A paired difference in [-1, 1] (two maps' block shares) is covered too, on its own scale."""
    misses = 0
    for seed in range(100):
        rng = np.random.default_rng(1000 + seed)
        d = (rng.binomial(4, 0.6, size=80) - rng.binomial(4, 0.5, size=80)) / 4
        iv = intervals(Stream(tuple(float(x) for x in d), lower=-1.0, upper=1.0, null=0.0))
        misses += any(not lo <= 0.1 <= hi for lo, hi in iv)
    assert misses <= 5


@pytest.mark.parametrize(("p", "within", "rate"), [(0.75, 40, 0.9), (0.65, 120, 0.9), (0.4, 250, 0.9)])
def test_power_on_known_effects(p: float, within: int, rate: float) -> None:
    """A side that scores ``p`` per game is found significant, the right way round, within ``within`` blocks."""
    found = 0
    for seed in range(50):
        t = first_decided([Stream(blocks(p, within, seed))], [0])
        if t is not None:
            a = answers_at([Stream(blocks(p, within, seed))], t)[0]
            found += a.significant and a.direction == (1 if p > 0.5 else -1)
    assert found >= rate * 50, found


def test_an_even_stream_is_decided_even_and_an_uneven_one_is_not() -> None:
    even = confidence_sequence([0.5] * 400)
    assert even.even and even.decided and not even.significant and even.needed_blocks == 0
    assert 0.47 <= even.low <= even.high <= 0.53
    near = confidence_sequence(blocks(0.52, 200, 3))
    assert not near.decided and near.needed_blocks is not None and near.needed_blocks > 0
    assert near.needed_games == 4 * near.needed_blocks


def test_the_projection_is_of_the_right_size() -> None:
    """When a stream stays where it is, the games it takes to decide are about what was projected."""
    ratios = []
    for seed in range(20):
        xs = blocks(0.62, 600, 50 + seed)
        head = confidence_sequence(xs[:8])
        t = first_decided([Stream(xs)], [0], start=9)
        if head.needed_blocks and t is not None:
            ratios.append((t - 8) / head.needed_blocks)
    assert len(ratios) >= 15
    assert 0.2 <= float(np.median(ratios)) <= 5, ratios


@pytest.mark.parametrize(("p", "alpha", "rejected"), [
    ((0.01, 0.04, 0.03, 0.005), 0.05, (True, False, False, True)),  # 0.005<=.0125, 0.01<=.0167, 0.03>.025 stops
    ((0.01, 0.02, 0.03, 0.04), 0.2, (True, True, True, True)),
    ((0.5,), 0.05, (False,)),
    ((0.02, 0.02), 0.05, (True, True)),
    ((), 0.05, ()),
])
def test_holm(p: tuple[float, ...], alpha: float, rejected: tuple[bool, ...]) -> None:
    assert holm(p, alpha) == rejected


def test_a_family_widens_each_interval_and_corrects_the_p_values() -> None:
    xs = blocks(0.6, 60, 7)
    alone = confidence_sequence(xs)
    together = family([Stream(xs), Stream(blocks(0.5, 60, 8)), Stream(blocks(0.5, 60, 9))])
    assert together[0].alpha == pytest.approx(0.05 / 3)
    assert together[0].low <= alone.low and together[0].high >= alone.high
    assert together[0].p_value == pytest.approx(together[0].p_value)


def test_first_decided_stops_at_the_first_block_where_every_watched_test_is_decided() -> None:
    strong, null = Stream(blocks(0.8, 100, 1)), Stream(blocks(0.5, 100, 2))
    t = first_decided([strong, null], [0])
    assert t is not None
    assert answers_at([strong, null], t)[0].decided
    assert not answers_at([strong, null], t - 1)[0].decided
    assert first_decided([strong, null], [0, 1]) is None  # 100 blocks cannot show 0.5 within 3 points
    assert first_decided([strong, null], [0], start=t + 5) == t + 5
    with pytest.raises(ValueError, match="same length"):
        first_decided([strong, Stream(blocks(0.5, 3, 2))], [0])


def test_the_answers_are_deterministic_and_bad_input_is_refused() -> None:
    xs = blocks(0.55, 50, 4)
    assert confidence_sequence(xs) == confidence_sequence(list(xs))
    with pytest.raises(ValueError, match="outside"):
        Stream((0.5, 1.5))
    with pytest.raises(ValueError, match="lower < upper"):
        Stream((), lower=1.0, upper=0.0)
    with pytest.raises(ValueError, match="alpha"):
        confidence_sequence(xs, alpha=0.0)
    empty = confidence_sequence(())
    assert (empty.blocks, empty.games, empty.low, empty.high, empty.decided) == (0, 0, 0.0, 1.0, False)


def test_json_interval_ends_round_outward_and_never_onto_the_null_they_exclude() -> None:
    """A statistics review: rounded to nearest, an interval that ruled out 50% by a hair was written [0.5, 0.58], and
    every table printed from the JSON read "RED favoured (50–58%)". The ends are rounded outward (what the interval
    holds, the written one holds), but an end that excludes the null stays off it."""
    from engine.simulation.sequential import json_end

    assert json_end(0.500015, 0.5, low=True) == 0.5001  # excludes 50%: kept off it
    assert json_end(0.499996, 0.5, low=False) == 0.4999
    assert json_end(-0.00003, 0.0, low=False) == -0.0001  # a change interval below zero
    assert (json_end(0.123456, 0.5, low=True), json_end(0.123456, 0.5, low=False)) == (0.1234, 0.1235)  # outward
    assert json_end(0.57, 0.5, low=True) == 0.57  # 0.57 * 10,000 is 5699.99…: no false step down
    assert json_end(0.49, 0.5, low=True) == 0.49 and json_end(0.5, 0.5, low=True) == 0.5
