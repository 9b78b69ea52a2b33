"""The Team Play panel of the playtest window: both teams' boards, buffers and hands, and the arena.

:class:`TeamPlayPanel` shows a Team Play game from the engine's frozen views
(:mod:`engine.games.teamplay.views`) — it holds no game and changes nothing:
the window calls :meth:`TeamPlayPanel.show_state` after every change. A column
per team lists its player boards (:class:`~.teamplay_boards.PlayerBoards`), its
damage buffer (:class:`~.teamplay_boards.BufferBar`) and each player's hand;
the arena column lists the skulls, the reward tile, decks, racks, ammo tiles and
the unloaded weapons, the draft while it runs, and the final scoring once the
game is over. The texts are built by small functions tests read directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from editor.playtest.teamplay.boards import BufferBar, PlayerBoards
from editor.playtest.teamplay.words import powerup_title
from editor.render.style import CUBE_COLORS, TEAM_COLORS
from engine.games.state import Phase
from engine.games.teamplay.economy import letters
from engine.games.teamplay.views import ArenaView, HandView, draft_view, score_view
from engine.mapmodel import Colour, Team

if TYPE_CHECKING:
    from engine.games.teamplay.state import TeamPlayState

__all__ = ["TeamPlayPanel", "arena_html", "draft_html", "final_html", "hand_html"]

_CUBE_HEX = {c: CUBE_COLORS[c].name() for c in Colour}


def hand_html(s: TeamPlayState, h: HandView) -> str:
    """One player's hand: cubes (filled squares of each colour, out of the limit), powerups with their
    colour, loaded weapons, and the characters he controls now."""
    limit = int(s.options["max_cubes"])
    cubes = " ".join(f"<span style='color:{_CUBE_HEX[c]}'>{'■' * n}{'□' * (limit - n)}</span>"
                     for c, n in zip(Colour, h.cubes, strict=True))
    cards = ", ".join(f"<span style='color:{_CUBE_HEX[Colour(colour)]}'>●</span>{powerup_title(s, kind, colour)}"
                      for kind, colour in h.powerups) or "no powerups"
    weapons = ", ".join(s.card(w).title for w in h.weapons) or "none"
    controls = ", ".join(s.stats(k).name for k in h.controls) or "—"
    return (f"<b>{h.name}</b> {cubes} · {cards}<br>&nbsp;&nbsp;loaded: {weapons} · controls {controls}")


def arena_html(s: TeamPlayState, a: ArenaView) -> str:
    """The arena: skulls left, the reward tile with its rewards, decks, racks, ammo tiles, tables."""
    tile = next((t for t in s.ruleset.reward_tiles.values() if t.title == a.reward_tile), None)
    rewards = "; ".join(f"{n} colour{'s' * (n != 1)}: {tile.reward(n).describe()}" for n in (1, 2, 3)) if tile else ""
    skulls = int(s.options["skulls"])
    racks = "<br>".join(f"&nbsp;&nbsp;{h}: " + (", ".join(f"{s.card(w).title} ({letters(s.card(w).grab_cost)})"
                                                        for w in ws) or "empty") for h, ws in a.racks)
    laid = sum(1 for _, t in a.ammo if t)
    tables = " · ".join(f"{t.value}: " + (", ".join(s.card(w).title for w in ws) or "—") for t, ws in a.tables)
    return (f"<b>Skulls</b> {'☠' * a.skulls_left}{'·' * (skulls - a.skulls_left)} {a.skulls_left} of {skulls} left<br>"
            f"<b>Reward tile</b> {a.reward_tile}" + (f" <small>({rewards})</small>" if rewards else "") + "<br>"
            f"<b>Decks</b> {a.weapons_left} weapons, {a.powerups_left} powerups · "
            f"<b>ammo tiles</b> {laid} of {len(a.ammo)} laid<br>"
            f"<b>Racks</b> (grab cost)<br>{racks}<br><b>Unloaded</b> {tables}")


def draft_html(s: TeamPlayState) -> str:
    """The draft so far: each team's characters and every character's own weapon for this game."""
    d = draft_view(s)
    picked = {t: ks for t, ks in d.drafted}
    rows = [f"<b>{t.value}</b>: " + (", ".join(s.stats(k).name for k in picked.get(t, ())) or "—") for t in Team]
    order = " → ".join(t.value for t in d.order)
    chars = "".join(f"<br><b>{s.stats(k).name}</b> — own weapon {s.card(w).title}: {s.card(w).text} "
                    f"<i>{s.behaviour(k).ability_tip()}</i>" for k, w in d.revealed)  # type: ignore[attr-defined]
    return ("<b>Draft</b> (1-2-2-1)<br>" + "<br>".join(rows) + (f"<br>still to pick: {order}" if order else "")
            + f"<small>{chars}</small>")


def final_html(s: TeamPlayState) -> str:
    """The final scoring: each team's points, killshots and points from leftover damage, and the winner."""
    rows = []
    for t in Team:
        v = score_view(s, t)
        col = TEAM_COLORS[t].name()
        # the parts add up to the points (it read "RED 5: 0 killshot(s), …, leftover damage +3": rewards unsaid)
        rows.append(f"<span style='color:{col}'><b>{t.value} {v.points}</b></span> = {v.points - v.leftover} "
                    f"during play ({v.kills} killshot(s), buffer rewards and bonuses) + {v.leftover} from leftover "
                    f"damage; {v.skulls} skull(s) on {t.other.value}'s boards")
    w = s.winner()
    verdict = f"{w.value} wins" if w else "a draw"
    return "<b>Final score</b><br>" + "<br>".join(rows) + f"<br><b>{verdict}</b>"


