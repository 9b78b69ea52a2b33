"""Maps whose games are even between the teams by construction, and why, in words.

A batch of games (``engine.simulation.batch``) alternates the team that moves
first (or the rules draw it, :func:`first_turns`) and swaps the players' seats, so
each side plays each seat equally often.
On a map that is exactly its own mirror image with RED and BLU swapped, with
both sides fielding the same, the two sides then stand in the same places:
the map cannot favour either, and a side ahead in the games is ahead by chance
(or by the players, whose tie-breaks need not be mirror images). The same holds
on any ground in a mode that gives no team a place of its own (Team Play: both
teams spawn at the same spawnpoints), when both sides field the same.

The balance report states this instead of waiting for its games to show it
(docs/balance.md, "Maps even by construction"); the balance fixer leaves such a
map alone as already fair and judges a repair that makes one by the report's rule alone.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.games.game import playing_options, playing_ruleset, uneven_rules
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.ruleset import RulesetError
from engine.scenario import Scenario, UnitStart
from engine.validation.symmetry import best_team_symmetry

__all__ = ["construction_reason", "even_by_construction", "first_turns", "fixed_first_team"]


def construction_reason(scenario: Scenario) -> str | None:
    """Why ``scenario``'s games are even between RED and BLU by construction, in words (a clause to follow
    "no side can be favoured: "), or None when they are not.

    Even: both sides play by the same rules (no option a side has its own of differs:
    Team Play's players a side, :func:`~engine.games.game.uneven_rules`) and field the same — the same roster, and starting units that
    are each other's images (the same kinds, in the same turn order, on mirrored
    hexes: the bundled Crossroads scenario), or none — and either the mode gives no
    team a place of its own, or the map is exactly its own mirror image with the
    teams swapped (the validator's symmetry, HF401).
    """
    red, blu = scenario.team(Team.RED), scenario.team(Team.BLU)
    if red.roster != blu.roster or uneven_rules(scenario):  # two players against three is no mirror (audit, session 12)
        return None
    turns = f"and {first_turns(scenario)}"
    if not GAMES[scenario.mode].spawn_zones:
        if red.starting or blu.starting:
            return None
        units = GAMES[scenario.mode].unit_words[1]
        return (f"no team has a place of its own (both teams spawn at the same spawnpoints), both may field the same "
                f"{units}, {turns}")
    fit = best_team_symmetry(scenario.map)
    if fit is None or not fit.exact:
        return None

    full = _full_health(scenario)

    def placed(units: tuple[UnitStart, ...], image: Callable[[Hex], Hex | None]) -> list[tuple[object, ...]]:
        # a health of the kind's full health is full health, as HF607 reads it (the two disagreed: a review)
        return [(u.unit, None if u.hex is None else image(u.hex), u.health_below(full.get(u.unit)), u.weapon)
                for u in units]

    if placed(red.starting, fit.image) != placed(blu.starting, lambda h: h):
        return None
    same = "both field the same units from mirrored places" if red.starting else "both may field the same units"
    return f"the map is its own mirror image ({fit.describe()}), {same}, {turns}"


def first_turns(scenario: Scenario) -> str:
    """How a batch of ``scenario``'s games settles the side that moves first, as a clause: the rules' own throw in every
    game when the mode has one and it is on (Payload Race's d8 roll-off, Team Play's draw), else the batch's
    alternation. Either is fair between the sides; a new-user audit read "the games alternate" under a Team Play
    batch whose first teams were drawn (101 RED, 99 BLU)."""
    if fixed_first_team(scenario) is None:
        return "the rules draw the side that moves first in every game"
    return "the games alternate the side that moves first"


def fixed_first_team(scenario: Scenario) -> Team | None:
    """The team that moves first in every game of ``scenario`` as its rules set it — King of the Board's RED by the
    book (or the scenario's ``first_team``), or any mode's whose throw for the first turn is off — or None when the
    rules draw it in every game (:func:`first_turns`)."""
    chance = GAMES[scenario.mode].chance_first
    if chance and playing_options(scenario).get(chance, True):
        return None
    return scenario.first_team


def _full_health(scenario: Scenario) -> dict[str, int]:
    """Each unit kind's full health in ``scenario``'s ruleset ({} when it cannot be read: health then compares as
    written)."""
    try:
        rules = playing_ruleset(scenario)
    except RulesetError:
        return {}
    return {k: u.max_health for k, u in rules.units.items()}


def even_by_construction(scenario: Scenario) -> bool:
    """Whether ``scenario``'s games are even between RED and BLU by construction (:func:`construction_reason`)."""
    return construction_reason(scenario) is not None
