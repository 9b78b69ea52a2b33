"""How the heuristic player scores Payload Race decisions: push, escort, block.

Every token has a job by its class: the *escorts* (Heavy, Medic, Soldier, Pyro by
default) stay by their own cart so that it can be pushed each turn; the
*blockers* (Scout, Demoman) go to the enemy cart, since a token next to a cart
stops its push (002 "Pushing the cart"). While the side would lose the race if
neither cart were stopped again (:func:`behind`), its *reserves* (Pyro, Soldier)
block too: racing on cannot win it, stopping the enemy cart can. A job's *posts*
are the hexes next to its cart where the token helps (:func:`job_posts`), and
distances to them are walked steps under the game's movement rules (stairs and
all, :func:`~engine.ai.walks.walk_to`), never the crow's hexes, which once led
tokens into a canal bed they could not climb out of toward the cart; a hex in a
pit no walk leaves counts as far from every post, even one beside the cart.
Each legal action gets a score:

- a push is worth more than anything else;
- an attack is its expected damage (odds from the state, kills and blockers first:
  enemies next to our cart, then enemies next to their own cart);
- a heal is the health restored, more on a teammate by the cart;
- a move is the change in its job's position value (walked steps to a post, a
  bonus for standing on one) plus what the token could still shoot from there;
- specials: a rocket jump that brings the Soldier to his cart, an airblast that
  clears our cart, the Sandvich when hurt, kritz on a teammate who can still attack;
- ``end`` scores 0, so the turn ends when nothing else is worth doing.

In a ``react`` decision the UberCharge is popped when the attack could take a
covered token below half health. Only the public state API is used (and, for a card holder's attacks,
the options its behaviour keeps: :meth:`~engine.games.payload.units.armed.Armed.kept_options`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from engine.ai.walks import walk_to
from engine.games.payload.ai.fire import Firepower, fire_of
from engine.games.payload.ground import posts
from engine.games.payload.units.armed import Armed
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

__all__ = ["BLOCKERS", "RESERVES", "behind", "blockers_of", "choose_payload", "job_posts", "job_steps", "job_walk",
           "score_context"]

#: Classes whose job is to stand by the enemy cart; the others escort their own.
BLOCKERS = frozenset({"scout", "demoman"})
#: Escorts that block too while their side is behind in the race (:func:`behind`).
RESERVES = frozenset({"pyro", "soldier"})

#: Score of a push: above anything else a token could do.
PUSH = 1000.0

Pick = Callable[[Sequence[Action], list[float]], Action]

_END, _PUSH, _MOVE, _ATTACK, _HEAL = Verb.END, Verb.PUSH, Verb.MOVE, Verb.ATTACK, Verb.HEAL
_JUMP, _AIRBLAST, _SANDVICH, _KRITZ = Verb.ROCKET_JUMP, Verb.AIRBLAST, Verb.SANDVICH, Verb.KRITZ


def choose_payload(state: Any, pick: Pick) -> Action:
    """The heuristic's choice in a Payload Race decision (``pick`` breaks ties).

    In a turn's decision the actions are scored from the legal actions' groups
    (:meth:`_Context.scores`, the same score per action as :meth:`_Context.score`) and
    ``pick`` gets the lazy view, so only the actions it reads are built.
    """
    phase = state.phase
    if phase is Phase.ACT:
        view = state.legal_actions_view()
        return pick(view, _Context(state).scores(view.groups))
    acts = state.legal_actions()
    if phase is Phase.SPAWN:
        return pick(acts, [_spawn_value(state, a) for a in acts])
    if phase is Phase.REACT:
        return _react(state, acts)
    ctx = _Context(state)
    return pick(acts, [ctx.score(a) for a in acts])


def score_context(state: Any) -> Any:
    """The scorer of one ACT decision: ``score_context(state).score(action)`` is the heuristic's score of an
    action of ``state``'s acting side (the same terms :func:`choose_payload` plays by)."""
    return _Context(state)


