"""A faster roll-out player for modes where every unit of a side acts in one turn (Payload Race).

The search (:mod:`engine.ai.search`) lets a heuristic play each play-out on; in
Payload Race the heuristic scores every action of all six tokens at every
decision, although within a side's turn little changes between two decisions:
the enemies stand still, and a teammate's move changes nothing another token
could do. :class:`TurnRollout` keeps, for the turn under way, each token's
scored actions (built from that token's own legal actions only,
``state.add_unit_groups``), and at each decision rescores only the tokens whose
situation changed — the one that just acted, or all of them once anything
but a move happened (a shot, a push, a death, a respawn). It plays the
best-scoring action over all tokens, as the heuristic does, after checking that
it is still legal; ``end`` when nothing scores above zero. Decisions other than
a turn's actions (spawns, reactions) are the heuristic's.

It is only a roll-out policy: its choices follow the heuristic's terms but not
exactly its tie-breaks or a teammate's small effects on another's score (e.g.
who is left to push), so the normal player stays :class:`~engine.ai.heuristic.HeuristicPlayer`.
"""

from __future__ import annotations

from typing import Any, Final

from engine.ai.heuristic import HeuristicPlayer
from engine.games.payload.ai.heuristic import score_context
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.rules.actions import Action, Verb

__all__ = ["TurnRollout"]

_ACT: Final = Phase.ACT
_MOVE: Final = Verb.MOVE
_JUMP: Final = Verb.ROCKET_JUMP
_END: Final = Action(Verb.END, "")


class TurnRollout(HeuristicPlayer):
    """The heuristic with each token's scores kept within a turn (see the module docstring); scores
    actions as the heuristic does (:meth:`action_scores`), so it is also the search's prior."""

    name = "turn-rollout"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._state: Any = None
        self._turn = -1
        self._world: tuple[Any, ...] = ()
        #: uid -> (the token's own situation when scored, its best action, that action's score)
        self._best: dict[int, tuple[tuple[Any, ...], Action, float]] = {}

    def choose(self, state: GameState) -> Action:
        """The best action over all tokens by the heuristic's terms (kept scores, see the module docstring)."""
        if state.phase is not _ACT:
            return super().choose(state)
        s: Any = state
        world = _world(s)
        if s is not self._state or s.turn != self._turn or world != self._world:
            self._state, self._turn, self._world = s, s.turn, world
            self._best = {}
        ctx = None
        best = self._best
        while True:
            top: tuple[float, int, Action] | None = None
            for u in s.actors():
                me = _situation(s, u)
                kept = best.get(u.uid)
                if kept is None or kept[0] != me:
                    if ctx is None:
                        ctx = score_context(s)
                    kept = best[u.uid] = _score_token(s, ctx, u, me)
                if kept[1] is not _END and (top is None or kept[2] > top[0]):
                    top = (kept[2], u.uid, kept[1])
            if top is None or top[0] <= 0.0:
                return _END
            score, uid, action = top
            u = s.units[uid]
            if _legal_for(s, u, action, ctx):
                return action
            # a teammate took the hex, the cart's next hex or moved out of reach meanwhile: score afresh
            if ctx is None:
                ctx = score_context(s)
            best[uid] = _score_token(s, ctx, u, _situation(s, u))


def _legal_for(s: Any, u: Any, action: Action, ctx: Any = None) -> bool:
    """Whether ``action`` is among ``u``'s legal actions now (its own groups only, no action made; ``ctx``:
    the decision's scorer, if the caller has one)."""
    b = s.board
    for verb, kind, actor, targets, hexes, detail in _groups(s, s.crowd() if ctx is None else ctx.crowd(), u):
        if verb is not action.verb or kind != action.kind or actor != action.actor or detail != action.detail:
            continue
        if hexes is None:
            if action.target in targets:
                return True
        elif action.target is not None and b.index.get(action.target, -1) in targets:
            return True
    return False


def _world(s: Any) -> tuple[Any, ...]:
    """What every token's scores depend on besides itself: carts, pushes, enemies (and anybody's health)."""
    return (tuple(s.carts.values()), tuple(s.pushed.values()),
            tuple((u.uid, u.cell, u.health, u.uber, u.charge) for u in s.units.values() if u.team is not s.team))


def _situation(s: Any, u: Any) -> tuple[Any, ...]:
    """What a token's own scores depend on: where it stands, its health and weapon, what it did this turn."""
    d = s.done.get(u.uid)
    return (u.cell, u.health, u.weapon, u.kritz, None if d is None else (d.moved, d.attacked, d.special, d.actions))


def _score_token(s: Any, ctx: Any, u: Any, me: tuple[Any, ...]) -> tuple[tuple[Any, ...], Action, float]:
    """(``me``, the token's best action, its score) from the token's own legal actions (``end`` if none).

    Each group is scored as the heuristic scores a decision's groups (``ctx.scores``: moves and rocket
    jumps from their board indices, attacks from the token's options in order), without making an
    action of each; only the best becomes one (the first of the best, in group order).
    """
    top = -float("inf")
    best: tuple[Any, ...] | None = None
    scores = ctx.scores
    for g in _groups(s, ctx.crowd(), u):
        verb, kind, actor, targets, hexes, detail = g
        for t, v in zip(targets, scores((g,)), strict=True):
            if v > top:
                top, best = v, (verb, kind, actor, t if hexes is None else hexes[t], detail)
    if best is None:
        return me, _END, 0.0
    return me, Action.trusted(*best), top


def _groups(s: Any, crowd: Any, u: Any) -> list[Any]:
    """``u``'s legal action groups now, read with ``crowd`` (who stands where now, :meth:`PayloadState.crowd`)."""
    groups: list[Any] = []
    s.add_unit_groups(u, groups, crowd)
    return groups
