"""How the playtest shows Tag: Move, Tag and End turn on the bar, the beacons on the board, the score line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter, QPen

from editor.playtest.picture import BoardPicture, PlayLayer, unit_marks
from editor.playtest.presenters import Presenter, Slot, versus
from engine.games.protocol import GameState
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from tests.toymode.rules import TAG_VERB


@dataclass(frozen=True)
class BeaconMark:
    """A beacon on the board: a gold star, ringed in the colour of the side standing on it."""

    hex: Hex
    held_by: Team | None
    under: bool = True

    def paint(self, layer: PlayLayer, p: QPainter) -> None:
        from editor.render.style import TEAM_COLORS

        c = layer.r.center(self.hex)
        s = layer.s
        ring = TEAM_COLORS[self.held_by] if self.held_by is not None else QColor("#7a6a1a")
        p.setPen(QPen(ring, s * 0.1))
        p.setBrush(QColor("#f2c230"))
        p.drawEllipse(QPointF(c.x(), c.y()), 0.3 * s, 0.3 * s)


class TagPresenter(Presenter):
    """Tag: its verb on the bar, the beacons marked, points against the target."""

    board_verbs: ClassVar[tuple[Verb, ...]] = (*Presenter.board_verbs, TAG_VERB)
    default_modes: ClassVar[tuple[Verb, ...]] = (Verb.MOVE, TAG_VERB)
    labels: ClassVar[Mapping[Verb, str]] = {TAG_VERB: "Tag"}

    def slots(self, state: GameState) -> tuple[Slot, ...]:
        move, _attack, end = super().slots(state)
        return (move, Slot("tag", "Tag", (TAG_VERB,), shortcut="T"), end)

    def picture(self, state: GameState) -> BoardPicture:
        st: Any = state
        held = {u.cell: u.team for u in state.units.values()}
        marks = tuple(BeaconMark(h, held.get(st.board.index[h])) for h in st.beacon_hexes())
        return BoardPicture(unit_marks(state, self.letters), marks)

    def score(self, state: GameState, pic: BoardPicture) -> tuple[str, str]:
        pts = state.scores()
        return versus(pts[Team.RED], pts[Team.BLU]), f"first to {state.options['points_to_win']} · turn {state.turn + 1}"

    def entry_text(self, state: GameState, action: Action, who: str) -> str:
        if action.verb is TAG_VERB:
            return f"{who} {state.stats(action.kind).name} tags {action.target}"
        return super().entry_text(state, action, who)
