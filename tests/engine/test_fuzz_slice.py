"""A small seeded slice of the hostile-input campaign (``bench/fuzz.py``) runs with the suite.

The same inputs every run: the first few hundred of campaign seed 1 that are
under 64 kB (the campaign's maximum-size maps take seconds each) and do not race
a background thread against the loader (those end differently from run to run;
``test_hostile_inputs.py`` has a deterministic test for the race that mattered),
then documents generated from each schema by hypothesis with ``derandomize`` and
no example database. Every input goes to its loader, ``load_any`` and ``hexfort
validate``; each must end in a value or a well-formed LoadError
(``tests/fuzzing/harness.py`` says exactly what that is).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.fuzzing.harness import RACES, prepare_folder, run_case  # noqa: E402
from tests.fuzzing.mutate import Case, make_case  # noqa: E402
from tests.fuzzing.schema_docs import strategy  # noqa: E402
from tests.fuzzing.seeds import KINDS  # noqa: E402

SEED = 1
SLICE = 400


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A worker folder: the bundled maps and a ruleset for scenarios to name, and hostile files."""
    f = tmp_path_factory.mktemp("fuzz")
    prepare_folder(f)
    return f


def _slice() -> list[Case]:
    out = []
    index = 0
    while len(out) < SLICE:
        case = make_case(SEED, index)
        if len(case.data) <= 64 * 1024 and case.fs not in RACES:
            out.append(case)
        index += 1
    return out


def test_the_slice_has_every_family_of_input() -> None:
    families = {c.how.split(" ", 1)[0] for c in _slice()}
    assert families == {"tree", "text", "bytes", "extreme", "fs"}


def test_a_seeded_slice_of_the_campaign_ends_every_input_cleanly(folder: Path) -> None:
    failures = [(c.index, c.how, f.target, f.signature, f.detail) for c in _slice() for f in run_case(c, folder)]
    assert not failures, "\n\n".join(f"input {i} ({how}) in {target}: {sig}\n{detail}"
                                     for i, how, target, sig, detail in failures[:5])


@pytest.mark.parametrize("kind", KINDS)
def test_documents_generated_from_the_schema_end_cleanly(kind: str, folder: Path) -> None:
    failures: list[str] = []

    @settings(max_examples=25, derandomize=True, database=None, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(strategy(kind))
    def check(doc: Any) -> None:
        import json

        case = Case(0, kind, "schema", json.dumps(doc, ensure_ascii=False).encode())
        failures.extend(f"{f.target}: {f.signature}\n{f.detail}" for f in run_case(case, folder))

    check()
    assert not failures, failures[0]
