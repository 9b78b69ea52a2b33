"""Payload Race's validator checks: both tracks are whole and reachable (HF107–HF109, HF203), and fair
(HF303, HF308–HF311, HF318–HF320, HF323–HF325), measured with the game's own movement, sight and numbers.

Importing the module registers the checks (the validator imports it through
:attr:`~engine.games.modes.ModeRules.checks`), the race to the objective (beside
one's own cart, HF301) and the spawn room (a cart's track takes spawn hexes).

Every figure uses the class card of the ruleset played (a scenario's own, with
its rule overrides; the built-in one for a plain map): speeds, the Scout's double
jump; the mode's climbing rule (:meth:`~engine.games.modes.ModeRules.move_profile`:
up only by stairs); and the game's own test of who stops a push
(:func:`~engine.games.payload.ground.stops_push`, with the ruleset's
``spawn_protection``), so the validator sees the map exactly as the game plays it:

- HF309 (info): for each class, the turns it needs from its spawn to stand next to
  its cart at the start, the middle and the end of its track; HF325 (warning): a class
  needs a turn more on one side at the middle or the end of its track;
- HF310 (info): where each team can contest the other's cart — the stretch of the
  enemy track where it can stop a push no later than the owner's escort arrives;
- HF311 (warning): one team can contest much more of the other's track than the
  other can of its own;
- HF308 (info) / HF303 (warning): the pushes each cart needs (:func:`track_lengths_of`);
- HF318 (info): at each track's last push, the turns its escorts and its defenders
  need to stand by the cart (:func:`track_ends`); HF319 (warning): a track ends at
  the defenders' door; HF320 (warning): the two ends favour their defenders unequally;
- HF323 (info): around each cart at its last push, the hexes that see it and the hidden and high
  ground near it (:func:`~engine.games.payload.map_measures.last_push_ground`); HF324 (warning): one
  cart's last push is much more exposed, or has more cover or height around it, than the other's.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from engine.games.payload import PAYLOAD
from engine.games.payload.ground import posts, spawn_room
from engine.games.payload.map_measures import last_push_ground
from engine.games.payload.options import DEFAULT_OPTIONS
from engine.hexgrid import Hex
from engine.mapmodel import Team, Terrain
from engine.ruleset import Ruleset, UnitStats
from engine.validation.fairness import TURN_GAP, CountWords, count_gaps, much_larger
from engine.validation.measures import SPAWN_ROOMS, ObjectiveRace, SpawnRoom, kind_race, race
from engine.validation.problem import Problem, Severity
from engine.validation.reachability import teams_with_spawn
from engine.validation.registry import CheckContext, check
from engine.validation.sides import PerSide
from engine.validation.terrain import board, kind_reach, reach, spawn_starts
from engine.validation.wording import hex_list, plural, sorted_hexes

__all__ = ["CONTEST_GAP", "DOOR_LEAD", "DOOR_SHARE", "END_GAP", "GROUND_GAP", "PUSH_GAP", "SEEN_GAP", "SEEN_RATIO", "TrackEnds", "TrackLengths", "contest", "stand_by",
           "track_ends", "track_lengths_of", "track_turns"]

#: Warn when one team can contest this many more steps of the enemy track than the other.
CONTEST_GAP: Final = 3


def _ruleset(ctx: CheckContext) -> Ruleset:
    """The ruleset the map is played by: the scenario's, else the built-in Payload Race one."""
    return ctx.ruleset_for(PAYLOAD)


def _classes(ctx: CheckContext, team: Team) -> tuple[UnitStats, ...]:
    """The classes ``team`` fields (its scenario roster, else every class)."""
    return ctx.fielded(PAYLOAD, team)


def _tracks_ready(ctx: CheckContext) -> bool:
    """Whether both teams have a track of at least two hexes and a spawn to start from (the track checks'
    figures need both; other checks report what is missing)."""
    return all(len(ctx.map.track(t)) >= 2 and spawn_starts(ctx, t) for t in Team)


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
    r = kind_reach(ctx, PAYLOAD, team, st)
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


