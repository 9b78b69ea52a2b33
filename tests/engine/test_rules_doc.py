"""docs/rules.md stays true: every test (or test file) it cites exists."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
TESTS = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("test_*.py"))
DEFINED = set(re.findall(r"^\s*def (test_\w+)", TESTS, re.M)) | {p.stem for p in (REPO / "tests").rglob("test_*.py")}


def test_every_cited_test_exists() -> None:
    cited = set(re.findall(r"`(test_\w+)", DOC))
    assert cited, "docs/rules.md cites no tests"
    missing = sorted(cited - DEFINED)
    assert not missing, f"docs/rules.md cites tests that do not exist: {missing}"
