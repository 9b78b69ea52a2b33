"""Payload Race's AI, registered when imported (:mod:`engine.ai.modes`; ``ModeRules.ai`` names it).

The heuristic's terms (:mod:`.heuristic`: push, escort, block), the search's
evaluation (:mod:`.evaluation`), a faster roll-out player (:mod:`.rollout`) and
the search's settings: every token of a side acts in its turn, so a turn is many
decisions searched as one tree (``focus`` keeps the candidates to what the token
the heuristic picks could do), and roll-outs end after the other side's reply
(two turns), where the evaluation takes over. Besides the heuristic's favourites the search
weighs the moves that stop the enemy cart's last pushes, which the heuristic's jobs rank low
(:mod:`.candidates`). These modules sit at the AI layer
(pyproject's layers contract); nothing in :mod:`engine.games` imports them.
"""

from __future__ import annotations

from engine.ai.evaluation import Evaluator
from engine.ai.modes import ModeAI, register_ai
from engine.ai.search import SearchSettings
from engine.games.payload import PAYLOAD
from engine.games.payload.ai.candidates import blocking_moves
from engine.games.payload.ai.evaluation import PAYLOAD_FEATURES, PAYLOAD_WEIGHTS, payload_features
from engine.games.payload.ai.heuristic import choose_payload
from engine.games.payload.ai.rollout import TurnRollout

AI = register_ai(PAYLOAD, ModeAI(
    choose=choose_payload,
    evaluator=Evaluator(PAYLOAD_FEATURES, PAYLOAD_WEIGHTS, payload_features),
    search=SearchSettings(iterations=64, per_candidate=10, horizon=2, width=3, focus=True, obvious=300.0),
    rollout=TurnRollout,
    candidates=blocking_moves,
))
