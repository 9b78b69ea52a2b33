"""King of the Board in the playtest: its presenter (:mod:`.presenter`), board picture and marks, blueprint
rows and "Play from here". Importing the package registers the presenter."""

from __future__ import annotations

from editor.playtest.koth.presenter import KothPresenter
from editor.playtest.presenters import register
from engine.games.koth import KOTH

PRESENTER = register(KOTH, KothPresenter())
