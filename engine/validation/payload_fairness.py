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

from engine.games.payload.ground import posts
from engine.games.payload.options import DEFAULT_OPTIONS
from engine.mapmodel import Mode, Team
from engine.ruleset import Ruleset, UnitStats
from engine.validation.problem import Problem, Severity
from engine.validation.registry import CheckContext, check
from engine.validation.terrain import board, kind_reach, spawn_starts

__all__ = ["CONTEST_GAP", "contest", "stand_by", "track_turns"]

#: Warn when one team can contest this many more steps of the enemy track than the other.
CONTEST_GAP: Final = 3


def _ruleset(ctx: CheckContext) -> Ruleset:
    """The ruleset the map is played by: the scenario's, else the built-in Payload Race one."""
    return ctx.ruleset_for(Mode.PAYLOAD)


def _classes(ctx: CheckContext, team: Team) -> tuple[UnitStats, ...]:
    """The classes ``team`` fields (its scenario roster, else every class)."""
    return ctx.fielded(Mode.PAYLOAD, team)


def _slowest(ctx: CheckContext, team: Team) -> UnitStats | None:
    """``team``'s slowest class (the first by kind among equals), None when it fields none."""
    return min(_classes(ctx, team), key=lambda u: (u.speed, u.kind), default=None)


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
    to push it when ``team`` owns the track, else to stop its push (:func:`stand_by`). Cached: several
    checks ask (HF301, HF309, HF310, HF318); the caller must not change the list."""
    owner = owner or team
    key = f"track-turns:{team.value}:{owner.value}:{st!r}"
    hit = ctx.cache.get(key)
    if hit is None:
        hit = ctx.cache[key] = _track_turns(ctx, team, st, owner)
    return hit  # type: ignore[return-value]


def _track_turns(ctx: CheckContext, team: Team, st: UnitStats, owner: Team) -> list[int | None]:
    r = kind_reach(ctx, Mode.PAYLOAD, team, st)
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
    fast = max(_classes(ctx, attacker), key=lambda u: (u.speed, u.kind), default=None)
    slow = _slowest(ctx, owner)
    if fast is None or slow is None:
        return []
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
        for st in _classes(ctx, team):
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

