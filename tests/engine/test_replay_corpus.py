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

from engine.replay import replay_from_document
from tests.engine.corpus.record import ai_choice_file, ai_choices, corpus_files, final_summary


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
    """From the recorded seeds the AI players choose as recorded: in the AI-choice record (``ai/``, written
    when an AI player was improved on purpose; see tests/engine/corpus/record.py) or, without one, the
    recorded replay's own actions."""
    record = ai_choice_file(path)
    expected = _lines(record) if record.exists() else [
        {"actions": line["replay"]["actions"], "legal": line["legal"]} for line in _lines(path)]
    for k, (got, want) in enumerate(zip(ai_choices(path), expected, strict=True)):
        assert got["actions"] == want["actions"], f"game {k + 1} of {path.name}: the AI chose differently"
        assert got["legal"] == want["legal"], f"game {k + 1} of {path.name}: legal actions changed"
