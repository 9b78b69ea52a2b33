"""Setting up a playtest game (Qt-free): who plays each side, unit picks, seed, first team.

A :class:`GameSetup` is a value; :func:`game_scenario` turns it into the
:class:`~engine.scenario.Scenario` the engine plays and :func:`make_players`
into the AI players of the computer-controlled sides. :func:`playability`
lists, in plain words, why a map cannot be played (so the UI can refuse with a
message instead of starting a game that cannot move).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from engine.ai.match import Player
from engine.games.game import Game, base_scenario, ruleset_of
from engine.mapmodel import Team
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario, TeamSetup, UnitStart
from engine.simulation.batch import AI_PLAYERS
from engine.validation.playability import blocking
from engine.validation.playability import playability as engine_playability

__all__ = [
    "AI_NAMES",
    "CONTROLLERS",
    "HUMAN",
    "GameSetup",
    "ai_name",
    "base_scenario",
    "game_scenario",
    "make_players",
    "new_seed",
    "open_slots",
    "pick_for_me",
    "playability",
    "roster",
]

#: The controller name of a human side.
HUMAN: Final = "human"
#: AI name -> the words the editor uses for it everywhere (start dialog, Simulate… and its report),
#: strongest first: the strength a player picks (strong / normal / easy) and what plays it.
AI_NAMES: Final[dict[str, str]] = {
    "search": "strong AI (search)",
    "heuristic": "normal AI (heuristic)",
    "random": "easy AI (random moves)",
}
#: Controller name -> label for the start dialog (human first, then AI strengths, strongest first).
CONTROLLERS: Final[dict[str, str]] = {
    HUMAN: "Human",
    **{k: v[:1].upper() + v[1:] for k, v in AI_NAMES.items()},
}


def ai_name(name: str) -> str:
    """How the editor calls AI ``name`` ("strong AI (search)"); an unknown name as it is."""
    return AI_NAMES.get(name, name)


def pair_label(players: str) -> str:
    """How the editor offers the player pair ``"a,b"`` in a menu: "Normal AI (heuristic) vs normal AI
    (heuristic)" — the same words as its reports, so a menu and the report under it never differ."""
    a, b = (ai_name(p) for p in players.split(","))
    return f"{a[:1].upper()}{a[1:]} vs {b}"


@dataclass(frozen=True)
class GameSetup:
    """Everything the start dialog decides.

    ``controllers`` maps each team to :data:`HUMAN` or an AI name of
    :data:`~engine.simulation.batch.AI_PLAYERS`; ``picks`` maps a team to the unit
    kinds filling its open blueprint slots, in order (fewer or none: the remaining
    slots are chosen on the board during set-up). ``first_team`` None keeps the
    scenario's own way (its first team, or the mode's throw for it:
    :attr:`~engine.games.modes.ModeRules.chance_first`). ``rules`` are ruleset
    options set for this game on top of the scenario's (a mode's own start options).
    ``ask_single``: a human decision with one possible answer waits for a click
    (by default it is answered at once, with a line in the log).
    """

    scenario: Scenario
    seed: int
    controllers: Mapping[Team, str] = field(default_factory=lambda: {Team.RED: HUMAN, Team.BLU: "heuristic"})
    picks: Mapping[Team, tuple[str, ...]] = field(default_factory=dict)
    first_team: Team | None = None
    rules: Mapping[str, OptionValue] = field(default_factory=dict)
    ask_single: bool = False

    def controller(self, team: Team) -> str:
        """The controller of ``team`` (human when unset)."""
        return self.controllers.get(team, HUMAN)

    def is_human(self, team: Team | None) -> bool:
        """Whether ``team`` is played from the board (False for None, a finished game)."""
        return team is not None and self.controller(team) == HUMAN

    def with_seed(self, seed: int) -> GameSetup:
        """The same set-up with another dice seed."""
        return replace(self, seed=seed)


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed that is easy to read out and type (1..999999)."""
    return (rng or random.SystemRandom()).randrange(1, 1_000_000)


def rules_of(scenario: Scenario) -> Ruleset:
    """The ruleset ``scenario`` plays by (its own, or its mode's built-in one)."""
    return ruleset_of(scenario)


def roster(scenario: Scenario, team: Team) -> list[str]:
    """Unit kinds ``team`` may pick (:attr:`Game.rosters <engine.games.game.Game.rosters>`), in blueprint order.

    Raises RulesetError (or NotPlayableError) for a scenario the engine refuses;
    the playtest checks playability before it asks.
    """
    return list(Game.of(scenario).rosters[team])


def open_slots(scenario: Scenario, team: Team) -> int:
    """How many units ``team`` still picks: the game's team size minus the scenario's starting units.

    Raises as :func:`roster` does.
    """
    return max(0, Game.of(scenario).team_size - len(scenario.team(team).starting))


def pick_for_me(scenario: Scenario, team: Team, seed: int) -> tuple[str, ...]:
    """Seeded picks for ``team``'s open slots: distinct kinds, never one the scenario already fields."""
    taken = {s.unit for s in scenario.team(team).starting}
    free = [k for k in roster(scenario, team) if k not in taken]
    n = min(open_slots(scenario, team), len(free))
    rng = random.Random(f"picks:{seed}:{team.value}")
    return tuple(rng.sample(free, n))


def game_scenario(setup: GameSetup) -> Scenario:
    """The scenario the engine plays: picks appended to each team's start, seed and first team set.

    Picks that are unknown, repeated or beyond the open slots are dropped (the
    dialog never offers them). Raises :class:`~engine.ruleset.RulesetError` for a
    scenario the engine refuses (and the engine checks everything again when the
    game starts).
    """
    s = setup.scenario
    game = Game.of(s)
    teams: dict[Team, TeamSetup] = {}
    for team in Team:
        ts = s.team(team)
        allowed = set(game.rosters[team])
        slots = max(0, game.team_size - len(ts.starting))
        have = [u.unit for u in ts.starting]
        extra: list[UnitStart] = []
        for k in setup.picks.get(team, ()):
            if k in allowed and k not in have and len(extra) < slots:
                have.append(k)
                extra.append(UnitStart(k))
        teams[team] = TeamSetup(ts.roster, ts.starting + tuple(extra))
    rules = dict(s.rules)
    rules.update(setup.rules)
    chance = game.rules.chance_first
    if setup.first_team is not None and chance and chance in game.ruleset.options:
        rules[chance] = False  # a chosen first team replaces the mode's throw for it
    return replace(s, teams=MappingProxyType(teams), seed=setup.seed, rules=MappingProxyType(rules),
                   first_team=setup.first_team or s.first_team)


def make_players(setup: GameSetup) -> dict[Team, Player]:
    """AI players of the computer-controlled sides, seeded from the game's seed (humans absent)."""
    out: dict[Team, Player] = {}
    for i, team in enumerate(Team):
        name = setup.controller(team)
        if name != HUMAN:
            out[team] = AI_PLAYERS[name](setup.seed + i)
    return out


def playability(scenario: Scenario) -> list[str]:
    """Plain reasons why ``scenario`` cannot be played now (empty when it can).

    The messages of the errors :func:`engine.validation.playability.playability`
    finds: the one answer the command line, the editor and the playtest share.
    """
    return [p.message for p in blocking(engine_playability(scenario))]
