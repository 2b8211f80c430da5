#!/usr/bin/env python3
"""Check that a screenshot shows a rendered page, not a blank one.

  check_png.py FILE.png MIN_WIDTH MIN_HEIGHT

Decodes the PNG (8-bit RGB or RGBA, as Chromium writes them) and prints
its size, the share of pixels that differ from the most common colour (the
background) and the number of distinct colours; exits 1 if the image is
smaller than asked, nearly uniform (under 5% of pixels off the background)
or has fewer than 16 colours.
"""
import struct
import sys
import zlib


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit("%s: not a PNG" % path)
    pos, idat, info = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            info = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, ctype = info[:4]
    if depth != 8 or ctype not in (2, 6):
        raise SystemExit("%s: unsupported PNG (depth %d, type %d)" %
                         (path, depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    path, min_w, min_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, bpp, rows = decode(path)
    counts = {}
    for y in range(0, height, 2):
        row = rows[y]
        for x in range(0, width * bpp, bpp * 2):
            px = row[x:x + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    background = max(counts.values())
    share = 100.0 * (total - background) / total
    print("png %dx%d: %.1f%% of pixels off the background, %d colours" %
          (width, height, share, len(counts)))
    ok = width >= min_w and height >= min_h and share >= 5 and \
        len(counts) >= 16
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
