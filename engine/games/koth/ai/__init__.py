"""King of the Board's AI, registered when imported (:mod:`engine.ai.modes`; ``ModeRules.ai`` names it).

The heuristic's terms (:mod:`.heuristic`) and what it remembers per game
(:mod:`.tables`), the search's evaluation (:mod:`.evaluation`) and its settings:
one unit acts a turn, so roll-outs are cheap and go six turns deep. These modules sit at the AI layer (pyproject's
layers contract); nothing in :mod:`engine.games` imports them.
"""

from __future__ import annotations

from engine.ai.evaluation import Evaluator
from engine.ai.modes import ModeAI, register_ai
from engine.ai.search import SearchSettings
from engine.games.koth import KOTH
from engine.games.koth.ai.evaluation import KOTH_FEATURES, KOTH_WEIGHTS, koth_features
from engine.games.koth.ai.heuristic import koth_choose, koth_scores

AI = register_ai(KOTH, ModeAI(
    scores=koth_scores,
    choose=koth_choose,
    evaluator=Evaluator(KOTH_FEATURES, KOTH_WEIGHTS, koth_features),
    search=SearchSettings(iterations=32, horizon=6),
))
