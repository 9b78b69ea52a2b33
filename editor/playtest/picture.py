"""What the playtest board shows of a game, as plain values (Qt-free).

Each mode's picture function (chosen by the mode's presenter,
:meth:`editor.playtest.presenters.Presenter.picture`) reads a game state through its
public attributes and returns a :class:`BoardPicture`: one :class:`UnitMark` per unit (team, letters,
health, status markers, weapon card), and what the mode puts on the map — in King
of the Board grenade markers with their owner, sentry targets, kits that are used
up and who holds each control point; in Payload Race the two carts with their
progress and whether an enemy stops them; in Team Play each character's damage
against its killshot space with badges for its buffered damage, marks, venom and
whether it acted, and the ammo tiles and weapon racks as they are now. The board view paints exactly this, so
tests can check the picture without pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.games.koth.state import KothState
from engine.games.payload.state import PayloadState
from engine.games.protocol import GameState, narrow
from engine.games.state import Phase
from engine.games.teamplay.state import TeamPlayState
from engine.hexgrid import Hex
from engine.mapmodel import Team

__all__ = ["LETTERS", "BoardPicture", "CartMark", "GrenadeMark", "PointMark", "SlotRow", "TileMark", "UnitMark",
           "blueprint_rows", "koth_picture", "payload_picture", "teamplay_picture", "token_rows"]

#: Short labels drawn on unit counters.
LETTERS: Final = {
    "scout": "Sc", "soldier": "So", "pyro": "Py", "demoman": "De", "heavy": "Hv",
    "engineer": "En", "medic": "Md", "sniper": "Sn", "sentry": "SG",
    "sprog": "Sp", "violet": "Vi", "dozer": "Dz", "banshee": "Bn", "dstructor": "DS", "echo": "Ec",
}


@dataclass(frozen=True)
class UnitMark:
    """One unit counter: where, whose, what and its status markers.

    ``burn``/``uber``/``scope``/``charge`` are the engine's counters; ``carrying``
    is True for an Engineer carrying his sentry; for sentries ``target`` is the hex
    of the unit it keeps firing at (None if none) and ``inactive`` is True while
    its Engineer is dead. ``badges`` are small (text, colour) tags drawn over the
    counter (Team Play's buffered damage, marks, venom, "acted"); ``summary``
    replaces "health/max health" in the tooltip and ``notes`` end it.
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
    weapon: str = ""
    kritz: bool = False
    badges: tuple[tuple[str, str], ...] = ()
    summary: str = ""
    notes: tuple[str, ...] = ()

    @property
    def health_fraction(self) -> float:
        """Health as 0..1 (above 1 never; a unit's health never exceeds its maximum)."""
        return max(0.0, min(1.0, self.health / self.max_health)) if self.max_health else 0.0

    def tooltip(self) -> str:
        """Several lines describing the unit and its markers."""
        lines = [f"{self.team.value} {self.name} — {self.summary or f'{self.health}/{self.max_health} health'}"]
        if self.active:
            lines.append("acting now")
        if self.burn:
            lines.append(f"burning: {self.burn} marker{'s' if self.burn > 1 else ''} (20 damage at the end of its turn)")
        if self.weapon:
            lines.append(f"carries the {self.weapon}")
        if self.uber:
            lines.append(f"ÜberCharged: invulnerable for {self.uber} more own turn{'s' if self.uber > 1 else ''}"
                         if not self.weapon else "ÜberCharged: attacks do nothing until this turn ends")
        if self.kritz:
            lines.append("kritzed: every hit adds the kritz die this turn")
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
        lines.extend(self.notes)
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
class CartMark:
    """A Payload Race cart: where it stands, how far along its track, and who stops it now."""

    team: Team
    hex: Hex
    pushes: int
    total: int
    blocked_by: tuple[Hex, ...] = ()
    ahead: tuple[Hex, ...] = ()

    def words(self) -> str:
        """"RED cart 3/23 (blocked)"."""
        return f"{self.team.value} cart {self.pushes}/{self.total}" + (" (blocked)" if self.blocked_by else "")


@dataclass(frozen=True)
class TileMark:
    """A Team Play card on the map now: an ammo tile (``kind`` "ammo", ``text`` its letters, "" once grabbed)
    or a weapon rack (``kind`` "rack", ``text`` how many weapons it holds, ``tip`` their names)."""

    hex: Hex
    kind: str
    text: str
    tip: str = ""


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board draws on top of the map."""

    units: tuple[UnitMark, ...]
    grenades: tuple[GrenadeMark, ...]
    used_kits: dict[Hex, int]
    points: tuple[PointMark, ...]
    carts: tuple[CartMark, ...] = ()
    tiles: tuple[TileMark, ...] = ()

    def unit_at(self, h: Hex) -> UnitMark | None:
        """The counter on ``h`` (None if empty)."""
        return next((u for u in self.units if u.hex == h), None)


def payload_picture(game: GameState) -> BoardPicture:
    """Payload Race's picture: the tokens and the two carts."""
    state = narrow(game, PayloadState, "the Payload Race picture")
    bd = state.board
    units: list[UnitMark] = []
    for u in sorted(state.units.values(), key=lambda u: u.uid):
        st = state.stats(u.kind)
        card = state.ruleset.weapons.get(u.weapon)
        units.append(UnitMark(
            uid=u.uid, hex=bd.hexes[u.cell], team=u.team, kind=u.kind, name=st.name,
            letters=LETTERS.get(u.kind, u.kind[:2].title()), health=u.health, max_health=state.max_health(u.kind),
            uber=1 if u.uber else 0, charge=u.charge,
            max_charge=card.charge_needed if card is not None and card.charge else 0,
            in_own_base=state.in_own_spawn(u), weapon=card.title if card is not None else u.weapon, kritz=u.kritz,
        ))
    carts = []
    for team in Team:
        track = state.tracks[team]
        i = state.carts[team]
        carts.append(CartMark(team, bd.hexes[track[i]], i, len(track) - 1,
                              tuple(bd.hexes[v.cell] for v in state.blockers(team)),
                              tuple(bd.hexes[c] for c in track[i + 1:])))
    return BoardPicture(tuple(units), (), {}, (), tuple(carts))


#: Badge colours: damage waiting in the buffer, marks, venom, "acted this turn".
_BADGE = {"pending": "#d9730d", "marks": "#7b3fb5", "venom": "#2e8b3e", "acted": "#5b6068"}


def teamplay_picture(game: GameState) -> BoardPicture:
    """Team Play's picture: the characters with their badges, the ammo tiles and the weapon racks."""
    state = narrow(game, TeamPlayState, "the Team Play picture")
    bd = state.board
    active = state.active_unit()
    units: list[UnitMark] = []
    for u in sorted(state.units.values(), key=lambda u: u.uid):
        if u.cell < 0:
            continue
        v = state.board_view(u)
        badges = [(text, _BADGE[name]) for name, text, on in (
            ("pending", f"+{v.pending}", v.pending), ("marks", f"◆{v.marks}", v.marks), ("venom", "V", v.venom),
            ("acted", "✓", v.acted)) if on]
        notes = [f"{v.pending} damage waiting in the {u.team.value} buffer" if v.pending else "",
                 f"{v.marks} mark(s) waiting in the buffer" if v.marks else "",
                 "a venom token (1 damage onto the board at the end of Sprog's turn)" if v.venom else "",
                 f"next killshot scores {v.value}; {v.skulls} skull(s) on the board",
                 f"controlled by {v.controller}" + (" · acted this turn" if v.acted else "")]
        units.append(UnitMark(
            uid=u.uid, hex=bd.hexes[u.cell], team=u.team, kind=u.kind, name=v.name,
            letters=LETTERS.get(u.kind, u.kind[:2].title()), health=max(0, v.killshot - v.damage),
            max_health=v.killshot, active=active is not None and active.uid == u.uid, badges=tuple(badges),
            summary=f"{v.damage} damage, killed at {v.killshot}", notes=tuple(n for n in notes if n),
        ))
    arena = state.arena_view()
    tiles = [TileMark(h, "ammo", tile) for h, tile in arena.ammo]
    tiles += [TileMark(h, "rack", str(len(rack)), ", ".join(state.card(w).title for w in rack) or "empty")
              for h, rack in arena.racks]
    return BoardPicture(tuple(units), (), {}, (), (), tuple(tiles))


def koth_picture(game: GameState) -> BoardPicture:
    """King of the Board's picture: the units, grenades, used kits and who holds each control point."""
    state = narrow(game, KothState, "the King of the Board picture")
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
    note: str = ""

    def status(self) -> str:
        """"120/120", "respawn in 2", "ready to spawn", its note ("back in its spawn now") or "not placed yet"."""
        if self.alive:
            return f"{self.health}/{self.max_health}"
        if self.timer > 0:
            return f"respawn in {self.timer}"
        if self.note:
            return self.note
        return "ready to spawn" if self.kind else "not placed yet"


def blueprint_rows(game: GameState) -> dict[Team, list[SlotRow]]:
    """Each team's blueprint slots in turn order, marking the one acting and the one up next (King of the Board)."""
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


def token_rows(game: GameState) -> dict[Team, list[SlotRow]]:
    """Payload Race's side panel: each team's tokens with their weapon card and markers; the deciding
    team's tokens that still have something to do are marked acting."""
    state = narrow(game, PayloadState, "the token panel")
    out: dict[Team, list[SlotRow]] = {t: [] for t in Team}
    deciding = state.current_team() if state.phase is Phase.ACT else None
    for u in sorted(state.units.values(), key=lambda u: (u.slot, u.uid)):
        card = state.ruleset.weapons.get(u.weapon)
        marks = [card.title if card is not None else u.weapon]
        if card is not None and card.charge:
            marks.append(f"{card.charge} {u.charge}/{card.charge_needed}")
        marks += [m for m, on in (("ÜBER", u.uber), ("KRITZ", u.kritz)) if on]
        busy = u.team is deciding and bool(state.unit_groups(u))
        out[u.team].append(SlotRow(u.team, u.slot, u.kind, state.stats(u.kind).name, u.health,
                                   state.max_health(u.kind), 0, True, False, busy, " · ".join(marks)))
    for team in Team:
        dead = [(kind, slot, "back in its spawn now") for t, kind, slot in state.respawns if t is team]
        dead += [(kind, slot, "waits for a free spawn hex") for kind, slot in state.waiting[team]]
        for kind, slot, note in dead:
            out[team].append(SlotRow(team, slot, kind, state.stats(kind).name, 0, state.max_health(kind), 0, False,
                                     False, False, note))
        for t, kind, slot in state.setup:
            if t is team:
                out[team].append(SlotRow(team, slot, kind, state.stats(kind).name, 0, state.max_health(kind), 0,
                                         False, False, False))
        out[team].sort(key=lambda r: r.slot)
    return out
