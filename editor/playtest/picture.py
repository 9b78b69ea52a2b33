"""What the playtest board shows of a game, as plain values: counters, and the marks a mode adds.

A mode's presenter (:meth:`editor.playtest.presenters.Presenter.picture`) reads a
game state through its public attributes and returns a :class:`BoardPicture`:
one :class:`UnitMark` per unit on the board (team, letters, health, the small
badges and :class:`Decoration` values a mode hangs on it) and the mode's own
:class:`BoardMark` values (a control point's holder, a cart and its track ahead,
ammo tiles...). Marks and decorations paint themselves (each mode's package holds
its own), so the board view draws any mode without knowing it, and tests read
the picture without pixels.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine.games.protocol import GameState
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFont, QPainter

    from editor.render.painter import MapRenderer

__all__ = ["BoardMark", "BoardPicture", "Decoration", "PlayLayer", "SlotRow", "UnitMark", "default_letters", "unit_marks",
           "unit_rows"]


class PlayLayer(Protocol):
    """What marks use of the board's play layer: its renderer, hex size and fonts."""

    r: MapRenderer
    s: float
    f_unit: QFont
    f_small: QFont
    f_tiny: QFont


def default_letters(kind: str) -> str:
    """Two letters for a unit kind's counter when its mode names none: ``"scout"`` → ``"Sc"``."""
    return kind[:2].title()


class Decoration(Protocol):
    """Something a mode draws on or around a unit's counter (burn flames, a charge, a badge)."""

    def paint(self, layer: PlayLayer, p: QPainter, centre: QPointF) -> None:
        """Paint around ``centre`` (the counter's centre) with the layer's sizes and fonts."""
        ...


class BoardMark(Protocol):
    """Something a mode draws on the board besides the counters: ``under`` marks before the choices and
    counters (a held control point, ammo tiles), the others over the choices (carts, grenades)."""

    under: bool

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        """Paint on the board's play layer."""
        ...


@dataclass(frozen=True)
class UnitMark:
    """One unit counter: where, whose, what, its health bar and what its mode hangs on it.

    ``square`` draws a square counter (a building); ``dimmed`` greys it (inactive);
    ``ring`` a dashed ring of that colour (invulnerable); ``badges`` are small (text,
    colour) tags in a row above it; ``decor`` the mode's own drawings; ``summary``
    replaces "health/max health" in the tooltip and ``notes`` end it.
    """

    uid: int
    hex: Hex
    team: Team
    kind: str
    name: str
    letters: str
    health: int
    max_health: int
    active: bool = False
    square: bool = False
    dimmed: bool = False
    ring: str = ""
    badges: tuple[tuple[str, str], ...] = ()
    decor: tuple[Decoration, ...] = ()
    summary: str = ""
    notes: tuple[str, ...] = ()

    @property
    def health_fraction(self) -> float:
        """Health as 0..1 (above 1 never; a unit's health never exceeds its maximum)."""
        return max(0.0, min(1.0, self.health / self.max_health)) if self.max_health else 0.0

    def tooltip(self) -> str:
        """Several lines describing the unit and its markers."""
        lines = [f"{self.team.value} {self.name} — {self.summary or f'{self.health}/{self.max_health} health'}"]
        if self.active:
            lines.append("acting now")
        lines.extend(self.notes)
        return "\n".join(lines)


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board draws on top of the map: the counters and the mode's marks."""

    units: tuple[UnitMark, ...]
    marks: tuple[BoardMark, ...] = ()

    def unit_at(self, h: Hex) -> UnitMark | None:
        """The counter on ``h`` (None if empty)."""
        return next((u for u in self.units if u.hex == h), None)

    def marks_of(self, cls: type[Any]) -> list[Any]:
        """The marks of class ``cls``, in drawing order (tests and tooltips read them)."""
        return [m for m in self.marks if isinstance(m, cls)]


def unit_marks(state: GameState, letters: Callable[[str], str] = default_letters,
               extra: Callable[[Any], dict[str, Any]] | None = None) -> tuple[UnitMark, ...]:
    """A counter for each unit on the board, by uid: name, letters, health; the acting unit marked.

    ``extra(unit)`` gives more :class:`UnitMark` fields for a unit (a mode's
    badges, decorations and notes).
    """
    bd = state.board
    active = state.active_unit()
    out = []
    for u in sorted(state.units.values(), key=lambda u: u.uid):
        if u.cell < 0:
            continue
        fields: dict[str, Any] = dict(
            uid=u.uid, hex=bd.hexes[u.cell], team=u.team, kind=u.kind, name=state.stats(u.kind).name,
            letters=letters(u.kind), health=u.health, max_health=state.max_health(u.kind),
            active=active is not None and active.uid == u.uid and state.phase is Phase.ACT)
        if extra is not None:
            fields.update(extra(u))
        out.append(UnitMark(**fields))
    return tuple(out)


@dataclass(frozen=True)
class SlotRow:
    """One row of the side panel's unit list: the unit (or the dead or empty slot) and its timer.

    ``acting``: the row of the unit acting now (or of a token that may still act);
    ``next_up``: the row acting next for the other team; ``note``: shown instead of
    the health bar of a unit not on the board ("back in its spawn now").
    """

    team: Team
    slot: int
    kind: str
    name: str
    health: int
    max_health: int
    timer: int
    alive: bool
    next_up: bool
    acting: bool
    note: str = ""
    letters: str = ""

    def status(self) -> str:
        """"120/120", "respawn in 2", "ready to spawn", its note ("back in its spawn now") or "not placed yet"."""
        if self.alive:
            return f"{self.health}/{self.max_health}"
        if self.timer > 0:
            return f"respawn in {self.timer}"
        if self.note:
            return self.note
        return "ready to spawn" if self.kind else "not placed yet"


def unit_rows(state: GameState, letters: Callable[[str], str] = default_letters) -> dict[Team, list[SlotRow]]:
    """Each team's units on the board, by uid, with their health; the deciding team's units marked acting."""
    out: dict[Team, list[SlotRow]] = {t: [] for t in Team}
    deciding = state.current_team() if state.phase is Phase.ACT else None
    for u in sorted(state.units.values(), key=lambda u: u.uid):
        if u.cell < 0:
            continue
        out[u.team].append(SlotRow(u.team, u.slot, u.kind, state.stats(u.kind).name, u.health,
                                   state.max_health(u.kind), 0, True, False, u.team is deciding,
                                   letters=letters(u.kind)))
    return out
