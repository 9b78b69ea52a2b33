"""Safe JSON reading (with limits), canonical writing and atomic saving."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Callable, Collection, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Final

from engine.formats.errors import LoadError
from engine.formats.tempfiles import temp_prefix

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "atomic_write_bytes",
    "atomic_write_text",
    "before_replace",
    "dump_canonical",
    "parse_json_text",
    "read_json_file",
]

#: Files larger than this are refused before they are read. A 10,000-hex map is ~40 kB, the
#: largest map (40,000 hexes) ~160 kB and the longest replay the schema allows about 1 MB; parsing
#: and checking a hostile file of this size takes about a second.
MAX_FILE_BYTES: Final = 4 * 1024 * 1024
#: Deepest nesting of arrays/objects any hexfort document needs, with room to spare.
MAX_NESTING: Final = 24


def _missing_hint(p: Path) -> str:
    """Why a path may not be found, when it can be told: a Windows ``\\`` between folders, or a name that differs
    from a file beside it only in case (a folder audit's scenarios named ``..\\koth\\quarry.map.json`` and
    ``Quarry.map.json`` and were told only "file not found")."""
    if "\\" in str(p):
        return " (use / between folders: \\ is not a separator here)"
    try:
        near = [c.name for c in p.parent.iterdir() if c.name.lower() == p.name.lower()]
    except OSError:
        return ""
    return f" (did you mean {near[0]}? names are case-sensitive)" if near else ""


def read_json_file(path: str | Path) -> Any:
    """Read and parse a JSON file; raises LoadError for anything but a sane JSON text.

    Refuses missing files, folders, pipes, devices and sockets, files over
    :data:`MAX_FILE_BYTES`, non-UTF-8 bytes, JSON syntax errors (with line and
    column), nesting beyond :data:`MAX_NESTING` and values no hexfort file holds
    (NaN, Infinity, numbers past a float's range or of thousands of digits, lone
    UTF-16 surrogates), each before any costly work. The file is opened once and
    its kind and size are checked on the open handle, so a file swapped for a pipe
    or grown after a check can neither block the read nor make it unbounded.
    """
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)  # non-blocking: opening a pipe with no writer returns at once
    except FileNotFoundError:
        raise LoadError.single(p, "", f"file not found; check the path{_missing_hint(p)}", stage="parse") from None
    except PermissionError:
        if os.path.isdir(p):  # Windows refuses to open folders so
            raise LoadError.single(p, "", "this is a folder, not a file", stage="parse") from None
        raise LoadError.single(p, "", "cannot read the file: permission denied; check who may read it",
                               stage="parse") from None
    except OSError as e:  # a symlink loop (ELOOP), a socket (ENXIO), a name too long...
        raise LoadError.single(p, "", f"cannot read the file: {e.strerror or e}", stage="parse") from None
    except ValueError:  # os.open refuses names with a NUL character
        raise LoadError.single(p, "", "the file name holds a NUL character; no file can have that name",
                               stage="parse") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise LoadError.single(p, "", "this is a folder, not a file", stage="parse")
        if not stat.S_ISREG(st.st_mode):  # a pipe, device or socket could block or never end
            raise LoadError.single(p, "", "this is not a regular file (a pipe or device?); give a file",
                                   stage="parse")
        if st.st_size > MAX_FILE_BYTES:
            raise LoadError.single(p, "", f"file is {st.st_size:,} bytes; hexfort files are at most "
                                   f"{MAX_FILE_BYTES:,} bytes", stage="parse")
        chunks = []
        left = MAX_FILE_BYTES + 1  # never more, even if the file grows meanwhile
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        raw = b"".join(chunks)
    except OSError as e:
        raise LoadError.single(p, "", f"cannot read the file: {e.strerror or e}", stage="parse") from None
    finally:
        os.close(fd)
    return parse_json_text(raw, p)


#: Python's JSON errors in the words of the slip that makes them (a folder audit read "unterminated string starting
#: at", cut mid-sentence, and "expecting value" for a comma after the last item).
_JSON_SLIPS: Final = {
    "Unterminated string starting at": "a string that is never closed starts here (a missing \")",
    "Expecting value": "a value is missing here (a comma after the last item of a list or object?)",
    "Expecting property name enclosed in double quotes":
        "a key in double quotes was expected here (a comma after the last item of an object?)",
    "Expecting ',' delimiter": "a comma is missing between two items",
    "Expecting ':' delimiter": "a colon is missing after a key",
    "Extra data": "more text follows the end of the JSON object",
    "Invalid control character at": "a line break or control character inside a string (a missing \" before it?)",
}


def parse_json_text(raw: bytes | str, file: str | Path = "<text>") -> Any:
    """Parse JSON from bytes or text; raises LoadError naming ``file`` and the position.

    Besides JSON syntax, refuses what JSON allows but no hexfort file holds: a key
    twice in one object, NaN and Infinity, numbers beyond a float's range
    (``1e999``) or of thousands of digits, strings with lone UTF-16 surrogates
    (``"\\ud800"``), and nesting deeper than :data:`MAX_NESTING`.
    """
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise LoadError.single(file, "", f"input is over {MAX_FILE_BYTES:,} bytes", stage="parse")
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise LoadError.single(file, "", "the file is UTF-16 text; save it as UTF-8", stage="parse")
        if b"\x00" in raw[:4096]:
            raise LoadError.single(file, "", "this is a binary file, not a JSON text", stage="parse")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise LoadError.single(
                file, f"byte {e.start}", "the file is not UTF-8 text; save it as UTF-8 JSON", stage="parse") from None
    else:
        text = raw[1:] if raw.startswith("\ufeff") else raw
    if not text.strip():
        raise LoadError.single(file, "", "the file is empty; a hexfort file is a JSON object", stage="parse")
    try:
        doc = json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_sane_int,
                         object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        hint = " (the file may be cut short)" if e.pos >= len(text.rstrip()) else ""
        said = _JSON_SLIPS.get(e.msg, f"{e.msg[:1].lower()}{e.msg[1:]}".removesuffix(" at"))
        if e.msg == "Expecting value" and e.pos == len(text) - len(text.lstrip()):  # at its very first character
            # plain text, not a slip in JSON: no comma to look for (a new-user audit opened a text file)
            start = text.strip().splitlines()[0][:30]
            raise LoadError.single(file, "", f"this is not a JSON text: a hexfort file is a JSON object, starting "
                                   f"with {{, and this one starts with {start!r}; open a .map.json or .scenario.json "
                                   "file", stage="parse") from None
        raise LoadError.single(
            file, f"line {e.lineno}, column {e.colno}",  # the place is its `where` (it was said twice)
            f"not valid JSON: {said}{hint}; fix it there in a text editor, or restore the file from a backup "
            "(hexfort fix keeps one as NAME.bak)", stage="parse") from None
    except RecursionError:
        raise LoadError.single(file, "", f"nested more than {MAX_NESTING} levels deep", stage="parse") from None
    except _BadNumber as e:
        raise LoadError.single(file, _position(text, e.literal), e.message, stage="parse") from None
    except ValueError as e:  # from _reject_constant or _unique_keys
        raise LoadError.single(file, "", str(e), stage="parse") from None
    found = _first_unsound(doc)
    if found is not None:
        raise LoadError.single(file, found[0], found[1], stage="parse")
    return doc


#: Longest integer literal a hexfort file may hold (a 64-bit seed has 20 digits).
MAX_INT_DIGITS: Final = 40


class _BadNumber(ValueError):
    """A number literal no hexfort file holds; ``literal`` is its text, to find it by."""

    def __init__(self, literal: str, message: str) -> None:
        super().__init__(message)
        self.literal = literal
        self.message = message


def _finite_float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise _BadNumber(literal, f"the number {_clip(literal, 20)} is too large; hexfort numbers are far smaller")
    return value


def _sane_int(literal: str) -> int:
    if len(literal.lstrip("-")) > MAX_INT_DIGITS:
        raise _BadNumber(literal, f"a number with {len(literal.lstrip('-')):,} digits; hexfort numbers have "
                         f"at most {MAX_INT_DIGITS}")
    return int(literal)


def _position(text: str, literal: str) -> str:
    """``line L, column C`` of the first place ``literal`` stands as a number in ``text``."""
    m = re.search(r"(?<![\w.+-])" + re.escape(literal) + r"(?![\w.])", text)
    if m is None:
        return ""
    line = text.count("\n", 0, m.start()) + 1
    column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
    return f"line {line}, column {column}"


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict; refuses a key given twice (JSON parsers would keep the last)."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key {_clip(repr(k), 60)} appears twice in one object; keep one of them")
        out[k] = v
    return out


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a hexfort file; use a number")


def _has_surrogate(s: str) -> bool:
    if s.isascii():
        return False
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


_SURROGATE: Final = "holds a lone UTF-16 surrogate (an escape like \\ud800 without its pair); remove it"


def _first_unsound(doc: Any) -> tuple[str, str] | None:
    """``(JSON path, message)`` for the first value nested deeper than MAX_NESTING or holding a lone surrogate."""
    found = _unsound(doc, 0)
    if found is None:
        return None
    parts, message = found
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{_clip(p, 60)}" for p in reversed(parts))
    return path, message


def _unsound(value: Any, depth: int) -> tuple[list[str | int], str] | None:
    """What :func:`_first_unsound` finds, with the path as keys and indices innermost first.

    Recursion is as deep as the document, which is at most MAX_NESTING + 1 here.
    """
    if depth > MAX_NESTING:
        return [], f"nested more than {MAX_NESTING} levels deep"
    if isinstance(value, str):
        return ([], f"the text {_SURROGATE}") if _has_surrogate(value) else None
    items: Any
    if isinstance(value, dict):
        for k in value:
            if _has_surrogate(k):
                return [], f"a key here {_SURROGATE}"
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, v in items:
        if isinstance(v, (str, list, dict)):
            found = _unsound(v, depth + 1)
            if found is not None:
                found[0].append(key)
                return found
    return None


def _is_scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, float, bool))


def dump_canonical(doc: Any, one_per_line: Collection[str] = ("rows",)) -> str:
    """The canonical text of a document: stable, diff-friendly, ending in a newline.

    Objects keep the key order they are given (the encoders fix it); lists of
    scalars go on one line (so one changed hex is one changed line), except under
    the keys in ``one_per_line``, whose items get a line each; small objects inside
    lists go on one line.
    """
    out: list[str] = []
    _dump(doc, 0, "", out, frozenset(one_per_line), in_list=False)
    return "".join(out) + "\n"


def _dump(v: Any, level: int, key: str, out: list[str], multi: frozenset[str], in_list: bool) -> None:
    pad = "  " * (level + 1)
    end = "  " * level
    if isinstance(v, dict):
        if not v:
            out.append("{}")
            return
        if in_list and all(_is_scalar(x) for x in v.values()):
            out.append(json.dumps(v, ensure_ascii=False))
            return
        out.append("{\n")
        items = list(v.items())
        for i, (k, x) in enumerate(items):
            out.append(f"{pad}{json.dumps(k, ensure_ascii=False)}: ")
            _dump(x, level + 1, k, out, multi, in_list=False)
            out.append(",\n" if i < len(items) - 1 else "\n")
        out.append(end + "}")
    elif isinstance(v, list):
        if not v:
            out.append("[]")
            return
        if key not in multi and all(_is_scalar(x) for x in v):
            out.append(json.dumps(v, ensure_ascii=False))
            return
        if key not in multi and all(
            isinstance(x, list) and all(_is_scalar(y) for y in x) for x in v
        ) and len(v) == 1:
            out.append("[" + json.dumps(v[0], ensure_ascii=False) + "]")
            return
        out.append("[\n")
        for i, x in enumerate(v):
            out.append(pad)
            _dump(x, level + 1, "", out, multi, in_list=True)
            out.append(",\n" if i < len(v) - 1 else "\n")
        out.append(end + "]")
    else:
        out.append(json.dumps(v, ensure_ascii=False))


def _mode_for(p: Path) -> int:
    """Permission bits for a file written at ``p`` (mkstemp makes its files 0600)."""
    try:
        return stat.S_IMODE(p.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux).

    Elsewhere it is set and put back, which for a moment gives files that other
    threads create the wrong permissions.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return umask


def _fsync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk, so a rename in it survives a power cut (POSIX; a no-op elsewhere)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # Windows cannot open folders; its renames are flushed by the file system
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on folders
    finally:
        os.close(fd)


@contextlib.contextmanager
def before_replace(path: str | Path, action: Callable[[], None]) -> Iterator[None]:
    """Within the block, an atomic save of ``path`` on this thread calls ``action`` just before its rename.

    The new text is then whole and flushed in its temporary file, the old file
    still in place. The editor drops a document's crash-recovery copy there: a
    kill before leaves the copy, a kill after the rename leaves the new file, and a
    kill in between leaves the whole temporary file for the next start to offer.
    If ``action`` raises, the save is abandoned (the old file stays) and the
    exception propagates.
    """
    token = _before_replace.set((os.path.realpath(path), action))
    try:
        yield
    finally:
        _before_replace.reset(token)


_before_replace: ContextVar[tuple[str, Callable[[], None]] | None] = ContextVar("before_replace", default=None)


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    Crash-safe: the text goes to a temporary file in the same folder, which is
    flushed to disk (fsync) and then renamed over the target in one step, and the
    folder is flushed so the rename itself is on disk. A process killed at any
    moment leaves the old file or the new one (and perhaps a hidden
    ``.NAME.hexfort-PID-HOST-XXXXXXXX.tmp`` beside it, named by
    :mod:`engine.formats.tempfiles` so a later run can tell it is stale), never a
    mix. The file keeps the permissions of the file it replaces, or gets the usual
    ones for a new file (0666 less the umask). Saving to a symbolic link writes the
    file it points to and keeps the link. See :func:`before_replace` for a step
    between the flush and the rename. Raises OSError if the folder is not writable
    (the old file is then untouched), and UnicodeEncodeError for text UTF-8 cannot
    carry (before anything is written).
    """
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` as :func:`atomic_write_text` writes text: the old file or the new, never half."""
    p = Path(path)
    if p.is_symlink():
        p = Path(os.path.realpath(p))
    folder = p.parent
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(p.name), suffix=".tmp", dir=folder)
    try:
        os.chmod(tmp, _mode_for(p))
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        hook = _before_replace.get()
        if hook is not None and hook[0] == os.path.realpath(p):
            hook[1]()
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)
