"""The crash-recovery kill campaign (#23): the real editor killed with SIGKILL 60 times, restarted each time.

Runs ``tests/fuzzing/recovery_kills.py``: the editor on three maps as tabs, edits through
the document API, kills while idle, editing, saving, copying and restoring, and at each
restart checks that every tab's work up to its last copy or save is offered and
restored, nothing overwritten, every map file whole, and no temporary file left. Prints
progress and the figures the README quotes: how old the oldest lost edit was at the kill
(the bound on lost work) and how long an edit took to reach the disk in a copy. A failed
check stops the campaign with its message (exit 1).

The times are wall-clock seconds of a separate process, dominated by the 2 s debounce;
the reference rate (``bench/_common.py``) is printed beside them to tell how busy the
machine was.

Run: ``nice -n 10 .venv/bin/python bench/recovery_kills.py [RUNS] [SEED]`` (default 60 runs, seed 1;
about 4-6 s a run).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import reference_rate  # noqa: E402
from tests.fuzzing.recovery_kills import run_campaign  # noqa: E402


def main(runs: int = 60, seed: int = 1) -> int:
    """Run the campaign in a temporary folder; 0 when nothing was lost."""
    before = reference_rate()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hexfort-kills-") as tmp:
        try:
            figures = run_campaign(Path(tmp), runs, seed,
                                   log=lambda text: print(f"{time.monotonic() - start:7.1f} s  {text}", flush=True))
        except AssertionError as e:
            print(f"FAILED after {time.monotonic() - start:.0f} s: {e}", flush=True)
            return 1
    after = reference_rate()
    print(figures.summary())
    print(f"reference: {before / 1e6:.1f} / {after / 1e6:.1f} M loop iterations per CPU second (before / after); "
          f"campaign {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
