"""The playtest: play a map or scenario with the engine's real rules, hot-seat or against the AI.

Qt-free logic lives in :mod:`~editor.playtest.session` (game set-up),
:mod:`~editor.playtest.explain` (what a click may do, and why not),
:mod:`~editor.playtest.journal` (readable action log entries),
:mod:`~editor.playtest.picture` (what the board shows),
:mod:`~editor.playtest.position` ("play from here" set-ups) and
:mod:`~editor.playtest.replay_cursor` (stepping through a replay). The widgets
(window, board view, panels, dialogs) only read those and the game state.
"""
