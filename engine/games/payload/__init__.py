"""Payload Race (rulebook 002): two carts racing along their own tracks; see :mod:`.state`.

Importing this package registers the mode (:func:`engine.games.modes.register`): its
facts, its verbs, its map feature (the carts' tracks), its validator checks and the module of its AI
(:mod:`.ai`).
Nothing outside the package names it.
"""

from __future__ import annotations

from engine.frozendict import FrozenDict
from engine.games.modes import ModeRules, register
from engine.mapfeatures import MapFeature, register_feature
from engine.mapmodel import Mode, Team
from engine.rules.actions import Verb
from engine.rules.dice import Crit, DiceSpec
from engine.rules.movement import Climb

PAYLOAD = Mode.define("payload", __name__)
#: Pushing the cart and the classes' specials.
VERBS = (Verb.define("push"), Verb.define("rocket_jump"), Verb.define("kritz"), Verb.define("uber"),
         Verb.define("airblast", "untargeted"), Verb.define("sandvich", "untargeted"))

#: The map feature Payload Race plays on: each team's cart track.
TRACKS = register_feature(MapFeature(
    "tracks", "path_by", "cart track",
    "Payload Race cart tracks: an ordered path of adjacent hexes per team, from start to end.",
    parts=("RED", "BLU"), part=Team, one="track",
    part_words={"RED": "RED's cart track, start first.", "BLU": "BLU's cart track, start first."},
), __name__)

#: What one watched game costs with two players of a kind, in millions of iterations of bench/_common.py's
#: reference loop (``--games auto``'s default budget). Measured again on 26 November 2026 on Bridges and Canal,
#: the same seeded games before and after the heuristic scored from the legal actions' groups and kept its
#: firepower per game (docs/architecture.md "Fast paths"): heuristic 1.7-1.8 M (was 3.1-3.5), random 2.1 M (the
#: 8.3 of June 2025 was four times too high by then), search 1.2-1.25 times cheaper than the 300 M of the ladder.
GAME_COSTS = FrozenDict({"random": 2.1, "heuristic": 1.8, "search": 250.0})
#: ``--compare``'s least default budget, in heuristic games per version: one push less on Bridges' 24-push track
#: moves RED's share by 10 points (2,000 games a version), which 300 games find 16% of the time and 1,200 92%
#: (bench/compare_power.py calibrated on that run; docs/balance.md "Known answers"). Canal's one push (18 points)
#: is found in 160-240 games, so an effect stops the run long before; only an unchanged map plays them all.
CHANGE_GAMES = 1200

RULES = register(ModeRules(
    PAYLOAD, "Payload Race", "002", team_size=6, climb=Climb.STAIRS_ONLY, heights_block_sight=False,
    dice=DiceSpec(1, 8, Crit.NONE), ruleset="builtin:payload",
    features=("tracks",), checks="engine.games.payload.map_checks",
    ai="engine.games.payload.ai", rebalance="engine.games.payload.rebalance",
    game_costs=GAME_COSTS, change_games=CHANGE_GAMES,
    state="engine.games.payload.state:PayloadState",
    free_climbers=frozenset({"double_jump"}), goals="engine.games.payload.goals:race_plan",
    verbs=tuple(v.value for v in VERBS), chance_first="roll_for_first", chance_words="d8 roll-off",
    fills_teams=True,
))
