"""A Team Play team's legal actions in its own turn, as groups (003 "Actions"; docs/rules-teamplay.md).

Asked at every decision of the acting team, so the parts that depend on the map
and the options alone are kept per game (:class:`_Static`: the numbers the
actions read, where a Newton may push a figure on each hex, the hexes a
Teleporter may put one on before figures are considered), and who stands
where is worked out once per call (:class:`_Here`) for all the characters.
The groups, in order: each character's (in draft order), then the Newton and
Teleporter plays and ``end`` while no character is mid-action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from engine.games.teamplay.economy import can_pay
from engine.games.teamplay.pieces import Character, card_kind
from engine.games.teamplay.weapons import aims
from engine.hexgrid import DIRECTIONS
from engine.rules.actions import Verb
from engine.rules.legal import NO_TARGET, Excluding, Group
from engine.rules.memo import make_room
from engine.rules.movement import can_step
from engine.rules.targets import Cells

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["act_groups", "more_to_do", "newton_cells", "unit_groups"]

#: Verbs as module constants: a member looked up on the open vocabulary costs a call (:mod:`engine.vocabulary`).
_V_ATTACK, _V_DASH, _V_END, _V_MOVE = Verb.ATTACK, Verb.DASH, Verb.END, Verb.MOVE
_V_NEWTON, _V_RUSH, _V_STEP, _V_TELEPORT = Verb.NEWTON, Verb.RUSH, Verb.STEP, Verb.TELEPORT
_END: Final[Group] = (Verb.END, "", None, NO_TARGET, None, "")


class _Static:
    """What a game's actions read that never changes during it: option numbers, Newton lines, open hexes."""

    __slots__ = ("dash", "step", "adrenaline_1", "adrenaline_2", "rush_limit", "killshot", "newton", "open",
                 "open_at", "_lines", "_moves", "attacks")

    def __init__(self, s: TeamPlayState) -> None:
        o = s.options
        self.dash = int(o["dash_hexes"])
        self.step = int(o["step_hexes"])
        self.adrenaline_1 = int(o["adrenaline_1"])
        self.adrenaline_2 = int(o["adrenaline_2"])
        self.rush_limit = int(o["rush_limit"])
        self.killshot = int(o["killshot_space"])
        self.newton = int(o["newton_hexes"])
        b = s.board
        #: hexes a figure may stand on (not walls or low obstacles), in index order, and each one's position
        self.open = tuple(c for c in range(b.n) if not b.wall[c] and not b.low[c])
        self.open_at = {c: k for k, c in enumerate(self.open)}
        self._lines: dict[int, tuple[int, ...]] = {}
        self._moves: dict[int, dict[int, Cells]] = {}
        #: (kind, hex, usable weapons, the enemies' hexes by uid) -> a character's attack groups (see
        #: :func:`_attack_groups`)
        self.attacks: dict[tuple[str, int, tuple[str, ...], tuple[int, ...]], tuple[Group, ...]] = {}

    def moves(self, s: TeamPlayState, hexes: int, cell: int) -> Cells:
        """:meth:`~engine.rules.targets.TargetTables.moves` of a figure walking ``hexes`` from ``cell``, through
        the sight's table for that distance (kept here: its key, the walk profile, is slow to hash)."""
        table = self._moves.get(hexes)
        if table is None:
            table = self._moves[hexes] = s.game.targets.move_table(s.walk, hexes)
        hit = table.get(cell)
        if hit is None:
            hit = s.game.targets.moves(s.walk, hexes, cell)
        return hit

    def lines(self, s: TeamPlayState, cell: int) -> tuple[int, ...]:
        """The hexes a Newton may move a figure on ``cell`` through: in each direction, up to ``newton_hexes``
        walkable steps in a straight line (figures on the way are passed, not landed on)."""
        hit = self._lines.get(cell)
        if hit is None:
            b = s.board
            out = []
            for d in DIRECTIONS:
                at = cell
                for _ in range(self.newton):
                    nxt = b.at(b.q[at] + d.q, b.r[at] + d.r)
                    if nxt < 0 or b.wall[nxt] or b.low[nxt] or not can_step(b, at, nxt, s.walk):
                        break
                    at = nxt
                    out.append(nxt)
            hit = self._lines[cell] = tuple(out)
        return hit


