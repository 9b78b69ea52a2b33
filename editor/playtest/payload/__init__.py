"""Payload Race in the playtest: its presenter (:mod:`.presenter`), board picture with both carts, and token
rows. Importing the package registers the presenter."""

from __future__ import annotations

from editor.playtest.payload.presenter import PayloadPresenter
from editor.playtest.presenters import register
from engine.games.payload import PAYLOAD

PRESENTER = register(PAYLOAD, PayloadPresenter())
