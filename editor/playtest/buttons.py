"""The playtest's buttons for the decision now, as plain values (no widgets).

Two kinds, the same way in every mode:

- the **action bar** (:func:`slot_states`): one :class:`SlotState` per
  :class:`~editor.playtest.presenters.Slot` of the mode, every time, in the same
  order — a slot is enabled when its action is legal now for the selected unit (or
  the team), and otherwise says why in the engine's words. Attack stays enabled
  while the unit may still attack, targets or not: the board then marks the
  enemies in range and a click on another one says why not;
- the **choices** under it (:func:`choice_buttons`), which change with the decision:
  *pick* buttons where a board mode's actions differ in what they use (a spawn's
  unit and card, the weapon fired, who plays a Newton: the presenter's ``picked``),
  a *mode* button for a board verb of a decision that has no slot (a sentry's
  target, an UberCharge answer), and a *play* button for every other legal action
  no slot plays (pass, draft Sprog, reload the Rail Gun with p2, grab a weapon from
  a rack...), with the presenter's words. A verb with one action keys its button by
  the verb (``pass``); with several, each button is keyed by its action's text.

The window lays the values out and wires them; tests read them without Qt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from editor.playtest.explain import details_of, modes_now, spawn_kinds
from editor.playtest.presenters import Presenter, Slot
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

__all__ = ["ButtonSpec", "Role", "SlotState", "choice_buttons", "is_board", "slot_states", "spawn_button_kinds"]

Role = Literal["mode", "kind", "detail", "play"]


@dataclass(frozen=True)
class SlotState:
    """An action-bar button now: ``enabled`` (else ``reason`` says why, in the engine's words), ``checked``
    while its board mode is on, ``tip`` what it does, and ``action`` what it plays at once (a non-board slot)."""

    slot: Slot
    enabled: bool
    tip: str
    reason: str = ""
    checked: bool = False
    action: Action | None = None


@dataclass(frozen=True)
class ButtonSpec:
    """A button among the choices: ``key`` (unique), its text and tooltip, what it does (``role``) and with what.

    ``verb``: the mode a *mode* button switches to, or the mode a *pick* button
    picks for; ``value``: the unit kind (``kind``) or detail (``detail``) picked;
    ``action``: what a *play* button plays. ``group`` is the heading it is listed
    under ("" for the first rows); ``checked`` is None for a button that does not
    stay down.
    """

    key: str
    label: str
    tip: str
    role: Role
    verb: Verb | None = None
    value: str = ""
    action: Action | None = None
    group: str = ""
    enabled: bool = True
    checked: bool | None = None


def is_board(pr: Presenter, a: Action) -> bool:
    """Whether ``a`` is played by a click on the board (else by a button)."""
    return a.verb in pr.board_verbs and (not a.detail or a.verb in pr.picked)


def _mine(a: Action, actor: Hex | None) -> bool:
    return actor is None or a.actor is None or a.actor == actor


def slot_states(st: GameState, pr: Presenter, slots: Sequence[Slot], mode: Verb | None,
                actor: Hex | None) -> list[SlotState]:
    """The action bar now: one state per slot of ``slots``, in order (see the module docstring).

    ``mode`` is the board mode on; ``actor`` the selected unit (None: the state's active unit, or none).
    """
    legal = st.legal_actions() if st.current_team() is not None else []
    who = actor
    if who is None and (u := st.active_unit()) is not None and u.cell >= 0:
        who = st.board.hexes[u.cell]
    out = []
    for slot in slots:
        tip = pr.mode_tip(st, slot.verbs[0], who) if slot.board else _button_tip(st, pr, slot, who)
        mine = [a for a in legal if slot.plays(a) and _mine(a, who) and (not slot.board or is_board(pr, a))]
        others = [a for a in legal if slot.plays(a) and slot.board and is_board(pr, a) and a.actor is not None
                  and (u := st.unit_at(a.actor)) is not None and u.team is not st.current_team()]
        if mine or others:  # others: a powerup played on an enemy figure (a Newton), whoever is selected
            checked = slot.board and (mode in slot.verbs)
            out.append(SlotState(slot, True, tip, checked=checked, action=None if slot.board else mine[0]))
            continue
        reason = _reason(st, pr, slot, who)
        if slot.verbs[0] is Verb.ATTACK and who is not None and not reason:
            out.append(SlotState(slot, True, tip + " No target in range and sight now.", checked=mode in slot.verbs))
            continue
        out.append(SlotState(slot, False, tip, reason or f"no {slot.label.lower()} now"))
    return out


def _button_tip(st: GameState, pr: Presenter, slot: Slot, who: Hex | None) -> str:
    verb = slot.verbs[0]
    return pr.mode_tip(st, verb, who) if who is not None or verb in (Verb.END, Verb.PASS) else pr.mode_label(verb)


def _reason(st: GameState, pr: Presenter, slot: Slot, who: Hex | None) -> str:
    """Why ``slot`` has no action now; '' when only its targets are missing (Attack stays enabled then)."""
    if st.is_terminal():
        return "the game is over"
    if st.phase is not Phase.ACT:
        return f"first: {st.describe_decision()}"
    if who is None:
        if slot.unit is not False and slot.verbs[0] is not Verb.END:
            return "select one of your units first"
        return st.describe_decision()
    probe = pr.probe(st, slot, who)
    if probe is None:
        return f"no {slot.label.lower()} now"
    if slot.verbs[0] is Verb.ATTACK:  # whether the unit may still attack at all; its targets come later
        return st.step_reason(probe) if probe.actor is not None else ""
    return st.why_not(probe)


def spawn_button_kinds(st: GameState) -> list[str]:
    """Every kind the deciding team may field, in blueprint order: one button each, whether or not
    it can be placed now, so the buttons keep their places while units are picked (those already on
    the board are shown disabled). ``st`` must be in the spawn phase."""
    team = st.current_team()
    legal = set(spawn_kinds(st))
    allowed = set(st.game.rosters[team]) if team is not None else set()
    return [k for k in st.ruleset.units if k in allowed or k in legal]


def _spawn_buttons(st: GameState, pr: Presenter, kind: str | None, detail: str | None) -> list[ButtonSpec]:
    """A spawn's pick buttons: one per unit kind (when units are picked one by one: every kind the team may
    field, greyed when not offered; else only when several are offered), then one per card the chosen unit
    carries or discards."""
    spawns = [a for a in st.legal_actions() if a.verb is Verb.SPAWN]
    kinds = spawn_kinds(st)
    chosen = kind if kind in kinds else (kinds[0] if kinds else None)
    out: list[ButtonSpec] = []
    carded = any(a.detail for a in spawns)
    shown = kinds if carded else spawn_button_kinds(st)
    if not carded or len(kinds) > 1:
        heading = pr.pick_heading(Verb.SPAWN, True)
        for k in shown:
            label, tip = pr.pick_label(st, Verb.SPAWN, k)
            on = k in kinds
            out.append(ButtonSpec(f"spawn:{k}", label, tip if on else f"{label}: already on the board, or not "
                                  "allowed in this slot", "kind", Verb.SPAWN, k, group=heading, enabled=on,
                                  checked=k == chosen))
    cards = details_of(st, Verb.SPAWN, None, chosen)
    card = detail if detail in cards else (cards[0] if cards else None)
    heading = pr.pick_heading(Verb.SPAWN, False)
    for c in cards:
        label, tip = pr.pick_label(st, Verb.SPAWN, c)
        out.append(ButtonSpec(f"spawn:{c}", label, tip, "detail", Verb.SPAWN, c, group=heading, checked=c == card))
    return out


def choice_buttons(st: GameState, pr: Presenter, slots: Sequence[Slot], mode: Verb | None,
                   spawn_kind: str | None = None, picks: Mapping[Verb, str] | None = None,
                   actor: Hex | None = None) -> list[ButtonSpec]:
    """The choices of the decision now (see the module docstring), in the order they are shown.

    ``mode`` is the board mode on, ``spawn_kind`` and ``picks`` (verb -> detail) what the
    pick buttons chose so far, ``actor`` the selected unit (None: the state's active unit,
    or no unit). Call it only on a human decision; it never changes ``st``.
    """
    picks = picks or {}
    if st.phase is Phase.SPAWN:
        return _spawn_buttons(st, pr, spawn_kind, picks.get(Verb.SPAWN))
    if st.is_terminal():
        return []
    verbs = modes_now(st, actor)
    legal = [a for a in st.legal_actions() if _mine(a, actor)]
    out: list[ButtonSpec] = []
    slotted = {v for s in slots for v in s.verbs if s.board}
    for v in verbs:  # a decision's board verb without a slot (a sentry's target, an UberCharge answer)
        if v in pr.board_verbs and v not in slotted and v is not Verb.SPAWN and any(
                a.verb is v and is_board(pr, a) for a in legal):
            out.append(ButtonSpec(v.value, pr.mode_label(v), pr.mode_tip(st, v, None), "mode", v,
                                  checked=v == mode))
    plays = [a for a in legal if not is_board(pr, a) and not any(s.plays(a) and not s.board for s in slots)]
    order = {v: i for i, v in enumerate(verbs)}
    plays.sort(key=lambda a: order.get(a.verb, len(order)))  # stable: each verb's actions as offered
    count: dict[Verb, int] = {}
    for a in plays:
        count[a.verb] = count.get(a.verb, 0) + 1
    grouped: list[ButtonSpec] = []
    for a in plays:
        key = a.verb.value if count[a.verb] == 1 and a.verb not in pr.board_verbs else a.text()
        spec = ButtonSpec(key, pr.label(st, a), pr.tip(st, a), "play", a.verb, action=a, group=pr.group(st, a))
        (grouped if spec.group else out).append(spec)
    if mode in pr.picked and mode is not Verb.SPAWN:
        who = actor if any(a.verb is mode for a in legal) else None
        details = details_of(st, mode, who)
        if len(details) > 1:
            chosen = picks.get(mode)
            chosen = chosen if chosen in details else details[0]
            for d in details:
                label, tip = pr.pick_label(st, mode, d)
                out.append(ButtonSpec(f"{mode.value}:{d}", label, tip, "detail", mode, d,
                                      group=pr.pick_heading(mode, False), checked=d == chosen))
    return out + grouped