def behind(state: Any, team: Team) -> bool:
    """Whether ``team`` loses the race if no cart is stopped again: each side pushes once a turn, and on
    equal pushes left the side whose next push comes first (the side acting now, unless it has pushed
    this turn) wins."""
    left = {t: len(state.tracks[t]) - 1 - state.carts[t] for t in Team}
    mover: Team = state.acting
    first = mover if not state.pushed[mover] else mover.other
    return left[team] - left[team.other] >= (1 if first is team else 0)


def blockers_of(state: Any, team: Team) -> frozenset[str]:
    """The classes of ``team`` whose job now is the enemy cart: :data:`BLOCKERS`, and the
    :data:`RESERVES` while ``team`` is :func:`behind`."""
    return BLOCKERS | RESERVES if behind(state, team) else BLOCKERS


def job_posts(state: Any, team: Team, blocker: bool) -> list[int]:
    """Where a token of ``team`` does its job, as board indices: beside its own cart, or the enemy cart
    for a blocker (:func:`~engine.games.payload.ground.posts`, the validator's rule too: an escort not on
    the track's next hex, a blocker where it stops the push)."""
    cart_team = team.other if blocker else team
    return posts(state.board, state.tracks[cart_team], state.carts[cart_team], team, cart_team,
                 bool(state.options["spawn_protection"]))


def _spawn_value(state: Any, a: Action) -> float:
    """Fewer steps to the token's job is better; the first card of its class is its usual one."""
    assert a.target is not None
    team = state.team
    b = state.board
    cell = b.index[a.target]
    blk = a.kind in blockers_of(state, team)
    steps = job_walk(b, job_steps(state, team, a.kind, blk), cell, state.cart_cell(team.other if blk else team))
    first = state.stats(a.kind).weapons[0]
    return -steps + (0.5 if a.detail == first else 0.0)


#: The name in the game's cache (:attr:`engine.games.game.Game.cache`) of job_steps remembered per game:
#: (team, kind, blocker, the job cart's step) -> steps. A pure value of its key (the game fixes the board, the
#: tracks and the options), asked for by every decision of every play-out; it goes with the game.
_JOB_STEPS: Final = __name__ + ".job_steps"


def job_steps(state: Any, team: Team, kind: str, blocker: bool) -> tuple[int, ...]:
    """Per board index, the steps a ``kind`` token of ``team`` walks to its nearest post (-1: none; a hex in a
    pit it could not walk out of counts as far from every post, even one beside the cart: :func:`walk_to`)."""
    cache = state.game.cache
    per_game = cache.get(_JOB_STEPS)
    if per_game is None:
        per_game = cache[_JOB_STEPS] = {}
    key = (team, kind, blocker, state.carts[team.other if blocker else team])
    hit = per_game.get(key)
    if hit is None:
        hit = per_game[key] = walk_to(state.board, job_posts(state, team, blocker), state.game.profile(kind, team),
                                      team)
    return hit


def job_walk(b: Any, steps: tuple[int, ...], cell: int, cart: int) -> int:
    """``steps[cell]``; where no post can be walked to (all beside walls or in a closed spawn), twice the
    crow's hexes to ``cart``, so that the token still heads that way."""
    d = steps[cell]
    return d if d >= 0 else 2 * b.distance(cell, cart)


def _react(state: Any, acts: Sequence[Action]) -> Action:
    """Pop the UberCharge on the most threatened covered teammate when the attack is dangerous."""
    uid, attack = state.pending
    attacker = state.units[uid]
    hits, need = state.behaviour(attacker.kind).hits(state, attacker, attack.target)
    p = state.hit_chance(need) if need else 1.0
    threat = {v.uid: p * dmg for v, dmg in hits}
    best: tuple[float, Action | None] = (0.0, None)
    for a in acts:
        if a.verb is not Verb.UBER or a.target is None:
            continue
        medic = state.unit_at(a.actor)
        ally = state.unit_at(a.target)
        danger = 0.0
        for v in (medic, ally):
            if v is not None and v.uid in threat and threat[v.uid] * 2 >= v.health:
                danger += threat[v.uid]
        if danger > best[0]:
            best = (danger, a)
    if best[1] is not None:
        return best[1]
    return next(a for a in acts if a.verb is Verb.PASS)


