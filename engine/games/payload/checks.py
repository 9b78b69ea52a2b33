"""What a Payload Race game needs from its ruleset and map before it starts (refused with a clear message).

:func:`check_payload_game` raises :class:`~engine.ruleset.RulesetError` naming
the unit, card or stencil to fix; :meth:`PayloadState.check_game
<engine.games.payload.state.PayloadState.check_game>` calls it when a game is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mapmodel import Team
from engine.ruleset import RulesetError

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["check_payload_game"]


def check_payload_game(game: Game) -> None:
    """Raise RulesetError for a ruleset or map Payload Race cannot be played with."""
    rs = game.ruleset
    for kind, st in rs.units.items():
        if not st.weapons:
            raise RulesetError(f"unit {kind!r} carries no weapon card; list its cards in units.{kind}.weapons")
        for w in st.weapons:
            card = rs.weapon(w)
            if card.kind == "heal" and "medigun" not in st.specials:
                raise RulesetError(f"{kind!r} carries the healing card {w!r} but is not a Medic "
                                   "(give it the 'medigun' special)")
            if "medigun" in st.specials and card.kind != "heal":
                raise RulesetError(f"the Medic {kind!r} carries {w!r}, which is not a healing card")
        for name in ("rocket_jump_cost", "rocket_jump_range") if "rocket_jump" in st.specials else ():
            st.param(name)
        if "sandvich" in st.specials:
            st.param("sandvich_heal")
    for name, stencil in rs.stencils.items():
        if any(dmg is not None and dmg < 0 for _, _, dmg in stencil.cells):
            raise RulesetError(f"stencil {name!r} prints a negative damage")
    for name, card in rs.weapons.items():
        if card.kind == "fire" and any(q == 0 and r == 0 for q, r, _ in rs.stencils[card.stencil].cells):
            raise RulesetError(f"fire card {name!r}: its stencil {card.stencil!r} covers the Pyro's own hex (0,0); "
                               "a flame starts next to him")
        if card.kind == "fire" and any(dmg is None for _, _, dmg in rs.stencils[card.stencil].cells):
            raise RulesetError(f"fire card {name!r}: every hex of stencil {card.stencil!r} needs a printed damage")
    if int(game.options["team_size"]) > max(len(r) for r in game.rosters.values()):
        raise RulesetError(f"team_size {game.options['team_size']} is more than the classes a team may field")
    for team in Team:
        if len(game.scenario.map.track(team)) < 2:
            raise RulesetError(f"the map has no {team.value} cart track (draw one with the track tool)")
