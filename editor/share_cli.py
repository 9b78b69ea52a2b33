"""``hexfort share MAP_OR_SCENARIO -o map.html [--balance report.json] [--replay REPLAY.json]``.

Writes one self-contained web page (:mod:`editor.share_page`). Needs QtGui but no
window: without a display it uses Qt's offscreen platform. Exit status 0 written,
1 an input cannot be read (the message names the file and the place) or the page
not written, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from engine.formats.errors import LoadError
from engine.formats.map_file import map_digest
from engine.scenario import Scenario

__all__ = ["add_share_arguments", "run_share"]


def add_share_arguments(p: argparse.ArgumentParser) -> None:
    """Declare the ``share`` command's arguments."""
    p.add_argument("path", metavar="MAP_OR_SCENARIO", help="the map or scenario to show")
    p.add_argument("-o", "--output", required=True, metavar="PAGE.html", help="the web page to write")
    p.add_argument("--balance", metavar="REPORT.json",
                   help="a balance study (hexfort balance --format json) whose verdict the page shows")
    p.add_argument("--replay", metavar="REPLAY.json", help="a replay the page can step through")


def _game_name(mode: object) -> str:
    from engine.games.modes import GAMES
    from engine.mapmodel import Mode

    try:
        return GAMES[Mode(mode)].name
    except (KeyError, ValueError):
        return str(mode)


def _games_of(value: Any) -> tuple[Any, ...]:
    """The modes ``value`` is played in: a scenario's own, or every mode a map is made for."""
    return (value.mode,) if isinstance(value, Scenario) else tuple(value.meta.modes)


def _games_words(modes: tuple[Any, ...]) -> str:
    return " or ".join(_game_name(m) for m in modes)


def _check_study(balance: dict[str, Any], value: Any, path: str, report: str) -> None:
    """Refuse a balance study of another map — another game, another map digest (the ground its games were played
    on), or, for a study older than digests, a name that is neither the scenario's nor the map's and a file made on
    that is not this map: the page would show that map's verdict under this one's picture (a
    new-user audit: Ridge's page carried Canal's cart evidence). A simulate report is named as such. Raises
    LoadError."""
    if "headlines" in balance and "format" not in balance:
        raise LoadError.single(report, "$", "this is a simulate report; the page shows a balance study: run "
                                            f"hexfort balance {path} --format json -o REPORT.json")
    mode, name, made_on = balance.get("mode"), balance.get("scenario"), balance.get("file")
    if not isinstance(mode, str) or not isinstance(name, str):
        return  # the schema check names what is missing
    games = _games_of(value)
    same_game = mode in {m.value for m in games}
    shown = value.map if isinstance(value, Scenario) else value
    names = {shown.meta.name} | ({value.name} if isinstance(value, Scenario) else set())
    digest = balance.get("map_digest")
    if same_game and isinstance(digest, str):  # the games' own ground decides, not the name (older studies: below)
        if digest == map_digest(shown):
            return
        if name in names:  # a new-user audit: a page of an edited map, same name, carried the study of the map
            # before the edit ("its own mirror image" above its own HF402)
            raise LoadError.single(report, "$.map_digest",
                                   f"this study is of another version of {name}: the map has changed since its games "
                                   f"were played (made on {made_on}), so its verdict would not be this map's; run "
                                   f"hexfort balance {path} --format json -o REPORT.json and share with that")
    elif same_game and (name in names or _made_on(made_on, report) == shown):  # a map's page takes its scenario's study
        return
    raise LoadError.single(report, "$.scenario" if same_game else "$.mode",
                           f"this study is of {name} ({_game_name(mode)}), not of {min(names, key=len)} "
                           f"({_games_words(games)}); share the file it was made on ({made_on}) with it, or run "
                           f"hexfort balance {path} --format json -o REPORT.json and share with that")


