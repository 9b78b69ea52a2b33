"""What a Payload Race game needs from its ruleset and map before it starts (refused with a clear message).

:func:`check_payload_game` raises :class:`~engine.ruleset.RulesetError` naming
the unit, card or stencil to fix; :meth:`PayloadState.check_game
<engine.games.payload.state.PayloadState.check_game>` calls it when a game is built.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from engine.games.payload.ground import spawn_room, track_faults
from engine.games.payload.options import DEFAULT_OPTIONS
from engine.games.payload.stencils import is_symmetric
from engine.mapmodel import MAX_HEIGHT, Team
from engine.ruleset import OptionValue, RulesetError

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
        if card.kind == "fire" and not is_symmetric(rs.stencils[card.stencil]):
            raise RulesetError(
                f"fire card {name!r}: stencil {card.stencil!r} is lopsided; a flame is laid in the six directions "
                "only, so draw it the same on both sides of its line (the mirror of q,r is q+r,-r, with the same "
                "number)")
    _check_options(game.options)
    size = int(game.options["team_size"])
    if size > max(len(r) for r in game.rosters.values()):
        raise RulesetError(f"team_size {size} is more than the classes a team may field")
    m = game.scenario.map
    for team in Team:
        if len(m.track(team)) < 2:
            raise RulesetError(f"the map has no {team.value} cart track (draw one with the track tool)")
    for fault, _ in track_faults(m):
        raise RulesetError(fault)
    for team in Team:
        room = spawn_room(m, team)
        if len(room) < size:
            raise RulesetError(
                f"{team.value}'s spawn has {len(room)} hex{'' if len(room) == 1 else 'es'} a token can be placed "
                f"on (open ground, off the cart tracks) but a team fields {size}; paint {size - len(room)} more "
                f"{team.value} spawn hex{'' if size - len(room) == 1 else 'es'}, move a track out of the spawn or "
                "field fewer tokens (the scenario's team size rule, team_size)")


#: Whole-number options: the smallest value each may take, and why.
_AT_LEAST: Final[Mapping[str, tuple[int, str]]] = {
    "team_size": (1, "a team fields at least one token"),
    "blast_damage_per_hex": (1, "a blast deals at least 1 a hex of distance; less would heal"),
    "turn_limit": (2, "each side gets a turn, and a race both sides block must still end"),
}
#: Options with a few allowed values.
_ONE_OF: Final[Mapping[str, tuple[OptionValue, ...]]] = {
    "kritz_die": (0, 4, 6, 8, 10, 12, 20),
    "uber_lasts": ("turn", "round"),
    "low_obstacle_height": tuple(range(MAX_HEIGHT + 1)),
}


def _check_options(options: Mapping[str, OptionValue]) -> None:
    """Refuse an option of the wrong type or out of its range, naming the option and what it may be."""
    for name, default in DEFAULT_OPTIONS.items():
        value = options.get(name, default)
        if type(value) is not type(default):
            kind = "true or false" if isinstance(default, bool) else f"a {type(default).__name__}"
            raise RulesetError(f"rule option {name!r} must be {kind}, not {value!r}")
        if name in _AT_LEAST and int(value) < _AT_LEAST[name][0]:
            least, why = _AT_LEAST[name]
            raise RulesetError(f"rule option {name!r} is {value!r}; it must be a whole number of {least} or more "
                               f"({why})")
        if name in _ONE_OF and value not in _ONE_OF[name]:
            allowed = ", ".join(repr(v) if isinstance(v, str) else str(v) for v in _ONE_OF[name])
            raise RulesetError(f"rule option {name!r} is {value!r}; it must be one of {allowed}")
