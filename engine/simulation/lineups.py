"""Games whose line-ups follow the first move: the first-mover answer then measures the line-ups as much.

In Team Play the starting team also drafts first (003), and players that draft
alike in every game — the AIs do — give the starting team the same characters
each time. Its share of the score then answers "is moving first an advantage?"
and "is that line-up stronger?" at once: a new-user audit read "Moving first is
an advantage" on a Team Play map where the starting team always fielded the
Sprog, the D-Struct-Or and the Echo, and with those line-ups fixed by rosters
and the first team alternating, the first mover won half the games. The report
says so beside the answer (:func:`lineup_caveat`), from each game's fielded
kinds (:attr:`~engine.simulation.batch.GameResult.fielded`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.simulation.batch import GameResult

__all__ = ["MIN_GAMES", "first_team_lineups", "lineup_caveat"]

#: Fewer games than this never make the caveat (two games alike say little).
MIN_GAMES: Final = 8


def first_team_lineups(results: Sequence[GameResult], names: Mapping[str, str] | None = None,
                       ) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The starting team's line-up and the other team's (unit names, sorted) when each was the same in every one
    of ``results`` and the two differ; None otherwise (a line-up that changes, games without the record, alike
    sides, too few games). ``names``: kind -> name (default: the kind, capitalised)."""
    if len(results) < MIN_GAMES or any(not g.fielded for g in results):
        return None
    if len({g.first_team for g in results}) < 2:  # one team started every game (a throw can do that): no telling
        return None
    first = {_side(g, g.first_team) for g in results}
    other = {_side(g, g.first_team.other) for g in results}
    if len(first) != 1 or len(other) != 1 or first == other:
        return None
    names = names or {}

    def named(kinds: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(names.get(k, k.capitalize()) for k in kinds))

    return named(first.pop()), named(other.pop())


def lineup_caveat(lineups: tuple[tuple[str, ...], tuple[str, ...]] | None) -> str:
    """A clause for the first-mover answer when :func:`first_team_lineups` found fixed line-ups, else ""."""
    if lineups is None:
        return ""
    first, other = (_words(side) for side in lineups)
    return (f" — but in every game the starting team fielded {first} and the other team {other} (the players pick "
            "alike each game), so this measures those line-ups as much as the first move; to tell them apart, fix "
            "each team's line-up in a scenario (its starting units or roster)")


def _side(g: GameResult, team: Team) -> tuple[str, ...]:
    return tuple(sorted(g.fielded[0 if team is Team.RED else 1]))


def _words(names: tuple[str, ...]) -> str:
    the = [f"the {n}" for n in names]
    return the[0] if len(the) == 1 else ", ".join(the[:-1]) + " and " + the[-1]
