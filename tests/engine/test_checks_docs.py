"""docs/checks.md is true: each code's bad example triggers exactly that code with the
documented hexes, its fixed example does not, and every code hexfort reports is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.validation.checks import CHECKS
from engine.validation.explain import CHECKS_DOC, explain, sections
from engine.validation.runner import validate_file

DOC = CHECKS_DOC.read_text(encoding="utf-8")
SECTIONS = sections(DOC)
BLOCK = re.compile(r"```(json|text) (bad|fixed)\n(.*?)\n```", re.S)
EXAMPLED = sorted(c for c, s in SECTIONS.items() if BLOCK.search(s))
LOAD_CODES = {"HF001", "HF002", "HF003", "HF004", "HF999"}
SCENARIO_CODES = {"HF601", "HF602", "HF603", "HF604", "HF605", "HF606"}


def _examples(code: str) -> dict[str, str]:
    return {m.group(2): m.group(3) + "\n" for m in BLOCK.finditer(SECTIONS[code])}


def _expected_hexes(code: str) -> set[str]:
    line = next(ln for ln in SECTIONS[code].splitlines() if ln.startswith("Reported hexes:"))
    return set(re.findall(r"`([^`]+)`", line))


@pytest.mark.parametrize("code", EXAMPLED)
def test_bad_example_triggers_code_with_hexes(code: str, tmp_path: Path) -> None:
    kind = "scenario" if code in SCENARIO_CODES else "map"
    ex = _examples(code)
    bad = tmp_path / f"bad.{kind}.json"
    bad.write_text(ex["bad"], encoding="utf-8")
    hits = [p for p in validate_file(bad).problems if p.code == code]
    assert hits, f"{code}: bad example does not trigger it"
    assert {str(h) for p in hits for h in p.hexes} == _expected_hexes(code)
    fixed = tmp_path / f"fixed.{kind}.json"
    fixed.write_text(ex["fixed"], encoding="utf-8")
    assert not [p for p in validate_file(fixed).problems if p.code == code], f"{code}: fixed example still has it"


def test_every_code_is_documented_and_every_documented_code_exists() -> None:
    reported = {c for check in CHECKS for c in check.codes} | LOAD_CODES | SCENARIO_CODES
    assert reported == set(SECTIONS)


def test_every_code_but_the_safety_nets_has_examples() -> None:
    assert set(SECTIONS) - set(EXAMPLED) == {"HF999", "HF605", "HF606"}


def test_explain_prints_the_section_without_examples() -> None:
    text = explain("hf104")
    assert text is not None
    assert text.startswith("HF104") and "Spawn zone too small" in text
    assert "```" not in text
    assert explain("HF777") is None
