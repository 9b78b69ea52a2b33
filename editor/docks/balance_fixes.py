"""The balance fixes dock: Map ▸ Suggest balance fixes… runs the rebalancer off the UI thread and lists what it found.

The search (:func:`engine.rebalance.search.rebalance`) runs on a copy of the
map as it is on screen, in a QThread; its notes and the games of each round come
back through queued signals, and Cancel sets a flag the games check, so the
editor stays responsive and the best found so far is kept. Each proposal is a
row with its words, the hexes it changes and RED's score before and after;
selecting one previews it on the canvas (the changed hexes tinted, each with a
short label of its change); Apply makes it one undo step through the document.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.background import BackgroundRun, Work
from editor.canvas.view import MapView
from editor.document import MapDocument
from editor.playtest.session import pair_label
from engine.hexgrid import Hex
from engine.mapmodel import Terrain
from engine.parallel.backends import local_backend
from engine.rebalance.changes import Change, MoveFeature, MoveStairs, SetGround, SetTrack, ToggleFeature
from engine.rebalance.evidence import Tally
from engine.rebalance.mirror import even_by_construction
from engine.rebalance.play import Runner
from engine.rebalance.result import ALREADY_FAIR, NOT_FIXED, Outcome, Trial
from engine.rebalance.search import Listener, Settings, rebalance
from engine.scenario import Scenario

__all__ = ["BalanceFixesPanel", "change_labels", "headline"]

_ROLE = Qt.ItemDataRole.UserRole
_PAIRS = {p: pair_label(p) for p in ("heuristic,heuristic", "search,search")}
_TERRAIN = {Terrain.WALL: "wall", Terrain.LOW: "low", Terrain.STAIRS: "stairs", Terrain.OPEN: "open"}


def change_labels(change: Change) -> dict[Hex, str]:
    """A short label per hex a change touches, for the canvas preview (``+wall``, ``−kit``, ``↑2``...)."""
    if isinstance(change, SetGround):
        b, a = change.before, change.after
        if a.terrain is not b.terrain:
            text = f"+{_TERRAIN[a.terrain]}" if a.terrain is not Terrain.OPEN else f"−{_TERRAIN[b.terrain]}"
        else:
            text = f"{'↑' if a.height > b.height else '↓'}{a.height}"
        return {change.at: text}
    if isinstance(change, ToggleFeature):
        name = change.feature.owner[:1] if change.feature.kind == "spawn" else change.feature.kind
        return {change.at: f"{'+' if change.add else '−'}{name}"}
    if isinstance(change, MoveFeature):
        name = change.feature.owner[:1] if change.feature.kind == "spawn" else change.feature.kind
        return {change.src: f"{name}→", change.dst: f"→{name}"}
    if isinstance(change, MoveStairs):
        return {change.src: "stairs→", change.dst: "→stairs"}
    if isinstance(change, SetTrack):
        return dict.fromkeys(change.hexes, f"{change.team.value[0]} track")
    return dict.fromkeys(change.hexes, "•")


class _Wrapped(QStyledItemDelegate):
    """Rows as tall as their text wrapped to the column's width: a tree view measures a row without the column's
    width, so a long proposal ("open the wall at 7,4; open the wall at 6,4; add a wall at -5,-5") was cut short."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt's name
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.tree.columnWidth(index.column()) - 8
        if width <= 0:
            return hint
        text = str(index.data() or "")
        lines = option.fontMetrics.boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), text)
        return QSize(hint.width(), max(hint.height(), lines.height() + 6))


def _score(t: Tally | None, fresh: bool = False) -> str:
    """``RED 51% (1000 fresh)`` for a confirmation's games on fresh seeds, ``RED 50% (720)`` for the search's."""
    return "—" if t is None or not t.games else f"RED {100 * t.score:.0f}% ({t.games}{' fresh' if fresh else ''})"


def _after(outcome: Outcome) -> Tally | None:
    """The games of the map the outcome leaves: its confirmation's, else its last chosen edit's race games."""
    return outcome.confirm or (outcome.chosen[-1].tally if outcome.chosen else None)


