"""King of the Board plays exactly as it did when the corpus was recorded (tests/engine/corpus).

Each recorded game is replayed from its file: every action must still be legal,
throw the same dice (the replay loader checks each throw), reach the same result
and the same final state, and offer the same legal actions in the same order at
every decision. The AI players are replayed too: from the recorded seeds they
must choose the very same actions, so simulations stay reproducible.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from engine.mapmodel import Team
from engine.replay import replay_from_document
from engine.simulation.batch import AI_PLAYERS
from tests.engine.corpus.record import corpus_files, final_summary, legal_digest


def _lines(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_the_corpus_holds_at_least_300_games_on_every_bundled_koth_map(repo: Path) -> None:
    files = corpus_files()
    maps = {p.name.removesuffix(".scenario.json") for p in (repo / "maps").glob("koth_*.scenario.json")}
    assert {f.name.split(".")[0] for f in files} == maps
    assert sum(len(_lines(f)) for f in files) >= 300


@pytest.mark.slow
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name.removesuffix(".jsonl.gz"))
def test_recorded_games_replay_to_the_same_dice_and_final_state(path: Path) -> None:
    for k, line in enumerate(_lines(path)):
        doc = line["replay"]
        replay, state = replay_from_document(doc, f"{path.name}:{k + 1}")  # checks every throw and the result
        assert final_summary(state) == line["final"], f"game {k + 1} of {path.name} ends differently"


@pytest.mark.slow
@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name.removesuffix(".jsonl.gz"))
def test_recorded_players_choose_the_same_actions_from_the_same_legal_lists(path: Path) -> None:
    for k, line in enumerate(_lines(path)):
        doc = line["replay"]
        start = {k: v for k, v in doc.items() if k not in ("rolls", "result")}
        replay, _ = replay_from_document({**start, "actions": []}, path.name)
        state = replay.play()
        seed = doc["seed"]
        names = doc["players"]
        players = {Team.RED: AI_PLAYERS[names["RED"]](seed), Team.BLU: AI_PLAYERS[names["BLU"]](seed + 1)}
        lists: list[list[str]] = []
        chosen: list[str] = []
        while (team := state.current_team()) is not None:
            lists.append([a.text() for a in state.legal_actions()])
            action = players[team].choose(state)
            chosen.append(action.text())
            state.apply(action)
        assert chosen == doc["actions"], f"game {k + 1} of {path.name}: the AI chose differently"
        assert legal_digest(lists) == line["legal"], f"game {k + 1} of {path.name}: legal actions changed"
