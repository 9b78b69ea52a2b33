"""Who may draft which character: 003 "Choosing characters" with a scenario's rosters.

003 drafts from all six characters. hexfort's scenarios may give a team a
roster (the kinds it may field, as in the other two games); in Team Play a
team then drafts only from its roster and is dealt the last character from it
(docs/rules-teamplay.md, "Rosters"). A scenario without rosters drafts as the
book says. Rosters that could leave a team with nothing to draft, whatever the
picks, are refused at set-up, so a game never stalls in its draft.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine.mapmodel import Team
from engine.ruleset import RulesetError

__all__ = ["DRAFT", "check_rosters", "draftable", "last_pick"]

#: 003 "Choosing characters": the starting team picks 1, the other 2, the starting team 2, the other the last.
DRAFT: Final = (0, 1, 1, 0, 0)
#: Characters a team fields.
SIDE: Final = 3


def draftable(kinds: Sequence[str], roster: Sequence[str], taken: set[str]) -> list[str]:
    """The characters of ``kinds`` (in their order) a team whose roster is ``roster`` may still draft."""
    return [k for k in kinds if k not in taken and k in roster]


def last_pick(kinds: Sequence[str], roster: Sequence[str], taken: set[str], have: int) -> list[str]:
    """What a team holding ``have`` characters is dealt after the draft: the first of its roster not taken."""
    return draftable(kinds, roster, taken)[: SIDE - have]


def check_rosters(kinds: Sequence[str], rosters: Mapping[Team, Sequence[str]], firsts: Sequence[Team]) -> None:
    """Raise RulesetError when, with ``firsts`` as the starting team, some sequence of picks leaves a team with no
    character to draft or too few to be dealt (every sequence is tried: at most 720)."""

    def stuck(picked: dict[Team, list[str]], order: list[Team]) -> Team | None:
        taken = set(picked[Team.RED]) | set(picked[Team.BLU])
        if not order:
            for team in Team:
                have = len(picked[team])
                if have < SIDE and len(last_pick(kinds, rosters[team], taken, have)) < SIDE - have:
                    return team
            return None
        team = order[0]
        options = draftable(kinds, rosters[team], taken)
        if not options:
            return team
        for k in options:
            picked[team].append(k)
            bad = stuck(picked, order[1:])
            picked[team].pop()
            if bad is not None:
                return bad
        return None

    for first in firsts:
        bad = stuck({Team.RED: [], Team.BLU: []}, [first if k == 0 else first.other for k in DRAFT])
        if bad is not None:
            raise RulesetError(
                f"the rosters can leave {bad.value} short of three characters (RED may field "
                f"{', '.join(rosters[Team.RED])}; BLU {', '.join(rosters[Team.BLU])}); give each side at least three "
                "characters the other's roster lacks, or list each side's three characters under units")