class _Context:
    """What one ACT decision's scoring needs, computed once.

    The scoring is the heuristic's hot loop (it scores every legal action of every
    token, a hundred or more a decision): units are found by hex through one table,
    each token's attack options are built once (not once per attack action), and a
    token's firepower from a hex is remembered between the decisions of a turn
    (:func:`_fire_table`), since the enemies it is aimed at only move in their own turn.
    """

    def __init__(self, state: GameState) -> None:
        self.state = state
        st: Any = state
        self.team: Team = state.team
        self.b = state.board
        self.mine = st.cart_cell(self.team)
        self.theirs = st.cart_cell(self.team.other)
        self.enemies = state.units_of(self.team.other)
        self.friends = state.units_of(self.team)
        hexes = self.b.hexes
        self._units: dict[Any, Any] = {hexes[u.cell]: u for u in state.units.values() if u.cell >= 0}
        self._steps: dict[str, tuple[int, ...]] = {}
        self._options: dict[Any, dict[Action, Any]] = {}
        self._fire: dict[str, Firepower] = {}
        self._crowd: Any = None
        self._sees = state.sight.sees
        # per moving token: (unit, its steps table, its job cart, its place value here, whether its firepower
        # counts (not after an attack), its firepower here)
        self._movers: dict[Any, tuple[Any, tuple[int, ...], int, float, bool, float]] = {}
        self.blocking = blockers_of(state, self.team)
        # (cell, uber) of every enemy: what a token's firepower depends on besides its card and hex
        self._targets = tuple((v.cell, v.uber) for v in self.enemies)

    def crowd(self) -> Any:
        """Who stands where in this decision (:meth:`PayloadState.crowd`), made once when first asked."""
        if self._crowd is None:
            self._crowd = self.state.crowd()
        return self._crowd

    def unit(self, a: Action) -> Any:
        assert a.actor is not None
        hit = self._units.get(a.actor)
        if hit is None:
            hit = self._units[a.actor] = self.state.unit_at(a.actor)
        return hit

    def job_cart(self, u: Any) -> int:
        """The cart ``u`` should stand by."""
        return self.theirs if u.kind in self.blocking else self.mine

    def steps(self, u: Any) -> tuple[int, ...]:
        """Per board index, ``u``'s steps to a post by its job cart (:func:`job_steps`)."""
        hit = self._steps.get(u.kind)
        if hit is None:
            hit = self._steps[u.kind] = job_steps(self.state, self.team, u.kind, u.kind in self.blocking)
        return hit

    def place(self, u: Any, cell: int) -> float:
        """How good ``cell`` is for ``u``'s job: fewer steps to its post (walked, stairs and all), best on it."""
        d = job_walk(self.b, self.steps(u), cell, self.job_cart(u))
        return 30.0 if d == 0 else -4.0 * d

    def fire(self, u: Any) -> Firepower:
        """The firepower of ``u``'s card against the enemies now (:func:`.fire.fire_of`)."""
        hit = self._fire.get(u.weapon)
        if hit is None:
            hit = self._fire[u.weapon] = fire_of(self.state, u.weapon, self._targets)
        return hit

    def firepower(self, u: Any, cell: int) -> float:
        """Rough best expected damage ``u`` could deal from ``cell`` (its card's reach, line of sight)."""
        fire = self._fire.get(u.weapon) or self.fire(u)
        hit = fire.table.get(cell)
        return hit if hit is not None else fire.at(cell, self._sees)

    def scores(self, groups: Sequence[Group]) -> list[float]:
        """:meth:`score` of each action of ``groups`` (a legal actions view's, in its order), read from the
        groups: a move's and a rocket jump's from its board index, without making the action; an attack's
        cost to the push once per token."""
        out: list[float] = []
        add = out.append
        b = self.b
        for verb, kind, actor, targets, hexes, detail in groups:
            n = len(targets)
            if not n:
                continue
            if verb is _END:
                out.extend([0.0] * n)
            elif verb is _PUSH:
                out.extend([PUSH] * n)
            elif (verb is _MOVE or verb is _JUMP) and hexes is not None and hexes is b.hexes:
                mover = self._movers.get(actor)
                if mover is None:
                    u = self._units.get(actor)
                    if u is None:
                        u = self._units[actor] = self.state.unit_at(actor)
                    mover = self._movers[actor] = self.mover(u)
                if verb is _MOVE:
                    self._move_gains(mover, targets, add)
                else:
                    self._jump_gains(mover, targets, add)
            elif verb is _ATTACK:
                aims = list(targets) if hexes is None else [hexes[t] for t in targets]
                make = Action.trusted
                u = self.unit(make(verb, kind, actor, aims[0], detail))
                cost = self._pusher_cost(u)
                options = self._in_order(u, actor, aims) if not detail else None
                if options is not None:
                    value = self._option_value
                    for o in options:
                        add(value(o) - cost)
                else:
                    attack = self._attack
                    for aim in aims:
                        add(attack(make(verb, kind, actor, aim, detail)) - cost)
            else:
                make = Action.trusted
                score = self.score
                for t in targets:
                    add(score(make(verb, kind, actor, t if hexes is None else hexes[t], detail)))
        return out

    def score(self, a: Action) -> float:
        verb = a.verb
        if verb is _END:
            return 0.0
        if verb is _PUSH:
            return PUSH
        if verb is _MOVE:
            assert a.target is not None
            return self._move(a)
        u = self.unit(a)
        b = self.b
        if verb is _ATTACK:
            return self._attack(a) - self._pusher_cost(u)
        if verb is _HEAL:
            assert a.target is not None
            v = self.state.unit_at(a.target)
            if v is None:
                return 0.0
            missing = self.state.max_health(v.kind) - v.health
            return 4.0 * missing + (6.0 if b.distance(v.cell, self.mine) == 1 else 0.0)
        if verb is _JUMP:
            assert a.target is not None
            mover = self._movers.get(a.actor)
            if mover is None:
                mover = self._movers[a.actor] = self.mover(u)
            return self.jump_gain(mover, b.index[a.target])
        if verb is _AIRBLAST:
            near_ours = sum(1 for v in self.enemies if b.distance(v.cell, self.mine) == 1
                            and b.distance(v.cell, u.cell) == 1)
            near = sum(1 for v in self.enemies if b.distance(v.cell, u.cell) == 1)
            return 25.0 * near_ours + 4.0 * near
        if verb is _SANDVICH:
            return 3.0 * (self.state.max_health(u.kind) - u.health)
        if verb is _KRITZ:
            assert a.target is not None
            st: Any = self.state
            v = st.unit_at(a.target)
            done = st.done_of(v) if v is not None else None
            return 20.0 if done is not None and not done.attacked and self.firepower(v, v.cell) > 0 else 1.0
        return 0.0

    def _move(self, a: Action) -> float:
        """A move: the change of its job's place value, plus 0.8 of the change of firepower (before an attack)."""
        mover = self._movers.get(a.actor)
        if mover is None:
            mover = self._movers[a.actor] = self.mover(self.unit(a))
        return self.move_gain(mover, self.b.index[a.target])

    def mover(self, u: Any) -> tuple[Any, tuple[int, ...], int, float, bool, float]:
        """What scoring ``u``'s moves needs (for :meth:`move_gain`): its steps table, job cart, place value
        here, whether its firepower counts (not after an attack) and its firepower here."""
        done = self.state.done_of(u) if hasattr(self.state, "done_of") else None
        fire = done is None or not done.attacked
        return (u, self.steps(u), self.job_cart(u), self.place(u, u.cell), fire,
                self.firepower(u, u.cell) if fire else 0.0)

    def move_gain(self, mover: tuple[Any, tuple[int, ...], int, float, bool, float], dest: int) -> float:
        """The score of moving the token of ``mover`` (:meth:`mover`) to board index ``dest``."""
        u, steps, cart, here, fire, fire_here = mover
        d = steps[dest]
        if d < 0:
            d = 2 * self.b.distance(dest, cart)
        gain = (30.0 if d == 0 else -4.0 * d) - here
        if fire:
            gain += 0.8 * (self.firepower(u, dest) - fire_here)
        return gain

    def _move_gains(self, mover: tuple[Any, tuple[int, ...], int, float, bool, float], cells: Sequence[int],
                    add: Callable[[float], None]) -> None:
        """:meth:`move_gain` of each of ``cells`` in turn, handed to ``add`` (the same sums, written out)."""
        u, steps, cart, here, fire, fire_here = mover
        distance = self.b.distance
        if not fire:
            for dest in cells:
                d = steps[dest]
                if d < 0:
                    d = 2 * distance(dest, cart)
                add((30.0 if d == 0 else -4.0 * d) - here)
            return
        power = self.fire(u)
        table, at, sees = power.table, power.at, self._sees
        for dest in cells:
            d = steps[dest]
            if d < 0:
                d = 2 * distance(dest, cart)
            f = table.get(dest)
            if f is None:
                f = at(dest, sees)
            add((30.0 if d == 0 else -4.0 * d) - here + 0.8 * (f - fire_here))

    def _jump_gains(self, mover: tuple[Any, tuple[int, ...], int, float, bool, float], cells: Sequence[int],
                    add: Callable[[float], None]) -> None:
        """:meth:`jump_gain` of each of ``cells`` in turn, handed to ``add`` (the same sums, written out)."""
        _u, steps, cart, here, _fire, _fire_here = mover
        distance = self.b.distance
        for dest in cells:
            d = steps[dest]
            if d < 0:
                d = 2 * distance(dest, cart)
            add((30.0 if d == 0 else -4.0 * d) - here - 12.0)

    def jump_gain(self, mover: tuple[Any, tuple[int, ...], int, float, bool, float], dest: int) -> float:
        """The score of a rocket jump of the token of ``mover`` to ``dest``: the change of place, less 12."""
        _u, steps, cart, here, _fire, _fire_here = mover
        d = steps[dest]
        if d < 0:
            d = 2 * self.b.distance(dest, cart)
        return (30.0 if d == 0 else -4.0 * d) - here - 12.0

    def _pusher_cost(self, u: Any) -> float:
        """What attacking costs when ``u`` is the last teammate by our cart who could still push it this turn."""
        st: Any = self.state
        b = self.b
        if st.pushed[self.team] or b.distance(u.cell, self.mine) != 1:
            return 0.0
        others = [v for v in self.friends if v.uid != u.uid and b.distance(v.cell, self.mine) == 1
                  and not (st.done_of(v).attacked or st.done_of(v).special)]
        return 0.0 if others else 20.0

    def _in_order(self, u: Any, actor: Any, aims: list[Any]) -> Sequence[Any] | None:
        """The attack options of ``u`` (on ``actor``), one per aim of ``aims`` in that order, when its options
        are exactly its attacks at ``aims`` (they are built from the same group); else None (then each attack
        is looked up by its action, :meth:`_attack`). A card holder's kept options are read with the
        decision's one crowd (:meth:`~engine.games.payload.units.armed.Armed.kept_options`)."""
        beh = self.state.behaviour(u.kind)
        if type(beh).attack_options is Armed.attack_options:
            options: Sequence[Any] = beh.kept_options(self.state, u, self.crowd())
        else:
            options = self.state.attack_options(actor)
        if len(options) != len(aims):
            return None
        for o, aim in zip(options, aims, strict=True):
            a = o.action
            if a.verb is not _ATTACK or a.target != aim or a.actor != actor or a.detail:
                return None
        return options

    def _attack(self, a: Action) -> float:
        by_action = self._options.get(a.actor)
        if by_action is None:
            by_action = self._options[a.actor] = {o.action: o for o in self.state.attack_options(a.actor)}
        o = by_action.get(a)
        return 0.0 if o is None else self._option_value(o)

    def _option_value(self, o: Any) -> float:
        """What an attack option is worth: the expected damage on enemies (capped by their health), more for a
        likely kill and for enemies by either cart."""
        b = self.b
        value = 0.0
        for h, dmg in o.area.items():
            v: Any = self._units.get(h)
            if v is None or v.team is self.team or v.uber or dmg <= 0:
                continue
            ev = o.hit_chance * dmg
            value += min(ev, v.health)
            if ev >= v.health * 0.8:
                value += 6.0
            if b.distance(v.cell, self.mine) == 1:
                value += 8.0  # it stops our push
            if b.distance(v.cell, self.theirs) == 1:
                value += 4.0  # it escorts theirs
        return 3.0 * value
