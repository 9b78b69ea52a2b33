"""Where a weapon may be fired from a hex and whom it hits (Team Play's cards; no dice: every shot hits).

A weapon card (:class:`~engine.ruleset.WeaponCard`) shoots one of three ways,
in hexfort's compact base game (docs/rules-teamplay.md, "Weapons"):

- ``direct``: one enemy at a distance from ``min_range`` to ``range`` that the
  shooter sees (or any, for a ``lobbed`` card); the action names his hex;
- ``blast``: a hex in that distance and sight, not a wall; every enemy under the
  card's stencil centred there (and seen from the centre) is hit;
- ``fire``: the stencil laid next to the shooter in one of six directions (the
  action names the neighbouring hex of that direction); walls and what the
  shooter cannot see stop it.

Each enemy hit takes the damage printed on its stencil hex (the card's
``damage`` where the stencil prints none), then the card's marks, then a venom
token with a ``venom`` card. Nothing here changes the game; :mod:`.state` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.payload.aims import aim_tables
from engine.games.payload.stencils import lay
from engine.games.teamplay.pieces import Character
from engine.hexgrid import DIRECTIONS, Hex
from engine.rules.memo import make_room
from engine.ruleset import WeaponCard

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["aims", "area", "hits", "in_reach"]


#: One enemy a shot hits and the damage it takes.
Hit = tuple[Character, int]


def in_reach(state: TeamPlayState, cell: int, card: WeaponCard, target: int) -> bool:
    """Whether a shooter on ``cell`` may aim ``card`` at board index ``target`` (range and sight)."""
    b = state.board
    dq, dr = b.q[target] - b.q[cell], b.r[target] - b.r[cell]
    return (card.min_range <= (abs(dq) + abs(dr) + abs(dq + dr)) >> 1 <= card.range
            and (card.lobbed or state.sight.sees(cell, target)))


def _enemies(state: TeamPlayState, u: Character) -> list[Character]:
    return [v for v in state.units.values() if v.team is not u.team and v.cell >= 0]


def _stencil_cells(state: TeamPlayState, card: WeaponCard, anchor: int, direction: int = 0) -> list[tuple[int, int]]:
    """(board index, damage) under ``card``'s stencil at ``anchor`` (the card's damage where none is printed)."""
    stencil = state.ruleset.stencils[card.stencil]
    return [(c, card.damage if dmg is None else int(dmg)) for c, dmg in lay(state.sight, stencil, anchor, direction)]


def aims(state: TeamPlayState, u: Character, card: WeaponCard,
         enemies: list[Character] | None = None) -> tuple[list[int] | list[Hex], bool]:
    """(targets of ``card`` fired by ``u`` now, whether they are board indices) — each hits at least one enemy.

    Board indices for ``direct`` and ``blast`` (the enemy's or the centre's hex);
    hexes next to ``u`` for ``fire`` (one per direction that reaches an enemy).
    ``enemies``: ``u``'s enemies on the board, by uid (default: found here; a
    caller asking for several cards passes them once). A ``direct`` card's
    answer is worked out each time from the sight's shot table (a few lookups);
    a stencil card's is the union over the enemies of what would reach each one,
    which depends on the map, the card and the two hexes alone: the answers for
    every hex from one hex (:func:`_reaching`) are kept by the hex and the card's
    shape (:func:`_card_memo`). A fresh list each call, the caller may keep or change it.
    """
    if enemies is None:
        enemies = _enemies(state, u)
    kind = card.kind
    if kind == "direct":
        return _direct(state, u.cell, card, enemies), True
    if kind != "blast" and kind != "fire":
        return [], True
    memo = _card_memo(state, card)
    cell = u.cell
    reaching = memo.get(cell)
    if reaching is None:
        make_room(memo, 1_024)  # a table from a hex holds a few hundred entries; a bundled map has ~300 hexes
        reaching = memo[cell] = _reaching(state, cell, card)
    parts = [hit for v in enemies if (hit := reaching.get(v.cell))]
    if kind == "fire":
        mask = 0
        for m in parts:
            mask |= m
        ring = aim_tables(state.game).ring(cell)
        return [ring[d] for d in range(6) if mask >> d & 1], False
    if len(parts) == 1:
        return list(parts[0]), True
    return sorted(set().union(*parts)), True


def _card_memo(state: TeamPlayState, card: WeaponCard) -> dict[int, dict[int, Any]]:
    """The kept answers of :func:`_reaching` for ``card``, by the shooter's hex. They depend on the board's
    sight, the card's shape (kind, stencil, ranges) and the hexes alone, so they are kept by the board under
    that shape (games on a map share them; a batch makes a game per game) and found by the card's name in the
    game's cache (where the name stands for the shape under this game's ruleset)."""
    by_name: dict[str, dict[int, dict[int, Any]]] | None = state.game.cache.get(__name__)
    if by_name is None:
        by_name = state.game.cache[__name__] = {}
    hit = by_name.get(card.name)
    if hit is None:
        sight = state.sight
        shape = (sight.heights_block, sight.strict_edges, card.kind, state.ruleset.stencils[card.stencil],
                 card.min_range, card.range, card.lobbed)
        shapes: dict[Any, dict[int, dict[int, Any]]] = state.board.cache.setdefault(__name__, {})
        hit = shapes.get(shape)
        if hit is None:
            make_room(shapes, 32)
            hit = shapes[shape] = {}
        by_name[card.name] = hit
    return hit


def _direct(state: TeamPlayState, a: int, card: WeaponCard, enemies: list[Character]) -> list[int]:
    """The hexes of ``enemies`` a ``direct`` card fired from ``a`` may aim at, in their order: :func:`in_reach`
    written out (the commonest card, asked for every enemy at every decision), sight read from the shared
    :meth:`~engine.rules.targets.TargetTables.shot_table` of the game's sight."""
    lo, hi = card.min_range, card.range
    if card.lobbed:
        distance = state.board.distance
        return [c for v in enemies if lo <= distance(a, c := v.cell) <= hi]
    tt = state.game.targets
    table = tt.shot_table(lo, hi, False)
    base = a * state.board.n
    cells = []
    for v in enemies:
        c = v.cell
        ok = table.get(base + c)
        if ok is None:
            ok = tt.can_shoot(a, c, lo, hi, False)
        if ok:
            cells.append(c)
    return cells


