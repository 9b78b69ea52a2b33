"""What a Team Play action does: moves and grabs, shots, the adrenaline actions, Newton and
Teleporter (003 "Actions"; docs/rules-teamplay.md).

Functions of the state, called by :meth:`TeamPlayState._act
<engine.games.teamplay.state.TeamPlayState>` and by the flow of decisions
(:mod:`.flow`, :mod:`.endturn`); the action is legal (checked by the caller).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.events import Pickup
from engine.games.teamplay.decisions import Drop, Scope, Tagback
from engine.games.teamplay.decks import draw_powerup
from engine.games.teamplay.economy import ANY, can_pay, pay
from engine.games.teamplay.pieces import COLOURS, Character, Hand, card_kind
from engine.games.teamplay.weapons import hits
from engine.hexgrid import Hex
from engine.rules.actions import Action, Verb

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["act", "discard", "grab_ammo", "grab_weapon", "offer_tagback", "shoot"]

#: Verbs as module constants: a member looked up on the open vocabulary costs a call (:mod:`engine.vocabulary`).
_V_ATTACK, _V_DASH, _V_END, _V_MOVE = Verb.ATTACK, Verb.DASH, Verb.END, Verb.MOVE
_V_NEWTON, _V_RUSH, _V_STEP, _V_TELEPORT = Verb.NEWTON, Verb.RUSH, Verb.STEP, Verb.TELEPORT


def act(s: TeamPlayState, a: Action) -> None:
    verb = a.verb
    if verb is _V_END and a.actor is None:
        s.log.append(f"{s.team.value} ends its turn")
        s.step = "replace"
        return
    if verb is _V_NEWTON:
        v = s.actor_of(a)
        hand = s.hand(s.team, a.detail)
        discard(s, hand, "newton")
        assert a.target is not None
        s.log.append(f"{s.player_label(s.team, hand)} plays a Newton: the {s.name_of(v)} "
                 f"goes {a.actor} → {a.target}")
        v.cell = s.board.index[a.target]
        return
    u = s.actor_of(a)
    if verb is _V_TELEPORT:
        assert a.target is not None
        discard(s, s.hand_of(u), "teleporter")
        s.log.append(f"{s.player_label(s.team, s.hand_of(u))} teleports the {s.name_of(u)} "
                 f"{a.actor} → {a.target}")
        u.cell = s.board.index[a.target]
        return
    if verb is _V_RUSH:
        u.tile += 1
        s.sync(u)
        s.acting, s.acting_mode = u.uid, "rush"
        s.log.append(f"the {s.name_of(u)} pays an adrenaline rush: its tile slides to killshot space "
                 f"{s.killshot(u)}")
        return
    if verb is _V_STEP:
        assert a.target is not None
        u.cell = s.board.index[a.target]
        s.acting, s.acting_mode = u.uid, "step"
        s.log.append(f"the {s.name_of(u)} steps {a.actor} → {a.target}, then may shoot")
        return
    if verb is _V_MOVE or verb is _V_DASH:
        assert a.target is not None
        move_and_grab(s, u, s.board.index[a.target], a.detail)
    elif verb is _V_ATTACK:
        assert a.target is not None
        shoot(s, u, a.detail, a.target)
    elif verb is _V_END:
        s.log.append(f"the {s.name_of(u)} ends its action")
    finish_action(s, u)


def finish_action(s: TeamPlayState, u: Character) -> None:
    s.done_by(u).actions = 1
    s.acting, s.acting_mode = -1, ""


def discard(s: TeamPlayState, hand: Hand, kind: str) -> str:
    """Discard ``hand``'s newest powerup of ``kind`` (it was played) and return it."""
    card = next(c for c in reversed(hand.cards) if card_kind(c) == kind)
    hand.cards.remove(card)
    s.discards.append(card)
    return card


