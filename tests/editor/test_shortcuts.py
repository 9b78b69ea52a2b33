"""Help ▸ Keyboard shortcuts lists every key the editor answers (a new user found them only in menus and tooltips)."""

from __future__ import annotations

from editor.shortcuts import GESTURES, ShortcutsDialog, shortcut_rows


def test_the_list_is_read_from_the_actions_under_their_menus(window) -> None:  # type: ignore[no-untyped-def]
    rows = shortcut_rows(window)
    assert ("File", "Ctrl+S", "Save") in rows
    assert ("Help", "F1", "Keyboard shortcuts") in rows
    by_what = {what: (where, keys) for where, keys, what in rows}
    assert by_what["Bigger brush"] == ("Canvas", "]") and by_what["Smaller brush"] == ("Canvas", "[")
    assert any(keys == "D" and where == "Canvas" for where, keys, _ in rows)  # the stairs' direction
    assert rows[-len(GESTURES):] == list(GESTURES)
    keyed = [(where, keys) for where, keys, _ in rows if where != "Canvas" or keys not in {k for _, k, _ in GESTURES}]
    assert len(keyed) == len(set(keyed))  # no key listed twice in one place


def test_the_dialog_filters_on_any_column(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    d = ShortcutsDialog(window)
    qtbot.addWidget(d)
    assert d.shown() == d.rows
    d.filter.setText("pan")
    assert d.shown() and all("pan" in " ".join(r).lower() for r in d.shown())
    d.filter.setText("ctrl+s")
    assert ("File", "Ctrl+S", "Save") in d.shown()
