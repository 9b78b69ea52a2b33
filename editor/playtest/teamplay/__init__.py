"""Team Play in the playtest: its presenter (:mod:`.presenter`), the players' boards, buffers and hands under
the board (:mod:`.panel`), the choices in words (:mod:`.words`) and the start options (:mod:`.options`).
Importing the package registers the presenter."""

from __future__ import annotations

from editor.playtest.presenters import register
from editor.playtest.teamplay.presenter import TeamPlayPresenter
from engine.games.teamplay import TEAM_PLAY

PRESENTER = register(TEAM_PLAY, TeamPlayPresenter())
