"""The Problems panel's words: what the validator says, in the editor's own terms."""

from __future__ import annotations


def test_the_commands_a_message_advises_are_named_as_the_editors_menu_items() -> None:
    """HF607 told a designer in the editor to "check with hexfort balance … (hexfort rebalance proposes exchanges)"
    (an editor audit): the panel names the menu items instead, rebalance not misread as balance."""
    from editor.menu_words import in_editor_words

    said = in_editor_words("check with hexfort balance what the split does (hexfort rebalance proposes exchanges)")
    assert said == ("check with Map ▸ Is it fair? Simulate… what the split does (Map ▸ Suggest balance fixes… proposes "
                    "exchanges)")
