"""Replay files: a scenario, a seed and the action list of one game.

A replay is self-contained (the scenario is embedded with its map) and checked
on load: the actions are played again on a fresh game and must all be legal,
throw the same dice as recorded and reach the recorded result. Any difference is
a :class:`~engine.formats.errors.LoadError` naming the first action that differs.

A replay also records the rules it was played under (:mod:`engine.replay_rules`).
When they differ from the rules it is replayed by and the game does not
reproduce, the error says which rules differ (not which action became illegal);
when it reproduces all the same, it loads and :attr:`Replay.rule_changes` lists
the differences.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.jsonio import atomic_write_text, dump_canonical, parse_json_text, read_json_file
from engine.formats.migrations import CURRENT, migrate
from engine.formats.scenario_file import scenario_from_document, scenario_to_document
from engine.formats.schemas import validate_document
from engine.games.game import Game, playing_ruleset
from engine.games.modes import NotPlayableError
from engine.games.protocol import GameState
from engine.games.state import IllegalActionError
from engine.mapmodel import Team
from engine.replay_rules import differences, stamp_from_document, stamp_of, stamp_to_document
from engine.rules.actions import Action, ActionParseError
from engine.ruleset import RulesetError
from engine.scenario import Scenario

__all__ = ["Replay", "dumps_replay", "load_replay", "loads_replay", "replay_game", "save_replay"]


@dataclass(frozen=True)
class Replay:
    """A recorded game: scenario, dice seed, actions, and optionally rolls and players.

    ``rule_changes`` (set by the loader) lists how the rules the game was recorded
    under differ from those it was replayed by, when it reproduced all the same.
    """

    scenario: Scenario
    seed: int
    actions: tuple[Action, ...]
    rolls: tuple[str, ...] = ()
    players: tuple[tuple[str, str], ...] = ()
    rule_changes: tuple[str, ...] = ()

    @classmethod
    def of(cls, state: GameState, players: dict[Team, str] | None = None) -> Replay:
        """The replay of a game played so far."""
        return cls(
            state.scenario,
            state.dice.seed,
            tuple(state.history),
            tuple("+".join(map(str, r.faces)) for r in state.dice.rolls),
            tuple(sorted((t.value, n) for t, n in (players or {}).items())),
        )

    def play(self, keep_undo: bool = True) -> GameState:
        """Play the actions on a fresh game; raises IllegalActionError at the first illegal one."""
        return replay_game(self.scenario, self.seed, self.actions, keep_undo)


def replay_game(scenario: Scenario, seed: int, actions: Any, keep_undo: bool = True) -> GameState:
    """A fresh game of ``scenario`` with dice ``seed`` after ``actions`` (Action or text).

    Raises :class:`IllegalActionError` naming the index of the first illegal action,
    RulesetError or NotPlayableError when the scenario cannot be played.
    """
    state = Game.of(scenario).new_initial_state(seed, keep_undo=keep_undo)
    for i, a in enumerate(actions):
        try:
            state.apply(a)
        except IllegalActionError as e:
            raise IllegalActionError(f"action {i + 1}: {e}") from None
    return state


def replay_to_document(r: Replay, final: GameState | None = None) -> dict[str, Any]:
    """The canonical document of a replay (``final``: the played game, for the result)."""
    scen = scenario_to_document(dataclasses.replace(r.scenario, map_ref=None))
    scen.pop("$schema", None)
    state = final if final is not None else r.play(keep_undo=False)
    doc: dict[str, Any] = {"$schema": "https://hexfort.dev/schemas/replay.schema.json", "format": CURRENT["replay"],
                           "scenario": scen, "seed": r.seed,
                           "rules": stamp_to_document(stamp_of(r.scenario.mode, state.game.ruleset))}
    if r.players:
        doc["players"] = dict(r.players)
    doc["actions"] = [a.text() for a in r.actions]
    if r.rolls:
        doc["rolls"] = list(r.rolls)
    doc["result"] = {
        "winner": None if state.winner() is None else state.winner().value,  # type: ignore[union-attr]
        "scores": {t.value: state.points[t] for t in Team},
        "turns": state.turn,
    }
    return doc


def dumps_replay(r: Replay, final: GameState | None = None) -> str:
    """The canonical text of a replay (one action per line)."""
    return dump_canonical(replay_to_document(r, final), one_per_line=("rows", "actions"))


def save_replay(r: Replay, path: str | Path, final: GameState | None = None) -> None:
    """Write a replay atomically; raises OSError if the folder is not writable."""
    atomic_write_text(path, dumps_replay(r, final))


def load_replay(path: str | Path) -> tuple[Replay, GameState]:
    """Load and check a replay file; returns it with the replayed game. Raises LoadError."""
    return replay_from_document(read_json_file(path), path)


def loads_replay(text: str | bytes, file: str | Path = "<text>") -> tuple[Replay, GameState]:
    """Load and check a replay from JSON text; raises LoadError naming ``file``."""
    return replay_from_document(parse_json_text(text, file), file)


def replay_from_document(doc: Any, file: str | Path) -> tuple[Replay, GameState]:
    """Build and check a replay from a parsed document; raises LoadError."""
    if not isinstance(doc, dict):
        raise LoadError.single(file, "$", "a replay file holds one JSON object")
    doc = migrate(doc, "replay", file)
    validate_document(doc, "replay", file)
    try:
        scenario = scenario_from_document(doc["scenario"], file)
    except LoadError as e:
        raise LoadError(file, [LoadProblem(p.where.replace("$", "$.scenario", 1), p.message, p.stage)
                               for p in e.problems]) from None
    changes = _rule_changes(doc, scenario)
    try:
        replay, state = _replayed(doc, scenario, file)
    except LoadError as e:
        if not changes:
            raise
        raise LoadError.single(
            file, "$.rules",
            f"this replay was recorded under other rules than this hexfort plays by — {'; '.join(changes[:8])}"
            f"{f' (and {len(changes) - 8} more)' if len(changes) > 8 else ''} — and does not replay under "
            f"these ({e.where}: {e.message}); open it with the hexfort and ruleset it was recorded with") from None
    return dataclasses.replace(replay, rule_changes=tuple(changes)), state


def _rule_changes(doc: dict[str, Any], scenario: Scenario) -> list[str]:
    """How the rules recorded in ``doc`` differ from those ``scenario`` plays by now (none recorded: [])."""
    if "rules" not in doc:
        return []  # a format 1 replay: checked by playing it only
    try:
        now = stamp_of(scenario.mode, playing_ruleset(scenario))
    except RulesetError:
        return []  # the game cannot start; replaying says so
    return differences(stamp_from_document(doc["rules"]), now)


def _replayed(doc: dict[str, Any], scenario: Scenario, file: str | Path) -> tuple[Replay, GameState]:
    """Play ``doc``'s actions on ``scenario`` checking dice and result; raises LoadError at the first difference."""
    actions = []
    for i, text in enumerate(doc["actions"]):
        try:
            actions.append(Action.parse(text))
        except ActionParseError as e:
            raise LoadError.single(file, f"$.actions[{i}]", str(e)) from None
    seed = doc["seed"]
    try:
        state = Game.of(scenario).new_initial_state(seed, keep_undo=False)
    except (RulesetError, NotPlayableError) as e:
        raise LoadError.single(file, "$.scenario", f"the game cannot start: {e}") from None
    rolls = doc.get("rolls")
    for i, a in enumerate(actions):
        try:
            state.apply(a)
        except IllegalActionError as e:
            raise LoadError.single(file, f"$.actions[{i}]", f"{e}; the replay does not match this hexfort's rules") from None
        if rolls is not None:
            got = ["+".join(map(str, r.faces)) for r in state.dice.rolls]
            if got != rolls[: len(got)]:
                k = next(j for j, (x, y) in enumerate(zip(got, rolls, strict=False)) if x != y) if len(got) <= len(rolls) else len(rolls)
                raise LoadError.single(file, f"$.actions[{i}]",
                                       f"dice throw {k + 1} differs from the recording; the replay does not reproduce")
    if rolls is not None and len(state.dice.rolls) != len(rolls):
        raise LoadError.single(file, "$.rolls", f"the game threw {len(state.dice.rolls)} dice, the file records {len(rolls)}")
    result = doc.get("result")
    if result is not None:
        scores = {t.value: state.points[t] for t in Team}
        winner = None if state.winner() is None else state.winner().value  # type: ignore[union-attr]
        if scores != result["scores"] or state.turn != result["turns"] or winner != result.get("winner", winner):
            raise LoadError.single(file, "$.result", f"replaying gives scores {scores} after {state.turn} turns, "
                                   f"the file says {result['scores']} after {result['turns']}")
    replay = Replay(scenario, seed, tuple(actions), tuple(rolls or ()),
                    tuple(sorted(doc.get("players", {}).items())))
    return replay, state
