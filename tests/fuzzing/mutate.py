"""Hostile inputs, made reproducibly from a seed document and a random generator.

:func:`make_case` turns ``(campaign seed, index)`` into one :class:`Case`: the same
pair always gives the same input, so any input the campaign reports can be made
again (``bench/fuzz.py --show INDEX``). The families:

- ``tree``: the seed parsed, 1-4 values replaced, deleted, added or duplicated
  (hostile values: wrong types, huge and negative numbers, integral floats, long
  and odd strings, path-like strings that name hostile files), then written out;
- ``text``: the seed's text edited (cut short, a character dropped or added,
  a key given twice, a number turned into NaN/Infinity/1e999/a 5,000-digit integer);
- ``bytes``: random garbage, flipped bits, invalid UTF-8 spliced in, other
  encodings (UTF-8 BOM, UTF-16 with and without BOM, UTF-32, Latin-1);
- ``extreme``: deep nesting, maps at and past the size limits, very long strings,
  tens of thousands of keys or list items, huge coordinates;
- ``schema``: a document generated from the JSON schema (``schema_docs.py``),
  given as is or after one ``tree`` mutation;
- ``fs``: not a file's bytes but a hostile path: a folder, a pipe, a symlink loop,
  a dangling link, a device, a socket, an unreadable file, a file that vanishes,
  changes kind or grows while it is read, a sparse 10 GB file, a name that is not UTF-8.
"""

from __future__ import annotations

import codecs
import copy
import json
import random
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tests.fuzzing.seeds import KINDS, Seed, seeds

__all__ = ["FS_KINDS", "HOSTILE_NAMES", "Case", "huge_map_document", "make_case"]

#: Hostile files every worker folder holds beside the case (scenarios name them).
HOSTILE_NAMES: Final = ("loop.map.json", "folder.map.json", "pipe.map.json", "dangling.map.json",
                        "zero.map.json", "self.map.json")
#: Filesystem cases (see :mod:`tests.fuzzing.harness` for what each one is).
FS_KINDS: Final = ("folder", "pipe", "symlink_loop", "self_link", "dangling", "device", "socket",
                   "unreadable", "vanishing", "swapped", "growing", "sparse_huge", "empty", "odd_name")


@dataclass(frozen=True)
class Case:
    """One input: the loader it is meant for, how it was made, and its bytes (or a hostile path).

    ``kind`` is None for inputs meant for no loader in particular (every loader gets them).
    ``fs`` names a filesystem case; its ``data`` is the content the file has when it has any.
    """

    index: int
    kind: str | None
    how: str
    data: bytes
    fs: str = ""

    @property
    def filename(self) -> str:
        """The case file's name: ``case.map.json``, ``case.scenario.json``... or ``case.json``.

        An ``odd_name`` case has a byte in its name that is not UTF-8 (Python holds it as a
        lone surrogate) and a right-to-left mark.
        """
        stem = "case-\udcff-\u202e" if self.fs == "odd_name" else "case"
        return f"{stem}.{self.kind}.json" if self.kind else f"{stem}.json"


_PATHS: Final = ("", ".", "..", "/", "/dev/zero", "/dev/stdin", "/proc/self/environ", "../../../../etc/passwd",
                 "a\u0000b", "x" * 300, "nul\u0000.map.json", "case.scenario.json", "custom.ruleset.json",
                 "builtin:koth", "builtin:other", "builtin:", "koth_quarry.map.json", "ünïcödé.map.json",
                 "\ud800.map.json", "C:\\maps\\a.map.json", "~/a.map.json", "file:///etc/passwd", *HOSTILE_NAMES)