def headline(outcome: Outcome) -> str:
    """The outcome in one short line for the dock (``Fixed: RED 74% (144) → RED 50% (1000), 2 hexes changed``);
    the whole reasoning goes under Why, so a long one does not crowd the list."""
    if outcome.status == NOT_FIXED and not any(t.tally.games for t in outcome.trials):
        # no edit was played: the run ended on the time, a cancel or no edit to try (Why says which), not on the map
        # ("Not fixed: RED 69% (144)" read as a verdict on the map: a new-user audit)
        why = "interrupted before any edit was played" if outcome.interrupted else "no edit was played"
        games = f"; the map as it is: {_score(outcome.baseline)}" if outcome.baseline.games else ""
        return f"Nothing tried — {why}{games} (Why says why, and what would help)"
    if outcome.status == ALREADY_FAIR and even_by_construction(outcome.before):  # its games may lean (a review)
        games = f" (its games: {_score(outcome.baseline)})" if outcome.baseline.games else ""
        return f"Already fair: even by construction, no side can be favoured{games}"
    text = f"{outcome.status.capitalize()}: {_score(outcome.baseline)}"
    after = _after(outcome)
    if outcome.after is not None and after is not None and after.games:
        text += f" → {_score(after, after is outcome.confirm)}"
    if outcome.chosen:
        n = len(outcome.hexes)
        text += f", {n} hex{'es' if n != 1 else ''} changed" if n else ", no hex changed"
    if outcome.interrupted:
        text += " — interrupted: the best found so far" if outcome.after is not None else " — interrupted"
    return text


def _search(scenario: Scenario, settings: Settings, jobs: int, cancel: threading.Event) -> Work:
    """The rebalancer's run as background work: its notes and games go to ``note`` and ``progress``."""
    def work(note: Callable[[str], None], progress: Callable[[int, int], None]) -> Outcome:
        with local_backend(jobs, 1000) as backend:
            runner = Runner(backend, settings.players, cancel.is_set)
            return rebalance(scenario, settings, runner, Listener(note=note, games=progress))
    return work


def _failure(e: Exception) -> str:
    return str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"


#: A proposal's row lists at most this many of its changes; the rest are counted (all of them are in its tooltip).
ROW_CHANGES = 3


def row_words(words: str) -> str:
    """A proposal's words for its row: its first :data:`ROW_CHANGES` changes and how many more. A side copy (HF402's
    repair of a spawn zone grown or moved) has 8–17 changes, and a row spelling them all filled the list."""
    parts = words.split("; ")
    if len(parts) <= ROW_CHANGES + 1:
        return words
    return "; ".join(parts[:ROW_CHANGES]) + f"; and {len(parts) - ROW_CHANGES} more changes (the tooltip lists all)"


def _in_panel_words(text: str) -> str:
    """The fixer's words with its command-line options named as this panel's fields (Time, Players)."""
    return text.replace("--minutes", "Time").replace("--players", "Players")