def _reaching(state: TeamPlayState, cell: int, card: WeaponCard) -> dict[int, Any]:
    """What of a stencil ``card`` fired from ``cell`` would hit an enemy on each hex it can hit, from the game's
    aim tables (stencils laid, reach): a ``blast``'s centres in reach (not walls) whose laid stencil covers the
    hex, sorted (the blasts that hit any of several enemies are the union of each one's); a ``fire``'s
    directions whose flame covers the hex, as a bit mask. Hexes no shot reaches are left out."""
    tables = aim_tables(state.game)
    out: dict[int, Any] = {}
    if card.kind == "fire":
        for d in range(6):
            for x in tables.cover(card.stencil, cell, d):
                out[x] = out.get(x, 0) | 1 << d
        return out
    wall = state.board.wall
    centres = set(tables.in_reach(cell, card.min_range, card.range, card.lobbed))
    if card.min_range <= 0 <= card.range:  # the shooter's own hex is in reach too (at 0, in sight)
        centres.add(cell)
    found: dict[int, list[int]] = {}
    for c in sorted(centres):
        if not wall[c]:
            for x in tables.cover(card.stencil, c):
                found.setdefault(x, []).append(c)
    return {x: tuple(cs) for x, cs in found.items()}


def hits(state: TeamPlayState, u: Character, card: WeaponCard, aim: Hex) -> list[Hit]:
    """The enemies ``card`` fired by ``u`` at ``aim`` hits, each with its damage (empty when it hits none)."""
    b = state.board
    if card.kind == "direct":
        v = state.unit_at(aim)
        return [(v, card.damage)] if v is not None and v.team is not u.team else []
    if card.kind == "blast":
        cells = _stencil_cells(state, card, b.index[aim])
    elif card.kind == "fire":
        d = DIRECTIONS.index(aim - b.hexes[u.cell])
        cells = _stencil_cells(state, card, u.cell, d)
    else:
        return []
    where = {v.cell: v for v in _enemies(state, u)}
    return [(where[c], dmg) for c, dmg in cells if c in where]


def area(state: TeamPlayState, u: Character, card: WeaponCard, aim: Hex) -> dict[Hex, int]:
    """Every hex the shot at ``aim`` covers, with the damage a figure there would take (for the UI)."""
    b = state.board
    if card.kind == "direct":
        return {aim: card.damage}
    if card.kind == "blast":
        cells = _stencil_cells(state, card, b.index[aim])
    else:
        cells = _stencil_cells(state, card, u.cell, DIRECTIONS.index(aim - b.hexes[u.cell]))
    return {b.hexes[c]: dmg for c, dmg in cells}
