""""Simulate…": AI-vs-AI games on the map being edited, off the UI thread, cancellable.

The games run as a balance study (each game watched) in a QThread: with
"Until decided" (the default, as ``hexfort balance --games auto``) block by
block until both headline questions are decided or the games run out
(:func:`~engine.simulation.autostop.play_until_decided`), else exactly the
games asked for (:func:`~engine.simulation.balance.run_study`). Progress comes
back through queued signals, and Cancel sets a flag the study checks between
games, so the dialog (and the editor behind it) stays responsive. The answer
(favoured / even / undecided with about how many more games, the first move
likewise) heads the dialog in the words ``hexfort balance`` uses
(:func:`~engine.simulation.verdict.judge`); below it the summary ``hexfort
simulate`` prints (:func:`summary_text`), with the players named as the dialog
names them (:func:`report_text`), and the evidence. "Show on the map" hands the
heat maps (where units stand, die and score) to the editor's overlays.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor import filedialogs
from editor.background import BackgroundRun, Work
from editor.paths import file_slug
from editor.playtest.session import ai_name, pair_label
from editor.save_errors import save_error_words
from editor.screen_fit import fit_to_screen
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Team
from engine.parallel.backends import local_backend
from engine.scenario import Scenario
from engine.simulation.autostop import default_max_games, play_until_decided
from engine.simulation.balance import MapStudy, StudyPlan, run_study, study_of
from engine.simulation.balance_doc import balance_document
from engine.simulation.batch import BatchSummary, GameResult
from engine.simulation.comparison import headline
from engine.simulation.headline import answer
from engine.simulation.report import summary_text
from engine.simulation.verdict import Verdict, judge

#: ``show_heat(layer -> team -> hex -> count, words naming the run, the map played)``: lays the heat maps over the
#: canvas.
HeatSink = Callable[[dict[str, dict[Team, dict[Hex, int]]], str, HexMap], None]

__all__ = ["SimulateDialog", "report_text"]

#: The player pairs offered, named with the same words as the report (:func:`ai_name`).
_PAIRS = {p: pair_label(p) for p in ("heuristic,heuristic", "search,search", "search,heuristic", "heuristic,random",
                                     "random,random")}


def report_text(summary: BatchSummary, name: str, players: tuple[str, str], cancelled: bool = False,
                pickups: bool = True) -> str:
    """:func:`summary_text` with the players called as the dialog calls them ("normal AI (heuristic)"), without
    its verdict line and fixed-sample intervals (the dialog shows the study's answer, whose intervals hold however
    many games were played); ``pickups`` False for a game without them."""
    shown = replace(summary, player_wins={ai_name(k): v for k, v in summary.player_wins.items()})
    return summary_text(shown, name, (ai_name(players[0]), ai_name(players[1])), cancelled, verdict=False,
                        intervals=False, pickups=pickups)


#: At most this many progress updates per second reach the UI thread; fast games
#: would otherwise queue thousands of signals and delay Cancel and the result.
UPDATES_PER_S = 20


#: The two versions of "Compare with the saved file", as its headline and its report name them.
VERSION_NAMES: Final = ("the saved file", "the map as it is now")
#: What Save report… writes from: the balance report's JSON document and the studies it was made of.
Report = tuple[dict[str, Any], tuple[MapStudy, MapStudy | None]]


def _batch(scenario: Scenario, games: int, seed: int, jobs: int, players: tuple[str, str],
           cancel: threading.Event, until_decided: bool = False, saved: Scenario | None = None) -> Work:
    """One batch as background work: returns ``(study, the saved version's study or None, why it stopped)``;
    progress throttled to :data:`UPDATES_PER_S`. With ``saved`` it is ``hexfort balance SAVED --compare NOW``: both
    versions play the same games, and the change is the map now minus the saved one."""
    def work(_note: Callable[[str], None], report: Callable[[int, int], None]
             ) -> tuple[MapStudy, MapStudy | None, str, Report]:
        last = 0.0

        def progress(done: int, total: int) -> None:
            nonlocal last
            now = time.monotonic()
            if done == total or now - last >= 1.0 / UPDATES_PER_S:
                last = now
                report(done, total)

        plan = StudyPlan(saved, (players,), games, seed, scenario) if saved is not None else \
            StudyPlan(scenario, (players,), games, seed)
        stop, stopped = "", None
        with local_backend(jobs, games * len(plan.scenarios)) as backend:
            if until_decided:
                plan, watched, stopped = play_until_decided(plan, backend, progress, cancel.is_set)
                stop = stopped.why(compare=saved is not None)  # a comparison waits for its own question only
            else:
                watched = run_study(plan, backend, progress=progress, cancelled=cancel.is_set)
        main, other = study_of(plan, watched, common=cancel.is_set())  # a cancelled comparison: the games both played
        kept = min(p.games for x in (main, other) if x is not None for p in x.pairings)
        # the balance report's own document, for Save report… (as hexfort balance SAVED --compare NOW writes it)
        names = VERSION_NAMES if other is not None else (scenario.name, None)
        doc = balance_document(plan, names, main, other, (kept, plan.games) if cancel.is_set() else None, stopped)
        report_of = (doc, (main, other))
        return (other, main, stop, report_of) if other is not None else (main, None, stop, report_of)
    return work


class SimulateDialog(QDialog):
    """Play a batch of AI-vs-AI games on ``scenario`` and show the summary.

    :meth:`run` starts a batch, :meth:`cancel` stops it after the game in
    progress; ``results`` holds the finished games and ``summary`` their summary.
    Closing the dialog cancels a running batch and waits for it to stop.
    """

    finished_batch = Signal()

    def __init__(self, scenario: Scenario, parent: QWidget | None = None, show_heat: HeatSink | None = None,
                 current: Callable[[], Scenario | None] | None = None,
                 saved: Callable[[], Scenario | str] | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Simulate — {scenario.name}")
        self.scenario = scenario
        #: Where Save report… first offers to write (the map's own folder; the home folder for a map never saved).
        self.folder = folder
        #: The map being edited as it is now (None: it cannot be played now, and the caller said why): each Run
        #: plays that, not the map the dialog was opened on (a new-user audit edited the map with the dialog open
        #: and got the old map's figures again, without a word).
        self.current = current
        #: The map as saved on disk, or why it cannot be compared now (None: never saved): "Compare with the saved
        #: file" plays it beside the map as it is now, on the same games (hexfort balance --compare in the editor).
        self.saved = saved
        #: The saved version's study of the last compared run (None when the run compared nothing).
        self.saved_study: MapStudy | None = None
        #: A line heading the run's report (the map as saved, so played once), or "".
        self._note = ""
        self.show_heat = show_heat
        self.results: list[GameResult] = []
        self.summary: BatchSummary | None = None
        self.study: MapStudy | None = None
        self.verdict: Verdict | None = None
        self.was_cancelled = False
        #: Games played so far in the run, as the worker reports them (those in flight when the answer came too).
        self._played = 0
        self._run = BackgroundRun(self)
        self._run.progressed.connect(self._progressed)
        self._run.done.connect(self._done)
        self._run.failed.connect(self._failed)
        self._cancel = threading.Event()
        lay = QVBoxLayout(self)
        form = QFormLayout()
        games_row = QHBoxLayout()
        self.games = QSpinBox()
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        # a number the user set stays when the players, the compare box or "Until decided" change (the default
        # is recomputed for each of those only while the user has not chosen one; a new-user audit lost a typed 500)
        self._chosen_games = False
        self.games.valueChanged.connect(self._games_chosen)
        self.until = QCheckBox("Until decided")
        self.until.setToolTip("Play block by block until it is clear whether a side is favoured and whether moving "
                              "first matters (or each is within 3 points of even), at most the games set here; "
                              "hexfort balance --games auto")
        self.until.setChecked(True)
        self.until.toggled.connect(self._games_meaning)
        games_row.addWidget(self.games, 1)
        games_row.addWidget(self.until)
        self.games_label = QLabel("At most")
        form.addRow(self.games_label, games_row)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_147_483_647)
        self.seed.setValue(1)
        form.addRow("Batch seed", self.seed)
        self.players = QComboBox()
        for key, label in _PAIRS.items():
            self.players.addItem(label, key)
        self.players.currentIndexChanged.connect(lambda _i: self._games_meaning(self.until.isChecked()))
        form.addRow("Players", self.players)
        self.jobs = QSpinBox()
        self.jobs.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs.setValue(1)
        self.jobs.setToolTip("Worker processes; the result is the same for any number")
        form.addRow("Parallel jobs", self.jobs)
        self.compare = QCheckBox("Compare with the saved file")
        self.compare.setToolTip("Play the file as saved and the map as it is now on the same games: did your edits "
                                "change the balance? (hexfort balance SAVED --compare NOW)")
        self.compare.setEnabled(saved is not None)
        self.compare.toggled.connect(lambda _on: self._games_meaning(self.until.isChecked()))
        form.addRow("", self.compare)
        lay.addLayout(form)
        lay.addWidget(QLabel("Sides swap every other pair of games; the same seed gives the same result."))
        self.answer = QLabel("")
        self.answer.setObjectName("answer")
        self.answer.setWordWrap(True)
        self.answer.setStyleSheet("QLabel#answer { background: #fbf6e3; border-left: 4px solid #d9a400; "
                                  "padding: 6px 8px; }")
        self.answer.setVisible(False)
        lay.addWidget(self.answer)
        self.progress = QProgressBar()
        self.progress.setFormat("%v / %m games")
        self._played = 0
        lay.addWidget(self.progress)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        mono = QFont("DejaVu Sans Mono")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.report.setFont(mono)
        # a low minimum: the answer above it grows to four lines on some maps, and a 300-pixel report then pushed
        # the dialog past a 1000-pixel screen, its buttons drawn over the report (a new-user audit)
        self.report.setMinimumSize(620, 140)
        lay.addWidget(self.report, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.run)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.close)
        self.heat_button = QPushButton("Show on the map")
        self.heat_button.setToolTip("Lay the heat maps of these games (where units stand, die and score) over the "
                                    "map: Overlays panel, “Heat map from Simulate…”")
        self.heat_button.setEnabled(False)
        self.heat_button.setVisible(show_heat is not None)
        self.heat_button.clicked.connect(self.lay_heat_maps)
        self.save_report_button = QPushButton("Save report…")
        self.save_report_button.setToolTip("Write these games' balance report as one web page (charts, heat maps, "
                                           "every figure), as hexfort balance -o REPORT.html does")
        self.save_report_button.setEnabled(False)
        self.save_report_button.clicked.connect(self.save_report)
        self._report: Report | None = None
        row.addWidget(self.heat_button)
        row.addWidget(self.save_report_button)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.close_button)
        lay.addLayout(row)

        self._games_meaning(True)
        fit_to_screen(self, 760, 640)

    def _games_meaning(self, until: bool) -> None:
        """"At most" N games until decided (the default N: what a minute of CPU buys), or exactly N. The default
        follows the players and the compare box until the user sets a number; that number is then kept."""
        self.games_label.setText("At most" if until else "Games")
        if until and not self._chosen_games:
            pair = tuple(self.players.currentData().split(","))
            default = default_max_games(self.scenario.mode, [pair],  # type: ignore[list-item]
                                        compare=self.compare.isChecked())
            self.games.blockSignals(True)
            self.games.setValue(default)
            self.games.blockSignals(False)

    def _games_chosen(self, _value: int) -> None:
        """The user set the number of games: keep it from now on (:meth:`_games_meaning`)."""
        self._chosen_games = True

    @property
    def running(self) -> bool:
        """True while a batch is being played."""
        return self._run.running

    def run(self) -> None:
        """Start a batch with the dialog's settings (does nothing while one runs)."""
        if self.running:
            return
        edited = False
        if self.current is not None:
            latest = self.current()
            if latest is None:
                return
            edited = latest != self.scenario
            self.scenario = latest
            self.setWindowTitle(f"Simulate — {latest.name}")
        before = None
        if self.compare.isChecked():
            got = self.saved() if self.saved is not None else "the map was never saved"
            if isinstance(got, str):
                self.report.setPlainText(f"Nothing to compare with: {got}. Untick “Compare with the saved file”, or "
                                         "save the map first.")
                return
            before = got
        same = ""
        if before is not None and before == self.scenario:  # the same map twice, at double the cost (a review)
            before = None
            same = "The map is as saved: nothing to compare, so it is played once.\n"
        self._note = same
        players = tuple(self.players.currentData().split(","))
        self._cancel = threading.Event()
        self.was_cancelled = False
        self.results = []
        self.summary = None
        self.study = None
        self.heat_button.setEnabled(False)
        self.save_report_button.setEnabled(False)
        self.answer.setVisible(False)
        self.progress.setValue(0)
        self.progress.setFormat("%v / %m games")
        self.report.setPlainText(same + ("Playing the saved file and the map as it is now on the same games…" if before
                                         else "Playing the map as it is now (edited since the last run)…" if edited
                                         else "Playing…"))
        self._players = players
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, self.games.value() * (2 if before is not None else 1))
        self._run.start(_batch(self.scenario, self.games.value(), self.seed.value(), self.jobs.value(),
                               players, self._cancel, self.until.isChecked(), before))  # type: ignore[arg-type]

    def save_report(self, path: str | Path | None = None) -> bool:
        """Write the last run's balance report as one HTML page to ``path`` (asked for when None); False when
        cancelled or it could not be written (said in a dialog: the report extra missing, a folder not writable).
        An editor audit found the report — heat maps, which picks win, the compare page — only behind
        ``hexfort balance -o``."""
        if self._report is None:
            return False
        if path is None:
            start = str((self.folder or Path.home()) / (file_slug(self.scenario.name) + "-balance.html"))
            path = filedialogs.save_file(self, "Save balance report", start, "Web pages (*.html)")
            if not path:
                return False
        target = Path(path)
        try:
            from editor.balance_report import write_report  # matplotlib: the report extra
        except ImportError:
            QMessageBox.warning(self, "Save report", "The balance report draws its charts with matplotlib, which is "
                                "not installed: pip install 'hexfort[report]'")
            return False
        try:
            write_report(self._report[0], self._report[1], target)
        except OSError as e:
            QMessageBox.critical(self, "Cannot save the report", f"{target}\n\n{save_error_words(target, e)}")
            return False
        self.report.appendPlainText(f"\nReport saved: {target}")
        return True

    def cancel(self) -> None:
        """Stop the batch after the game in progress; the finished games are summarised."""
        if self.running:
            self.was_cancelled = True
            self._cancel.set()
            self.cancel_button.setEnabled(False)
            self.report.setPlainText("Cancelling after the game in progress…")

    def _progressed(self, done: int, total: int) -> None:
        self._played = done
        self.progress.setValue(done)

    def _done(self, outcome: tuple[MapStudy, MapStudy | None, str, Report]) -> None:
        self._stop_thread()
        study, saved, stop, self._report = outcome
        self.save_report_button.setEnabled(bool(study.pairings[0].games))
        pairing = study.pairings[0]
        self.study, self.saved_study = study, saved
        self.results = list(pairing.results)
        self.summary = pairing.summary
        text = report_text(self.summary, self.scenario.name, self._players,  # type: ignore[arg-type]
                           cancelled=self.was_cancelled, pickups=GAMES[self.scenario.mode].pickups)
        text = self._note + text
        if saved is not None:
            text = ("The map as it is now:\n" + text + "\n\nThe saved file, on the same games:\n" +
                    report_text(saved.pairings[0].summary, saved.scenario.name, self._players,  # type: ignore[arg-type]
                                cancelled=self.was_cancelled, pickups=GAMES[saved.scenario.mode].pickups))
        if pairing.games:
            answers = answer(saved, study) if saved is not None else None
            verdict = judge(study, ai_name, answers, version=1) if answers is not None else judge(study, ai_name)
            self.verdict = verdict
            state = _decided_words(verdict)
            change = ""
            if saved is not None and answers is not None:
                head = headline(saved, answers, ai_name, study, VERSION_NAMES)
                change = f"<b>Saved → now: {head.text}</b><br>"
                text += f"\n\nsaved → now: {head.text}"
            self.answer.setText(f"{change}<b>{verdict.sides}</b><br>{verdict.first_move}<br>"
                                f"<small>{verdict.games} games{' a version' if saved is not None else ''}, {state}"
                                f"{' (stopped: ' + stop + ')' if stop else ''}</small>")
            self.answer.setVisible(True)
            text += ("\n\nverdict: " + verdict.text + "".join(f"\n  • {e}" for e in verdict.evidence))
        self.report.setPlainText(text)
        versions = 2 if saved is not None else 1
        # the last progress reports are thinned out (UPDATES_PER_S): the bar said 235 beside an answer on 236 games
        played = max(self._played, pairing.games * versions)
        if played > self.progress.maximum():
            self.progress.setRange(0, played)
        self.progress.setValue(played)
        if stop and not self.was_cancelled:  # a full bar: the run is over, whether or not the budget was used up
            self.progress.setRange(0, max(played, 1))
        if 0 < pairing.games * versions < played:  # games in flight when the answer came are played, not kept
            each = f" ({pairing.games} a version)" if versions > 1 else ""
            self.progress.setFormat(f"%v games played; the answer rests on the first {pairing.games * versions}{each}")
        self.heat_button.setEnabled(bool(pairing.games))
        self.finished_batch.emit()

    def lay_heat_maps(self) -> None:
        """Hand the last run's heat maps (hexes, not board cells) to the editor's overlays."""
        if self.study is None or self.show_heat is None or not self.study.pairings[0].games:
            return
        pairing, hexes = self.study.pairings[0], self.study.hexes
        heat = {layer: {t: {hexes[c]: n for c, n in counts.items()} for t, counts in teams.items()}
                for layer, teams in pairing.heat.items()}
        a, b = (ai_name(p) for p in pairing.players)
        self.show_heat(heat, f"{pairing.games} games, {a} vs {b}", self.study.scenario.map)

    def _failed(self, text: str) -> None:
        self._stop_thread()
        self.report.setPlainText(f"The simulation stopped: {text}")
        self.finished_batch.emit()

    def _stop_thread(self) -> None:
        self._run.stop(10_000)
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.running:
            self.cancel()
            self._run.stop(30_000)
        super().closeEvent(e)

    def reject(self) -> None:
        """Escape: cancel a running batch first, then close."""
        if self.running:
            self.cancel()
            return
        super().reject()


def _decided_words(verdict: Verdict) -> str:
    """``decided``, or which question is not decided yet: "200 games, not decided yet" under "BLU is favoured" read
    as undoing the side answer, when only the first-mover question was open (an editor audit)."""
    if verdict.decided:
        return "decided"
    open_ = {q.get("question") for q in verdict.questions
             if q.get("test") is None or not q["test"].get("decided")}
    side_open = "sides" in open_ and verdict.construction is None
    if side_open and "first_move" not in open_:
        return "the side question not decided yet, moving first decided"
    if not side_open and "first_move" in open_:
        return "the side question decided, moving first not decided yet"
    return "not decided yet"
