"""Payload Race's sight and ground measure: what surrounds each cart where it makes its last push.

A frozen record with a figure per track (:class:`~engine.validation.sides.PerSide`,
keyed by the track's owner), as in :mod:`engine.validation.measures`;
:mod:`.map_checks` reports it (HF323, HF324). It uses the mode's own sight (only
walls block, 002 "Line of sight"), the standing heights of the board and the class
card of the ruleset played (ranges and speeds of the classes the teams field).

The objective of Payload Race is each cart's track, and the race is decided where
the track ends: the last push is made with the defenders beside the end (their
spawn is near, and a defender who dies is back at once, 002 "Dying/respawning"),
and the cart stands on its track's second-to-last hex while its escorts push it
there (HF318 counts who gets there first). What King of the Board measures around
its control point (HF305, HF316) is measured here around that hex, for both carts,
and the two are compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.payload import PAYLOAD
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.validation.measures import exposed
from engine.validation.registry import CheckContext
from engine.validation.sides import PerSide
from engine.validation.terrain import board

__all__ = ["LastPushGround", "last_push_ground"]


@dataclass(frozen=True, slots=True)
class LastPushGround:
    """Sight and ground around each cart at its last push (keyed by the track's owner).

    ``cart`` is the hex the cart stands on while it is pushed the last time (its
    track's second-to-last hex). ``seen``: every hex a token can stand on (no
    wall) within ``reach`` hexes of it that sees it: ``reach`` is the longest
    range of a fielded class, so from each of them someone can shoot at the cart
    and whoever stands by it (escorts pushing, defenders stopping the push).
    ``near``: the hexes within ``radius`` of it where every class can stand (no
    wall, no low obstacle: only the Scout stands there) — ``radius`` is the
    slowest fielded class's speed plus one, so from any of them every class
    steps beside the cart in one move on open ground. Among them ``hidden`` are
    out of the cart's sight (a defender waits there unseen by the pushers, ready
    to step in and stop the push) and ``high`` stand higher than the cart's hex
    (escorts climb there only by stairs, 002 "Moving examples" 4, while a
    defender steps down beside the cart freely; elevation never blocks a shot
    and adds nothing to the throw in Payload Race, so height is ground to hold,
    not a sightline).
    """

    cart: PerSide[Hex]
    reach: int
    radius: int
    seen: PerSide[tuple[Hex, ...]]
    hidden: PerSide[tuple[Hex, ...]]
    high: PerSide[tuple[Hex, ...]]


def last_push_ground(ctx: CheckContext) -> LastPushGround | None:
    """Sight and ground around both carts at their last push; None without two tracks of two hexes or more, or
    when the teams field no class. Needs no spawn and no symmetry: it measures the ground around the tracks."""
    m = ctx.map
    if not all(len(m.track(t)) >= 2 for t in Team):
        return None
    classes = [u for t in Team for u in ctx.fielded(PAYLOAD, t)]
    if not classes:
        return None
    reach = max(u.range for u in classes)
    radius = min(u.speed for u in classes) + 1
    b = board(ctx)
    cart = PerSide.of(lambda t: m.track(t)[-2])

    def around(i: int, r: int, *, low_too: bool) -> set[int]:
        return {j for j in b.within(i, r) if not b.wall[j] and (low_too or not b.low[j])} - {i}

    seen: dict[Team, tuple[Hex, ...]] = {}
    hidden: dict[Team, tuple[Hex, ...]] = {}
    high: dict[Team, tuple[Hex, ...]] = {}
    for t in Team:
        i = b.index[cart[t]]
        near = around(i, radius, low_too=False)
        sees = exposed(ctx, around(i, max(reach, radius), low_too=True), [i])
        seen[t] = tuple(sorted(b.hexes[j] for j in sees if b.distance(i, j) <= reach))
        hidden[t] = tuple(sorted(b.hexes[j] for j in near - sees))
        high[t] = tuple(sorted(b.hexes[j] for j in near if b.stand[j] > b.stand[i]))
    return LastPushGround(cart, reach, radius, PerSide.of(seen.__getitem__), PerSide.of(hidden.__getitem__),
                          PerSide.of(high.__getitem__))
