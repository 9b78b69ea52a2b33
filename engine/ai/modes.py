"""Each mode's AI, registered by the mode's own package: the AI players ask here and name no mode.

A mode's :class:`~engine.games.modes.ModeRules` names the module of its AI
(its ``ai`` field); the first question about that mode imports
it, and importing it calls :func:`register_ai` with a :class:`ModeAI`: how the
heuristic scores the mode's decisions, how the search values a position, its
search settings and a faster roll-out player. A mode without an AI module (or
with parts left out) is still played: the heuristic then scores every action
alike (a seeded random choice), the search values positions by their score
lead and health and uses the default settings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.games.modes import ModeParts
from engine.rules.actions import Action

if TYPE_CHECKING:
    from engine.ai.evaluation import Evaluator
    from engine.ai.policies import ScoringPlayer
    from engine.ai.search import SearchSettings

__all__ = ["ModeAI", "Pick", "ai_of", "register_ai"]

#: The heuristic's tie-breaker: (actions, their scores) -> one of the best.
Pick = Callable[[Sequence[Action], list[float]], Action]


@dataclass(frozen=True)
class ModeAI:
    """What the AI players need of one mode (every part optional; see the module docstring).

    - ``scores(state, actions)``: a score per action, higher is better (only the order within one
      decision means anything); the heuristic plays one of the best;
    - ``choose(state, pick)``: for a mode that scores only some of the actions of a decision, or
      settles some decisions without scoring: the chosen action, handing the scores it made to
      ``pick`` (the player's seeded tie-breaker). When given, the heuristic plays by it;
    - ``evaluator``: the search's leaf evaluation (:class:`~engine.ai.evaluation.Evaluator`);
    - ``search``: the search's default settings (:class:`~engine.ai.search.SearchSettings`);
    - ``rollout``: a faster player of the heuristic's terms for the search's play-outs, made from a seed;
    - ``candidates(state, actions, scores)``: indices of ``actions`` (a decision's legal actions, with the
      heuristic's ``scores``) that the search should weigh besides the heuristic's best, for a kind of
      play the heuristic's scores rank low although it may decide the game (Payload Race: a token
      stepping beside the enemy cart to stop its last pushes).
    """

    scores: Callable[[Any, list[Action]], list[float]] | None = None
    choose: Callable[[Any, Pick], Action] | None = None
    evaluator: Evaluator | None = None
    search: SearchSettings | None = None
    rollout: Callable[[int], ScoringPlayer] | None = None
    candidates: Callable[[Any, Sequence[Action], list[float]], list[int]] | None = None

    @property
    def plays(self) -> bool:
        """Whether the heuristic has terms for the mode (a scorer or a chooser)."""
        return self.scores is not None or self.choose is not None


_PARTS: ModeParts[ModeAI] = ModeParts("ai", ModeAI())
#: Register ``mode``'s AI (called by the mode's AI module when imported); returns it.
register_ai = _PARTS.register
#: ``mode``'s AI, importing the module its rules name on the first question (an empty one for none).
ai_of = _PARTS.of

