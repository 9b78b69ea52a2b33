"""The playtest window: the board, the turn panel, the action bar, the choices, the mode's panel, dice and log.

It turns clicks into actions through :mod:`~editor.playtest.explain` and hands
them to the :class:`~editor.playtest.controller.PlaytestController`, and redraws
from the controller's signals. What differs by mode comes from the mode's
presenter (:mod:`~editor.playtest.presenters`): the action bar's fixed slots
(:mod:`~editor.playtest.action_bar`), the words, the board picture and the mode's
own panel; the buttons of each decision come from :mod:`~editor.playtest.buttons`.
So the window is the same for every game, and its parts keep their places: the
action bar's buttons never move, the choices have a fixed height, and the
selection stays on a unit until the player picks another. Nothing here changes
the map being edited: the game plays a copy of it (maps are immutable), so going
back to the editor loses nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFont
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.action_bar import ActionBar
from editor.playtest.action_log import ActionLog
from editor.playtest.board_view import BoardView
from editor.playtest.button_widgets import ButtonsArea, HintButton
from editor.playtest.buttons import ButtonSpec, SlotState, choice_buttons, slot_states
from editor.playtest.controller import PlaytestController
from editor.playtest.dice_panel import DicePanel
from editor.playtest.explain import actors, choices, explain, hex_status, modes_now
from editor.playtest.journal import LogEntry
from editor.playtest.presenters import Presenter, board_picture, presenter_of
from editor.playtest.session import HUMAN, GameSetup
from editor.playtest.window_dialogs import REPLAY_FILTER, WindowDialogs
from editor.playtest.window_toolbar import build_toolbars
from editor.render.style import TEAM_COLORS
from editor.screen_fit import fit_to_screen
from engine.games.modes import GAMES
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.dice import Dice
from engine.validation.wording import plural

__all__ = ["REPLAY_FILTER", "PlaytestWindow"]

#: Buttons with labels up to this long go three to a row among the choices (up to twice as long, two; longer, one).
_WIDE = 15
#: The height of the choices' area (they scroll beyond it): fixed, so nothing under it moves.
_CHOICES_HEIGHT = 120


#: What a click on the board says while the AI decides (taken down as soon as it has: :meth:`PlaytestWindow.refresh`).
_WAIT = "Wait: the AI is deciding (press Skip » or Space to hurry it)"


class PlaytestWindow(QMainWindow, WindowDialogs):
    """A playtest of one set-up; ``back_to_editor`` is emitted when the user asks for the editor.

    Opened from the editor, "◀ Back to editor" emits it and closes the window. A
    ``standalone`` window (``hexfort play``, no editor behind it) offers "Open in
    editor" instead: it emits the signal and the game stays open.
    The window starts the game when shown (an AI deciding first starts after its pause).
    """

    back_to_editor = Signal()
    # toolbar actions and the replay line, made by :func:`~editor.playtest.window_toolbar.build_toolbars`
    act_back: QAction
    act_first: QAction
    act_from_here: QAction
    act_last: QAction
    act_leave_replay: QAction
    act_load_replay: QAction
    act_new_game: QAction
    act_new_seed: QAction
    act_next: QAction
    act_pause: QAction
    act_prev: QAction
    act_restart: QAction
    act_save_replay: QAction
    act_skip: QAction
    act_undo: QAction
    replay_label: QLabel

    def __init__(self, setup: GameSetup, placements: list | None = None,  # type: ignore[type-arg]
                 scenario_override=None, parent: QWidget | None = None,  # type: ignore[no-untyped-def]
                 standalone: bool = False, dice_factory: Callable[[int], Dice] | None = None) -> None:
        super().__init__(parent)
        self.standalone = standalone
        self._unasked = False  # close_unasked: a script closing its own game
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.ctl = PlaytestController(setup, placements, scenario_override, parent=self, dice_factory=dice_factory)
        self.mode: Verb | None = None
        #: the unit kind a spawn places, and what each picked mode uses (verb -> the weapon, card or player)
        self.spawn_kind: str | None = None
        self.picks: dict[Verb, str] = {}
        #: the unit chosen to act when the side's units act in any order (by uid: it stays on the unit
        #: when the unit moves); None: the state's active unit
        self.selected_uid: int | None = None
        self._hover: Hex | None = None
        self._map_key = None
        self._panel_key: object = None
        self.board = BoardView(self.ctl.state.scenario.map)
        build_toolbars(self)
        self._build_panel()
        self.mode_panel: QWidget | None = None
        self.below = QScrollArea()  # a mode's panel under the board; too little room scrolls it
        self.below.setWidgetResizable(True)
        self.below.setFrameShape(QFrame.Shape.NoFrame)
        self.below.hide()
        self.left = QSplitter(Qt.Orientation.Vertical)
        left = self.left
        left.addWidget(self.board)
        left.addWidget(self.below)
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 0)
        self._panel_dragged = False  # once the user sizes the panels, they keep that size
        left.splitterMoved.connect(lambda *_: setattr(self, "_panel_dragged", True))
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.panel)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 0)
        split.setSizes([900, 380])
        self.setCentralWidget(split)
        self.hover_label = QLabel()
        self.statusBar().addPermanentWidget(self.hover_label)
        self.board.hex_clicked.connect(self.click)
        self.board.hex_hovered.connect(self._hovered)
        self.board.cancelled.connect(lambda: self.set_mode(self._default_mode()))
        self.bar.chosen.connect(self._slot_chosen)
        self.bar.refused.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self.log.entry_chosen.connect(self._entry_chosen)
        self.ctl.changed.connect(self.refresh)
        self.ctl.log_reset.connect(self._log_reset)
        self.ctl.entry_added.connect(self._entry_added)
        self.ctl.ai_thinking.connect(self._ai_thinking)
        self.thinking_label: QLabel | None = None  # "the AI is thinking" while a searching AI decides
        self.ctl.thinking.connect(self._search_progress)
        self.ctl.problem.connect(lambda text: QMessageBox.warning(self, "Playtest", text))
        fit_to_screen(self, 1360, 860)
        self._started = False
        self.refresh()

    # -- construction --------------------------------------------------------------------

    def _build_panel(self) -> None:
        self.panel = QWidget()
        self.panel.setMinimumWidth(340)
        self.panel.setMaximumWidth(460)
        lay = QVBoxLayout(self.panel)
        lay.setContentsMargins(8, 6, 8, 6)
        self.score_label = QLabel()
        self.score_label.setTextFormat(Qt.TextFormat.RichText)
        f = QFont(self.font())
        f.setPointSizeF(f.pointSizeF() * 1.5)
        f.setBold(True)
        self.score_label.setFont(f)
        self.score_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.score_label)
        self.point_label = QLabel()
        self.point_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.point_label.setWordWrap(True)
        lay.addWidget(self.point_label)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        self.turn_label.setTextFormat(Qt.TextFormat.RichText)
        self.turn_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.turn_label.setStyleSheet("QLabel { background: #f4f1e8; border: 1px solid #d6cfbd; border-radius: 6px;"
                                      " padding: 6px; }")
        self.turn_label.setFixedHeight(5 * self.fontMetrics().lineSpacing() + 14)  # its text never moves the bar
        lay.addWidget(self.turn_label)
        self.bar = ActionBar(self.panel)
        lay.addWidget(self.bar)
        self.buttons_box = QWidget()
        self.buttons_grid = QGridLayout(self.buttons_box)
        self.buttons_grid.setContentsMargins(0, 0, 0, 0)
        self.buttons_grid.setSpacing(4)
        self.buttons_grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        for c in range(6):  # six even columns: three, two or one button a row
            self.buttons_grid.setColumnStretch(c, 1)
        self.buttons_scroll = ButtonsArea()
        self.buttons_scroll.setWidget(self.buttons_box)
        self.buttons_scroll.setWidgetResizable(True)
        self.buttons_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.buttons_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.buttons_scroll.setFixedHeight(_CHOICES_HEIGHT)
        lay.addWidget(self.buttons_scroll)
        self.choice_buttons: dict[str, QPushButton] = {}
        self.dice_label = DicePanel()
        lay.addWidget(self.dice_label)
        self.side = QScrollArea()  # a mode's panel in the side column (the blueprint, the tokens); scrolls when short
        self.side.setWidgetResizable(True)
        self.side.setFrameShape(QFrame.Shape.NoFrame)
        self.side.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        lay.addWidget(self.side)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay.addWidget(line)
        head = QHBoxLayout()
        head.addWidget(QLabel("<b>Action log</b> — click a line to see its hexes"))
        lay.addLayout(head)
        self.log = ActionLog()
        lay.addWidget(self.log, 1)

    @property
    def verb_buttons(self) -> dict[str, QPushButton]:
        """Every button of the decision by key: the action bar's slots, then the choices."""
        return {**self.bar.buttons, **self.choice_buttons}

    # -- showing the game -------------------------------------------------------------------

    def showEvent(self, e) -> None:  # type: ignore[no-untyped-def]  # noqa: N802 - Qt's name
        super().showEvent(e)
        if not self._started:
            self._started = True
            self.ctl.start()

    @property
    def state(self):  # type: ignore[no-untyped-def]
        """The game shown (the controller's)."""
        return self.ctl.state

    @property
    def presenter(self) -> Presenter:
        """How the game's mode is shown."""
        return presenter_of(self.ctl.state)

    def _set_up_mode(self) -> None:
        """The mode's panel and the action bar's slots, made again only when another game is shown."""
        st = self.ctl.state
        key = (st.scenario.mode, id(st.game))
        if key == self._panel_key:
            return
        self._panel_key = key
        pr = self.presenter
        self.bar.set_slots(pr.slots(st))
        if self.mode_panel is not None:
            self.mode_panel.hide()
            self.mode_panel.deleteLater()
        self.mode_panel = pr.make_panel()
        if pr.panel_below:
            self.below.setWidget(self.mode_panel)
            self.below.show()
            self.side.hide()
        else:
            self.side.setWidget(self.mode_panel)
            self.side.show()
            self.below.hide()
        self._panel_dragged = False

    def refresh(self) -> None:
        """Redraw everything from the controller's game."""
        st = self.ctl.state
        pr = self.presenter
        if self.board.toast_text == _WAIT and (self.ctl.is_human_turn() or st.is_terminal()):
            self.board.untell()  # the AI has decided: "wait" stayed up for its four seconds (a new-user audit)
        if self._map_key is not st.scenario.map:
            self._map_key = st.scenario.map
            if self.board.map != st.scenario.map:
                self.board.set_map(st.scenario.map)
        self._set_up_mode()
        name = st.scenario.name
        self.setWindowTitle(f"Playtest — {name} — seed {self.ctl.seed}{' (replay)' if self.ctl.replay_mode else ''}")
        pic = board_picture(st)
        sel = self._sel() if self.ctl.is_human_turn() else None
        if sel is not None:  # the selected token wears the acting unit's halo
            pic = dataclasses.replace(pic, units=tuple(dataclasses.replace(u, active=u.hex == sel) for u in pic.units))
        self.board.show_picture(pic, st.current_team())
        assert self.mode_panel is not None
        pr.show_panel(self.mode_panel, st)
        if pr.panel_below:  # as tall as the panel needs, up to a third of the column: the board keeps the rest
            want = min(self.mode_panel.sizeHint().height() + 4, self.left.height() // 3)
            if not self._panel_dragged and abs(self.below.height() - want) > 24:
                self.left.setSizes([max(200, self.left.height() - want), want])
        else:  # the side panel takes its height while there is room, then scrolls
            need = self.mode_panel.sizeHint().height() + 2
            self.side.setMinimumHeight(min(need, 130))
            self.side.setMaximumHeight(need)
        self.dice_label.setVisible(pr.dice)
        score, line = pr.score(st, pic)
        self.score_label.setText(score)
        self.point_label.setText(line)
        self.turn_label.setText(self._turn_text())
        self.mode = self._keep_or_default_mode()
        self._show_bar()
        self._rebuild_buttons()
        self._show_mode()
        self._sync_actions()

    def _turn_text(self) -> str:
        st = self.ctl.state
        pr = self.presenter
        team = st.current_team()
        if team is None:
            return pr.final(st) + " Undo, restart, or save the replay."
        col = TEAM_COLORS[team].name()
        who = self.ctl.controller_name(team)
        who_text = "your decision" if who == HUMAN and not self.ctl.replay_mode else f"{who}"
        note = pr.decision_note(st, self.actor_hex() if self.ctl.is_human_turn() else None)
        return (f"<span style='color:{col}'><b>{pr.decider(st)}</b></span> — {who_text}<br>{st.describe_decision()}"
                + (f"<br><small>{note}</small>" if note else ""))

    @property
    def selected(self) -> Hex | None:
        """The hex of the selected unit (None: none selected, or it is gone)."""
        st = self.ctl.state
        u = st.units.get(self.selected_uid) if self.selected_uid is not None else None
        return st.board.hexes[u.cell] if u is not None and u.cell >= 0 else None

    @selected.setter
    def selected(self, h: Hex | None) -> None:
        u = self.ctl.state.unit_at(h) if h is not None else None
        self.selected_uid = u.uid if u is not None else None

    def actor_hex(self) -> Hex | None:
        """The hex of the unit whose actions the board shows: the active unit, or the selected token.

        The selection stays on a unit of the deciding side while it lives, whether or
        not it has anything left to do (or on an enemy a powerup may move, in its
        mode); otherwise it goes to the first unit of that side that may act.
        """
        st = self.ctl.state
        u = st.active_unit()
        if u is not None:
            return None if u.cell < 0 else st.board.hexes[u.cell]
        if st.phase is not Phase.ACT:
            return None
        team = st.current_team()
        choosable = actors(st)
        sel = st.units.get(self.selected_uid) if self.selected_uid is not None else None
        if sel is not None and sel.cell >= 0 and (sel.team is team or st.board.hexes[sel.cell] in choosable):
            return st.board.hexes[sel.cell]
        own = [h for h in choosable if (v := st.unit_at(h)) is not None and v.team is team]
        self.selected = (own or choosable)[0] if (own or choosable) else None
        return self.selected

    def _default_mode(self) -> Verb | None:
        st = self.ctl.state
        if not self.ctl.is_human_turn():
            return None
        modes = modes_now(st, self._sel())
        for v in self.presenter.default_modes:
            if v in modes:
                return Verb.ATTACK if v is Verb.HEAL else v
        return None

    def _sel(self) -> Hex | None:
        """The selected token's hex when the side has no single active unit (else None: the state knows)."""
        return None if self.ctl.state.active_unit() is not None else self.actor_hex()

    def _keep_or_default_mode(self) -> Verb | None:
        if not self.ctl.is_human_turn():
            return None
        modes = modes_now(self.ctl.state, self._sel())
        if self.mode is Verb.ATTACK and Verb.HEAL in modes:
            return self.mode
        if self.mode in modes and self.mode in self.presenter.board_verbs:
            return self.mode
        if self.mode is Verb.ATTACK and self._may_attack():
            return self.mode  # no target now, but Attack stays on while the unit may still attack
        return self._default_mode()

    def _may_attack(self) -> bool:
        states = {s.slot.key: s for s in self._slot_states()}
        s = states.get("attack")
        return s is not None and s.enabled

    def _slot_states(self) -> list[SlotState]:
        st = self.ctl.state
        human = self.ctl.is_human_turn()
        actor = self.actor_hex() if human else None
        return slot_states(st, self.presenter, self.bar.slots, self.mode, actor if human else None)

    def _show_bar(self) -> None:
        states = self._slot_states()
        if not self.ctl.is_human_turn():
            why = ("this is a replay: step with ◀ Step / Step ▶" if self.ctl.replay_mode else
                   "the game is over" if self.ctl.state.is_terminal() else "the AI is deciding")
            states = [dataclasses.replace(s, enabled=False, reason=why, checked=False) for s in states]
        self.bar.show_states(states)

    def _rebuild_buttons(self) -> None:
        grid = self.buttons_grid
        self.thinking_label = None  # the old one goes with the old buttons
        while grid.count():
            item = grid.takeAt(0)
            if item is not None and (w := item.widget()) is not None:
                w.deleteLater()
        self.choice_buttons = {}
        if not self.ctl.is_human_turn():
            if self.ctl.ai_pending:
                self.thinking_label = QLabel("The AI is thinking… (Skip » or Space to hurry it)")
            elif self.ctl.paused and not self.ctl.state.is_terminal() and not self.ctl.replay_mode:
                # paused, the line went blank beside a pressed button (a new-user audit)
                self.thinking_label = QLabel("The AI is paused: Pause AI (P) again lets it go on")
            if self.thinking_label is not None:
                self.thinking_label.setWordWrap(True)
                grid.addWidget(self.thinking_label, 0, 0, 1, 6)
            return
        specs = choice_buttons(self.ctl.state, self.presenter, self.bar.slots, self.mode, self.spawn_kind,
                               self.picks, self._sel())
        if not specs:
            hint = QLabel("<small>Choose an action above: the board marks where it can go; click there.</small>")
            hint.setStyleSheet("QLabel { color: #7a7a7a; }")
            grid.addWidget(hint, 0, 0, 1, 6)
            return
        row, col, group, across = 0, 0, None, 3
        for spec in specs:
            if spec.group != group:  # a heading, then the group's buttons in as many columns as their labels allow
                group = spec.group
                row, col = row + (col > 0), 0
                longest = max(len(x.label) for x in specs if x.group == group)
                across = 3 if longest <= _WIDE else 2 if longest <= 2 * _WIDE - 6 else 1
                if group:
                    grid.addWidget(QLabel(f"<small><b>{group}</b></small>"), row, 0, 1, 6)
                    row += 1
            b = self._button(spec)
            self.choice_buttons[spec.key] = b
            grid.addWidget(b, row, col * 6 // across, 1, 6 // across)
            row, col = (row, col + 1) if col < across - 1 else (row + 1, 0)
        if self.buttons_box.isVisible():  # new buttons would only show after the event loop turns
            for b in self.choice_buttons.values():
                b.show()

    def _button(self, spec: ButtonSpec) -> QPushButton:
        """A choice's button of ``spec``, wired to what its role does."""
        a = spec.action
        hexes = tuple(h for h in (a.actor, a.target) if h is not None) if a is not None else ()
        b = HintButton(spec.label.replace("&", "&&"), hexes)  # a lone "&" would underline the next letter
        b.hint.connect(lambda hs: self.board.flash(hs, scroll=False))
        b.setToolTip(spec.tip)
        b.setEnabled(spec.enabled)
        if spec.checked is not None:
            b.setCheckable(True)
            b.setChecked(spec.checked)
        v, value = spec.verb, spec.value
        if spec.role == "mode":
            b.clicked.connect(lambda _=False, v=v: self.set_mode(v))
        elif spec.role == "kind":
            b.clicked.connect(lambda _=False, k=value: self._pick(None, k))
        elif spec.role == "detail":
            b.clicked.connect(lambda _=False, v=v, d=value: self._pick(v, d))
        else:
            b.clicked.connect(lambda _=False, a=a: self.ctl.play(a))
        return b

    def _pick(self, verb: Verb | None, value: str) -> None:
        """A pick button: the unit a spawn places (``verb`` None), or what mode ``verb`` uses."""
        if verb is None:
            self.spawn_kind = value
        else:
            self.picks[verb] = value
        self._rebuild_buttons()
        self._show_mode()

    def _sync_actions(self) -> None:
        rep = self.ctl.replay_mode
        cur = self.ctl.cursor
        self.act_undo.setEnabled(self.ctl.can_undo())
        self.act_from_here.setEnabled(self.presenter.position is not None and not rep)
        for a in (self.act_first, self.act_prev):
            a.setEnabled(rep and cur is not None and not cur.at_start)
        for a in (self.act_next, self.act_last):
            a.setEnabled(rep and cur is not None and not cur.at_end)
        self.act_leave_replay.setEnabled(rep)
        self.act_skip.setEnabled(not rep)
        self.act_pause.setEnabled(not rep)
        self.act_pause.setChecked(self.ctl.paused)
        self.replay_label.setText(f" Replay {cur.position}/{len(cur)} " if cur is not None else " ")

    def _choices(self) -> dict:  # type: ignore[type-arg]
        if self.mode is None:
            return {}
        return choices(self.ctl.state, self.mode, self.spawn_kind, self._sel(), self.picks.get(self.mode))

    def _targets(self) -> dict:  # type: ignore[type-arg]
        """Attack targets shown in move mode too, so the odds are visible before moving."""
        if self.mode is not Verb.MOVE:
            return {}
        return {h: c for h, c in choices(self.ctl.state, Verb.ATTACK, actor=self._sel(),
                                         detail=self.picks.get(Verb.ATTACK)).items()
                if c.action.verb is Verb.ATTACK}

    def _show_mode(self) -> None:
        self.board.show_choices(self.mode, self._choices(), self._targets())
        if self._hover is not None:
            self._hovered(self._hover)

    # -- interaction ---------------------------------------------------------------------------

    def _slot_chosen(self, s: SlotState) -> None:
        """A possible action-bar button was clicked: switch to its board mode, or play its action."""
        if s.slot.board:
            self.set_mode(s.slot.verbs[0])
        elif s.action is not None:
            self.ctl.play(s.action)

    def press(self, key: str) -> bool:
        """Press the action bar's button ``key`` (a shortcut, a test): its mode, its action, or its reason
        next to it. True when something was played or switched."""
        b = self.bar.buttons.get(key)
        if b is None or b.state is None:
            return False
        b.click()
        return b.state.enabled

    def set_mode(self, verb: Verb | None) -> None:
        """Show what a click would do in mode ``verb`` (only on a human decision).

        A mode whose actions belong to another figure than the one selected (a
        Newton pushes an enemy) selects the first figure it applies to.
        """
        if not self.ctl.is_human_turn():
            return
        pr = self.presenter
        if verb is not None and verb not in pr.board_verbs:
            return
        verb = Verb.ATTACK if verb is Verb.HEAL else verb
        st = self.ctl.state
        if verb is not None and st.active_unit() is None and verb not in modes_now(st, self._sel()):
            who = next((a.actor for a in st.legal_actions() if a.verb is verb and a.actor is not None), None)
            if who is not None and (verb is not Verb.ATTACK or not self._may_attack()):
                self.selected = who
        if verb is Verb.ATTACK and not choices(st, Verb.ATTACK, actor=self._sel(), detail=self.picks.get(verb)):
            self.board.tell("no enemy can be attacked from here now: click one to see why", at=self.actor_hex())
        self.mode = verb
        self.refresh()

    def play_verb(self, verb: Verb) -> bool:
        """Play the legal action of ``verb`` that needs no hex (end, scope, pick up, airblast, pass)."""
        if not self.ctl.is_human_turn():
            return False
        sel = self._sel()
        for a in self.ctl.state.legal_actions():
            if a.verb is verb and (a.target is None or verb is Verb.END) and (
                    sel is None or a.actor is None or a.actor == sel):
                return self.ctl.play(a)
        return False

    def _selectable(self, h: Hex) -> bool:
        """Whether a click on ``h`` selects the figure there: one of the deciding side's (or an enemy a
        Newton may push, in Newton mode), when no single unit is acting."""
        st = self.ctl.state
        if st.active_unit() is not None or st.phase is not Phase.ACT or h == self.selected:
            return False
        u = st.unit_at(h)
        if u is None:
            return False
        if u.team is st.current_team():
            return True
        return self.mode is not None and self.mode not in (Verb.MOVE, Verb.ATTACK, Verb.HEAL) and h in actors(st)

    def click(self, h: Hex) -> None:
        """A click on hex ``h``: play the action it stands for, select, or say why nothing happens."""
        st = self.ctl.state
        if self.ctl.replay_mode:
            self.board.tell("This is a replay: step with ◀ Step / Step ▶ (or the arrow keys)")
            return
        if st.is_terminal():
            self.board.tell(explain(st, Verb.MOVE, h))
            return
        if not self.ctl.is_human_turn():
            self.board.tell(_WAIT)
            return
        mode = self.mode
        opts = self._choices()
        if h in opts:
            self.ctl.play(opts[h].action)
            return
        if self._selectable(h):
            self.selected = h  # another token of the side takes its turn
            keep = mode if mode is not None and mode not in (Verb.MOVE, Verb.ATTACK, Verb.HEAL) else None
            self.mode = keep or self._default_mode()
            self.refresh()
            return
        u = st.active_unit()
        if u is not None and u.cell >= 0 and st.board.hexes[u.cell] == h and st.phase is Phase.ACT:
            if mode is not Verb.MOVE and Verb.MOVE in modes_now(st):
                self.set_mode(Verb.MOVE)
            elif Verb.MOVE not in modes_now(st):
                self.board.tell(explain(st, Verb.MOVE, h))
            return
        targets = self.board.targets
        if h in targets:  # an enemy shown with its odds in move mode: attack it
            self.ctl.play(targets[h].action)
            return
        self.board.tell(self._why(h, mode))
        self.statusBar().showMessage(self.board.toast_text, 5000)

    def _why(self, h: Hex, mode: Verb | None) -> str:
        """Why a click on ``h`` does nothing, for what the click most likely meant: an enemy is attacked, a
        unit of one's own side is asked to act, anything else is asked of the mode on."""
        st = self.ctl.state
        v = st.unit_at(h)
        sel = self._sel()
        if st.phase is Phase.ACT and v is not None:
            team = st.current_team()
            if v.team is not team and (mode in (None, Verb.MOVE, Verb.ATTACK) or mode is Verb.HEAL):
                return explain(st, Verb.ATTACK, h, actor=sel, detail=self.picks.get(Verb.ATTACK))
            if v.team is team and h == sel:
                name = f"{v.team.value} {st.stats(v.kind).name}"
                return f"the {name} is selected: choose what it does on the right, or click another of your units"
            if v.team is team:
                why = st.step_reason(Action(Verb.MOVE, v.kind, h, h))
                if why.startswith("it is not"):
                    return why
        if mode is None:
            return "Choose an action on the right first"
        return explain(st, mode, h, self.spawn_kind, sel, self.picks.get(mode))

    def _hovered(self, h: Hex | None) -> None:
        self._hover = h
        st = self.ctl.state
        opts = {**self.board.targets, **self.board.choices}
        path: tuple[Hex, ...] = ()
        area: dict[Hex, int] = {}
        text = ""
        if h is not None:
            ch = opts.get(h)
            if ch is not None:
                path = ch.path
                area = dict(ch.area) if ch.action.verb in (Verb.ATTACK, Verb.HEAL) else {}
                text = ch.describe()
            u = board_picture(st).unit_at(h)
            if u is not None:
                text = (text + " · " if text else "") + u.tooltip().replace("\n", " · ")
                self.board.setToolTip(u.tooltip())
            else:
                self.board.setToolTip("")
            now = self.presenter.hex_words(st, h)  # what the mode holds there now, which says more than the map's
            feats = [f for f in st.scenario.map.features_at(h) if f not in now]  # …words: each said once (audit)
            self._hover_text(f"{hex_status(st, h)}{' · ' + ', '.join(feats) if feats else ''}"
                             f"{' · ' + now if now else ''}")
        else:
            self.hover_label.setText("")
        self.board.show_path(path)
        self.board.show_area(area)
        if text:
            self.statusBar().showMessage(text, 6000)

    def _hover_text(self, text: str) -> None:
        """Show ``text`` (the hovered hex) at the status bar's right, cut to under half the window with the whole in
        its tooltip: a long one (a rack's weapons) pushed the bar's message out of sight (a new-user audit)."""
        room = max(120, self.width() * 9 // 20)
        self.hover_label.setText("  " + self.hover_label.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight,
                                                                                  room) + "  ")
        self.hover_label.setToolTip(text)

    def undo(self) -> None:
        """Undo the last human decision (and the AI's replies)."""
        if not self.ctl.undo():
            self.board.tell("Nothing to undo")

    def _log_reset(self) -> None:
        self.dice_label.six_sided = GAMES[self.ctl.state.scenario.mode].dice.sides == 6
        self.log.set_entries(self.ctl.entries)
        self.dice_label.show_entry(next((e for e in reversed(self.ctl.entries) if e.rolls), None))

    def _entry_added(self, e: LogEntry) -> None:
        self.log.add_entry(e)
        if e.rolls:
            self.dice_label.show_entry(e)

    def _entry_chosen(self, e: LogEntry) -> None:
        self.board.flash(e.hexes)
        self.dice_label.show_entry(e)
        self.statusBar().showMessage(e.line(), 8000)

    def _search_progress(self, done: int, total: int) -> None:
        label = self.thinking_label
        if label is not None:
            label.setText(f"The AI is thinking… {done} of {total} play-outs (Skip » or Space: it plays its best so far)")

    def _ai_thinking(self, busy: bool) -> None:
        if busy:
            self._rebuild_buttons()
            self._show_bar()
        self.board.viewport().setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.ArrowCursor)

    # -- leaving ------------------------------------------------------------------------------------

    def go_back(self) -> None:
        """Hand control to the editor: close the playtest, or (standalone) keep it open beside the editor. A game in
        progress is left only when the designer says so (:meth:`may_leave`)."""
        if self.standalone or self.close():
            self.back_to_editor.emit()

    def close_unasked(self) -> None:
        """Close without the question of :meth:`may_leave`: for scripts that made the game themselves (the
        documentation's screenshots), which nobody is there to answer — they hung on it (a review)."""
        self._unasked = True
        self.close()

    def may_leave(self) -> bool:
        """Whether the game may be closed: at once when nothing would be lost (no human decision made yet — the AI's
        own first moves are no one's work — the game over, a replay), else when the designer leaves it or saves its
        replay first — a new-user audit lost a hot-seat game to "◀ Back to editor" without a word."""
        st = self.ctl.state
        watched = all(self.ctl.controller_name(t) != HUMAN for t in Team)  # AI against AI: nobody's game to lose
        # a review: it asked when only the AI had moved; one-option prompts answered at once are no one's either
        yours = sum(e.by == HUMAN and e.index not in self.ctl.answered for e in self.ctl.entries)
        if self._unasked or self.ctl.replay_mode or st.is_terminal() or not yours or watched:
            return True
        blocked = self.ctl.replay_blocked
        box = QMessageBox(QMessageBox.Icon.Question, "Leave this game?",
                          f"The game is in progress (you have made {plural(yours, 'decision')}). Leaving closes it" +
                          (f" (it cannot be saved as a replay: {blocked})." if blocked else
                           "; save its replay to step through it again later."), parent=self)
        # no "Save replay…" when this game cannot be saved as one (it would only say so and keep playing: a review)
        save = None if blocked else box.addButton("Save replay…", QMessageBox.ButtonRole.AcceptRole)
        leave = box.addButton("Leave", QMessageBox.ButtonRole.DestructiveRole)
        stay = box.addButton("Keep playing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.exec()
        if save is not None and box.clickedButton() is save:
            return self.save_replay_dialog()
        return box.clickedButton() is leave

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        # every way out asks alike: Back to editor, the window's own close button, a new playtest over this one
        # (only Back asked, and a review found the other two losing a game in progress without a word)
        if not self.may_leave():
            e.ignore()
            return
        self.ctl.set_paused(True)
        super().closeEvent(e)