def move_and_grab(s: TeamPlayState, u: Character, cell: int, weapon: str) -> None:
    b = s.board
    if cell != u.cell:
        s.log.append(f"the {s.name_of(u)} moves {b.hexes[u.cell]} → {b.hexes[cell]}")
    u.cell = cell
    if weapon:
        grab_weapon(s, u, cell, weapon)
    elif s.ammo.get(cell):
        grab_ammo(s, u, cell)


def grab_ammo(s: TeamPlayState, u: Character, cell: int) -> None:
    """``u`` takes the ammo tile on ``cell``: cubes for its player (up to ``max_cubes`` each), a powerup for P."""
    tile = s.ammo[cell]
    s.ammo[cell] = ""
    if s.events is not None:
        s.events.append(Pickup(u.team, u.kind, "ammo", cell))
    hand = s.hand_of(u)
    limit = int(s.options["max_cubes"])
    got = []
    for letter in tile:
        if letter == "P":
            if len(hand.cards) < int(s.options["max_powerups"]) and draw_powerup(s, hand):
                got.append("a powerup")
            continue
        i = "RBY".index(letter)
        if hand.cubes[i] < limit:
            hand.cubes[i] += 1
            got.append(COLOURS[i].value)
    s.log.append(f"the {s.name_of(u)} grabs the ammo tile {tile}: {', '.join(got) or 'nothing fits'} "
                    f"for {s.player_label(u.team, hand)}")


def grab_weapon(s: TeamPlayState, u: Character, cell: int, weapon: str) -> None:
    """``u``'s player pays the grab cost and takes ``weapon`` from the rack on ``cell`` (queues a drop at the limit)."""
    hand = s.hand_of(u)
    card = s.card(weapon)
    s.discards.extend(pay(hand, card.grab_cost))
    s.racks[cell].remove(weapon)
    hand.weapons.append(weapon)
    if s.events is not None:
        s.events.append(Pickup(u.team, u.kind, "weapon", cell))
    s.log.append(f"the {s.name_of(u)} grabs the {card.title} for {s.player_label(u.team, hand)} "
                    f"({card.grab_cost and 'paying ' + card.grab_cost or 'free'})")
    if s.loaded_arena(hand) > int(s.options["max_loaded"]):
        s.queue.append(Drop(u.team, s.controller(u), weapon, cell))


def shoot(s: TeamPlayState, u: Character, weapon: str, aim: Hex) -> None:
    """``u`` fires ``weapon`` at ``aim``: damage first, then marks and venom; the weapon is unloaded onto
    the team's table; a Targeting Scope and Tagback Grenades may follow."""
    card = s.card(weapon)
    hand = s.hand_of(u)
    hand.weapons.remove(weapon)
    s.table[u.team].append(weapon)
    struck = hits(s, u, card, aim)
    why = f"the {s.name_of(u)}'s {card.title}"
    damaged = []
    for v, dmg in struck:
        if dmg > 0:
            s.add_damage(v, dmg, why, by=u)
            damaged.append(v.uid)
    for v, _ in struck:
        s.add_marks(v, card.marks, why)
        if card.venom and not v.venom:
            v.venom = True
            s.log.append(f"{why}: a venom token on the {s.name_of(v)}")
    if not damaged:
        return
    k = s.controller(u)
    if any(card_kind(c) == "targeting_scope" and can_pay(hand, ANY, c) for c in hand.cards):
        s.queue.append(Scope(u.team, k, u.uid, tuple(damaged)))
    offer_tagback(s, u, damaged)


def offer_tagback(s: TeamPlayState, u: Character, damaged: list[int], why: str = "") -> None:
    """Let the team of the figures ``u`` just damaged (uids ``damaged``, through the buffer) answer with Tagback
    Grenades (003 "Powerups in team play": whenever an opponent adds damage the victim sees him deal).

    After a shot (``why`` empty) the decision waits behind a Targeting Scope; after an ability (``why`` names
    it) it is the next decision, before the acting team's remaining abilities.
    """
    p = Tagback(u.team.other, u.uid, tuple(damaged), ability=why)
    if why:
        s.queue.insert(0, p)
    else:
        s.queue.append(p)
