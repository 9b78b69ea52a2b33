"""Where Payload Race's tokens and carts may be, asked of the map and board alone.

The game and the validator share these answers, so that what the validator
reports is what the game plays:

- :func:`spawn_room`: the spawn hexes a token can always be placed on (HF104, and
  the game refusing a spawn too small for its team);
- :func:`track_faults`: cart tracks the game cannot run (HF107, HF109);
- :func:`stops_push`: whether a token stops the push of the enemy cart
  (002 "Pushing the cart"; the game's blockers and HF310's contest);
- :func:`posts`: the hexes beside a cart where a token does its job there, pushing
  its own cart or stopping the enemy's (HF309/HF310's figures, the heuristic's walk).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team, Terrain
from engine.rules.board import TEAM_CODE, Board

__all__ = ["posts", "spawn_room", "stops_push", "track_faults"]


def spawn_room(m: HexMap, team: Team) -> list[Hex]:
    """``team``'s spawn hexes any class can be placed on whatever the carts do, sorted.

    Not a wall or a low obstacle (only the Scout stands there), not shared with
    the other team's spawn, and not a hex of either cart track: a cart may stand
    there (at set-up, on its track's start).
    """
    other = m.spawns.get(team.other, frozenset())
    tracks = set(m.track(Team.RED)) | set(m.track(Team.BLU))
    return sorted(h for h in m.spawns.get(team, ())
                  if m.cells[h].terrain not in (Terrain.WALL, Terrain.LOW) and h not in other and h not in tracks)


def track_faults(m: HexMap) -> list[tuple[str, tuple[Hex, ...]]]:
    """(what is wrong, the hexes) for each cart track fault the game cannot run: a step to a hex
    that is not adjacent (the cart would jump), and hexes both tracks share (one cart would roll
    onto the other). A missing track is not a fault here."""
    out: list[tuple[str, tuple[Hex, ...]]] = []
    for team in Team:
        path = m.track(team)
        for a, b in zip(path, path[1:], strict=False):
            if a.distance(b) != 1:
                out.append((f"the {team.value} cart track jumps from {a} to {b} ({a.distance(b)} hexes apart); "
                            "each step must go to an adjacent hex", (a, b)))
    shared = sorted(set(m.track(Team.RED)) & set(m.track(Team.BLU)))
    if shared:
        out.append((f"the RED and BLU cart tracks share {'; '.join(map(str, shared))}: "
                    "each cart needs its own track", tuple(shared)))
    return out


def stops_push(board: Board, cell: int, team: Team, cart: int, spawn_protection: bool) -> bool:
    """Whether a token of ``team`` on board index ``cell`` stops the push of the enemy cart on ``cart``.

    It must stand next to the cart (002 "Pushing the cart" 3). With
    ``spawn_protection`` a token inside its own spawn does not count: it cannot
    be attacked there, so it could hold the cart for ever (docs/rules-payload.md,
    decision 4).
    """
    return board.distance(cell, cart) == 1 and not (spawn_protection and board.spawn[cell] == TEAM_CODE[team])


def posts(board: Board, track: Sequence[int], k: int, team: Team, owner: Team, spawn_protection: bool) -> list[int]:
    """Board indices next to step ``k`` of ``owner``'s ``track`` (board indices) where a token of ``team``
    can stand and do its job: push the cart when ``team`` is ``owner`` (any hex but the track's next one,
    where a token stops its own cart, decision 11 of docs/rules-payload.md), else stop its push
    (:func:`stops_push`). Walls and the enemy's spawn are left out: no token of ``team`` stands there.
    """
    cart = track[k]
    ahead = track[k + 1] if k + 1 < len(track) else -1
    return [i for i in board.neighbors[cart] if not board.wall[i] and not board.in_enemy_spawn(i, team)
            and ((i != ahead) if team is owner else stops_push(board, i, team, cart, spawn_protection))]
