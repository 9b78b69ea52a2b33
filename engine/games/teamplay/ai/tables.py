"""What Team Play's heuristic remembers between decisions: reach, potential and walk maps per board, weapon worths
per game.

The heuristic scores every move of every character that may still act, at every
decision of the acting team, by the best shot the character could fire from the
hex it moves to (its *potential* there) and, with nothing to shoot at, by the
steps it would still walk to its goal. The potential is, over the enemies, the
power of the most powerful of its weapons that reaches the enemy's hex from
there plus how near that enemy is to a killshot. Whether a weapon reaches one
hex from another depends only on the board, its sight rules and the weapon's
ranges (:func:`reach_of`: a table per kind of reach); the potential on a hex
only on those, the weapons' powers and the enemies' hexes and closeness
(:func:`potential_map`); the walk only on the board, the walking profile and the
goal hexes (:func:`walk_map`, from each goal's steps, :func:`steps_to_goal`).
Games on one map ask for the same ones again and again (the characters that
have not acted keep their weapons, the enemies stand still until shot at, the
search's play-outs meet the same positions, a batch plays game after game on the
map), so each is kept under a key that names everything besides the board it
depends on, in the board's cache (:attr:`engine.rules.board.Board.cache`: boards
are immutable and shared by the games on a map), and filled as the scorer asks
(:mod:`engine.games.teamplay.ai.heuristic`). What depends on the ruleset — each
weapon's worth to the heuristic (:attr:`GameTables.power`) — is kept per game
(:attr:`engine.games.game.Game.cache`), so it goes with the game.

The contract: a map's value is the value the scorer computes for it under that
key, whatever decision, game or player asked for it first; a map is filled only
by that computation. Potential and walk maps are dropped when a board holds more
than :data:`MAPS_PER_BOARD` of a kind (a lost map is only computed again); a
reach table is a byte per pair of hexes up to :data:`DENSE_HEXES` hexes, above
that a dictionary forgotten past :data:`SPARSE_PAIRS` pairs. Deterministic: what
is remembered never changes what is chosen. What a board keeps is numbers only,
so a finished game is collected (tests/engine/games/teamplay/test_ai_tables.py).
"""

from __future__ import annotations

from typing import Any, Final

from engine.ai.kept import kept_map
from engine.ai.walks import walk_to

__all__ = ["DENSE_HEXES", "MAPS_PER_BOARD", "SPARSE_PAIRS", "Arm", "BoardTables", "GameTables", "Reach", "board_tables",
           "potential_map", "reach_of", "steps_to_goal", "tables_of", "walk_map"]

#: Maps of a kind a board keeps before it forgets them all (a potential or walk map holds at most its hexes).
MAPS_PER_BOARD: Final = 256

#: Boards of up to this many hexes keep a reach table as a byte per pair of hexes (1 MB), larger ones as a
#: dictionary of the pairs asked about, forgotten past :data:`SPARSE_PAIRS` pairs.
DENSE_HEXES: Final = 1024
SPARSE_PAIRS: Final = 1_000_000

#: A weapon as the potential reads it: (a flame: reaches by distance alone, min range, range, lobbed, power).
Arm = tuple[bool, int, int, bool, float]
#: A reach table (see :func:`reach_of`): indexed by shooter's hex * board size + target hex.
Reach = bytearray | dict[int, int]


class BoardTables:
    """The remembered reach and walk maps of one board (see the module docstring)."""

    __slots__ = ("reach", "potential", "walks", "steps")

    def __init__(self) -> None:
        #: (heights block sight, strict edges, flame, min range, range, lobbed) -> per shooter's hex * board size
        #: + target hex, whether a weapon of that reach hits the target from there (0 not known, 1 no, 2 yes)
        self.reach: dict[tuple[bool, bool, bool, int, int, bool], Reach] = {}
        #: (arms, the enemies as (hex, closeness)) -> {cell: potential}
        self.potential: dict[tuple[tuple[Arm, ...], tuple[tuple[int, float], ...]], dict[int, float]] = {}
        #: (walking profile, goal hexes in order) -> {cell: steps to the nearest goal}
        self.walks: dict[tuple[Any, tuple[int, ...]], dict[int, int]] = {}
        #: (walking profile, goal hex) -> steps to it from each hex (-1: no walk reaches it)
        self.steps: dict[tuple[Any, int], tuple[int, ...]] = {}