def _static(s: TeamPlayState) -> _Static:
    """The game's :class:`_Static`, built on first use (kept in :attr:`Game.cache`)."""
    hit = s.game.cache.get(__name__)
    if hit is None:
        hit = s.game.cache[__name__] = _Static(s)
    return hit


class _Here:
    """Who stands where now, for one call's groups: the hexes figures stand on, and the acting team's enemies on
    the board (by uid, as :func:`~.weapons.aims` wants them)."""

    __slots__ = ("occupied", "enemies", "foes")

    def __init__(self, s: TeamPlayState) -> None:
        team = s.team
        occupied = set()
        enemies = []
        for v in s.units.values():
            if v.cell >= 0:
                occupied.add(v.cell)
                if v.team is not team:
                    enemies.append(v)
        self.occupied = occupied
        self.enemies = enemies
        self.foes = tuple(v.cell for v in enemies)


def act_groups(s: TeamPlayState) -> list[Group]:
    """The legal actions of the acting team's turn (see the module docstring)."""
    here = _Here(s)
    groups: list[Group] = []
    for u in s.characters(s.team):
        if u.cell >= 0:
            unit_groups(s, u, groups, here)
    if s.acting < 0:
        powerup_groups(s, groups, here)
        groups.append(_END)
    return groups


def more_to_do(s: TeamPlayState) -> bool:
    """Whether the acting team may still do something besides ``end``: a character that has not acted
    (it can at least grab or move, unless boxed in), or a Newton or Teleporter to play."""
    if any(u.cell >= 0 and not s.acted(u) for u in s.characters(s.team)):
        return True
    groups: list[Group] = []
    powerup_groups(s, groups, _Here(s))
    return any(len(g[3]) for g in groups)


def _adrenaline(st: _Static, u: Character) -> int:
    return (u.damage >= st.adrenaline_2) + (u.damage >= st.adrenaline_1)


def unit_groups(s: TeamPlayState, u: Character, groups: list[Group], here: _Here | None = None) -> None:
    """Append the action groups of ``u`` now (none once it acted, or while another character is mid-action)."""
    acting = s.acting
    if acting >= 0 and acting != u.uid:
        return
    if acting < 0 and s.acted(u):
        return
    if here is None:
        here = _Here(s)
    st = _static(s)
    b = s.board
    at = b.hexes[u.cell]
    mode = s.acting_mode if acting == u.uid else ""
    if mode == "step":
        _attack_groups(s, u, groups, here)
        groups.append((_V_END, u.kind, at, NO_TARGET, None, ""))
        return
    level = 2 if mode == "rush" else _adrenaline(st, u)
    if mode != "rush":
        _move_groups(s, u, _V_MOVE, s._stats[u.kind].speed, groups, here)
        _attack_groups(s, u, groups, here)
    if level >= 1:
        _move_groups(s, u, _V_DASH, st.dash, groups, here)
    if level >= 2:
        groups.append((_V_STEP, u.kind, at, _reach(s, u, st.step, here)[0], b.hexes, ""))
    if not mode and _adrenaline(st, u) < 2 and u.tile < st.rush_limit and u.damage < st.killshot - u.tile - 1:
        groups.append((_V_RUSH, u.kind, at, NO_TARGET, None, ""))  # may_rush
    if mode == "rush":  # the rush is paid; a boxed-in character may still end its action
        groups.append((_V_END, u.kind, at, NO_TARGET, None, ""))


def _reach(s: TeamPlayState, u: Character, hexes: int, here: _Here) -> tuple[Sequence[int], dict[int, int]]:
    """(:meth:`TeamPlayState.reach`, each destination's position before figures are left out)."""
    base, where = _static(s).moves(s, hexes, u.cell)
    holes = [p for c in here.occupied if (p := where.get(c)) is not None]
    if not holes:
        return base, where
    holes.sort()
    return Excluding(base, holes), where


