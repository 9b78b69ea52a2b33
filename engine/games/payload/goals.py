"""Payload Race's races for the balance report: to its own cart, to the enemy's, and to the end of its track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.goals import Goal, RacePlan, spawn_starts
from engine.games.payload.ground import posts
from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["race_plan"]


def race_plan(game: Game) -> RacePlan:
    """From each team's spawn, unopposed (carts at their start block the way):

    - to a post beside its cart where a token pushes it (:func:`~engine.games.payload.ground.posts`, the hexes
      HF309 measures);
    - to a post beside the enemy's cart where a token stops its push (HF310's);
    - to the end of its track: to its cart, then one push a turn (002 "Pushing the cart": one push a turn;
      a token may move and push in the same turn).
    """
    b = game.board
    m = game.scenario.map
    shielded = bool(game.options["spawn_protection"])
    tracks = {t: tuple(b.index[h] for h in m.track(t)) for t in Team}
    own = {t: tuple(posts(b, tracks[t], 0, t, t, shielded)) for t in Team}
    stop = {t: tuple(posts(b, tracks[t.other], 0, t, t.other, shielded)) for t in Team}
    goals = (Goal("its cart", own), Goal("the enemy's cart", stop),
             Goal("the end of its track", own, then=tracks, racer="its cart"))
    return RacePlan(tuple(Team), spawn_starts(b), goals, "first cart push",
                    frozenset(track[0] for track in tracks.values()))
