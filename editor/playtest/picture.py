"""What the playtest board shows of a game, as plain values (Qt-free).

:func:`board_picture` reads a :class:`~engine.games.koth.state.KothState` through its
public attributes and returns a :class:`BoardPicture`: one :class:`UnitMark` per
unit (team, letters, health, status markers), grenade markers with their owner,
sentry targets, kits that are used up, and who holds each control point. The
board view paints exactly this, so tests can check the picture without pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.games.koth.state import KothState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team

__all__ = ["LETTERS", "BoardPicture", "GrenadeMark", "PointMark", "UnitMark", "board_picture", "blueprint_rows", "SlotRow"]

#: Short labels drawn on unit counters.
LETTERS: Final = {
    "scout": "Sc", "soldier": "So", "pyro": "Py", "demoman": "De", "heavy": "Hv",
    "engineer": "En", "medic": "Md", "sniper": "Sn", "sentry": "SG",
}


@dataclass(frozen=True)
class UnitMark:
    """One unit counter: where, whose, what and its status markers.

    ``burn``/``uber``/``scope``/``charge`` are the engine's counters; ``carrying``
    is True for an Engineer carrying his sentry; for sentries ``target`` is the hex
    of the unit it keeps firing at (None if none) and ``inactive`` is True while
    its Engineer is dead.
    """

    uid: int
    hex: Hex
    team: Team
    kind: str
    name: str
    letters: str
    health: int
    max_health: int
    active: bool = False
    burn: int = 0
    uber: int = 0
    scope: int = 0
    charge: int = 0
    max_charge: int = 0
    carrying: bool = False
    sentry: bool = False
    inactive: bool = False
    target: Hex | None = None
    in_own_base: bool = False

    @property
    def health_fraction(self) -> float:
        """Health as 0..1 (above 1 never; a unit's health never exceeds its maximum)."""
        return max(0.0, min(1.0, self.health / self.max_health)) if self.max_health else 0.0

    def tooltip(self) -> str:
        """Several lines describing the unit and its markers."""
        lines = [f"{self.team.value} {self.name} — {self.health}/{self.max_health} health"]
        if self.active:
            lines.append("acting now")
        if self.burn:
            lines.append(f"burning: {self.burn} marker{'s' if self.burn > 1 else ''} (20 damage at the end of its turn)")
        if self.uber:
            lines.append(f"ÜberCharged: invulnerable for {self.uber} more own turn{'s' if self.uber > 1 else ''}")
        if self.scope:
            lines.append(f"scoped ×{self.scope}")
        if self.max_charge:
            lines.append(f"UberCharge {self.charge}/{self.max_charge}")
        if self.carrying:
            lines.append("carrying his sentry gun")
        if self.sentry:
            lines.append("inactive (its Engineer is dead)" if self.inactive else
                         f"firing at {self.target}" if self.target else "no target")
        if self.in_own_base:
            lines.append("safe in its own spawn base")
        return "\n".join(lines)


@dataclass(frozen=True)
class GrenadeMark:
    """A Demoman's grenade waiting on a hex; it goes off at the start of his next turn."""

    hex: Hex
    team: Team
    owner_hex: Hex | None


@dataclass(frozen=True)
class PointMark:
    """A control point's state: ``holder`` is the team alone on it, ``contested`` when both are."""

    index: int
    hexes: frozenset[Hex]
    holder: Team | None
    contested: bool

    def words(self) -> str:
        """"RED holds" / "contested" / "empty"."""
        if self.contested:
            return "contested"
        return f"{self.holder.value} holds" if self.holder else "empty"


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board draws on top of the map."""

    units: tuple[UnitMark, ...]
    grenades: tuple[GrenadeMark, ...]
    used_kits: dict[Hex, int]
    points: tuple[PointMark, ...]

    def unit_at(self, h: Hex) -> UnitMark | None:
        """The counter on ``h`` (None if empty)."""
        return next((u for u in self.units if u.hex == h), None)


def board_picture(state: KothState) -> BoardPicture:
    """The picture of ``state`` (see module docstring)."""
    bd = state.board
    active = state.active_unit()
    units: list[UnitMark] = []
    carried = {u.owner for u in state.units.values() if u.kind == "sentry" and u.carried}
    for u in sorted(state.units.values(), key=lambda u: u.uid):
        if u.cell < 0:
            continue
        st = state.stats(u.kind)
        target = state.units.get(u.target) if u.target >= 0 else None
        sentry = not st.mobile
        units.append(UnitMark(
            uid=u.uid, hex=bd.hexes[u.cell], team=u.team, kind=u.kind, name=st.name,
            letters=LETTERS.get(u.kind, u.kind[:2].title()), health=u.health, max_health=state.max_health(u.kind),
            active=active is not None and active.uid == u.uid and state.phase is Phase.ACT,
            burn=u.burn, uber=u.uber, scope=u.scope, charge=u.charge,
            max_charge=int(st.params.get("max_charge", 0)) if "ubercharge" in st.specials else 0,
            carrying=u.uid in carried, sentry=sentry, inactive=sentry and not u.active,
            target=bd.hexes[target.cell] if target is not None and target.cell >= 0 else None,
            in_own_base=bd.spawn_team(u.cell) is u.team,
        ))
    grenades = []
    for uid, cell in sorted(state.grenades.items()):
        owner = state.units.get(uid)
        team = owner.team if owner is not None else state.team
        grenades.append(GrenadeMark(bd.hexes[cell], team, bd.hexes[owner.cell] if owner and owner.cell >= 0 else None))
    # a dead Demoman's grenade kept on the board (ruleset option grenade_survives_death): no owner to link
    for team, (_slot, cell, _kind) in sorted(state.dropped_grenades.items()):
        grenades.append(GrenadeMark(bd.hexes[cell], team, None))
    used = {bd.hexes[c]: t for c, t in state.kit_timer.items() if t > 0}
    points = []
    for k, cp in enumerate(state.scenario.map.control_points):
        on = {u.team for u in state.units.values() if u.cell >= 0 and u.kind != "sentry" and bd.hexes[u.cell] in cp}
        points.append(PointMark(k, cp, next(iter(on)) if len(on) == 1 else None, len(on) == 2))
    return BoardPicture(tuple(units), tuple(grenades), used, tuple(points))


@dataclass(frozen=True)
class SlotRow:
    """One blueprint slot for the side panel: the unit (or the dead/empty slot) and its timer."""

    team: Team
    slot: int
    kind: str
    name: str
    health: int
    max_health: int
    timer: int
    alive: bool
    next_up: bool
    acting: bool

    def status(self) -> str:
        """"120/120", "respawn in 2", "ready to spawn" or "not placed yet"."""
        if self.alive:
            return f"{self.health}/{self.max_health}"
        if self.timer > 0:
            return f"respawn in {self.timer}"
        return "ready to spawn" if self.kind else "not placed yet"


def blueprint_rows(state: KothState) -> dict[Team, list[SlotRow]]:
    """Each team's blueprint slots in turn order, marking the one acting and the one up next."""
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
                                nxt == i and not acting, acting))
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
