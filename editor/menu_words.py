"""The validator's and the fixer's words as the editor says them: the commands they advise named as its menu items."""

from __future__ import annotations

from typing import Final

__all__ = ["in_editor_words"]


#: The commands the validator's messages advise, as the editor's own menu items (an editor audit: HF607 told a
#: designer in the editor to run ``hexfort balance``), longest first so "rebalance" is not read as "balance".
_EDITOR_WORDS: Final = (("hexfort rebalance", "Map ▸ Suggest balance fixes…"),
                        ("hexfort balance", "Map ▸ Is it fair? Simulate…"))


def in_editor_words(message: str) -> str:
    """A validator message with the commands it advises named as the editor's menu items."""
    for command, item in _EDITOR_WORDS:
        message = message.replace(command, item)
    return message