@check("payload race by class", "HF309", modes=(PAYLOAD,))
def race_by_class(ctx: CheckContext) -> Iterator[Problem]:
    """Turns each class needs to reach the start, middle and end of its own track."""
    m = ctx.map
    if not _tracks_ready(ctx):
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


@check("payload escorts along the track", "HF325", modes=(PAYLOAD,))
def escorts_along(ctx: CheckContext) -> Iterator[Problem]:
    """HF325: a class that needs at least :data:`TURN_GAP` more turns on one side than on the other to stand by
    its own cart at the middle or the end of its track (each track's own) — HF309's figures, compared. The
    start is HF302's (turns to reach the cart); a turn later at the middle is a push lost on every trip back
    from the spawn, which the first-turn race does not show (found on Canal with a patch of ground turned by
    BLU's spawn: RED 77% in 400 games, the validator silent). Tracks of different lengths are compared too
    (HF303 also warns): a check that went quiet while the lengths differ would surface as new when they are
    made equal, and the balance fixer refuses an edit that raises a new warning."""
    m = ctx.map
    if not _tracks_ready(ctx):
        return
    kinds = {t: {st.kind: st for st in _classes(ctx, t)} for t in Team}
    for where, at in (("the middle", lambda n: n // 2), ("the end", lambda n: n - 1)):
        for slow in Team:
            fast = slow.other
            k, j = at(len(m.track(slow))), at(len(m.track(fast)))
            late = [(st.name, a, b) for kind, st in kinds[slow].items() if kind in kinds[fast]
                    and (a := track_turns(ctx, slow, st)[k]) is not None
                    and (b := track_turns(ctx, fast, kinds[fast][kind])[j]) is not None and a - b >= TURN_GAP]
            if not late:
                continue
            figures = ", ".join(f"{name} {a} vs {b}" for name, a, b in late)
            yield Problem(
                "HF325", Severity.WARNING,
                f"{slow.value} needs more turns than {fast.value} to stand by its cart at {where} of its track with "
                f"{plural(len(late), 'unit kind', 'unit kinds')} ({slow.value} vs {fast.value}: {figures}); reshape the "
                f"ground along the {slow.value} track or the way to it from the spawn",
                (m.track(slow)[k], m.track(fast)[j]),
            )


@check("payload contest", "HF310", "HF311", modes=(PAYLOAD,))
def contested(ctx: CheckContext) -> Iterator[Problem]:
    """Where each team can reach the other's cart before that cart's escort."""
    m = ctx.map
    if not _tracks_ready(ctx):
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


# -- the tracks: their lengths and their ends ------------------------------------------------------

#: Warn when one cart needs this many more pushes than the other: a push a turn is the race's pace, so
#: one push more is a turn behind.
PUSH_GAP: Final = 1
#: Warn when a track's defenders get to its last push in at most this share of the turns its escorts
#: need: the track ends at the defenders' door. A defender who dies is back beside the cart at once
#: (002 "Dying/respawning") while an escort walks the map again, so the last pushes stall; Canal's old
#: tracks (2 defenders' turns against 11 escorts' turns) ran games to the turn limit (docs/balance.md
#: "Payload Race"), its tracks now (6 against 8) and Bridges' (13 against 12) play out.
DOOR_SHARE: Final = 0.5
#: ...and the escorts need at least this many turns more: a turn apart is a race, not a stall (on a
#: small map every track ends a turn or two from both spawns).
DOOR_LEAD: Final = 2
#: Warn when the defenders' lead over the escorts at the last push differs by this many turns between
#: the two tracks. A lead subtracts two turn counts, each rounded up from walking steps, so a one-turn
#: difference comes from a step or two of unsymmetric ground; two turns are a real turn of tempo at the
#: end (lengthening one of Canal's tracks by a hex makes them 4 against 2).
END_GAP: Final = 2


@dataclass(frozen=True, slots=True)
class TrackLengths:
    """Pushes each side's cart needs from the start of its track to the end, and where each track ends."""

    pushes: PerSide[int]
    ends: PerSide[Hex]


def track_lengths_of(ctx: CheckContext) -> TrackLengths | None:
    """Both tracks' pushes; None when a side has no track of two steps or more."""
    m = ctx.map
    if not all(len(m.track(t)) >= 2 for t in Team):
        return None
    return TrackLengths(PerSide.of(lambda t: len(m.track(t)) - 1), PerSide.of(lambda t: m.track(t)[-1]))


@dataclass(frozen=True, slots=True)
class TrackEnds:
    """The last push of each side's cart (keyed by the track's owner): the turns its own slowest class
    needs from its spawn to stand by the cart there and push (``escorts``), against the turns the other
    side's slowest class needs to stand by it and stop the push (``defenders``); None: never.
    ``last`` is the hex the cart leaves on its last push, ``end`` the track's last hex."""

    last: PerSide[Hex]
    end: PerSide[Hex]
    escort_class: PerSide[str]
    defender_class: PerSide[str]
    escorts: PerSide[int | None]
    defenders: PerSide[int | None]

    def lead(self, owner: Team) -> int | None:
        """How many turns sooner ``owner``'s defenders than its escorts get to its last push (negative:
        the escorts are there first); None when either never does."""
        e, d = self.escorts[owner], self.defenders[owner]
        return None if e is None or d is None else e - d


def track_ends(ctx: CheckContext) -> TrackEnds | None:
    """Escorts against defenders at each track's last push; None without both tracks, spawns and classes."""
    m = ctx.map
    if not _tracks_ready(ctx):
        return None
    slow = PerSide.of(lambda t: _slowest(ctx, t))
    if slow.red is None or slow.blu is None:
        return None

    def turns(owner: Team, team: Team) -> int | None:
        st = slow[team]
        assert st is not None
        return track_turns(ctx, team, st, owner)[-2]

    return TrackEnds(
        PerSide.of(lambda t: m.track(t)[-2]), PerSide.of(lambda t: m.track(t)[-1]),
        PerSide.of(lambda t: slow[t].name), PerSide.of(lambda t: slow[t.other].name),  # type: ignore[union-attr]
        PerSide.of(lambda t: turns(t, t)), PerSide.of(lambda t: turns(t, t.other)))


@check("track lengths", "HF303", "HF308", modes=(PAYLOAD,))
def track_lengths(ctx: CheckContext) -> Iterator[Problem]:
    """Both carts should have the same number of pushes to make."""
    tl = track_lengths_of(ctx)
    if tl is None:
        return
    a, b = tl.pushes.red, tl.pushes.blu
    yield Problem("HF308", Severity.INFO, f"pushes each cart needs to reach its end: RED {a}, BLU {b}")
    if abs(a - b) >= PUSH_GAP:
        longer = Team.RED if a > b else Team.BLU
        yield Problem(
            "HF303", Severity.WARNING,
            f"the {longer.value} cart needs {abs(a - b)} more push{'es' if abs(a - b) != 1 else ''} "
            f"than the other (RED {a}, BLU {b}); make the tracks the same length",
            (tl.ends[longer],),
        )


def _end_words(e: TrackEnds, owner: Team) -> str:
    return (f"{owner.value} track: {owner.value}'s {e.escort_class[owner]} {_fmt(e.escorts[owner])}, "
            f"{owner.other.value}'s {e.defender_class[owner]} {_fmt(e.defenders[owner])}")


@check("track ends", "HF318", "HF319", "HF320", modes=(PAYLOAD,))
def track_end(ctx: CheckContext) -> Iterator[Problem]:
    """Who gets to each cart's last push first, its escorts or its defenders, and is it alike for both carts."""
    e = track_ends(ctx)
    if e is None:
        return
    yield Problem("HF318", Severity.INFO, "turns from the spawn to stand by each cart at its last push, escorts "
                  "and defenders — " + "; ".join(_end_words(e, t) for t in Team))
    for owner in Team:
        esc, dfd = e.escorts[owner], e.defenders[owner]
        if esc is not None and dfd is not None and dfd <= DOOR_SHARE * esc and esc - dfd >= DOOR_LEAD:
            yield Problem(
                "HF319", Severity.WARNING,
                f"the {owner.value} track ends at {owner.other.value}'s door: {owner.other.value}'s "
                f"{e.defender_class[owner]} stands by its last push (at {e.last[owner]}, the end at "
                f"{e.end[owner]}) in {plural(dfd, 'turn')}, {owner.value}'s "
                f"{e.escort_class[owner]} needs {esc}; defenders who die are back at once, so the last "
                "pushes stall — end the track farther from that spawn",
                (e.last[owner], e.end[owner]),
            )
    lead = PerSide.of(e.lead)
    if lead.red is not None and lead.blu is not None and abs(lead.red - lead.blu) >= END_GAP:
        worse = Team.RED if lead.red > lead.blu else Team.BLU
        yield Problem(
            "HF320", Severity.WARNING,
            f"the {worse.value} cart's last push is harder to make than the {worse.other.value} one's: "
            f"{_end_words(e, worse)} (defenders {_lead(lead[worse])}); {_end_words(e, worse.other)} "
            f"(defenders {_lead(lead[worse.other])}); move a track's end or reshape the routes to it",
            (e.last[worse], e.end[worse], e.last[worse.other], e.end[worse.other]),
        )


def _lead(turns: int | None) -> str:
    if turns is None:
        return "never"
    if turns == 0:
        return "arrive together"
    return f"{plural(abs(turns), 'turn')} {'sooner' if turns > 0 else 'later'}"


# -- sight and ground at the last push --------------------------------------------------------------

#: Warn when one cart's last push is seen from this many times more hexes (within reach of a shot) than
#: the other's... The counts run 70-100 on the bundled maps; a wall a few hexes from the track hides 5-15
#: of them, which ordinary unsymmetric dressing makes up elsewhere, while a quarter more (20 hexes or so:
#: a whole open flank) is another end to push at. King of the Board's exposure warning (HF306) uses the
#: same rule, so the two modes' figures read alike.
SEEN_RATIO: Final = 1.25
#: ...and at least this many hexes more (on a small map a few hexes are a large share).
SEEN_GAP: Final = 4
#: Warn when one cart's last push has this many more hidden or high hexes around it than the other's.
#: One hex is one token's spot, within what an unsymmetric layout needs; two are a place a team fights
#: from (King of the Board's HF317 likewise).
GROUND_GAP: Final = 2


@check("sight and ground at the last push", "HF323", "HF324", modes=(PAYLOAD,))
def last_push(ctx: CheckContext) -> Iterator[Problem]:
    """Sightlines, cover and height around each cart at its last push, compared between the two carts."""
    g = last_push_ground(ctx)
    if g is None:
        return
    seen, hidden, high = (PerSide(len(x.red), len(x.blu)) for x in (g.seen, g.hidden, g.high))
    yield Problem(
        "HF323", Severity.INFO,
        f"around each cart at its last push (RED at {g.cart.red}, BLU at {g.cart.blu}): hexes within {g.reach} "
        f"that see it: RED {seen.red}, BLU {seen.blu}; within {plural(g.radius, 'hex', 'hexes')}, out of its "
        f"sight: RED {hidden.red}, BLU {hidden.blu}; higher than it: RED {high.red}, BLU {high.blu}")
    more = much_larger(seen, SEEN_RATIO, SEEN_GAP)
    if more is not None:
        yield Problem(
            "HF324", Severity.WARNING,
            f"the {more.value} cart's last push (at {g.cart[more]}) is seen from many more hexes within "
            f"{g.reach} than the {more.other.value} cart's (at {g.cart[more.other]}): RED {seen.red}, "
            f"BLU {seen.blu}; its pushers are shot at from more places — add cover beside it or open "
            f"sightlines at the {more.other.value} one",
            (g.cart[more], g.cart[more.other]),
        )

    def words(what: str, why: str) -> CountWords:
        return lambda more, n: (f"the {more.value} cart's last push (at {g.cart[more]}) has more {what} within "
                                f"{plural(g.radius, 'hex', 'hexes')} than the {more.other.value} cart's (at "
                                f"{g.cart[more.other]}): RED {n.red}, BLU {n.blu}; {why} at the "
                                f"{more.other.value} cart's")

    yield from count_gaps("HF324", (
        (g.hidden, words("hidden ground (out of the cart's sight)",
                         "defenders wait there unseen by the pushers — move the walls that hide it or add cover")),
        (g.high, words("high ground (above the cart)",
                       "defenders hold it and escorts climb there only by stairs — level it or raise ground")),
    ), GROUND_GAP, ctx)


@race(PAYLOAD)
def cart_race(ctx: CheckContext) -> ObjectiveRace | None:
    """Turns each fielded class needs from its spawn to stand beside its own cart where it starts, where it
    can push it (HF309's first figure); None without both tracks."""
    m = ctx.map
    if not all(len(m.track(t)) >= 2 for t in Team):
        return None
    return kind_race(ctx, PAYLOAD, "its cart", PerSide.of(lambda t: (m.track(t)[0],)),
                     lambda team, u: track_turns(ctx, team, u)[0])


#: A cart may stand on any hex of a track: tokens are never placed there (the game's own spawn room).
SPAWN_ROOMS[PAYLOAD] = SpawnRoom(spawn_room, "of a cart track")


@check("cart tracks", "HF107", "HF108", "HF109", modes=(PAYLOAD,))
def cart_tracks(ctx: CheckContext) -> Iterator[Problem]:
    """Payload Race needs both tracks, each a path of adjacent hexes, not sharing hexes."""
    m = ctx.map
    for team in Team:
        path = m.track(team)
        if len(path) < 2:
            yield Problem(
                "HF108", Severity.ERROR,
                f"{team.value} has no cart track; draw one from its start to its end (at least 2 hexes)",
                path,
            )
            continue
        for a, b in zip(path, path[1:], strict=False):
            if a.distance(b) != 1:
                yield Problem(
                    "HF107", Severity.ERROR,
                    f"the {team.value} cart track jumps from {a} to {b} ({a.distance(b)} hexes apart); "
                    "each step must go to an adjacent hex — add the missing hexes between them",
                    (a, b),
                )
    shared = sorted_hexes(set(m.track(Team.RED)) & set(m.track(Team.BLU)))
    if shared:
        yield Problem(
            "HF109", Severity.ERROR,
            f"the RED and BLU cart tracks share {hex_list(shared)}; each cart needs its own track",
            shared,
        )


@check("track reachable", "HF203", modes=(PAYLOAD,))
def track_reachable(ctx: CheckContext) -> Iterator[Problem]:
    """Carts are pushed from next to them: every hex beside a team's track must be reachable."""
    m = ctx.map
    for team in teams_with_spawn(ctx):
        path = m.track(team)
        if not path:
            continue
        r = reach(ctx, team)
        on_track = set(path)
        sides: set[Hex] = set()
        stuck: list[Hex] = []
        for k, step in enumerate(path):
            beside = [
                n for n in step.neighbors()
                if n in m.cells and n not in on_track and m.cells[n].terrain is not Terrain.WALL
                and m.spawn_team(n) is not team.other  # the enemy base is closed on purpose
            ]
            sides.update(beside)
            # the cart is pushed from every step but the last
            if k < len(path) - 1 and not any(n in r for n in beside):
                stuck.append(step)
        unreached = tuple(sorted(h for h in sides if h not in r and m.cells[h].terrain is not Terrain.LOW))
        if stuck:
            yield Problem(
                "HF203", Severity.ERROR,
                f"{team.value} cannot reach any hex beside its track at {hex_list(tuple(stuck))}, so its cart "
                "cannot be pushed there; add stairs or open ground beside the track",
                tuple(stuck),
            )
        elif unreached:
            yield Problem(
                "HF203", Severity.WARNING,
                f"{plural(len(unreached), 'hex', 'hexes')} beside the {team.value} track "
                f"cannot be reached by {team.value} ({hex_list(unreached)}); pushing from there is impossible",
                unreached,
            )