_STRINGS: Final = ("", " ", "\t\n", "\u0000", "\ud800", "\udfff", "\ufeff", "\u202e", "💥" * 5, "é",
                   "0.", "9z", "--", "0. 0.", "0.  0.", " 0.", "0.0.", "3,-1", "9999,-9999", "-0,0", "1,2,3",
                   "٣,٤", "１,２", "q,r", "RED", "BLU", "koth", "payload", "team_play", "pointy", "flat",
                   "soldier", "soldier@0,0 move 1,0", "spawn scout 0,5", "spawn x 99999999999999999999,0",
                   "3+5", "HF001", "error", "map.schema.json", "scenario.schema.json", "ruleset.schema.json",
                   "replay.schema.json", "report.schema.json", "https://hexfort.dev/schemas/map.schema.json",
                   *_PATHS)

_NUMBERS: Final = (0, 1, -1, 2, 3, 7, 24, 25, 120, 121, 400, 401, 1199, 1200, 4000, 10_000, 10_001, 40_000,
                   40_001, 2**31, -(2**31), 2**53 + 1, 2**63, 2**64 - 1, 2**64, -(2**64), 10**30, -(10**30),
                   0.0, -0.0, 0.5, 1.0, 2.0, 3.0, 1e20, 1e308, -1e308, 5e-324, 1.7976931348623157e308)


def _hostile_value(rng: random.Random, doc: Any) -> Any:
    """A value likely to upset a loader: any JSON type, edge numbers, odd strings, big containers."""
    r = rng.random()
    if r < 0.3:
        return rng.choice(_NUMBERS)
    if r < 0.6:
        return rng.choice(_STRINGS)
    if r < 0.65:
        return rng.choice((None, True, False))
    if r < 0.7:
        return rng.choice(([], {}, [[]], [{}], {"": None}, [None], ["0,0", "0,0"], ["0,0", "1,0"]))
    if r < 0.75:
        return "".join(rng.choice(string.printable) for _ in range(rng.randrange(1, 40)))
    if r < 0.8:
        return rng.choice(("a", "0. ", "é", "\u0000")) * rng.choice((121, 1200, 4001, 70_000, 1_000_000))
    if r < 0.85:
        return [rng.choice(_NUMBERS + _STRINGS[:10])] * rng.choice((2, 33, 401, 40_001))
    if r < 0.9:
        return {f"k{i}": i for i in range(rng.choice((1, 33, 101, 201, 5000)))}
    nodes = list(_walk(doc))
    return copy.deepcopy(rng.choice(nodes)[1]) if nodes else None  # a piece of the same document, elsewhere


def _walk(doc: Any, path: tuple[Any, ...] = ()) -> Any:
    """Every ``(path, value)`` in a JSON document, the root first."""
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _walk(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _walk(v, (*path, i))


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _mutate_tree(rng: random.Random, doc: Any) -> tuple[Any, str]:
    """One structural change to ``doc`` (in place where possible); returns the document and what was done."""
    nodes = list(_walk(doc))
    path, value = rng.choice(nodes)
    op = rng.random()
    where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    if not path:
        if op < 0.5 and isinstance(doc, dict):
            doc[rng.choice(("format", "$schema", "extra", ""))] = _hostile_value(rng, doc)
            return doc, "root key"
        return _hostile_value(rng, doc), "root replaced"
    parent = _at(doc, path[:-1])
    key = path[-1]
    if op < 0.55:
        parent[key] = _hostile_value(rng, doc)
        return doc, f"replace {where}"
    if op < 0.7:
        del parent[key]
        return doc, f"delete {where}"
    if op < 0.8 and isinstance(value, list) and value:
        value.extend(value[: rng.randrange(1, len(value) + 1)])
        return doc, f"repeat items of {where}"
    if op < 0.85 and isinstance(value, list) and value:
        rng.shuffle(value)
        return doc, f"shuffle {where}"
    if op < 0.92 and isinstance(value, str) and len(value) > 1:
        i = rng.randrange(len(value))
        value = value[:i] + rng.choice(("", " ", "-", "#", "9", "z", ",", "\u0000", "é", value[i] * 3)) + value[i + 1:]
        parent[key] = value
        return doc, f"edit string {where}"
    if isinstance(value, dict):
        value[rng.choice(("extra", "RED", "BLU", "GRN", "name", "hex", "", "units", "rows"))] = _hostile_value(rng, doc)
        return doc, f"add key in {where}"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        parent[key] = rng.choice((value + 1, value - 1, -value, value * 1000, float(value), value + 0.5))
        return doc, f"nudge number {where}"
    parent[key] = _hostile_value(rng, doc)
    return doc, f"replace {where}"


def _dumps(rng: random.Random, doc: Any) -> str:
    """``doc`` as JSON text in a random layout (NaN and Infinity come out as literals)."""
    style = rng.randrange(3)
    if style == 0:
        return json.dumps(doc, ensure_ascii=False)
    if style == 1:
        return json.dumps(doc, indent=2, ensure_ascii=rng.random() < 0.5)
    return json.dumps(doc, separators=(",", ":"))


def _encode(rng: random.Random, text: str) -> bytes:
    """``text`` as UTF-8, except where it holds lone surrogates (then they are escaped)."""
    return text.encode("utf-8", "surrogatepass" if rng.random() < 0.3 else "backslashreplace")


def _tree(rng: random.Random, seed: Seed) -> tuple[bytes, str]:
    doc = json.loads(seed.text)
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        doc, what = _mutate_tree(rng, doc)
        done.append(what)
    return _encode(rng, _dumps(rng, doc)), "; ".join(done)


_NUMBER_LITERALS: Final = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999", "-0", "0.0", "1.0",
                           "9" * 5000, "-" + "9" * 4301, "01", "0x10", "+1", "1.", ".5", "1e", "2E+2", "9" * 300)


