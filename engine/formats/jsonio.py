"""Safe JSON reading (with limits), canonical writing and atomic saving."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Collection
from pathlib import Path
from typing import Any, Final

from engine.formats.errors import LoadError

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "atomic_write_text",
    "dump_canonical",
    "parse_json_text",
    "read_json_file",
]

#: Files larger than this are refused before they are read (a 10,000-hex map is ~40 kB).
MAX_FILE_BYTES: Final = 8 * 1024 * 1024
#: Deepest nesting of arrays/objects any hexfort document needs, with room to spare.
MAX_NESTING: Final = 24


def read_json_file(path: str | Path) -> Any:
    """Read and parse a JSON file; raises LoadError for anything but a sane JSON text.

    Refuses missing files, directories, files over :data:`MAX_FILE_BYTES`, non-UTF-8
    bytes, JSON syntax errors (with line and column) and nesting beyond
    :data:`MAX_NESTING`, each before any costly work.
    """
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise LoadError.single(p, "", "file not found; check the path", stage="parse") from None
    except OSError as e:
        raise LoadError.single(p, "", f"cannot read the file: {e.strerror}", stage="parse") from None
    if p.is_dir():
        raise LoadError.single(p, "", "this is a folder, not a file", stage="parse")
    if not p.is_file():  # a pipe, device or socket could block or never end
        raise LoadError.single(p, "", "this is not a regular file (a pipe or device?); give a file", stage="parse")
    if st.st_size > MAX_FILE_BYTES:
        raise LoadError.single(
            p,
            "",
            f"file is {st.st_size:,} bytes; hexfort files are at most {MAX_FILE_BYTES:,} bytes", stage="parse")
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise LoadError.single(p, "", f"cannot read the file: {e.strerror}", stage="parse") from None
    return parse_json_text(raw, p)


def parse_json_text(raw: bytes | str, file: str | Path = "<text>") -> Any:
    """Parse JSON from bytes or text; raises LoadError naming ``file`` and the position."""
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
        text = raw
    if not text.strip():
        raise LoadError.single(file, "", "the file is empty; a hexfort file is a JSON object", stage="parse")
    try:
        doc = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        hint = " (the file may be cut short)" if e.pos >= len(text.rstrip()) else ""
        raise LoadError.single(
            file, f"line {e.lineno}, column {e.colno}",
            f"not valid JSON: {e.msg[:1].lower()}{e.msg[1:]} (line {e.lineno}, column {e.colno}){hint}",
            stage="parse") from None
    except RecursionError:
        raise LoadError.single(file, "", f"nested more than {MAX_NESTING} levels deep", stage="parse") from None
    except ValueError as e:  # from _reject_constant or _unique_keys
        raise LoadError.single(file, "", str(e), stage="parse") from None
    depth_path = _too_deep(doc)
    if depth_path is not None:
        raise LoadError.single(file, depth_path, f"nested more than {MAX_NESTING} levels deep", stage="parse")
    return doc


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict; refuses a key given twice (JSON parsers would keep the last)."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key {k!r} appears twice in one object; keep one of them")
        out[k] = v
    return out


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in a hexfort file; use a number")


def _too_deep(doc: Any) -> str | None:
    """JSON path of the first value nested deeper than MAX_NESTING, else None."""
    stack: list[tuple[Any, int, str]] = [(doc, 0, "$")]
    while stack:
        value, depth, path = stack.pop()
        if depth > MAX_NESTING:
            return path
        if isinstance(value, dict):
            stack.extend((v, depth + 1, f"{path}.{k}") for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(value))
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
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    Writes a temporary file in the same folder, flushes it to disk, then renames it
    over the target. The file keeps the permissions of the file it replaces, or
    gets the usual ones for a new file (0666 less the umask). Raises OSError if
    the folder is not writable.
    """
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent or ".")
    try:
        os.chmod(tmp, _mode_for(p))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
