"""What a click on the board may do now, and why a click does nothing (Qt-free).

The board works in *modes*, named by the verb a click plays: move, attack (or
heal), a targeted special (rocket jump, build, uber), spawn and the sentry's
target choice. :func:`choices` lists every hex a click would act on in a mode,
with the action and what the UI shows (path, hit chance, damage, area);
:func:`explain` says in plain words why a hex is *not* one of them ("no line of
sight: wall at 3,-2"). Both ask the game state only: :func:`choices` is built
from its legal actions and attack options, :func:`explain` from its
:meth:`~engine.games.protocol.GameState.why_not` — the rules are never copied here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

__all__ = ["Choice", "actors", "choices", "click_action", "explain", "hex_status", "mode_label", "modes_now",
           "spawn_key", "special_tip", "unit_name"]

#: Verbs that target a hex chosen on the board (END, SCOPE, PICKUP, PUSH... are buttons).
BOARD_VERBS: Final = (Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.ROCKET_JUMP, Verb.BUILD, Verb.UBER, Verb.KRITZ)

_LABELS: Final = {
    Verb.MOVE: "Move", Verb.ATTACK: "Attack", Verb.HEAL: "Heal", Verb.ROCKET_JUMP: "Rocket jump",
    Verb.SCOPE: "Scope", Verb.BUILD: "Build sentry", Verb.PICKUP: "Pick up sentry", Verb.UBER: "UberCharge",
    Verb.END: "End turn", Verb.SPAWN: "Place unit", Verb.TARGET: "Pick sentry target",
    Verb.PUSH: "Push cart", Verb.KRITZ: "Kritz", Verb.AIRBLAST: "Airblast", Verb.SANDVICH: "Sandvich",
    Verb.PASS: "Let it through",
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


def unit_name(state: GameState, u: Any) -> str:
    """"BLU Heavy" style name of a unit."""
    return f"{u.team.value} {state.stats(u.kind).name}"


def mode_label(verb: Verb) -> str:
    """Button text of a mode or action verb."""
    return _LABELS.get(verb, verb.value)


def modes_now(state: GameState, actor: Hex | None = None) -> list[Verb]:
    """The verbs with at least one legal action now, in a stable order (board verbs first).

    With ``actor``, only that unit's actions count (and the side's own: end, pass).
    """
    verbs = {a.verb for a in state.legal_actions() if actor is None or a.actor is None or a.actor == actor}
    order = [Verb.SPAWN, Verb.TARGET, *BOARD_VERBS, Verb.PUSH, Verb.SCOPE, Verb.PICKUP, Verb.AIRBLAST,
             Verb.SANDVICH, Verb.PASS, Verb.END]
    return [v for v in order if v in verbs]


def actors(state: GameState) -> list[Hex]:
    """Hexes of the units that have an action now, in unit order (the ones a click may select)."""
    out: list[Hex] = []
    for a in state.legal_actions():
        if a.actor is not None and a.actor not in out and a.verb is not Verb.UBER:
            out.append(a.actor)
    return out


def spawn_key(a: Action) -> str:
    """What a spawn button chooses: the weapon card when the spawn carries one, else the unit kind."""
    return a.detail or a.kind


def special_tip(state: GameState, verb: Verb, actor: Hex | None = None) -> str:
    """Tooltip of an action's button: what it does, with this ruleset's numbers (the unit's behaviour says)."""
    if verb is Verb.END:
        return "End this turn now (E)."
    if verb is Verb.PASS:
        return "Let the attack through without popping the UberCharge."
    if verb is Verb.PUSH:
        return "Push your cart one hex along its track (in place of this token's attack) (U)."
    if verb in (Verb.ATTACK, Verb.HEAL):
        return "Show every target with its hit chance and damage; click one to attack (A)."
    if verb is Verb.MOVE:
        return "Show every hex the unit can reach; hover for the path, click to move (M)."
    u = state.active_unit() if actor is None else state.unit_at(actor)
    if u is None:
        if verb is Verb.UBER:
            return "Pop the UberCharge: click the Medic's ally to cover (or the Medic himself)."
        return mode_label(verb)
    return state.behaviour(u.kind).tip(verb)


# -- choices ---------------------------------------------------------------------------------


def choices(state: GameState, verb: Verb, spawn_kind: str | None = None, actor: Hex | None = None,
            ) -> dict[Hex, Choice]:
    """Every hex a click plays an action on in mode ``verb`` -> the :class:`Choice` (empty if none).

    ``ATTACK`` also covers the Medic's ``HEAL``. ``spawn_kind`` picks what a
    ``SPAWN`` places (a :func:`spawn_key`: a unit kind, or a weapon card; default:
    the first offered). ``actor`` is the unit acting when several may (Payload
    Race); None means the state's active unit.
    """
    legal = [a for a in state.legal_actions() if actor is None or a.actor is None or a.actor == actor]
    if verb is Verb.SPAWN:
        keys = [spawn_key(a) for a in legal if a.verb is Verb.SPAWN]
        key = spawn_kind if spawn_kind in keys else (keys[0] if keys else None)
        return {a.target: Choice(a) for a in legal if a.verb is Verb.SPAWN and spawn_key(a) == key and a.target}
    if verb in (Verb.ATTACK, Verb.HEAL):
        wanted = {a for a in legal if a.verb in (Verb.ATTACK, Verb.HEAL)}
        out: dict[Hex, Choice] = {}
        for o in state.attack_options(actor):
            if o.action in wanted and o.action.target is not None:
                rolled = o.rolled
                out[o.action.target] = Choice(o.action, (), o.hit_chance if rolled else None, o.crit_chance,
                                              o.damage, dict(o.area), o.rolls)
        return out
    if verb is Verb.MOVE:
        paths = state.move_paths(actor)
        return {a.target: Choice(a, tuple(paths.get(a.target, ()))) for a in legal
                if a.verb is Verb.MOVE and a.target is not None}
    return {a.target: Choice(a) for a in legal if a.verb is verb and a.target is not None}


# -- explanations ------------------------------------------------------------------------------


def hex_status(state: GameState, h: Hex) -> str:
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


def click_action(state: GameState, verb: Verb, h: Hex, spawn_kind: str | None = None,
                 actor: Hex | None = None) -> Action | None:
    """The action a click on ``h`` in mode ``verb`` would play (legal or not); None when no unit could act."""
    if verb is Verb.SPAWN:
        spawns = [a for a in state.legal_actions() if a.verb is Verb.SPAWN]
        pick = next((a for a in spawns if spawn_key(a) == spawn_kind), spawns[0] if spawns else None)
        if pick is None:
            return Action(Verb.SPAWN, spawn_kind or "unit", None, h)
        return Action(Verb.SPAWN, pick.kind, None, h, pick.detail)
    if state.phase is Phase.TARGET:
        legal = state.legal_actions()
        return Action(Verb.TARGET, legal[0].kind, legal[0].actor, h) if legal else None
    u = state.active_unit() if actor is None else state.unit_at(actor)
    if u is None:
        return None
    here = state.board.hexes[u.cell]
    if verb in (Verb.ATTACK, Verb.HEAL):
        group = state.behaviour(u.kind).attack_group(state, u)
        verb = group[0] if group is not None else Verb.ATTACK
    if verb in (Verb.SCOPE, Verb.PICKUP, Verb.END, Verb.AIRBLAST, Verb.SANDVICH):
        return Action(verb, u.kind, here)
    return Action(verb, u.kind, here, h)


def explain(state: GameState, verb: Verb, h: Hex, spawn_kind: str | None = None, actor: Hex | None = None) -> str:
    """Why a click on ``h`` in mode ``verb`` does nothing now, in plain words (the engine's own reason).

    Callers ask only about hexes outside :func:`choices`; for a hex inside them the
    answer is ``""``. Never raises for any hex or mode.
    """
    if h in choices(state, verb, spawn_kind, actor):
        return ""
    if state.is_terminal():
        return "the game is over; undo or restart to play on"
    if state.board.index.get(h) is None:
        return f"{h} is off the map"
    action = click_action(state, verb, h, spawn_kind, actor)
    if action is None:
        return "no unit is acting now"
    return state.why_not(action) or f"nothing to {mode_label(verb).lower()} at {h}"