def _text(rng: random.Random, seed: Seed) -> tuple[bytes, str]:
    text = seed.text
    op = rng.randrange(7)
    if op == 0:
        cut = rng.randrange(len(text))
        return text[:cut].encode(), f"cut at {cut}"
    if op == 1:
        i = rng.randrange(len(text))
        return (text[:i] + text[i + 1:]).encode(), f"drop char {i}"
    if op == 2:
        i = rng.randrange(len(text))
        c = rng.choice('{}[],:"\\ \n0-eE.tfn\u00e9\u0000')
        return (text[:i] + c + text[i:]).encode("utf-8", "surrogatepass"), f"insert {c!r} at {i}"
    if op == 3:  # a key given twice, in the root or in a nested object
        starts = [i for i, c in enumerate(text) if c == "{"]
        i = rng.choice(starts) + 1
        close = text.find('"', text.find('"', i) + 1)
        if close < 0:
            return text.encode(), "unchanged"
        key = text[text.find('"', i):close + 1]
        return (text[:i] + f"{key}: {rng.choice(['1', 'null', key])}," + text[i:]).encode(), f"duplicate key {key}"
    if op == 4:  # a number literal JSON does not have, or one at an edge
        spots = [i for i, c in enumerate(text) if c.isdigit() and not text[i - 1].isalnum() and text[i - 1] not in '."-,']
        spots = [i for i in spots if text[i - 1] in ": [\n"] or spots
        if not spots:
            return text.encode(), "unchanged"
        i = rng.choice(spots)
        j = i
        while j < len(text) and (text[j].isdigit() or text[j] in ".eE+-"):
            j += 1
        lit = rng.choice(_NUMBER_LITERALS)
        return (text[:i] + lit + text[j:]).encode(), f"number {lit[:12]} at {i}"
    if op == 5:  # trailing comma, comment, single quotes: what hand-edited JSON has
        edits = (("}", ",}"), ("]", ",]"), ("{", "{ // note\n"), ('"', "'"), ("\n", "\r\n"), ("\n", "\n\u00a0"))
        a, b = rng.choice(edits)
        return text.replace(a, b, rng.choice((1, 3))).encode(), f"{a!r} -> {b!r}"
    return (text + rng.choice(("\n{}", "x", "\u0000", "\n\n", "]", "// end"))).encode(), "trailing garbage"


_BAD_UTF8: Final = (b"\xff", b"\xfe", b"\xc0\x80", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82",
                    b"\xf0\x9f\x92", b"\xc3", b"\xef\xbb\xbf")


