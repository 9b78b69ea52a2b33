"""King of the Board's board picture and blueprint rows, read from a game's public attributes.

:func:`koth_picture`: the units with their markers, grenades with their owner,
sentry targets, kits that are used up and who holds each control point.
:func:`blueprint_rows`: each team's blueprint slots in turn order.
"""

from __future__ import annotations

from typing import Any, Final

from editor.playtest.koth.marks import (
    Burn,
    Carrying,
    Charge,
    GrenadeMark,
    PointMark,
    Scope,
    SentryLine,
    Uber,
    UsedKit,
)
from editor.playtest.picture import BoardMark, BoardPicture, Decoration, SlotRow, unit_marks
from engine.games.koth.state import KothState
from engine.games.protocol import GameState, narrow
from engine.games.state import Phase
from engine.mapmodel import Team

__all__ = ["LETTERS", "blueprint_rows", "koth_picture", "letters"]

#: Short labels drawn on unit counters.
LETTERS: Final = {"scout": "Sc", "soldier": "So", "pyro": "Py", "demoman": "De", "heavy": "Hv",
                  "engineer": "En", "medic": "Md", "sniper": "Sn", "sentry": "SG"}


def letters(kind: str) -> str:
    """A unit kind's two letters."""
    return LETTERS.get(kind, kind[:2].title())


def koth_picture(game: GameState) -> BoardPicture:
    """King of the Board's picture: the units, grenades, sentry lines, used kits and who holds each point."""
    state = narrow(game, KothState, "the King of the Board picture")
    bd = state.board
    carried = {u.owner for u in state.units.values() if u.kind == "sentry" and u.carried}
    marks: list[BoardMark] = []

    def extra(u: Any) -> dict[str, Any]:
        st = state.stats(u.kind)
        sentry = not st.mobile
        decor: list[Decoration] = []
        notes = []
        if u.burn:
            decor.append(Burn(u.burn))
            notes.append(f"burning: {u.burn} marker{'s' if u.burn > 1 else ''} (20 damage at the end of its turn)")
        if u.uber:
            decor.append(Uber(u.uber))
            notes.append(f"ÜberCharged: invulnerable for {u.uber} more own turn{'s' if u.uber > 1 else ''}")
        if u.scope:
            decor.append(Scope(u.scope))
            notes.append(f"scoped ×{u.scope}")
        if "ubercharge" in st.specials:
            full = int(st.params.get("max_charge", 0))
            decor.append(Charge(u.charge, full))
            notes.append(f"UberCharge {u.charge}/{full}")
        if u.uid in carried:
            decor.append(Carrying(u.team))
            notes.append("carrying his sentry gun")
        target = state.units.get(u.target) if u.target >= 0 else None
        aim = bd.hexes[target.cell] if target is not None and target.cell >= 0 else None
        if sentry:
            notes.append("inactive (its Engineer is dead)" if not u.active else f"firing at {aim}" if aim else
                         "no target")
            if aim is not None and u.active:
                marks.append(SentryLine(bd.hexes[u.cell], aim, u.team))
        if bd.spawn_team(u.cell) is u.team:
            notes.append("safe in its own spawn base")
        return {"square": sentry, "dimmed": sentry and not u.active, "ring": "#28dc78" if u.uber else "",
                "decor": tuple(decor), "notes": tuple(notes)}

    units = unit_marks(state, letters, extra)
    for uid, cell in sorted(state.grenades.items()):
        owner = state.units.get(uid)
        team = owner.team if owner is not None else state.team
        marks.append(GrenadeMark(bd.hexes[cell], team, bd.hexes[owner.cell] if owner and owner.cell >= 0 else None))
    # a dead Demoman's grenade kept on the board (ruleset option grenade_survives_death): no owner to link
    for team, (_slot, cell, _kind) in sorted(state.dropped_grenades.items()):
        marks.append(GrenadeMark(bd.hexes[cell], team, None))
    marks.extend(UsedKit(bd.hexes[c], t) for c, t in state.kit_timer.items() if t > 0)
    for k, cp in enumerate(state.scenario.map.control_points):
        on = {u.team for u in state.units.values() if u.cell >= 0 and u.kind != "sentry" and bd.hexes[u.cell] in cp}
        marks.append(PointMark(k, cp, next(iter(on)) if len(on) == 1 else None, len(on) == 2))
    return BoardPicture(units, tuple(marks))


def blueprint_rows(game: GameState) -> dict[Team, list[SlotRow]]:
    """Each team's blueprint slots in turn order, marking the one acting and the one up next."""
    state = narrow(game, KothState, "the blueprint panel")
    out: dict[Team, list[SlotRow]] = {}
    for team in Team:
        rows = []
        slots = state.slots.get(team, [])
        nxt = _next_slot(state, team)
        for i, s in enumerate(slots):
            u = state.units.get(s.uid) if s.uid >= 0 else None
            kind = u.kind if u is not None else (s.kind or s.fixed_kind)
            name = state.stats(kind).name if kind else "—"
            acting = state.phase is not Phase.OVER and state.team is team and state.active_slot == i
            rows.append(SlotRow(team, i, kind, name, u.health if u else 0,
                                state.max_health(kind) if kind else 0, s.timer, u is not None,
                                nxt == i and not acting, acting, letters=letters(kind) if kind else "?"))
        out[team] = rows
    return out


def _next_slot(state: KothState, team: Team) -> int:
    """The slot the blueprint marker moves to on ``team``'s next turn (-1 if none can act)."""
    slots = state.slots.get(team, [])
    start = state.pointer.get(team, -1)
    for k in range(1, len(slots) + 1):
        i = (start + k) % len(slots)
        s = slots[i]
        if s.uid >= 0 or s.timer == 0:
            return i
    return -1
