"""The rules pages stay true: every test (or test file) docs/rules*.md cites exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = sorted((REPO / "docs").glob("rules*.md"))
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("test_*.py"))
DEFINED = set(re.findall(r"^\s*def (test_\w+)", TESTS, re.M)) | {p.stem for p in (REPO / "tests").rglob("test_*.py")}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_cited_test_exists(doc: Path) -> None:
    cited = set(re.findall(r"`(test_\w+)", doc.read_text(encoding="utf-8")))
    assert cited, f"{doc.name} cites no tests"
    missing = sorted(cited - DEFINED)
    assert not missing, f"{doc.name} cites tests that do not exist: {missing}"


def test_each_playable_mode_has_a_rules_page() -> None:
    assert {"rules.md", "rules-teamplay.md"} <= {p.name for p in DOCS}
