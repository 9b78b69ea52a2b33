"""Team Play's races for the balance report, from each spawnpoint colour (either team spawns on any colour).

Team Play is won by killshots: what a map gives a character that has just
spawned is how soon it can shoot at someone and how soon it has ammo and a new
weapon. The report measures, from each colour's spawnpoints:

- a hex in sight of another colour's spawnpoints (first contact: where enemies appear; most weapons need
  sight, their ranges differ by card);
- an ammo tile (cubes to reload, 003 "Actions": move and grab);
- a weapon rack (a new weapon, 003 "Weapons").

The ends are hexes a figure may end a move on (not a wall or a low obstacle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.goals import Goal, RacePlan, Side
from engine.mapmodel import Colour

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["race_plan"]


def race_plan(game: Game) -> RacePlan:
    """The races of the module docstring; a colour without spawnpoints starts nowhere (every race "never")."""
    b = game.board
    m = game.scenario.map
    sees = game.sight.sees
    starts: dict[Side, tuple[int, ...]] = {
        c: tuple(sorted(b.index[h] for h in m.spawnpoints.get(c, ()) if h in b.index)) for c in Colour}
    ends = [i for i in range(b.n) if not b.wall[i] and not b.low[i]]
    contact: dict[Side, tuple[int, ...]] = {}
    for c in Colour:
        others = [p for o in Colour if o is not c for p in starts[o]]
        contact[c] = tuple(i for i in ends if any(sees(i, p) for p in others))
    ammo = tuple(sorted(b.index[h] for h in m.ammo if h in b.index))
    racks = tuple(sorted(b.index[h] for h in m.racks if h in b.index))
    goals = (Goal("a hex in sight of another colour's spawnpoints", contact),
             Goal("an ammo tile", {c: ammo for c in Colour}), Goal("a weapon rack", {c: racks for c in Colour}))
    return RacePlan(tuple(Colour), starts, goals)
