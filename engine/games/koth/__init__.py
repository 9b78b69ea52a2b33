"""King of the Board (rulebook 001): the state (:mod:`.state`), its pieces and one behaviour per unit.

Importing this package registers the mode (:func:`engine.games.modes.register`): its
facts, its verbs, its validator checks (:mod:`.map_checks`) and the module of its
AI (:mod:`.ai`). Nothing outside the package names it.
"""

from __future__ import annotations

from engine.frozendict import FrozenDict
from engine.games.modes import ModeRules, register
from engine.mapmodel import Mode
from engine.rules.actions import Verb
from engine.rules.dice import TWO_D6
from engine.rules.movement import Climb

KOTH = Mode.define("koth", __name__)
#: The specials of King of the Board's units and the sentry owner's choice of target.
VERBS = (Verb.define("rocket_jump"), Verb.define("scope", "untargeted"), Verb.define("build"),
         Verb.define("pickup", "untargeted"), Verb.define("uber"), Verb.define("target"))

#: What one watched game costs with two players of a kind, in millions of iterations of bench/_common.py's
#: reference loop (``--games auto``'s default budget); measured on Ridge in June 2025, the search again in
#: November 2026 (8 games: 33 M once the heuristic kept its danger and firepower maps per game and scored
#: from the legal-action groups, 106 M before); random again on 28 November 2026 (bench/game_costs.py, 150 and 300
#: games a map, two seeds: 0.07 M, Quarry 0.06, Ridge 0.08-0.09), which the default budget's 10,000-game cap then bounds.
GAME_COSTS = FrozenDict({"random": 0.07, "heuristic": 0.21, "search": 33.0})

RULES = register(ModeRules(
    KOTH, "King of the Board", "001", team_size=3, climb=Climb.ONE_LEVEL, heights_block_sight=True,
    dice=TWO_D6, ruleset="builtin:koth",
    features=("control_points",), uses_kits=True, pickups=True, checks="engine.games.koth.map_checks",
    ai="engine.games.koth.ai", rebalance="engine.games.koth.rebalance",
    game_costs=GAME_COSTS, listed_turns=True,
    state="engine.games.koth.state:KothState",
    goals="engine.games.koth.goals:race_plan", verbs=tuple(v.value for v in VERBS),
    kill_credit="the unit whose damage killed; a sentry's kills to its Engineer, burn to the Pyro",
))
