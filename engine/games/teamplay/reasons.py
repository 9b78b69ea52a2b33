"""Team Play's words for why an action is not legal: decisions, character actions, weapons, powerups.

:func:`teamplay_reason` is what :meth:`TeamPlayState.why_not
<engine.games.teamplay.state.TeamPlayState.why_not>` asks first; '' hands the
question on to the turn-order reasons every mode shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.state import Phase
from engine.games.teamplay.economy import letters
from engine.games.teamplay.pieces import card_kind
from engine.games.teamplay.weapons import aims
from engine.rules.actions import CHOICES, Action, Verb

if TYPE_CHECKING:
    from engine.games.teamplay.pieces import Character
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["teamplay_reason"]

def teamplay_reason(s: TeamPlayState, a: Action) -> str:
    """Why ``a`` (not legal) cannot be played, in Team Play's terms; '' for the shared turn-order reasons."""
    if s.phase is Phase.OVER:
        return ""
    if s.queue:
        return s.queue[0].why_not(s, a)  # type: ignore[no-any-return]
    if a.verb in CHOICES or a.verb in (Verb.SPAWN, Verb.PASS):
        return f"{s.team.value}'s characters are acting: {s.describe_decision()}"
    if a.actor is None:
        return "another character is in the middle of its action; finish it first" if s.acting >= 0 else ""
    u = s.unit_at(a.actor)
    if u is None:
        return f"no character stands on {a.actor}"
    if a.verb is Verb.NEWTON:
        return _newton_reason(s, u, a)
    name = s.stats(u.kind).name
    if u.kind != a.kind:
        return f"the character on {a.actor} is {name}, not {a.kind}"
    if u.team is not s.team:
        return f"it is {s.team.value}'s turn; the {s.name_of(u)} acts in its own team's turn"
    if a.verb is Verb.TELEPORT:
        return _teleport_reason(s, u, a)
    if s.acting >= 0 and s.acting != u.uid:
        return f"the {s.name_of(s.units[s.acting])} is in the middle of its action; finish it first"
    if s.acting < 0 and s.acted(u):
        return f"the {name} already took its action this turn (one action per character, 003 \"Team turns\")"
    mode = s.acting_mode if s.acting == u.uid else ""
    if mode == "step" and a.verb is not Verb.ATTACK:
        return f"the {name} stepped: it may now only shoot, or end its action"
    if mode == "rush" and a.verb not in (Verb.DASH, Verb.STEP):
        return f"the {name} paid a rush: it now takes an adrenaline action (dash or step)"
    if a.verb is Verb.RUSH:
        return _rush_reason(s, u)
    if a.verb is Verb.DASH and mode != "rush" and s.adrenaline(u) < 1:
        return (f"the {name} has {u.damage} damage; dashing needs {s.options['adrenaline_1']} "
                "(or pay an adrenaline rush)")
    if a.verb is Verb.STEP and mode != "rush" and s.adrenaline(u) < 2:
        return (f"the {name} has {u.damage} damage; a step-and-shoot needs {s.options['adrenaline_2']} "
                "(or pay an adrenaline rush)")
    if a.verb in (Verb.MOVE, Verb.DASH, Verb.STEP):
        return _move_reason(s, u, a)
    if a.verb is Verb.ATTACK:
        return _shot_reason(s, u, a)
    return ""


def _rush_reason(s: TeamPlayState, u: Character) -> str:
    name = s.stats(u.kind).name
    if s.adrenaline(u) >= 2:
        return f"the {name} already has both adrenaline actions"
    if u.tile >= int(s.options["rush_limit"]):
        return f"the {name}'s adrenaline tile has slid as far as it goes ({s.options['rush_limit']})"
    return f"sliding the tile would put the {name}'s {u.damage} damage on its killshot space"