def _move_groups(s: TeamPlayState, u: Character, verb: Verb, hexes: int, groups: list[Group], here: _Here) -> None:
    b = s.board
    at = b.hexes[u.cell]
    cells, where = _reach(s, u, hexes, here)
    plain: Sequence[int] = cells
    if s.ammo.get(u.cell):  # grab_here
        plain = [u.cell, *cells]
    groups.append((verb, u.kind, at, plain, b.hexes, ""))
    if not s.racks:
        return
    hand = None
    card = s.ruleset.weapon
    for r, rack in s.racks.items():
        if not rack or (r != u.cell and (r not in where or r in here.occupied)):  # not among cells, nor its own hex
            continue
        if hand is None:
            hand = s.hand_of(u)
        for w in dict.fromkeys(rack):
            if can_pay(hand, card(w).grab_cost):
                groups.append((verb, u.kind, at, (r,), b.hexes, w))


def _attack_groups(s: TeamPlayState, u: Character, groups: list[Group], here: _Here) -> None:
    """Append ``u``'s shots: a group per usable weapon that hits someone. They depend on ``u``'s kind and hex,
    its weapons and the enemies' hexes alone (:func:`~.weapons.aims`), so they are kept by those per game:
    the characters that have not acted find theirs again at the team's next decision."""
    weapons = tuple(s.usable_weapons(u))
    if not weapons:
        return
    if u.team is not s.team:  # not the acting team's (asked by a test or the UI): its enemies are others
        groups.extend(_shots(s, u, weapons, None))
        return
    memo = _static(s).attacks
    key = (u.kind, u.cell, weapons, here.foes)
    hit = memo.get(key)
    if hit is None:
        make_room(memo, 8_192)
        hit = memo[key] = _shots(s, u, weapons, here.enemies)
    groups.extend(hit)


def _shots(s: TeamPlayState, u: Character, weapons: tuple[str, ...],
           enemies: list[Character] | None) -> tuple[Group, ...]:
    b = s.board
    at = b.hexes[u.cell]
    card = s.ruleset.weapon
    out = []
    for w in weapons:
        targets, indices = aims(s, u, card(w), enemies)
        if targets:
            out.append((_V_ATTACK, u.kind, at, tuple(targets), b.hexes if indices else None, w))
    return tuple(out)


def newton_cells(s: TeamPlayState, v: Character, here: _Here | None = None) -> list[int]:
    """Where a Newton may put ``v``: up to ``newton_hexes`` in a straight line, each step a walkable one,
    on no figure's hex; sorted."""
    occupied = (here or _Here(s)).occupied
    return sorted({c for c in _static(s).lines(s, v.cell) if c not in occupied})


def powerup_groups(s: TeamPlayState, groups: list[Group], here: _Here) -> None:
    """Append the Newton and Teleporter plays of the acting team now."""
    b = s.board
    team = s.team
    hands = s.hands[team]
    held = [{card_kind(c) for c in hand.cards} for hand in hands]  # the powerup kinds in each hand
    if not any(held):
        return
    enemies = None
    for hand, kinds in zip(hands, held, strict=True):
        if "newton" in kinds:
            if enemies is None:
                enemies = [v for v in s.characters(team.other) if v.cell >= 0]
            for v in enemies:
                cells = newton_cells(s, v, here)
                if cells:
                    groups.append((_V_NEWTON, v.kind, b.hexes[v.cell], cells, b.hexes, hand.name))
    free = None
    for u in s.characters(team):
        if u.cell < 0:
            continue
        k = s.controller(u)
        if k >= 0 and "teleporter" in held[k]:  # the hand of its controller (hand_of)
            if free is None:  # free(c) for every hex: open and no figure there
                st = _static(s)
                free = Excluding.of(st.open, st.open_at, here.occupied)
            groups.append((_V_TELEPORT, u.kind, b.hexes[u.cell], free, b.hexes, ""))
