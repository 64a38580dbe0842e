#!/usr/bin/env python3
"""Writes an iOS-style source tree of about N PNGs for benchmarks.

Usage: Benchmarks/make-tree.py N OUTPUT_DIR

Assets come in 1x, @2x and @3x (every 7th with a -568h@2x variant), in folders of 300, plus
the legacy launch images. Every file is a real, small, valid PNG of the size its name implies.
"""
import os
import struct
import sys
import zlib


def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" + bytes(range(256)) * (width // 256) + bytes(range(width % 256))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 6)) + chunk(b"IEND", b""))


def main():
    count, root = int(sys.argv[1]), sys.argv[2]
    os.makedirs(root, exist_ok=True)
    cache = {}

    def write(path, width, height):
        if (width, height) not in cache:
            cache[(width, height)] = png(width, height)
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(cache[(width, height)])

    written = 0
    for name, width, height in [("Default.png", 320, 480), ("Default@2x.png", 640, 960), ("Default-568h@2x.png", 640, 1136)]:
        write(name, width, height)
        written += 1
    asset = 0
    while written < count:
        folder = f"Images/Group{asset // 100:03d}"
        side = 16 + asset % 48
        write(f"{folder}/Asset{asset}.png", side, side)
        write(f"{folder}/Asset{asset}@2x.png", side * 2, side * 2)
        write(f"{folder}/Asset{asset}@3x.png", side * 3, side * 3)
        written += 3
        if asset % 7 == 0:
            write(f"{folder}/Asset{asset}-568h@2x.png", side * 2, side * 2 + 176)
            written += 1
        asset += 1
    print(f"{written} PNGs in {root}")


if __name__ == "__main__":
    main()
