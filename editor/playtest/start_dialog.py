"""The start dialog: mode, who plays each side (human or AI and its strength), unit picks, seed.

Drive it without a user through its widgets or :meth:`StartDialog.setup`; it
never starts anything itself. Picks left at "choose on the board" are made at
set-up time (by clicking for a human side, by the AI for a computer side). A
mode whose units are drafted in the game has no unit picks, and a mode's own
options come from its presenter (:meth:`~editor.playtest.presenters.Presenter.start_options`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.playtest.presenters import Presenter, presenter_for
from editor.playtest.session import (
    CONTROLLERS,
    HUMAN,
    GameSetup,
    new_seed,
    open_slots,
    pick_for_me,
    roster,
    rules_of,
)
from engine.games.game import fielded_kinds
from engine.games.modes import GAMES
from engine.mapmodel import Mode, Team
from engine.ruleset import RulesetError
from engine.scenario import Scenario

__all__ = ["StartDialog"]

_ON_BOARD = "(choose on the board)"


class StartDialog(QDialog):
    """Choose how to play ``scenario``; :meth:`setup` reads the choice."""

    def __init__(self, scenario: Scenario, initial: GameSetup | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Playtest — {scenario.name}")
        self.scenario = scenario
        rules = rules_of(scenario)
        self._names = {k: u.name for k, u in rules.units.items()}
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.mode = QComboBox()
        modes = list(scenario.map.meta.modes) or [scenario.mode]
        for m in modes:
            ok = GAMES[m].playable
            self.mode.addItem(GAMES[m].name + ("" if ok else " (not playable yet)"), m)
            if not ok:
                self.mode.model().item(self.mode.count() - 1).setEnabled(False)  # type: ignore[attr-defined]
        idx = self.mode.findData(scenario.mode)
        self.mode.setCurrentIndex(max(0, idx))
        form.addRow("Mode", self.mode)
        self.first = QComboBox()
        game = GAMES[scenario.mode]
        chance = game.chance_first if game.chance_first in rules.options else ""
        if chance:  # the mode's own throw for the first team (thrown with the game's dice)
            self.first.addItem(f"{game.chance_words} (the rulebook's way)", None)
        for t in Team:
            self.first.addItem(f"{t.value} moves first", t)  # "decides first" left an audit asking: decides what?
        rolled = bool(chance) and bool(scenario.rules.get(chance, rules.options[chance]))
        self.first.setCurrentIndex(0 if rolled else self.first.findData(scenario.first_team))
        self.first.setToolTip("Which team takes the first turn (and, in Team Play, drafts first)" +
                              (f"; the rulebook's {game.chance_words} decides unless you pick a team here — the "
                               f"scenario's first team ({scenario.first_team.value}) counts only with it turned off"
                               if chance else ""))
        form.addRow("First team", self.first)
        seed_row = QHBoxLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_147_483_647)
        self.seed.setValue(initial.seed if initial else (scenario.seed or new_seed()))
        self.seed.setToolTip("The dice seed: the same seed and the same decisions give the same game")
        self.new_seed_button = QPushButton("New seed")
        self.new_seed_button.clicked.connect(lambda: self.seed.setValue(new_seed()))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.new_seed_button)
        form.addRow("Dice seed", seed_row)
        self.ask_single = QCheckBox("Ask even when there is only one choice")
        self.ask_single.setToolTip("Off: a decision with one possible answer is answered at once, and the log "
                                   "says so. On: it waits for a click like any other.")
        self.ask_single.setChecked(bool(initial and initial.ask_single))
        form.addRow("", self.ask_single)
        lay.addLayout(form)
        self.options = self._presenter.start_options(scenario, rules, initial.rules if initial else None)
        if self.options is not None:
            lay.addWidget(self.options)
        self.controllers: dict[Team, QComboBox] = {}
        self.picks: dict[Team, list[QComboBox]] = {}
        self.pick_buttons: dict[Team, QPushButton] = {}
        for team in Team:
            lay.addWidget(self._team_box(team, initial))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)

    def _team_box(self, team: Team, initial: GameSetup | None) -> QGroupBox:
        box = QGroupBox(f"{team.value} team")
        grid = QGridLayout(box)
        c = QComboBox()
        for name, label in CONTROLLERS.items():
            c.addItem(label, name)
        default = initial.controller(team) if initial else (HUMAN if team is Team.RED else "heuristic")
        c.setCurrentIndex(max(0, c.findData(default)))
        self.controllers[team] = c
        grid.addWidget(QLabel("Played by"), 0, 0)
        grid.addWidget(c, 0, 1, 1, 3)
        fixed = [s.unit for s in self.scenario.team(team).starting]
        if fixed:
            names = ", ".join(self._names.get(k, k) for k in fixed)
            grid.addWidget(QLabel(f"Starts with: {names}"), 1, 0, 1, 4)
        drafted = self._presenter.drafted
        if drafted and not fixed:
            # what the draft picks from, as set-up deals it (an editor audit saw no sign of a fixed roster here)
            try:
                own = fielded_kinds(self.scenario, team)
            except RulesetError:
                own = self.scenario.team(team).roster
            pool = f" from {', '.join(self._names.get(k, k) for k in own)}" if own else ""
            grid.addWidget(QLabel(f"Characters: drafted{pool} at the start of the game (1-2-2-1)"), 1, 0, 1, 4)
        n = 0 if drafted else open_slots(self.scenario, team)
        combos = []
        kinds = [k for k in roster(self.scenario, team) if k not in fixed]
        chosen = list(initial.picks.get(team, ())) if initial else []
        for i in range(n):
            cb = QComboBox()
            cb.addItem(_ON_BOARD, "")
            for k in kinds:
                cb.addItem(self._names.get(k, k), k)
            if i < len(chosen):
                cb.setCurrentIndex(max(0, cb.findData(chosen[i])))
            combos.append(cb)
            grid.addWidget(QLabel(f"Unit {len(fixed) + i + 1}"), 2 + i, 0)
            grid.addWidget(cb, 2 + i, 1, 1, 2)
        self.picks[team] = combos
        if n:
            b = QPushButton("Pick for me")
            b.setToolTip("Fill the picks with different units, chosen from the seed")
            b.clicked.connect(lambda _=False, t=team: self.pick_for_me(t))
            grid.addWidget(b, 2, 3)
            self.pick_buttons[team] = b
        return box

    def pick_for_me(self, team: Team) -> None:
        """Fill ``team``'s pick boxes with distinct seeded picks."""
        kinds = pick_for_me(self.scenario, team, self.seed.value())
        for cb, k in zip(self.picks[team], kinds, strict=False):
            cb.setCurrentIndex(max(0, cb.findData(k)))

    def setup(self) -> GameSetup:
        """The set-up chosen (repeated picks keep only their first occurrence)."""
        picks: dict[Team, tuple[str, ...]] = {}
        for team, combos in self.picks.items():
            seen: list[str] = []
            for cb in combos:
                k = cb.currentData()
                if k and k not in seen:
                    seen.append(k)
            picks[team] = tuple(seen)
        mode = Mode(self.mode.currentData())  # Qt hands enum data back as plain strings
        scenario = self.scenario if mode == self.scenario.mode else _with_mode(self.scenario, mode)
        return GameSetup(
            scenario=scenario,
            seed=self.seed.value(),
            controllers={t: c.currentData() for t, c in self.controllers.items()},
            picks=picks,
            first_team=Team(self.first.currentData()) if self.first.currentData() is not None else None,
            rules=self.options.rules() if self.options is not None and mode == self.scenario.mode else {},
            ask_single=self.ask_single.isChecked(),
        )

    @property
    def _presenter(self) -> Presenter:
        """The presenter of the scenario's mode (its start options, whether units are drafted)."""
        return presenter_for(self.scenario.mode)


def _with_mode(s: Scenario, m: Mode) -> Scenario:
    import dataclasses

    return dataclasses.replace(s, mode=m)
