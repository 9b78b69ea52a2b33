"""Team Play (rulebook 003) over hexfort's compact base game on hexes; see :mod:`.state`.

Importing this package registers the mode (:func:`engine.games.modes.register`): its
facts, its verbs (character actions, powerups, abilities and the choices between
actions), its map features (spawnpoints, ammo tiles, racks), its validator
checks and the module of its AI (:mod:`.ai`). Nothing outside the package names it.
"""

from __future__ import annotations

from engine.frozendict import FrozenDict
from engine.games.modes import ModeRules, register
from engine.mapfeatures import MapFeature, register_feature
from engine.mapmodel import Colour, Mode
from engine.rules.actions import Verb
from engine.rules.dice import Crit, DiceSpec
from engine.rules.movement import Climb

TEAM_PLAY = Mode.define("team_play", __name__)
#: Character actions and powerups, abilities, and the choices made between actions.
VERBS = (
    *(Verb.define(v) for v in ("dash", "step", "newton", "teleport", "tagback", "targeting", "overwatch", "shove",
                               "reverb")),
    *(Verb.define(v, "untargeted") for v in ("rush", "wail", "salvage")),
    *(Verb.define(v, "choice") for v in ("draft", "control", "recover", "cube", "draw", "reload", "drop")),
)

#: The map features Team Play plays on: spawnpoints by colour, ammo tiles and weapon racks (map format 3).
FEATURES = (
    register_feature(MapFeature(
        "spawnpoints", "hexes_by", "spawnpoint",
        "Team Play spawnpoints by colour: a character (re)spawns on a free hex of the colour of the powerup its "
        "player discards.",
        parts=("red", "blue", "yellow"), part=Colour, which="spawnpoint_colour",
        part_words={"red": "Red spawnpoints: a character spawned by discarding a red powerup appears on one.",
                    "blue": "Blue spawnpoints.", "yellow": "Yellow spawnpoints."},
    ), __name__),
    register_feature(MapFeature(
        "ammo", "hexes", "ammo tile",
        "Team Play ammo-tile hexes: each holds an ammo tile, grabbed by moving there and laid again at the end "
        "of the turn.",
    ), __name__),
    register_feature(MapFeature(
        "racks", "hexes", "weapon rack",
        "Team Play weapon racks: each holds a row of arena weapons a character standing there may grab.",
    ), __name__),
)

#: What one watched game costs with two players of a kind, in millions of iterations of bench/_common.py's
#: reference loop (``--games auto``'s default budget). Measured again on 26 November 2026 on Arena and Bunker,
#: the same seeded games before and after the heuristic scored a group at a time and kept its maps by board
#: (docs/architecture.md "Fast paths"): heuristic 0.45-0.48 M (was 0.93-1.04), random 0.28 M (was 0.37-0.39),
#: a search-vs-heuristic game 50-56 M (was 106-129), so about 100 with two searches. The heuristic again on 28
#: November 2026, after a5e8e2d's lazy scoring (bench/game_costs.py, 150 and 300 games a map, two seeds): 0.33-0.35 M,
#: so 0.34 (the default budget 1,956 -> 2,644 games: still about a minute of one core).
GAME_COSTS = FrozenDict({"random": 0.28, "heuristic": 0.34, "search": 100.0})

RULES = register(ModeRules(
    TEAM_PLAY, "Team Play", "003", team_size=3, climb=Climb.ONE_LEVEL, heights_block_sight=True,
    dice=DiceSpec(1, 6, Crit.NONE), ruleset="builtin:teamplay",
    features=("spawnpoints", "ammo", "racks"), checks="engine.games.teamplay.map_checks",
    ai="engine.games.teamplay.ai", game_costs=GAME_COSTS,
    state="engine.games.teamplay.state:TeamPlayState",
    spawn_zones=False, unit_words=("character", "characters"), pickups=True, goals="engine.games.teamplay.goals:race_plan", verbs=tuple(v.value for v in VERBS),
    chance_first="random_first_team", chance_words="drawn at random", one_of_each=True,
    kill_credit="a killshot to the scoring team's character that put the most damage on the victim since its last death",
))
