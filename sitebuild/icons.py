"""The app icons, painted here with the standard library (no image files kept), and the
web app manifest that lists them."""

from __future__ import annotations

import json
import math
import struct
import zlib
from pathlib import Path

from . import catalogues

# The words (name, short_name, description, lang) come from each language's catalogue.
MANIFEST = {
    "id": "./",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "orientation": "any",
    "background_color": "#21603c",
    "theme_color": "#173d2a",
    "categories": ["games"],
}
# (file, size, purpose); "any" icons have rounded corners, maskable ones fill the square and
# keep the emblem inside the central safe circle (radius 40%).
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-192.png", 192, "maskable"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
    ("icons/apple-touch-icon.png", 180, "apple"),  # linked from index.html; not in the manifest
)
FELT, FELT_DARK = (0x2E, 0x7A, 0x4E), (0x17, 0x3D, 0x2A)
# The emblem in a unit square: a boundary stone between a red and a blue card.
# Rounded rectangles (x0, y0, x1, y1, corner radius), painted in order.
EMBLEM = (
    ((0.385, 0.245, 0.665, 0.805, 0.13), (0x10, 0x2C, 0x1D)),  # the stone's shadow
    ((0.36, 0.21, 0.64, 0.78, 0.13), (0xA9, 0xAE, 0xB4)),  # the stone
    ((0.405, 0.27, 0.455, 0.52, 0.025), (0xD4, 0xD8, 0xDC)),  # its shine
    ((0.095, 0.425, 0.335, 0.755, 0.04), (0x10, 0x2C, 0x1D)),  # card shadows
    ((0.665, 0.425, 0.905, 0.755, 0.04), (0x10, 0x2C, 0x1D)),
    ((0.10, 0.43, 0.33, 0.75, 0.035), (0xFB, 0xF6, 0xEA)),  # the cards
    ((0.67, 0.43, 0.90, 0.75, 0.035), (0xFB, 0xF6, 0xEA)),
    ((0.155, 0.53, 0.275, 0.65, 0.06), (0xCF, 0x3B, 0x2C)),  # red and blue pips
    ((0.725, 0.53, 0.845, 0.65, 0.06), (0x2F, 0x6F, 0xBF)),
)


def _half_width(dy: float, hw: float, hh: float, r: float, t: float) -> float | None:
    """Half the width, at height dy from the centre, of the rounded box grown by t."""
    hw, hh, r = hw + t, hh + t, max(r + t, 0.0)
    if dy > hh or hw <= 0:
        return None
    ry = dy - (hh - r)
    return hw if ry <= 0 else hw - r + math.sqrt(max(r * r - ry * ry, 0.0))


def _paint(rows: list[bytearray], size: int, box, colour) -> None:
    """Paint an opaque rounded box, anti-aliased: whole spans per row, edge pixels by distance."""
    x0, y0, x1, y1, r = (v * size for v in box)
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    r = min(r, hw, hh)
    fill = bytes((*colour, 255))
    for y in range(max(0, math.floor(y0) - 1), min(size, math.ceil(y1) + 1)):
        py = y + 0.5 - cy
        outer = _half_width(abs(py), hw, hh, r, 0.5)
        if outer is None:
            continue
        lo, hi = max(0, math.floor(cx - outer)), min(size, math.ceil(cx + outer))
        inner = _half_width(abs(py), hw, hh, r, -0.5)
        a = b = lo
        if inner:  # pixel centres inside the box shrunk by half a pixel: fully covered
            a, b = max(lo, math.ceil(cx - inner - 0.5)), min(hi, math.floor(cx + inner - 0.5) + 1)
            if b <= a:
                a = b = lo
        row = rows[y]
        row[4 * a : 4 * b] = fill * (b - a)
        for x in (*range(lo, a), *range(b, hi)):
            qx, qy = abs(x + 0.5 - cx) - (hw - r), abs(py) - (hh - r)
            d = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
            c = min(max(0.5 - d, 0.0), 1.0)
            if c <= 0:
                continue
            i, da = 4 * x, row[4 * x + 3] / 255
            oa = c + da * (1 - c)
            for k in range(3):
                row[i + k] = round((colour[k] * c + row[i + k] * da * (1 - c)) / oa)
            row[i + 3] = round(oa * 255)


def draw_icon(size: int, purpose: str) -> bytes:
    """The app icon as PNG bytes (RGBA), drawn with the standard library only."""
    rows = [bytearray(4 * size) for _ in range(size)]
    if purpose == "any":
        _paint(rows, size, (0, 0, 1, 1, 0.2), FELT_DARK)
        _paint(rows, size, (0.045, 0.045, 0.955, 0.955, 0.16), FELT)
        scale = 1.0
    else:  # maskable and Apple: the whole square, emblem inside the safe zone
        _paint(rows, size, (0, 0, 1, 1, 0), FELT)
        scale = 0.78 if purpose == "maskable" else 0.9
    for box, colour in EMBLEM:
        x0, y0, x1, y1, r = box
        scaled = (*(0.5 + (v - 0.5) * scale for v in (x0, y0, x1, y1)), r * scale)
        _paint(rows, size, scaled, colour)
    return _png(size, rows)


def _png(size: int, rows: list[bytearray]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    data = zlib.compress(b"".join(b"\x00" + bytes(row) for row in rows), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def write_icons(out: Path) -> None:
    """icons/*.png: every size and purpose in ICONS."""
    for name, size, purpose in ICONS:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(draw_icon(size, purpose))


def manifest_name(lang: str) -> str:
    """The manifest's file for a language (web/js/words.js links the page's own)."""
    return "manifest.webmanifest" if lang == "en" else f"manifest-{lang}.webmanifest"


def write_manifest(out: Path) -> list[str]:
    """One manifest per message catalogue: MANIFEST with the icons (not the Apple one) and
    the name, short name and description in that language; returns the files written."""
    icons = [
        {"src": f"./{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
        for name, size, purpose in ICONS
        if purpose != "apple"
    ]
    written = []
    for lang in catalogues.languages():
        words = catalogues.words(lang)
        manifest = {
            "name": words["manifest.name"],
            "short_name": words["manifest.short_name"],
            "description": words["manifest.description"],
            "lang": lang,
            **MANIFEST,
            "icons": icons,
        }
        name = manifest_name(lang)
        (out / name).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", "utf-8")
        written.append(name)
    return written
