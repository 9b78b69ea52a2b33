"""Where a Payload Race token may move, from the game's move tables instead of a flood per decision.

002: a token may not enter a hex held by an enemy token or a cart, passes its
teammates (with ``pass_through_teammates``) and ends on no token's hex. The
flood of :meth:`~engine.games.payload.state.PayloadState.move_paths` says so
directly; the legal actions, asked at every decision for every token, read the
same answer from tables built once per map:

- a hex the move may not enter changes the flood only when the flood would
  step on from it, that is when it lies closer than the token's speed; one
  exactly that far, or out of reach, is just not a destination. So with no
  such hex near, the answer is the static destinations
  (:meth:`~engine.rules.targets.TargetTables.moves`, flood order) without the
  hexes of tokens and carts;
- otherwise it is the flood avoiding the near ones
  (:meth:`~engine.rules.targets.TargetTables.moves_avoiding`, cached by them),
  without the same hexes.

Same hexes, same order as the flood (tests/engine/rules/test_fast_tables.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.games.payload.pieces import PayloadUnit
from engine.mapmodel import Team
from engine.rules.board import TEAM_CODE
from engine.rules.legal import Excluding

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["Crowd", "move_cells"]


class Crowd:
    """Who stands where, for one decision's legal actions: built once, read for every token.

    ``unit_at``: board index -> the token there; ``carts``: the RED and BLU carts'
    hexes; ``taken``: every token's hex and both carts' (no move ends there).
    :meth:`entry` and :meth:`hurt_by` are worked out when first asked.
    """

    __slots__ = ("state", "unit_at", "carts", "taken", "_entry", "_hurt")

    def __init__(self, state: PayloadState) -> None:
        self.state = state
        unit_at: dict[int, PayloadUnit] = {}
        for v in state.units.values():
            if v.cell >= 0:
                unit_at[v.cell] = v
        self.unit_at = unit_at
        tracks, carts = state.tracks, state.carts
        self.carts = (tracks[Team.RED][carts[Team.RED]], tracks[Team.BLU][carts[Team.BLU]])
        self.taken = unit_at.keys() | self.carts
        self._entry: dict[Team, frozenset[int] | set[int]] = {}
        self._hurt: dict[Team, list[int]] = {}

    def entry(self, team: Team) -> frozenset[int] | set[int]:
        """The hexes a token of ``team`` may not enter: enemies' and carts', and its teammates' too without
        ``pass_through_teammates`` (its own hex among them then: harmless, a move never enters it)."""
        hit = self._entry.get(team)
        if hit is None:
            if self.state._pass_mates:
                hit = {c for c, v in self.unit_at.items() if v.team is not team}
                hit.update(self.carts)
            else:
                hit = self.taken
            self._entry[team] = hit
        return hit

    def hurt_by(self, u: PayloadUnit) -> list[int]:
        """In unit order, the hexes of the tokens an attack by ``u`` may hurt (:meth:`PayloadState.can_hurt`):
        enemies, but not inside their own spawn with ``spawn_protection``; teammates with ``friendly_fire``,
        never ``u`` himself."""
        team = u.team
        cells = self._hurt.get(team)
        state = self.state
        friends = state._friendly_fire
        if cells is None:
            spawn = state.board.spawn
            shielded = state._spawn_protection
            cells = self._hurt[team] = [
                c for v in state.units.values() if (c := v.cell) >= 0
                and (friends if v.team is team else not (shielded and spawn[c] == TEAM_CODE[v.team]))]
        return [c for c in cells if c != u.cell] if friends else cells


def move_cells(state: PayloadState, u: PayloadUnit, crowd: Crowd) -> Sequence[int]:
    """Where ``u`` may move now, in flood order (see the module docstring)."""
    beh = state._beh[u.kind]
    team, cell = u.team, u.cell
    table = beh._moves.get(team)
    ball = table.get(cell) if table is not None else None
    cells, pos = ball if ball is not None else beh.moves(team, cell)
    hit = pos.keys() & crowd.taken  # u's own hex is never in pos
    if not hit:
        return cells
    # hexes it may not enter change the flood when they lie closer than its speed
    entry = crowd.entry(team)
    steps = beh.move_steps(team, cell)
    speed = beh.stats.speed
    near = [c for c in hit if c in entry and steps[pos[c]] < speed]
    if near:
        cells, pos = state.game.targets.moves_avoiding(state.game.profile(u.kind, team), speed, cell, frozenset(near))
        hit = pos.keys() & crowd.taken
        if not hit:
            return cells
    return Excluding(cells, sorted([pos[c] for c in hit]))
