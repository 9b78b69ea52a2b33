"""Team Play's board picture: each character's damage against its killshot space with badges for its
buffered damage, marks, venom and whether it acted, and the ammo tiles and weapon racks as they are now."""

from __future__ import annotations

from typing import Any, Final

from editor.playtest.picture import BoardPicture, unit_marks
from editor.playtest.teamplay.marks import TileMark
from engine.games.protocol import GameState, narrow
from engine.games.teamplay.state import TeamPlayState

__all__ = ["LETTERS", "letters", "teamplay_picture"]

#: Short labels drawn on character counters.
LETTERS: Final = {"sprog": "Sp", "violet": "Vi", "dozer": "Dz", "banshee": "Bn", "dstructor": "DS", "echo": "Ec"}
#: Badge colours: damage waiting in the buffer, marks, venom, "acted this turn".
_BADGE: Final = {"pending": "#d9730d", "marks": "#7b3fb5", "venom": "#2e8b3e", "acted": "#5b6068"}


def letters(kind: str) -> str:
    """A character's two letters."""
    return LETTERS.get(kind, kind[:2].title())


def teamplay_picture(game: GameState) -> BoardPicture:
    """Team Play's picture: the characters with their badges, the ammo tiles and the weapon racks."""
    state = narrow(game, TeamPlayState, "the Team Play picture")
    active = state.active_unit()

    def extra(u: Any) -> dict[str, Any]:
        v = state.board_view(u)
        badges = [(text, _BADGE[name]) for name, text, on in (
            ("pending", f"+{v.pending}", v.pending), ("marks", f"◆{v.marks}", v.marks), ("venom", "V", v.venom),
            ("acted", "✓", v.acted)) if on]
        notes = [f"{v.pending} damage waiting in the {u.team.value} buffer" if v.pending else "",
                 f"{v.marks} mark(s) waiting in the buffer" if v.marks else "",
                 "a venom token (1 damage onto the board at the end of Sprog's turn)" if v.venom else "",
                 f"next killshot scores {v.value}; {v.skulls} skull(s) on the board",
                 f"controlled by {v.controller}" + (" · acted this turn" if v.acted else "")]
        return {"name": v.name, "health": max(0, v.killshot - v.damage), "max_health": v.killshot,
                "active": active is not None and active.uid == u.uid, "badges": tuple(badges),
                "summary": f"{v.damage} damage, killed at {v.killshot}", "notes": tuple(n for n in notes if n)}

    arena = state.arena_view()
    tiles = [TileMark(h, "ammo", tile) for h, tile in arena.ammo]
    tiles += [TileMark(h, "rack", str(len(rack)), ", ".join(state.card(w).title for w in rack) or "empty")
              for h, rack in arena.racks]
    return BoardPicture(unit_marks(state, letters, extra), tuple(tiles))
