"""What a click on the board may do now, and why a click does nothing (Qt-free).

The board works in *modes*, named by the verb a click plays: move, attack (or
heal), a targeted special (rocket jump, build, uber), spawn and the sentry's
target choice. :func:`choices` lists every hex a click would act on in a mode,
with the action and what the UI shows (path, hit chance, damage, area);
:func:`explain` says in plain words why a hex is *not* one of them ("no line of
sight: wall at 3,-2"). Both use only the public game-state API plus the rule
numbers of the ruleset, so they never disagree with :meth:`KothState.legal_actions`:
:func:`choices` is built from the legal actions, and :func:`explain` is only
asked about hexes outside them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.koth import KothState, Phase, Unit
from engine.rules.movement import flood

__all__ = ["Choice", "choices", "explain", "hex_status", "mode_label", "modes_now", "special_tip", "unit_name"]

#: Verbs that target a hex chosen on the board in ACT phase (END, SCOPE, PICKUP are buttons).
BOARD_VERBS: Final = (Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.ROCKET_JUMP, Verb.BUILD, Verb.UBER)

_LABELS: Final = {
    Verb.MOVE: "Move", Verb.ATTACK: "Attack", Verb.HEAL: "Heal", Verb.ROCKET_JUMP: "Rocket jump",
    Verb.SCOPE: "Scope", Verb.BUILD: "Build sentry", Verb.PICKUP: "Pick up sentry", Verb.UBER: "UberCharge",
    Verb.END: "End turn", Verb.SPAWN: "Place unit", Verb.TARGET: "Pick sentry target",
}


@dataclass(frozen=True)
class Choice:
    """A hex a click would act on: the action and what to show for it.

    ``path``: the steps of a move (both ends); ``hit_chance`` / ``crit_chance``:
    for rolled attacks (None when no roll is needed); ``damage``: to the unit aimed
    at on a hit (negative heals; None for non-attacks); ``area``: hex -> damage an
    area attack would deal; ``rolls``: accuracy rolls (the Heavy makes 5).
    """

    action: Action
    path: tuple[Hex, ...] = ()
    hit_chance: float | None = None
    crit_chance: float = 0.0
    damage: int | None = None
    area: Mapping[Hex, int] = field(default_factory=dict)
    rolls: int = 1

    def label(self) -> str:
        """Short text drawn on the hex: hit chance and damage ("72% −100", "58% 5×20", "+40", "−100")."""
        if self.damage is not None and self.damage < 0:
            return f"+{-self.damage}"
        dmg = ""
        if self.damage:
            dmg = f"{self.rolls}×{self.damage}" if self.rolls > 1 else f"−{self.damage}"
        if self.hit_chance is None:
            return dmg
        pct = f"{round(100 * self.hit_chance)}%"
        return f"{pct} {dmg}".strip()

    def describe(self) -> str:
        """One line for tooltips and the status bar."""
        a = self.action
        if a.verb is Verb.MOVE:
            return f"move to {a.target} ({len(self.path) - 1} steps)"
        if a.verb is Verb.HEAL:
            return f"heal {a.target} for {-(self.damage or 0)}"
        if a.verb is Verb.ATTACK:
            parts = [f"attack {a.target}"]
            if self.hit_chance is not None:
                each = " each" if self.rolls > 1 else ""
                parts.append(f"hit {100 * self.hit_chance:.0f}%{each} (crit {100 * self.crit_chance:.0f}%)")
            else:
                parts.append("no roll needed")
            if self.damage:
                parts.append(f"{self.damage} damage" + (f" × {self.rolls} rolls" if self.rolls > 1 else ""))
            if len(self.area) > 1:
                parts.append(f"area of {len(self.area)} hexes")
            return ", ".join(parts)
        return _LABELS.get(a.verb, a.verb.value).lower() + (f" at {a.target}" if a.target else "")


def unit_name(state: KothState, u: Unit) -> str:
    """"BLU Heavy" style name of a unit."""
    return f"{u.team.value} {state.stats(u.kind).name}"


def mode_label(verb: Verb) -> str:
    """Button text of a mode or action verb."""
    return _LABELS.get(verb, verb.value)


def modes_now(state: KothState) -> list[Verb]:
    """The verbs with at least one legal action now, in a stable order (board verbs first)."""
    verbs = {a.verb for a in state.legal_actions()}
    order = [Verb.SPAWN, Verb.TARGET, *BOARD_VERBS, Verb.SCOPE, Verb.PICKUP, Verb.END]
    return [v for v in order if v in verbs]


def special_tip(state: KothState, verb: Verb) -> str:
    """Tooltip of a special's button: what it does, with this ruleset's numbers (our words)."""
    u = state.active_unit()
    st = state.stats(u.kind) if u is not None else None
    p = st.params if st is not None else {}
    if verb is Verb.ROCKET_JUMP:
        return (f"Rocket jump: land on any free hex within {p.get('rocket_jump_range', 8)}, at any height, "
                f"for {p.get('rocket_jump_cost', 40)} health. Counts as the special, not a move.")
    if verb is Verb.SCOPE:
        return (f"Scope: +{p.get('scope_damage', 20)} damage, +{p.get('scope_accuracy', 1)} to the accuracy roll and "
                f"+{p.get('scope_min_range', 1)} minimum range per stack while the Sniper stays put "
                f"(up to {p.get('max_damage', 200)} damage). Moving clears it.")
    if verb is Verb.BUILD:
        return "Build (or put down) the sentry gun on an adjacent free hex. It fires at the start of each of your unit turns."
    if verb is Verb.PICKUP:
        return "Pick up the adjacent sentry gun and carry it; put it down again with Build."
    if verb is Verb.UBER:
        return (f"UberCharge: the Medic and one ally in range become invulnerable for {p.get('uber_turns', 3)} "
                "of their own turns. Needs a full charge (heal to build it).")
    if verb is Verb.END:
        return "End this unit's turn now (E)."
    if verb in (Verb.ATTACK, Verb.HEAL):
        return "Show every target with its hit chance and damage; click one to attack (A)."
    if verb is Verb.MOVE:
        return "Show every hex the unit can reach; hover for the path, click to move (M)."
    return mode_label(verb)


# -- choices ---------------------------------------------------------------------------------


def choices(state: KothState, verb: Verb, spawn_kind: str | None = None) -> dict[Hex, Choice]:
    """Every hex a click plays an action on in mode ``verb`` -> the :class:`Choice` (empty if none).

    ``ATTACK`` also covers the Medic's ``HEAL``. ``spawn_kind`` picks the unit
    kind for ``SPAWN`` (default: the first kind offered).
    """
    legal = state.legal_actions()
    if verb is Verb.SPAWN:
        kinds = [a.kind for a in legal if a.verb is Verb.SPAWN]
        kind = spawn_kind if spawn_kind in kinds else (kinds[0] if kinds else None)
        return {a.target: Choice(a) for a in legal if a.verb is Verb.SPAWN and a.kind == kind and a.target}
    if verb in (Verb.ATTACK, Verb.HEAL):
        wanted = {a for a in legal if a.verb in (Verb.ATTACK, Verb.HEAL)}
        out: dict[Hex, Choice] = {}
        for o in state.attack_options():
            if o.action in wanted and o.action.target is not None:
                rolled = o.hit_chance < 1.0 or o.crit_chance > 0.0
                out[o.action.target] = Choice(o.action, (), o.hit_chance if rolled else None, o.crit_chance,
                                              o.damage, dict(o.area), o.rolls)
        return out
    if verb is Verb.MOVE:
        paths = state.move_paths()
        return {a.target: Choice(a, tuple(paths.get(a.target, ()))) for a in legal
                if a.verb is Verb.MOVE and a.target is not None}
    return {a.target: Choice(a) for a in legal if a.verb is verb and a.target is not None}


# -- explanations ------------------------------------------------------------------------------


def _hex_words(state: KothState, i: int) -> str:
    b = state.board
    h = b.hexes[i]
    if b.wall[i]:
        return f"wall at {h}"
    if b.low[i]:
        return f"low obstacle at {h}"
    return f"height-{b.height[i]} ground at {h}"


def hex_status(state: KothState, h: Hex) -> str:
    """One line on hex ``h`` for the status bar: where, what ground, and the height a unit there stands at.

    ``"3,-1 · low obstacle on height-0 ground · a unit here stands at height 1"``;
    a hex off the board is named only.
    """
    b = state.board
    i = b.index.get(h)
    if i is None:
        return str(h)
    if b.wall[i]:
        return f"{h} · wall · nothing stands there"
    if b.low[i]:
        return f"{h} · low obstacle on height-{b.height[i]} ground · a unit here stands at height {b.stand[i]}"
    if b.stairs_up[i] >= 0:
        return f"{h} · stairs up toward {h.neighbor(b.stairs_up[i])} · height {b.stand[i]}"
    return f"{h} · open ground · height {b.stand[i]}"


def _sight_reason(state: KothState, a: int, b: int) -> str:
    blockers = state.sight.blockers(a, b)
    if not blockers:
        return "no line of sight"
    return "no line of sight: " + ", ".join(_hex_words(state, i) for i in blockers[:3])


def _lined_up(state: KothState, u: Unit, a: int, b: int) -> bool:
    """The straight-line rule (see docs/rules.md decision 2): the Scout is exempt."""
    if not state.options.get("straight_line_attacks", True):
        return True
    if "double_jump" in state.stats(u.kind).specials:
        return True
    bd = state.board
    dq, dr = bd.q[b] - bd.q[a], bd.r[b] - bd.r[a]
    return dq == 0 or dr == 0 or dq == -dr


def _shot_reason(state: KothState, u: Unit, cell: int, min_range: int, max_range: int) -> str:
    """Why ``u`` cannot aim at ``cell`` (range, line, sight), or '' if it could."""
    bd = state.board
    d = bd.distance(u.cell, cell)
    if d > max_range:
        return f"out of range: {bd.hexes[cell]} is {d} away, the {state.stats(u.kind).name} reaches {max_range}"
    if d < min_range:
        return f"too close: {d} away, the minimum range is {min_range}"
    if not _lined_up(state, u, u.cell, cell):
        return "not on one of the six straight hex lines (only the Scout shoots off them)"
    if not state.sight.sees(u.cell, cell):
        return _sight_reason(state, u.cell, cell)
    return ""


def explain(state: KothState, verb: Verb, h: Hex, spawn_kind: str | None = None) -> str:
    """Why a click on ``h`` in mode ``verb`` does nothing now, in plain words.

    Callers ask only about hexes outside :func:`choices`; for a hex inside them the
    answer is ``""``. Never raises for any hex or mode.
    """
    if h in choices(state, verb, spawn_kind):
        return ""
    if state.phase is Phase.OVER:
        return "the game is over; undo or restart to play on"
    bd = state.board
    i = bd.index.get(h)
    if i is None:
        return f"{h} is off the map"
    if state.phase is Phase.SPAWN:
        return _explain_spawn(state, i)
    if state.phase is Phase.TARGET:
        opts = ", ".join(str(a.target) for a in state.legal_actions())
        return f"the sentry must fire at one of its nearest enemies: {opts}"
    u = state.active_unit()
    if u is None:
        return "no unit is acting now"
    name = state.stats(u.kind).name
    if verb is Verb.MOVE:
        return _explain_move(state, u, i)
    if verb in (Verb.ATTACK, Verb.HEAL):
        if state.has_attacked:
            return f"the {name} already attacked this turn"
        if "ubercharge" in state.stats(u.kind).specials:
            return _explain_heal(state, u, i)
        return _explain_attack(state, u, i)
    if verb is Verb.ROCKET_JUMP:
        st = state.stats(u.kind)
        cost, reach = int(st.params.get("rocket_jump_cost", 40)), int(st.params.get("rocket_jump_range", 8))
        if u.health <= cost:
            return f"a rocket jump costs {cost} health; the {name} has only {u.health}"
        if state.has_attacked and not state.options.get("rocket_jump_after_attack", False):
            return "no rocket jump after attacking"
        if bd.distance(u.cell, i) > reach:
            return f"too far: rocket jumps reach {reach} hexes, {h} is {bd.distance(u.cell, i)} away"
        return _blocked_landing(state, u, i) or f"cannot rocket jump to {h}"
    if verb is Verb.BUILD:
        if bd.distance(u.cell, i) != 1:
            return "the sentry goes on a hex next to the Engineer"
        return _blocked_landing(state, u, i, low_blocks=True) or f"cannot build on {h}"
    if verb is Verb.UBER:
        st = state.stats(u.kind)
        need = int(st.params.get("max_charge", 3))
        if u.charge < need:
            return f"UberCharge needs {need} charge; the Medic has {u.charge} (heal to build it)"
        return _explain_heal(state, u, i, uber=True)
    return f"nothing to {mode_label(verb).lower()} at {h}"


def _explain_spawn(state: KothState, i: int) -> str:
    bd = state.board
    h = bd.hexes[i]
    team = state.current_team()
    assert team is not None
    if bd.spawn_team(i) is not team:
        return f"units enter in {team.value}'s own spawn base (the shaded hexes)"
    if bd.wall[i] or bd.low[i]:
        return f"{_hex_words(state, i)}: a unit cannot stand there"
    occ = state.unit_at(h)
    if occ is not None:
        return f"{h} is taken by the {unit_name(state, occ)}"
    return f"cannot place a unit on {h}"


def _blocked_landing(state: KothState, u: Unit, i: int, low_blocks: bool = False) -> str:
    bd = state.board
    h = bd.hexes[i]
    if bd.wall[i]:
        return f"wall at {h}: nothing stands there"
    if low_blocks and bd.low[i]:
        return f"low obstacle at {h}: the sentry needs flat ground"
    occ = state.unit_at(h)
    if occ is not None and occ.uid != u.uid:
        return f"{h} is taken by the {unit_name(state, occ)}"
    if bd.in_enemy_spawn(i, u.team):
        return f"{h} is in {u.team.other.value}'s spawn base: enemies may not enter"
    return ""


def _explain_move(state: KothState, u: Unit, i: int) -> str:
    bd = state.board
    st = state.stats(u.kind)
    h = bd.hexes[i]
    if not st.mobile:
        return f"the {st.name} cannot move"
    if state.has_attacked:
        return f"the {st.name} attacked this turn; no moving after an attack"
    if state.has_moved:
        return f"the {st.name} already moved this turn"
    if i == u.cell:
        return f"the {st.name} is already on {h}"
    if bd.wall[i]:
        return f"wall at {h}: impassable"
    if bd.in_enemy_spawn(i, u.team):
        return f"{h} is in {u.team.other.value}'s spawn base: enemies may not enter"
    occ = state.unit_at(h)
    if occ is not None:
        return f"{h} is taken by the {unit_name(state, occ)}; units may pass through but not stop there"
    profile = state.profile(u)
    if bd.low[i] and not profile.over_low:
        return f"low obstacle at {h}: only the Scout can jump onto it"
    occupied = {v.cell for v in state.units.values() if v.uid != u.uid and v.cell >= 0}
    far = flood(bd, [u.cell], profile, None, occupied)
    steps = far.distance(i)
    if steps is None:
        return f"no way to {h}: cliffs or walls cut it off (a step climbs at most one level)"
    return f"out of reach: {h} is {steps} steps away, the {st.name} moves {st.speed}"


def _explain_attack(state: KothState, u: Unit, i: int) -> str:
    bd = state.board
    st = state.stats(u.kind)
    h = bd.hexes[i]
    v = state.unit_at(h)
    if "burn" in st.specials:  # Pyro: aims at an adjacent hex, the cone's direction
        if bd.distance(u.cell, i) != 1:
            return "the Pyro aims his flame at a hex next to him (the cone's direction)"
        return "no enemy the Pyro can reach in that direction"
    if "blind_eye" in st.specials:
        if state.grenades.get(u.uid) is not None:
            return "the Demoman's grenade is still on the board; it goes off on his next turn"
        if u.team in state.dropped_grenades:
            return "your side's grenade from a fallen Demoman still lies on the board; it goes off first"
        if bd.wall[i]:
            return f"wall at {h}: the grenade cannot land there"
        if i == u.cell:
            return "the Demoman does not lob a grenade at his own feet"
    elif v is None:
        return f"no unit on {h} to attack"
    if v is not None and v.team is u.team and "blind_eye" not in st.specials:
        return f"the {unit_name(state, v)} is on your team"
    if v is not None and v.team is not u.team and bd.spawn_team(i) is v.team:
        return f"the {unit_name(state, v)} is safe in its own spawn base"
    lo, hi = st.min_range, st.range
    if "scope" in st.specials:
        lo += u.scope * int(st.params.get("scope_min_range", 1))
    reason = _shot_reason(state, u, i, lo, hi)
    if reason:
        return reason
    return f"cannot attack {h} now"


def _explain_heal(state: KothState, u: Unit, i: int, uber: bool = False) -> str:
    bd = state.board
    st = state.stats(u.kind)
    h = bd.hexes[i]
    v = state.unit_at(h)
    what = "UberCharge" if uber else "heal"
    if v is None:
        return f"no teammate on {h} to {what}"
    if v.uid == u.uid:
        return f"the Medic cannot {what} himself" if not uber else "pick the ally who shares the UberCharge"
    if v.team is not u.team:
        return f"the Medic's beam only reaches teammates; the {unit_name(state, v)} is an enemy"
    if not state.stats(v.kind).mobile:
        return "sentry guns cannot be healed or ubercharged"
    reason = _shot_reason(state, u, i, st.min_range, st.range)
    if reason:
        return reason
    if not uber and v.health >= state.max_health(v.kind) and not v.burn:
        return f"the {unit_name(state, v)} is at full health"
    return f"cannot {what} {h} now"


def team_of_decision(state: KothState) -> Team | None:
    """The team deciding now (None when the game is over)."""
    return state.current_team()