class _TeamColumn(QFrame):
    """One team: header, player boards, buffer and hands."""

    def __init__(self, team: Team, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team = team
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(3)
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.header)
        self.draft = QLabel()
        self.draft.setWordWrap(True)
        lay.addWidget(self.draft)
        self.boards = PlayerBoards()
        lay.addWidget(self.boards)
        self.buffer = BufferBar()
        lay.addWidget(self.buffer)
        self.hands = QLabel()
        self.hands.setTextFormat(Qt.TextFormat.RichText)
        self.hands.setWordWrap(True)
        self.hands.setToolTip("Each player's cubes (out of the limit), powerups and loaded weapons")
        lay.addWidget(self.hands)
        lay.addStretch(1)

    def show_state(self, s: TeamPlayState) -> None:
        t = self.team
        col = TEAM_COLORS[t].name()
        deciding = s.current_team() is t
        turn = (" · <i>its turn</i>" if deciding and s.phase is Phase.ACT else " · <i>deciding</i>" if deciding
                else "")
        self.header.setText(f"<span style='color:{col}'><b>{t.value}</b></span> · {s.points[t]} points · "
                            f"{s.players(t)} player{'s' * (s.players(t) != 1)}{turn}")
        chars = s.characters(t)
        names = {k: s.stats(k).name for k in s.game.stats}
        self.boards.setVisible(bool(chars))
        self.buffer.setVisible(bool(chars))
        self.draft.setVisible(not chars)
        if chars:
            self.boards.show_boards([s.board_view(u) for u in chars],
                                    {u.weapon: s.card(u.weapon).title for u in chars})
            self.buffer.show_buffer(s.buffer_view(t), names)
        else:
            picked = dict(draft_view(s).drafted).get(t, ())
            self.draft.setText("drafted: " + (", ".join(names[k] for k in picked) or "nobody yet"))
        self.hands.setText("<br>".join(hand_html(s, h) for h in s.hand_views(t)))


class TeamPlayPanel(QWidget):
    """Both teams and the arena of a Team Play game (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(4, 2, 4, 2)
        self.columns = {t: _TeamColumn(t) for t in Team}
        for t in Team:
            lay.addWidget(self.columns[t], 3)
        self.arena = QLabel()
        self.arena.setTextFormat(Qt.TextFormat.RichText)
        self.arena.setWordWrap(True)
        self.arena.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.arena.setFrameShape(QFrame.Shape.StyledPanel)
        self.arena.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.arena.setToolTip("The arena: skulls left, the buffer reward tile, decks, racks and ammo tiles")
        lay.addWidget(self.arena, 3)

    def show_state(self, s: TeamPlayState) -> None:
        """Show ``s`` (a Team Play game)."""
        for c in self.columns.values():
            c.show_state(s)
        if s.is_terminal():
            text = final_html(s) + "<br><br>" + arena_html(s, s.arena_view())
        elif not s.characters(Team.RED) and not s.characters(Team.BLU):
            text = draft_html(s)
        else:
            text = arena_html(s, s.arena_view())
        self.arena.setText(text)
