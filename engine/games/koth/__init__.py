"""King of the Board (rulebook 001): the state (:mod:`.state`), its pieces and one behaviour per unit.

Importing this package registers the mode (:func:`engine.games.modes.register`): its
facts, its verbs, its validator checks (:mod:`.map_checks`) and the module of its
AI (:mod:`.ai`). Nothing outside the package names it.
"""

from __future__ import annotations

from engine.games.modes import ModeRules, register
from engine.mapmodel import Mode
from engine.rules.actions import Verb
from engine.rules.dice import TWO_D6
from engine.rules.movement import Climb

KOTH = Mode.define("koth", __name__)
#: The specials of King of the Board's units and the sentry owner's choice of target.
VERBS = (Verb.define("rocket_jump"), Verb.define("scope", "untargeted"), Verb.define("build"),
         Verb.define("pickup", "untargeted"), Verb.define("uber"), Verb.define("target"))

RULES = register(ModeRules(
    KOTH, "King of the Board", "001", team_size=3, climb=Climb.ONE_LEVEL, heights_block_sight=True,
    dice=TWO_D6, ruleset="builtin:koth",
    features=("control_points",), checks="engine.games.koth.map_checks",
    ai="engine.games.koth.ai",
    state="engine.games.koth.state:KothState",
    goals="engine.games.koth.goals:race_plan", verbs=tuple(v.value for v in VERBS),
))
