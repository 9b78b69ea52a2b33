"""The start dialog's Team Play options: players per side, the buffer reward tile and the skulls.

:class:`TeamPlayOptions` shows the scenario's values (or those of the set-up
played last) and :meth:`TeamPlayOptions.rules` returns the ruleset options to
play with (:attr:`~editor.playtest.session.GameSetup.rules`); the engine checks
them again when the game starts.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QSpinBox, QWidget

from engine.mapmodel import Team
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario

__all__ = ["TeamPlayOptions"]


class TeamPlayOptions(QGroupBox):
    """Players per side (1-3), the reward tile (drawn at random, or one of the ruleset's) and the skulls."""

    def __init__(self, scenario: Scenario, rules: Ruleset, chosen: Mapping[str, OptionValue] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("Team Play", parent)
        chosen = chosen or {}

        def value(name: str) -> OptionValue:
            return chosen.get(name, scenario.rules.get(name, rules.options.get(name, "")))

        form = QFormLayout(self)
        self.players: dict[Team, QSpinBox] = {}
        for team in Team:
            sb = QSpinBox()
            sb.setRange(1, 3)
            sb.setValue(int(value(f"players_{team.value.lower()}") or 1))
            sb.setToolTip(f"How many players share {team.value}'s three characters: one plays all three; two have "
                          "one each and share the third; three have one each (003 \"Assigning characters\")")
            self.players[team] = sb
            form.addRow(f"{team.value} players", sb)
        self.reward = QComboBox()
        self.reward.addItem("drawn at random (the rulebook's way)", "")
        for key, tile in rules.reward_tiles.items():
            rewards = "; ".join(f"{n}: {tile.reward(n).describe()}" for n in (1, 2, 3))
            self.reward.addItem(tile.title, key)
            self.reward.setItemData(self.reward.count() - 1, f"{tile.text} By colours flushed — {rewards}",
                                    Qt.ItemDataRole.ToolTipRole)
        self.reward.setCurrentIndex(max(0, self.reward.findData(str(value("reward_tile")))))
        self.reward.setToolTip("The buffer reward tile: what flushing the enemy's buffer gives, by the number of "
                               "characters (colours) in it")
        form.addRow("Reward tile", self.reward)
        self.skulls = QSpinBox()
        self.skulls.setRange(1, 12)
        self.skulls.setValue(int(value("skulls") or 8))
        self.skulls.setToolTip("Skulls on the skull board: the game ends when the last is taken (fewer: a shorter "
                               "playtest)")
        form.addRow("Skulls", self.skulls)

    def rules(self) -> dict[str, OptionValue]:
        """The options chosen, as ruleset option values."""
        return {"players_red": self.players[Team.RED].value(), "players_blu": self.players[Team.BLU].value(),
                "reward_tile": str(self.reward.currentData() or ""), "skulls": self.skulls.value()}
