"""Payload Race fairness (HF309–HF311), measured with the game's own movement and numbers.

Every figure uses the class card of the ruleset played (a scenario's own, with
its rule overrides; the built-in one for a plain map): speeds, the Scout's double
jump; the mode's climbing rule (:meth:`~engine.games.modes.ModeRules.move_profile`:
up only by stairs); and the game's own test of who stops a push
(:func:`~engine.games.payload.ground.stops_push`, with the ruleset's
``spawn_protection``), so the validator sees the map exactly as the game plays it:

- HF309 (info): for each class, the turns it needs from its spawn to stand next to
  its cart at the start, the middle and the end of its track;
- HF310 (info): where each team can contest the other's cart — the stretch of the
  enemy track where it can stop a push no later than the owner's escort arrives;
- HF311 (warning): one team can contest much more of the other's track than the
  other can of its own.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Final

from engine.games.modes import GAMES
from engine.games.payload.ground import posts
from engine.games.payload.options import DEFAULT_OPTIONS
from engine.mapmodel import Mode, Team
from engine.rules.movement import Reach, flood
from engine.ruleset import Ruleset, UnitStats
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import board, spawn_starts

__all__ = ["CONTEST_GAP", "contest", "track_turns"]

#: Warn when one team can contest this many more steps of the enemy track than the other.
CONTEST_GAP: Final = 3


def _ruleset(ctx: CheckContext) -> Ruleset:
    """The ruleset the map is played by: the scenario's, else the built-in Payload Race one."""
    return ctx.ruleset_for(Mode.PAYLOAD)


def _classes(ctx: CheckContext) -> list[UnitStats]:
    return [u for u in _ruleset(ctx).units.values() if u.mobile and u.pickable and u.speed > 0]


def _reach(ctx: CheckContext, team: Team, st: UnitStats) -> Reach:
    """Where a ``st`` token of ``team`` walks from its spawn (cached per team and way of moving)."""
    profile = GAMES[Mode.PAYLOAD].move_profile(st.specials, team)
    key = f"payload-reach:{team.value}:{profile}"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = ctx.cache[key] = flood(board(ctx), spawn_starts(ctx, team), profile)
    return hit  # type: ignore[return-value]


def stand_by(ctx: CheckContext, team: Team, owner: Team, k: int, track: list[int] | None = None) -> list[int]:
    """Board indices next to step ``k`` of ``owner``'s track where a token of ``team`` may stand and do its
    job there: the game's own :func:`~engine.games.payload.ground.posts`, under the ruleset's
    ``spawn_protection``. ``track`` is ``owner``'s track as board indices, when the caller has it."""
    b = board(ctx)
    if track is None:
        track = [b.index[h] for h in ctx.map.track(owner)]
    shielded = bool(_ruleset(ctx).options.get("spawn_protection", DEFAULT_OPTIONS["spawn_protection"]))
    return posts(b, track, k, team, owner, shielded)


def track_turns(ctx: CheckContext, team: Team, st: UnitStats, owner: Team | None = None) -> list[int | None]:
    """Turns a ``st`` token of ``team`` needs to stand by each step of ``owner``'s track (None: never):
    to push it when ``team`` owns the track, else to stop its push (:func:`stand_by`)."""
    owner = owner or team
    r = _reach(ctx, team, st)
    out: list[int | None] = []
    b = board(ctx)
    track = [b.index[h] for h in ctx.map.track(owner)]
    for k in range(len(track)):
        ds = [d for i in stand_by(ctx, team, owner, k, track) if (d := r.distance(i)) is not None]
        out.append(math.ceil(min(ds) / st.speed) if ds else None)
    return out


def contest(ctx: CheckContext, attacker: Team) -> list[int]:
    """Steps of the other team's track where ``attacker``'s fastest class can stop a push no later than
    the other team's slowest escort arrives (the cart's pushers arrive no sooner than their slowest class)."""
    owner = attacker.other
    classes = _classes(ctx)
    fast = max(classes, key=lambda u: (u.speed, u.kind))
    slow = min(classes, key=lambda u: (u.speed, u.kind))
    theirs = track_turns(ctx, attacker, fast, owner)
    mine = track_turns(ctx, owner, slow)
    return [k for k, (a, b) in enumerate(zip(theirs, mine, strict=True))
            if a is not None and (b is None or a <= b) and k < len(theirs) - 1]


def _fmt(t: int | None) -> str:
    return "never" if t is None else str(t)


@check("payload race by class", "HF309", modes=(Mode.PAYLOAD,))
def race_by_class(ctx: CheckContext) -> Iterator[Problem]:
    """Turns each class needs to reach the start, middle and end of its own track."""
    m = ctx.map
    if not all(len(m.track(t)) >= 2 and spawn_starts(ctx, t) for t in Team):
        return
    parts = []
    for team in Team:
        n = len(m.track(team))
        figures = []
        for st in _classes(ctx):
            turns = track_turns(ctx, team, st)
            figures.append(f"{st.name} {'/'.join(_fmt(turns[k]) for k in (0, n // 2, n - 1))}")
        parts.append(f"{team.value}: " + ", ".join(figures))
    yield Problem("HF309", Severity.INFO,
                  "turns to stand by the cart at the start/middle/end of its track — " + "; ".join(parts))


@check("payload contest", "HF310", "HF311", modes=(Mode.PAYLOAD,))
def contested(ctx: CheckContext) -> Iterator[Problem]:
    """Where each team can reach the other's cart before that cart's escort."""
    m = ctx.map
    if not all(len(m.track(t)) >= 2 and spawn_starts(ctx, t) for t in Team):
        return
    spans = {t: contest(ctx, t) for t in Team}

    def words(t: Team) -> str:
        steps = spans[t]
        if not steps:
            return f"{t.value} reaches no stretch of the {t.other.value} track first"
        return (f"{t.value} can contest {len(steps)} of {len(m.track(t.other)) - 1} steps of the "
                f"{t.other.value} track (from step {steps[0]})")

    yield Problem("HF310", Severity.INFO, "; ".join(words(t) for t in Team))
    r, b = len(spans[Team.RED]), len(spans[Team.BLU])
    if abs(r - b) >= CONTEST_GAP:
        more = Team.RED if r > b else Team.BLU
        where = tuple(m.track(more.other)[k] for k in spans[more][:1])
        yield Problem(
            "HF311", Severity.WARNING,
            f"{more.value} can block much more of the {more.other.value} cart's way than the other way round "
            f"({more.value} {max(r, b)} steps, {more.other.value} {min(r, b)}); move a spawn or reshape the "
            "routes to the tracks",
            where,
        )
