"""The buttons of the playtest's side panel for the decision now, as plain values (no widgets).

:func:`panel_buttons` turns the legal actions of a game (of the selected unit,
when a side's units act in any order) into :class:`ButtonSpec` values, the same
way in every mode:

- a *mode* button per board verb (move, attack, dash, Newton...): a click on
  the board then plays one of that verb's actions;
- *pick* buttons where a mode's actions differ in what they use (a spawn's unit
  and card, the weapon fired, who plays a Newton: :data:`~editor.playtest.explain.PICKED`);
- a *probe* button for a verb the mode always shows though it is not legal now
  (Push cart, Dash): a click says why, in the engine's words;
- a *play* button for every other legal action (end the turn, pass, draft
  Sprog, reload the Rail Gun with p2...), with the presenter's words. A verb
  with one action keys its button by the verb (``end``); with several, each
  button is keyed by its action's text (``draft sprog``).

In that order, except that play buttons the presenter lists under a heading
(Team Play's choices, its rack weapons) come after the pick buttons.

The window lays the values out and wires them; tests read them without Qt.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from editor.playtest.explain import BOARD_VERBS, PICKED, details_of, modes_now, spawn_kinds
from editor.playtest.presenters import Presenter
from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

__all__ = ["ButtonSpec", "Role", "panel_buttons", "spawn_button_kinds"]

Role = Literal["mode", "kind", "detail", "probe", "play"]
#: Verbs a click on the board plays (their actions are never play buttons, except a board verb's action that
#: names a detail no pick button chooses: Team Play's move that grabs a weapon).
_BOARD: Final = frozenset((*BOARD_VERBS, Verb.SPAWN, Verb.TARGET))


@dataclass(frozen=True)
class ButtonSpec:
    """One button: ``key`` (unique in the panel), its text and tooltip, what it does (``role``) and with what.

    ``verb``: the mode a *mode* or *probe* button stands for, or the mode a *pick*
    button picks for; ``value``: the unit kind (``kind``) or detail (``detail``)
    picked; ``action``: what a *play* button plays. ``group`` is the heading it
    is listed under ("" for the top rows); ``checked`` is None for a button that
    does not stay down.
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


def spawn_button_kinds(st: GameState) -> list[str]:
    """Every kind the deciding team may field, in blueprint order: one button each, whether or not
    it can be placed now, so the buttons keep their places while units are picked (those already on
    the board are shown disabled). ``st`` must be in the spawn phase."""
    team = st.current_team()
    legal = set(spawn_kinds(st))
    allowed = set(st.game.rosters[team]) if team is not None else set()
    return [k for k in st.ruleset.units if k in allowed or k in legal]


def _spawn_buttons(st: GameState, pr: Presenter, kind: str | None, detail: str | None) -> list[ButtonSpec]:
    """A spawn's pick buttons: one per unit kind (King of the Board: every kind the team may field, greyed
    when not offered; else only when several are offered), then one per card the chosen unit carries or
    discards (Payload Race's weapon cards, Team Play's powerups)."""
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


def _is_board(a: Action) -> bool:
    """Whether ``a`` is played by a click on the board (else by a button)."""
    return a.verb in _BOARD and (not a.detail or a.verb in PICKED)


def panel_buttons(st: GameState, pr: Presenter, mode: Verb | None, spawn_kind: str | None = None,
                  picks: Mapping[Verb, str] | None = None, actor: Hex | None = None) -> list[ButtonSpec]:
    """The buttons of the decision now (see the module docstring), in the order they are shown.

    ``mode`` is the board mode on, ``spawn_kind`` and ``picks`` (verb -> detail) what the
    pick buttons chose so far, ``actor`` the selected unit (None: the state's active unit,
    or no unit). Call it only on a human decision; it never changes ``st``.
    """
    picks = picks or {}
    if st.phase is Phase.SPAWN:
        return _spawn_buttons(st, pr, spawn_kind, picks.get(Verb.SPAWN))
    if st.phase not in (Phase.ACT, Phase.REACT, Phase.CHOOSE):
        return []
    verbs = modes_now(st, actor)
    legal = [a for a in st.legal_actions() if actor is None or a.actor is None or a.actor == actor]
    out: list[ButtonSpec] = []
    board = [v for v in verbs if v in BOARD_VERBS and any(a.verb is v and _is_board(a) for a in legal)]
    team = st.current_team()
    for a in st.legal_actions():  # modes on enemy figures (a Newton) are offered whatever is selected
        v = a.verb
        u = st.unit_at(a.actor) if a.actor is not None else None
        if v in BOARD_VERBS and v not in board and u is not None and u.team is not team:
            board.append(v)
    for v in board:
        out.append(ButtonSpec(v.value, pr.mode_label(v), pr.mode_tip(st, v, actor), "mode", v,
                              checked=v == mode or (v is Verb.HEAL and mode is Verb.ATTACK)))
    for v in pr.probes(st, actor, verbs):
        out.append(ButtonSpec(v.value, pr.mode_label(v), pr.mode_tip(st, v, actor), "probe", v))
    plays = [a for a in legal if not _is_board(a)]
    order = {v: i for i, v in enumerate(verbs)}
    plays.sort(key=lambda a: order.get(a.verb, len(order)))  # stable: each verb's actions as offered
    count: dict[Verb, int] = {}
    for a in plays:
        count[a.verb] = count.get(a.verb, 0) + 1
    grouped: list[ButtonSpec] = []
    for a in plays:
        key = a.verb.value if count[a.verb] == 1 and a.verb not in _BOARD else a.text()
        spec = ButtonSpec(key, pr.label(st, a), pr.tip(st, a), "play", a.verb, action=a, group=pr.group(st, a))
        (grouped if spec.group else out).append(spec)
    if mode in PICKED and mode in board:
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
