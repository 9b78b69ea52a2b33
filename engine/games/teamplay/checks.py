"""What a Team Play game needs from its ruleset and map before it starts (refused with a clear message).

:func:`check_teamplay_game` raises :class:`~engine.ruleset.RulesetError` naming
what to fix; :meth:`TeamPlayState.check_game
<engine.games.teamplay.state.TeamPlayState.check_game>` calls it when a game is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mapmodel import Colour, Team
from engine.ruleset import RulesetError

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["check_teamplay_game"]

#: The effects a powerup's ``use`` may name, all of which Team Play plays.
USES = frozenset({"targeting_scope", "newton", "tagback", "teleporter"})


def check_teamplay_game(game: Game) -> None:
    """Raise RulesetError for a ruleset or map Team Play cannot be played with."""
    rs = game.ruleset
    size = int(game.options["team_size"])
    if size != 3 or len(rs.units) != 6:
        raise RulesetError(f"Team Play fields all six characters, three a side; this ruleset has {len(rs.units)} "
                           f"and team_size {size}")
    owned: dict[str, str] = {}
    for kind, st in rs.units.items():
        if not st.weapons:
            raise RulesetError(f"character {kind!r} has no own weapon; list one or two in units.{kind}.weapons")
        for w in st.weapons:
            if w in owned:
                raise RulesetError(f"{w!r} is the own weapon of both {owned[w]!r} and {kind!r}")
            owned[w] = kind
            if len(rs.weapon(w).grab_cost) > 1:
                raise RulesetError(f"{kind!r}'s own weapon {w!r} costs more than one cube to grab (003: none does)")
    for name, card in rs.weapons.items():
        if not card.cost:
            raise RulesetError(f"weapon {name!r} has no reload cost; give it one, e.g. \"cost\": \"RB\"")
        if card.kind not in ("direct", "blast", "fire"):
            raise RulesetError(f"weapon {name!r} is a {card.kind!r} card; Team Play shoots direct, blast or fire")
    for name, p in rs.powerups.items():
        if p.use not in USES:
            raise RulesetError(f"powerup {name!r} uses {p.use!r}; Team Play plays {', '.join(sorted(USES))}")
    if not rs.powerups or not rs.reward_tiles or not rs.ammo_tiles:
        raise RulesetError("Team Play needs powerups, reward_tiles and ammo_tiles in its ruleset")
    for team in Team:
        n = int(game.options[f"players_{team.value.lower()}"])
        if not 1 <= n <= 3:
            raise RulesetError(f"players_{team.value.lower()} is {n}; a team has 1, 2 or 3 players")
    m = game.scenario.map
    missing = [c.value for c in Colour if not m.spawnpoints.get(c)]
    if missing:
        raise RulesetError(f"the map has no {' or '.join(missing)} spawnpoint; paint one of each colour")
