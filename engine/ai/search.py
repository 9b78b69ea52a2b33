"""A Monte Carlo tree search player: the heuristic's ideas, checked by playing them out.

Each decision is searched by *open-loop* Monte Carlo tree search with
determinised dice (the usual way to search a game whose moves throw dice):

- an **iteration** copies the position (:meth:`~engine.games.protocol.GameState.clone`)
  and gives the copy fresh dice seeded from the player's own generator, so every
  iteration sees another throw of the dice and the game's own dice are never
  touched;
- it walks down the tree of decisions (both sides', the opponent's too), picking
  at each node the candidate with the best PUCT score — its mean result so far
  plus an exploration bonus weighted by the heuristic's opinion (the *prior*).
  A node is a sequence of decisions, not a position: the same decisions meet
  other dice in other iterations, and candidates that the dice made illegal are
  skipped;
- at the first decision never tried from there it **plays out** the next
  ``horizon`` turns with the heuristic player (the rollout policy), then scores
  the position with the mode's evaluation (:mod:`engine.ai.evaluation`), or the
  result when the game ended;
- the result is added to every decision on the way down, for the side that made it.

The **candidates** of a decision are the heuristic's best ``width`` actions plus
the best action of every other kind (move, attack, each special, end; each unit
kind at a spawn), so the search can find a better kind of play than the
heuristic's favourite, not only a better hex. After the budget the player plays
the most-tried candidate.

The budget is a number of iterations, so a seed gives the same choices on any
machine; :class:`Search` can also be stepped and stopped early (the playtest's
"play now"). The player uses only the public state API, so it plays every mode
that has a heuristic; a mode without its own evaluation is scored by its score
lead and health.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from engine.ai.evaluation import position_value
from engine.ai.policies import ScoringPlayer, policy_for
from engine.games.protocol import GameState
from engine.mapmodel import Team
from engine.rules.actions import Action
from engine.rules.dice import Dice

__all__ = ["Candidate", "Search", "SearchPlayer", "SearchSettings"]

_RED: Final = Team.RED


@dataclass(frozen=True)
class SearchSettings:
    """How hard the search player thinks.

    - ``iterations``: play-outs per decision (the budget; decisions with one legal
      action are not searched);
    - ``horizon``: turns the heuristic plays after a new leaf before the position is scored;
    - ``width``: the heuristic's best actions kept as candidates (plus the best of every other kind);
    - ``exploration``: the PUCT constant (higher: try more candidates, trust averages less);
    - ``temperature``: heuristic score difference that makes a candidate's prior e times smaller.

    Raises ValueError for a budget below 1 or a negative setting.
    """

    iterations: int = 32
    horizon: int = 6
    width: int = 4
    exploration: float = 1.0
    temperature: float = 25.0

    def __post_init__(self) -> None:
        if self.iterations < 1 or self.width < 1 or self.horizon < 0:
            raise ValueError(f"a search needs iterations >= 1, width >= 1 and horizon >= 0, got {self}")
        if self.exploration < 0 or self.temperature <= 0:
            raise ValueError(f"exploration must be >= 0 and temperature > 0, got {self}")


@dataclass(slots=True)
class _Edge:
    """A candidate decision of a node: its prior and the results of the iterations that took it."""

    action: Action
    prior: float
    visits: int = 0
    total: float = 0.0  # sum of results, for the side that took this decision
    child: _Node | None = None


@dataclass(slots=True)
class _Node:
    """A sequence of decisions from the root; its candidates are set when an iteration first reaches it."""

    edges: list[_Edge] = field(default_factory=list)
    known: set[Action] = field(default_factory=set)
    visits: int = 0


@dataclass(frozen=True, slots=True)
class Candidate:
    """What the search found for one root candidate: how often it was tried and its mean result (-1..1)."""

    action: Action
    visits: int
    value: float
    prior: float


class Search:
    """The search of one decision; :meth:`step` runs one iteration, :meth:`best` says what to play now.

    ``root`` is not changed (iterations play on clones). ``rng`` seeds the
    iterations' dice and ``policy`` plays the roll-outs; both belong to the
    player, so the same player, seed and positions give the same choices.
    Raises IndexError when ``root`` has no legal action (a finished game).
    """

    def __init__(self, root: GameState, settings: SearchSettings, rng: random.Random, policy: ScoringPlayer,
                 evaluate: Callable[[GameState], float] = position_value) -> None:
        self.root = root
        self.settings = settings
        self.rng = rng
        self.policy = policy
        self.evaluate = evaluate
        self.team = root.current_team()
        self.tree = _Node()
        acts = root.legal_actions()
        if not acts:
            raise IndexError("no legal action: the game is over")
        self._expand(self.tree, root, acts)
        self.iterations = 0

    # -- candidates ----------------------------------------------------------------------------

    def _expand(self, node: _Node, state: GameState, acts: list[Action]) -> list[_Edge]:
        """Add ``state``'s candidates not yet in ``node`` (see the module docstring) and return them."""
        if len(acts) == 1:
            chosen = [(0, 0.0)]
        else:
            scores = self.policy.action_scores(state, acts)
            order = sorted(range(len(acts)), key=lambda i: -scores[i])  # stable: ties keep list order
            keep = order[:self.settings.width]
            kinds = {(acts[i].verb, acts[i].kind) for i in keep}
            for i in order[self.settings.width:]:
                k = (acts[i].verb, acts[i].kind)
                if k not in kinds:
                    kinds.add(k)
                    keep.append(i)
            chosen = [(i, scores[i]) for i in keep]
        top = max(s for _, s in chosen)
        t = self.settings.temperature
        weights = [math.exp(max(-30.0, (s - top) / t)) for _, s in chosen]
        norm = sum(weights)
        new = []
        for (i, _), w in zip(chosen, weights, strict=True):
            a = acts[i]
            if a not in node.known:
                node.known.add(a)
                e = _Edge(a, 0.5 * w / norm + 0.5 / len(chosen))
                node.edges.append(e)
                new.append(e)
        return new

    # -- one iteration ---------------------------------------------------------------------------

    def step(self) -> None:
        """Run one iteration: down the tree, a play-out, the result back up."""
        sim = self.root.clone(keep_undo=False, dice=Dice(self.rng.getrandbits(64)))
        node = self.tree
        path: list[tuple[_Node, _Edge, bool]] = []
        c = self.settings.exploration
        while True:
            team = sim.current_team()
            if team is None:
                break
            if node is self.tree:
                edges = node.edges
            else:
                acts = sim.legal_actions()
                if not node.edges:
                    self._expand(node, sim, acts)
                legal = set(acts)
                edges = [e for e in node.edges if e.action in legal]
                if not edges:  # these dice led elsewhere: this position's own candidates
                    edges = self._expand(node, sim, acts)
            edge = _select(node, edges, c)
            sim.apply_unchecked(edge.action)
            path.append((node, edge, team is _RED))
            if edge.visits == 0:
                break
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        value = self._playout(sim)
        for n, e, red in path:
            n.visits += 1
            e.visits += 1
            e.total += value if red else -value
        self.iterations += 1

    def _playout(self, sim: GameState) -> float:
        """Let the heuristic play ``horizon`` more turns, then score the position for RED."""
        limit = sim.turn + self.settings.horizon
        policy = self.policy
        while sim.turn < limit and not sim.is_terminal():
            sim.apply_unchecked(policy.choose(sim))
        return self.evaluate(sim)

    def run(self, iterations: int | None = None, stop: Callable[[], bool] | None = None) -> Action:
        """Run up to ``iterations`` more iterations (default: the settings' budget) and return :meth:`best`.

        ``stop()`` is asked before each iteration; True ends the search there.
        """
        for _ in range(self.settings.iterations if iterations is None else iterations):
            if stop is not None and stop():
                break
            self.step()
        return self.best()

    # -- answers -------------------------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """The root candidates, most tried first (what :meth:`best` chooses from)."""
        out = [Candidate(e.action, e.visits, e.total / e.visits if e.visits else 0.0, e.prior)
               for e in self.tree.edges]
        order = sorted(range(len(out)), key=lambda i: (-out[i].visits, -out[i].value, i))
        return [out[i] for i in order]

    def best(self) -> Action:
        """The most-tried root candidate (the best mean result among equals; the heuristic's pick at first)."""
        return self.candidates()[0].action if self.iterations else self.tree.edges[
            max(range(len(self.tree.edges)), key=lambda i: (self.tree.edges[i].prior, -i))].action