class BalanceFixesPanel(QWidget):
    """Suggest balance fixes for the current document, preview them and apply one (one undo step).

    :meth:`start` runs the search on a scenario (the document's, as on screen);
    :attr:`outcome` holds what it found. ``settings`` may be replaced before a run
    (tests use small budgets). Signal ``finished_run`` after each run ends.
    """

    finished_run = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: MapDocument | None = None
        self.view: MapView | None = None
        self.scenario: Scenario | None = None
        self.outcome: Outcome | None = None
        #: The map, teams and status words of the proposal last applied: Redo back to it says "Applied" again.
        self._applied: tuple[object, object, str] | None = None
        self.settings = Settings()
        self._run = BackgroundRun(self)
        self._run.noted.connect(self._noted)
        self._run.progressed.connect(self._progressed)
        self._run.done.connect(self._done)
        self._run.failed.connect(self._failed)
        self._cancel = threading.Event()
        self.minutes = QSpinBox()
        self.minutes.setRange(1, 120)
        self.minutes.setValue(10)
        self.minutes.setSuffix(" min")
        self.players = QComboBox()
        for key, label in _PAIRS.items():
            self.players.addItem(label, key)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs.setValue(min(2, os.cpu_count() or 1))
        form = QFormLayout()
        form.addRow("Time", self.minutes)
        form.addRow("Players", self.players)
        form.addRow("Parallel jobs", self.jobs)
        self.status = QLabel("Map ▸ Suggest balance fixes… plays AI games to find the smallest edit that makes "
                             "this map fair.")
        self.status.setWordWrap(True)
        self.why_button = QToolButton()
        self.why_button.setText("Why")
        self.why_button.setCheckable(True)
        self.why_button.setToolTip("Show or hide how the search decided")
        self.why_button.setVisible(False)
        self.why = QPlainTextEdit()
        self.why.setReadOnly(True)
        self.why.setMaximumHeight(140)
        self.why.setVisible(False)
        self.why_button.toggled.connect(self.why.setVisible)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m games")
        self.progress.setVisible(False)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Proposal", "Hexes", "Before", "After"])
        self.tree.headerItem().setToolTip(3, "RED's score on the proposal's games: \"fresh\" marks a confirmation on "
                                             "seeds the search never used; the others are the race's games, where a "
                                             "proposal that stopped early has fewer")
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        self.tree.setItemDelegateForColumn(0, _Wrapped(self.tree))
        # rows are measured when filled; when the dock is resized, measure again so long proposals wrap, not elide
        header.sectionResized.connect(lambda *_: self.tree.scheduleDelayedItemsLayout())
        self.tree.setAlternatingRowColors(True)
        self.tree.currentItemChanged.connect(lambda *_: self.preview(self.current()))
        self.tree.itemDoubleClicked.connect(lambda *_: self.apply_current())
        self.run_button = QPushButton("Suggest")
        self.run_button.clicked.connect(self.start_current)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Make the selected proposal's edits to the map (one undo step)")
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply_current)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addLayout(form)
        said = QHBoxLayout()
        said.addWidget(self.status, 1)
        said.addWidget(self.why_button, 0, Qt.AlignmentFlag.AlignTop)
        lay.addLayout(said)
        lay.addWidget(self.why)
        lay.addWidget(self.progress)
        lay.addWidget(self.tree, 1)
        lay.addLayout(buttons)
        #: ``scenario_of(doc)``: the document as a scenario (set by the window; default: its map as is).
        self.scenario_of: Callable[[MapDocument], Scenario] | None = None

    def keep_choices(self, settings: QSettings) -> None:
        """Start from the Time, Players and Parallel jobs chosen last (in ``settings``) and remember each change:
        the menu command runs at once, so the fields it runs with should be the user's, not the defaults every
        time (a new-user audit could not set them before the first run)."""
        for key, box in (("minutes", self.minutes), ("jobs", self.jobs)):
            saved = settings.value(f"balance_fixes/{key}")
            try:
                if saved is not None:
                    box.setValue(int(saved))  # clamped to the box's range
            except (TypeError, ValueError):
                pass
            box.valueChanged.connect(lambda v, k=key: settings.setValue(f"balance_fixes/{k}", v))
        k = self.players.findData(settings.value("balance_fixes/players"))
        if k >= 0:
            self.players.setCurrentIndex(k)
        self.players.currentIndexChanged.connect(
            lambda _: settings.setValue("balance_fixes/players", self.players.currentData()))

    # -- following the current document ------------------------------------------------------------------

    def set_document(self, doc: MapDocument | None, view: MapView | None) -> None:
        """Show ``doc``'s suggestions (none until a run) and preview on ``view``."""
        self.preview(None)
        if self.doc is not None and self.doc is not doc:
            for signal in (self.doc.changed, self.doc.scenario_changed):
                with contextlib.suppress(RuntimeError, TypeError):  # a closed document's signals may be gone
                    signal.disconnect(self._edited)
        if doc is not None and doc is not self.doc:
            doc.changed.connect(self._edited)
            doc.scenario_changed.connect(self._edited)
        self.doc, self.view = doc, view
        if self.outcome is not None and (doc is None or self.outcome.before.map != doc.map):
            self._show(None)
        self.run_button.setEnabled(doc is not None and not self.running)

    def _fits(self) -> bool:
        """Whether the document is still the map (and teams) the suggestions were made on."""
        if self.doc is None or self.outcome is None:
            return False
        setup = self.doc.scenario
        return self.doc.map == self.outcome.before.map and (setup is None or
                                                            dict(setup.teams) == dict(self.outcome.before.teams))

    def _edited(self, *_: object) -> None:
        """The document changed (an edit, Apply, Undo): the proposals can be applied only to the map they were made
        on, so Apply follows whether the document is that map again, and the words say so (a new-user audit saw
        "Applied: …" stay after Undo, with Apply greyed)."""
        if self.outcome is None or self.running:
            return
        if self._fits():
            self.status.setText(headline(self.outcome))
            self.apply_button.setEnabled(self.tree.currentItem() is not None)
            self.preview(self.current())  # the selected row's preview again, after Undo (a new-user audit)
        elif self._applied is not None and self.doc is not None and self._applied[:2] == (
                self.doc.map, dict(self.doc.scenario.teams) if self.doc.scenario is not None else None):
            self.preview(None)
            self.status.setText(self._applied[2])  # Redo back to the fix applied (it said "the map has changed")
            self.apply_button.setEnabled(False)
        else:  # edited further, past the fix applied or away from the map the suggestions were made on
            self.status.setText("The map has changed since these suggestions were made: press Suggest again (or undo "
                                "back to that map) to apply one.")
            self.apply_button.setEnabled(False)

    @property
    def running(self) -> bool:
        """True while a search runs."""
        return self._run.running

    # -- running -------------------------------------------------------------------------------------------

    def ask_to_start(self) -> None:
        """Say what Suggest will do with the settings shown, and put the focus on it (the dock just opened)."""
        self.status.setText(f"Choose the time (up to {self.minutes.value()} min now), the players and the parallel "
                            "jobs, then press Suggest: it plays AI games in the background and lists the edits that "
                            "make this map fair. Cancel keeps the best found.")
        self.run_button.setFocus()

    def start_current(self) -> None:
        """Run the search on the current document as it is on screen."""
        if self.doc is not None and self.scenario_of is not None:
            self.start(self.scenario_of(self.doc))

    def start(self, scenario: Scenario) -> None:
        """Run the search on ``scenario`` in the background (does nothing while one runs)."""
        if self.running:
            return
        from dataclasses import replace

        players = tuple(self.players.currentData().split(","))
        settings = replace(self.settings, minutes=float(self.minutes.value()), players=players)
        self.scenario = scenario
        self._show(None)
        self._cancel = threading.Event()
        self.status.setText("Playing the map as it is…")
        self.progress.setVisible(True)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._run.start(_search(scenario, settings, self.jobs.value(), self._cancel), _failure)

    def cancel(self) -> None:
        """Stop after the games in flight; the best found so far is kept."""
        if self.running:
            self._cancel.set()
            self.cancel_button.setEnabled(False)
            self.status.setText("Stopping after the games in flight; the best found so far is kept…")

    def _noted(self, text: str) -> None:
        self.status.setText(text)

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)

    def _done(self, outcome: Outcome) -> None:
        self._stop_thread()
        try:
            self._show(outcome)
        finally:
            self.finished_run.emit()

    def _failed(self, text: str) -> None:
        self._stop_thread()
        self.status.setText(f"The search stopped: {text}")
        self.finished_run.emit()

    def _stop_thread(self) -> None:
        self._run.stop()
        self.progress.setVisible(False)
        self.run_button.setEnabled(self.doc is not None)
        self.cancel_button.setEnabled(False)

    # -- the list ------------------------------------------------------------------------------------------

    def _show(self, outcome: Outcome | None) -> None:
        self.outcome = outcome
        self._applied = None
        self.tree.clear()
        self.apply_button.setEnabled(False)
        self.why_button.setVisible(outcome is not None)
        if outcome is None:
            self.why_button.setChecked(False)
            self.why.clear()
            return
        lines = [f"{outcome.status.capitalize()}: {outcome.why}", *outcome.notes]
        self.status.setText(headline(outcome))
        self.why.setPlainText(_in_panel_words("\n\n".join(lines)))
        rows: list[tuple[str, tuple[Hex, ...], Tally | None, Scenario | None, Trial | None]] = []
        if outcome.chosen and outcome.after is not None:
            rows.append((f"★ {outcome.words}", outcome.hexes, _after(outcome), outcome.after, None))
        played = sorted((t for t in outcome.trials if t.tally.games and not t.status.startswith("refused")
                         and not (len(outcome.chosen) == 1 and t.proposal == outcome.chosen[0].proposal)),
                        key=lambda t: (abs((t.confirm or t.tally).score - 0.5), len(t.hexes)))  # latest games
        for t in played:
            rows.append((t.words, t.hexes, t.confirm or t.tally, None, t))
        # valid edits the run had no time (or no need) to play, in the search's order (its repairs first), as the
        # command line's report lists them: a short run on a loaded machine showed an empty list (an editor audit)
        seen = {t.proposal for t in played}
        for t in outcome.trials:
            if not t.tally.games and t.status in ("not played", "undecided") and t.proposal not in seen:
                seen.add(t.proposal)
                rows.append((t.words, t.hexes, None, None, t))
        for words, hexes, after, version, trial in rows:
            fresh = after is not None and after is (outcome.confirm if trial is None else trial.confirm)
            item = QTreeWidgetItem([row_words(words), str(len(hexes)), _score(outcome.baseline),
                                    "not played" if trial is not None and not trial.tally.games else
                                    _score(after, fresh)])
            item.setData(0, _ROLE, (version, trial))
            tip = f"{words}\nhexes: {' '.join(str(h) for h in hexes) or 'none'}"
            if trial is not None:
                tip += f"\n{trial.proposal.why}\n{trial.status}"
            item.setToolTip(0, tip)
            self.tree.addTopLevelItem(item)
        self.tree.resizeColumnToContents(1)
        if self.tree.topLevelItemCount():
            self.tree.setCurrentItem(self.tree.topLevelItem(0))

    def current(self) -> tuple[Scenario, tuple[Change, ...]] | None:
        """The selected proposal's scenario (its map, and what the sides field) and its changes (the recommended
        fix: every chosen step's)."""
        item = self.tree.currentItem()
        if item is None or self.outcome is None:
            return None
        version, trial = item.data(0, _ROLE)
        if trial is None:
            return version, tuple(c for t in self.outcome.chosen for c in t.proposal.changes)
        return self.outcome.scenario_of(trial), trial.proposal.changes

    def preview(self, chosen: tuple[Scenario, tuple[Change, ...]] | None) -> None:
        """Tint and label the hexes ``chosen`` changes on the canvas (None clears the preview)."""
        self.apply_button.setEnabled(chosen is not None and not self.running and self._fits())
        if self.view is None:
            return
        if chosen is None:
            self.view.overlay.set_data({})
            self.view.problem_marks.set_hexes(())
            self.view.focus_mark.set_hexes(())  # its orange wash made applied walls look like low obstacles (audit)
            return
        labels: dict[Hex, str] = {}
        for c in chosen[1]:
            labels.update(change_labels(c))
        self.view.overlay.set_data(dict.fromkeys(labels, QColor(46, 160, 67, 150)), labels)
        self.view.problem_marks.set_hexes(labels)
        self.view.bring_into_view(list(labels))

    def apply_current(self) -> bool:
        """Make the selected proposal's edits to the document as one undo step; False when refused."""
        chosen = self.current()
        if chosen is None or self.doc is None or self.outcome is None:
            return False
        if not self._fits():
            self.status.setText("The map or its teams have changed since these suggestions were made; press Suggest "
                                "again.")
            return False
        item = self.tree.currentItem()
        words = item.text(0).lstrip("★ ") if item is not None else "balance fix"
        version = chosen[0]
        if version.teams != self.outcome.before.teams and self.doc.scenario is not None:  # a roster exchange
            setup = replace(self.doc.scenario, teams=version.teams)
            done = self.doc.apply_with_scenario(version.map, setup, f"Balance fix: {words}")
        else:
            done = self.doc.apply(version.map, f"Balance fix: {words}")
        if done:
            self.preview(None)
            self.apply_button.setEnabled(False)
            said = f"Applied: {words} (Edit ▸ Undo takes it back)."
            self._applied = (self.doc.map, dict(self.doc.scenario.teams) if self.doc.scenario is not None else None,
                             said)
            self.status.setText(said)
        return done
