"""Two edits together (engine/rebalance/combine.py): which of a step's edits are paired, and how."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.mapmodel import Cell, Terrain
from engine.rebalance.changes import Proposal, SetGround
from engine.rebalance.combine import COMBINED, leaning, paired_gaps, pairs
from engine.rebalance.evidence import BLOCK, Tally
from engine.rebalance.result import Trial


def tally(*blocks: float) -> Tally:
    red = round(sum(blocks) * BLOCK)
    return Tally(red, BLOCK * len(blocks) - red, 0, 0, tuple(blocks))


def trial(q: int, *blocks: float, status: str = "undecided", family: str = "cover") -> Trial:
    h = Hex(q, 0)
    p = Proposal((SetGround(h, Cell(0), Cell(0, Terrain.LOW)),), f"cover at {q}", family)
    return Trial(p, f"a low obstacle at {q},0", p.hexes, 1, tally(*blocks), status)


CONTROL = tally(0.75, 0.5, 0.5, 0.5)  # 56.25% on its four blocks, 62.5% on the first two


def test_paired_gaps_compare_on_the_games_both_played() -> None:
    assert paired_gaps(trial(1, 0.5, 0.5), CONTROL) == (0.0, 0.125)
    assert paired_gaps(trial(1), CONTROL) is None  # no whole block played
    assert paired_gaps(trial(1, 0.5, 0.5, 0.5, 0.5, 0.5), CONTROL) is None  # the control played fewer


def test_only_edits_nearer_even_than_the_control_lean_nearest_first() -> None:
    near, nearer, same, worse = (trial(1, 0.5, 0.5, 0.5, 0.625), trial(2, 0.5, 0.5, 0.5, 0.5),
                                 trial(3, 0.75, 0.5, 0.5, 0.5), trial(4, 0.75, 0.75, 0.5, 0.5))
    dropped = trial(5, 0.5, 0.5, 0.5, 0.5, status="dropped: RED still favoured")
    combined = trial(6, 0.5, 0.5, 0.5, 0.5, family=COMBINED)
    assert leaning([near, worse, nearer, same, dropped, combined], CONTROL) == [nearer, near]
    assert leaning([near, nearer], CONTROL, most=1) == [nearer]


def test_pairs_are_each_two_on_different_hexes_with_both_changes() -> None:
    a, b, c = trial(1, 0.5), trial(2, 0.5), trial(3, 0.5)
    same_hex = trial(1, 0.5)
    got = pairs([a, b, same_hex, c])
    assert [p.hexes for p in got] == [(Hex(1, 0), Hex(2, 0)), (Hex(1, 0), Hex(3, 0)), (Hex(1, 0), Hex(2, 0)),
                                      (Hex(2, 0), Hex(3, 0)), (Hex(1, 0), Hex(3, 0))]
    assert all(p.family == COMBINED and len(p.changes) == 2 for p in got)
    assert "together" in got[0].why and "cover at 1" in got[0].why and "cover at 2" in got[0].why
