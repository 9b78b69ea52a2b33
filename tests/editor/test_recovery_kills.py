"""A seeded slice of the crash-recovery kill campaign (``bench/recovery_kills.py`` runs 60 kills).

The real editor, as a separate process, on three maps as tabs: edited through the
document API, killed with SIGKILL in the middle of a save, while editing and in the
middle of a recovery copy, then started again: every tab's work up to its last copy
or save is offered and restored, nothing overwritten, every map whole, no temporary
file left in the folder and look-alike files untouched (``tests/fuzzing/recovery_kills.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fuzzing.recovery_kills import run_campaign

#: A seed whose first kills are mid-save, while editing and mid-copy.
SEED = 2


@pytest.mark.slow
def test_killed_editors_lose_nothing_beyond_the_last_copy(tmp_path: Path) -> None:
    figures = run_campaign(tmp_path, runs=3, seed=SEED)
    assert figures.runs == 3
    assert set(figures.modes) == {"save", "editing", "copy"}, figures.modes
    assert figures.offered["tab"] >= 3  # every kill left copies, and they were offered
    assert max(figures.copy_delays) < 10  # a pause's edits reach the disk in seconds, even on a busy machine