class GameTables:
    """What one game's heuristic keeps: weapon worths (the ruleset's), and its board's :class:`BoardTables`."""

    __slots__ = ("power", "board")

    def __init__(self, board: BoardTables) -> None:
        #: weapon -> how much the heuristic wants to hold it
        self.power: dict[str, float] = {}
        self.board = board


#: The tables' name in the game's and the board's caches.
_CACHE_KEY: Final = __name__


def board_tables(board: Any) -> BoardTables:
    """The tables of ``board`` (made on first use, kept in its cache, so they go with it)."""
    cache = board.cache
    hit = cache.get(_CACHE_KEY)
    if hit is None:
        hit = cache[_CACHE_KEY] = BoardTables()
    return hit


def tables_of(state: Any) -> GameTables:
    """The tables of ``state``'s game (made on first use, kept in the game's cache so they go with it).

    Not a weak dictionary keyed by the game: an entry whose value refers to the game keeps its own key
    alive, and every game of a worker would stay in memory.
    """
    cache = state.game.cache
    hit = cache.get(_CACHE_KEY)
    if hit is None:
        hit = cache[_CACHE_KEY] = GameTables(board_tables(state.board))
    return hit


def reach_of(tables: GameTables, sight: Any, arm: Arm) -> Reach:
    """The reach table (shooter * board size + target -> 0 not known, 1 no, 2 yes; filled as asked) of a weapon
    that shoots as ``arm`` under ``sight``: a byte per pair of hexes on a board of up to :data:`DENSE_HEXES`
    hexes, else a dictionary of the pairs asked about (a 40,000-hex board has 1.6 billion pairs)."""
    key = (sight.heights_block, sight.strict_edges, *arm[:4])
    hit = tables.board.reach.get(key)
    if hit is None:
        n = sight.board.n
        hit = tables.board.reach[key] = bytearray(n * n) if n <= DENSE_HEXES else _Sparse()
    elif type(hit) is _Sparse and len(hit) > SPARSE_PAIRS:
        hit.clear()
    return hit


class _Sparse(dict[int, int]):
    """A reach table as a dictionary: 0 for a pair not asked about yet."""

    def __missing__(self, key: int) -> int:
        return 0


def potential_map(tables: GameTables, arms: tuple[Arm, ...], foes: tuple[tuple[int, float], ...]) -> dict[int, float]:
    """The potential map (cell -> best power plus closeness, filled as asked) of ``arms`` against ``foes``."""
    return kept_map(tables.board.potential, (arms, foes), MAPS_PER_BOARD)


def walk_map(tables: GameTables, profile: Any, goals: tuple[int, ...]) -> dict[int, int]:
    """The walk map (cell -> steps to the nearest of ``goals``, filled as asked) of a ``profile`` walker."""
    return kept_map(tables.board.walks, (profile, goals), MAPS_PER_BOARD)


def steps_to_goal(tables: GameTables, board: Any, profile: Any, goal: int) -> tuple[int, ...]:
    """:func:`~engine.ai.walks.walk_to` the one hex ``goal`` by ``profile``, a pit no walk leaves counting as far
    from it (kept here too: the board's own cache is asked by a set of targets, which costs more to key than the
    answer to read)."""
    steps = tables.board.steps
    key = (profile, goal)
    hit = steps.get(key)
    if hit is None:
        hit = steps[key] = walk_to(board, (goal,), profile, None)
    return hit
