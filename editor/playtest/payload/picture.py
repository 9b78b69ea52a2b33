"""Payload Race's board picture and token rows, read from a game's public attributes.

:func:`payload_picture`: the tokens with their card and markers and the two carts
with their progress and whether an enemy stops them. :func:`token_rows`: each
team's tokens for the side panel, the dead ones with where they wait.
"""

from __future__ import annotations

from typing import Any, Final

from editor.playtest.payload.marks import CartMark, Charge, Kritz, Uber
from editor.playtest.picture import BoardPicture, Decoration, SlotRow, unit_marks
from engine.games.payload.decisions import PlaceToken
from engine.games.payload.state import PayloadState
from engine.games.protocol import GameState, narrow
from engine.games.state import Phase
from engine.mapmodel import Team

__all__ = ["LETTERS", "letters", "payload_picture", "token_rows"]

#: Short labels drawn on token counters.
LETTERS: Final = {"scout": "Sc", "soldier": "So", "pyro": "Py", "demoman": "De", "heavy": "Hv", "medic": "Md"}


def letters(kind: str) -> str:
    """A class's two letters."""
    return LETTERS.get(kind, kind[:2].title())


def payload_picture(game: GameState) -> BoardPicture:
    """Payload Race's picture: the tokens and the two carts."""
    state = narrow(game, PayloadState, "the Payload Race picture")
    bd = state.board

    def extra(u: Any) -> dict[str, Any]:
        card = state.ruleset.weapons.get(u.weapon)
        decor: list[Decoration] = []
        notes = [f"carries the {card.title if card is not None else u.weapon}"]
        if u.uber:
            decor.append(Uber())
            notes.append("ÜberCharged: attacks do nothing until this turn ends")
        if u.kritz:
            decor.append(Kritz())
            notes.append("kritzed: every hit adds the kritz die this turn")
        if card is not None and card.charge:
            decor.append(Charge(u.charge, card.charge_needed))
            notes.append(f"UberCharge {u.charge}/{card.charge_needed}")
        if state.in_own_spawn(u):
            notes.append("safe in its own spawn base")
        return {"ring": "#28dc78" if u.uber else "", "decor": tuple(decor), "notes": tuple(notes)}

    carts = []
    for team in Team:
        track = state.tracks[team]
        i = state.carts[team]
        carts.append(CartMark(team, bd.hexes[track[i]], i, len(track) - 1,
                              tuple(bd.hexes[v.cell] for v in state.blockers(team)),
                              tuple(bd.hexes[c] for c in track[i + 1:])))
    return BoardPicture(unit_marks(state, letters, extra), tuple(carts))


def token_rows(game: GameState) -> dict[Team, list[SlotRow]]:
    """Each team's tokens with their weapon card and markers; the deciding team's tokens that still have
    something to do are marked acting."""
    state = narrow(game, PayloadState, "the token panel")
    out: dict[Team, list[SlotRow]] = {t: [] for t in Team}
    deciding = state.current_team() if state.phase is Phase.ACT else None
    for u in sorted(state.units.values(), key=lambda u: (u.slot, u.uid)):
        card = state.ruleset.weapons.get(u.weapon)
        marks = [card.title if card is not None else u.weapon]
        if card is not None and card.charge:
            marks.append(f"{card.charge} {u.charge}/{card.charge_needed}")
        marks += [m for m, on in (("ÜBER", u.uber), ("KRITZ", u.kritz)) if on]
        busy = u.team is deciding and bool(state.unit_groups(u))
        out[u.team].append(SlotRow(u.team, u.slot, u.kind, state.stats(u.kind).name, u.health,
                                   state.max_health(u.kind), 0, True, False, busy, " · ".join(marks),
                                   letters(u.kind)))
    placed = [d for d in state.queue if isinstance(d, PlaceToken)]
    for team in Team:
        dead = [(d.kind, d.slot, "back in its spawn now") for d in placed if d.team is team and d.why == "respawn"]
        dead += [(kind, slot, "waits for a free spawn hex") for kind, slot in state.waiting[team]]
        dead += [(d.kind, d.slot, "") for d in placed if d.team is team and d.why == "setup"]
        for kind, slot, note in dead:
            out[team].append(SlotRow(team, slot, kind, state.stats(kind).name, 0, state.max_health(kind), 0, False,
                                     False, False, note, letters(kind)))
        out[team].sort(key=lambda r: r.slot)
    return out