def _bytes(rng: random.Random, seed: Seed) -> tuple[bytes, str]:
    raw = seed.text.encode()
    op = rng.randrange(6)
    if op == 0:
        n = rng.choice((0, 1, 2, 3, 16, 300, 5000, 70_000))
        return rng.randbytes(n), f"{n} random bytes"
    if op == 1:
        b = bytearray(raw)
        for _ in range(rng.randrange(1, 9)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b), "flipped bits"
    if op == 2:
        i = rng.randrange(len(raw))
        bad = rng.choice(_BAD_UTF8)
        return raw[:i] + bad + raw[i:], f"invalid UTF-8 {bad!r} at {i}"
    if op == 3:
        enc = rng.choice(("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "latin-1", "cp1252",
                          "utf-8-sig", "utf-8-sig2", "utf-7"))
        text = seed.text.replace("Quarry", "Quärry").replace("Crossroads", "Crössroads")
        if enc == "utf-8-sig2":
            return codecs.BOM_UTF8 * 2 + text.encode(), "two UTF-8 BOMs"
        return text.encode(enc, "replace"), f"encoded {enc}"
    if op == 4:
        i = rng.randrange(len(raw))
        return raw[:i] + b"\x00" * rng.choice((1, 4, 5000)) + raw[i:], f"NUL bytes at {i}"
    return raw + rng.randbytes(rng.randrange(1, 64)), "random tail"


def _deep(depth: int, open_: str, close: str, inner: str = "0") -> str:
    return open_ * depth + inner + close * depth


def huge_map_document(rng: random.Random, width: int, height: int, orientation: str = "pointy") -> dict[str, object]:
    """The campaign's big map (format 2): one row of random tokens, repeated ``height`` times.

    Each token is open ground at height 0-2, a wall, a low obstacle, stairs or a
    hole, equally likely, so the map is cut into strips by columns of walls and
    holes, with stairs that mostly climb nowhere (thousands of HF110 warnings); both
    spawns and the control point sit side by side in a corner (hexes 0,0 to 2,0).
    ``bench/scaling.py`` times its validation as the ``fuzz`` family.
    """
    tokens = ("0.", "1.", "2.", "1#", "0o", "0a", "2f", "--")
    row = " ".join(rng.choice(tokens) for _ in range(width))
    return {"$schema": "map.schema.json", "format": 2, "name": "huge", "modes": ["koth"],
            "orientation": orientation, "rows": [row] * height,
            "spawns": {"RED": ["0,0"], "BLU": ["2,0"]}, "control_points": [["1,0"]]}


