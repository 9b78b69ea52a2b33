"""Tag's editor side: importing it registers its presenter (see :mod:`tests.toymode`)."""

from __future__ import annotations

from editor.playtest.presenters import register
from tests.toymode.playtest.presenter import TagPresenter
from tests.toymode.rules import TAG

PRESENTER = register(TAG, TagPresenter())
