"""What a click on the board may do now, and why a click does nothing (Qt-free).

The board works in *modes*, named by the verb a click plays: move, attack (or
heal), spawn, and each mode's targeted specials and choices (its presenter's
``board_verbs``). Where the legal actions of a mode differ in what they use (the
presenter's ``picked`` verbs: the weapon a shot fires, the card a spawn carries
or discards) the window picks that ``detail`` with buttons and the board shows
the hexes of the one picked. :func:`choices` lists every hex a click would act on in a mode,
with the action and what the UI shows (path, hit chance, damage, area);
:func:`explain` says in plain words why a hex is *not* one of them ("no line of
sight: wall at 3,-2"). Both ask the game state only: :func:`choices` is built
from its legal actions and attack options, :func:`explain` from its
:meth:`~engine.games.protocol.GameState.why_not` — the rules are never copied here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from editor.playtest.presenters import presenter_of
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

__all__ = ["Choice", "actors", "choices", "click_action", "details_of", "explain", "hex_status", "modes_now",
           "spawn_kinds", "unit_name"]


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
            steps = len(self.path) - 1
            return f"move to {a.target}" + (f" ({steps} step{'s' * (steps != 1)})" if steps > 0 else "")
        if a.verb is Verb.HEAL:
            return f"heal {a.target} for {-(self.damage or 0)}"
        if a.verb is Verb.ATTACK:
            parts = [f"attack {a.target}" + (f" with the {a.detail.replace('_', ' ')}" if a.detail else "")]
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
        return a.verb.value.replace("_", " ") + (f" at {a.target}" if a.target else "")


def unit_name(state: GameState, u: Any) -> str:
    """"BLU Heavy" style name of a unit."""
    return f"{u.team.value} {state.stats(u.kind).name}"


def modes_now(state: GameState, actor: Hex | None = None) -> list[Verb]:
    """The verbs with at least one legal action now, in a stable order: spawn, the mode's board verbs, the
    other verbs in the order they were defined, ``pass`` and ``end`` last.

    With ``actor``, only that unit's actions count (and the side's own: end, pass).
    """
    verbs = {a.verb for a in state.legal_actions() if actor is None or a.actor is None or a.actor == actor}
    first = (Verb.SPAWN, *presenter_of(state).board_verbs)
    last = (Verb.PASS, Verb.END)
    order = list(Verb)
    others = sorted((v for v in verbs if v not in first and v not in last), key=order.index)
    return [v for v in dict.fromkeys(first) if v in verbs] + others + [v for v in last if v in verbs]


def actors(state: GameState) -> list[Hex]:
    """Hexes of the units that have an action in a team's turn now, in unit order (the ones a click may
    select); none while another decision waits."""
    if state.phase is not Phase.ACT:
        return []
    return list(dict.fromkeys(a.actor for a in state.legal_actions() if a.actor is not None))


def details_of(state: GameState, verb: Verb, actor: Hex | None = None, kind: str | None = None) -> list[str]:
    """The different non-empty ``detail`` of ``verb``'s legal actions (of ``actor``; for a spawn, of the unit
    ``kind`` picked), in the order offered: what the pick buttons of a picked mode (the presenter's
    ``picked``) choose from."""
    legal = [a for a in state.legal_actions() if a.verb is verb and (actor is None or a.actor is None
                                                                     or a.actor == actor)]
    if verb is Verb.SPAWN:
        kinds = spawn_kinds(state)
        k = _pick(kinds, kind)
        legal = [a for a in legal if a.kind == k]
    return list(dict.fromkeys(a.detail for a in legal if a.detail))


def spawn_kinds(state: GameState) -> list[str]:
    """The unit kinds the legal spawns place, in the order offered."""
    return list(dict.fromkeys(a.kind for a in state.legal_actions() if a.verb is Verb.SPAWN))


def _pick(values: list[str], wanted: str | None) -> str | None:
    """``wanted`` when offered, else the first value offered (None when there is none)."""
    return wanted if wanted in values else (values[0] if values else None)


def _spawn_pick(state: GameState, spawn_kind: str | None, detail: str | None) -> tuple[str | None, str]:
    """The unit kind and card a spawn click uses: those picked when offered now, else the first offered — what the
    pick buttons show checked. A pick left from an earlier spawn (another player's card) is not offered and so not
    used (a new-user audit: a click was refused for "newton red", the other player's discard)."""
    kinds = spawn_kinds(state)
    cards = {a.detail for a in state.legal_actions() if a.verb is Verb.SPAWN}
    if spawn_kind not in kinds and detail is None and spawn_kind in cards:
        spawn_kind, detail = None, spawn_kind  # a card named where the unit is fixed (Payload Race)
    kind = _pick(kinds, spawn_kind)
    return kind, _pick(details_of(state, Verb.SPAWN, None, kind), detail) or ""


# -- choices ---------------------------------------------------------------------------------


def choices(state: GameState, verb: Verb, spawn_kind: str | None = None, actor: Hex | None = None,
            detail: str | None = None) -> dict[Hex, Choice]:
    """Every hex a click plays an action on in mode ``verb`` -> the :class:`Choice` (empty if none).

    ``ATTACK`` also covers the Medic's ``HEAL``. ``spawn_kind`` picks the unit a
    ``SPAWN`` places, ``detail`` what a picked mode (the presenter's ``picked``) uses (the weapon card a
    spawn carries or the powerup it discards, the weapon fired, the player playing a
    Newton); either defaults to the first offered. ``actor`` is the unit acting
    when several may (Payload Race, Team Play); None means the state's active unit.
    """
    legal = [a for a in state.legal_actions() if actor is None or a.actor is None or a.actor == actor]
    if verb is Verb.SPAWN:
        kind, card = _spawn_pick(state, spawn_kind, detail)
        return {a.target: Choice(a) for a in legal
                if a.verb is Verb.SPAWN and a.kind == kind and a.detail == card and a.target}
    wanted_detail = (_pick(details_of(state, verb, actor), detail) or "") if verb in presenter_of(state).picked else ""
    if verb in (Verb.ATTACK, Verb.HEAL):
        wanted = {a for a in legal if a.verb in (Verb.ATTACK, Verb.HEAL) and a.detail == wanted_detail}
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
                if a.verb is Verb.MOVE and a.target is not None and not a.detail}
    return {a.target: Choice(a) for a in legal if a.verb is verb and a.target is not None
            and a.detail == wanted_detail}


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
                 actor: Hex | None = None, detail: str | None = None) -> Action | None:
    """The action a click on ``h`` in mode ``verb`` would play (legal or not); None when no unit could act."""
    if verb is Verb.SPAWN:
        kind, card = _spawn_pick(state, spawn_kind, detail)
        if kind is None:
            return Action(Verb.SPAWN, spawn_kind or "unit", None, h)
        return Action(Verb.SPAWN, kind, None, h, card)
    if state.phase is not Phase.ACT:  # a choice on the board (a sentry's target): the same verb on another hex
        legal = [a for a in state.legal_actions() if a.verb is verb and a.target is not None]
        return Action(verb, legal[0].kind, legal[0].actor, h, legal[0].detail) if legal else None
    u = state.active_unit() if actor is None else state.unit_at(actor)
    if u is None:
        return None
    here = state.board.hexes[u.cell]
    if verb in (Verb.ATTACK, Verb.HEAL):
        group = state.behaviour(u.kind).attack_group(state, u)
        verb = group[0] if group is not None else Verb.ATTACK
    if verb.form == "untargeted":
        return Action(verb, u.kind, here)
    pr = presenter_of(state)
    if verb in pr.picked:
        chosen = _pick(details_of(state, verb, actor), detail) or detail or pr.default_detail(state, verb, here)
        return Action(verb, u.kind, here, h, chosen or "")
    return Action(verb, u.kind, here, h)


def explain(state: GameState, verb: Verb, h: Hex, spawn_kind: str | None = None, actor: Hex | None = None,
            detail: str | None = None) -> str:
    """Why a click on ``h`` in mode ``verb`` does nothing now, in plain words (the engine's own reason).

    Callers ask only about hexes outside :func:`choices`; for a hex inside them the
    answer is ``""``. Never raises for any hex or mode.
    """
    if h in choices(state, verb, spawn_kind, actor, detail):
        return ""
    if state.is_terminal():
        return "the game is over; undo or restart to play on"
    if state.board.index.get(h) is None:
        return f"{h} is off the map"
    action = click_action(state, verb, h, spawn_kind, actor, detail)
    if action is None:
        return "no unit is acting now"
    return state.why_not(action) or f"nothing to {presenter_of(state).mode_label(verb).lower()} at {h}"