def _extreme(rng: random.Random, seed: Seed) -> tuple[bytes, str]:
    base = json.loads(seed.text)
    op = rng.randrange(9)
    if op == 0:
        depth = rng.choice((24, 25, 26, 200, 5000, 100_000, 1_000_000))
        o, c = rng.choice((("[", "]"), ('{"a":', "}"), ('[{"a":', "}]")))
        return _deep(depth, o, c).encode(), f"nesting {depth} of {o}"
    if op == 1 and isinstance(base, dict):
        depth = rng.choice((20, 30, 1000))
        key = rng.choice(list(base))
        base[key] = json.loads(_deep(depth, "[", "]")) if depth < 500 else None
        text = json.dumps(base)
        if depth >= 500:
            text = text.replace("null", _deep(depth, "[", "]"), 1)
        return text.encode(), f"nesting {depth} under {key}"
    if op == 2:  # a map near or past the size limits
        w, h = rng.choice(((200, 200), (201, 200), (400, 100), (399, 101), (1, 400), (1, 401), (400, 400),
                           (100, 100)))
        orientation = rng.choice(("pointy", "flat"))
        doc = huge_map_document(rng, w, h, orientation)
        if seed.kind == "scenario":
            doc.pop("$schema")
            doc = {"format": 1, "name": "huge", "mode": "koth", "map": doc}
        return json.dumps(doc).encode(), f"{w}x{h} map"
    if op == 3:  # a format-1 map with very many cells
        n = rng.choice((1000, 40_001, 100_000))
        cells = [{"q": i % 300, "r": i // 300} for i in range(n)]
        return json.dumps({"format": 1, "name": "many", "modes": ["koth"], "orientation": "pointy",
                           "cells": cells}).encode(), f"{n} format-1 cells"
    if op == 4 and isinstance(base, dict):  # huge coordinates
        big = rng.choice((10**4, 10**9, 2**63, 10**300, 10**4000))
        if "rows" in base:
            base["origin"] = [big, -big]
            how = "origin"
        elif isinstance(base.get("map"), dict):
            base["map"]["origin"] = [-big, big]
            how = "embedded origin"
        else:
            base["cells"] = [{"q": big, "r": -big}]
            base["format"] = 1
            how = "cells"
        return json.dumps(base).encode("utf-8"), f"coordinates {str(big)[:10]}... ({how})"
    if op == 5 and isinstance(base, dict):  # very long strings
        n = rng.choice((121, 4001, 100_000, 7_000_000, 9_000_000))
        key = rng.choice(list(base))
        base[key] = rng.choice("aé\u0000 ") * n
        return json.dumps(base, ensure_ascii=False).encode(), f"{n}-char string at {key}"
    if op == 6:  # very many keys or items
        n = rng.choice((1000, 50_000, 400_000))
        doc = {f"k{i}": i for i in range(n)} if rng.random() < 0.5 else {"rows": ["0."] * n}
        return json.dumps(doc).encode(), f"{n} keys or items"
    if op == 7:  # the same key very many times
        n = rng.choice((2, 1000, 100_000))
        return ("{" + ",".join(['"name": "x"'] * n) + "}").encode(), f"key repeated {n} times"
    return json.dumps(base).replace("1", rng.choice(("NaN", "Infinity", "-Infinity", "1e400")), 1).encode(), \
        "non-finite number"


def _fs(rng: random.Random, seed: Seed) -> tuple[bytes, str]:
    return seed.text.encode(), rng.choice(FS_KINDS)


_FAMILIES: Final[Sequence[tuple[str, float, Callable[[random.Random, Seed], tuple[bytes, str]]]]] = (
    ("tree", 0.42, _tree),
    ("text", 0.17, _text),
    ("bytes", 0.12, _bytes),
    ("extreme", 0.04, _extreme),
    ("fs", 0.02, _fs),
)
#: Share of inputs taken from schema-generated documents (when a pool is given).
SCHEMA_SHARE: Final = 0.23


def make_case(campaign_seed: int, index: int, schema_pool: dict[str, list[str]] | None = None) -> Case:
    """The input number ``index`` of the campaign ``campaign_seed`` (same arguments, same input)."""
    rng = random.Random(f"{campaign_seed}:{index}")
    all_seeds = seeds()
    pick = rng.random()
    if schema_pool and pick < SCHEMA_SHARE:
        kind = rng.choice([k for k in KINDS if schema_pool.get(k)])
        j = rng.randrange(len(schema_pool[kind]))
        text = schema_pool[kind][j]
        if rng.random() < 0.5:
            return Case(index, kind, f"schema {kind} #{j}", text.encode("utf-8", "surrogatepass"))
        data, what = _tree(rng, Seed(kind, f"schema#{j}", text))
        return Case(index, kind, f"schema {kind} #{j}, tree: {what}", data)
    seed = rng.choice(all_seeds)
    family, _, fn = rng.choices(_FAMILIES, weights=[w for _, w, _ in _FAMILIES])[0]
    data, what = fn(rng, seed)
    if family == "fs":
        return Case(index, seed.kind, f"fs {what} ({seed.name})", data, fs=what)
    kind: str | None = seed.kind if family != "bytes" or rng.random() < 0.7 else None
    return Case(index, kind, f"{family} {seed.name}: {what}", data)
