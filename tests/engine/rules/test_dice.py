"""Dice specs: exact odds of any accuracy throw, and crit rules (001 "Attacking", 002 "Attacking examples")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.rules.dice import TWO_D6, Crit, DiceSpec, Roll, ScriptedDice


def test_two_d6_outcomes_are_the_textbook_table() -> None:
    """2d6: 6 - |t - 7| ways of 36 to throw t; one of them doubles when t is even (001 "Attacking": a pair crits)."""
    assert TWO_D6.outcomes() == {t: (6 - abs(t - 7), 1 if t % 2 == 0 else 0) for t in range(2, 13)}


@pytest.mark.parametrize(("need", "ways"), [(-3, 36), (2, 36), (4, 33), (7, 21), (12, 1), (13, 0)])
def test_two_d6_chance_to_reach_a_distance(need: int, ways: int) -> None:
    assert TWO_D6.chance_at_least(need) == pytest.approx(ways / 36)


@pytest.mark.parametrize(("need", "doubles"), [(2, 6), (7, 3), (12, 1), (13, 0)])
def test_two_d6_crit_chance_counts_doubles_that_also_hit(need: int, doubles: int) -> None:
    assert TWO_D6.crit_chance_at_least(need) == pytest.approx(doubles / 36)


@pytest.mark.parametrize("spec", [DiceSpec(1, 8, Crit.NONE), DiceSpec(1, 8, Crit.MAX_FACE), DiceSpec(3, 4),
                                  DiceSpec(2, 10, Crit.DOUBLES)])
def test_odds_agree_with_brute_force_over_every_need(spec: DiceSpec) -> None:
    import itertools

    throws = list(itertools.product(range(1, spec.sides + 1), repeat=spec.count))
    for need in range(-1, spec.count * spec.sides + 3):
        hits = [f for f in throws if sum(f) >= need]
        crits = [f for f in hits if spec.is_crit(Roll("", f))]
        assert Fraction(spec.chance_at_least(need)).limit_denominator(10**6) == Fraction(len(hits), len(throws))
        assert spec.crit_chance_at_least(need) == pytest.approx(len(crits) / len(throws))


def test_crit_rules() -> None:
    assert TWO_D6.is_crit(Roll("", (4, 4))) and not TWO_D6.is_crit(Roll("", (4, 5)))
    d8 = DiceSpec(1, 8, Crit.MAX_FACE)
    assert d8.is_crit(Roll("", (8,))) and not d8.is_crit(Roll("", (7,)))
    assert not DiceSpec(1, 8, Crit.NONE).is_crit(Roll("", (8,)))


def test_a_spec_throws_with_the_games_dice_and_records_it() -> None:
    dice = ScriptedDice([3, 3])
    r = TWO_D6.roll(dice, "test shot")
    assert r.total == 6 and TWO_D6.is_crit(r) and dice.rolls == [r]


@pytest.mark.parametrize(("count", "sides"), [(0, 6), (2, 0), (7, 6)])
def test_impossible_specs_are_refused(count: int, sides: int) -> None:
    with pytest.raises(ValueError):
        DiceSpec(count, sides)
