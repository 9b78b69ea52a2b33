"""The one error type every loader raises, carrying file, place and a plain message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["MAX_MESSAGE", "MAX_WHERE", "LoadError", "LoadProblem", "printable"]

#: Longest message and place a problem keeps: a hostile file cannot make its error message huge.
MAX_MESSAGE = 600
MAX_WHERE = 200


def printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot carry escaped (file names with undecodable bytes).

    Python gives such bytes of a file name as lone surrogates (``\\udcff``), which
    stop a print to a UTF-8 terminal; they come back as ``\\xff``.
    """
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        pass
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _clipped(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


@dataclass(frozen=True, slots=True)
class LoadProblem:
    """One thing wrong with a file.

    ``where`` is a JSON path (``$.rows[3]``), a hex (``hex 3,-1``) or a text
    position (``line 4, column 7``); empty when the whole file is at fault.
    """

    where: str
    message: str
    #: Which step found it: "parse" (reading the bytes as JSON), "schema" or "meaning".
    stage: str = "meaning"

    def __post_init__(self) -> None:
        # Messages quote the file; a hostile file must not make them huge or unprintable.
        object.__setattr__(self, "message", _clipped(printable(self.message), MAX_MESSAGE))
        object.__setattr__(self, "where", _clipped(printable(self.where), MAX_WHERE))

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class LoadError(Exception):
    """A map, scenario, ruleset or replay file could not be loaded.

    ``file`` names the file (or ``<text>`` for in-memory input); ``problems`` lists
    everything found, at least one. ``str(err)`` is a complete human message.
    """

    def __init__(self, file: str | Path, problems: Sequence[LoadProblem]) -> None:
        if not problems:
            raise ValueError("LoadError needs at least one problem")
        self.file = str(file)
        self.problems: tuple[LoadProblem, ...] = tuple(problems)
        super().__init__(self._render())

    @classmethod
    def single(cls, file: str | Path, where: str, message: str, stage: str = "meaning") -> LoadError:
        """A LoadError with one problem."""
        return cls(file, [LoadProblem(where, message, stage)])

    @property
    def where(self) -> str:
        """Place of the first problem."""
        return self.problems[0].where

    @property
    def message(self) -> str:
        """Message of the first problem."""
        return self.problems[0].message

    def _render(self) -> str:
        first = self.problems[0]
        head = f"{printable(self.file)}: {first}"
        rest = len(self.problems) - 1
        if rest:
            head += f" (and {rest} more problem{'s' if rest > 1 else ''})"
        return head
