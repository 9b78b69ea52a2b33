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
from engine.rules.legal import Excluding

if TYPE_CHECKING:
    from engine.games.payload.state import PayloadState

__all__ = ["move_cells"]


def move_cells(state: PayloadState, u: PayloadUnit) -> Sequence[int]:
    """Where ``u`` may move now, in flood order (see the module docstring)."""
    game = state.game
    tables = game.targets
    profile = game.profile(u.kind, u.team)
    speed = state._stats[u.kind].speed
    cell = u.cell
    cells, pos = tables.moves(profile, speed, cell)
    steps = tables.move_steps(profile, speed, cell)
    team, uid = u.team, u.uid
    mates_block = not state._pass_mates
    # every token's hex but u's own is no destination; enemies' (and teammates', unless passed) and the
    # carts' hexes may not be entered either: those closer than speed change the flood
    taken = [v.cell for v in state.units.values() if v.uid != uid and v.cell >= 0]
    entry = [v.cell for v in state.units.values() if v.cell >= 0 and (v.team is not team or (mates_block and v.uid != uid))]
    carts = state.tracks[Team.RED][state.carts[Team.RED]], state.tracks[Team.BLU][state.carts[Team.BLU]]
    entry.extend(carts)
    near = [c for c in entry if (p := pos.get(c)) is not None and steps[p] < speed]
    if near:
        cells, pos = tables.moves_avoiding(profile, speed, cell, frozenset(near))
    holes = {p for c in (*taken, *carts) if (p := pos.get(c)) is not None}
    if not holes:
        return cells
    return Excluding(cells, sorted(holes))
