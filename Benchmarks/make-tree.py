#!/usr/bin/env python3
"""Writes an iOS-style source tree of about N PNGs for benchmarks.

Usage: Benchmarks/make-tree.py N OUTPUT_DIR [--copies PERCENT] [--shared-pixels]

Assets come in 1x, @2x and @3x (every 7th with a -568h@2x variant), in folders of 300, plus
the legacy launch images. Every file is a real, small, valid PNG of the size its name implies,
with pixels of its own (a pattern seeded by the asset and scale), so no two assets are
duplicates unless asked: --copies PERCENT copies that share of the files, evenly spread, under
new names (Images/Copies/CopyN...), for duplicate-image to find. It prints how many.
--shared-pixels gives every file of one pixel size the same pixels instead: the same names and
sizes, and every file a copy of others (the worst case for duplicate-image).
"""
import os
import random
import struct
import sys
import zlib


def png(width, height, seed):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    # A gradient whose slopes depend on the seed, sprinkled with a seeded amount of noise:
    # every asset its own pixels, and file lengths that vary as real images' do.
    step, drift = 1 + seed % 13, seed % 7
    rng = random.Random(seed)
    specks = rng.randint(0, max(1, width // 12))
    rows = []
    for y in range(height):
        row = bytearray(((x * step) + y * drift + seed) & 0xFF for x in range(width))
        for x in rng.sample(range(width), min(specks, width)):
            row[x] = rng.randrange(256)
        rows.append(b"\0" + bytes(row))
    rows = b"".join(rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def main():
    count, root = int(sys.argv[1]), sys.argv[2]
    copies = float(sys.argv[sys.argv.index("--copies") + 1]) if "--copies" in sys.argv else 0
    shared = "--shared-pixels" in sys.argv
    os.makedirs(root, exist_ok=True)
    paths = []

    def write(path, width, height):
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(png(width, height, width * 10007 + height if shared else len(paths) * 7919))
        paths.append(path)

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
    copied = 0
    if copies > 0:
        every = max(1, round(100 / copies))
        for index, path in enumerate(paths):
            if index % every == every - 1:
                name = os.path.basename(path).replace("Asset", "Copy").replace("Default", "CopyDefault")
                target = os.path.join(root, "Images", "Copies", name)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(os.path.join(root, path), "rb") as source, open(target, "wb") as out:
                    out.write(source.read())
                copied += 1
    print(f"{written} PNGs in {root}" + (f", {copied} of them copied under new names" if copied else ""))


if __name__ == "__main__":
    main()
