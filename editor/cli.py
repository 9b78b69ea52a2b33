"""The ``hexfort`` command: ``hexfort`` opens the bundled default map; subcommands do the rest.

Only the subcommands that show windows import Qt, so ``hexfort validate`` (and ``fix``) work
on machines without a display or without PySide6.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

__all__ = ["DEFAULT_MAP", "main"]

#: The map the README's main command opens.
DEFAULT_MAP = Path(__file__).resolve().parents[1] / "maps" / "koth_crossroads.map.json"


def _commands() -> Any:
    """The subcommands' modules, imported here, inside :func:`main`'s Ctrl-C handling: imported at the top, a Ctrl-C
    while they load (a second on a busy machine) ended in a traceback (a new-user audit)."""
    from editor import render_cli, share_cli
    from editor.display_check import display_problem
    from editor.playtest import cli as playtest_cli
    from engine.interop import cli as tiled_cli
    from engine.rebalance import cli as rebalance_cli
    from engine.simulation import balance_cli
    from engine.simulation import cli as simulate_cli
    from engine.validation import cli as validate_cli
    from engine.validation import fix_cli

    return SimpleNamespace(render_cli=render_cli, share_cli=share_cli, display_problem=display_problem,
                           playtest_cli=playtest_cli, tiled_cli=tiled_cli, rebalance_cli=rebalance_cli,
                           balance_cli=balance_cli, simulate_cli=simulate_cli, validate_cli=validate_cli,
                           fix_cli=fix_cli)


def _parser() -> argparse.ArgumentParser:
    c = _commands()
    p = argparse.ArgumentParser(
        prog="hexfort",
        description="Map and scenario editor, validator and playtester for hex tactics board games.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    v = sub.add_parser("validate", help="check maps, scenarios and rulesets (files or folders)")
    c.validate_cli.add_arguments(v)
    f = sub.add_parser("fix", help="apply the validator's safe quick fixes to maps and scenarios (files or folders)")
    c.fix_cli.add_arguments(f)
    sim = sub.add_parser("simulate", help="play AI-vs-AI games on a map or scenario: is it balanced?")
    c.simulate_cli.add_arguments(sim)
    bal = sub.add_parser("balance", help="is my map fair? a visual balance report from AI games at several "
                                         "strengths (HTML or JSON; --compare another version)")
    c.balance_cli.add_arguments(bal)
    reb = sub.add_parser("rebalance", help="find the smallest map edit that makes a map fair, proven by AI games, "
                                           "and write the fixed map")
    c.rebalance_cli.add_arguments(reb)
    pl = sub.add_parser("play", help="play a map or scenario against the AI or hot-seat, or watch a replay")
    c.playtest_cli.add_play_arguments(pl)
    e = sub.add_parser("edit", help="open a map or scenario in the editor (default: the bundled map)")
    c.render_cli.add_edit_arguments(e)
    r = sub.add_parser("render", help="draw a map to PNG, SVG or a printable multi-page PDF (no window)")
    c.render_cli.add_render_arguments(r)
    im = sub.add_parser("import", help="convert a Tiled hexagonal map (.tmx or .tmj) to a hexfort map")
    c.tiled_cli.add_import_arguments(im)
    ex = sub.add_parser("export", help="write a hexfort map as a Tiled map (.tmx or .tmj)")
    c.tiled_cli.add_export_arguments(ex)
    sh = sub.add_parser("share", help="a map or scenario as one self-contained web page (hover, sight, reach, "
                                      "problems, teams, balance verdict, replay)")
    c.share_cli.add_share_arguments(sh)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 problems, 2 usage).

    A reader that goes away (``hexfort validate maps | head``) ends the command
    quietly, as it does for other Unix tools; Ctrl+C exits with 130.
    """
    try:
        return _run(argv)
    except BrokenPipeError:
        # Point stdout at /dev/null so Python's own flush at exit cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("hexfort: interrupted", file=sys.stderr)
        return 130


def _run(argv: Sequence[str] | None) -> int:
    args = _parser().parse_args(argv)
    c = _commands()
    if args.command in (None, "edit", "play"):
        if args.command == "play" and not Path(args.path).exists():  # said before "no display", which hid a
            print(f"hexfort play: {args.path}: file not found; check the path", file=sys.stderr)  # mistyped name
            return 1  # (a new-user audit); edit opens a missing name as a new map, so it is not asked
        problem = c.display_problem(args.command or "edit")
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
    if args.command == "validate":
        return c.validate_cli.run(args)
    if args.command == "fix":
        return c.fix_cli.run(args)
    if args.command == "simulate":
        return c.simulate_cli.run(args)
    if args.command == "balance":
        return c.balance_cli.run(args, write_html=c.render_cli.write_balance_report)
    if args.command == "rebalance":
        return c.rebalance_cli.run(args)
    if args.command == "play":
        return c.playtest_cli.run_play(args)
    if args.command == "render":
        return c.render_cli.run_render(args)
    if args.command == "import":
        return c.tiled_cli.run_import(args)
    if args.command == "export":
        return c.tiled_cli.run_export(args)
    if args.command == "share":
        return c.share_cli.run_share(args)
    if args.command == "edit" and args.path:
        return c.render_cli.run_edit(*(Path(p) for p in args.path))
    # Bare ``hexfort`` (or ``hexfort edit``): the editor on the bundled map.
    return c.render_cli.run_edit(DEFAULT_MAP if DEFAULT_MAP.exists() else None)


if __name__ == "__main__":
    sys.exit(main())
