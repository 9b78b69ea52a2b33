"""Team Play's AI, registered when imported (:mod:`engine.ai.modes`; ``ModeRules.ai`` names it).

The heuristic's terms (:mod:`.heuristic`: fill the enemy buffer, aim at
killshots, keep the hands loaded), the search's evaluation (:mod:`.evaluation`)
and its settings: every character of a side acts in its turn, so a turn is many
decisions searched as one tree (``focus`` keeps the candidates to what the
character the heuristic picks could do), and roll-outs end after four turns,
where the evaluation takes over. These modules sit at the AI layer (pyproject's
layers contract); nothing in :mod:`engine.games` imports them.
"""

from __future__ import annotations

from engine.ai.evaluation import Evaluator
from engine.ai.modes import ModeAI, register_ai
from engine.ai.search import SearchSettings
from engine.games.teamplay import TEAM_PLAY
from engine.games.teamplay.ai.evaluation import TEAMPLAY_FEATURES, TEAMPLAY_WEIGHTS, teamplay_features
from engine.games.teamplay.ai.heuristic import choose_teamplay

AI = register_ai(TEAM_PLAY, ModeAI(
    choose=choose_teamplay,
    evaluator=Evaluator(TEAMPLAY_FEATURES, TEAMPLAY_WEIGHTS, teamplay_features),
    search=SearchSettings(iterations=32, per_candidate=5, horizon=4, width=3, focus=True),
))
