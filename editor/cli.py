"""The ``hexfort`` command: ``hexfort`` opens the bundled default map; subcommands do the rest.

Only the subcommands that show windows import Qt, so ``hexfort validate`` works
on machines without a display or without PySide6.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from editor.playtest import cli as playtest_cli
from engine.simulation import cli as simulate_cli
from engine.validation import cli as validate_cli

__all__ = ["DEFAULT_MAP", "main"]

#: The map the README's main command opens.
DEFAULT_MAP = Path(__file__).resolve().parents[1] / "maps" / "koth_crossroads.map.json"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="hexfort",
        description="Map and scenario editor, validator and playtester for hex tactics board games.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    v = sub.add_parser("validate", help="check maps, scenarios and rulesets (files or folders)")
    validate_cli.add_arguments(v)
    sim = sub.add_parser("simulate", help="play AI-vs-AI games on a map or scenario: is it balanced?")
    simulate_cli.add_arguments(sim)
    pl = sub.add_parser("play", help="play a map or scenario against the AI or hot-seat, or watch a replay")
    playtest_cli.add_play_arguments(pl)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 problems, 2 usage)."""
    args = _parser().parse_args(argv)
    if args.command == "validate":
        return validate_cli.run(args)
    if args.command == "simulate":
        return simulate_cli.run(args)
    if args.command == "play":
        return playtest_cli.run_play(args)
    # No editor yet: the main job validates the bundled maps.
    maps_dir = DEFAULT_MAP.parent
    return validate_cli.run(argparse.Namespace(paths=[str(maps_dir)], format="text", strict=False))


if __name__ == "__main__":
    sys.exit(main())