def _select(node: _Node, edges: list[_Edge], c: float) -> _Edge:
    """PUCT: the mean result (the node's mean for an untried candidate) plus the prior-weighted bonus."""
    tried = [e for e in edges if e.visits]
    mean = sum(e.total for e in tried) / sum(e.visits for e in tried) if tried else 0.0
    root_n = math.sqrt(node.visits + 1)
    best, best_score = edges[0], -math.inf
    for e in edges:
        q = e.total / e.visits if e.visits else mean
        score = q + c * e.prior * root_n / (1 + e.visits)
        if score > best_score:
            best, best_score = e, score
    return best


class SearchPlayer:
    """Plays the action a :class:`Search` of ``settings.iterations`` play-outs finds best.

    Deterministic for a ``seed``: the dice of its play-outs and the roll-out
    policy's tie-breaks come from its own generators. ``policy`` makes the
    roll-out player from a seed (default: the mode's, :func:`~engine.ai.policies.policy_for`,
    chosen at the first decision).
    """

    name = "search"

    def __init__(self, seed: int = 0, settings: SearchSettings | None = None,
                 policy: Callable[[int], ScoringPlayer] | None = None) -> None:
        self.seed = seed
        self.settings = settings or SearchSettings()
        self.rng = random.Random(f"search:{seed}")
        self._make_policy = policy
        self.policy: ScoringPlayer | None = None

    def start(self, state: GameState) -> Search:
        """A search of ``state``'s decision, to step and stop at will (:meth:`choose` runs it to the budget)."""
        if self.policy is None:
            self.policy = (self._make_policy(self.seed) if self._make_policy is not None
                           else policy_for(state.game.rules.mode, self.seed))
        return Search(state, self.settings, self.rng, self.policy)

    def choose(self, state: GameState) -> Action:
        """The action the search finds best; the only legal action without searching. IndexError if none."""
        acts = state.legal_actions_view()
        if len(acts) == 1:
            return acts[0]
        return self.start(state).run()
