"""The playtest window: the board, the turn panel, the blueprint, dice and the action log.

It turns clicks into actions through :mod:`~editor.playtest.explain` and hands
them to the :class:`~editor.playtest.controller.PlaytestController`, and redraws
from the controller's signals. Nothing here changes the map being edited: the
game plays a copy of it (maps are immutable), so going back to the editor loses
nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QFont, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSplitter,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from editor import filedialogs
from editor.playtest.action_log import ActionLog
from editor.playtest.blueprint_panel import BlueprintPanel
from editor.playtest.board_view import BoardView
from editor.playtest.controller import AI_SPEEDS, PlaytestController
from editor.playtest.explain import (
    actors,
    choices,
    explain,
    hex_status,
    mode_label,
    modes_now,
    spawn_key,
    special_tip,
)
from editor.playtest.journal import LogEntry
from editor.playtest.picture import board_picture
from editor.playtest.position import Placement
from editor.playtest.session import HUMAN, GameSetup, roster
from editor.render.style import TEAM_COLORS
from engine.games.state import Phase
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.rules.actions import Action, Verb
from engine.rules.dice import Dice

__all__ = ["PlaytestWindow"]

REPLAY_FILTER = "hexfort replays (*.replay.json *.json);;All files (*)"
_DIE_FACES = "⚀⚁⚂⚃⚄⚅"
#: Modes a button switches to (a click on the board then plays); other verbs play at once.
_BOARD_MODES = (Verb.MOVE, Verb.ATTACK, Verb.HEAL, Verb.ROCKET_JUMP, Verb.BUILD, Verb.UBER, Verb.KRITZ)


def spawn_button_kinds(st) -> list[str]:  # type: ignore[no-untyped-def]
    """Every kind the deciding team may field, in blueprint order: one button each, whether or not
    it can be placed now, so the buttons keep their places while units are picked (those already on
    the board are shown disabled). ``st`` must be in the spawn phase."""
    team = st.current_team()
    legal = {a.kind for a in st.legal_actions() if a.verb is Verb.SPAWN}
    allowed = set(roster(st.scenario, team)) if team is not None else set()
    return [k for k in st.ruleset.units if k in allowed or k in legal]


def spawn_buttons(st) -> list[tuple[str, str, bool, str]]:  # type: ignore[no-untyped-def]
    """(key, label, enabled, tooltip) of each button of a spawn decision.

    When the spawn carries a weapon card (Payload Race) the unit is fixed and the
    buttons are its cards; otherwise one button per unit kind (:func:`spawn_button_kinds`).
    """
    spawns = [a for a in st.legal_actions() if a.verb is Verb.SPAWN]
    if spawns and spawns[0].detail:
        name = st.stats(spawns[0].kind).name
        out = []
        for key in dict.fromkeys(a.detail for a in spawns):
            card = st.ruleset.weapons[key]
            out.append((key, card.title, True, f"Place the {name} with the {card.title}: {card.text} "
                                              "Click a free hex of your spawn."))
        return out
    legal = {a.kind for a in spawns}
    return [(k, st.stats(k).name, k in legal,
             f"Place a {st.stats(k).name}: click a free hex of your spawn base" if k in legal
             else f"{st.stats(k).name}: already on the board, or not allowed in this slot")
            for k in spawn_button_kinds(st)]


class PlaytestWindow(QMainWindow):
    """A playtest of one set-up; ``back_to_editor`` is emitted when the user asks for the editor.

    Opened from the editor, "◀ Back to editor" emits it and closes the window. A
    ``standalone`` window (``hexfort play``, no editor behind it) offers "Open in
    editor" instead: it emits the signal and the game stays open.
    The window starts the game when shown (an AI deciding first starts after its pause).
    """

    back_to_editor = Signal()

    def __init__(self, setup: GameSetup, placements: list[Placement] | None = None,
                 scenario_override=None, parent: QWidget | None = None,  # type: ignore[no-untyped-def]
                 standalone: bool = False, dice_factory: Callable[[int], Dice] | None = None) -> None:
        super().__init__(parent)
        self.standalone = standalone
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.ctl = PlaytestController(setup, placements, scenario_override, parent=self, dice_factory=dice_factory)
        self.mode: Verb | None = None
        self.spawn_kind: str | None = None
        #: the unit chosen to act when every unit of the side may (Payload Race); None: the state's active unit
        self.selected: Hex | None = None
        self._hover: Hex | None = None
        self._map_key = None
        self.board = BoardView(self.ctl.state.scenario.map)
        self._build_actions()
        self._build_panel()
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.board)
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
        self.log.entry_chosen.connect(self._entry_chosen)
        self.ctl.changed.connect(self.refresh)
        self.ctl.log_reset.connect(self._log_reset)
        self.ctl.entry_added.connect(self._entry_added)
        self.ctl.ai_thinking.connect(self._ai_thinking)
        self.ctl.problem.connect(lambda text: QMessageBox.warning(self, "Playtest", text))
        self.resize(1360, 860)
        self._started = False
        self.refresh()

    # -- construction --------------------------------------------------------------------

    def _act(self, text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None,  # type: ignore[no-untyped-def]
             tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setToolTip(tip + (f" ({a.shortcut().toString()})" if shortcut is not None else ""))
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        SK = QKeySequence.StandardKey
        if self.standalone:
            self.act_back = self._act("Open in editor", self.go_back, "Ctrl+E",
                                      "Open this map in the map editor; the game stays open")
        else:
            self.act_back = self._act("◀ Back to editor", self.go_back, "Ctrl+E",
                                      "Close the playtest and return to the map; nothing in the editor changes")
        self.act_undo = self._act("Undo", self.undo, SK.Undo, "Take back your last decision (and the AI's replies)")
        self.act_restart = self._act("Restart", lambda: self.ctl.restart(), "Ctrl+R",
                                     "Play the same game again from the start, same seed")
        self.act_new_seed = self._act("New seed", lambda: self.ctl.restart(fresh_seed=True), "Ctrl+Shift+R",
                                      "Start again with new dice")
        self.act_new_game = self._act("New game…", self.new_game_dialog, "Ctrl+N",
                                      "Choose sides, units and seed again")
        self.act_from_here = self._act("Play from here…", self.play_from_here, None,
                                       "Put units on chosen hexes, set health and markers, and play that situation")
        self.act_save_replay = self._act("Save replay…", self.save_replay_dialog, SK.Save,
                                         "Save this game (seed and decisions) to a replay file")
        self.act_load_replay = self._act("Load replay…", self.load_replay_dialog, SK.Open,
                                         "Open a replay and step through it")
        self.act_end = self._act("End turn", lambda: self.play_verb(Verb.END), "E", "End this turn")
        self.act_push = self._act("Push cart", self.push, "U", special_tip(self.ctl.state, Verb.PUSH))
        self.act_move = self._act("Move", lambda: self.set_mode(Verb.MOVE), "M", special_tip(self.ctl.state, Verb.MOVE))
        self.act_attack = self._act("Attack", self._attack_mode, "A", special_tip(self.ctl.state, Verb.ATTACK))
        self.act_skip = self._act("Skip »", self.ctl.skip_ai, "Space", "Let the AI play on without pausing")
        self.act_pause = self._act("Pause AI", lambda: self.ctl.set_paused(self.act_pause.isChecked()), "P",
                                   "Hold the AI before its next decision")
        self.act_pause.setCheckable(True)
        self.act_first = self._act("|◀", lambda: self.ctl.seek(0), "Home", "Replay: go to the start")
        self.act_prev = self._act("◀ Step", lambda: self.ctl.step(-1), "Left", "Replay: one decision back")
        self.act_next = self._act("Step ▶", lambda: self.ctl.step(1), "Right", "Replay: one decision forward")
        self.act_last = self._act("▶|", lambda: self.ctl.seek(len(self.ctl.cursor or ())), "End",
                                  "Replay: go to the end")
        self.act_leave_replay = self._act("Leave replay", self.ctl.leave_replay, None,
                                          "Stop watching the replay and play this set-up again")
        tb = QToolBar("Game")
        tb.setObjectName("game_toolbar")
        tb.setMovable(False)
        tb.addAction(self.act_back)
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_restart, self.act_new_seed, self.act_new_game, self.act_from_here])
        tb.addSeparator()
        tb.addActions([self.act_save_replay, self.act_load_replay])
        self.addToolBar(tb)
        ai = QToolBar("AI and replay")
        ai.setObjectName("ai_toolbar")
        ai.setMovable(False)
        ai.addWidget(QLabel(" AI pace "))
        self.speed = QComboBox()
        for name, ms in AI_SPEEDS.items():
            self.speed.addItem(name.title(), ms)
        self.speed.setCurrentIndex(self.speed.findData(self.ctl.ai_delay_ms))
        self.speed.setToolTip("How long the AI pauses before each decision")
        self.speed.currentIndexChanged.connect(lambda _i: self.ctl.set_ai_delay(self.speed.currentData()))
        ai.addWidget(self.speed)
        ai.addActions([self.act_pause, self.act_skip])
        ai.addSeparator()
        self.replay_label = QLabel()
        ai.addWidget(self.replay_label)
        ai.addActions([self.act_first, self.act_prev, self.act_next, self.act_last, self.act_leave_replay])
        self.addToolBar(ai)

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
        lay.addWidget(self.point_label)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        self.turn_label.setTextFormat(Qt.TextFormat.RichText)
        self.turn_label.setStyleSheet("QLabel { background: #f4f1e8; border: 1px solid #d6cfbd; border-radius: 6px;"
                                      " padding: 6px; }")
        lay.addWidget(self.turn_label)
        self.buttons_box = QWidget()
        self.buttons_grid = QGridLayout(self.buttons_box)
        self.buttons_grid.setContentsMargins(0, 0, 0, 0)
        self.buttons_grid.setSpacing(4)
        lay.addWidget(self.buttons_box)
        self.verb_buttons: dict[str, QPushButton] = {}
        self.dice_label = QLabel()
        self.dice_label.setWordWrap(True)
        self.dice_label.setTextFormat(Qt.TextFormat.RichText)
        self.dice_label.setMinimumHeight(44)
        self.dice_label.setStyleSheet("QLabel { background: #23262b; color: #f0f0f0; border-radius: 6px; padding: 6px; }")
        lay.addWidget(self.dice_label)
        self.blueprint = BlueprintPanel()
        lay.addWidget(self.blueprint)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        lay.addWidget(line)
        head = QHBoxLayout()
        head.addWidget(QLabel("<b>Action log</b> — click a line to see its hexes"))
        lay.addLayout(head)
        self.log = ActionLog()
        lay.addWidget(self.log, 1)

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

    def refresh(self) -> None:
        """Redraw everything from the controller's game."""
        st = self.ctl.state
        if self._map_key is not st.scenario.map:
            self._map_key = st.scenario.map
            if self.board.map != st.scenario.map:
                self.board.set_map(st.scenario.map)
        name = st.scenario.name
        self.setWindowTitle(f"Playtest — {name} — seed {self.ctl.seed}{' (replay)' if self.ctl.replay_mode else ''}")
        pic = board_picture(st)
        sel = self._sel() if self.ctl.is_human_turn() else None
        if sel is not None:  # the selected token wears the acting unit's halo
            pic = dataclasses.replace(pic, units=tuple(dataclasses.replace(u, active=u.hex == sel) for u in pic.units))
        self.board.show_picture(pic, st.current_team())
        self.blueprint.show_state(st)
        pts = st.scores()
        red, blu = TEAM_COLORS[Team.RED].name(), TEAM_COLORS[Team.BLU].name()
        if pic.carts:
            carts = {c.team: c for c in pic.carts}
            self.score_label.setText(f"<span style='color:{red}'>RED {carts[Team.RED].pushes}/{carts[Team.RED].total}"
                                     f"</span> — <span style='color:{blu}'>{carts[Team.BLU].pushes}/"
                                     f"{carts[Team.BLU].total} BLU</span>")
            blocked = " · ".join(f"{c.team.value} cart blocked" for c in pic.carts if c.blocked_by)
            self.point_label.setText(f"first cart to its end · turn {st.turn + 1}" + (f" · {blocked}" if blocked else ""))
        else:
            goal = st.options.get("points_to_win", 10)
            self.score_label.setText(f"<span style='color:{red}'>RED {pts[Team.RED]}</span> — "
                                     f"<span style='color:{blu}'>{pts[Team.BLU]} BLU</span>")
            cp = " · ".join(f"point {p.index + 1 if len(pic.points) > 1 else ''}: {p.words()}".replace("point :", "point:")
                            for p in pic.points)
            self.point_label.setText(f"first to {goal} · turn {st.turn + 1}" + (f" · {cp}" if cp else ""))
        self.turn_label.setText(self._turn_text())
        self.mode = self._keep_or_default_mode()
        self._rebuild_buttons()
        self._show_mode()
        self._sync_actions()

    def _turn_text(self) -> str:
        st = self.ctl.state
        team = st.current_team()
        if team is None:
            w = st.winner()
            text = f"<b>{w.value} wins!</b>" if w else "<b>Draw</b>"
            return text + " Undo, restart, or save the replay."
        col = TEAM_COLORS[team].name()
        who = self.ctl.controller_name(team)
        who_text = "your decision" if who == HUMAN and not self.ctl.replay_mode else f"{who}"
        what = st.describe_decision()
        u = st.active_unit()
        extra = ""
        if u is not None and st.phase is Phase.ACT:
            done = [w for w, flag in (("moved", st.has_moved), ("attacked", st.has_attacked)) if flag]
            extra = f"<br><small>{', '.join(done) if done else 'two different actions: move, attack, special'}</small>"
        elif st.phase is Phase.ACT and self.actor_hex() is not None and self.ctl.is_human_turn():
            sel = st.unit_at(self.actor_hex())
            rec = st.done_of(sel)
            did = [w for w, flag in (("moved", rec.moved), ("attacked or pushed", rec.attacked)) if flag]
            extra = (f"<br><small>selected: {sel.team.value} {st.stats(sel.kind).name} at {self.actor_hex()}"
                     f"{' (' + ', '.join(did) + ')' if did else ''} — click another of your tokens to switch</small>")
        return f"<span style='color:{col}'><b>{team.value}</b></span> — {who_text}<br>{what}{extra}"

    def actor_hex(self) -> Hex | None:
        """The hex of the unit whose actions the board shows: the active unit, or the selected token."""
        st = self.ctl.state
        u = st.active_unit()
        if u is not None:
            return None if u.cell < 0 else st.board.hexes[u.cell]
        if st.phase is not Phase.ACT:
            return None
        choosable = actors(st)
        if self.selected not in choosable:
            self.selected = choosable[0] if choosable else None
        return self.selected

    def _default_mode(self) -> Verb | None:
        st = self.ctl.state
        if not self.ctl.is_human_turn():
            return None
        modes = modes_now(st, self._sel())
        for v in (Verb.SPAWN, Verb.TARGET, Verb.UBER, Verb.MOVE, Verb.ATTACK, Verb.HEAL):
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
        if self.mode in modes and self.mode in _BOARD_MODES:
            return self.mode
        return self._default_mode()

    def _rebuild_buttons(self) -> None:
        grid = self.buttons_grid
        while grid.count():
            w = grid.takeAt(0).widget()
            if w is not None:
                w.deleteLater()
        self.verb_buttons = {}
        st = self.ctl.state
        if not self.ctl.is_human_turn():
            if self.ctl.ai_pending:
                lab = QLabel("The AI is thinking… (Skip » or Space to hurry it)")
                grid.addWidget(lab, 0, 0, 1, 3)
            return
        buttons: list[QPushButton] = []
        if st.phase is Phase.SPAWN:
            spawn = spawn_buttons(st)
            legal = {spawn_key(a) for a in st.legal_actions() if a.verb is Verb.SPAWN}
            if self.spawn_kind not in legal:
                self.spawn_kind = next((k for k, _, on, _ in spawn if on), None)
            for k, label, enabled, tip in spawn:
                b = QPushButton(label)
                b.setCheckable(True)
                b.setEnabled(enabled)
                b.setChecked(k == self.spawn_kind)
                b.setToolTip(tip)
                b.clicked.connect(lambda _=False, k=k: self._choose_spawn_kind(k))
                self.verb_buttons[f"spawn:{k}"] = b
                buttons.append(b)
        elif st.phase in (Phase.ACT, Phase.REACT):
            verbs = modes_now(st, self._sel())
            if self._has_carts() and st.phase is Phase.ACT and self._sel() is not None and Verb.PUSH not in verbs:
                verbs.insert(max(0, len(verbs) - 1), Verb.PUSH)  # shown, so a click says why it is refused
            for v in verbs:
                label = mode_label(v)
                b = QPushButton(label)
                b.setToolTip(special_tip(st, v, self._sel()))
                if v in _BOARD_MODES:
                    b.setCheckable(True)
                    b.setChecked(v == self.mode or (v is Verb.HEAL and self.mode is Verb.ATTACK))
                    b.clicked.connect(lambda _=False, v=v: self.set_mode(Verb.ATTACK if v is Verb.HEAL else v))
                elif v is Verb.PUSH:
                    b.clicked.connect(self.push)
                else:
                    b.clicked.connect(lambda _=False, v=v: self.play_verb(v))
                self.verb_buttons[v.value] = b
                buttons.append(b)
        for i, b in enumerate(buttons):
            grid.addWidget(b, i // 3, i % 3)

    def _choose_spawn_kind(self, kind: str) -> None:
        self.spawn_kind = kind
        for key, b in self.verb_buttons.items():
            if key.startswith("spawn:"):
                b.setChecked(key == f"spawn:{kind}")
        self._show_mode()

    def _sync_actions(self) -> None:
        rep = self.ctl.replay_mode
        cur = self.ctl.cursor
        self.act_undo.setEnabled(self.ctl.can_undo())
        self.act_end.setEnabled(self.ctl.is_human_turn() and Verb.END in modes_now(self.ctl.state))
        self.act_push.setEnabled(self.ctl.is_human_turn() and self._has_carts())
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
        return choices(self.ctl.state, self.mode, self.spawn_kind, self._sel())

    def _targets(self) -> dict:  # type: ignore[type-arg]
        """Attack targets shown in move mode too, so the odds are visible before moving."""
        if self.mode is not Verb.MOVE:
            return {}
        return {h: c for h, c in choices(self.ctl.state, Verb.ATTACK, actor=self._sel()).items()
                if c.action.verb is Verb.ATTACK}

    def _has_carts(self) -> bool:
        return hasattr(self.ctl.state, "carts")

    def _show_mode(self) -> None:
        self.board.show_choices(self.mode, self._choices(), self._targets())
        if self._hover is not None:
            self._hovered(self._hover)

    # -- interaction ---------------------------------------------------------------------------

    def set_mode(self, verb: Verb | None) -> None:
        """Show what a click would do in mode ``verb`` (only on a human decision)."""
        if not self.ctl.is_human_turn():
            return
        if verb is not None and verb not in _BOARD_MODES + (Verb.SPAWN, Verb.TARGET):
            return
        if verb is Verb.ATTACK and not choices(self.ctl.state, Verb.ATTACK, actor=self._sel()):
            st = self.ctl.state
            sel = st.unit_at(self._sel()) if self._sel() is not None else None
            attacked = st.done_of(sel).attacked if sel is not None else st.has_attacked
            self.board.tell("already attacked this turn" if attacked else "no target in range and sight now")
        self.mode = verb
        for key, b in self.verb_buttons.items():
            if b.isCheckable() and not key.startswith("spawn:"):
                b.setChecked(key == (verb.value if verb else "") or (key == "heal" and verb is Verb.ATTACK))
        self._show_mode()

    def _attack_mode(self) -> None:
        self.set_mode(Verb.ATTACK)

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

    def push(self) -> bool:
        """Push the cart with the selected token, or say why it may not (002 "Pushing the cart")."""
        st = self.ctl.state
        sel = self._sel()
        if not self.ctl.is_human_turn() or sel is None or not self._has_carts():
            return False
        for a in st.legal_actions():
            if a.verb is Verb.PUSH and a.actor == sel:
                return self.ctl.play(a)
        u = st.unit_at(sel)
        track = st.tracks[u.team]
        i = st.carts[u.team]
        nxt = st.board.hexes[track[min(i + 1, len(track) - 1)]]
        reason = st.why_not(Action(Verb.PUSH, u.kind, sel, nxt))
        self.board.tell(f"no push: {reason}" if reason else "no push now")
        self.statusBar().showMessage(self.board.toast_text, 5000)
        return False

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
            self.board.tell("Wait: the AI is deciding (press Skip » or Space to hurry it)")
            return
        mode = self.mode
        opts = self._choices()
        if h in opts:
            self.ctl.play(opts[h].action)
            return
        if st.active_unit() is None and st.phase is Phase.ACT and h in actors(st) and h != self.selected:
            self.selected = h  # another token of the side takes its turn
            self.mode = self._default_mode()
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
        self.board.tell(explain(st, mode or Verb.MOVE, h, self.spawn_kind, self._sel()) if mode else
                        "Choose an action on the right first")
        self.statusBar().showMessage(self.board.toast_text, 5000)

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
            feats = st.scenario.map.features_at(h)
            self.hover_label.setText(f"  {hex_status(st, h)}{' · ' + ', '.join(feats) if feats else ''}  ")
        else:
            self.hover_label.setText("")
        self.board.show_path(path)
        self.board.show_area(area)
        if text:
            self.statusBar().showMessage(text, 6000)

    def undo(self) -> None:
        """Undo the last human decision (and the AI's replies)."""
        if not self.ctl.undo():
            self.board.tell("Nothing to undo")

    def _log_reset(self) -> None:
        self.log.set_entries(self.ctl.entries)
        self._show_dice(next((e for e in reversed(self.ctl.entries) if e.rolls), None))

    def _entry_added(self, e: LogEntry) -> None:
        self.log.add_entry(e)
        if e.rolls:
            self._show_dice(e)

    def _show_dice(self, e: LogEntry | None) -> None:
        """Show the dice of ``e`` (the latest throw, or a clicked log line) in the dice panel."""
        if e is None or not e.rolls:
            text = e.text if e is not None else "No dice thrown yet"
            self.dice_label.setText(f"<span style='color:#9aa0a6'>{text}</span>")
            return
        parts = []
        for r in e.rolls:
            purpose, _, rest = r.partition(": ")
            faces = rest.split(" = ")[0].split(" + ")
            dice = " ".join(_DIE_FACES[int(f) - 1] if f.isdigit() and 1 <= int(f) <= 6 else f for f in faces)
            parts.append(f"<span style='font-size:20px'>{dice}</span> {purpose}: {rest}")
        self.dice_label.setText(f"<b>{e.text}</b><br>" + "<br>".join(parts))

    def _entry_chosen(self, e: LogEntry) -> None:
        self.board.flash(e.hexes)
        self._show_dice(e)
        self.statusBar().showMessage(e.line(), 8000)

    def _ai_thinking(self, busy: bool) -> None:
        if busy:
            self._rebuild_buttons()
        self.board.viewport().setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.ArrowCursor)

    # -- files and dialogs -----------------------------------------------------------------------------

    def save_replay_dialog(self) -> bool:
        """Ask for a file and save the replay; a failure shows a message and changes nothing."""
        blocked = self.ctl.replay_blocked
        if blocked:
            QMessageBox.information(self, "Save replay", f"Cannot save a replay: {blocked}.")
            return False
        name = f"{self.ctl.state.scenario.name.lower().replace(' ', '_')}_seed{self.ctl.seed}.replay.json"
        path = filedialogs.save_file(self, "Save replay", name, REPLAY_FILTER)
        if not path:
            return False
        try:
            self.ctl.save_replay(path)
        except OSError as e:
            QMessageBox.critical(self, "Save replay", f"Cannot write {path}:\n{e}")
            return False
        self.statusBar().showMessage(f"Saved the replay to {path}", 5000)
        return True

    def load_replay_dialog(self) -> bool:
        """Ask for a replay file and show it from its start."""
        path = filedialogs.open_file(self, "Load replay", "", REPLAY_FILTER)
        if not path:
            return False
        ok = self.ctl.load_replay(path)
        if ok:
            self.statusBar().showMessage(f"Replay {Path(path).name}: step with the arrow keys", 6000)
            self.board.flash(())
        return ok

    def new_game_dialog(self) -> bool:
        """Show the start dialog again; a new game starts when it is accepted."""
        from editor.playtest.start_dialog import StartDialog

        d = StartDialog(self.ctl.setup.scenario, self.ctl.setup, self)
        if d.exec() != StartDialog.DialogCode.Accepted:
            return False
        self.ctl.new_game(d.setup())
        return True

    def play_from_here(self) -> bool:
        """Open the position editor on the current position; play the position it returns."""
        from editor.playtest.setup_editor import SetupEditor

        d = SetupEditor(self.ctl.setup.scenario, self.ctl.state, self)
        if d.exec() != SetupEditor.DialogCode.Accepted:
            return False
        return self.start_position(d.placements())

    def start_position(self, placements: list[Placement]) -> bool:
        """Play ``placements`` ("play from here"); a position the rules refuse shows why and changes nothing."""
        from editor.playtest.position import placement_problems, position_scenario

        base = self.ctl.setup.scenario
        problems = placement_problems(base, placements)
        if problems:
            QMessageBox.warning(self, "Play from here", "This position cannot be played:\n• " + "\n• ".join(problems))
            return False
        scenario = position_scenario(base, placements, self.ctl.seed)
        try:
            self.ctl.new_game(self.ctl.setup, placements, scenario)
        except (ValueError, KeyError) as e:
            QMessageBox.warning(self, "Play from here", f"This position cannot be played: {e}")
            return False
        return True

    def go_back(self) -> None:
        """Hand control to the editor: close the playtest, or (standalone) keep it open beside the editor."""
        self.back_to_editor.emit()
        if not self.standalone:
            self.close()

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self.ctl.set_paused(True)
        super().closeEvent(e)
