"""Offering unsaved work left by editors that did not close: at start-up, and when a killed save is found.

:func:`offer_recovery` gathers every copy the user has not decided about
(:func:`editor.recovery.crashed_copies`), quietly drops those its file already
holds and repeats of the same work for the same file, shows the rest in one
:class:`~editor.recovery_dialog.RecoveryDialog` and carries out the choice through
the :class:`~editor.document_manager.DocumentManager`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import QDialog, QWidget

from editor.document_manager import DocumentManager
from editor.recovery import Recoverable, crashed_copies, discard
from editor.recovery_dialog import Offer, RecoveryDialog, prepare

__all__ = ["gather_offers", "offer_recovery"]

#: Tests and the test control replace how the dialog is run (default: modal ``exec``).
run_dialog: Callable[[RecoveryDialog], object] = RecoveryDialog.exec


def gather_offers(copies: Sequence[Recoverable]) -> list[Offer]:
    """The copies worth asking about, oldest first (ties in the given order); the others are deleted, as
    they hold nothing to lose.

    Those are: a copy whose file holds the same work already; a copy holding the
    same work as a newer one for the same file; and a tab's copy overtaken by the
    save that was cut short in the same tab -- the save of the same file, by the
    same process, after the copy, when that process left one copy for the file
    (the tab's later state, which the user asked to save).
    """
    offers = [prepare(c) for c in copies if c.file.exists()]
    kept: list[Offer] = []
    newest_first = [o for _, o in sorted(enumerate(offers), key=lambda io: (io[1].copy.saved_at, io[0]), reverse=True)]
    for offer in newest_first:
        if offer.same_as_file or any(_same_work(offer, k) or _overtaken(offer, k, offers) for k in kept):
            discard(offer.copy)
        else:
            kept.append(offer)
    return kept[::-1]


def _same_work(a: Offer, b: Offer) -> bool:
    return (a.map is not None and a.copy.original == b.copy.original and a.map == b.map
            and a.setup == b.setup)


def _overtaken(tab: Offer, save: Offer, offers: Sequence[Offer]) -> bool:
    """Whether ``save`` (a save cut short) holds a later state of ``tab`` (a tab's copy)."""
    a, b = tab.copy, save.copy
    if (a.source, b.source) != ("tab", "interrupted save") or a.writer is None or a.writer != b.writer:
        return False
    if a.original is None or a.original != b.original or b.saved_at < a.saved_at or save.map is None:
        return False
    return sum(o.copy.source == "tab" and o.copy.writer == a.writer and o.copy.original == a.original
               for o in offers) == 1


def offer_recovery(documents: DocumentManager, parent: QWidget | None = None,
                   copies: Sequence[Recoverable] | None = None) -> int:
    """Ask what to do with unsaved work left behind (default: all of it); returns how many tabs were restored.

    Shows nothing when there is nothing to ask about. Copies the user neither
    restores nor discards stay for the next start.
    """
    found = crashed_copies(documents.recovery_folder) if copies is None else copies
    offers = gather_offers(found)
    if not offers:
        return 0
    dialog = RecoveryDialog(offers, parent)
    run_dialog(dialog)
    if dialog.result() != QDialog.DialogCode.Accepted:
        return 0
    for offer in dialog.discard:
        discard(offer.copy)
    for offer in dialog.restore:
        assert offer.map is not None  # the dialog restores only copies it could read
        documents.restore(offer.copy, offer.map, offer.setup)
    unread = [o for o in offers if o.map is None and o not in dialog.discard]
    kept = (f"; {len(unread)} cop{'ies' if len(unread) != 1 else 'y'} that cannot be read kept in "
            f"{documents.recovery_folder}") if unread else ""  # skipped without a word (a new-user audit)
    if dialog.restore or unread:
        documents.message.emit(f"Restored {len(dialog.restore)} tab(s) of unsaved work; save to keep them{kept}",
                               12000)
    return len(dialog.restore)
