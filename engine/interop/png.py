"""A small PNG writer (8-bit RGBA, zlib) and a check for the PNGs hexfort wrote, in pure Python.

Enough for the Tiled export's tileset image (:mod:`engine.interop.tile_sheet`):
the engine may not use Qt, and the image is small. Follows the PNG specification
(W3C, "Portable Network Graphics (PNG) Specification"): signature, ``IHDR``
(colour type 6, no interlace), a ``tEXt`` chunk ``Software`` naming the writer,
one ``IDAT`` of filter-0 scanlines, ``IEND``.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Final

__all__ = ["SIGNATURE", "SOFTWARE", "png_bytes", "png_size", "written_by_hexfort"]

SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
#: The ``Software`` text every PNG hexfort writes carries, so a later export knows the file is its own.
SOFTWARE: Final = b"hexfort"
_TEXT: Final = b"Software\x00" + SOFTWARE


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """The PNG of a ``width`` × ``height`` image given as RGBA bytes, row by row from the top.

    Deterministic (the same pixels give the same bytes). Raises ValueError when
    ``rgba`` does not hold exactly ``width * height * 4`` bytes or a size is not positive.
    """
    if width <= 0 or height <= 0 or len(rgba) != width * height * 4:
        raise ValueError(f"a {width} × {height} RGBA image has {max(0, width * height * 4)} bytes, got {len(rgba)}")
    stride = width * 4
    raw = b"".join(b"\x00" + rgba[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"tEXt", _TEXT)
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def png_size(data: bytes) -> tuple[int, int] | None:
    """The width and height a PNG's header states; None when ``data`` does not start as a PNG does."""
    if len(data) < 24 or not data.startswith(SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def written_by_hexfort(path: Path) -> bool:
    """Whether ``path`` is a PNG whose ``Software`` text is hexfort's (False for anything else, unreadable too)."""
    try:
        with path.open("rb") as f:
            head = f.read(256)
    except OSError:
        return False
    if png_size(head) is None:
        return False
    at = 8
    while at + 8 <= len(head):
        length, kind = struct.unpack(">I4s", head[at:at + 8])
        if kind == b"tEXt":
            return head[at + 8:at + 8 + length] == _TEXT
        if kind in (b"IDAT", b"IEND"):
            return False
        at += 12 + length
    return False
