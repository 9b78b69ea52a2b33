"""The one error type every loader raises, carrying file, place and a plain message."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["LoadError", "LoadProblem"]


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
        head = f"{self.file}: {first}"
        rest = len(self.problems) - 1
        if rest:
            head += f" (and {rest} more problem{'s' if rest > 1 else ''})"
        return head
