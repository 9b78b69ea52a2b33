"""A fourth game mode that lives only in the tests: "Tag", proof that a mode is its own packages.

``tests.toymode.rules`` is the engine side (its rules, verb, map feature, validator
check, AI scorer and ruleset) and ``tests.toymode.playtest`` the editor side (its
presenter); each registers itself when imported. Nothing else in hexfort was
changed to add it: ``tests/conftest.py`` installs the engine side and
``tests/editor/conftest.py`` the editor side, one line each — the same lines a
bundled mode has in ``engine/installed_modes.py`` and ``editor/playtest/installed.py``.

Tag: two runners a side on a map with **beacons** (the mode's map feature). A turn
is one action of one runner: move, or **tag** (the mode's verb) an adjacent enemy,
who goes back to his spawn at once while the tagger's side scores a point. At the
end of a side's turn it scores a point for each beacon a runner of it stands on.
First to five points wins (or the higher score at the turn limit).
"""
