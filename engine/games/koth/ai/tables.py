"""What King of the Board's heuristic remembers between decisions of one game: danger and firepower maps.

A search plays thousands of short heuristic games from the same few positions,
and the heuristic scores every move of the unit that acts by two maps over the
board: the *danger* of standing on a hex (the enemies' expected fire) and the
*firepower* from it (the best expected damage against the enemies). Both depend
only on the game (board, sight, dice, unit statistics — fixed for a game) and on
the enemies: where they stand and what they are (danger), and where they stand and
how much health they have (firepower). A search meets the same enemies again
and again (its play-outs start from the same positions, and a turn moves one
unit), so each map is kept per game under a key that names everything besides the
game it depends on (:func:`danger_map`, :func:`fire_map`), and filled hex by hex
as the scorer asks (:class:`~engine.games.koth.ai.heuristic.KothScorer`).

Beside them, what never changes in a game: hit chances, and each unit kind's
statistics and walk to the point (:data:`KindFacts`).

The contract: a map's value for a hex is the value the scorer computes for that
hex under that key, whatever decision asked for it first; a map is filled only
by that computation. Maps are dropped when a game holds more than
:data:`MAPS_PER_GAME` of a kind (a lost map is only computed again) and go with
the game. Deterministic: what is remembered never changes what is chosen.
"""

from __future__ import annotations

from typing import Any, Final

from engine.ai.kept import kept_map

__all__ = ["MAPS_PER_GAME", "GameTables", "KindFacts", "Target", "Threat", "danger_map", "fire_map", "tables_of"]

#: Maps of a kind a game keeps before it forgets them all: a map holds ~100 hexes (a decision's reach), so a
#: game keeps at most ~10 MB of each kind (a Ridge game of the search fills a few hundred).
MAPS_PER_GAME: Final = 1024

#: An enemy as a threat: (cell, q, r, reach: range plus a move, range, damage, shots).
Threat = tuple[int, int, int, int, int, int, int]
#: An enemy as a target: (cell, q, r, health).
Target = tuple[int, int, int, int]
#: What the scorer reads of a unit kind of a team: (statistics, full health, behaviour, (straight lines only,
#: burns, shots) of its attack, walk profile, walked steps from each hex to the point).
KindFacts = tuple[Any, int, Any, tuple[bool, bool, int], Any, tuple[int, ...]]


class GameTables:
    """The remembered maps and hit chances of one game (see the module docstring)."""

    __slots__ = ("danger", "fire", "hits", "kinds")

    def __init__(self) -> None:
        #: (team of the unit in danger, its enemies as threats) -> {cell: danger}
        self.danger: dict[tuple[Any, tuple[Threat, ...]], dict[int, float]] = {}
        #: (kind of the shooter, its targets) -> {cell: firepower}
        self.fire: dict[tuple[str, tuple[Target, ...]], dict[int, float]] = {}
        #: accuracy need -> chance of the throw reaching it (the game's dice)
        self.hits: dict[int, float] = {}
        #: (unit kind, team) -> what the scorer reads of it
        self.kinds: dict[tuple[str, Any], KindFacts] = {}


#: The tables' name in the game's own cache (:attr:`engine.games.game.Game.cache`).
_CACHE_KEY: Final = __name__


def tables_of(state: Any) -> GameTables:
    """The tables of ``state``'s game (made on first use, kept in the game's cache so they go with it).

    Not a weak dictionary keyed by the game: what the tables hold (the kinds' facts) refers to the game, so
    such an entry would keep its own key alive and every game of a worker would stay in memory.
    """
    cache = state.game.cache
    hit = cache.get(_CACHE_KEY)
    if hit is None:
        hit = cache[_CACHE_KEY] = GameTables()
    return hit


def danger_map(tables: GameTables, team: Any, threats: tuple[Threat, ...]) -> dict[int, float]:
    """The danger map (cell -> danger, filled as asked) of a ``team`` unit facing ``threats``."""
    return kept_map(tables.danger, (team, threats), MAPS_PER_GAME)


def fire_map(tables: GameTables, kind: str, targets: tuple[Target, ...]) -> dict[int, float]:
    """The firepower map (cell -> firepower, filled as asked) of a ``kind`` unit against ``targets``."""
    return kept_map(tables.fire, (kind, targets), MAPS_PER_GAME)
