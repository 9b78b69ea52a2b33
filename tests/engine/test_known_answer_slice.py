"""A small seeded slice of the known-answer benchmark (``bench/known_answer.py``) runs with the suite: the pairs
are what they claim to be, and two answers come out right. The campaign (20+ seeds a pair) is in the bench;
its table is in docs/balance.md.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from engine.mapmodel import Mode, Team
from engine.simulation.balance import races
from tests.playing import bench_module


@pytest.fixture(scope="module")
def ka() -> Iterator[ModuleType]:
    with bench_module("known_answer") as module:
        yield module


@pytest.fixture(scope="module")
def pairs(ka: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> list:  # type: ignore[type-arg]
    return ka.build_pairs({Mode.KOTH, Mode.PAYLOAD, Mode.TEAM_PLAY}, tmp_path_factory.mktemp("ka"))


def _turns(s) -> list[tuple[str, str, tuple[int | None, ...]]]:  # type: ignore[no-untyped-def]
    """Each race's kind, goal and turns from each side (teams, or Team Play's spawnpoint colours)."""
    return sorted(((r.kind, r.goal, tuple(r.turns[side] for side in r.sides)) for r in races(s)[1]),
                  key=repr)


def test_there_are_enough_pairs_of_each_answer(pairs: list) -> None:  # type: ignore[type-arg]
    equal = [p for p in pairs if p.effect == 0]
    effect = [p for p in pairs if p.effect != 0]
    assert len(equal) >= 12 and len(effect) >= 12
    assert {p.mode for p in equal} == {Mode.KOTH, Mode.PAYLOAD, Mode.TEAM_PLAY}
    assert {p.mode for p in effect} == {Mode.KOTH, Mode.PAYLOAD}  # Team Play has no side-specific feature


def test_equal_pairs_race_alike_and_effect_pairs_differ_by_one_turn(pairs: list) -> None:  # type: ignore[type-arg]
    for p in pairs:
        if p.effect == 0:
            assert _turns(p.other) == _turns(p.base), p.name
            assert len(p.other.map.cells) == len(p.base.map.cells)
        elif p.mode is Mode.PAYLOAD:
            team = Team.RED if p.effect > 0 else Team.BLU
            assert len(p.other.map.track(team)) == len(p.base.map.track(team)) - 1
            assert p.other.map.track(team.other) == p.base.map.track(team.other)
        else:
            slower = Team.BLU if p.effect > 0 else Team.RED
            team = slower if "walled" in p.kind else slower.other
            want = 1 if "walled" in p.kind else -1
            before = {r.kind: r.turns[team] for r in races(p.base)[1]}
            after = {r.kind: r.turns[team] for r in races(p.other)[1]}
            kinds = {u.unit for u in p.base.team(team).starting}
            assert any(after[k] - before[k] == want for k in kinds), (p.name, p.kind)  # type: ignore[operator]
            assert {r.kind: r.turns[team.other] for r in races(p.other)[1]} == \
                {r.kind: r.turns[team.other] for r in races(p.base)[1]}


def test_a_one_turn_effect_is_detected_and_a_resaved_map_is_not_called_changed(ka: ModuleType,
                                                                                pairs: list) -> None:  # type: ignore[type-arg]
    nearer = next(p for p in pairs if p.name == "koth_crossroads" and p.kind == "RED spawn one turn nearer")
    got = ka.answer_pair(nearer, seed=1, jobs=1, max_games=200, games=None)
    assert got.correct(nearer.effect) and got.decided and got.games <= 200
    same = next(p for p in pairs if p.name == "koth_crossroads" and p.kind == "re-saved")
    got = ka.answer_pair(same, seed=1, jobs=1, max_games=None, games=40)
    assert got.correct(0) and not got.changed


def test_a_campaign_file_keeps_answers_by_pair_seed_and_budget_and_names_a_bad_line(
        ka: ModuleType, pairs: list, tmp_path: Path) -> None:  # type: ignore[type-arg]
    """The 20-seed campaign runs a slice a day: what a run found is kept and not played again, a changed budget
    starts afresh, and a damaged line stops the run with the file and line to mend, not a traceback."""
    same = next(p for p in pairs if p.name == "koth_crossroads" and p.kind == "re-saved")
    budget = ka.budget_of(same, None, 8)
    got = ka.answer_pair(same, seed=3, jobs=1, max_games=None, games=8)
    path = tmp_path / "campaign.jsonl"
    ka.Campaign(path).add(got, same, budget, 15e6)
    again = ka.Campaign(path)
    assert again.get(same, 3, budget) == got.__class__(**{**got.__dict__, "seconds": round(got.seconds, 2),
                                                            "cpu": round(got.cpu, 2), "ref": 15e6})
    assert again.get(same, 4, budget) is None and again.get(same, 3, ka.budget_of(same, 400, None)) is None
    assert ka.budget_of(same, None, None) == "default 4284" and again.reference_rate() == 15e6
    path.write_text(path.read_text() + "{not json\n")
    with pytest.raises(SystemExit, match=r"campaign.jsonl:2: not an answer line"):
        ka.Campaign(path)


def test_the_campaign_set_has_twelve_equal_pairs_whose_games_differ_and_every_effect_pair(
        ka: ModuleType, pairs: list) -> None:  # type: ignore[type-arg]
    chosen = [p for p in pairs if any(w in f"{p.name}: {p.kind}" for w in ka.CAMPAIGN)]
    equal = [p for p in chosen if p.effect == 0]
    assert len(equal) == 12 and not any(p.kind == "re-saved" for p in equal)
    assert {p.mode for p in equal} == {Mode.KOTH, Mode.PAYLOAD, Mode.TEAM_PLAY}
    assert [p for p in chosen if p.effect != 0] == [p for p in pairs if p.effect != 0]
