"""The game family: one registry of modes, a Game/State split, a generic turn machine, unit behaviours.

- :mod:`engine.games.modes` — :data:`GAMES`, one :class:`ModeRules` per registered mode;
- :mod:`engine.games.game` — :class:`Game`, built once from a scenario and a ruleset, makes states;
- :mod:`engine.games.state` — :class:`TurnState`, the turn machine with named hooks;
- :mod:`engine.games.behaviour` — one behaviour object per unit kind;
- :mod:`engine.games.protocol` — :class:`GameState`, what AI players, replays and the UI rely on;
- one package per mode, each registering itself when imported (the installed ones are listed in
  :mod:`engine.installed_modes`).

This package's ``__init__`` only re-exports the registry, so that loaders and the
validator can ask about modes without importing any game engine.
"""

from engine.games.modes import GAMES, ModeRules, NotPlayableError, game_rules, playable_modes

__all__ = ["GAMES", "ModeRules", "NotPlayableError", "game_rules", "playable_modes"]
