"""Reading the pixels of a PNG in the engine's tests, which run without Qt: 8-bit RGB or RGBA, not interlaced,
every scanline filter (as Tiled's renderer writes them). Written from the PNG specification, apart from
hexfort's writer, so a test that reads what hexfort wrote checks the writer too."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Picture:
    """A decoded PNG: size and RGBA bytes row by row."""

    width: int
    height: int
    rgba: bytes

    def pixel(self, x: int, y: int) -> tuple[int, int, int, int]:
        at = (y * self.width + x) * 4
        r, g, b, a = self.rgba[at:at + 4]
        return r, g, b, a

    def colour(self, x: int, y: int) -> str:
        """``#rrggbb`` of a pixel (its alpha aside)."""
        return "#{:02x}{:02x}{:02x}".format(*self.pixel(x, y)[:3])


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def read_png(path: Path) -> Picture:
    """The pixels of an 8-bit RGB/RGBA PNG; raises ValueError for any other kind."""
    data = path.read_bytes()
    if not data.startswith(b"\x89PNG\r\n\x1a\n"):
        raise ValueError(f"{path}: not a PNG")
    at, idat, header = 8, b"", b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour_type not in (2, 6) or interlace:
        raise ValueError(f"{path}: depth {depth}, colour type {colour_type}, interlace {interlace}")
    bpp = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    out = bytearray()
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 0xFF
        prev = line
        if bpp == 4:
            out += line
        else:
            for i in range(0, stride, 3):
                out += line[i:i + 3] + b"\xff"
    return Picture(width, height, bytes(out))