def _move_reason(s: TeamPlayState, u: Character, a: Action) -> str:
    b = s.board
    assert a.target is not None
    i = b.index.get(a.target)
    if i is None:
        return f"{a.target} is off the map"
    hexes = {Verb.MOVE: s.stats(u.kind).speed, Verb.DASH: int(s.options["dash_hexes"]),
             Verb.STEP: int(s.options["step_hexes"])}[a.verb]
    if a.detail:
        rack = s.racks.get(i)
        if rack is None:
            return f"no weapon rack on {a.target}"
        if a.detail not in rack:
            return f"the rack on {a.target} holds {', '.join(rack) or 'nothing'}, not {a.detail}"
        v = s.occupant(i)
        if i != u.cell and v is not None:
            return f"the {s.name_of(v)} stands on the rack at {a.target}: a move ends on a free hex"
        if i != u.cell and i not in s.reach(u, hexes):
            d = b.distance(u.cell, i)
            return (f"the rack at {a.target} is {d} hexes away; this action moves up to {hexes}" if d > hexes else
                    f"no way to the rack at {a.target} within {hexes} hexes (walls, or climbs of more than one level)")
        hand = s.hand_of(u)
        return f"{hand.name} cannot pay the {s.card(a.detail).title}'s grab cost ({letters(s.card(a.detail).grab_cost)})"
    if i == u.cell:
        return "moving nowhere only grabs an ammo tile, and there is none here"
    if not s.free(i):
        return f"{a.target} is a wall, a low obstacle or taken: a move ends on a free hex"
    if b.distance(u.cell, i) > hexes:
        return f"{a.target} is {b.distance(u.cell, i)} hexes away; this action moves up to {hexes}"
    return f"no way to {a.target} within {hexes} hexes (walls, or climbs of more than one level)"


def _shot_reason(s: TeamPlayState, u: Character, a: Action) -> str:
    name = s.stats(u.kind).name
    w = a.detail
    if not w:
        return f"say which weapon fires: '{a.text()} with <weapon>'"
    if w not in s.ruleset.weapons:
        return f"unknown weapon {w!r}"
    hand = s.hand_of(u)
    if w not in hand.weapons:
        where = "on the table (unloaded)" if w in s.table[u.team] else "not in " + hand.name + "'s hand"
        return f"the {s.card(w).title} is {where}"
    if not s.is_arena(w) and w != u.weapon:
        return f"the {s.card(w).title} is another character's own weapon"
    card = s.card(w)
    b = s.board
    assert a.target is not None
    i = b.index.get(a.target)
    if i is None:
        return f"{a.target} is off the map"
    v = s.occupant(i)
    if card.kind != "fire" and (card.kind == "blast" or (v is not None and v.team is not u.team)):
        d = b.distance(u.cell, i)
        if d > card.range:
            return f"out of range: {d} hexes, the {card.title} reaches {card.range}"
        if d < card.min_range:
            return f"too close: {d} hex{'es' * (d != 1)}, the {card.title} needs {card.min_range} or more"
        if not card.lobbed and not s.sight.sees(u.cell, i):
            blockers = [b.hexes[c] for c in s.sight.blockers(u.cell, i)][:3]
            return "no line of sight" + (": " + ", ".join(f"wall at {h}" for h in blockers) if blockers else "")
    if card.kind == "direct" and (v is None or v.team is u.team):
        return f"no enemy on {a.target} to shoot" if v is None else f"the {s.name_of(v)} is on your team"
    targets, _ = aims(s, u, card)
    if not targets:
        return f"the {name} has nobody to hit with the {card.title} from here"
    return (f"the {card.title} hits enemies {card.min_range}-{card.range} hexes away"
            + ("" if card.lobbed else " that the shooter sees") + f"; {a.target} is not one of its targets")


def _newton_reason(s: TeamPlayState, v: Character, a: Action) -> str:
    if v.team is s.team:
        return "a Newton moves enemy figures only (003 \"Powerups in team play\")"
    try:
        hand = s.hand(s.team, a.detail)
    except KeyError:
        return f"say which player plays it: '{a.text()} with p1'"
    if not any(card_kind(c) == "newton" for c in hand.cards):
        return f"{hand.name} holds no Newton"
    return f"a Newton moves a figure up to {s.options['newton_hexes']} hexes in a straight line onto a free hex"


def _teleport_reason(s: TeamPlayState, u: Character, a: Action) -> str:
    if s.acting >= 0:
        return "powerups are played before or after a character's action, not in the middle of one"
    hand = s.hand_of(u)
    if not any(card_kind(c) == "teleporter" for c in hand.cards):
        return f"{hand.name}, who controls the {s.stats(u.kind).name}, holds no Teleporter"
    return f"{a.target} is not a free hex"
