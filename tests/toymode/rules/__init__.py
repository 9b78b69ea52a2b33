"""Tag's engine side: importing it registers the mode, its verb and its map feature (see :mod:`tests.toymode`)."""

from __future__ import annotations

from pathlib import Path

from engine.games.modes import ModeRules, register
from engine.mapfeatures import MapFeature, register_feature
from engine.mapmodel import Mode
from engine.rules.actions import Verb
from engine.rules.dice import TWO_D6
from engine.rules.movement import Climb

TAG = Mode.define("tag", __name__)
#: Tag an adjacent enemy: he goes back to his spawn and the tagger's side scores.
TAG_VERB = Verb.define("tag")
#: Hexes that score a point for the side standing there at the end of its turn.
BEACONS = register_feature(MapFeature(
    "beacons", "hexes", "beacon", "Tag beacons: a runner standing on one at the end of its side's turn scores a point.",
), __name__)

RULES = register(ModeRules(
    TAG, "Tag", "toy", team_size=2, climb=Climb.ONE_LEVEL, heights_block_sight=True, dice=TWO_D6,
    ruleset=str(Path(__file__).with_name("tag.ruleset.json")), state="tests.toymode.rules.state:TagState",
    verbs=(TAG_VERB.value,), features=(BEACONS.key,), checks="tests.toymode.rules.map_checks",
    ai="tests.toymode.rules.ai",
))

