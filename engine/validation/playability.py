"""The one answer to "can this scenario be played?", for the command line, the editor and the playtest.

:func:`playability` gathers, as problems with stable codes:

- HF606 when hexfort cannot play the scenario's mode yet (an info: the file is fine,
  hexfort is not there yet; :func:`blocking` still counts it);
- the map's own errors that leave a game nothing to do (no spawn zone for a team,
  HF105; no control point in King of the Board, HF106; a missing cart track, HF108;
  a Team Play spawnpoint colour missing, HF111, or no ammo tiles or racks, HF112);
- the scenario's set-up checks (HF601–HF604, :mod:`engine.validation.scenario_checks`);
- HF605 when the game engine itself refuses to start it (it is started once, set-up only).

Errors among them (and HF606) mean the game cannot be played, see :func:`blocking`;
other infos (a unit starting outside its base) do not stop it. Every part runs :func:`~engine.validation.problem.guarded`,
so this never raises.
"""

from __future__ import annotations

from typing import Final

from engine.games.game import Game, playing_ruleset
from engine.games.modes import GAMES, NotPlayableError, playable_modes
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.ruleset import Ruleset, RulesetError
from engine.scenario import Scenario
from engine.validation.checks import check_map
from engine.validation.problem import Problem, Severity, guarded
from engine.validation.scenario_checks import check_scenario_setup
from engine.validation.wording import names_hex

__all__ = ["GAME_BLOCKERS", "blocking", "playability", "rules_or_none"]

#: Map problems that leave a game with nothing to do; the game refuses to start on them.
GAME_BLOCKERS: Final = frozenset({"HF105", "HF106", "HF108", "HF111", "HF112"})


def playability(scenario: Scenario, ruleset: Ruleset | None = None, map_problems: list[Problem] | None = None,
                ) -> list[Problem]:
    """Problems that bear on playing ``scenario`` (see the module docstring), sorted for display.

    ``ruleset`` overrides the scenario's own; ``map_problems`` (the map's
    validator problems for the scenario's mode, when the caller has them) saves
    checking the map again. Never raises.
    """
    rules = GAMES[scenario.mode]
    if not rules.playable:
        names = ", ".join(GAMES[m].name for m in playable_modes())
        return [Problem("HF606", Severity.INFO,
                        f"playing {rules.name} is not available yet (hexfort plays {names}); "
                        "you can still draw and validate the map", where="$.mode")]
    if map_problems is None:
        map_problems = guarded("the map checks", lambda: check_map(scenario.map, scenario.mode,
                                                                    rules_or_none(scenario, ruleset)))
    out = [p for p in map_problems if p.code in GAME_BLOCKERS or p.code == "HF999"]
    out += _named_causes(guarded("the scenario checks", lambda: _setup_problems(scenario, ruleset)), map_problems)
    out.sort(key=lambda p: (p.severity.rank, p.code, p.hexes[:1], p.message))
    return out


def blocking(problems: list[Problem]) -> list[Problem]:
    """What stops a game among ``problems``: the errors, and HF606 (a mode hexfort cannot play yet,
    which is only an info for the file itself)."""
    return [p for p in problems if p.severity is Severity.ERROR or p.code == "HF606"]


def rules_or_none(scenario: Scenario, ruleset: Ruleset | None = None) -> Ruleset | None:
    """:func:`~engine.games.game.playing_ruleset` of ``scenario``, or None when it cannot be made (the
    scenario checks report why, HF605; the map checks then use the mode's built-in ruleset)."""
    try:
        return playing_ruleset(scenario, ruleset)
    except RulesetError:
        return None


def _setup_problems(scenario: Scenario, ruleset: Ruleset | None) -> list[Problem]:
    try:
        rules = playing_ruleset(scenario, ruleset)
    except RulesetError as e:
        return [Problem("HF605", Severity.ERROR, f"the game cannot start: {e}", where="$.ruleset")]
    out = check_scenario_setup(scenario, rules)
    if any(p.severity is Severity.ERROR for p in out):
        return out
    try:
        Game.of(scenario, ruleset).new_initial_state(keep_undo=False)
    except (RulesetError, NotPlayableError) as e:
        # a rule the scenario sets that the game refuses is named at that rule, not at the teams (a new-user audit)
        named = next((k for k in sorted(scenario.rules) if f" {k} " in f" {e} "), None)
        unit = None if named else _unit_named(scenario, str(e))
        out.append(Problem("HF605", Severity.ERROR, f"the game cannot start: {e}",
                           (unit[1],) if unit else (),
                           f"$.rules.{named}" if named else unit[0] if unit else "$.teams"))
    return out


def _named_causes(setup: list[Problem], map_problems: list[Problem]) -> list[Problem]:
    """``setup`` with an HF605 that names no rule or unit (placed at ``$.teams``) replaced by the map's own errors
    whose hexes its message names — the cause, with its code, place and fix: a map whose cart track has a gap was
    refused as "$.teams: HF605 … the RED cart track jumps", though a map file has no teams (a new-user audit)."""
    out: list[Problem] = []
    for p in setup:
        # structural errors only (HF1xx: a gap, tracks that share a hex...): a kit on a wall (HF101) on a hex the
        # refusal also names would have stood in for the real reason (a review)
        causes = [q for q in map_problems if q.severity is Severity.ERROR and q.code.startswith("HF1")
                  and q.code != "HF101" and any(names_hex(p.message, h) for h in q.hexes)]
        out += causes if p.code == "HF605" and p.where == "$.teams" and causes else [p]
    return out


def _unit_named(scenario: Scenario, message: str) -> tuple[str, Hex] | None:
    """The JSON path and hex of the first starting unit whose hex ``message`` names (a Payload Race cart's hex,
    a Team Play character given one), so that the problem shows where: it said only ``$.teams`` (an audit)."""
    for team in Team:
        for i, u in enumerate(scenario.team(team).starting):
            if u.hex is not None and names_hex(message, u.hex):
                return f"$.teams.{team.value}.units[{i}].hex", u.hex
    return None