def _made_on(made_on: object, report: str) -> Any:
    """The map of the file a study was made on (its ``file``, as given, else beside the report), or None."""
    from engine.formats import load_any

    if not isinstance(made_on, str):
        return None
    for place in (Path(made_on), Path(report).parent / made_on):
        try:
            _kind, value = load_any(place)
        except LoadError:
            continue
        return value.map if isinstance(value, Scenario) else value
    return None


def _check_replay(replay: Any, value: Any, path: str, where: str) -> None:
    """Refuse a replay of another map (its game or its map's name differ); note one played on another version of
    this map (the page shows the replay's map, on which its moves are legal). Raises LoadError."""
    played, games = replay.scenario.map, _games_of(value)
    shown = value.map if isinstance(value, Scenario) else value
    if replay.scenario.mode not in games or played.meta.name != shown.meta.name:
        raise LoadError.single(where, "$.scenario",
                               f"this replay was played on {played.meta.name} ({_game_name(replay.scenario.mode)}), "
                               f"not on {shown.meta.name} ({_games_words(games)}); share {played.meta.name}'s map with it, "
                               f"or record a game on {path} (hexfort play, then Save replay)")
    if played != shown:
        print(f"hexfort share: note: the replay {where} was played on another version of {shown.meta.name} than "
              f"{path}; the page shows the replay's version of the map, on which its moves were made", file=sys.stderr)


def _kind_of(path: str) -> str | None:
    """What kind of hexfort file ``path`` holds, by its ``$schema`` or keys (None: unreadable or not one)."""
    from engine.formats.detect import detect_kind
    from engine.formats.jsonio import read_json_file

    try:
        return detect_kind(read_json_file(path))
    except LoadError:
        return None


def _inputs(args: argparse.Namespace) -> tuple[Any, Any, Any, Any]:
    """(map or scenario, problems, balance document, replay); raises LoadError."""
    from engine.formats import load_any
    from engine.formats.jsonio import read_json_file
    from engine.formats.schemas import validate_document
    from engine.replay import load_replay
    from engine.validation.runner import validate_file

    if str(args.path).lower().endswith((".tmx", ".tmj")):
        raise LoadError.single(args.path, "", "this is a Tiled map; convert it first (hexfort import "
                                              f"{args.path} -o NAME.map.json) and share that")
    try:
        kind, value = load_any(args.path)
    except LoadError:
        if _kind_of(args.path) == "replay":
            raise LoadError.single(args.path, "$.$schema", "this is a replay; share the map or scenario it was "
                                                           f"played on, with --replay {args.path}") from None
        raise
    if kind not in ("map", "scenario"):
        raise LoadError.single(args.path, "$.$schema", f"this is a {kind}; share a map or a scenario")
    problems = validate_file(Path(args.path)).problems
    balance = None
    if args.balance:
        balance = read_json_file(args.balance)
        if isinstance(balance, dict):
            _check_study(balance, value, args.path, args.balance)
        validate_document(balance, "balance", args.balance)
    replay = load_replay(args.replay)[0] if args.replay else None
    if replay is not None:
        _check_replay(replay, value, args.path, args.replay)
    return value, problems, balance, replay


def run_share(args: argparse.Namespace, err: TextIO | None = None) -> int:
    """Write the page; returns the exit status."""
    err = err or sys.stderr
    if not str(args.output).lower().endswith((".html", ".htm")):
        print(f"hexfort share: {args.output}: the page is written as .html", file=err)
        return 2
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from editor.share_page import write_share_page

    _app = QGuiApplication.instance() or QGuiApplication(["hexfort"])
    try:
        value, problems, balance, replay = _inputs(args)
    except LoadError as e:
        print(f"hexfort share: {e}", file=err)
        return 1
    try:
        size = write_share_page(args.output, value, problems, balance, replay)
    except OSError as e:
        print(f"hexfort share: cannot write {args.output}: {e.strerror or e}", file=err)
        return 1
    print(f"wrote {args.output} ({size / 1024:.0f} kB, self-contained)")
    return 0
