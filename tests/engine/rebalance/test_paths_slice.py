"""bench/rebalance_paths.py on a recorded path made here: it finds the steps a row's words name, prints what each
step would race, and says so when the path is not one the code races."""

from __future__ import annotations

from typing import Any

from engine.mapmodel import Team
from engine.parallel.backends import InProcess
from engine.rebalance.measures import Place
from engine.rebalance.play import Runner
from engine.rebalance.search import Listener, Settings, _Search
from tests.playing import bench_module

with bench_module("rebalance_paths") as paths, bench_module("rebalance_cases") as cases:
    CASE = next(c for c in cases.CASES if c.source == "koth_crossroads" and c.name == "red-spawn+1")


def _search(start: Any) -> _Search:
    return _Search(start, Settings(), Runner(InProcess(), ("heuristic", "heuristic")), Listener(), lambda: 0.0)


def test_a_two_step_path_is_found_from_its_words_and_the_steps_it_raced() -> None:
    start = CASE.build()
    first = paths.picks(_search(start), start, 1)[Team.RED][0]
    mid = first.apply_to(start)
    search = _search(start)
    search.taken.append((start, first))
    second = paths.picks(search, mid, 2)[Team.RED][0]
    words = [first.words(Place(start)), second.words(Place(mid))]
    row = {"change": "; ".join(words), "played": [{"step": 1, "words": words[0]}, {"step": 2, "words": words[1]}]}
    lines: list[str] = []
    assert paths.walk(_search(start), start, 1, row["change"], paths.Recorded.of(row), lines)
    assert [line.split(":")[0] for line in lines] == ["  step 1, RED favoured", "  step 1, BLU favoured",
                                                      "  step 2, RED favoured", "  step 2, BLU favoured"]
    assert words[0] in lines[0] and words[1] in lines[2]
    # a row that names its steps is held to them: the same words as one step are not this path
    named = paths.Recorded.of({**row, "steps": ["; ".join(words)]})
    assert not paths.walk(_search(start), start, 1, row["change"], named, [])


def test_a_path_the_code_does_not_race_is_not_found() -> None:
    start = CASE.build()
    row = {"change": "add a wall at 99,99", "played": [{"step": 1, "words": "add a wall at 99,99"}]}
    assert not paths.walk(_search(start), start, 1, row["change"], paths.Recorded.of(row), [])
