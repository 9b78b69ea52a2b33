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
heuristic's favourite, not only a better hex. With ``focus`` (the modes where
every unit of a side acts in one turn) the other kinds are those of the unit the
heuristic would move now: which unit acts first rarely matters, what it does does.
A mode may name more candidates of a kind of play its heuristic ranks low
(:class:`~engine.ai.modes.ModeAI` ``candidates``; Payload Race: stopping the enemy cart's last pushes).
After the budget the player plays the most-tried candidate.

The **budget** is a number of iterations, so a seed gives the same choices on any
machine (no clock is read): ``per_candidate`` iterations for each candidate
beyond the first, at most ``iterations`` (with ``per_candidate`` 0, always
``iterations``); a decision with one candidate is not searched. The tree of one
decision is kept for the next (:class:`SearchPlayer`):
the iterations that already went through the action played count toward the next
decision's budget, so the later decisions of a turn planned as a whole cost little.
:class:`Search` can also be stepped and stopped early, even in the middle of an
iteration (the playtest's "play now"). The player uses only the public state
API, so it plays every mode that has a heuristic; a mode without its own
evaluation is scored by its score lead and health.

Each mode's AI registers its default settings (:func:`settings_for`), chosen
(bench/ladder.py) so that the strong player beats the normal one clearly within
the CPU a designer accepts per game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from engine.ai.evaluation import position_value
from engine.ai.modes import ai_of
from engine.ai.policies import ScoringPlayer, policy_for
from engine.games.protocol import GameState
from engine.mapmodel import Mode, Team
from engine.rules.actions import Action
from engine.rules.dice import Dice

__all__ = ["Candidate", "Search", "SearchPlayer", "SearchSettings", "settings_for"]

_RED: Final = Team.RED
#: Roll-out actions between two looks at a stop request (a play-out is cut short when asked to stop).
_STOP_EVERY: Final = 8


@dataclass(frozen=True)
class SearchSettings:
    """How hard the search player thinks.

    - ``iterations``: play-outs per decision, the most a decision gets (the budget);
    - ``per_candidate``: 0 gives every searched decision ``iterations``; otherwise a
      decision gets this many play-outs per candidate beyond the first, at most ``iterations``;
    - ``horizon``: turns the heuristic plays after a new leaf before the position is scored;
    - ``width``: the heuristic's best actions kept as candidates (plus the best of every other kind);
    - ``focus``: the other kinds only of the unit the heuristic would move (see the module docstring);
    - ``exploration``: the PUCT constant (higher: try more candidates, trust averages less);
    - ``temperature``: heuristic score difference that makes a candidate's prior e times smaller;
    - ``keep_tree``: the next decision starts from the subtree of the actions played since;
    - ``obvious``: a heuristic score lead over every other action that makes the best one the only
      candidate (0: never; Payload Race's push, which nothing else comes near, is such a move).

    Decisions with one candidate are not searched. Raises ValueError for a budget
    below 1 or a negative setting.
    """

    iterations: int = 32
    horizon: int = 6
    width: int = 4
    exploration: float = 1.0
    temperature: float = 25.0
    per_candidate: int = 0
    focus: bool = False
    keep_tree: bool = True
    obvious: float = 0.0

    def __post_init__(self) -> None:
        if self.iterations < 1 or self.width < 1 or self.horizon < 0 or self.per_candidate < 0:
            raise ValueError(f"a search needs iterations >= 1, width >= 1, horizon >= 0 and per_candidate >= 0, "
                             f"got {self}")
        if self.exploration < 0 or self.temperature <= 0 or self.obvious < 0:
            raise ValueError(f"exploration must be >= 0 and temperature > 0, got {self}")

    def budget(self, candidates: int) -> int:
        """Play-outs a decision with ``candidates`` candidates should have had (0: not searched)."""
        if candidates <= 1:
            return 0
        if not self.per_candidate:
            return self.iterations
        return min(self.iterations, self.per_candidate * (candidates - 1))


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

    def child(self, action: Action) -> _Node | None:
        """The node after ``action`` (None when no iteration went on from there)."""
        for e in self.edges:
            if e.action == action:
                return e.child
        return None


class _Stopped(Exception):
    """A play-out was cut short by a stop request."""


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
    ``tree`` is the kept subtree of this decision from an earlier search (see the
    module docstring): its candidates that are legal here keep their results.
    :attr:`budget` is the number of iterations :meth:`run` makes by default.
    Raises IndexError when ``root`` has no legal action (a finished game).
    """

    def __init__(self, root: GameState, settings: SearchSettings, rng: random.Random, policy: ScoringPlayer,
                 evaluate: Callable[[GameState], float] = position_value, tree: _Node | None = None) -> None:
        self.root = root
        self.settings = settings
        self.rng = rng
        self.policy = policy
        self.evaluate = evaluate
        self.team = root.current_team()
        self._extra = ai_of(root.game.rules.mode).candidates
        acts = root.legal_actions()
        if not acts:
            raise IndexError("no legal action: the game is over")
        self.tree = _Node()
        self._expand(self.tree, root, acts)
        if tree is not None:
            self._adopt(tree)
        #: play-outs made by this search (those of a kept tree not counted)
        self.iterations = 0
        #: play-outs :meth:`run` makes by default: what the decision should have had, less what the kept tree had
        self.budget = max(0, settings.budget(len(self.tree.edges)) - self.tree.visits)

    # -- candidates ----------------------------------------------------------------------------

    def _expand(self, node: _Node, state: GameState, acts: list[Action]) -> list[_Edge]:
        """Add ``state``'s candidates not yet in ``node`` (see the module docstring) and return them."""
        if len(acts) == 1:
            chosen = [(0, 0.0)]
        else:
            scores = self.policy.action_scores(state, acts)
            order = sorted(range(len(acts)), key=lambda i: -scores[i])  # stable: ties keep list order
            width = self.settings.width
            obvious = self.settings.obvious
            sure = bool(obvious) and scores[order[0]] - scores[order[1]] > obvious
            keep = order[:1 if sure else width]
            kinds = {(acts[i].verb, acts[i].kind) for i in keep}
            actor = acts[order[0]].actor if self.settings.focus else None
            for i in () if sure else order[width:]:
                a = acts[i]
                k = (a.verb, a.kind)
                if k not in kinds and (actor is None or a.actor == actor):
                    kinds.add(k)
                    keep.append(i)
            if self._extra is not None and not sure:
                keep += [i for i in self._extra(state, acts, scores) if i not in keep]
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

    def _adopt(self, kept: _Node) -> None:
        """Take over the results of a kept tree's edges for this root's candidates (with this root's priors)."""
        old = {e.action: e for e in kept.edges}
        for e in self.tree.edges:
            o = old.get(e.action)
            if o is not None:
                e.visits, e.total, e.child = o.visits, o.total, o.child
        self.tree.visits = sum(e.visits for e in self.tree.edges)

    # -- one iteration ---------------------------------------------------------------------------

    def step(self, stop: Callable[[], bool] | None = None) -> bool:
        """Run one iteration: down the tree, a play-out, the result back up.

        ``stop()`` is asked every few roll-out actions; when it says True the
        iteration is dropped (nothing is counted) and False is returned.
        """
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
        try:
            value = self._playout(sim, stop)
        except _Stopped:
            return False
        for n, e, red in path:
            n.visits += 1
            e.visits += 1
            e.total += value if red else -value
        self.iterations += 1
        return True

    def _playout(self, sim: GameState, stop: Callable[[], bool] | None) -> float:
        """Let the heuristic play ``horizon`` more turns, then score the position for RED."""
        limit = sim.turn + self.settings.horizon
        policy = self.policy
        n = 0
        while sim.turn < limit and not sim.is_terminal():
            sim.apply_unchecked(policy.choose(sim))
            n += 1
            if stop is not None and n % _STOP_EVERY == 0 and stop():
                raise _Stopped
        return self.evaluate(sim)

    def run(self, iterations: int | None = None, stop: Callable[[], bool] | None = None) -> Action:
        """Run up to ``iterations`` more iterations (default: :attr:`budget`) and return :meth:`best`.

        ``stop()`` is asked before each iteration and during its play-out; True ends the search there.
        """
        for _ in range(self.budget if iterations is None else iterations):
            if stop is not None and stop():
                break
            if not self.step(stop):
                break
        return self.best()

    # -- answers -------------------------------------------------------------------------------------

    def candidates(self) -> list[Candidate]:
        """The root candidates, most tried first (what :meth:`best` chooses from)."""
        out = [Candidate(e.action, e.visits, e.total / e.visits if e.visits else 0.0, e.prior)
               for e in self.tree.edges]
        order = sorted(range(len(out)), key=lambda i: (-out[i].visits, -out[i].value, i))
        return [out[i] for i in order]

    def best(self) -> Action:
        """The most-tried root candidate (the best mean result among equals; the heuristic's pick untried)."""
        if self.tree.visits:
            return self.candidates()[0].action
        edges = self.tree.edges
        return edges[max(range(len(edges)), key=lambda i: (edges[i].prior, -i))].action

    def subtree(self, action: Action) -> _Node | None:
        """The tree below root candidate ``action`` (what the next decision may keep), or None."""
        return self.tree.child(action)


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


def settings_for(mode: Mode) -> SearchSettings:
    """The default search settings of ``mode``: those its AI registers (:mod:`engine.ai.modes`), else the
    defaults of :class:`SearchSettings`."""
    return ai_of(mode).search or SearchSettings()


class SearchPlayer:
    """Plays the action a :class:`Search` finds best (see the module docstring).

    Deterministic for a ``seed``: the dice of its play-outs and the roll-out
    policy's tie-breaks come from its own generators, and the tree it keeps is a
    function of the decisions it was asked. ``settings`` None takes the mode's
    (:func:`settings_for`) at the first decision; assigning :attr:`settings`
    later changes the budget from the next decision. ``policy`` makes the roll-out
    player from a seed (default: the mode's, :func:`~engine.ai.policies.policy_for`).
    """

    name = "search"

    def __init__(self, seed: int = 0, settings: SearchSettings | None = None,
                 policy: Callable[[int], ScoringPlayer] | None = None) -> None:
        self.seed = seed
        self.settings = settings
        self.rng = random.Random(f"search:{seed}")
        self._make_policy = policy
        self.policy: ScoringPlayer | None = None
        # (game, its history when the kept decision was asked, that decision's search)
        self._last: tuple[object, list[Action], Search] | None = None

    def start(self, state: GameState) -> Search:
        """A search of ``state``'s decision, to step and stop at will (:meth:`choose` runs it to its budget).

        The search starts from the kept subtree of the last decision when ``state``
        follows from it; it becomes the kept decision.
        """
        mode = state.game.rules.mode
        if self.policy is None:
            self.policy = (self._make_policy(self.seed) if self._make_policy is not None
                           else policy_for(mode, self.seed))
        if self.settings is None:
            self.settings = settings_for(mode)
        search = Search(state, self.settings, self.rng, self.policy, tree=self._kept(state))
        self._last = (state.game, list(state.history), search)
        return search

    def _kept(self, state: GameState) -> _Node | None:
        """The subtree of the last search that ``state``'s decision is at, or None."""
        if self._last is None or self.settings is None or not self.settings.keep_tree:
            return None
        game, before, search = self._last
        history = state.history
        n = len(before)
        if state.game is not game or len(history) <= n or history[:n] != before:
            return None
        node: _Node | None = search.tree
        for a in history[n:]:
            node = node.child(a) if node is not None else None
        return node

    def choose(self, state: GameState) -> Action:
        """The action the search finds best; the only legal action without searching. IndexError if none."""
        acts = state.legal_actions_view()
        if len(acts) == 1:
            return acts[0]
        return self.start(state).run()
