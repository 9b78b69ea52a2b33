"""Team Play in words for the playtest window (Qt-free): button labels and tooltips of every decision.

Each legal action of a Team Play game gets a short :func:`label` (the button's
text) and a :func:`tip` (its tooltip: what it does, with this game's numbers and
cards), read from the state's public queries and its ruleset. The words are our
own; the rules they describe are docs/rules-teamplay.md's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.games.decisions import Decision
from engine.games.teamplay.decisions import Abilities, Load, Reload, Scope, Tagback, Unload
from engine.games.teamplay.economy import letters
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["MODE_LABELS", "char_name", "decision", "entry_text", "hex_words", "label", "mode_tip", "pick_label",
           "powerup_title", "tip", "weapon_words"]

#: Board modes as Team Play calls them (the rest keep the playtest's own words).
MODE_LABELS: Final = {Verb.MOVE: "Move & grab", Verb.ATTACK: "Shoot", Verb.DASH: "Dash & grab",
                      Verb.STEP: "Step & shoot", Verb.TELEPORT: "Teleporter", Verb.NEWTON: "Newton",
                      Verb.SPAWN: "Spawn", Verb.RUSH: "Adrenaline rush"}
#: The button of ``pass`` in each decision that may be passed.
_PASS: Final[dict[type[Decision], tuple[str, str]]] = {
    Tagback: ("No Tagback Grenade", "Let the damage stand: no Tagback Grenade is played"),
    Scope: ("No Targeting Scope", "Keep the Targeting Scope and the cube: the shot stays as it is"),
    Abilities: ("Done with abilities", "Use no more abilities this turn; the end of the turn goes on (flush, "
                                       "killshots, respawns, reload)"),
    Reload: ("Done reloading", "Leave the rest of the table unloaded and end the turn")}


def decision(s: TeamPlayState) -> Decision | None:
    """The queued decision now (None during a team's own actions or after the game)."""
    return s.queue[0] if s.queue else None


def char_name(s: TeamPlayState, kind: str) -> str:
    """A character's name ("D-Struct-Or")."""
    return s.stats(kind).name


def powerup_title(s: TeamPlayState, kind: str, colour: str) -> str:
    """``"Newton (red)"``."""
    p = s.ruleset.powerups.get(kind)
    return f"{p.title if p is not None else kind.replace('_', ' ')} ({colour})"


def _card(s: TeamPlayState, card: str) -> str:
    kind, _, colour = card.rpartition("_")
    return powerup_title(s, kind, colour)


def weapon_words(s: TeamPlayState, weapon: str) -> str:
    """A weapon card in one line: title, what it does, grab and reload cost."""
    c = s.card(weapon)
    return f"{c.title}: {c.text} Grab {letters(c.grab_cost)}, reload {letters(c.cost)}."


def _who(s: TeamPlayState, h: Hex | None) -> str:
    u = s.unit_at(h) if h is not None else None
    return s.name_of(u) if u is not None else str(h)


def _short(s: TeamPlayState, h: Hex | None) -> str:
    u = s.unit_at(h) if h is not None else None
    return char_name(s, u.kind) if u is not None else str(h)


def mode_tip(s: TeamPlayState, verb: Verb, actor: Hex | None) -> str:
    """Tooltip of a board mode's button for the character on ``actor`` (its behaviour's words)."""
    u = s.unit_at(actor) if actor is not None else s.active_unit()
    kind = u.kind if u is not None else next(iter(s.game.stats))
    text = s.behaviour(kind).tip(verb)
    click = {Verb.ATTACK: " Pick the weapon below; the board shows each target with its damage, hover one for "
                          "the stencil's area (A).",
             Verb.MOVE: " Hover a hex for the path; click your own hex to grab without moving (M).",
             Verb.NEWTON: " Click an enemy to push, then its destination.",
             Verb.TELEPORT: " Click the free hex to land on."}.get(verb, "")
    return text + click


def pick_label(s: TeamPlayState, verb: Verb, value: str) -> tuple[str, str]:
    """(label, tooltip) of a pick button: a character or a powerup of a spawn, a weapon to fire, a player."""
    if verb is Verb.SPAWN and value in s.game.stats:
        return char_name(s, value), f"Spawn the {char_name(s, value)}: then click a spawnpoint of the discarded colour"
    if verb is Verb.SPAWN:
        kind, _, colour = value.rpartition("_")
        return _card(s, value), (f"Discard the {_card(s, value)} to spawn on a {colour} spawnpoint "
                                 f"({s.ruleset.powerups[kind].text if kind in s.ruleset.powerups else ''})")
    if verb is Verb.ATTACK:
        return s.card(value).title, f"Fire the {weapon_words(s, value)} The board shows its targets."
    if verb is Verb.NEWTON:
        return f"{s.team.value} {value}", f"{s.team.value} {value} plays the Newton"
    return value, value


def label(s: TeamPlayState, a: Action) -> str:
    """A button's text for ``a`` (a legal action of ``s``)."""
    v = a.verb
    what = decision(s)
    if v is Verb.DRAFT:
        return f"Draft {char_name(s, a.kind)}"
    if v is Verb.RELOAD:
        cost = s.card(a.kind).grab_cost if isinstance(what, Load) else s.card(a.kind).cost
        return f"{a.detail}: {s.card(a.kind).title} ({letters(cost)})"
    if v is Verb.CONTROL:
        return f"{a.detail} takes {char_name(s, a.kind)}"
    if v is Verb.RECOVER:
        return f"Heal {char_name(s, a.kind)}"
    if v is Verb.CUBE:
        return f"{a.kind} cube for {a.detail}"
    if v is Verb.DRAW:
        return f"{a.kind} draws a powerup"
    if v is Verb.DROP:
        return f"{a.detail} {'unloads' if isinstance(what, Unload) else 'leaves'} the {s.card(a.kind).title}"
    if v is Verb.PASS:
        return _PASS.get(type(what), ("Pass", ""))[0]
    if v is Verb.END:
        return "End turn" if a.actor is None else f"End {_short(s, a.actor)}'s action"
    if v is Verb.TAGBACK:
        return f"{a.detail}: Tagback for {_short(s, a.actor)}"
    if v is Verb.TARGETING:
        return f"Scope on {_who(s, a.target)}"
    if v in (Verb.OVERWATCH, Verb.SHOVE, Verb.REVERB):
        return f"{_short(s, a.actor)}: {v.value} {_who(s, a.target)}"
    if v is Verb.WAIL:
        return f"{_short(s, a.actor)}: wail"
    if v is Verb.SALVAGE:
        return f"{_short(s, a.actor)}: salvage {a.detail}"
    if v in (Verb.MOVE, Verb.DASH) and a.detail:
        return (f"{'Dash' if v is Verb.DASH else 'Move'} to {a.target}, grab {s.card(a.detail).title} "
                f"({letters(s.card(a.detail).grab_cost)})")
    return MODE_LABELS.get(v, v.value.replace("_", " ").capitalize())


def tip(s: TeamPlayState, a: Action) -> str:
    """A button's tooltip for ``a`` (a legal action of ``s``): what it does, in this game's numbers."""
    v = a.verb
    what = decision(s)
    team = s.team.value
    if v is Verb.DRAFT:
        beh = s.behaviour(a.kind)
        return (f"{char_name(s, a.kind)} — {beh.ability_tip()}. Own weapon this game: "  # type: ignore[attr-defined]
                f"{weapon_words(s, s.revealed[a.kind])}")
    if v is Verb.RELOAD:
        pays = "grab cost" if isinstance(what, Load) else "reload cost"
        cost = s.card(a.kind).grab_cost if isinstance(what, Load) else s.card(a.kind).cost
        return (f"{team} {a.detail} pays the {pays} ({letters(cost)}, cubes first, then powerups of the colour) "
                f"and holds the weapon loaded — {weapon_words(s, a.kind)}")
    if v is Verb.CONTROL:
        return f"{team} {a.detail} controls the shared {char_name(s, a.kind)}: {s.describe_decision()}"
    if v is Verb.RECOVER:
        u = s.character(a.kind)
        ks = s.killshot(u) if u is not None else 0
        return (f"Slide the {char_name(s, a.kind)}'s adrenaline tile back one space: its killshot space goes "
                f"from {ks} to {ks + 1}")
    if v is Verb.CUBE:
        hand = s.hand(s.team, a.detail)
        n = hand.cubes[["red", "blue", "yellow"].index(a.kind)]
        return f"{team} {a.detail} takes a {a.kind} cube (holds {n} of {s.options['max_cubes']})"
    if v is Verb.DRAW:
        hand = s.hand(s.team, a.kind)
        return f"{team} {a.kind} draws a powerup (holds {len(hand.cards)} of {s.options['max_powerups']})"
    if v is Verb.DROP:
        where = "onto the team's table, unloaded" if isinstance(what, Unload) else "back on the rack"
        return f"At the limit of loaded weapons: the {s.card(a.kind).title} goes {where}"
    if v is Verb.PASS:
        return _PASS.get(type(what), ("", "Pass"))[1]
    if v is Verb.END and a.actor is None:
        return (f"End {team}'s turn: then replace tiles and weapons, abilities, flush the enemy's buffer at "
                f"{s.options['flush_at']}+, killshots, respawns, reload (E)")
    if v is Verb.END:
        return f"The {_who(s, a.actor)} ends its action without doing more"
    if v is Verb.TAGBACK:
        return (f"{team} {a.detail} discards a Tagback Grenade for the {_who(s, a.actor)}: the "
                f"{_who(s, a.target)} gets {s.options['tagback_marks']} mark(s) in its team's buffer")
    if v is Verb.TARGETING:
        return (f"Discard the Targeting Scope and pay 1 cube of any colour: the {_who(s, a.target)} takes "
                f"{s.options['scope_damage']} more damage, into its buffer")
    if v in (Verb.OVERWATCH, Verb.SHOVE, Verb.REVERB, Verb.WAIL, Verb.SALVAGE, Verb.RUSH):
        u = s.unit_at(a.actor) if a.actor is not None else None
        kind = u.kind if u is not None else a.kind
        return s.behaviour(kind).tip(v)  # type: ignore[no-any-return]
    if v in (Verb.MOVE, Verb.DASH) and a.detail:
        u = s.unit_at(a.actor) if a.actor is not None else None
        payer = s.hand_of(u).name if u is not None else "its player"
        return f"Move to the rack on {a.target} and grab — {weapon_words(s, a.detail)} {payer} pays the grab cost."
    return a.text()


def entry_text(s: TeamPlayState, a: Action, who: str) -> str:
    """The action log's line for ``a``, just played by team ``who`` (the engine's lines follow it)."""
    v = a.verb
    name = char_name(s, a.kind) if a.kind in s.game.stats else a.kind
    weapon = s.card(a.detail).title if a.detail in s.ruleset.weapons else ""
    texts = {
        Verb.DRAFT: f"drafts {name}",
        Verb.RELOAD: f"{a.detail} loads the {s.card(a.kind).title}" if a.kind in s.ruleset.weapons else "reloads",
        Verb.CONTROL: f"{a.detail} takes the shared {name}",
        Verb.SPAWN: f"spawns {name} on {a.target} ({_card(s, a.detail) if a.detail else 'no card'})",
        Verb.RECOVER: f"heals {name}",
        Verb.CUBE: f"{a.detail} takes a {a.kind} cube",
        Verb.DRAW: f"{a.kind} draws a powerup",
        Verb.DROP: f"{a.detail} gives up the {s.card(a.kind).title}" if a.kind in s.ruleset.weapons else "drops",
        Verb.PASS: "passes",
        Verb.MOVE: f"{name} moves {a.actor} → {a.target}" + (f" and grabs the {weapon}" if weapon else ""),
        Verb.DASH: f"{name} dashes {a.actor} → {a.target}" + (f" and grabs the {weapon}" if weapon else ""),
        Verb.STEP: f"{name} steps {a.actor} → {a.target}",
        Verb.ATTACK: f"{name} shoots {a.target} with the {weapon}",
        Verb.RUSH: f"{name} pays an adrenaline rush",
        Verb.TELEPORT: f"{name} teleports {a.actor} → {a.target}",
        Verb.NEWTON: f"{a.detail} plays a Newton: {name} {a.actor} → {a.target}",
        Verb.TAGBACK: f"{a.detail} throws a Tagback Grenade for {name}",
        Verb.TARGETING: f"adds a Targeting Scope on {_short(s, a.target)}",
        Verb.END: f"{name} ends its action" if a.actor is not None else "ends its turn",
    }
    text = texts.get(v) or f"{name} {v.value}s" + (f" {_short(s, a.target)}" if a.target else "") + (
        f" ({a.detail})" if a.detail else "")
    return f"{who} {text}"


def hex_words(s: TeamPlayState, h: Hex) -> str:
    """What Team Play holds on ``h`` now, for the status bar: a spawnpoint, the ammo tile, the rack's weapons."""
    i = s.board.index.get(h)
    if i is None:
        return ""
    parts = [f"{c.value} spawnpoint" for c, cells in s.points_cells.items() if i in cells]
    if i in s.ammo:
        tile = s.ammo[i]
        parts.append(f"ammo tile {_tile_words(tile)}" if tile else "ammo tile grabbed (laid again at the turn's end)")
    if i in s.racks:
        rack = s.racks[i]
        parts.append("weapon rack: " + (", ".join(f"{s.card(w).title} (grab {letters(s.card(w).grab_cost)})" for w in rack)
                                 or "empty"))
    return " · ".join(parts)


def _tile_words(tile: str) -> str:
    names = {"R": "red", "B": "blue", "Y": "yellow", "P": "powerup"}
    return ", ".join(names.get(c, c) for c in tile)
