"""The Payload Race heuristic's firepower: the best expected damage a card could deal from a hex.

A move is scored partly by what the token could shoot from where it lands, so the
heuristic asks for the firepower of a card from every hex a token may move to, at
every decision. The answer depends on the map (distances, sight), the card, the
mode's dice and the enemies — where each stands and whether an UberCharge covers
it — alone, and the enemies stand still through the side's own turn; so
:func:`fire_of` keeps one :class:`Firepower` per (card, enemies) per game, in the
game's cache, filled hex by hex as asked. Each one has its card's expected damage
by distance worked out once (the same products the per-hex loop made, so the
same floats). Pure values of their key: sharing them between the decisions and
play-outs of a game changes no choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from engine.ai.kept import kept as kept_in

__all__ = ["FIRE_PER_GAME", "Firepower", "fire_of"]

#: Firepowers a game keeps before it forgets them all: each holds at most a value per hex, and a turn asks
#: for one per card of the side (a search's play-outs ask again for the same few many times).
FIRE_PER_GAME: Final = 512
#: The firepowers' name in the game's own cache (:attr:`engine.games.game.Game.cache`).
_CACHE_KEY: Final = __name__


class Firepower:
    """The firepower of one card against one set of enemies, per board index (see the module docstring).

    ``table`` holds the hexes asked so far; :meth:`at` fills it (handed the game's ``sees``).
    """

    __slots__ = ("table", "_targets", "_evs", "_lo", "_hi", "_lobbed", "_q", "_r")

    def __init__(self, state: Any, card: Any, targets: tuple[tuple[int, bool], ...]) -> None:
        self.table: dict[int, float] = {}
        b = state.board
        self._q, self._r = b.q, b.r
        self._lo, self._hi = card.min_range, max(card.range, 1)
        self._lobbed = card.lobbed
        #: the enemies it may aim at: (cell, q, r); none for a heal card, none covered by an UberCharge
        self._targets = () if card.kind == "heal" else tuple((vc, b.q[vc], b.r[vc]) for vc, uber in targets if not uber)
        chance = state.hit_chance
        evs: dict[int, float] = {}
        for d in range(self._lo, self._hi + 1):
            if card.kind == "direct":
                evs[d] = chance(d - card.accuracy) * max(1, card.damage - card.falloff * (d - 1)) * card.shots
            elif card.kind == "blast":
                evs[d] = chance(d - card.accuracy) * d
            else:
                evs[d] = 2.0
        self._evs = evs

    def at(self, cell: int, sees: Callable[[int, int], bool]) -> float:
        """Rough best expected damage from ``cell``: the best of the card's expected damage at each enemy's
        distance, over the enemies in its range and (unless it is lobbed) in sight (``sees``: the game's
        :meth:`~engine.rules.sight.Sight.sees`); 0 with none."""
        hit = self.table.get(cell)
        if hit is not None:
            return hit
        q, r = self._q[cell], self._r[cell]
        lo, hi, evs = self._lo, self._hi, self._evs
        lobbed = self._lobbed
        best = 0.0
        for vc, qv, rv in self._targets:
            dq, dr = qv - q, rv - r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if not lo <= d <= hi:
                continue
            if not lobbed and not sees(cell, vc):
                continue
            ev = evs[d]
            if ev > best:
                best = ev
        self.table[cell] = best
        return best


def fire_of(state: Any, weapon: str, targets: tuple[tuple[int, bool], ...]) -> Firepower:
    """The kept :class:`Firepower` of the ``weapon`` card against ``targets`` ((cell, uber) of each enemy) in
    ``state``'s game: made on first use, kept in the game's cache (so it goes with the game, and the
    game's board, sight, ruleset and dice need not be in the key); forgotten all at once past
    :data:`FIRE_PER_GAME`."""
    cache = state.game.cache
    kept = cache.get(_CACHE_KEY)
    if kept is None:
        kept = cache[_CACHE_KEY] = {}
    return kept_in(kept, (weapon, targets), FIRE_PER_GAME,
                   lambda: Firepower(state, state.ruleset.weapons[weapon], targets))
